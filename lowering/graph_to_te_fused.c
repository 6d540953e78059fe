/* convert-graph-to-te: the groups graph-fuse outlined (private func.funcs
 * with a `graph.fused` attribute) are inlined back at their calls before
 * the ops are lowered, and the functions erased. The te level then fuses
 * each group's elementwise ops into one loop nest (te-inline); see
 * docs/fusion.md. */
#include "lowering/graph_to_te.h"

#include <mlir-c/BuiltinAttributes.h>

#include "core/op_list.h"
#include "dialects/op_checks.h"

static bool is_fused_func(MlirOperation op) {
  return strata_op_is(op, "func.func") &&
         !mlirAttributeIsNull(
             mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("graph.fused")));
}

/* The ops of `func`'s one block, cloned before `call` with the arguments
 * replaced by the call's operands; the call's result by the returned value. */
static void inline_call(MlirOperation call, MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  strata_op_list_t from = {0}, to = {0}; /* defining ops, for the value map */
  MlirBlock at = mlirOperationGetBlock(call);
  MlirValue ret = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    bool is_ret = strata_op_is(op, "func.return");
    MlirOperation copy = is_ret ? op : mlirOperationClone(op);
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
      MlirValue v = mlirOperationGetOperand(op, k), nv = v;
      if (mlirValueIsABlockArgument(v)) {
        nv = mlirOperationGetOperand(call, mlirBlockArgumentGetArgNumber(v));
      } else {
        for (size_t i = 0; i < from.count; ++i)
          if (mlirOperationEqual(from.ops[i], mlirOpResultGetOwner(v)))
            nv = mlirOperationGetResult(to.ops[i], mlirOpResultGetResultNumber(v));
      }
      if (is_ret)
        ret = nv;
      else
        mlirOperationSetOperand(copy, k, nv);
    }
    if (is_ret)
      break;
    mlirBlockInsertOwnedOperationBefore(at, call, copy);
    strata_op_list_push(&from, op);
    strata_op_list_push(&to, copy);
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(call, 0), ret);
  mlirOperationDestroy(call);
  strata_op_list_free(&from);
  strata_op_list_free(&to);
}

void g2t_inline_fused(MlirOperation module) {
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  strata_op_list_t fused = {0}, calls = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (is_fused_func(op))
      strata_op_list_push(&fused, op);
  if (fused.count == 0)
    return;
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  strata_op_list_collect(module, (const char *const[]){"func.call", NULL}, &calls);
  for (size_t i = 0; i < calls.count; ++i) {
    MlirAttribute callee = mlirOperationGetAttributeByName(
        calls.ops[i], mlirStringRefCreateFromCString("callee"));
    MlirOperation f = mlirSymbolTableLookup(table, mlirFlatSymbolRefAttrGetValue(callee));
    if (!mlirOperationIsNull(f) && is_fused_func(f) && mlirOperationGetNumResults(calls.ops[i]) == 1)
      inline_call(calls.ops[i], f);
  }
  mlirSymbolTableDestroy(table);
  for (size_t i = 0; i < fused.count; ++i)
    mlirOperationDestroy(fused.ops[i]);
  strata_op_list_free(&fused);
  strata_op_list_free(&calls);
}
