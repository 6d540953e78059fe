/* Static bounds of te.read indices (part of the te verifier, te.c). An index
 * that is affine in the axes of the enclosing computes — a constant, an
 * axis, sums, differences and constant multiples of them — ranges over an
 * exact interval when those axes have static extents: each axis takes every
 * value in [0, extent), independently of the others. If that interval leaves
 * [0, dim) of a static tensor dimension, some iteration reads out of bounds
 * (the compiled code would read or fault outside the buffer), so the
 * verifier reports the index, its range, the dimension and its size.
 *
 * Anything else (selects, min/max, division, values from outside the
 * compute that are not constants) is not judged: the lowerings clamp such
 * indices (arith.select) precisely so that every read stays in bounds, and
 * an interval over-approximating a select would reject correct code. Only
 * reads directly in a compute body are checked (one in a nested region may
 * be guarded), and only when every static extent of that compute is
 * positive (an empty iteration space reads nothing). */
#include <stdio.h>

#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "strata/diagnostics.h"

enum { MAX_TERMS = 16 };

/* c + sum(coef[i] * axis i), each axis in [0, extent[i]). */
typedef struct {
  int64_t c;
  int n;
  MlirValue axis[MAX_TERMS];
  int64_t coef[MAX_TERMS], extent[MAX_TERMS];
} linear_t;

/* Static extent of a compute axis (a body argument of a te.compute), or -1
 * if `v` is not one or its extent is dynamic. */
static int64_t axis_extent(MlirValue v) {
  if (!mlirValueIsABlockArgument(v))
    return -1;
  MlirOperation compute = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  if (mlirOperationIsNull(compute) || !strata_op_is(compute, "te.compute"))
    return -1;
  intptr_t i = mlirBlockArgumentGetArgNumber(v), ns = strata_te_compute_num_spatial(compute);
  if (i < ns) {
    MlirType rt = mlirValueGetType(mlirOperationGetResult(compute, 0));
    return mlirShapedTypeIsDynamicDim(rt, i) ? -1 : mlirShapedTypeGetDimSize(rt, i);
  }
  int64_t e = strata_te_compute_reduce_extent(compute, i - ns);
  return e == STRATA_TE_DYNAMIC_EXTENT ? -1 : e;
}

/* r += k * a; false on overflow or too many terms. */
static bool add_scaled(linear_t *r, const linear_t *a, int64_t k) {
  int64_t t;
  if (!strata_mul_i64(a->c, k, &t) || !strata_add_i64(r->c, t, &r->c))
    return false;
  for (int i = 0; i < a->n; ++i) {
    int j = 0;
    while (j < r->n && !mlirValueEqual(r->axis[j], a->axis[i]))
      ++j;
    if (j == r->n) {
      if (r->n == MAX_TERMS)
        return false;
      r->axis[j] = a->axis[i];
      r->coef[j] = 0;
      r->extent[j] = a->extent[i];
      ++r->n;
    }
    if (!strata_mul_i64(a->coef[i], k, &t) || !strata_add_i64(r->coef[j], t, &r->coef[j]))
      return false;
  }
  return true;
}

/* The linear form of index `v`; false if it has none (or overflows). */
static bool linear_of(MlirValue v, linear_t *out, int depth) {
  *out = (linear_t){.c = 0};
  if (strata_constant_int(v, &out->c))
    return true;
  int64_t e = axis_extent(v);
  if (e >= 0) {
    *out = (linear_t){.n = 1, .axis = {v}, .coef = {1}, .extent = {e}};
    return true;
  }
  if (depth == 0 || !mlirValueIsAOpResult(v))
    return false;
  MlirOperation op = mlirOpResultGetOwner(v);
  bool add = strata_op_is(op, "arith.addi"), sub = strata_op_is(op, "arith.subi"),
       mul = strata_op_is(op, "arith.muli");
  if (!add && !sub && !mul)
    return false;
  linear_t a, b;
  if (!linear_of(mlirOperationGetOperand(op, 0), &a, depth - 1) ||
      !linear_of(mlirOperationGetOperand(op, 1), &b, depth - 1))
    return false;
  if (mul) { /* one side constant */
    if (a.n > 0 && b.n > 0)
      return false;
    return b.n == 0 ? add_scaled(out, &a, b.c) : add_scaled(out, &b, a.c);
  }
  return add_scaled(out, &a, 1) && add_scaled(out, &b, sub ? -1 : 1);
}

/* [lo, hi] of the form over its axes; false on overflow. */
static bool range_of(const linear_t *f, int64_t *lo, int64_t *hi) {
  *lo = *hi = f->c;
  for (int i = 0; i < f->n; ++i) {
    int64_t span; /* coef * (extent - 1) */
    if (!strata_mul_i64(f->coef[i], f->extent[i] - 1, &span) ||
        !strata_add_i64(span < 0 ? *lo : *hi, span, span < 0 ? lo : hi))
      return false;
  }
  return true;
}

/* Every static extent of `compute` is positive (its body runs). */
static bool body_runs(MlirOperation compute) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(compute, 0));
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(rt); ++d)
    if (!mlirShapedTypeIsDynamicDim(rt, d) && mlirShapedTypeGetDimSize(rt, d) <= 0)
      return false;
  for (intptr_t r = 0; r < strata_te_compute_num_reduce(compute); ++r)
    if (strata_te_compute_reduce_extent(compute, r) == 0)
      return false;
  return true;
}

MlirLogicalResult strata_te_check_read_bounds(MlirOperation read) {
  MlirOperation compute = mlirOperationGetParentOperation(read);
  if (mlirOperationIsNull(compute) || !strata_op_is(compute, "te.compute") ||
      !body_runs(compute))
    return mlirLogicalResultSuccess();
  MlirType tt = mlirValueGetType(strata_te_read_tensor(read));
  for (intptr_t d = 0; d < strata_te_read_num_indices(read); ++d) {
    linear_t f;
    int64_t lo, hi;
    if (mlirShapedTypeIsDynamicDim(tt, d) ||
        !linear_of(strata_te_read_index(read, d), &f, 8) || !range_of(&f, &lo, &hi))
      continue;
    bool empty = false; /* an axis of an empty outer compute: never read */
    for (int i = 0; i < f.n; ++i)
      empty |= f.extent[i] <= 0;
    int64_t size = mlirShapedTypeGetDimSize(tt, d);
    if (empty || (lo >= 0 && hi < size))
      continue;
    if (lo == hi)
      return strata_emit_error(read, "index #%ld is %lld, out of bounds of dimension %ld of the "
                                     "tensor (size %lld)",
                               (long)d, (long long)lo, (long)d, (long long)size);
    return strata_emit_error(read, "index #%ld ranges over [%lld, %lld] with the axes' extents, "
                                   "out of bounds of dimension %ld of the tensor (size %lld)",
                             (long)d, (long long)lo, (long long)hi, (long)d, (long long)size);
  }
  return mlirLogicalResultSuccess();
}
