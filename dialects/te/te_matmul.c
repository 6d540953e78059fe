/* Matrix products among te computes (see te_matmul.h). */
#include "dialects/te/te_matmul.h"

#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"

static bool is_arg(MlirValue v, MlirBlock body, intptr_t index) {
  return mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), body) &&
         mlirBlockArgumentGetArgNumber(v) == index;
}

static bool read_uses(MlirOperation read, MlirBlock body, intptr_t arg) {
  for (intptr_t d = 0; d < strata_te_read_num_indices(read); ++d)
    if (is_arg(strata_te_read_index(read, d), body, arg))
      return true;
  return false;
}

bool strata_te_match_matmul(MlirOperation op, strata_te_matmul_t *g) {
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  if (nr != 1 || ns < 2 || strata_te_compute_combiner(op) != STRATA_TE_COMBINER_ADD)
    return false;
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAF32(mlirShapedTypeGetElementType(rt)))
    return false;
  /* The batch extents static; i, j and k may be dynamic (a sequence
   * length: the rows of a projection, both sides of attention's
   * products), which the schedules tile with a remainder. */
  for (intptr_t d = 0; d + 2 < ns; ++d)
    if (mlirShapedTypeIsDynamicDim(rt, d))
      return false;
  int64_t k = strata_te_compute_reduce_extent(op, 0);
  if (k <= 0 && k != STRATA_TE_DYNAMIC_EXTENT)
    return false;
  MlirBlock body = strata_te_compute_body(op);
  MlirValue y = strata_te_compute_yielded(op);
  if (!mlirValueIsAOpResult(y) || !strata_op_is(mlirOpResultGetOwner(y), "arith.mulf"))
    return false;
  MlirOperation mul = mlirOpResultGetOwner(y), reads[2];
  for (int i = 0; i < 2; ++i) {
    MlirValue v = mlirOperationGetOperand(mul, i);
    if (!mlirValueIsAOpResult(v) || !strata_op_is(mlirOpResultGetOwner(v), "te.read"))
      return false;
    reads[i] = mlirOpResultGetOwner(v);
  }
  intptr_t iarg = ns - 2, jarg = ns - 1, karg = ns;
  int a = -1, b = -1;
  for (int i = 0; i < 2; ++i) {
    intptr_t r = strata_te_read_num_indices(reads[i]);
    if (r < 2)
      return false;
    MlirValue last = strata_te_read_index(reads[i], r - 1);
    bool uses_i = read_uses(reads[i], body, iarg), uses_j = read_uses(reads[i], body, jarg);
    if (is_arg(last, body, karg) && uses_i && !uses_j) {
      a = i;
    } else if (is_arg(last, body, jarg) && read_uses(reads[i], body, karg) && !uses_i) {
      b = i;
      g->b_transposed = false;
    } else if (is_arg(last, body, karg) && uses_j && !uses_i) {
      b = i;
      g->b_transposed = true;
    }
  }
  if (a < 0 || b < 0 || mlirValueEqual(strata_te_read_tensor(reads[a]),
                                       strata_te_read_tensor(reads[b])))
    return false;
  /* B's index among the distinct tensors read, in order of first read. */
  MlirValue seen[16];
  int nseen = 0;
  g->b_input = -1;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!strata_op_is(o, "te.read"))
      continue;
    MlirValue t = strata_te_read_tensor(o);
    bool dup = false;
    for (int i = 0; i < nseen; ++i)
      dup |= mlirValueEqual(seen[i], t);
    if (dup || nseen == 16)
      continue;
    if (mlirValueEqual(t, strata_te_read_tensor(reads[b])))
      g->b_input = nseen;
    seen[nseen++] = t;
  }
  if (g->b_input < 0)
    return false;
  g->ns = ns;
  g->a_read = reads[a];
  g->b_read = reads[b];
  g->m = mlirShapedTypeIsDynamicDim(rt, ns - 2) ? STRATA_TE_DYNAMIC_EXTENT
                                                  : mlirShapedTypeGetDimSize(rt, ns - 2);
  g->n = mlirShapedTypeIsDynamicDim(rt, ns - 1) ? STRATA_TE_DYNAMIC_EXTENT
                                                  : mlirShapedTypeGetDimSize(rt, ns - 1);
  g->k = k;
  g->batch = 1;
  for (intptr_t d = 0; d + 2 < ns; ++d)
    if (!strata_mul_i64(g->batch, mlirShapedTypeGetDimSize(rt, d), &g->batch))
      return false; /* too large (the te verifier rejects such types) */
  return (g->m > 0 || g->m == STRATA_TE_DYNAMIC_EXTENT) &&
         (g->n > 0 || g->n == STRATA_TE_DYNAMIC_EXTENT);
}

