/* convert-tir-to-scf: lowers tir loop nests to upstream dialects.
 *   tir.for kind=parallel                  -> scf.parallel (one dimension);
 *                                             scf.for when it runs at most
 *                                             once (constant bounds): a
 *                                             thread team for one iteration
 *                                             is a fork/join for nothing
 *   tir.for kind=serial/vectorized/unrolled -> scf.for
 *   tir.alloc_buffer scope=global/packed    -> memref.alloc {alignment = 64}
 *   tir.alloc_buffer scope=local            -> memref.alloca
 *   tir.for kind=vectorized whose body qualifies -> vector code, no loop
 *                                             (tir_loop_vectorizer.c)
 * Loop bodies are moved, not copied; the loop's name and kind stay on the
 * new loop as `tir.name` / `tir.kind` so later IR can be read against the
 * schedule. Unrolled loops have been rewritten by tir-unroll already; here
 * they, and vectorized loops whose bodies do not qualify for vector code
 * (gathers, reductions over the loop), become plain loops. */

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/MemRef.h>
#include <mlir-c/Dialect/SCF.h>
#include <mlir-c/Dialect/Vector.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "lowering/lowering_passes.h"
#include "lowering/tir_loop_vectorizer.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

/* Replaces the gpu.yield ending `block` with `terminator` (no operands). */
static void replace_terminator(MlirBlock block, const char *terminator, MlirLocation loc) {
  MlirOperation old = mlirBlockGetTerminator(block);
  strata_builder_t b = strata_builder_at_end(block, loc);
  strata_build_op(&b, terminator, 0, NULL, 0, NULL, 0, NULL);
  mlirOperationDestroy(old);
}

/* Whether the loop's bounds are constants giving at most one iteration
 * (a single panel to pack, a batch of 1). */
static bool at_most_once(const MlirValue *bounds) {
  int64_t lb, ub, step;
  return strata_constant_int(bounds[0], &lb) && strata_constant_int(bounds[1], &ub) &&
         strata_constant_int(bounds[2], &step) && step > 0 && ub - lb <= step;
}

static void lower_for(MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  strata_builder_t b = strata_builder_before(op);
  MlirValue bounds[3] = {strata_tir_for_lower(op), strata_tir_for_upper(op),
                         strata_tir_for_step(op)};
  bool parallel = strata_tir_for_kind(op) == STRATA_TIR_LOOP_PARALLEL && !at_most_once(bounds);
  MlirNamedAttribute attrs[3] = {
      strata_named(ctx, "tir.name", mlirOperationGetAttributeByName(
                                        op, mlirStringRefCreateFromCString("name"))),
      strata_named(ctx, "tir.kind", mlirOperationGetAttributeByName(
                                        op, mlirStringRefCreateFromCString("kind"))),
      strata_named(ctx, "operandSegmentSizes",
                   mlirDenseI32ArrayGet(ctx, 4, (const int32_t[]){1, 1, 1, 0})),
  };
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString(parallel ? "scf.parallel" : "scf.for"), b.loc);
  mlirOperationStateAddOperands(&st, 3, bounds);
  mlirOperationStateAddAttributes(&st, parallel ? 3 : 2, attrs);
  MlirRegion region = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation loop = strata_build_insert(&b, mlirOperationCreate(&st));
  /* Carry over the other discardable attributes (te.compute, te.schedule). */
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MlirStringRef n = mlirIdentifierStr(a.name);
    if (!strata_str_eq(n, "name") && !strata_str_eq(n, "kind"))
      mlirOperationSetAttributeByName(loop, n, a.attribute);
  }
  MlirRegion body = mlirOperationGetRegion(loop, 0);
  mlirRegionTakeBody(body, mlirOperationGetRegion(op, 0));
  replace_terminator(mlirRegionGetFirstBlock(body), parallel ? "scf.reduce" : "scf.yield",
                     b.loc);
  mlirOperationDestroy(op);
}

static void lower_alloc(MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  strata_builder_t b = strata_builder_before(op);
  bool local = strata_tir_alloc_buffer_scope(op) == STRATA_TIR_SCOPE_LOCAL;
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue dims[16];
  for (intptr_t i = 0; i < n && i < 16; ++i)
    dims[i] = mlirOperationGetOperand(op, i);
  MlirNamedAttribute attrs[2] = {
      strata_named(ctx, "operandSegmentSizes",
                   mlirDenseI32ArrayGet(ctx, 2, (const int32_t[]){(int32_t)n, 0})),
      strata_named(ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 64)),
  };
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue mem = strata_build_value(&b, local ? "memref.alloca" : "memref.alloc", n, dims,
                                     mlirValueGetType(result), 2, attrs);
  mlirValueReplaceAllUsesOfWith(result, mem);
  mlirOperationDestroy(op);
}

/* The pass; its record (argument, summary, options): lowering/lowering_passes.def. */
MlirLogicalResult convert_tir_to_scf_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_t list = {0};
  strata_op_list_collect(module, (const char *const[]){"tir.for", "tir.alloc_buffer", NULL},
                         &list);
  bool failed = false;
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation op = list.ops[i];
    if (strata_op_is(op, "tir.alloc_buffer")) {
      if (mlirOperationGetNumOperands(op) > 16) {
        failed = true;
        strata_emit_error(op, "has more than 16 dynamic dimensions");
        continue;
      }
      lower_alloc(op);
    } else if (strata_tir_for_kind(op) != STRATA_TIR_LOOP_VECTORIZED ||
               !strata_tir_vectorize_loop(op)) {
      lower_for(op);
    }
  }
  strata_op_list_free(&list);
  return failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
