/* Validation after a search, against measurement noise: the default and
 * the `top` fastest other candidates of a search result are measured
 * `rounds` more times each, interleaved, every measurement recorded in the
 * database (if not NULL). The default is measured alone (its score: the
 * median of all its latencies); the others against the default
 * (measure_ratio: both run alternately in one child; recorded as ratio x
 * the default's median so far), and their score is the median ratio x the
 * default's score, counted only when that ratio is below 0.99 (head to
 * head, at least 1% faster). A candidate that failed any measurement is
 * out. The winner is the best score, the default unless another candidate
 * beats it. Without a successful default (trial 0), the scores are the
 * medians of the candidates' own latencies.
 *
 * Two guards against measurement errors, each recorded as an error whose
 * text starts with "rejected:" (te-apply-tuned never applies decisions
 * with such a record, nor with a "wrong result"):
 *   - roofline: a paired measurement whose latency (ratio x the default's
 *     median) is below callbacks->min_latency is measured again, and the
 *     candidate is rejected when it stays below;
 *   - confirmation: a winner other than the default is measured against
 *     the default `rounds` more times (at least 2) in fresh children
 *     before it is chosen; unless the median of these ratios is below
 *     0.99 too, it is rejected and the next best finalist is confirmed
 *     (at most 3 in all), else the default stays. */
#ifndef STRATA_TUNING_VALIDATE_H
#define STRATA_TUNING_VALIDATE_H

#include <stdbool.h>

#include "tuning/database.h"
#include "tuning/search.h"
#include "tuning/space.h"

/* Error texts of rejected measurements begin with these. */
#define STRATA_TUNE_REJECTED_PREFIX "rejected:"
#define STRATA_TUNE_REJECTED_ROOFLINE "rejected: below the roofline:"
#define STRATA_TUNE_REJECTED_UNCONFIRMED "rejected: not confirmed against the default:"

/* True for an error text that disqualifies its decisions for good (a wrong
 * result or a rejected measurement). */
bool strata_tune_error_disqualifies(const char *error);

typedef struct {
  /* A candidate's latency measured alone (seconds), or false with a
   * malloc'd *error. */
  bool (*measure)(void *user, const strata_choice_t *candidate, double *latency, char **error);
  /* A candidate's time / the default's, their runs alternating in one
   * child (< 1: the candidate is faster), or false with a malloc'd *error. */
  bool (*measure_ratio)(void *user, const strata_choice_t *candidate, double *ratio,
                        char **error);
  /* The least possible latency (seconds; 0: no bound), e.g. the roofline. */
  double min_latency;
  void *user;
} strata_validate_callbacks_t;

/* Sets *chosen (a candidate of `result`, or NULL when nothing succeeded)
 * and the default's and winner's scores (NAN when unknown). `space` and
 * `task` name the records. False only on a database error. */
bool strata_validate(const strata_space_t *space, const strata_tuning_task_t *task,
                     const strata_search_result_t *result,
                     const strata_validate_callbacks_t *callbacks, strata_tuning_db_t *db, int top,
                     int rounds, const strata_choice_t **chosen, double *default_score,
                     double *best_score, char **error);

#endif
