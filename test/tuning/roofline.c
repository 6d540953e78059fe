/* The roofline sanity bound on measured latencies (tuning/roofline.h,
 * strata_te_task_measure): the host's peak and bandwidth are measured
 * (positive); a 256^3 product's bound is below what it really takes; a
 * latency reported a million times too small (STRATA_TUNE_INJECT fast=N, a
 * timer glitch) is measured again, and accepted when the second
 * measurement is sane, rejected with a "rejected: below the roofline"
 * error when it is not; a paired ratio is bounded in validation
 * (test/tuning/validate.c). */
// RUN: tuning-roofline | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/te/te_measure.h"
#include "strata/strata.h"
#include "tuning/roofline.h"
#include "tuning/validate.h"

static const char kernel[] =
    "func.func @mm(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {\n"
    "  %c = \"te.compute\"() ({\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %x = \"te.read\"(%a, %i, %k) : (tensor<256x256xf32>, index, index) -> f32\n"
    "    %y = \"te.read\"(%b, %k, %j) : (tensor<256x256xf32>, index, index) -> f32\n"
    "    %m = arith.mulf %x, %y : f32\n"
    "    gpu.yield %m : f32\n"
    "  }) {name = \"mm\", reduce_extents = array<i64: 256>, combiner = \"add\", init = 0.0 : f32,\n"
    "      schedule = [{prim = \"reorder\", order = {knob = \"order\", choices = [\n"
    "        [\"d0\", \"r0\", \"d1\"], [\"d1\", \"r0\", \"d0\"]]}},\n"
    "        {prim = \"vectorize\", axis = \"d1\", enabled = {knob = \"mark\", choices = [true, false]}}]}"
    " : () -> tensor<256x256xf32>\n"
    "  return %c : tensor<256x256xf32>\n"
    "}\n";

static void report(const char *what, bool ok, double latency, double bound, const char *error) {
  if (ok)
    printf("%s: ok, above the bound: %s\n", what, latency >= bound ? "yes" : "no");
  else
    printf("%s: %s\n", what, error);
}

int main(void) {
  // CHECK: peak > 0: yes, bandwidth > 0: yes
  printf("peak > 0: %s, bandwidth > 0: %s\n", strata_roofline_peak_ops() > 0 ? "yes" : "no",
         strata_roofline_write_bandwidth(1 << 20) > 0 ? "yes" : "no");
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  MlirOperation module = strata_parse_module(ctx, mlirStringRefCreateFromCString(kernel),
                                             mlirStringRefCreateFromCString("mm.mlir"));
  if (mlirOperationIsNull(module))
    return 1;
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)));
  MlirOperation compute =
      mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  strata_te_task_t task;
  char *error = NULL;
  if (!strata_te_task_init(&task, compute, "test", &error))
    return printf("error: %s\n", error), 1;
  task.measure.repeats = 3;
  task.measure.timeout_seconds = 120;
  double bound = strata_te_task_min_seconds(&task);
  // CHECK-NEXT: bound > 0: yes
  printf("bound > 0: %s\n", bound > 0 ? "yes" : "no");
  fprintf(stderr, "bound %g ms, peak %g Gop/s\n", bound * 1e3, strata_roofline_peak_ops() * 1e-9);
  strata_choice_t def[2] = {0, 0}, other[2] = {0, 1};
  double latency = NAN;
  /* Measurements 0 (the default), 1 and 2 (a glitch, then sane), 3 and 4
   * (glitches both). */
  setenv("STRATA_TUNE_INJECT", "fast=1,fast=3,fast=4", 1);
  bool ok = strata_te_task_measure(&task, def, &latency, &error);
  // CHECK-NEXT: default: ok, above the bound: yes
  report("default", ok, latency, bound, error);
  ok = strata_te_task_measure(&task, other, &latency, &error);
  // CHECK-NEXT: one glitch: ok, above the bound: yes
  report("one glitch", ok, latency, bound, error);
  free(error), error = NULL;
  ok = strata_te_task_measure(&task, other, &latency, &error);
  // CHECK-NEXT: two glitches: rejected: below the roofline: measured {{.*}} ms, the host needs at least {{.*}} ms for mm 256x256 r256 f32 ({{.*}} Gop/s peak, {{[0-9]+}} threads, slack 2): a measurement error
  report("two glitches", ok, latency, bound, error);
  // CHECK-NEXT: measurements: 5, disqualifies: yes
  printf("measurements: %d, disqualifies: %s\n", task.measurements,
         strata_tune_error_disqualifies(error) ? "yes" : "no");
  free(error);
  strata_te_task_clear(&task);
  mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
