/* te-apply-tuned: writes the best known decisions from a tuning database
 * into every te.compute schedule with knobs, without measuring anything.
 *
 * The compute's task (canonical text + target string, te_task.h) is
 * looked up in the database; the decisions with the lowest median latency
 * over their records that fit the knobs (every knob named, every value one
 * of its choices) replace the knobs. Records are used only when the
 * canonical text stored with their task key is the kernel's own: another
 * text under the key (an xxHash64 collision, or a database written by a
 * tool whose canonical form differed) is refused with a remark. A compute
 * without a usable record is never passed over silently: it gets a remark,
 * its knobs take their default (first) choices so compilation still works,
 * and a warning at the module names every such kernel. The pass prints
 * nothing itself: everything goes through MLIR's diagnostics. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridge/bridge.h"
#include "core/op_list.h"
#include "dialects/te/te.h"
#include "passes/te/te_knobs.h"
#include "passes/te/te_passes.h"
#include "passes/te/te_task.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"
#include "tuning/record_store.h"
#include "tuning/validate.h"

/* The records of one task, grouped by decisions: a decision's score is the
 * median of its successful latencies (te-autotune and strata-tune measure
 * the finalists again, so noise does not pick the winner); decisions that
 * ever gave a wrong result are out, and so are decisions that do not fit
 * the knobs (every knob named, every value one of its choices). */
typedef struct {
  char *decisions;
  double *latencies;
  int count, cap;
  bool wrong;
} group_t;

typedef struct {
  group_t *groups;
  int count, cap;
  const char *canonical; /* the kernel's canonical text */
  const strata_space_t *space;
  int64_t stale;         /* records whose task has another canonical text */
  int64_t old_version;   /* records of another trace version (ignored) */
  int version;           /* the first such record's version */
} lookup_t;

static bool collect(void *user, const strata_tuning_record_t *r) {
  lookup_t *l = user;
  if (strcmp(r->canonical_text, l->canonical) != 0) {
    ++l->stale;
    return true;
  }
  if (strata_space_record_is_stale(l->space, r->decisions)) {
    if (!l->old_version++)
      l->version = strata_space_record_version(r->decisions);
    return true;
  }
  if (!strata_tuning_record_latency_ok(r)) /* an older file's invalid row */
    return true;
  group_t *g = NULL;
  for (int i = 0; i < l->count && !g; ++i)
    if (strcmp(l->groups[i].decisions, r->decisions) == 0)
      g = &l->groups[i];
  if (!g) {
    if (l->count == l->cap) {
      l->cap = l->cap ? 2 * l->cap : 16;
      if (!(l->groups = realloc(l->groups, (size_t)l->cap * sizeof *l->groups)))
        abort();
    }
    g = &l->groups[l->count++];
    *g = (group_t){.decisions = strdup(r->decisions)};
  }
  if (r->error) {
    g->wrong |= strata_tune_error_disqualifies(r->error);
    return true;
  }
  if (g->count == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 4;
    if (!(g->latencies = realloc(g->latencies, (size_t)g->cap * sizeof *g->latencies)))
      abort();
  }
  g->latencies[g->count++] = r->latency;
  return true;
}

/* The least number of successful records a decision needs to compete: 2
 * when some usable decision has 2 or more (te-autotune and strata-tune
 * measure the default and the search's finalists again), so a candidate
 * the search measured once, at a lucky moment, and validation never saw
 * cannot beat the validated ones on that one number; else 1 (a database
 * of search measurements only, --validate 0). */
static int least_records(const lookup_t *l) {
  for (int i = 0; i < l->count; ++i)
    if (!l->groups[i].wrong && l->groups[i].count >= 2)
      return 2;
  return 1;
}

/* The best fitting decisions into candidate; false when none. */
static bool choose(lookup_t *l, const strata_space_t *space, strata_choice_t *candidate,
                   bool *unusable) {
  double best = INFINITY;
  strata_choice_t *scratch = calloc(space->num_knobs + 1, sizeof *scratch);
  bool found = false;
  int least = least_records(l);
  for (int i = 0; i < l->count; ++i) {
    group_t *g = &l->groups[i];
    if (g->wrong || g->count < least)
      continue;
    char *error = NULL;
    if (!strata_space_candidate_from_json(space, g->decisions, scratch, &error)) {
      free(error);
      *unusable = true;
      continue;
    }
    double score = strata_median(g->latencies, g->count);
    if (score < best) {
      best = score;
      found = true;
      memcpy(candidate, scratch, space->num_knobs * sizeof *candidate);
    }
  }
  free(scratch);
  return found;
}

static void lookup_free(lookup_t *l) {
  for (int i = 0; i < l->count; ++i) {
    free(l->groups[i].decisions);
    free(l->groups[i].latencies);
  }
  free(l->groups);
}

/* Appends a kernel's name to the comma-separated list of untuned ones. */
static void note_missing(char *missing, size_t size, const char *name, int name_length) {
  size_t len = strlen(missing);
  snprintf(missing + len, size - len, "%s%.*s", len ? ", " : "", name_length, name);
}

/* Marks the last untuned kernel as having only stale records. */
static void note_stale(char *missing, size_t size) {
  size_t len = strlen(missing);
  snprintf(missing + len, size - len, " (stale records of an older trace version: tune again)");
}

/* Looks one compute up and writes its schedule. 1: tuned, 0: defaults
 * (reported at the compute and added to `missing`; the first other targets
 * holding records of it go to `other_targets`), -1: a database error
 * (emitted). */
static int apply_one(MlirOperation op, strata_tuning_db_t *db, const char *target,
                     char *missing, size_t missing_size, char *other_targets,
                     size_t other_size) {
  MlirLocation loc = mlirOperationGetLocation(op);
  char msg[1536];
  char *error = NULL;
  strata_te_task_t t;
  if (!strata_te_task_init(&t, op, target, &error)) {
    /* Not a tunable kernel (e.g. dynamic shapes): defaults, reported. */
    snprintf(msg, sizeof msg, "te-apply-tuned: cannot look this kernel up (%s): default schedule",
             error);
    free(error);
    strata_emit_remark_at(loc, msg);
    strata_te_task_clear(&t);
    strata_te_compute_apply_defaults(op);
    MlirStringRef name = strata_te_compute_name(op);
    note_missing(missing, missing_size, name.data, (int)name.length);
    return 0;
  }
  lookup_t l = {.canonical = t.canonical, .space = &t.space};
  strata_choice_t *candidate = calloc(t.space.num_knobs + 1, sizeof *candidate);
  bool unusable = false;
  int result = 0;
  if (!strata_tuning_db_for_each(db, t.task.key, t.target, collect, &l, &error)) {
    strata_emit_error(op, "te-apply-tuned: %s", error);
    free(error);
    result = -1;
  } else if (choose(&l, &t.space, candidate, &unusable)) {
    strata_te_task_apply(&t, candidate);
    result = 1;
  } else {
    if (l.stale)
      snprintf(msg, sizeof msg,
               "te-apply-tuned: %lld records under the task key of %s (task %016llx on '%s') "
               "were made for another kernel: the task text stored with the key differs from "
               "this kernel's (an xxHash64 collision or a stale database); refused: default "
               "schedule",
               (long long)l.stale, t.summary, (unsigned long long)t.task.key, t.target);
    else if (l.old_version)
      snprintf(msg, sizeof msg,
               "te-apply-tuned: %lld records of %s (task %016llx on '%s') are stale: made "
               "with trace version %d, this compiler's is %d (knobs of the same name may "
               "now do other things); ignored: default schedule (tune it again)",
               (long long)l.old_version, t.summary, (unsigned long long)t.task.key, t.target,
               l.version, STRATA_TE_TRACE_VERSION);
    else {
      char *others = strata_tuning_db_other_targets(db, t.canonical, t.target, &error);
      free(error);
      error = NULL;
      if (others && *others && !*other_targets)
        snprintf(other_targets, other_size, "%s, not this one ('%s')", others, t.target);
      snprintf(msg, sizeof msg,
               "te-apply-tuned: no tuning record for %s (task %016llx on '%s')%s%s%s: "
               "default schedule",
               t.summary, (unsigned long long)t.task.key, t.target,
               unusable ? "; its records do not fit the knobs" : "",
               others && *others ? "; the database has records of it for " : "",
               others ? others : "");
      free(others);
    }
    strata_emit_remark_at(loc, msg);
    strata_te_task_apply(&t, NULL);
    note_missing(missing, missing_size, t.summary, (int)strlen(t.summary));
    if (l.old_version && !l.stale)
      note_stale(missing, missing_size);
  }
  lookup_free(&l);
  free(candidate);
  strata_te_task_clear(&t);
  return result;
}

/* The pass; its record (argument, summary, options): passes/te/te_passes.def. */
MlirLogicalResult te_apply_tuned_run(MlirOperation module, const strata_pass_options_t *opts) {
  const char *path = strata_pass_options_get_string(opts, "db");
  if (!*path)
    return strata_emit_error(module, "te-apply-tuned: no tuning database given (db=...)");
  strata_op_list_t computes = {0};
  strata_op_list_collect(module, (const char *const[]){"te.compute", NULL}, &computes);
  MlirLogicalResult status = mlirLogicalResultSuccess();
  strata_tuning_db_t *db = NULL;
  char *error = NULL;
  size_t tuned = 0, total = 0;
  char missing[1024] = "", others[1024] = "";
  for (size_t i = 0; i < computes.count; ++i) {
    MlirOperation op = computes.ops[i];
    if (!strata_te_compute_has_knobs(op))
      continue;
    if (!db) {
      if (!strata_record_store_is_pg_url(path) && access(path, R_OK) != 0) { /* a file */
        status = strata_emit_error(op, "te-apply-tuned: cannot read tuning database '%s'", path);
        break;
      }
      if (!(db = strata_tuning_db_open(path, &error))) {
        status = strata_emit_error(op, "te-apply-tuned: %s", error);
        break;
      }
    }
    ++total;
    int r = apply_one(op, db, strata_pass_options_get_string(opts, "target"), missing,
                      sizeof missing, others, sizeof others);
    if (r < 0) {
      status = mlirLogicalResultFailure();
      break;
    }
    tuned += (size_t)r;
  }
  if (mlirLogicalResultIsSuccess(status) && tuned < total) {
    char msg[3072];
    int n = snprintf(msg, sizeof msg,
                     "te-apply-tuned: %zu of %zu kernels have no tuning record in '%s' and use "
                     "the default schedule: %s",
                     total - tuned, total, path, missing);
    if (*others && n > 0 && (size_t)n < sizeof msg)
      snprintf(msg + n, sizeof msg - (size_t)n,
               ". The database has records of them for another target, %s: tuned with "
               "another thread count (--threads) or on another CPU, they apply only where "
               "the target matches",
               others);
    strata_emit_warning_at(mlirOperationGetLocation(module), msg);
  }
  free(error);
  strata_tuning_db_close(db);
  strata_op_list_free(&computes);
  return status;
}
