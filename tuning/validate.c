/* Validation after a search (see validate.h): the finalists measured
 * again, the others paired with the default, and the winner. */
#include "tuning/validate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuning/measure.h"

typedef struct {
  const strata_choice_t *candidate;
  double samples[64]; /* latencies measured alone */
  int count;
  double ratios[64]; /* latency / the default's, measured alongside it */
  int num_ratios;
  bool failed;
} finalist_t;

/* A validated candidate replaces the default only when it was faster than
 * the default, run alternately in one process, by more than this share (a
 * 1% difference is within what the same kernel measures against itself). */
#define PAIRED_MIN_GAIN 0.01

static int by_latency(const void *a, const void *b) {
  double x = ((const double *)a)[0], y = ((const double *)b)[0];
  return x < y ? -1 : x > y;
}

/* Finalists: trial 0 (the default) and the `top` (at most 16) fastest
 * others. Returns their number (f has room for 17). */
static int pick_finalists(const strata_search_result_t *r, size_t k, int top, finalist_t *f) {
  int n = 0;
  if (r->trials > 0 && !isnan(r->latencies[0]))
    f[n++] = (finalist_t){.candidate = r->candidates, .samples = {r->latencies[0]}, .count = 1};
  double (*order)[2] = malloc(sizeof *order * (size_t)(r->trials + 1));
  int m = 0;
  for (int i = 1; i < r->trials; ++i)
    if (!isnan(r->latencies[i]))
      order[m][0] = r->latencies[i], order[m++][1] = i;
  qsort(order, (size_t)m, sizeof *order, by_latency);
  for (int i = 0; i < m && n < 1 + (top < 16 ? top : 16); ++i) {
    int trial = (int)order[i][1];
    f[n++] = (finalist_t){.candidate = r->candidates + (size_t)trial * k,
                          .samples = {r->latencies[trial]}, .count = 1};
  }
  free(order);
  return n;
}

bool strata_tune_error_disqualifies(const char *error) {
  return error && (strncmp(error, "wrong result", 12) == 0 ||
                   strncmp(error, STRATA_TUNE_REJECTED_PREFIX,
                           sizeof STRATA_TUNE_REJECTED_PREFIX - 1) == 0);
}

static bool record(const strata_space_t *space, const strata_tuning_task_t *task,
                   strata_tuning_db_t *db, const strata_choice_t *candidate, double latency,
                   const char *failure, char **error) {
  if (!db)
    return true;
  char *decisions = strata_space_record_json(space, candidate);
  bool added = strata_tuning_db_add(db, task, decisions, latency, failure, 0, error);
  free(decisions);
  return added;
}

/* A paired measurement of finalist i: its ratio, measured once more when
 * the latency it implies is below the roofline, rejected when it stays
 * below. False (with *failure) when it failed or was rejected. */
static bool paired_ratio(const strata_validate_callbacks_t *cb, finalist_t *f, int i,
                         double *ratio, char **failure) {
  double base = strata_median(f[0].samples, f[0].count);
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!cb->measure_ratio(cb->user, f[i].candidate, ratio, failure))
      return false;
    if (!(*ratio * base < cb->min_latency))
      return true;
  }
  char text[256];
  snprintf(text, sizeof text,
           "%s paired ratio %.3g x the default's %.4g ms = %.4g ms, the host needs at least "
           "%.4g ms: a measurement error",
           STRATA_TUNE_REJECTED_ROOFLINE, *ratio, base * 1e3, *ratio * base * 1e3,
           cb->min_latency * 1e3);
  *failure = strdup(text);
  return false;
}

/* One more measurement of finalist i, recorded. False on a database error. */
static bool measure_again(const strata_space_t *space, const strata_tuning_task_t *task,
                          const strata_validate_callbacks_t *cb, strata_tuning_db_t *db,
                          finalist_t *f, int i, bool paired, char **error) {
  double value = NAN, latency = NAN;
  char *failure = NULL;
  bool against_default = paired && i > 0;
  bool ok = against_default ? paired_ratio(cb, f, i, &value, &failure)
                            : cb->measure(cb->user, f[i].candidate, &value, &failure);
  if (ok && against_default) {
    f[i].ratios[f[i].num_ratios++] = value;
    latency = value * strata_median(f[0].samples, f[0].count);
  } else if (ok) {
    f[i].samples[f[i].count++] = latency = value;
  } else {
    f[i].failed = true;
  }
  bool added = record(space, task, db, f[i].candidate, latency, ok ? NULL : failure, error);
  free(failure);
  return added;
}

/* The winner i (not the default) measured against the default `rounds`
 * more times in fresh children, each recorded. Sets *confirmed when the
 * median of these ratios is below 1 - PAIRED_MIN_GAIN; otherwise the
 * candidate is rejected (recorded) and out. False on a database error. */
static bool confirm(const strata_space_t *space, const strata_tuning_task_t *task,
                    const strata_validate_callbacks_t *cb, strata_tuning_db_t *db, finalist_t *f,
                    int i, int rounds, bool *confirmed, char **error) {
  double ratios[64];
  int n = 0;
  int room = 64 - f[i].num_ratios;
  rounds = rounds < 2 ? 2 : rounds;
  rounds = rounds < room ? rounds : room;
  *confirmed = false;
  for (int r = 0; r < rounds; ++r) {
    int before = f[i].num_ratios;
    if (!measure_again(space, task, cb, db, f, i, true, error))
      return false;
    if (f[i].failed)
      return true;
    ratios[n++] = f[i].ratios[before];
  }
  double ratio = strata_median(ratios, n);
  if (ratio < 1.0 - PAIRED_MIN_GAIN)
    return *confirmed = true;
  f[i].failed = true;
  char text[192];
  snprintf(text, sizeof text,
           "%s its median time / the default's was %.3f in %d more paired measurements",
           STRATA_TUNE_REJECTED_UNCONFIRMED, ratio, n);
  return record(space, task, db, f[i].candidate, NAN, text, error);
}

/* The finalists' scores; the winner's index or -1. */
static int pick_winner(const strata_search_result_t *r, finalist_t *f, int n, bool paired,
                       double *default_score, double *best_score) {
  int winner = -1;
  double best = INFINITY;
  for (int i = 0; i < n; ++i) {
    double score = f[i].failed ? NAN : strata_median(f[i].samples, f[i].count);
    if (paired && i > 0 && !f[i].failed && f[i].num_ratios > 0) {
      /* Another candidate wins only when it beat the default head to head
       * by more than PAIRED_MIN_GAIN. */
      double ratio = strata_median(f[i].ratios, f[i].num_ratios);
      score = ratio < 1.0 - PAIRED_MIN_GAIN ? ratio * strata_median(f[0].samples, f[0].count) : NAN;
    }
    if (i == 0 && f[0].candidate == r->candidates)
      *default_score = score;
    if (!isnan(score) && score < best)
      best = score, winner = i;
  }
  *best_score = winner >= 0 ? best : NAN;
  return winner;
}

bool strata_validate(const strata_space_t *space, const strata_tuning_task_t *task,
                     const strata_search_result_t *r, const strata_validate_callbacks_t *cb,
                     strata_tuning_db_t *db, int top, int rounds, const strata_choice_t **chosen,
                     double *default_score, double *best_score, char **error) {
  *chosen = r->best;
  *default_score = r->trials > 0 ? r->latencies[0] : NAN;
  *best_score = r->best ? r->best_latency : NAN;
  if (!r->best || rounds <= 0)
    return true;
  finalist_t f[17];
  int n = pick_finalists(r, space->num_knobs, top, f);
  /* Paired: with the default at f[0], the others are measured against it
   * in the same child (measure_ratio), so their scores do not depend on
   * how fast the machine was when each one ran. */
  bool paired = n > 0 && f[0].candidate == r->candidates;
  for (int round = 0; round < rounds && round < 60; ++round)
    for (int i = 0; i < n; ++i)
      if (!f[i].failed && !measure_again(space, task, cb, db, f, i, paired, error))
        return false;
  int winner = pick_winner(r, f, n, paired, default_score, best_score);
  /* The winner is confirmed against the default before it is chosen;
   * after 3 unconfirmed winners the default stays. */
  bool confirmed = false;
  for (int tries = 0; paired && winner > 0 && !confirmed && tries < 3; ++tries) {
    if (!confirm(space, task, cb, db, f, winner, rounds, &confirmed, error))
      return false;
    if (!confirmed)
      winner = pick_winner(r, f, n, paired, default_score, best_score);
  }
  if (paired && winner > 0 && !confirmed) {
    winner = f[0].failed ? -1 : 0;
    *best_score = winner == 0 ? *default_score : NAN;
  }
  *chosen = winner >= 0 ? f[winner].candidate : NULL;
  return true;
}
