/* Tuning test: the search's measure_batch hook (tuning/search.h), which
 * strata-tune --mpi uses to measure a batch on several ranks. For each
 * strategy, the same seed with `measure` (one at a time) and with
 * `measure_batch` gives the same candidate sequence and the same best; the
 * batches are what the strategy asks for (the evolutionary first round and
 * rounds of batch_size; random and grid in chunks of batch_size), the
 * initial candidate is measured alone through `measure`; a stepped search
 * never gets a batch beyond its step. */
// RUN: tuning-search_batch | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuning/search.h"

enum { TRIALS = 40, BATCH = 8 };

typedef struct {
  int batches, largest, singles;
} counts_t;

/* A smooth synthetic latency with its optimum at (5, 3, 2); knob 2 = 7
 * fails. */
static bool latency_of(const strata_choice_t *c, double *latency, char **error) {
  if (c[2] == 7) {
    *error = strdup("crashed");
    return false;
  }
  *latency = 1e-3 * (1 + 0.2 * fabs((double)c[0] - 5) + 0.3 * fabs((double)c[1] - 3) +
                     0.1 * fabs((double)c[2] - 2));
  return true;
}

static bool measure(void *user, const strata_choice_t *c, double *latency, char **error) {
  ++((counts_t *)user)->singles;
  return latency_of(c, latency, error);
}

static void measure_batch(void *user, const strata_choice_t *c, int n, bool *oks,
                          double *latencies, char **errors) {
  counts_t *counts = user;
  ++counts->batches;
  counts->largest = n > counts->largest ? n : counts->largest;
  for (int i = 0; i < n; ++i) /* any order: here backwards */
    oks[n - 1 - i] = latency_of(c + (size_t)(n - 1 - i) * 3, &latencies[n - 1 - i],
                                &errors[n - 1 - i]);
}

static void features(void *user, const strata_choice_t *c, float *out) {
  (void)user;
  for (int i = 0; i < 3; ++i)
    out[i] = (float)c[i];
}

static void make_space(strata_space_t *s) {
  int64_t values[12];
  for (int i = 0; i < 12; ++i)
    values[i] = i;
  char *error = NULL;
  strata_space_init(s);
  if (!strata_space_add_int_knob_fixed(s, "a", 12, 1, values, &error) ||
      !strata_space_add_int_knob_fixed(s, "b", 8, 1, values, &error) ||
      !strata_space_add_int_knob_fixed(s, "c", 10, 1, values, &error)) {
    printf("FAILED space: %s\n", error);
    exit(1);
  }
}

/* Runs a search (in steps of `step` trials, 0: one run); the result. */
static strata_search_result_t *run(const strata_space_t *space, strata_search_strategy_t st,
                                   bool batched, int step, counts_t *counts) {
  static const strata_choice_t initial[3] = {0, 0, 0};
  strata_search_options_t o = strata_search_default_options();
  o.strategy = st;
  o.seed = 7;
  o.trials = TRIALS;
  o.batch_size = BATCH;
  o.pool_size = 64;
  o.initial = initial;
  o.num_initial = 1;
  strata_search_callbacks_t cb = {.measure = measure,
                                  .features = features,
                                  .num_features = 3,
                                  .measure_batch = batched ? measure_batch : NULL,
                                  .user = counts};
  char *error = NULL;
  strata_search_t *s = strata_search_create(space, &o, &cb, NULL, NULL, &error);
  while (s && !strata_search_done(s))
    if (!strata_search_step(s, step ? step : TRIALS, &error))
      break;
  if (!s || error) {
    printf("FAILED search: %s\n", error ? error : "?");
    exit(1);
  }
  strata_search_result_t *r = calloc(1, sizeof *r);
  const strata_search_result_t *in = strata_search_result(s);
  *r = *in;
  r->candidates = malloc((size_t)in->trials * 3 * sizeof *r->candidates);
  r->latencies = malloc((size_t)in->trials * sizeof *r->latencies);
  memcpy(r->candidates, in->candidates, (size_t)in->trials * 3 * sizeof *r->candidates);
  memcpy(r->latencies, in->latencies, (size_t)in->trials * sizeof *r->latencies);
  r->best_curve = NULL;
  r->best = r->best_trial >= 0 ? r->candidates + (size_t)r->best_trial * 3 : NULL;
  strata_search_free(s);
  return r;
}

static void compare(const char *name, const strata_space_t *space, strata_search_strategy_t st,
                    int step) {
  counts_t one = {0}, many = {0};
  strata_search_result_t *a = run(space, st, false, step, &one);
  strata_search_result_t *b = run(space, st, true, step, &many);
  bool same = a->trials == b->trials &&
              memcmp(a->candidates, b->candidates, (size_t)a->trials * 3 * sizeof *a->candidates) == 0;
  for (int t = 0; same && t < a->trials; ++t)
    same = (isnan(a->latencies[t]) && isnan(b->latencies[t])) || a->latencies[t] == b->latencies[t];
  printf("%s: trials %d, same sequence %d, same best %d (%g ms, %d errors); batched: %d "
         "batches, largest %d, %d single\n",
         name, a->trials, same, a->best_trial == b->best_trial, a->best_latency * 1e3, a->errors,
         many.batches, many.largest, many.singles);
  strata_search_result_t *rs[2] = {a, b};
  for (int i = 0; i < 2; ++i) {
    free(rs[i]->candidates);
    free(rs[i]->latencies);
    free(rs[i]);
  }
}

int main(void) {
  strata_space_t space;
  make_space(&space);
  compare("evolutionary", &space, STRATA_SEARCH_EVOLUTIONARY, 0);
  compare("random", &space, STRATA_SEARCH_RANDOM, 0);
  compare("grid", &space, STRATA_SEARCH_GRID, 0);
  compare("evolutionary in steps of 5", &space, STRATA_SEARCH_EVOLUTIONARY, 5);
  strata_space_free(&space);
  return 0;
}

// 40 trials: the default alone, then 39 in batches of at most 8.
// CHECK: evolutionary: trials 40, same sequence 1, same best 1 ({{.*}} ms, {{[0-9]+}} errors); batched: 5 batches, largest 8, 1 single
// CHECK: random: trials 40, same sequence 1, same best 1 ({{.*}}); batched: 5 batches, largest 8, 1 single
// CHECK: grid: trials 40, same sequence 1, same best 1 ({{.*}}); batched: 5 batches, largest 8, 1 single
// Steps of 5: no batch beyond a step.
// CHECK: evolutionary in steps of 5: trials 40, same sequence 1, same best 1 ({{.*}}); batched: {{[0-9]+}} batches, largest 5, 1 single
