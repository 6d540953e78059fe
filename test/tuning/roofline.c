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

#include "support/tuning_test.h"
#include "tuning/roofline.h"
#include "tuning/validate.h"

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
  tt_matmul_task_t t;
  if (!tt_matmul_task_init(&t, 256, true, NULL))
    return 1;
  strata_te_task_t *task = &t.task;
  char *error = NULL;
  task->measure.repeats = 3;
  task->measure.timeout_seconds = 120;
  double bound = strata_te_task_min_seconds(task);
  // CHECK-NEXT: bound > 0: yes
  printf("bound > 0: %s\n", bound > 0 ? "yes" : "no");
  fprintf(stderr, "bound %g ms, peak %g Gop/s\n", bound * 1e3, strata_roofline_peak_ops() * 1e-9);
  strata_choice_t def[2] = {0, 0}, other[2] = {0, 1};
  double latency = NAN;
  /* Measurements 0 (the default), 1 and 2 (a glitch, then sane), 3 and 4
   * (glitches both). */
  setenv("STRATA_TUNE_INJECT", "fast=1,fast=3,fast=4", 1);
  bool ok = strata_te_task_measure(task, def, &latency, &error);
  // CHECK-NEXT: default: ok, above the bound: yes
  report("default", ok, latency, bound, error);
  ok = strata_te_task_measure(task, other, &latency, &error);
  // CHECK-NEXT: one glitch: ok, above the bound: yes
  report("one glitch", ok, latency, bound, error);
  free(error), error = NULL;
  ok = strata_te_task_measure(task, other, &latency, &error);
  // CHECK-NEXT: two glitches: rejected: below the roofline: measured {{.*}} ms, the host needs at least {{.*}} ms for mm 256x256 r256 f32 ({{.*}} Gop/s peak, {{[0-9]+}} threads, slack 2): a measurement error
  report("two glitches", ok, latency, bound, error);
  // CHECK-NEXT: measurements: 5, disqualifies: yes
  printf("measurements: %d, disqualifies: %s\n", task->measurements,
         strata_tune_error_disqualifies(error) ? "yes" : "no");
  free(error);
  tt_matmul_task_clear(&t);
  return 0;
}
