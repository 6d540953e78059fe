/* strata-reference: reductions. reduce_sum / reduce_mean / reduce_max /
 * reduce_min over a set of axes, keepdims or not: every input element is
 * folded into the output element whose index drops (or zeroes) the
 * reduced axes. Accumulates in double. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test/e2e/reference/ref.h"

void ref_reduce(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  const char *kind = r->name + strlen("graph.reduce_");
  int64_t axes[REF_MAX_LIST];
  int na = ref_attr_ints(r, "axes", axes);
  bool keep = ref_attr_bool(r, "keepdims");
  bool reduced[STRATA_MAX_RANK] = {false};
  int64_t count = 1;
  for (int i = 0; i < na; ++i) {
    if (axes[i] < 0 || axes[i] >= x->rank || reduced[axes[i]])
      ref_fail(r, "bad axes");
    reduced[axes[i]] = true;
    count *= x->shape[axes[i]];
  }
  /* Expected result shape, checked against the type. */
  int64_t shape[STRATA_MAX_RANK];
  int rank = 0;
  for (int d = 0; d < x->rank; ++d)
    if (!reduced[d] || keep)
      shape[rank++] = reduced[d] ? 1 : x->shape[d];
  bool ok = rank == y->rank;
  for (int d = 0; ok && d < rank; ++d)
    ok = shape[d] == y->shape[d];
  if (!ok)
    ref_fail(r, "result shape does not match axes/keepdims");

  int64_t n_out = strata_tensor_numel(y), n_in = strata_tensor_numel(x);
  bool is_max = !strcmp(kind, "max"), is_min = !strcmp(kind, "min");
  double *acc = malloc(sizeof(double) * (size_t)(n_out ? n_out : 1));
  for (int64_t i = 0; i < n_out; ++i)
    acc[i] = is_max ? -INFINITY : is_min ? INFINITY : 0;
  int64_t ii[STRATA_MAX_RANK], oi[STRATA_MAX_RANK];
  for (int64_t i = 0; i < n_in; ++i) {
    ref_unravel(i, x->rank, x->shape, ii);
    int k = 0;
    for (int d = 0; d < x->rank; ++d)
      if (!reduced[d] || keep)
        oi[k++] = reduced[d] ? 0 : ii[d];
    int64_t o = ref_ravel(y->rank, y->shape, oi);
    double v = ref_get(x, i);
    if (is_max)
      acc[o] = v > acc[o] ? v : acc[o];
    else if (is_min)
      acc[o] = v < acc[o] ? v : acc[o];
    else
      acc[o] += v;
  }
  bool is_mean = !strcmp(kind, "mean");
  if (!is_max && !is_min && !is_mean && strcmp(kind, "sum"))
    ref_fail(r, "unknown reduction");
  for (int64_t i = 0; i < n_out; ++i)
    ref_set(y, i, is_mean ? acc[i] / (double)count : acc[i]);
  free(acc);
}
