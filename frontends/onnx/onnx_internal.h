/* Internals of the ONNX importer shared by importer.c (model, graph,
 * values, dispatch) and the per-family mapping files import_<family>.c:
 * the node context handed to a mapping function, attribute and constant
 * accessors, and helpers that build graph ops whose result type is inferred
 * by the graph dialect's own shape rules (so every op is verified, and a
 * shape error is reported at the ONNX node that caused it). */
#ifndef STRATA_FRONTENDS_ONNX_ONNX_INTERNAL_H
#define STRATA_FRONTENDS_ONNX_ONNX_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mlir-c/IR.h>

#include "core/builder.h"
#include "dialects/graph/graph.h"
#include "frontends/onnx/onnx_types.h"
#include "runtime/narrow_types.h"
#include "onnx.pb-c.h"
#include "strata/diagnostics.h"

/* Element counts above this become dense_resource blobs, not inline dense. */
enum { ONNX_INLINE_MAX_ELEMENTS = 64, ONNX_MAX_IO = 64 };

/* A tensor whose contents are known at import time (initializer, Constant,
 * folded Shape): host copy in the ONNX element type. */
typedef struct {
  int32_t onnx_type; /* ONNX__TENSOR_PROTO__DATA_TYPE__* */
  strata_graph_shape_t shape;
  int64_t numel;
  void *data; /* numel elements of the C type of onnx_type (bool: uint8) */
} onnx_const_t;

typedef struct onnx_importer onnx_importer_t;

/* Sequences and optionals are resolved at import time (seq_value.c): a
 * sequence is the list of its elements, an optional none or one value;
 * an element is a tensor (an SSA value, or a constant known at import time
 * and materialized on use) or itself a sequence/optional. */
typedef struct onnx_seq onnx_seq_t;
typedef struct {
  MlirValue value;   /* null for a constant not materialized yet, or a seq */
  bool has_const;    /* cst holds the contents (owned) */
  onnx_const_t cst;
  onnx_seq_t *seq;   /* a nested sequence/optional (owned), else NULL */
  bool bound;        /* cst is the known value of a run-time value (never folded) */
} onnx_item_t;
struct onnx_seq {
  bool optional;      /* an optional: count 0 (none) or 1 */
  int32_t elem_type;  /* ONNX element type of the tensors (0: unknown) */
  int count, cap;
  onnx_item_t *items; /* owned */
};

/* One node being imported. Inputs are resolved before the mapping runs:
 * an empty input name (an omitted optional input) has present[i] false. */
typedef struct {
  onnx_importer_t *imp;
  const Onnx__NodeProto *node;
  const Onnx__GraphProto *graph; /* the graph holding the node, */
  size_t index;                  /* as its node[index] */
  MlirContext ctx;
  MlirLocation loc;
  strata_builder_t b;
  int64_t opset; /* of the node's domain */
  int num_inputs;
  bool present[ONNX_MAX_IO];
  const onnx_const_t *in_const[ONNX_MAX_IO]; /* contents, if known */
  /* Contents of true constants only (not of graph inputs bound to values
   * for specialization): what import-time folding may use. */
  const onnx_const_t *fold[ONNX_MAX_IO];
  void *entry[ONNX_MAX_IO];                  /* importer's value entries */
  unsigned long errors_before; /* the importer's error count when the node began */
} onnx_node_t;

/* A mapping: builds the node's ops and defines its outputs with
 * onnx_set_output. Returns false after emitting a located error. */
typedef bool (*onnx_map_fn_t)(onnx_node_t *n);

typedef struct {
  const char *op_type;
  onnx_map_fn_t fn;
} onnx_mapping_t;

/* Per-family tables (NULL-terminated), defined in import_<family>.c. */
extern const onnx_mapping_t strata_onnx_elementwise_ops[];
extern const onnx_mapping_t strata_onnx_nn_ops[];
extern const onnx_mapping_t strata_onnx_resize_ops[];
extern const onnx_mapping_t strata_onnx_shape_ops[];
extern const onnx_mapping_t strata_onnx_sequence_ops[];
extern const onnx_mapping_t strata_onnx_loss_ops[];
/* Domain ai.onnx.preview.training (import_gradient.c). */
extern const onnx_mapping_t strata_onnx_training_ops[];
extern const onnx_mapping_t strata_onnx_generate_ops[];
extern const onnx_mapping_t strata_onnx_quantize_ops[];
extern const onnx_mapping_t strata_onnx_bits_ops[];
extern const onnx_mapping_t strata_onnx_rnn_ops[];
extern const onnx_mapping_t strata_onnx_einsum_ops[];
extern const onnx_mapping_t strata_onnx_signal_ops[];
extern const onnx_mapping_t strata_onnx_grid_sample_ops[];
extern const onnx_mapping_t strata_onnx_crop_ops[];
extern const onnx_mapping_t strata_onnx_deform_conv_ops[];
extern const onnx_mapping_t strata_onnx_image_ops[];
extern const onnx_mapping_t strata_onnx_col2im_ops[];
extern const onnx_mapping_t strata_onnx_string_ops[];
extern const onnx_mapping_t strata_onnx_table_ops[];
extern const onnx_mapping_t strata_onnx_detection_ops[];
extern const onnx_mapping_t strata_onnx_norm_ops[];
extern const onnx_mapping_t strata_onnx_attention_ops[];
/* Domain ai.onnx.preview (import_attention.c). */
extern const onnx_mapping_t strata_onnx_preview_ops[];
/* Domain ai.onnx.ml (import_ml.c, import_tree.c). */
extern const onnx_mapping_t strata_onnx_ml_ops[];
extern const onnx_mapping_t strata_onnx_tree_ops[];

/* The operators that may take string tensors (NULL-terminated; defined in
 * import_string.c, read by the importer like the mapping tables). */
extern const char *const strata_onnx_string_input_ops[];

/* --- Errors ------------------------------------------------------------ */
/* Emits an error at the node's location. Returns false. */
bool onnx_error(onnx_node_t *n, const char *fmt, ...) STRATA_PRINTF(2, 3);
/* Whether an error was reported since the node began (by onnx_error, an
 * op's verifier, a body's node): the builders then build nothing more and
 * return null, and the node fails whatever its mapping returns. */
bool onnx_failed(const onnx_node_t *n);
/* Reports, unless the node has already failed, that `what` cannot be built
 * because a value it needs is missing (an absent input, or a value whose
 * computation failed). Returns false. */
bool onnx_missing_value(onnx_node_t *n, const char *what);

/* --- Attributes -------------------------------------------------------- */
const Onnx__AttributeProto *onnx_attr(const onnx_node_t *n, const char *name);
int64_t onnx_attr_int(const onnx_node_t *n, const char *name, int64_t def);
float onnx_attr_float(const onnx_node_t *n, const char *name, float def);
/* Copies the string attribute into buf (NUL-terminated); def if absent. */
const char *onnx_attr_string(const onnx_node_t *n, const char *name, const char *def,
                             char *buf, size_t size);
/* Integer list: returns the count (-1 if absent); fails (error, -2) if more
 * than max values. */
int onnx_attr_ints(onnx_node_t *n, const char *name, int64_t *out, int max);

/* --- Inputs and outputs -------------------------------------------------- */
/* Input i as an SSA value (a constant input becomes a graph.constant on
 * first use). Null if absent: check n->present[i] or use onnx_need_input. */
MlirValue onnx_input(onnx_node_t *n, int i);
/* The tensor named `name` in the value table (a graph input, initializer or
 * output of an earlier node), materialized; null after an error calling it
 * `what` (e.g. "tensor") when it is undefined or not a tensor. */
MlirValue onnx_named_value(onnx_node_t *n, const char *name, const char *what);
/* Input 0, required (null after "missing input"). */
MlirValue onnx_in0(onnx_node_t *n);
/* onnx_in0, and its shape in *s when it is there. */
MlirValue onnx_in0_shape(onnx_node_t *n, strata_graph_shape_t *s);
/* onnx_in0_shape, and the node's `axis` attribute (default `def`) as an
 * axis of that rank into *axis; a null value (error reported) when the
 * input is missing or the axis out of range. */
MlirValue onnx_in0_axis(onnx_node_t *n, strata_graph_shape_t *s, int64_t def, int64_t *axis);
/* Sets output 0 to v; false (the mapping failed) when v is null. */
bool onnx_out(onnx_node_t *n, MlirValue v);
/* Requires input i to be present; emits "missing input" otherwise. */
bool onnx_need_input(onnx_node_t *n, int i);
/* Input i's contents as int64 values (any integer type); requires them to be
 * known at import time ("input 'shape' must be a constant"). Returns count
 * or -1 after an error. */
int64_t onnx_const_ints(onnx_node_t *n, int i, const char *what, int64_t *out, int64_t max);
/* Float values of constant input i (Resize/Upsample scales): the count, 0
 * for an absent or empty input, or -1 after an error. */
int64_t onnx_const_floats(onnx_node_t *n, int i, const char *what, double *out, int64_t max);
/* Input i's single value as a double (a scalar or 1-element constant). */
bool onnx_const_scalar(onnx_node_t *n, int i, const char *what, double *out);
/* Defines output i of the node. */
void onnx_set_output(onnx_node_t *n, int i, MlirValue v);
/* Defines output i as a constant known at import time (takes ownership of
 * c->data) and materializes it lazily as a graph.constant. */
void onnx_set_const_output(onnx_node_t *n, int i, onnx_const_t *c);
/* Defines output i as v whose contents c are also known at import time
 * (takes ownership of c->data): operators reading it as a parameter (a
 * shape, Range's limit) use c, while v still computes it at run time, as
 * for a graph input bound to a value. */
void onnx_set_known_output(onnx_node_t *n, int i, MlirValue v, onnx_const_t *c);
/* Number of outputs the model actually uses (trailing empty names dropped). */
int onnx_num_outputs(const onnx_node_t *n);

/* --- Sequences and optionals -------------------------------------------- */
/* Whether input i is a sequence or an optional (not a tensor). */
bool onnx_input_is_seq(const onnx_node_t *n, int i);
/* Input i as a sequence (optional: an optional); NULL after an error
 * naming the input when it is absent or of the other kind. Borrowed. */
onnx_seq_t *onnx_input_seq(onnx_node_t *n, int i, bool optional);
/* Input i (tensor, constant or sequence) as an item the caller owns. */
bool onnx_input_item(onnx_node_t *n, int i, onnx_item_t *out);
/* Defines output i as the item (takes ownership). */
void onnx_set_item_output(onnx_node_t *n, int i, onnx_item_t *it);
/* The SSA value of a tensor item (a constant is materialized, once). */
MlirValue onnx_item_value(onnx_node_t *n, onnx_item_t *it);

/* Imports subgraph g (a node's body attribute) once, inline: its inputs
 * are bound to copies of in[0..nin), its initializers and nodes imported
 * into the node's function, its outputs returned as items the caller owns
 * in out[0..nout). Its names stay in the value table (the next import of
 * the same body redefines them). Returns false after an error. */
bool onnx_import_subgraph(onnx_node_t *n, const Onnx__GraphProto *g, const onnx_item_t *in,
                          int nin, onnx_item_t *out, int nout);

onnx_seq_t *onnx_seq_new(bool optional, int32_t elem_type);
void onnx_seq_free(onnx_seq_t *s);
/* Deep copies (constants' data and nested sequences included). */
onnx_seq_t *onnx_seq_copy(const onnx_seq_t *s);
void onnx_item_copy(const onnx_item_t *from, onnx_item_t *to);
void onnx_item_free(onnx_item_t *it);
/* Inserts it before position pos (0..count; takes ownership). */
void onnx_seq_insert(onnx_seq_t *s, int pos, onnx_item_t *it);
/* Removes (and frees) the element at pos (0..count-1). */
void onnx_seq_erase(onnx_seq_t *s, int pos);
/* The number of tensors in s, nested sequences flattened. */
int onnx_seq_num_tensors(const onnx_seq_t *s);
/* A sequence (optional: an optional) read from a serialized
 * onnx.SequenceProto (OptionalProto) file, elements as constants. Returns
 * NULL with a message in err. */
onnx_seq_t *onnx_seq_read_pb(const char *path, bool optional, char *err, size_t errsz);

/* --- Types ------------------------------------------------------------- */
/* The shape, element type and rank of a ranked tensor value. Null-safe: a
 * null value (an absent input, a failed build) or one that is not a ranked
 * tensor has no shape (false, *s rank 0), a null element type and rank 0;
 * the builders refuse such values with a located error (onnx_build). */
bool onnx_shape(MlirValue v, strata_graph_shape_t *s);
/* v's type, a null type for a null value. */
MlirType onnx_type_of(MlirValue v);
MlirType onnx_elem(MlirValue v);
intptr_t onnx_rank(MlirValue v);
/* The MLIR element type for an ONNX data type, or a null type. */
MlirType onnx_elem_type(MlirContext ctx, int32_t onnx_type);
const char *onnx_type_name(int32_t onnx_type);
/* The width of the narrow types (onnx_types.h): 8 for the 8-bit floats, 4
 * for int4/uint4/float4e2m1, 2 for int2/uint2; 0 for the others. Their
 * constants hold one byte per element (unpacked; narrow_types.h). */
unsigned onnx_narrow_bits(int32_t onnx_type);
/* Whether onnx_type is an 8-bit or 4-bit float, and which. */
bool onnx_narrow_float(int32_t onnx_type, strata_narrow_float_t *format);
/* Normalizes axis into [0, rank); error if out of range. */
bool onnx_axis(onnx_node_t *n, int64_t axis, int64_t rank, int64_t *out);

/* --- Building ------------------------------------------------------------ */
/* Builds `name`(operands){attrs} with the result type inferred by the graph
 * dialect (result_type, when not null, fixes it: reshape, cast, expand).
 * On a shape error runs the verifier on the op, which reports the reason at
 * the node's location, and returns a null value; a null operand is
 * reported (onnx_missing_value) and gives null too. Every builder below
 * returns null, building nothing, once the node has failed (onnx_failed);
 * the helpers taking one value x (cast, reshape, splat) give null for a
 * null x (an absent optional input stays absent), and a node whose mapping
 * fails without a message gets one from the dispatcher. */
MlirValue onnx_build(onnx_node_t *n, const char *name, intptr_t num_operands,
                     const MlirValue *operands, MlirType result_type, intptr_t num_attrs,
                     const MlirNamedAttribute *attrs);
MlirValue onnx_unary(onnx_node_t *n, const char *name, MlirValue x);
MlirValue onnx_binary(onnx_node_t *n, const char *name, MlirValue a, MlirValue b);
/* graph.gather of `data` at `indices` along `axis`. */
MlirValue onnx_gather(onnx_node_t *n, MlirValue data, MlirValue indices, int64_t axis);
/* A private func.func (named `base`, made unique) before the node's
 * function, taking num_args arguments of arg_types: the node's builder
 * (n->b, saved in *saved) now appends to its body, whose arguments are
 * mlirBlockGetArgument(entry, i). onnx_end_function returns `results`
 * from it, sets its type and restores the builder. For a body used many
 * times (a recurrence's step), called with func.call. */
MlirOperation onnx_begin_function(onnx_node_t *n, const char *base, intptr_t num_args,
                                  const MlirType *arg_types, strata_builder_t *saved);
void onnx_end_function(onnx_node_t *n, MlirOperation func, intptr_t num_results,
                       const MlirValue *results, const strata_builder_t *saved);
/* A constant of x's element type and rank with every dim 1, holding value. */
MlirValue onnx_splat_like(onnx_node_t *n, MlirValue x, double value);
/* An i64 graph.constant 0, 1, ..., count-1 laid along `axis` of a tensor
 * of rank `rank` whose other dims are 1 (to broadcast against others). */
MlirValue onnx_iota(onnx_node_t *n, intptr_t rank, intptr_t axis, int64_t count);
/* graph.cast of x to element type elem (x itself if it has it already). */
MlirValue onnx_cast_to(onnx_node_t *n, MlirValue x, MlirType elem);
/* graph.cast of x to elem for a node with Cast's attributes: `saturate`
 * (0 gives an 8-bit float result saturate = false) and `round_mode` (an
 * f8E8M0FNU result's rounding, checked: "up", "down", "nearest"). Null
 * after an error. */
MlirValue onnx_cast_node(onnx_node_t *n, MlirValue x, MlirType elem);
/* graph.reshape of x to dims (STRATA_GRAPH_DYN allowed). */
MlirValue onnx_reshape(onnx_node_t *n, MlirValue x, intptr_t rank, const int64_t *dims);
/* x reshaped with a dim of 1 inserted before position pos. */
MlirValue onnx_insert_unit_dim(onnx_node_t *n, MlirValue x, intptr_t pos);
/* graph.<opname> (reduce_sum, reduce_mean, ...) of x over axes. */
MlirValue onnx_reduce(onnx_node_t *n, const char *opname, MlirValue x, intptr_t naxes,
                      const int64_t *axes, bool keepdims);
/* log_softmax of x along axis, computed stably (import_nn.c). */
MlirValue onnx_log_softmax(onnx_node_t *n, MlirValue x, int64_t axis);
/* softmax of a float16 x along axis as the ONNX reference rounds it: each
 * step in float16, the sum in f32 (import_nn.c). */
MlirValue onnx_softmax_f16(onnx_node_t *n, MlirValue x, int64_t axis);
/* ONNX MatMul of a and b (numpy matmul: 1-D operands promoted, batch dims
 * broadcast); null after an error. */
MlirValue onnx_matmul(onnx_node_t *n, MlirValue a, MlirValue b);
/* ONNX Conv of x and w (bias optional: null) with the node's Conv
 * attributes (pads, auto_pad, strides, dilations, group); null after an
 * error. */
MlirValue onnx_conv(onnx_node_t *n, MlirValue x, MlirValue w, MlirValue bias);
/* ONNX AveragePool of x with the node's window attributes (kernel_shape,
 * pads, auto_pad, strides, ceil_mode, dilations) and count_include_pad;
 * *window_size gets the kernel's element count (undilated windows). Null
 * after an error (import_nn.c). */
MlirValue onnx_avg_pool(onnx_node_t *n, MlirValue x, bool count_include_pad,
                        int64_t *window_size);
/* The sum over each of the node's pooling windows of x (LpPool). */
MlirValue onnx_pool_sum(onnx_node_t *n, MlirValue x);
/* Dilated windows (import_pool.c): x is [N, C, spatial...] of gd spatial
 * dims (static, C too), the window's kernel, strides, dilations and pads
 * ([begins..., ends...]) as the graph ops take them. Returns the window
 * sums (a depthwise conv of ones) and, when count is not NULL, the
 * constant [1, 1, out...] of the elements each window averages (padding
 * counted with include_pad), as the ONNX reference lays out ceil_mode's
 * windows. Null after an error. */
MlirValue onnx_pool_window_sum(onnx_node_t *n, MlirValue x, int gd, const int64_t *kernel,
                               const int64_t *strides, const int64_t *dil, const int64_t *pads,
                               bool ceil_mode, bool include_pad, MlirValue *count);
/* x padded in Pad's mode 'wrap' by pads ([begins..., ends...], each >= 0,
 * x's rank of each); null after an error (import_wrap.c). */
MlirValue onnx_pad_wrap(onnx_node_t *n, MlirValue x, const int64_t *pads);
/* A graph.constant from host data (inline dense or a dense_resource blob). */
MlirValue onnx_constant(onnx_importer_t *imp, strata_builder_t *b, const onnx_const_t *c,
                        const char *name);

/* Attribute constructors. */
MlirNamedAttribute onnx_i64_attr(onnx_node_t *n, const char *name, int64_t v);
MlirNamedAttribute onnx_f32_attr(onnx_node_t *n, const char *name, double v);
MlirNamedAttribute onnx_bool_attr(onnx_node_t *n, const char *name, bool v);
MlirNamedAttribute onnx_str_attr(onnx_node_t *n, const char *name, const char *v);
MlirNamedAttribute onnx_ints_attr(onnx_node_t *n, const char *name, intptr_t count,
                                  const int64_t *v);
/* A scalar attribute of element type elem (float or integer). */
MlirNamedAttribute onnx_scalar_attr(onnx_node_t *n, const char *name, MlirType elem, double v);

/* v as an int64, saturated at INT64_MIN/INT64_MAX and 0 for NaN (a C cast
 * of an out-of-range double is undefined): values a model gives as floats
 * (a scalar input, a float constant read as integers) are converted with it
 * and range-checked after. */
static inline int64_t onnx_double_to_i64(double v) {
  if (v != v)
    return 0;
  if (v >= 9223372036854775807.0) /* 2^63 */
    return INT64_MAX;
  if (v <= -9223372036854775808.0)
    return INT64_MIN;
  return (int64_t)v;
}

/* --- Constants (onnx_const.c) ---------------------------------------------- */
/* Decodes a TensorProto (raw_data or typed fields; STRING from string_data:
 * data holds numel `const char *` then the NUL-terminated bytes, one
 * allocation). Returns false with a message in err (size errsz) on
 * unsupported types/external data/size mismatch. */
bool onnx_const_from_proto(const Onnx__TensorProto *tp, onnx_const_t *out, char *err,
                           size_t errsz);
/* A deep copy (the caller frees it with onnx_const_free). */
onnx_const_t onnx_const_copy(const onnx_const_t *c);
/* Element i of a STRING constant. */
const char *onnx_const_get_s(const onnx_const_t *c, int64_t i);
/* Element i as double / int64 (any supported numeric type; 0 for STRING). */
double onnx_const_get_f(const onnx_const_t *c, int64_t i);
int64_t onnx_const_get_i(const onnx_const_t *c, int64_t i);
/* Stores v as element i in c's type: integers wrap (true when v fits the
 * type), floats round to nearest (float16 once from double, bfloat16 via
 * float). */
bool onnx_const_set_i(onnx_const_t *c, int64_t i, int64_t v);
void onnx_const_set_f(onnx_const_t *c, int64_t i, double v);
size_t onnx_type_size(int32_t onnx_type);
void onnx_const_free(onnx_const_t *c);

/* --- Run-time shapes (import_runtime_shape.c) ------------------------------ */
/* Output 0 = dims [start, end) of x as an i64 tensor computed at run time
 * (graph.shape, sliced). False after an error. */
bool onnx_runtime_shape(onnx_node_t *n, MlirValue x, int64_t start, int64_t end);
/* Output 0 = x reshaped to `target`, a 1-D int64 tensor computed at run
 * time (ONNX Reshape's 0 and -1; the output's declared static dims kept).
 * False after an error. */
bool onnx_reshape_runtime(onnx_node_t *n, MlirValue x, MlirValue target);

/* --- Import-time evaluation (import_fold.c) ------------------------------- */
/* Evaluates node n (one output) on its inputs' contents when every input's
 * is known at import time and small, and the operator is one the
 * evaluator knows (arithmetic, comparisons, logical ops, Where, Cast,
 * CastLike, Range): true with the output's contents in *out (the caller
 * owns them). *all_constant says whether every input is a true constant
 * (the node folds into a constant) rather than some a known value of a
 * bound graph input (the node is still built). */
bool onnx_fold_node(onnx_node_t *n, bool *all_constant, onnx_const_t *out);

#endif
