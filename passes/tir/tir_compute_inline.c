/* tir-compute-inline: the `compute_inline` schedule primitive on tir. The
 * compute's nest must be a perfect nest of loops starting at 0 with step 1
 * whose innermost body stores one value to P[i0, .., in] (the loop
 * variables, outermost first: every iteration writes its own element, so
 * no reduction) into a buffer P the function allocated (not one of its
 * results). Every load P[e0, .., en] elsewhere in the function is replaced
 * by the stored expression evaluated at (e0, .., en), cloned before the
 * load (loads of other buffers in it are cloned too: te-to-tir buffers are
 * written once, before they are read). The nest, P and its dealloc are
 * then erased. te-inline does the same at the te level for the cases that
 * always pay; this primitive lets a schedule ask for it explicitly.
 * Exports strata_tir_compute_inline (schedule.h) and the pass record. */
#include <stdio.h>

#include <mlir-c/BuiltinAttributes.h>

#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_linear.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

static MlirLogicalResult refuse(MlirOperation root, const char *compute, const char *why) {
  return strata_emit_error(root, "cannot inline compute '%s': %s", compute, why);
}

MlirLogicalResult strata_tir_compute_inline(MlirOperation root) {
  char compute[128];
  strata_tir_compute_name(root, compute, sizeof compute);
  strata_tir_vars_t vars = {.scope = root};
  MlirOperation loops[STRATA_TIR_MAX_VARS];
  MlirOperation loop = root;
  for (;;) {
    if (vars.count == STRATA_TIR_MAX_VARS)
      return refuse(root, compute, "its nest is deeper than 8 loops");
    int64_t lb, step;
    if (!strata_constant_int(strata_tir_for_lower(loop), &lb) || lb != 0 ||
        !strata_constant_int(strata_tir_for_step(loop), &step) || step != 1)
      return refuse(root, compute, "its loops must start at 0 with step 1");
    loops[vars.count] = loop;
    vars.vars[vars.count++] = strata_tir_for_induction_var(loop);
    MlirOperation next = strata_tir_single_inner_loop(loop);
    if (mlirOperationIsNull(next))
      break;
    loop = next;
  }
  /* Everything but the innermost body must be pure index arithmetic; the
   * innermost body holds one store and no other side effect. */
  MlirOperation store = {NULL};
  for (int l = 0; l < vars.count; ++l)
    for (MlirOperation o = mlirBlockGetFirstOperation(strata_tir_for_body(loops[l]));
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
      bool innermost = l == vars.count - 1;
      if (strata_tir_is_for(o) || strata_op_is(o, "gpu.yield") || strata_tir_is_pure(o))
        continue;
      if (innermost && strata_op_is(o, "memref.load"))
        continue;
      if (innermost && strata_op_is(o, "memref.store") && mlirOperationIsNull(store)) {
        store = o;
        continue;
      }
      return refuse(root, compute,
                    "its nest is not a perfect nest of loops around one store (a reduction "
                    "or a scheduled nest cannot be inlined)");
    }
  if (mlirOperationIsNull(store))
    return refuse(root, compute, "its nest stores nothing");
  MlirValue buffer = mlirOperationGetOperand(store, 1);
  intptr_t rank = mlirOperationGetNumOperands(store) - 2;
  if (rank != vars.count)
    return refuse(root, compute, "its store is not indexed by exactly its loops");
  for (intptr_t d = 0; d < rank; ++d)
    if (!mlirValueEqual(mlirOperationGetOperand(store, 2 + d), vars.vars[d]))
      return refuse(root, compute, "its store is not indexed by exactly its loops, in order");
  if (!mlirValueIsAOpResult(buffer) ||
      !strata_op_is(mlirOpResultGetOwner(buffer), "tir.alloc_buffer"))
    return refuse(root, compute, "its result is an output of the function");

  /* The loads to replace; any other use (besides this store and the
   * dealloc) keeps the buffer. */
  strata_op_list_t loads = {0}, deallocs = {0};
  for (MlirOpOperand use = mlirValueGetFirstUse(buffer); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (mlirOperationEqual(user, store))
      continue;
    if (strata_op_is(user, "memref.load") && !strata_tir_defined_inside(
                                                   mlirOperationGetResult(user, 0), root))
      strata_op_list_push(&loads, user);
    else if (strata_op_is(user, "memref.dealloc"))
      strata_op_list_push(&deallocs, user);
    else {
      strata_op_list_free(&loads);
      strata_op_list_free(&deallocs);
      return refuse(root, compute, "its buffer is used by something other than loads");
    }
  }
  MlirValue value = mlirOperationGetOperand(store, 0);
  for (size_t i = 0; i < loads.count; ++i) {
    MlirOperation ld = loads.ops[i];
    MlirValue at[STRATA_TIR_MAX_VARS];
    for (intptr_t d = 0; d < rank; ++d)
      at[d] = mlirOperationGetOperand(ld, 1 + d);
    strata_builder_t b = strata_builder_before(ld);
    MlirValue v = strata_tir_remat_with(&b, &vars, at, value);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(ld, 0), v);
    mlirOperationDestroy(ld);
  }
  for (size_t i = 0; i < deallocs.count; ++i)
    mlirOperationDestroy(deallocs.ops[i]);
  strata_op_list_free(&loads);
  strata_op_list_free(&deallocs);
  mlirOperationDestroy(root);
  mlirOperationDestroy(mlirOpResultGetOwner(buffer));
  return mlirLogicalResultSuccess();
}

/* --- the pass ----------------------------------------------------------- */

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_compute_inline_run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirOperation root;
  if (mlirLogicalResultIsFailure(strata_tir_single_root(
          module, strata_pass_options_get_string(opts, "compute"), false, "tir-compute-inline",
          "compute '%s' has several nests", &root)))
    return mlirLogicalResultFailure();
  return strata_tir_compute_inline(root);
}
