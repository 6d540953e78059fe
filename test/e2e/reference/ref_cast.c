/* strata-reference: graph.cast. Element-type conversion of each element:
 * float -> float rounds to nearest, float -> integer truncates toward zero
 * (fptosi), integer -> float is exact for the values tests use, to i1 is
 * "nonzero". Shape is unchanged. */
#include "test/e2e/reference/ref.h"

void ref_cast(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  if (x->rank != y->rank)
    ref_fail(r, "rank changes");
  for (int d = 0; d < x->rank; ++d)
    if (x->shape[d] != y->shape[d])
      ref_fail(r, "shape changes");
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i)
    ref_set(y, i, ref_get(x, i));
}
