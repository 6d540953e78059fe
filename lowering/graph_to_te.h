/* Internal interface of convert-graph-to-te, shared by lowering/graph_to_te.c
 * (the pass: driver, op table, te.compute building, index and dim helpers)
 * and the per-family files graph_to_te_{elementwise,nn,shape,reduce,compare,
 * index,upsample,string,table,detection}.c that
 * lower one graph op each. Not a public header.
 *
 * A lowering function gets the graph op and a context whose builder inserts
 * just before it. It validates first (emitting a located error and
 * returning failure before building anything), then builds one or more
 * te.compute ops (and tensor.dim / index arithmetic for dynamic dims before
 * them) and returns the value replacing the op's result. */
#ifndef STRATA_LOWERING_GRAPH_TO_TE_H
#define STRATA_LOWERING_GRAPH_TO_TE_H

#include <stdbool.h>
#include <stdint.h>

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>

#include "core/builder.h"
#include "dialects/graph/graph.h"

/* Most axes a compute built here has (spatial + reduce). */
enum { G2T_MAX_AXES = 2 * STRATA_GRAPH_MAX_RANK };

/* Compute names taken per function (graph_to_te_names.c): a hash set, so
 * naming N computes takes O(N). `scope` is the function (or module). */
typedef struct g2t_names g2t_names_t;
g2t_names_t *g2t_names_create(void);
void g2t_names_destroy(g2t_names_t *n);
/* Marks `name` taken in `scope`. */
void g2t_names_add(g2t_names_t *n, void *scope, const char *name);
/* Writes into buf `base`, or base_N with the first free N (counted per base),
 * and marks it taken. */
void g2t_names_unique(g2t_names_t *n, void *scope, const char *base, char *buf, size_t size);

/* Lowering context of one graph op. */
typedef struct {
  MlirContext ctx;
  MlirOperation op;      /* the graph op being lowered */
  const char *op_name;   /* its name without "graph." ("conv2d") */
  strata_builder_t b;    /* inserts before `op` */
  MlirType index;        /* the index type */
  g2t_names_t *names;    /* compute names taken in op's function */
  MlirOperation scope;   /* op's enclosing func.func (or the module) */
  /* Set when lower_one retyped an unsigned operand 0 / result to signless
   * (see "unsigned integers" in graph_to_te.c): the original uiN element
   * types, which a cast needs (uitofp, fptoui); else null. */
  MlirType unsigned_in, unsigned_out;
} g2t_t;

/* A te.compute being built: its body block, a builder appending to it and
 * the block's index arguments (spatial first, then reduce). */
typedef struct {
  MlirOperation op;
  MlirBlock body;
  strata_builder_t in;
  intptr_t rank, nred;
  MlirValue idx[G2T_MAX_AXES];
  MlirType elem; /* element type of the result */
} g2t_compute_t;

/* Lowers one graph op; on success *out is the value replacing its result. */
typedef MlirLogicalResult (*g2t_lower_fn)(g2t_t *g, MlirValue *out);

/* --- compute building (graph_to_te.c) ----------------------------------- */

/* Starts a te.compute named "<base>" (or "<base>_N", unique in the
 * function) producing `type`. `dims[i]` is the index value of result dim i
 * (used only where the type's dim is dynamic; may be null elsewhere).
 * `nred` reduce axes with `red_extents` (-1: dynamic, value in
 * `red_dims[i]`); `combiner`/`init` are required iff nred > 0. */
g2t_compute_t g2t_compute_begin(g2t_t *g, const char *base, MlirType type,
                                const MlirValue *dims, intptr_t nred,
                                const int64_t *red_extents, const MlirValue *red_dims,
                                const char *combiner, MlirAttribute init);
/* Terminates the body with gpu.yield `v`; returns the compute's result. */
MlirValue g2t_compute_end(g2t_compute_t *c, MlirValue v);
/* True when no result of `op` has a use. */
bool g2t_unused(MlirOperation op);

/* te.read of `tensor` at `idx` inside compute `c`. */
MlirValue g2t_read(g2t_compute_t *c, MlirValue tensor, const MlirValue *idx);

/* --- scalar and index building ------------------------------------------ */

/* `name`(a, b) with the type of `a`, at builder `b`. */
MlirValue g2t_bin(strata_builder_t *b, const char *name, MlirValue a, MlirValue v);
/* `name`(a) with the type of `a`. */
MlirValue g2t_un(strata_builder_t *b, const char *name, MlirValue a);
/* `name`(a) -> `type` (casts). */
MlirValue g2t_cast(strata_builder_t *b, const char *name, MlirValue a, MlirType type);
/* Emits "needs a float element type, got <t>" at the op being lowered;
 * returns failure. */
MlirLogicalResult g2t_not_float(g2t_t *g, MlirType t);
/* arith.cmpi / arith.cmpf with the numeric predicate (MLIR's enum values). */
MlirValue g2t_cmpi(strata_builder_t *b, int64_t pred, MlirValue a, MlirValue v);
MlirValue g2t_cmpf(strata_builder_t *b, int64_t pred, MlirValue a, MlirValue v);
/* arith.select c ? t : f. */
MlirValue g2t_select(strata_builder_t *b, MlirValue c, MlirValue t, MlirValue f);
/* arith.constant of `attr` (typed). */
MlirValue g2t_const_attr(strata_builder_t *b, MlirAttribute attr);

enum { G2T_CMPI_EQ = 0, G2T_CMPI_NE = 1, G2T_CMPI_SLT = 2, G2T_CMPI_SLE = 3,
       G2T_CMPI_SGT = 4, G2T_CMPI_SGE = 5, G2T_CMPI_ULT = 6 };
enum { G2T_CMPF_OEQ = 1, G2T_CMPF_OLT = 4, G2T_CMPF_UNO = 14, G2T_CMPF_UNE = 13 };

/* Index arithmetic that folds constants: a + b, a - b, a * b, a / b, a % b
 * (unsigned), min, max (signed). Values that are constants are read back
 * with strata_constant_int, so nothing is built when both are constant. */
MlirValue g2t_iadd(strata_builder_t *b, MlirValue a, MlirValue v);
MlirValue g2t_isub(strata_builder_t *b, MlirValue a, MlirValue v);
MlirValue g2t_imul(strata_builder_t *b, MlirValue a, MlirValue v);
MlirValue g2t_idiv(strata_builder_t *b, MlirValue a, MlirValue v);
MlirValue g2t_irem(strata_builder_t *b, MlirValue a, MlirValue v);
MlirValue g2t_imin(strata_builder_t *b, MlirValue a, MlirValue v);
MlirValue g2t_imax(strata_builder_t *b, MlirValue a, MlirValue v);
/* Same with a constant right operand. */
MlirValue g2t_iaddc(strata_builder_t *b, MlirValue a, int64_t c);
MlirValue g2t_imulc(strata_builder_t *b, MlirValue a, int64_t c);

/* Index value of dim `axis` of `tensor`: a constant if static, else a
 * tensor.dim built before the graph op. */
MlirValue g2t_dim(g2t_t *g, MlirValue tensor, intptr_t axis);
/* Dims of a result of type `rtype` with x's shape (elementwise: unary ops,
 * casts): g2t_dim of x where rtype's dim is dynamic, null elsewhere. */
void g2t_same_dims(g2t_t *g, MlirValue x, MlirType rtype, MlirValue *dims);
/* All dims of `tensor` (as g2t_dim). */
void g2t_dims(g2t_t *g, MlirValue tensor, MlirValue *out);

/* Float or integer constant of element type `t` (inside a body or not). */
MlirValue g2t_scalar(strata_builder_t *b, MlirType t, double v);
/* The identity of combiner "max" / "min" for `t` (-inf / +inf, or the
 * integer extremes). */
MlirAttribute g2t_lowest(MlirType t);
MlirAttribute g2t_highest(MlirType t);
MlirAttribute g2t_zero(MlirType t);
MlirAttribute g2t_one(MlirType t);
/* An index value converted to element type `t` (index_cast + sitofp). */
MlirValue g2t_index_to_elem(strata_builder_t *b, MlirValue v, MlirType t);

/* Marks, in the `out_static` array of g2t_broadcast_indices, an output dim
 * known to equal the operand's dynamic dim. */
#define G2T_SAME_DIM (-2)

/* Numpy-broadcast read indices for an operand of shape `shape` (value
 * `operand`) inside an output space whose trailing `out_rank` indices are
 * `out_idx` (aligned at the end). `out_static[o]` is the output's static
 * dim o, STRATA_GRAPH_DYN, or G2T_SAME_DIM. Size-1 and missing dims read 0;
 * a dynamic operand dim that may be 1 at run time while the output's is
 * larger reads `dim == 1 ? 0 : i`. Writes shape->rank indices to `idx`. */
void g2t_broadcast_indices(g2t_t *g, g2t_compute_t *c, MlirValue operand,
                           const strata_graph_shape_t *shape, intptr_t out_rank,
                           const MlirValue *out_idx, const int64_t *out_static,
                           MlirValue *idx);
/* The `out_static` array for operand shape `self` broadcast against `other`
 * into the `count` output dims `res_dims` (all aligned at the end):
 * G2T_SAME_DIM where self's dim is dynamic and other has 1 or nothing. */
void g2t_broadcast_info(const strata_graph_shape_t *self, const strata_graph_shape_t *other,
                        const int64_t *res_dims, intptr_t count, int64_t *info);

/* Index value of output dim `o` (of `count`, aligned at the end) of the
 * broadcast of the first `ra` dims of `a` and the first `rb` dims of `b`:
 * the dim of the operand that is not 1 there (the max of both when both
 * are dynamic), 1 if neither has one. Built before the op. */
MlirValue g2t_broadcast_dim(g2t_t *g, MlirValue a, intptr_t ra, MlirValue b, intptr_t rb,
                            intptr_t o, intptr_t count);

/* Layouts: the logical index (per primal letter, [X - 'A']) of physical
 * indices `phys` in `layout`, and back. Only letters of the layout are set. */
void g2t_layout_to_logical(strata_builder_t *b, const strata_graph_layout_t *layout,
                           const MlirValue *phys, MlirValue logical[26]);
void g2t_layout_to_physical(strata_builder_t *b, const strata_graph_layout_t *layout,
                            const MlirValue logical[26], MlirValue *phys);

/* tensor.collapse_shape of `v` into the static `shape` (rank r): group i
 * takes sizes[i] consecutive source dims. A view (no copy) once lowered. */
MlirValue g2t_collapse(g2t_t *g, MlirValue v, const int64_t *shape, intptr_t r,
                       const int64_t *sizes);
/* tensor.expand_shape of `v` (rank r) into the static `type`: group i of
 * v's dims becomes sizes[i] consecutive dims. A view once lowered. */
MlirValue g2t_expand(g2t_t *g, MlirValue v, MlirType type, intptr_t r, const int64_t *sizes);

/* --- library kernels (runtime/kernel_abi.h) ----------------------------- */
/* Declares `func.func private @name<signature>` in g's module, once
 * (signature: "(f64, i64) -> i64", optionally with an attribute dict). */
void g2t_declare_kernel(g2t_t *g, const char *name, const char *signature);
/* func.call @name(args) -> result at b: a scalar kernel (declare it first). */
MlirValue g2t_call_kernel(strata_builder_t *b, const char *name, intptr_t n,
                          const MlirValue *args, MlirType result);
/* Whether g's op has static operand and result shapes, as a buffer
 * kernel call needs (else a located error naming why). */
bool g2t_kernel_static_shapes(g2t_t *g);
/* Calls buffer kernel @name (declared here, llvm.emit_c_interface): 1-D
 * tensor operands are cast to tensor<?xT> (scalars passed as they are),
 * the kernel returns tensor<?xT> results, each cast to its static 1-D type
 * results[i] (convert-te-to-tir sizes their buffers from the casts); the
 * cast results go to out[i]. At most 16 operands and results. */
void g2t_call_buffer_kernel(g2t_t *g, const char *name, intptr_t n, const MlirValue *args,
                            intptr_t nres, const MlirType *results, MlirValue *out);

/* --- fused groups (graph_to_te_fused.c) -------------------------------- */
/* Inlines the private functions graph-fuse outlined (attribute graph.fused)
 * at their calls, then erases them. */
void g2t_inline_fused(MlirOperation module);

/* --- string tensors (graph_to_te_string.c) ------------------------------ */
/* Before lowering: marks graph.cast to/from strings, rejects graph ops
 * without string semantics (located errors), retypes string tensors to i64
 * handles everywhere in `module`. */
MlirLogicalResult g2t_prepare_strings(MlirOperation module);
/* Whether a graph.cast was marked as a cast to/from strings. */
bool g2t_is_string_cast(MlirOperation op);
MlirLogicalResult g2t_lower_string_cast(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_string_normalizer(g2t_t *g, MlirValue *out);
/* graph.constant of dense<["..."]> strings. */
MlirLogicalResult g2t_lower_string_constant(g2t_t *g, MlirValue *out);
/* An i8 constant of the strings of an array attribute, NUL-terminated back
 * to back (how buffer kernels take a list of strings). */
MlirValue g2t_string_bytes(g2t_t *g, MlirAttribute strings);
/* graph.equal on string handles (marked by g2t_prepare_strings). */
bool g2t_is_string_compare(MlirOperation op);
/* The element of a string compare: strata_string_equal(a, b) as i1. */
MlirValue g2t_string_equal(g2t_t *g, strata_builder_t *b, MlirValue a, MlirValue v);
MlirLogicalResult g2t_lower_string_concat(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_string_split(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_regex_full_match(g2t_t *g, MlirValue *out);

/* --- narrow float types (graph_to_te_narrow.c) ---------------------------- */
/* Whether t is an 8-bit or 4-bit float (f8E4M3FN, f8E4M3FNUZ, f8E5M2,
 * f8E5M2FNUZ, f8E8M0FNU, f4E2M1FN). */
bool g2t_is_narrow_float(MlirType t);
/* A located error when op (short name `name`) has a narrow float operand
 * or result and is not cast, bitcast, constant or an op moving elements. */
MlirLogicalResult g2t_check_narrow_floats(MlirOperation op, const char *name);
/* graph.cast from or to a narrow float (g2t_lower_cast sends it here). */
MlirLogicalResult g2t_lower_narrow_cast(g2t_t *g, MlirValue *out);
/* Scalar v of element type s converted to d as graph.cast does, for the
 * types arith converts (not strings, not the narrow floats). */
MlirValue g2t_convert(g2t_t *g, strata_builder_t *b, MlirValue v, MlirType s, MlirType d);

/* --- tables and counting (graph_to_te_table.c) --------------------------- */
MlirLogicalResult g2t_lower_unique(g2t_t *g, MlirValue *out);
/* graph_to_te_image.c */
MlirLogicalResult g2t_lower_image_decode(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_tfidf_vectorizer(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_label_lookup(g2t_t *g, MlirValue *out);
/* v flattened to 1-D (v itself when it is; v has rank >= 1). */
MlirValue g2t_flatten(g2t_t *g, MlirValue v);

/* --- object detection (graph_to_te_detection.c): buffer kernel calls ---- */
MlirLogicalResult g2t_lower_non_max_suppression(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_roi_align(g2t_t *g, MlirValue *out);

/* Element type and shape of a value's ranked tensor type. */
MlirType g2t_elem(MlirValue v);
strata_graph_shape_t g2t_shape(MlirValue v);
/* tensor<shape x elem>. */
MlirType g2t_tensor(const strata_graph_shape_t *shape, MlirType elem);

/* Attribute accessors (IRDL and the graph verifier have checked kinds). */
MlirAttribute g2t_attr(MlirOperation op, const char *name);
int64_t g2t_attr_int(MlirOperation op, const char *name);
bool g2t_attr_bool(MlirOperation op, const char *name);
/* Copies up to `max` values of an array<i64> attribute; returns the count. */
intptr_t g2t_attr_i64s(MlirOperation op, const char *name, int64_t *out, intptr_t max);
/* Parses layout attribute `name`; false if it does not parse. */
bool g2t_attr_layout(MlirOperation op, const char *name, strata_graph_layout_t *out);

/* --- lowerings, one per graph op (the per-family files) ----------------- */
MlirLogicalResult g2t_lower_unary(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_binary(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_cast(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_bitcast(g2t_t *g, MlirValue *out);

MlirLogicalResult g2t_lower_matmul(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_batch_matmul(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_dense(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_conv2d(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_pool2d(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_max_pool2d_indices(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_global_avg_pool2d(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_batch_norm(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_softmax(g2t_t *g, MlirValue *out);

MlirLogicalResult g2t_lower_reshape(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_shape(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_transpose(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_concat(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_slice(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_pad(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_layout_transform(g2t_t *g, MlirValue *out);

MlirLogicalResult g2t_lower_reduce(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_arg_reduce(g2t_t *g, MlirValue *out); /* argmax argmin */
MlirLogicalResult g2t_lower_cumsum(g2t_t *g, MlirValue *out);

/* graph_to_te_compare.c */
MlirLogicalResult g2t_lower_compare(g2t_t *g, MlirValue *out); /* equal greater less */
MlirLogicalResult g2t_lower_where(g2t_t *g, MlirValue *out);
/* Starts the compute of op g whose n (<= 3) operands vals broadcast
 * together into its result (numpy rules); reads[k] are operand k's read
 * indices inside it. */
g2t_compute_t g2t_begin_broadcast(g2t_t *g, int n, MlirValue *vals,
                                  MlirValue reads[][STRATA_GRAPH_MAX_RANK]);
/* graph_to_te_index.c */
MlirLogicalResult g2t_lower_gather(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_gather_elements(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_scatter_elements(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_expand(g2t_t *g, MlirValue *out);
/* graph_to_te_upsample.c */
MlirLogicalResult g2t_lower_conv_transpose2d(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_resize(g2t_t *g, MlirValue *out);
MlirLogicalResult g2t_lower_grid_sample(g2t_t *g, MlirValue *out);

/* A compute named `name` dividing each element of `src` by `count` (an
 * index value: a constant or built before the op); `dims` as for
 * g2t_compute_begin with src's type. Returns its result. */
MlirValue g2t_divide_by(g2t_t *g, const char *name, MlirValue src, const MlirValue *dims,
                        MlirValue count);

/* Lanes of a row reduction done in two steps (g2t_row_reduce): the host's
 * f32 vector width, when the reduced axis is the last one (reads
 * contiguous), f32, static and a multiple of at least two vectors; else 0. */
int64_t g2t_row_lanes(MlirType t, const strata_graph_shape_t *xs, intptr_t axis);

/* `name`[k] = `combiner` over r of src[k with axis = r], a tensor like src
 * with the axis of extent 1 (ktype, kdims). With `lanes` (g2t_row_lanes)
 * in two steps: `name`_lanes[k, l] = combiner over r of
 * src[k, r * lanes + l] (each lane its own accumulator: te-default-schedule
 * gives it vector rows, one vector op per step), then the lanes combined.
 * Softmax's max and sum and keepdims reductions of the last axis
 * (LayerNorm's mean and variance) use it. */
MlirValue g2t_row_reduce(g2t_t *g, const char *name, const char *combiner, MlirAttribute init,
                         MlirValue src, const strata_graph_shape_t *xs, intptr_t axis,
                         MlirType ktype, const MlirValue *kdims, int64_t lanes);

#endif
