/* Validation's guards against measurement errors (tuning/validate.c), with
 * scripted measurements (no kernel is run, so the outcome is exact):
 *   - roofline: a paired ratio implying a latency below the host's bound
 *     (callbacks.min_latency) is measured again and, still below, rejected;
 *   - confirmation: the winner is measured against the default in fresh
 *     measurements before it is chosen; a lucky one is rejected and the
 *     next finalist confirmed;
 *   - rejections are recorded as errors that disqualify the decisions
 *     (strata_tune_error_disqualifies, what te-apply-tuned uses);
 *   - the same script gives the same choice (determinism).
 * Candidates: knob "c" with choices 0 (the default) .. 3. */
// RUN: rm -f %t.db %t.db-wal %t.db-shm
// RUN: tuning-validate %t.db | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuning/validate.h"

/* Per candidate, the paired ratios returned in turn (the last repeats). */
typedef struct {
  double ratios[4][8];
  int count[4], calls[4];
  int measurements;
} script_t;

static bool measure(void *user, const strata_choice_t *c, double *latency, char **error) {
  (void)error;
  script_t *s = user;
  ++s->measurements;
  *latency = 1e-3 * (c[0] == 0 ? 1.0 : 0.5);
  return true;
}

static bool measure_ratio(void *user, const strata_choice_t *c, double *ratio, char **error) {
  (void)error;
  script_t *s = user;
  ++s->measurements;
  int i = s->calls[c[0]]++;
  *ratio = s->ratios[c[0]][i < s->count[c[0]] ? i : s->count[c[0]] - 1];
  return true;
}

static bool print_record(void *user, const strata_tuning_record_t *r) {
  (void)user;
  if (r->error)
    printf("record %s: %s -> %s\n", r->decisions, r->error,
           strata_tune_error_disqualifies(r->error) ? "disqualified" : "kept");
  return true;
}

/* Validation of a search that measured candidates 0..3 (1, 2, 3 faster
 * than the default by its numbers); returns the chosen candidate. */
static int run(script_t *s, strata_tuning_db_t *db, const strata_tuning_task_t *task,
               strata_space_t *space) {
  strata_choice_t candidates[4] = {0, 1, 2, 3};
  double latencies[4] = {1e-3, 0.4e-3, 0.5e-3, 0.6e-3};
  strata_search_result_t r = {.trials = 4, .candidates = candidates, .latencies = latencies,
                              .best = &candidates[1], .best_latency = latencies[1]};
  strata_validate_callbacks_t cb = {.measure = measure, .measure_ratio = measure_ratio,
                                    .min_latency = 0.1e-3, .user = s};
  const strata_choice_t *chosen = NULL;
  double def = NAN, best = NAN;
  char *error = NULL;
  if (!strata_validate(space, task, &r, &cb, db, 3, 2, &chosen, &def, &best, &error)) {
    printf("error: %s\n", error);
    exit(1);
  }
  printf("chosen %d, default %.3g ms, best %.3g ms, %d measurements\n",
         chosen ? (int)chosen[0] : -1, def * 1e3, best * 1e3, s->measurements);
  return chosen ? (int)chosen[0] : -1;
}

int main(int argc, char **argv) {
  strata_space_t space;
  strata_space_init(&space);
  space.version = 2;
  char *error = NULL;
  int64_t values[4] = {0, 1, 2, 3};
  if (argc < 2 || !strata_space_add_int_knob_fixed(&space, "c", 4, 1, values, &error))
    return 1;
  strata_tuning_db_t *db = strata_tuning_db_open(argv[1], &error);
  if (!db)
    return 1;
  strata_tuning_task_t task;
  strata_tuning_task_init(&task, "kernel", "strata-test");
  /* 1: below the roofline (0.01 x 1 ms < 0.1 ms), twice: rejected.
   * 2: lucky in validation (0.5, 0.5), then 1.0 in the confirmation:
   *    rejected. 3: 0.8 throughout: confirmed and chosen. */
  script_t s = {.ratios = {{1}, {0.01}, {0.5, 0.5, 1.0}, {0.8}}, .count = {1, 1, 3, 1}};
  // CHECK: chosen 3, default 1 ms, best 0.8 ms
  int first = run(&s, db, &task, &space);
  // CHECK: record {"@version":2,"c":[1]}: rejected: below the roofline: paired ratio 0.01 x the default's 1 ms = 0.01 ms, the host needs at least 0.1 ms: a measurement error -> disqualified
  // CHECK: record {"@version":2,"c":[2]}: rejected: not confirmed against the default: its median time / the default's was 1.000 in 2 more paired measurements -> disqualified
  // CHECK-NOT: record
  if (!strata_tuning_db_for_each(db, task.key, task.target, print_record, NULL, &error))
    return 1;
  /* A wrong result disqualifies too; a crash does not. */
  // CHECK: wrong result: disqualified, crash: kept
  printf("wrong result: %s, crash: %s\n",
         strata_tune_error_disqualifies("wrong result: 3 elements differ") ? "disqualified"
                                                                          : "kept",
         strata_tune_error_disqualifies("crashed with signal 11") ? "disqualified" : "kept");
  /* Only lucky candidates: after each is rejected the default stays. */
  script_t t = {.ratios = {{1}, {0.5, 0.5, 1.0}, {0.6, 0.6, 0.995}, {1.2}},
                .count = {1, 3, 3, 1}};
  // CHECK: chosen 0, default 1 ms, best 1 ms
  run(&t, NULL, &task, &space);
  /* The same script, the same choice and the same number of measurements. */
  script_t u = {.ratios = {{1}, {0.01}, {0.5, 0.5, 1.0}, {0.8}}, .count = {1, 1, 3, 1}};
  // CHECK: chosen 3, default 1 ms, best 0.8 ms, [[N:[0-9]+]] measurements
  // CHECK: deterministic: yes
  printf("deterministic: %s\n", run(&u, NULL, &task, &space) == first ? "yes" : "no");
  strata_tuning_db_close(db);
  strata_space_free(&space);
  return 0;
}
