/* Tuning a whole model: its tasks (one per distinct kernel with knobs,
 * weighted by its occurrences) share one trial budget through a task
 * scheduler (Ansor's): every kernel gets a first round (its default
 * measured first), then each round goes to the kernel whose next trials
 * are expected to cut the model's latency most, Ansor's gradient rule
 * with each kernel's weight = its call count (so weight x latency is its
 * share of the model): count x (alpha x the backward gradient, the best
 * latency's drop per trial over the last round, + (1 - alpha) x the
 * optimistic forward gradient, best / trials so far). A kernel stops early
 * when `early_stop` trials in a row brought no 1% improvement, or when its
 * space is exhausted; all stop at the trial budget or the deadline. After
 * the rounds, each kernel's finalists are validated (te_measure.h).
 * strata-tune and te-autotune drive it (te-autotune: one round of `trials`
 * per kernel). */
#ifndef STRATA_PASSES_TE_TE_TUNE_MODEL_H
#define STRATA_PASSES_TE_TE_TUNE_MODEL_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#include "passes/te/te_task.h"
#include "tuning/search.h"

typedef struct strata_tune_model strata_tune_model_t;

typedef struct {
  strata_te_task_t task;
  int weight; /* occurrences in the model */
  int index;  /* 0-based, in model order */
  strata_search_options_t options;
  strata_choice_t *initial;
  strata_search_callbacks_t callbacks;
  strata_search_t *search;
  double last_best; /* best before its last round */
  int last_round;   /* trials of its last round */
  int rounds;
  bool done;
  bool stopped_early; /* done by the early-stopping rule */
  int since_gain;     /* trials since the best last improved by 1% */
  double gain_best;   /* the best at that improvement */
  MlirOperation *ops; /* the occurrences (weight of them), in module order */
  strata_tune_model_t *model;
  /* After validation (strata_tune_model_validate): */
  const strata_choice_t *chosen;      /* NULL: nothing succeeded */
  double default_score, best_score;   /* NAN when unknown */
} strata_tune_kernel_t;

typedef struct {
  const char *target;                /* target string option (te_task.h) */
  strata_search_strategy_t strategy; /* kernel i searches with seed + i */
  uint64_t seed;
  int trials;     /* measured candidates in all, shared by the kernels */
  int round_size; /* candidates per scheduling round */
  int batch_size; /* candidates per evolutionary batch (0: round_size) */
  int early_stop; /* a kernel stops after this many trials without a 1% gain (0: never) */
  double deadline; /* strata_measure_now() time after which no round starts (0: none) */
  double timeout; /* seconds per candidate */
  int repeats;    /* timed runs per candidate */
  bool flush_cache;
  bool fresh; /* ignore the database's earlier records (else each search resumes from them) */
  /* Optional: a kernel that cannot be tuned (it is skipped). */
  void (*skipped)(void *user, MlirOperation op, const char *summary, const char *error);
  /* Optional: after every trial (model->used already counts it). */
  void (*trial)(void *user, strata_tune_kernel_t *k, const strata_search_trial_t *trial);
  /* Optional: after a round that measured `measured` candidates. */
  void (*round)(void *user, strata_tune_kernel_t *k, int round, int measured);
  /* Optional: measures a batch of kernel k's candidates at once (the search
   * callback measure_batch, tuning/search.h), e.g. spread over MPI ranks;
   * without it each candidate is measured here, one at a time. */
  void (*measure_batch)(void *user, strata_tune_kernel_t *k, const strata_choice_t *candidates,
                        int n, bool *oks, double *latencies, char **errors);
  void *user;
} strata_tune_model_options_t;

struct strata_tune_model {
  strata_tune_kernel_t *kernels;
  size_t count;
  int used; /* trials measured so far */
  int rounds;
  strata_tune_model_options_t options;
  strata_tuning_db_t *db;
};

/* The tasks of every te.compute with knobs in the module (sketches
 * count), identical kernels merged (weight). False with *error only on a
 * search setup failure; a kernel that cannot be tuned is reported through
 * options->skipped. `db` must outlive the model. */
bool strata_tune_model_init(strata_tune_model_t *m, MlirOperation module,
                            const strata_tune_model_options_t *options, strata_tuning_db_t *db,
                            char **error);
/* The scheduler's first rounds: every kernel once (as long as trials are
 * left), sharing the budget so that every kernel gets one round when there
 * are at least as many trials as kernels. */
bool strata_tune_model_first_rounds(strata_tune_model_t *m, char **error);
/* Then rounds by expected gain until the budget or the spaces run out. */
bool strata_tune_model_more_rounds(strata_tune_model_t *m, char **error);
/* Validates every kernel's finalists (`rounds` more measurements each;
 * 0: off), setting each kernel's chosen, default_score and best_score. */
bool strata_tune_model_validate(strata_tune_model_t *m, int rounds, char **error);
void strata_tune_model_free(strata_tune_model_t *m);
/* Writes every kernel's chosen decisions (the default when nothing was
 * chosen) into all its occurrences' schedules (sketches dropped). */
void strata_tune_model_apply(strata_tune_model_t *m);
/* Ansor's gradient rule: the expected drop of the model's latency per
 * trial of one more round of kernel k (INFINITY before its first round). */
double strata_tune_kernel_gain(const strata_tune_kernel_t *k);

/* A kernel's best latency so far (INFINITY before a success) and its
 * default's (trial 0; NAN before it or when it failed). */
double strata_tune_kernel_best(const strata_tune_kernel_t *k);
double strata_tune_kernel_default(const strata_tune_kernel_t *k);
/* Σ weight x best over the kernels; INFINITY until every one has a result. */
double strata_tune_model_estimate(const strata_tune_model_t *m);

#endif
