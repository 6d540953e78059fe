/* Measuring a tuning task's candidates (tuning/measure.h does the fork and
 * the time limit): the child parses the kernel into a fresh context,
 * writes the decisions, lowers (convert-te-to-tir, tir-apply-schedule,
 * strata-lower-to-llvm), JIT-compiles, runs on seeded random inputs and
 * compares with the reference output, which is the default candidate's
 * (kept in memory shared with the children; the unscheduled kernel's if
 * the default failed). A wrong result is an error, never a latency. */
#ifndef STRATA_PASSES_TE_TE_MEASURE_H
#define STRATA_PASSES_TE_TE_MEASURE_H

#include "passes/te/te_task.h"
#include "tuning/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Measures one candidate in a child process (t->measure: warmup, repeats,
 * timeout). True with the median latency, or false with *error. A latency
 * below the task's roofline bound (strata_te_task_min_seconds) is measured
 * once more, and rejected as a measurement error when it stays below. */
bool strata_te_task_measure(strata_te_task_t *t, const strata_choice_t *candidate,
                            double *latency, char **error);

/* Measures a candidate against the default in one child process: both are
 * compiled, their calls alternate (default, candidate) and the result is
 * the median of the per-run ratios candidate time / default time (< 1:
 * the candidate is faster). */
bool strata_te_task_measure_ratio(strata_te_task_t *t, const strata_choice_t *candidate,
                                  double *ratio, char **error);

/* The least time the task can take on this host (tuning/roofline.h): its
 * reduction iterations at the host's peak vector rate (float computes with
 * reduce axes) and its result written at the host's write bandwidth, over
 * the threads kernels run with, divided by STRATA_ROOFLINE_SLACK. */
double strata_te_task_min_seconds(const strata_te_task_t *t);
/* True (with *error, "rejected: below the host's roofline ...") when
 * `latency` is below that bound. */
bool strata_te_task_reject_below_roofline(strata_te_task_t *t, double latency, char **error);

/* Validation after a search (tuning/validate.h) with this task's
 * measurements: the default and the `top` fastest candidates of `result`
 * measured `rounds` more times, the others against the default. Sets
 * *chosen (NULL when nothing succeeded) and the scores (NAN when unknown).
 * False only on a database error. */
bool strata_te_task_validate(strata_te_task_t *t, const strata_search_result_t *result,
                             strata_tuning_db_t *db, int top, int rounds,
                             const strata_choice_t **chosen, double *default_score,
                             double *best_score, char **error);

/* Callbacks for strata_search_run / strata_search_create over this task
 * (measure, features, canonicalize; no progress). */
strata_search_callbacks_t strata_te_task_callbacks(strata_te_task_t *t);
/* The canonicalize callback (user: the task): knobs of sketches a candidate
 * does not choose take their first choice. */
void strata_te_task_canonicalize(void *user, strata_choice_t *candidate);

#ifdef __cplusplus
}
#endif
#endif
