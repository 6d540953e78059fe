/* A tuning task whose product reads a constant (a model's weights,
 * passes/te/te_task.c arg_constant): the measured kernel holds that input
 * as a constant of the seeded values, so te-pack-constants packs it at
 * compile time as in the model, instead of a per-call packing step being
 * timed. The runtime input (A) stays an argument; candidates packing B or
 * not both build, run and match the default's reference. */
// RUN: tuning-te_constant_weights | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/op_checks.h"
#include "passes/te/te_measure.h"
#include "strata/strata.h"
#include "support/tuning_test.h"

static const char MODEL[] =
    "func.func @mm(%a: tensor<64x96xf32>) -> tensor<64x128xf32> {\n"
    "  %b = arith.constant dense<0.5> : tensor<96x128xf32>\n"
    "  %c = \"te.compute\"() ({\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %x = \"te.read\"(%a, %i, %k) : (tensor<64x96xf32>, index, index) -> f32\n"
    "    %y = \"te.read\"(%b, %k, %j) : (tensor<96x128xf32>, index, index) -> f32\n"
    "    %m = arith.mulf %x, %y : f32\n"
    "    gpu.yield %m : f32\n"
    "  }) {name = \"mm\", reduce_extents = array<i64: 96>, combiner = \"add\", "
    "init = 0.0 : f32} : () -> tensor<64x128xf32>\n"
    "  return %c : tensor<64x128xf32>\n"
    "}\n";

int main(void) {
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  MlirOperation module = strata_parse_module(ctx, mlirStringRefCreateFromCString(MODEL),
                                             mlirStringRefCreateFromCString("mm.mlir"));
  if (mlirOperationIsNull(module) ||
      mlirLogicalResultIsFailure(
          strata_run_pipeline(module, "builtin.module(te-default-schedule{knobs=true})")))
    return 1;
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)));
  MlirOperation compute =
      mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  while (!mlirOperationIsNull(compute) && !strata_op_is(compute, "te.compute"))
    compute = mlirOperationGetNextInBlock(compute);
  strata_te_task_t task;
  char *error = NULL;
  if (!strata_te_task_init(&task, compute, "test", &error))
    tt_die("task", error);
  // CHECK: inputs 2, constant: 0 1
  printf("inputs %d, constant: %d %d\n", task.num_inputs, task.arg_constant[0],
         task.arg_constant[1]);
  int pack = -1;
  for (size_t k = 0; k < task.space.num_knobs; ++k)
    if (!strcmp(task.space.knobs[k].name, "pack"))
      pack = (int)k;
  // CHECK-NEXT: pack knob: yes
  printf("pack knob: %s\n", pack >= 0 ? "yes" : "no");
  if (pack < 0)
    return 1;
  task.measure.repeats = 3;
  task.measure.timeout_seconds = 60;
  strata_choice_t candidate[16] = {0};
  double latency = NAN;
  bool ok = strata_te_task_measure(&task, candidate, &latency, &error);
  // CHECK-NEXT: default (B packed at compile time): ok
  printf("default (B packed at compile time): %s\n", ok ? "ok" : error);
  candidate[pack] = 1;
  ok = strata_te_task_measure(&task, candidate, &latency, &error);
  // CHECK-NEXT: B not packed: ok
  printf("B not packed: %s\n", ok ? "ok" : error);
  strata_te_task_clear(&task);
  mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
