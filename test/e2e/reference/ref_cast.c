/* strata-reference: graph.cast and graph.bitcast. Element-type conversion
 * of each element: float -> float rounds to nearest, float -> integer
 * truncates toward zero (fptosi), integer -> float is exact for the values
 * tests use, to i1 is "nonzero"; to an 8-bit or 4-bit float rounds to
 * nearest even and saturates unless `saturate` is false (E8M0 rounds as
 * `round_mode` says: runtime/narrow_types.h). bitcast copies each
 * element's bytes. Shape is unchanged. */
#include <string.h>

#include "test/e2e/reference/ref.h"

static bool has_attr(const ref_op_t *r, const char *name) {
  return !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString(name)));
}

/* y's elements as the narrow float `f` of x's values, with the cast's
 * optional attributes. */
static void cast_narrow(const ref_op_t *r, strata_narrow_float_t f) {
  bool saturate = has_attr(r, "saturate") ? ref_attr_bool(r, "saturate") : true;
  strata_round_mode_t mode = STRATA_ROUND_UP;
  if (has_attr(r, "round_mode")) {
    char m[16];
    ref_attr_str(r, "round_mode", m, sizeof m);
    mode = !strcmp(m, "down") ? STRATA_ROUND_DOWN
           : !strcmp(m, "nearest") ? STRATA_ROUND_NEAREST
           : !strcmp(m, "up") ? STRATA_ROUND_UP
                              : (ref_fail(r, "unknown round_mode '%s'", m), STRATA_ROUND_UP);
  }
  int64_t n = strata_tensor_numel(r->out);
  for (int64_t i = 0; i < n; ++i)
    ((uint8_t *)r->out->data)[i] =
        (uint8_t)strata_narrow_float_encode(ref_get(r->in[0], i), f, saturate, mode);
}

void ref_bitcast(const ref_op_t *r) {
  size_t size = strata_dtype_size(r->out->dtype);
  if (size != strata_dtype_size(r->in[0]->dtype))
    ref_fail(r, "element sizes differ");
  memcpy(r->out->data, r->in[0]->data, size * (size_t)strata_tensor_numel(r->out));
}

void ref_cast(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  if (x->rank != y->rank)
    ref_fail(r, "rank changes");
  for (int d = 0; d < x->rank; ++d)
    if (x->shape[d] != y->shape[d])
      ref_fail(r, "shape changes");
  strata_narrow_float_t f;
  if (strata_dtype_narrow_float(y->dtype, &f)) {
    cast_narrow(r, f);
    return;
  }
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i)
    ref_set(y, i, ref_get(x, i));
}
