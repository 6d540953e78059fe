/* The graph dialect's shape rules as reusable C functions: shapes of builtin
 * ranked tensors, numpy broadcasting, convolution/pooling output sizes, data
 * layouts ("NCHW", "NHWC", TVM-style blocked "NCHW8c") and the inference of
 * any graph op's result shape. The verifier (graph.c) is built on these; so
 * are the frontends (to type the ops they create) and the lowerings (to
 * size their loops). None of them emits diagnostics or allocates. */
#ifndef STRATA_DIALECTS_GRAPH_GRAPH_H
#define STRATA_DIALECTS_GRAPH_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest tensor rank the graph dialect handles; layouts have at most this
 * many axes too. */
enum { STRATA_GRAPH_MAX_RANK = 16 };

/* A dynamic (`?`) dimension in strata_graph_shape_t. Equal to MLIR's
 * ShapedType::kDynamic, so dims can go to mlirRankedTensorTypeGet as is. */
#define STRATA_GRAPH_DYN INT64_MIN

/* A size whose exact value does not fit in int64_t (shape arithmetic that
 * overflowed): returned by strata_graph_window_out_size and stored by
 * strata_graph_layout_to_logical; the verifier reports it as "too large". */
#define STRATA_GRAPH_TOO_LARGE (INT64_MIN + 1)

/* Largest block size a layout may name ("16c"): products of blocks stay far
 * from overflow. */
#define STRATA_GRAPH_MAX_BLOCK ((int64_t)1 << 24)

/* The shape of a ranked tensor: `rank` dims, each >= 0 or STRATA_GRAPH_DYN. */
typedef struct {
  intptr_t rank;
  int64_t dims[STRATA_GRAPH_MAX_RANK];
} strata_graph_shape_t;

/* Reads the shape of a ranked tensor (or any ranked shaped) type. Returns
 * false if `type` is not ranked or its rank exceeds STRATA_GRAPH_MAX_RANK. */
bool strata_graph_shape_from_type(MlirType type, strata_graph_shape_t *out);

/* Builds tensor<dims x elem> (no encoding). Borrowed from the context. A
 * null type for a null elem. */
MlirType strata_graph_shape_to_type(const strata_graph_shape_t *shape, MlirType elem);

/* True if both have the same rank and each pair of dims is equal or has a
 * dynamic member (a `?` is compatible with anything). */
bool strata_graph_shapes_compatible(const strata_graph_shape_t *a,
                                    const strata_graph_shape_t *b);

/* Product of the dims, or STRATA_GRAPH_DYN if any is dynamic or the product
 * overflows int64_t (the verifier rejects such types: "too large"). */
int64_t strata_graph_num_elements(const strata_graph_shape_t *shape);

/* Product of the static dims (`?` skipped) into *out; false on overflow. */
bool strata_graph_static_product(const strata_graph_shape_t *shape, int64_t *out);

/* A static shape seen as [outer, len, inner] around `axis`: the products of
 * the dims before it and after it, and its own dim. */
void strata_graph_axis_split(const strata_graph_shape_t *shape, intptr_t axis, int64_t *outer,
                             int64_t *len, int64_t *inner);

/* Writes "[1, ?, 7]" into buf (always NUL-terminated). Returns buf. */
char *strata_graph_shape_str(const strata_graph_shape_t *shape, char *buf, size_t size);

/* Numpy broadcasting of two shapes (aligned at the last dim; a dim of 1
 * stretches). A `?` against 1 or `?` stays `?`; a `?` against n > 1 gives n.
 * Returns false (out undefined) if two static dims differ and neither is 1. */
bool strata_graph_broadcast_shape(const strata_graph_shape_t *a,
                                  const strata_graph_shape_t *b,
                                  strata_graph_shape_t *out);

/* Output extent of a convolution window sliding over `in` (`in` or `kernel`
 * STRATA_GRAPH_DYN gives STRATA_GRAPH_DYN):
 *   floor((in + pad_begin + pad_end - dilation * (kernel - 1) - 1) / stride) + 1.
 * With ceil_mode (pooling) the division rounds up, but the last window must
 * start inside the input or the begin padding (PyTorch/ONNX rule). May return
 * a value <= 0 when the window does not fit: callers reject that, and
 * STRATA_GRAPH_TOO_LARGE when the arithmetic overflows. Expects kernel,
 * stride, dilation >= 1 and pads >= 0. */
int64_t strata_graph_window_out_size(int64_t in, int64_t kernel, int64_t stride,
                                     int64_t pad_begin, int64_t pad_end,
                                     int64_t dilation, bool ceil_mode);

/* A data layout string such as "NCHW", "NHWC", "NCHW8c" or "OIHW8i8o":
 * uppercase letters are primal axes (each at most once); "<k><lowercase>" is
 * a block of k elements of the matching primal axis, which must also appear.
 * A primal axis' logical size is its dim times the product of its blocks. */
typedef struct {
  int rank;
  char axes[STRATA_GRAPH_MAX_RANK];       /* 'N', 'C', 'c', ... per dim */
  int64_t blocks[STRATA_GRAPH_MAX_RANK];  /* block size of a lowercase axis, 0 for primal */
} strata_graph_layout_t;

/* Parses `text`. Returns false if it does not follow the grammar above,
 * has more than STRATA_GRAPH_MAX_RANK axes or a block over
 * STRATA_GRAPH_MAX_BLOCK. */
bool strata_graph_layout_parse(MlirStringRef text, strata_graph_layout_t *out);

/* Position of `axis` (a primal 'C' or a block 'c') in the layout, or -1. */
int strata_graph_layout_index(const strata_graph_layout_t *layout, char axis);

/* True if the layout's primal axes are exactly the letters of `primals`
 * (in any order), e.g. "NCHW" accepts "NHWC" and "NCHW8c". */
bool strata_graph_layout_has_primals(const strata_graph_layout_t *layout,
                                     const char *primals);

/* Product of the blocks of primal axis `axis` (1 if it is not blocked). */
int64_t strata_graph_layout_block(const strata_graph_layout_t *layout, char axis);

/* Logical sizes of the primal axes of a tensor in `layout`:
 * logical[axis - 'A'] = dim * block (STRATA_GRAPH_DYN if the dim is dynamic).
 * Entries of letters absent from the layout are left untouched. The shape's
 * rank must equal the layout's. */
void strata_graph_layout_to_logical(const strata_graph_layout_t *layout,
                                    const strata_graph_shape_t *shape,
                                    int64_t logical[26]);

/* The physical shape in `layout` of logical sizes `logical` (indexed as
 * above): a primal dim is its size / its block, a block dim its block size.
 * Returns false, and sets *bad_axis, if a static size is not divisible by
 * its block. */
bool strata_graph_layout_from_logical(const strata_graph_layout_t *layout,
                                      const int64_t logical[26],
                                      strata_graph_shape_t *out, char *bad_axis);

/* !graph.string, the element type of string tensors (IRDL type; null if
 * the graph dialect is not loaded in ctx). */
MlirType strata_graph_string_type(MlirContext ctx);
/* Whether `t` is !graph.string or a shaped type of !graph.string elements. */
bool strata_graph_is_string(MlirType t);

/* Infers the result shape and element type of a graph op from its operands
 * and attributes, exactly as the verifier does. *elem is null when the op
 * does not fix it (graph.cast). Returns false, silently, if the op is not a
 * graph op or its operands/attributes are invalid (run the verifier for the
 * reason). graph.reshape, graph.expand and graph.resize yield their own
 * result shape (the result type is their shape operand). */
bool strata_graph_infer_result(MlirOperation op, strata_graph_shape_t *shape,
                               MlirType *elem);

#ifdef __cplusplus
}
#endif
#endif
