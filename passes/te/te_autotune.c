/* te-autotune: tunes the knobs of every te.compute schedule by measuring
 * candidates, and writes the best decisions back into the schedule.
 *
 * For each compute whose trace has knobs (e.g. te-default-schedule{knobs=
 * true}): the search space is read from the knobs (te_knobs.h), the
 * compute is extracted into a standalone kernel, and the search
 * (tuning/search.h: random, grid, or evolutionary guided by the XGBoost
 * cost model) measures candidates, each in a forked child with a time limit
 * that lowers, JIT-compiles and runs the kernel on seeded inputs and
 * compares its output with the default candidate's. The default (every
 * knob's first choice) is measured first, so the result is never slower
 * than the default schedule. Every measurement goes to the tuning database
 * (if db= is given) under the task's canonical text and the target string.
 * After the search the default and the 3 fastest candidates are measured
 * `validate` more times each, the candidates against the default in one
 * process (alternating runs), and one replaces the default only when it
 * was more than 1% faster head to head (tuning/validate.h). Identical kernels are tuned once. A remark at each compute reports the
 * trials, errors, default and best latency; a compute whose candidates all
 * failed keeps the default decisions (with a remark naming the first
 * error). Tasks are collected and searched by the same library function
 * as strata-tune's (te_tune_model.h), each kernel one round of `trials`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "bridge/bridge.h"
#include "core/op_list.h"
#include "passes/te/te_measure.h"
#include "passes/te/te_passes.h"
#include "passes/te/te_tune_model.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

/* A compute that cannot be tuned is an error (emitted at it). */
static void on_skipped(void *user, MlirOperation op, const char *summary, const char *error) {
  *(bool *)user = true;
  strata_emit_error(op, "te-autotune: cannot tune this compute: %s", error);
}

/* The remark at a kernel's first occurrence: trials, errors, default and
 * best latency, decisions (or why the default stays). */
static void remark(const strata_tune_kernel_t *k) {
  const strata_search_result_t *r = strata_search_result(k->search);
  const strata_te_task_t *t = &k->task;
  char msg[2048];
  double def = k->default_score, best = k->best_score;
  if (!k->chosen) {
    snprintf(msg, sizeof msg,
             "te-autotune: %s: all %d candidates failed (first: %s); default decisions kept",
             t->summary, r->trials, t->first_error ? t->first_error : "?");
  } else {
    char *decisions = strata_space_decisions_json(&t->space, k->chosen);
    int len = snprintf(msg, sizeof msg, "te-autotune: %s: %d trials, %d errors, ", t->summary,
                       r->trials, r->errors);
    if (isnan(def))
      len += snprintf(msg + len, sizeof msg - (size_t)len, "default failed (%s), ",
                      t->first_error ? t->first_error : "?");
    else
      len += snprintf(msg + len, sizeof msg - (size_t)len, "default %.4g ms, ", def * 1e3);
    len += snprintf(msg + len, sizeof msg - (size_t)len, "best %.4g ms", best * 1e3);
    if (!isnan(def))
      len += snprintf(msg + len, sizeof msg - (size_t)len, " (%.2fx)", def / best);
    snprintf(msg + len, sizeof msg - (size_t)len, ": %s", decisions);
    free(decisions);
  }
  strata_emit_remark_at(mlirOperationGetLocation(k->ops[0]), msg);
  for (int o = 1; o < k->weight; ++o)
    strata_emit_remark_at(mlirOperationGetLocation(k->ops[o]),
                          "te-autotune: same kernel as one tuned above: its decisions applied");
}

/* Whether the module has a compute with knobs (the database is opened
 * only then). */
static bool any_knobs(MlirOperation module) {
  strata_op_list_t computes = {0};
  strata_op_list_collect(module, (const char *const[]){"te.compute", NULL}, &computes);
  bool any = false;
  for (size_t i = 0; i < computes.count && !any; ++i)
    any = strata_te_compute_has_knobs(computes.ops[i]);
  strata_op_list_free(&computes);
  return any;
}

/* The task collection and scheduler strata-tune uses (te_tune_model.h),
 * with one round of `trials` per kernel. Its record
 * (argument, summary, options): passes/te/te_passes.def. */
MlirLogicalResult te_autotune_run(MlirOperation module, const strata_pass_options_t *opts) {
  const char *db_path = strata_pass_options_get_string(opts, "db");
  const char *timeout_text = strata_pass_options_get_string(opts, "timeout");
  char *end;
  double timeout = strtod(timeout_text, &end);
  if (end == timeout_text || *end || !(timeout > 0))
    return strata_emit_error(module, "te-autotune: timeout must be a positive number of "
                                     "seconds, got '%s'", timeout_text);
  if (!any_knobs(module))
    return mlirLogicalResultSuccess();
  int trials = (int)strata_pass_options_get_int(opts, "trials");
  bool skipped = false;
  strata_tune_model_options_t o = {
      .target = strata_pass_options_get_string(opts, "target"),
      .seed = (uint64_t)strata_pass_options_get_int(opts, "seed"),
      .trials = INT32_MAX / 2, /* each search's own cap; the budget is set below */
      .round_size = trials,
      .batch_size = strata_search_default_options().batch_size,
      .timeout = timeout,
      .repeats = (int)strata_pass_options_get_int(opts, "repeats"),
      .flush_cache = strata_pass_options_get_bool(opts, "flush-cache"),
      .skipped = on_skipped,
      .user = &skipped,
  };
  strata_search_strategy_parse(strata_pass_options_get_string(opts, "strategy"), &o.strategy);
  char *error = NULL;
  strata_tuning_db_t *db = NULL;
  if (*db_path && !(db = strata_tuning_db_open(db_path, &error))) {
    MlirLogicalResult r = strata_emit_error(module, "te-autotune: %s", error);
    free(error);
    return r;
  }
  strata_tune_model_t m;
  bool ok = strata_tune_model_init(&m, module, &o, db, &error) && !skipped;
  if (ok) {
    m.options.trials = trials * (int)m.count;
    ok = strata_tune_model_first_rounds(&m, &error) &&
         strata_tune_model_validate(&m, (int)strata_pass_options_get_int(opts, "validate"),
                                    &error);
  }
  if (ok) {
    for (size_t i = 0; i < m.count; ++i)
      remark(&m.kernels[i]);
    strata_tune_model_apply(&m);
  } else if (error) {
    strata_emit_error(module, "te-autotune: %s", error);
  }
  free(error);
  strata_tune_model_free(&m);
  strata_tuning_db_close(db);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
