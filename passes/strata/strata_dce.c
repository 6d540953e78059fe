/* strata-dce: erases Strata ops (graph, te, tir, hwi) whose results are all
 * unused. Upstream canonicalize/cse cannot do this: IRDL-defined ops are not
 * known to be side-effect free. Ops without results (stores, intrinsic
 * declarations, loops) are kept. */
#include <stdlib.h>
#include <string.h>

#include "core/op_list.h"
#include "passes/strata/strata_passes.h"
#include "strata/pass.h"

static bool is_strata_op(MlirOperation op) {
  static const char *const prefixes[] = {"graph.", "te.", "tir.", "hwi."};
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; ++i) {
    size_t n = strlen(prefixes[i]);
    if (name.length > n && memcmp(name.data, prefixes[i], n) == 0)
      return true;
  }
  return false;
}

static bool is_dead(MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  if (n == 0 || !is_strata_op(op))
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

static size_t sweep_op(MlirOperation op);

/* Visits a block's ops last to first, so that erasing a user can make the
 * ops before it (its producers, possibly used only inside its regions)
 * dead within the same sweep. Returns the number of ops erased. */
static size_t sweep_block(MlirBlock block) {
  strata_op_list_t ops = {0};
  strata_op_list_block(&ops, block);
  size_t erased = 0;
  for (size_t i = ops.count; i-- > 0;) {
    if (is_dead(ops.ops[i])) {
      mlirOperationDestroy(ops.ops[i]);
      ++erased;
    } else {
      erased += sweep_op(ops.ops[i]);
    }
  }
  strata_op_list_free(&ops);
  return erased;
}

static size_t sweep_op(MlirOperation op) {
  size_t erased = 0;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      erased += sweep_block(b);
  return erased;
}

/* The pass; its record (argument, summary, options): passes/strata/strata_passes.def. */
MlirLogicalResult strata_dce_run(MlirOperation op, const strata_pass_options_t *opts) {
  (void)opts;
  while (sweep_op(op) > 0) {
  }
  return mlirLogicalResultSuccess();
}
