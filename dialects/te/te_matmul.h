/* Recognising matrix products among te computes: a compute with one reduce
 * axis k, combiner add, fp32 result [batch.., i, j] (static batch; i, j
 * and k may be dynamic: a sequence length), whose body yields
 * A[.., i, .., k] * B[.., k, .., j] (two te.read ops of distinct tensors,
 * k the last index of A, j the last index of B) or, with B transposed,
 * A[.., i, .., k] * B[.., j, .., k] (dense layers). matmul, dense and
 * batch_matmul lower to this form; te-default-schedule gives it the packed, tensorized GEMM schedule,
 * and te-inline keeps its operands materialized so that stays possible. */
#ifndef STRATA_DIALECTS_TE_MATMUL_H
#define STRATA_DIALECTS_TE_MATMUL_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct {
  int64_t m, n, k;   /* extents of i, j, k; each may be STRATA_TE_DYNAMIC_EXTENT
                        (known at run time) */
  int64_t batch;     /* product of the batch extents */
  intptr_t ns;       /* spatial axes: batch.., i, j */
  int64_t b_input;   /* B's index among the distinct tensors read */
  bool b_transposed; /* B read as B[.., j, .., k] (dense weights [out, in]) */
  MlirOperation a_read, b_read;
} strata_te_matmul_t;

/* True (and *out filled) if `compute` is a matrix product as above. */
bool strata_te_match_matmul(MlirOperation compute, strata_te_matmul_t *out);

#endif
