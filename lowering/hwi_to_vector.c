/* convert-hwi-to-vector: lowers each `hwi.call_tile` of an "fma" intrinsic
 * (C[m, n] += A[m, K] * B[K, n], fp32 register tile) to the register-blocked
 * micro-kernel that makes GEMM fast on CPUs: the m x n tile of C is held in
 * m * n/vw vector registers (vector<vw x f32>) carried through an scf.for
 * over K as iter_args; each step loads n/vw vectors of a row of B,
 * broadcasts m elements of A, and issues m * n/vw vector.fma. C is loaded
 * before the loop and stored after it. Hardware-specific instructions come
 * from LLVM for the host CPU (vector.fma -> FMA on AVX2/AVX-512/NEON).
 * The intrinsic declarations are erased once nothing calls them. */

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/SCF.h>
#include <mlir-c/Dialect/Vector.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/hwi/hwi.h"
#include "dialects/op_checks.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

enum { MAX_ACCUMULATORS = 64 };

static MlirValue vload(strata_builder_t *b, MlirType vt, MlirValue base, MlirValue i,
                       MlirValue j) {
  MlirValue operands[3] = {base, i, j};
  return strata_build_value(b, "vector.load", 3, operands, vt, 0, NULL);
}

static MlirLogicalResult lower_call(MlirOperation call) {
  MlirOperation intr = strata_hwi_call_tile_intrinsic(call);
  if (mlirOperationIsNull(intr))
    return strata_emit_error(call, "refers to an unknown intrinsic");
  if (strata_hwi_intrinsic_kind(intr) != STRATA_HWI_KIND_FMA)
    return strata_emit_error(call, "convert-hwi-to-vector lowers only \"fma\" intrinsics");
  int64_t m = strata_hwi_intrinsic_tile(intr, 0), n = strata_hwi_intrinsic_tile(intr, 1);
  int64_t vw = strata_hwi_intrinsic_vector_width(intr);
  int64_t nv = n / vw;
  if (m * nv > MAX_ACCUMULATORS)
    return strata_emit_error(call, "tile %lldx%lld needs %lld accumulators; at most %d",
                             (long long)m, (long long)n, (long long)(m * nv), MAX_ACCUMULATORS);
  MlirContext ctx = mlirOperationGetContext(call);
  MlirType elt = strata_hwi_intrinsic_acc_type(intr);
  MlirType vt = mlirVectorTypeGet(1, (int64_t[]){vw}, elt);
  MlirValue a = strata_hwi_call_tile_lhs(call), bm = strata_hwi_call_tile_rhs(call),
            c = strata_hwi_call_tile_acc(call);
  strata_builder_t b = strata_builder_before(call);

  MlirValue zero = strata_build_index(&b, 0), one = strata_build_index(&b, 1);
  MlirValue rows[MAX_ACCUMULATORS], cols[MAX_ACCUMULATORS];
  for (int64_t i = 0; i < m; ++i)
    rows[i] = i == 0 ? zero : i == 1 ? one : strata_build_index(&b, i);
  for (int64_t j = 0; j < nv; ++j)
    cols[j] = j == 0 ? zero : strata_build_index(&b, j * vw);
  MlirValue k_extent = strata_build_value(&b, "memref.dim", 2, (MlirValue[]){a, one},
                                          mlirIndexTypeGet(ctx), 0, NULL);

  /* Load the C tile into registers. */
  MlirValue acc[MAX_ACCUMULATORS];
  MlirType acc_types[MAX_ACCUMULATORS];
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < nv; ++j) {
      acc[i * nv + j] = vload(&b, vt, c, rows[i], cols[j]);
      acc_types[i * nv + j] = vt;
    }
  intptr_t nacc = (intptr_t)(m * nv);

  /* scf.for %k = 0 to K step 1 iter_args(acc...) */
  MlirValue for_operands[3 + MAX_ACCUMULATORS] = {zero, k_extent, one};
  for (intptr_t t = 0; t < nacc; ++t)
    for_operands[3 + t] = acc[t];
  MlirType arg_types[1 + MAX_ACCUMULATORS];
  arg_types[0] = mlirIndexTypeGet(ctx);
  for (intptr_t t = 0; t < nacc; ++t)
    arg_types[1 + t] = vt;
  MlirOperation loop = strata_build_region_op(&b, "scf.for", 3 + nacc, for_operands, nacc,
                                              acc_types, 0, NULL, 1 + nacc, arg_types);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  strata_builder_t in = strata_builder_at_end(body, b.loc);
  MlirValue k = mlirBlockGetArgument(body, 0);
  MlirValue brow[MAX_ACCUMULATORS], next[MAX_ACCUMULATORS];
  for (int64_t j = 0; j < nv; ++j)
    brow[j] = vload(&in, vt, bm, k, cols[j]);
  for (int64_t i = 0; i < m; ++i) {
    MlirValue ai = strata_build_value(&in, "memref.load", 3, (MlirValue[]){a, rows[i], k}, elt,
                                      0, NULL);
    MlirValue splat = strata_build_value(&in, "vector.broadcast", 1, &ai, vt, 0, NULL);
    for (int64_t j = 0; j < nv; ++j) {
      MlirValue fma_operands[3] = {splat, brow[j], mlirBlockGetArgument(body, 1 + i * nv + j)};
      next[i * nv + j] = strata_build_value(&in, "vector.fma", 3, fma_operands, vt, 0, NULL);
    }
  }
  strata_build_op(&in, "scf.yield", nacc, next, 0, NULL, 0, NULL);

  /* Store the tile back. */
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < nv; ++j) {
      MlirValue st[4] = {mlirOperationGetResult(loop, i * nv + j), c, rows[i], cols[j]};
      strata_build_op(&b, "vector.store", 4, st, 0, NULL, 0, NULL);
    }
  mlirOperationDestroy(call);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_t list = {0};
  strata_op_list_collect(module, (const char *const[]){"hwi.call_tile", "hwi.intrinsic", NULL},
                         &list);
  bool failed = false;
  for (size_t i = 0; i < list.count; ++i)
    if (strata_op_is(list.ops[i], "hwi.call_tile"))
      failed |= mlirLogicalResultIsFailure(lower_call(list.ops[i]));
  if (!failed)
    for (size_t i = 0; i < list.count; ++i)
      if (strata_op_is(list.ops[i], "hwi.intrinsic"))
        mlirOperationDestroy(list.ops[i]);
  strata_op_list_free(&list);
  return failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const strata_pass_info_t convert_hwi_to_vector_pass = {
    .argument = "convert-hwi-to-vector",
    .summary = "Lower hwi register-tile calls to vector micro-kernels",
    .description =
        "Each hwi.call_tile of an \"fma\" intrinsic becomes the register-blocked "
        "loop: the m x n tile of C in m*n/vw vector accumulators carried through "
        "an scf.for over K (iter_args), a row of B loaded as n/vw vectors and each "
        "A element broadcast per step, m*n/vw vector.fma per step; C loaded before "
        "and stored after. Intrinsic declarations are then erased.",
    .anchor = "builtin.module",
    .dependent_dialects = {mlirGetDialectHandle__scf__, mlirGetDialectHandle__vector__},
    .run = run,
};
