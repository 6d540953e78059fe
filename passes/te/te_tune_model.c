/* Tuning a whole model (see te_tune_model.h): task collection, the task
 * scheduler that shares the trial budget, and validation. */
#include "passes/te/te_tune_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/op_list.h"
#include "passes/te/te_features.h"
#include "passes/te/te_knobs.h"
#include "passes/te/te_measure.h"
#include "dialects/te/te.h"

/* --- collecting tasks ------------------------------------------------------ */

static strata_tune_kernel_t *add_kernel(strata_tune_model_t *m, size_t *cap) {
  if (m->count == *cap) {
    *cap = *cap ? 2 * *cap : 8;
    if (!(m->kernels = realloc(m->kernels, *cap * sizeof *m->kernels)))
      abort();
  }
  strata_tune_kernel_t *k = &m->kernels[m->count];
  memset(k, 0, sizeof *k);
  return k;
}

/* Adds `op` to kernel k's occurrences. */
static void add_occurrence(strata_tune_kernel_t *k, MlirOperation op) {
  if (!(k->ops = realloc(k->ops, (size_t)(k->weight + 1) * sizeof *k->ops)))
    abort();
  k->ops[k->weight++] = op;
}

/* The task of `op` as a new kernel, or merged into an identical one. */
static void collect_one(strata_tune_model_t *m, MlirOperation op, size_t *cap) {
  strata_tune_kernel_t *k = add_kernel(m, cap);
  char *error = NULL;
  if (!strata_te_task_init(&k->task, op, m->options.target, &error)) {
    if (m->options.skipped)
      m->options.skipped(m->options.user, op, k->task.summary ? k->task.summary : "?", error);
    free(error);
    strata_te_task_clear(&k->task);
    return;
  }
  for (size_t j = 0; j < m->count; ++j)
    if (m->kernels[j].task.task.key == k->task.task.key &&
        strcmp(m->kernels[j].task.canonical, k->task.canonical) == 0) {
      add_occurrence(&m->kernels[j], op);
      strata_te_task_clear(&k->task);
      return;
    }
  add_occurrence(k, op);
  k->index = (int)m->count++;
}

static void collect(strata_tune_model_t *m, MlirOperation module) {
  size_t cap = 0;
  strata_op_list_t computes = {0};
  strata_op_list_collect(module, (const char *const[]){"te.compute", NULL}, &computes);
  for (size_t i = 0; i < computes.count; ++i)
    if (strata_te_compute_has_knobs(computes.ops[i]))
      collect_one(m, computes.ops[i], &cap);
  strata_op_list_free(&computes);
}

/* --- search callbacks ---------------------------------------------------------- */

static bool k_measure(void *user, const strata_choice_t *c, double *latency, char **error) {
  strata_tune_kernel_t *k = user;
  return strata_te_task_measure(&k->task, c, latency, error);
}

static void k_features(void *user, const strata_choice_t *c, float *out) {
  strata_tune_kernel_t *k = user;
  strata_te_task_features(&k->task, c, out);
}

static void k_canonicalize(void *user, strata_choice_t *c) {
  strata_tune_kernel_t *k = user;
  strata_te_task_canonicalize(&k->task, c);
}

static void k_measure_batch(void *user, const strata_choice_t *c, int n, bool *oks,
                            double *latencies, char **errors) {
  strata_tune_kernel_t *k = user;
  k->model->options.measure_batch(k->model->options.user, k, c, n, oks, latencies, errors);
}

static void k_progress(void *user, const strata_search_trial_t *trial) {
  strata_tune_kernel_t *k = user;
  strata_tune_model_t *m = k->model;
  ++m->used;
  /* Early stopping counts trials since the best last dropped by 1%. */
  ++k->since_gain;
  if (trial->ok && !(trial->latency >= 0.99 * k->gain_best)) {
    k->gain_best = trial->latency;
    k->since_gain = 0;
  }
  if (m->options.trial)
    m->options.trial(m->options.user, k, trial);
}

/* Measurement options and the search of kernel i. */
static bool start_search(strata_tune_model_t *m, size_t i, char **error) {
  strata_tune_kernel_t *k = &m->kernels[i];
  const strata_tune_model_options_t *o = &m->options;
  k->model = m;
  k->task.measure.timeout_seconds = o->timeout;
  k->task.measure.repeats = o->repeats;
  k->task.flush_cache = o->flush_cache;
  k->initial = calloc(k->task.space.num_knobs + 1, sizeof *k->initial);
  k->options = strata_search_default_options();
  k->options.strategy = o->strategy;
  k->options.seed = o->seed + i;
  k->options.trials = o->trials;
  k->options.batch_size = o->batch_size > 0 ? o->batch_size : o->round_size;
  k->options.initial = k->initial;
  k->options.num_initial = 1;
  k->options.fresh = o->fresh;
  k->callbacks = (strata_search_callbacks_t){
      .measure = k_measure,
      .features = k_features,
      .num_features = STRATA_TE_NUM_FEATURES,
      .progress = k_progress,
      .canonicalize = k_canonicalize,
      .measure_batch = o->measure_batch ? k_measure_batch : NULL,
      .user = k,
  };
  k->last_best = INFINITY;
  k->gain_best = INFINITY;
  k->search = strata_search_create(&k->task.space, &k->options, &k->callbacks, m->db,
                                   &k->task.task, error);
  return k->search != NULL;
}

bool strata_tune_model_init(strata_tune_model_t *m, MlirOperation module,
                            const strata_tune_model_options_t *options, strata_tuning_db_t *db,
                            char **error) {
  memset(m, 0, sizeof *m);
  m->options = *options;
  m->db = db;
  collect(m, module);
  for (size_t i = 0; i < m->count; ++i)
    if (!start_search(m, i, error))
      return false;
  return true;
}

void strata_tune_model_free(strata_tune_model_t *m) {
  for (size_t i = 0; i < m->count; ++i) {
    strata_search_free(m->kernels[i].search);
    free(m->kernels[i].initial);
    strata_te_task_clear(&m->kernels[i].task);
    free(m->kernels[i].ops);
  }
  free(m->kernels);
  memset(m, 0, sizeof *m);
}

/* --- the scheduler ----------------------------------------------------------------- */

double strata_tune_kernel_best(const strata_tune_kernel_t *k) {
  if (!k->search)
    return INFINITY;
  return strata_search_result(k->search)->best_latency;
}

double strata_tune_kernel_default(const strata_tune_kernel_t *k) {
  const strata_search_result_t *r = k->search ? strata_search_result(k->search) : NULL;
  size_t n = k->task.space.num_knobs;
  for (int t = 0; r && t < r->trials; ++t) /* measured now, or resumed from the database */
    if (memcmp(r->candidates + (size_t)t * n, k->initial, n * sizeof *k->initial) == 0)
      return r->latencies[t];
  return NAN;
}

double strata_tune_model_estimate(const strata_tune_model_t *m) {
  double sum = 0;
  for (size_t i = 0; i < m->count; ++i)
    sum += m->kernels[i].weight * strata_tune_kernel_best(&m->kernels[i]);
  return sum;
}

/* Ansor's weight of the backward gradient (its alpha). */
#define GRADIENT_ALPHA 0.2

double strata_tune_kernel_gain(const strata_tune_kernel_t *k) {
  double best = strata_tune_kernel_best(k);
  if (!isfinite(best))
    return k->rounds == 0 ? INFINITY : 0;
  int trials = k->search ? strata_search_result(k->search)->trials : 0;
  double backward = isfinite(k->last_best) && k->last_round > 0
                        ? fmax(k->last_best - best, 0) / k->last_round
                        : 0;
  double forward = best / (trials > 0 ? trials : 1);
  return k->weight * (GRADIENT_ALPHA * backward + (1 - GRADIENT_ALPHA) * forward);
}

static bool past_deadline(const strata_tune_model_t *m) {
  return m->options.deadline > 0 && strata_measure_now() >= m->options.deadline;
}

static bool run_round(strata_tune_model_t *m, strata_tune_kernel_t *k, int trials, char **error) {
  const strata_search_result_t *r = strata_search_result(k->search);
  int before = r->trials;
  k->last_best = r->best_latency;
  if (!strata_search_step(k->search, trials, error))
    return false;
  ++k->rounds;
  int round = ++m->rounds;
  int measured = strata_search_result(k->search)->trials - before;
  k->last_round = measured;
  if (measured == 0 || strata_search_done(k->search))
    k->done = true;
  if (!k->done && m->options.early_stop > 0 && k->since_gain >= m->options.early_stop)
    k->done = k->stopped_early = true;
  if (measured > 0 && m->options.round)
    m->options.round(m->options.user, k, round, measured);
  return true;
}

bool strata_tune_model_first_rounds(strata_tune_model_t *m, char **error) {
  int trials = m->options.trials, round_size = m->options.round_size;
  int first = m->count ? trials / (int)m->count : 0;
  first = first < 1 ? 1 : first < round_size ? first : round_size;
  for (size_t i = 0; i < m->count && m->used < trials && !past_deadline(m); ++i) {
    int left = trials - m->used;
    if (!run_round(m, &m->kernels[i], left < first ? left : first, error))
      return false;
  }
  return true;
}

bool strata_tune_model_more_rounds(strata_tune_model_t *m, char **error) {
  int trials = m->options.trials, round_size = m->options.round_size;
  while (m->used < trials && !past_deadline(m)) {
    strata_tune_kernel_t *pick = NULL;
    double best_gain = -1;
    for (size_t i = 0; i < m->count; ++i) {
      double g = strata_tune_kernel_gain(&m->kernels[i]);
      if (!m->kernels[i].done && g > best_gain) {
        best_gain = g;
        pick = &m->kernels[i];
      }
    }
    if (!pick)
      break;
    int left = trials - m->used;
    if (!run_round(m, pick, left < round_size ? left : round_size, error))
      return false;
  }
  return true;
}

bool strata_tune_model_validate(strata_tune_model_t *m, int rounds, char **error) {
  for (size_t i = 0; i < m->count; ++i) {
    strata_tune_kernel_t *k = &m->kernels[i];
    if (!strata_te_task_validate(&k->task, strata_search_result(k->search), m->db, 3, rounds,
                                 &k->chosen, &k->default_score, &k->best_score, error))
      return false;
  }
  return true;
}

/* Each occurrence with its own trace (its own loop names: identical
 * kernels may name their axes differently), the same knob choices. */
void strata_tune_model_apply(strata_tune_model_t *m) {
  for (size_t i = 0; i < m->count; ++i) {
    strata_tune_kernel_t *k = &m->kernels[i];
    size_t nk = k->task.space.num_knobs;
    for (int o = 0; o < k->weight; ++o) {
      MlirOperation op = k->ops[o];
      strata_te_knob_t *knobs = NULL;
      size_t n = 0;
      char *error = NULL;
      bool same = strata_te_read_knobs(op, strata_te_compute_schedule(op), &knobs, &n, NULL,
                                       &error) &&
                  n == nk;
      free(error);
      strata_te_compute_set_trace(op, strata_te_compute_trace(op, knobs, n,
                                                              same ? k->chosen : NULL));
      strata_te_knobs_free(knobs, n);
    }
  }
}
