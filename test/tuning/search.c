/* Tuning test: search strategies on a synthetic cost function (a GEMM-like
 * space of two 3-part tilings, unroll, vector width and loop order, with a
 * smooth optimum and a crashing corner). Checks: the same seed gives the
 * same candidate sequence (random and evolutionary), initial candidates
 * come first, grid search enumerates a small space and stops, every trial
 * is recorded in the database, the curve CSV, and that model-guided
 * evolutionary search beats random search at equal trials. */
// RUN: rm -f %t.db* %t.*.csv %t.png
// RUN: tuning-search %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CSV < %t.evolutionary.csv
// CSV: trial,latency_s,best_latency_s
// CSV-NEXT: 1,{{[0-9.e-]+}},{{[0-9.e-]+}}
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuning/search.h"

enum { NUM_FEATURES = 12, TRIALS = 96 };

typedef struct {
  const strata_space_t *space;
  int calls;
} synthetic_t;

static double lg(int64_t x) { return log2((double)x); }

static void decisions(const strata_space_t *s, const strata_choice_t *c, int64_t tile[4],
                      int64_t *unroll, int64_t *vec, int *order) {
  size_t len;
  const int64_t *ti = strata_knob_ints(&s->knobs[0], c[0], &len);
  const int64_t *tj = strata_knob_ints(&s->knobs[1], c[1], &len);
  tile[0] = ti[0], tile[1] = ti[1], tile[2] = tj[0], tile[3] = tj[1];
  *unroll = strata_knob_ints(&s->knobs[2], c[2], &len)[0];
  *vec = strata_knob_ints(&s->knobs[3], c[3], &len)[0];
  *order = (int)c[4];
}

static double sq(double x) { return x * x; }

/* Seconds: 1 ms at the optimum (i-tile 4x8, j-tile 2x16, unroll 4, vector
 * 8, order 2), growing smoothly away from it; unroll 16 with vector 16
 * "crashes". */
static bool measure(void *user, const strata_choice_t *c, double *latency, char **error) {
  synthetic_t *syn = user;
  ++syn->calls;
  int64_t t[4], unroll, vec;
  int order;
  decisions(syn->space, c, t, &unroll, &vec, &order);
  if (unroll == 16 && vec == 16) {
    *error = strdup("crashed with signal 11 (Segmentation fault)");
    return false;
  }
  static const double order_cost[6] = {1.6, 1.3, 1.0, 1.2, 1.9, 1.4};
  *latency = 1e-3 * (1 + 0.3 * sq(lg(t[0] * t[1]) - 5)) * (1 + 0.2 * sq(lg(t[1]) - 3)) *
             (1 + 0.3 * sq(lg(t[2] * t[3]) - 5)) * (1 + 0.2 * sq(lg(t[3]) - 4)) *
             (1 + 0.1 * fabs(lg(unroll) - 2)) * (vec == 8 ? 1.0 : 1.3) * order_cost[order];
  return true;
}

static void features(void *user, const strata_choice_t *c, float *out) {
  synthetic_t *syn = user;
  int64_t t[4], unroll, vec;
  int order;
  decisions(syn->space, c, t, &unroll, &vec, &order);
  for (int i = 0; i < 4; ++i)
    out[i] = (float)lg(t[i]);
  out[4] = (float)lg(unroll);
  out[5] = (float)lg(vec);
  for (int i = 0; i < 6; ++i)
    out[6 + i] = order == i;
}

/* For the small grid space: 1 ms more per step of the first knob. */
static bool measure_first_knob(void *user, const strata_choice_t *c, double *latency,
                               char **error) {
  *latency = 1e-3 * (1 + c[0]);
  return true;
}

static void build_space(strata_space_t *s) {
  strata_space_init(s);
  char *error = NULL;
  const int64_t unroll[] = {1, 2, 4, 8, 16}, vec[] = {1, 4, 8, 16};
  const char *orders[] = {"i,j,k", "i,k,j", "k,i,j", "j,i,k", "j,k,i", "k,j,i"};
  if (!strata_space_add_factors_knob(s, "tile_i", 256, 3, &error) ||
      !strata_space_add_factors_knob(s, "tile_j", 256, 3, &error) ||
      !strata_space_add_int_knob_fixed(s, "unroll", 5, 1, unroll, &error) ||
      !strata_space_add_int_knob_fixed(s, "vec", 4, 1, vec, &error) ||
      !strata_space_add_string_knob(s, "order", 6, orders, &error)) {
    printf("space: %s\n", error);
    exit(1);
  }
}

static strata_search_result_t run(const strata_space_t *s, strata_search_strategy_t strategy,
                                  uint64_t seed, int trials, strata_tuning_db_t *db,
                                  const strata_tuning_task_t *task,
                                  const strata_choice_t *initial, size_t num_initial) {
  synthetic_t syn = {s, 0};
  strata_search_options_t opt = strata_search_default_options();
  opt.strategy = strategy;
  opt.seed = seed;
  opt.trials = trials;
  opt.initial = initial;
  opt.num_initial = num_initial;
  strata_search_callbacks_t cb = {
      .measure = measure, .features = features, .num_features = NUM_FEATURES, .user = &syn};
  strata_search_result_t r;
  char *error = NULL;
  if (!strata_search_run(s, &opt, &cb, db, task, &r, &error)) {
    printf("search: %s\n", error);
    exit(1);
  }
  if (syn.calls != r.trials)
    printf("measure called %d times for %d trials\n", syn.calls, r.trials);
  return r;
}

static bool same_sequence(const strata_search_result_t *a, const strata_search_result_t *b) {
  return a->trials == b->trials &&
         memcmp(a->candidates, b->candidates,
                (size_t)a->trials * a->num_knobs * sizeof *a->candidates) == 0;
}

static int distinct(const strata_space_t *s, const strata_search_result_t *r) {
  int n = 0;
  for (int i = 0; i < r->trials; ++i) {
    bool seen = false;
    for (int j = 0; j < i && !seen; ++j)
      seen = memcmp(r->candidates + (size_t)i * r->num_knobs,
                    r->candidates + (size_t)j * r->num_knobs,
                    r->num_knobs * sizeof *r->candidates) == 0;
    n += !seen;
  }
  return n;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char path[4096];
  strata_space_t s;
  build_space(&s);
  // CHECK: space size 243000
  printf("space size %llu\n", (unsigned long long)strata_space_size(&s));

  /* Determinism. */
  strata_search_strategy_t strategies[] = {STRATA_SEARCH_RANDOM, STRATA_SEARCH_EVOLUTIONARY};
  for (int k = 0; k < 2; ++k) {
    strata_search_result_t a = run(&s, strategies[k], 42, 48, NULL, NULL, NULL, 0);
    strata_search_result_t b = run(&s, strategies[k], 42, 48, NULL, NULL, NULL, 0);
    strata_search_result_t c = run(&s, strategies[k], 43, 48, NULL, NULL, NULL, 0);
    // CHECK: random: seed 42 twice: same 1; seed 43: same 0; distinct 48/48
    // CHECK: evolutionary: seed 42 twice: same 1; seed 43: same 0; distinct 48/48
    printf("%s: seed 42 twice: same %d; seed 43: same %d; distinct %d/%d\n",
           strata_search_strategy_name(strategies[k]), same_sequence(&a, &b),
           same_sequence(&a, &c), distinct(&s, &a), a.trials);
    strata_search_result_clear(&a);
    strata_search_result_clear(&b);
    strata_search_result_clear(&c);
  }

  /* Initial candidates are measured first; the database gets every trial. */
  snprintf(path, sizeof path, "%s.db", argv[1]);
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(path, &error);
  if (!db) {
    printf("db: %s\n", error);
    return 1;
  }
  strata_tuning_task_t task;
  strata_tuning_task_init(&task, "synthetic gemm 256x256", "test target");
  strata_choice_t initial[2][5] = {{0, 0, 0, 0, 0}, {3, 3, 4, 3, 0}}; /* 2nd crashes */
  strata_search_result_t r =
      run(&s, STRATA_SEARCH_EVOLUTIONARY, 1, TRIALS, db, &task, &initial[0][0], 2);
  // CHECK: initial first: 1 1; trials 96, errors {{[1-9][0-9]*}}
  printf("initial first: %d %d; trials %d, errors %d\n",
         memcmp(r.candidates, initial[0], sizeof initial[0]) == 0,
         memcmp(r.candidates + 5, initial[1], sizeof initial[1]) == 0, r.trials, r.errors);
  strata_tuning_record_t best = {0};
  int found = strata_tuning_db_best(db, task.key, task.target, &best, &error);
  // CHECK: database: 96 records, best matches: 1
  printf("database: %lld records, best matches: %d\n",
         (long long)strata_tuning_db_count(db, task.key, task.target, &error),
         found == 1 && best.latency == r.best_latency);
  char *best_json = strata_space_decisions_json(&s, r.best);
  // CHECK: best decisions stored: 1
  printf("best decisions stored: %d\n", found == 1 && strcmp(best_json, best.decisions) == 0);
  free(best_json);
  strata_tuning_record_clear(&best);
  strata_tuning_db_close(db);
  snprintf(path, sizeof path, "%s.evolutionary.csv", argv[1]);
  if (!strata_search_write_curve_csv(&r, path, &error)) {
    printf("csv: %s\n", error);
    return 1;
  }
  strata_search_result_clear(&r);

  /* Evolutionary + model vs random at equal trials, over three seeds. */
  double sum_random = 0, sum_evo = 0;
  int evo_wins = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    strata_search_result_t rr = run(&s, STRATA_SEARCH_RANDOM, seed, TRIALS, NULL, NULL, NULL, 0);
    strata_search_result_t re =
        run(&s, STRATA_SEARCH_EVOLUTIONARY, seed, TRIALS, NULL, NULL, NULL, 0);
    printf("seed %llu: random best %.4f ms, evolutionary best %.4f ms\n",
           (unsigned long long)seed, rr.best_latency * 1e3, re.best_latency * 1e3);
    sum_random += rr.best_latency;
    sum_evo += re.best_latency;
    evo_wins += re.best_latency < rr.best_latency;
    if (seed == 1) {
      snprintf(path, sizeof path, "%s.random.csv", argv[1]);
      strata_search_write_curve_csv(&rr, path, &error);
      snprintf(path, sizeof path, "%s.evolutionary.csv", argv[1]);
      strata_search_write_curve_csv(&re, path, &error);
    }
    strata_search_result_clear(&rr);
    strata_search_result_clear(&re);
  }
  // CHECK: evolutionary beats random: 3/3 seeds, mean best 1
  printf("evolutionary beats random: %d/3 seeds, mean best %d\n", evo_wins, sum_evo < sum_random);

  /* Grid search on a small space enumerates it in order and stops. */
  strata_space_t small;
  strata_space_init(&small);
  const int64_t unroll[] = {1, 2, 4};
  const char *orders[] = {"a", "b"};
  strata_space_add_int_knob_fixed(&small, "unroll", 3, 1, unroll, &error);
  strata_space_add_string_knob(&small, "order", 2, orders, &error);
  synthetic_t dummy = {&small, 0};
  strata_search_options_t opt = strata_search_default_options();
  opt.strategy = STRATA_SEARCH_GRID;
  opt.trials = 100;
  strata_search_callbacks_t cb = {.measure = measure_first_knob, .user = &dummy};
  strata_search_result_t g;
  strata_search_run(&small, &opt, &cb, NULL, NULL, &g, &error);
  // CHECK: grid: 6 trials: 00 01 10 11 20 21
  printf("grid: %d trials:", g.trials);
  for (int i = 0; i < g.trials; ++i)
    printf(" %u%u", g.candidates[2 * i], g.candidates[2 * i + 1]);
  printf("\n");
  strata_search_result_clear(&g);
  /* Random and evolutionary stop too when the space runs out. */
  opt.strategy = STRATA_SEARCH_RANDOM;
  strata_search_run(&small, &opt, &cb, NULL, NULL, &g, &error);
  // CHECK: random on 6 candidates: 6 trials
  printf("random on 6 candidates: %d trials\n", g.trials);
  strata_search_result_clear(&g);
  strata_space_free(&small);

  /* A PNG of both curves when gnuplot is installed. */
  char random_csv[4096], evo_csv[4096], png[4096];
  snprintf(random_csv, sizeof random_csv, "%s.random.csv", argv[1]);
  snprintf(evo_csv, sizeof evo_csv, "%s.evolutionary.csv", argv[1]);
  snprintf(png, sizeof png, "%s.png", argv[1]);
  const char *csvs[] = {random_csv, evo_csv}, *labels[] = {"random", "evolutionary + model"};
  // CHECK: plot: {{ok|gnuplot not found: .*}}
  if (strata_search_plot_curves(csvs, labels, 2, png, "synthetic GEMM space", &error))
    printf("plot: ok\n");
  else
    printf("plot: %s\n", error);
  strata_space_free(&s);
  return 0;
}
