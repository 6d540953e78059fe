/* strata-reference: contractions. matmul [M,K]x[K,N]; batch_matmul
 * [B...,M,K]x[B'...,K,N] with numpy broadcasting of the batch dims; dense
 * input[...,K] . weight[N,K]^T (+ bias[N]). Triple loops, double accumulator. */
#include "test/e2e/reference/ref.h"

void ref_matmul(const ref_op_t *r) {
  const strata_tensor_t *a = r->in[0], *b = r->in[1];
  strata_tensor_t *y = r->out;
  int64_t M = a->shape[0], K = a->shape[1], N = b->shape[1];
  if (a->rank != 2 || b->rank != 2 || b->shape[0] != K || y->shape[0] != M || y->shape[1] != N)
    ref_fail(r, "unexpected operand/result shapes");
  for (int64_t m = 0; m < M; ++m)
    for (int64_t n = 0; n < N; ++n) {
      double acc = 0;
      for (int64_t k = 0; k < K; ++k)
        acc += ref_get(a, m * K + k) * ref_get(b, k * N + n);
      ref_set(y, m * N + n, acc);
    }
}

/* Flat offset of the [M,K] / [K,N] matrix of `t` for the result's batch
 * index `bi` (rank `brank`), broadcasting t's batch dims against it. */
static int64_t batch_offset(const strata_tensor_t *t, int brank, const int64_t *bi) {
  int tb = t->rank - 2, off = brank - tb;
  int64_t flat = 0;
  for (int d = 0; d < tb; ++d)
    flat = flat * t->shape[d] + (t->shape[d] == 1 ? 0 : bi[d + off]);
  return flat * t->shape[t->rank - 2] * t->shape[t->rank - 1];
}

void ref_batch_matmul(const ref_op_t *r) {
  const strata_tensor_t *a = r->in[0], *b = r->in[1];
  strata_tensor_t *y = r->out;
  int brank = y->rank - 2;
  int64_t M = a->shape[a->rank - 2], K = a->shape[a->rank - 1], N = b->shape[b->rank - 1];
  if (b->shape[b->rank - 2] != K || y->shape[brank] != M || y->shape[brank + 1] != N)
    ref_fail(r, "unexpected operand/result shapes");
  int64_t batches = 1, bi[STRATA_MAX_RANK];
  for (int d = 0; d < brank; ++d)
    batches *= y->shape[d];
  for (int64_t t = 0; t < batches; ++t) {
    ref_unravel(t, brank, y->shape, bi);
    int64_t oa = batch_offset(a, brank, bi), ob = batch_offset(b, brank, bi);
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        double acc = 0;
        for (int64_t k = 0; k < K; ++k)
          acc += ref_get(a, oa + m * K + k) * ref_get(b, ob + k * N + n);
        ref_set(y, (t * M + m) * N + n, acc);
      }
  }
}

void ref_dense(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0], *w = r->in[1];
  const strata_tensor_t *bias = r->num_operands > 2 ? r->in[2] : NULL;
  strata_tensor_t *y = r->out;
  int64_t K = x->shape[x->rank - 1], N = w->shape[0];
  if (w->rank != 2 || w->shape[1] != K || y->shape[y->rank - 1] != N)
    ref_fail(r, "unexpected operand/result shapes");
  int64_t rows = strata_tensor_numel(x) / (K ? K : 1);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t n = 0; n < N; ++n) {
      double acc = bias ? ref_get(bias, n) : 0;
      for (int64_t k = 0; k < K; ++k)
        acc += ref_get(x, i * K + k) * ref_get(w, n * K + k);
      ref_set(y, i * N + n, acc);
    }
}
