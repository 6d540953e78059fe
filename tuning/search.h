/* Search strategies over a space of knob values: random, grid, and
 * evolutionary search guided by the learned cost model (a large random pool
 * and an evolved population are ranked by the model; the best unmeasured
 * candidates plus an exploration share of random ones are measured each
 * round). The caller supplies measure(candidate) and features(candidate);
 * every measurement is recorded in the tuning database, and the best-so-far
 * curve is kept for CSV output and gnuplot plots. Deterministic: the same
 * seed and the same measurements give the same candidate sequence. */
#ifndef STRATA_TUNING_SEARCH_H
#define STRATA_TUNING_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tuning/database.h"
#include "tuning/space.h"

typedef enum {
  STRATA_SEARCH_RANDOM,
  STRATA_SEARCH_GRID,
  STRATA_SEARCH_EVOLUTIONARY,
} strata_search_strategy_t;

/* "random", "grid", "evolutionary". */
const char *strata_search_strategy_name(strata_search_strategy_t strategy);
bool strata_search_strategy_parse(const char *name, strata_search_strategy_t *out);

typedef struct {
  strata_search_strategy_t strategy;
  uint64_t seed;
  int trials; /* measurements at most (the search stops early if the space runs out) */
  /* Evolutionary search: */
  int batch_size;        /* candidates measured per round (default 16) */
  int population;        /* population evolved on the model (default 128) */
  int pool_size;         /* random candidates ranked by the model per round (default 1024) */
  int generations;       /* model-guided generations per round (default 4) */
  double exploration;    /* share of each batch drawn at random (default 0.2) */
  double mutation_share; /* children made by mutation, the rest by crossover (default 0.7) */
  /* Candidates measured first, in order, by every strategy (e.g. the
   * default schedule, so that tuning never ends slower than it). */
  const strata_choice_t *initial; /* num_initial * num_knobs */
  size_t num_initial;
  /* With a database, a search resumes: the task's earlier records (of this
   * canonical text and target, fitting the space) are its first trials,
   * not measured again and not counted against `trials`. true: start
   * fresh (every candidate measured again). */
  bool fresh;
} strata_search_options_t;

/* Evolutionary, seed 0, 64 trials, and the defaults above. */
strata_search_options_t strata_search_default_options(void);

/* One measured trial, as reported to the progress callback. */
typedef struct {
  int trial; /* 0-based */
  const strata_choice_t *candidate;
  bool ok;
  double latency;      /* seconds, when ok */
  const char *error;   /* when !ok */
  double best_latency; /* best so far, INFINITY before the first success */
} strata_search_trial_t;

typedef struct {
  /* Measures a candidate: true with *latency in seconds, or false with a
   * malloc'd *error (crash, timeout, wrong result, ...). Required. */
  bool (*measure)(void *user, const strata_choice_t *candidate, double *latency, char **error);
  /* Writes num_features floats describing a candidate (e.g. of its lowered
   * loop nest). Required by the evolutionary strategy. */
  void (*features)(void *user, const strata_choice_t *candidate, float *out);
  size_t num_features;
  /* Optional: called after every trial. */
  void (*progress)(void *user, const strata_search_trial_t *trial);
  /* Optional: rewrites a candidate into its canonical form, e.g. the knobs
   * of sketches it does not choose set to their first choice, so that
   * candidates differing only in knobs without effect are one candidate
   * (measured once). Applied to every sampled, mutated, crossed-over and
   * grid candidate before it is looked up. */
  void (*canonicalize)(void *user, strata_choice_t *candidate);
  /* Optional: measures n distinct candidates at once (say, on several
   * machines: strata-tune --mpi), setting oks[i] and latencies[i] or a
   * malloc'd errors[i] for each (latencies start NAN, errors NULL). The
   * search hands it each batch (the random first round, an evolutionary
   * round, batch_size random or grid candidates) and records the results
   * in batch order, so the search is the same as with `measure`, which
   * still measures the initial candidates. */
  void (*measure_batch)(void *user, const strata_choice_t *candidates, int n, bool *oks,
                        double *latencies, char **errors);
  void *user;
} strata_search_callbacks_t;

typedef struct {
  size_t num_knobs;
  int trials; /* in the result: resumed + measured by this search */
  int resumed; /* the first `resumed` trials are earlier records of the database */
  int stale;   /* earlier records ignored: of another version of the space (space.h) */
  int errors;
  strata_choice_t *candidates; /* trials * num_knobs, in measurement order */
  double *latencies;           /* per trial; NAN for an error */
  double *best_curve;          /* per trial: best latency so far (INFINITY before one) */
  int best_trial;              /* -1 when every trial failed */
  double best_latency;
  const strata_choice_t *best; /* candidates + best_trial * num_knobs, or NULL */
} strata_search_result_t;

/* Runs the search. db may be NULL (nothing recorded); otherwise task names
 * the records (decisions as strata_space_decisions_json). Fails (with
 * *error, keeping the trials done so far in *result) on a database or cost
 * model failure; candidate failures are trials, not search failures. */
bool strata_search_run(const strata_space_t *space, const strata_search_options_t *options,
                       const strata_search_callbacks_t *callbacks, strata_tuning_db_t *db,
                       const strata_tuning_task_t *task, strata_search_result_t *result,
                       char **error);
void strata_search_result_clear(strata_search_result_t *result);

/* The same search in steps, for a caller that shares a trial budget across
 * several tasks (strata-tune's task scheduler): create, then step(n)
 * measures up to n more candidates (never beyond options->trials in all).
 * A search run in steps of n is deterministic given the step sizes; with a
 * single step of options->trials it is exactly strata_search_run. The
 * options, space, callbacks, database and task must outlive the search. */
typedef struct strata_search strata_search_t;
strata_search_t *strata_search_create(const strata_space_t *space,
                                      const strata_search_options_t *options,
                                      const strata_search_callbacks_t *callbacks,
                                      strata_tuning_db_t *db, const strata_tuning_task_t *task,
                                      char **error);
bool strata_search_step(strata_search_t *search, int trials, char **error);
/* True once options->trials are measured or no unmeasured candidate is left. */
bool strata_search_done(const strata_search_t *search);
/* The trials so far (owned by the search). */
const strata_search_result_t *strata_search_result(const strata_search_t *search);
void strata_search_free(strata_search_t *search);

/* Writes "trial,latency_s,best_latency_s" rows (1-based trials; empty
 * fields for an error and before the first success). */
bool strata_search_write_curve_csv(const strata_search_result_t *result, const char *path,
                                   char **error);
/* Plots best_latency_s against trial for several curve CSVs into one PNG
 * with gnuplot. Fails with a message saying so when gnuplot is not installed
 * (Debian: gnuplot-nox); the CSVs are still there. */
bool strata_search_plot_curves(const char *const *csv_paths, const char *const *labels,
                               size_t num_curves, const char *png_path, const char *title,
                               char **error);

#endif
