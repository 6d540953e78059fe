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
 * medians of the candidates' own latencies. */
#ifndef STRATA_TUNING_VALIDATE_H
#define STRATA_TUNING_VALIDATE_H

#include <stdbool.h>

#include "tuning/database.h"
#include "tuning/search.h"
#include "tuning/space.h"

typedef struct {
  /* A candidate's latency measured alone (seconds), or false with a
   * malloc'd *error. */
  bool (*measure)(void *user, const strata_choice_t *candidate, double *latency, char **error);
  /* A candidate's time / the default's, their runs alternating in one
   * child (< 1: the candidate is faster), or false with a malloc'd *error. */
  bool (*measure_ratio)(void *user, const strata_choice_t *candidate, double *ratio,
                        char **error);
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
