/* Paired measurement of a te tuning task (passes/te/te_measure.c,
 * strata_te_task_measure_ratio): a candidate is compiled and run in one
 * child process together with the default decisions, their calls
 * alternating, and the result is the median ratio candidate / default.
 * The kernel's knob "order" chooses the loop order of a 256x256x256
 * matmul: [i, k, j] (the default: the inner loop walks rows of B and C
 * contiguously and vectorizes) or [j, k, i] (every inner access strides by
 * a row: many times slower); the knob "mark" marks j vectorized or not,
 * which changes nothing in the code (LLVM vectorizes it either way), so
 * (order 0, mark 1) is the default's code under another name: a ratio
 * near 1. Wide bounds, so the test checks the
 * pairing, not the machine's speed. Also: a candidate that computes a
 * wrong result is an error here too, and validation with paired rounds
 * records one latency per measurement. */
// RUN: tuning-te_measure_ratio | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "support/tuning_test.h"

int main(void) {
  tt_matmul_task_t t;
  if (!tt_matmul_task_init(&t, 256, true, NULL))
    return 1;
  strata_te_task_t *task = &t.task;
  char *error = NULL;
  task->measure.repeats = 7;
  task->measure.timeout_seconds = 120; /* two compiles per child, on a busy machine */
  /* The default first: it makes the reference output. */
  strata_choice_t def[2] = {0, 0}, same[2] = {0, 1}, strided[2] = {1, 1};
  double latency = NAN, r_same = NAN, r_strided = NAN;
  bool ok = strata_te_task_measure(task, def, &latency, &error);
  // CHECK: default: ok
  printf("default: %s\n", ok ? "ok" : error);
  ok = strata_te_task_measure_ratio(task, same, &r_same, &error);
  // CHECK-NEXT: same schedule: ok, ratio within [0.25, 4]: yes
  printf("same schedule: %s, ratio within [0.25, 4]: %s\n", ok ? "ok" : error,
         r_same >= 0.25 && r_same <= 4 ? "yes" : "no");
  ok = strata_te_task_measure_ratio(task, strided, &r_strided, &error);
  // CHECK-NEXT: strided order: ok, slower than the default head to head: yes
  printf("strided order: %s, slower than the default head to head: %s\n", ok ? "ok" : error,
         r_strided > 1.5 ? "yes" : "no");
  fprintf(stderr, "ratios: same %g, strided %g\n", r_same, r_strided);

  /* Validation: the default and the 2 other candidates as the search
   * measured them; 2 rounds, the others paired with the default. */
  strata_search_result_t result = {0};
  strata_choice_t candidates[6] = {0, 0, 0, 1, 1, 1};
  double latencies[3] = {latency, latency * 0.5, latency * 0.25};
  result.trials = 3;
  result.candidates = candidates;
  result.latencies = latencies;
  result.best = &candidates[4];
  result.best_latency = latencies[2];
  const strata_choice_t *chosen = NULL;
  double default_score = NAN, best_score = NAN;
  ok = strata_te_task_validate(task, &result, NULL, 2, 2, &chosen, &default_score, &best_score,
                               &error);
  /* The search's lucky numbers for the others do not count: the strided
   * order loses head to head, and the same schedule is not 1% faster than
   * itself often enough to matter; either way the chosen candidate is not
   * the strided one. */
  // CHECK-NEXT: validate: ok, strided chosen: no, default score > 0: yes
  printf("validate: %s, strided chosen: %s, default score > 0: %s\n", ok ? "ok" : error,
         chosen && chosen[0] == 1 ? "yes" : "no", default_score > 0 ? "yes" : "no");
  tt_matmul_task_clear(&t);
  return 0;
}
