/* strata-reference internals: the interface between the driver
 * (strata-reference.c: parsing, the value map, attribute reading, dispatch)
 * and the per-family evaluators (ref_*.c). Every evaluator is a naive loop
 * nest written from the op definitions in docs/dialects/graph.md; nothing
 * here shares code with Strata's lowerings, so the two can check each other.
 * Values are read and computed as double and stored in the result's dtype. */
#ifndef STRATA_TEST_E2E_REFERENCE_REF_H
#define STRATA_TEST_E2E_REFERENCE_REF_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#include "runtime/tensor.h"

enum { REF_MAX_OPERANDS = 32, REF_MAX_LIST = 32 };

/* One op to evaluate: its operands (already computed) and its result,
 * allocated by the driver with the result type's dtype and static shape. */
typedef struct {
  MlirOperation op;
  const char *name; /* "graph.add" */
  int num_operands;
  const strata_tensor_t *in[REF_MAX_OPERANDS];
  strata_tensor_t *out;
} ref_op_t;

typedef void (*ref_eval_fn)(const ref_op_t *r);

/* Reports an error about op `r` (name and source location) and exits 1. */
_Noreturn void ref_fail(const ref_op_t *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Attributes, read with mlirOperationGetAttributeByName; a missing attribute
 * or one of the wrong kind is a ref_fail. */
int64_t ref_attr_int(const ref_op_t *r, const char *name);
double ref_attr_number(const ref_op_t *r, const char *name); /* float or integer attr */
bool ref_attr_bool(const ref_op_t *r, const char *name);
/* Copies a string attribute into buf (NUL-terminated). */
void ref_attr_str(const ref_op_t *r, const char *name, char *buf, size_t size);
/* Reads an array<i64: ...> into vals (at most REF_MAX_LIST); returns the count. */
int ref_attr_ints(const ref_op_t *r, const char *name, int64_t *vals);

/* Element access through double. Storing into an integer dtype truncates
 * toward zero (as fptosi does); into i1 stores v != 0. */
double ref_get(const strata_tensor_t *t, int64_t flat);
void ref_set(strata_tensor_t *t, int64_t flat, double v);
bool ref_is_float(strata_dtype_t d);

/* Row-major index arithmetic. */
void ref_unravel(int64_t flat, int rank, const int64_t *shape, int64_t *idx);
int64_t ref_ravel(int rank, const int64_t *shape, const int64_t *idx);

/* Layout strings ("NCHW", "NCHW8c", "OIHW8i8o"): per physical dim, its
 * uppercase axis letter and its block size (0 for the primal dim). */
typedef struct {
  int rank;
  char axis[REF_MAX_LIST];
  int64_t block[REF_MAX_LIST];
} ref_layout_t;

void ref_layout_parse(const ref_op_t *r, const char *text, ref_layout_t *l);
/* Logical extents of the primal `axes` ("NCHW") for physical `shape`. */
void ref_layout_logical_shape(const ref_op_t *r, const ref_layout_t *l, const int64_t *shape,
                              const char *axes, int64_t *logical);
/* Physical index -> logical index over `axes`, and back. */
void ref_layout_to_logical(const ref_layout_t *l, const int64_t *phys, const char *axes,
                           int64_t *logical);
void ref_layout_from_logical(const ref_layout_t *l, const char *axes, const int64_t *logical,
                             int64_t *phys);

/* Evaluators, by family. */
void ref_unary(const ref_op_t *r);  /* relu neg abs sigmoid tanh exp log sqrt erf gelu
                                       leaky_relu clip */
void ref_binary(const ref_op_t *r); /* add sub mul div maximum minimum pow bitwise_and/or/xor */
void ref_matmul(const ref_op_t *r);
void ref_batch_matmul(const ref_op_t *r);
void ref_dense(const ref_op_t *r);
void ref_conv2d(const ref_op_t *r);
void ref_max_pool2d(const ref_op_t *r);
void ref_max_pool2d_indices(const ref_op_t *r);
void ref_avg_pool2d(const ref_op_t *r);
void ref_global_avg_pool2d(const ref_op_t *r);
void ref_batch_norm(const ref_op_t *r);
void ref_softmax(const ref_op_t *r);
void ref_reshape(const ref_op_t *r); /* also flatten: a row-major copy */
void ref_transpose(const ref_op_t *r);
void ref_concat(const ref_op_t *r);
void ref_slice(const ref_op_t *r);
void ref_pad(const ref_op_t *r);
void ref_layout_transform(const ref_op_t *r);
void ref_reduce(const ref_op_t *r); /* reduce_sum/mean/max/min */
void ref_cast(const ref_op_t *r);
void ref_bitcast(const ref_op_t *r);
void ref_compare(const ref_op_t *r); /* equal greater less */
void ref_where(const ref_op_t *r);
void ref_gather(const ref_op_t *r);
void ref_expand(const ref_op_t *r);
void ref_conv_transpose2d(const ref_op_t *r);
void ref_resize(const ref_op_t *r);

#endif
