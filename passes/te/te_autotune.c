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
#include "passes/te/te_tune_model.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

static const char *const strategies[] = {"evolutionary", "random", "grid", NULL};

static const strata_pass_option_t options[] = {
    {.name = "trials", .kind = STRATA_OPTION_INT, .default_value = "64",
     .help = "candidates measured per kernel at most (the default included)", .min = 1,
     .max = 1000000},
    {.name = "db", .kind = STRATA_OPTION_STRING, .default_value = "",
     .help = "tuning database (SQLite file, created if missing) recording every measurement; "
             "empty: record nothing"},
    {.name = "seed", .kind = STRATA_OPTION_INT, .default_value = "0",
     .help = "search seed (same seed and measurements: same candidate order)", .min = 0,
     .max = INT64_MAX},
    {.name = "strategy", .kind = STRATA_OPTION_STRING, .default_value = "evolutionary",
     .help = "evolutionary (model-guided), random or grid", .choices = strategies},
    {.name = "timeout", .kind = STRATA_OPTION_STRING, .default_value = "10",
     .help = "seconds one candidate may take (compile, check and timed runs)"},
    {.name = "repeats", .kind = STRATA_OPTION_INT, .default_value = "5",
     .help = "timed runs per candidate (the median is its latency)", .min = 1, .max = 1000},
    {.name = "validate", .kind = STRATA_OPTION_INT, .default_value = "3",
     .help = "after the search, measure the default and the 3 fastest candidates this many "
             "more times each (interleaved, recorded) and keep the best median: noise does not "
             "pick the winner; 0: off",
     .min = 0, .max = 50},
    {.name = "flush-cache", .kind = STRATA_OPTION_BOOL, .default_value = "false",
     .help = "evict every kernel argument but the first from the caches before each timed "
             "run (clflush), as when other kernels of a model run in between"},
    {.name = "target", .kind = STRATA_OPTION_STRING, .default_value = "host",
     .help = "target string of the records: host (machine, CPU, ISA and threads of this "
             "host) or any text"},
};

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
 * with one round of `trials` per kernel. */
static MlirLogicalResult run(MlirOperation module, const strata_pass_options_t *opts) {
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

const strata_pass_info_t te_autotune_pass = {
    .argument = "te-autotune",
    .summary = "Tune the knobs of te.compute schedules by measuring candidates",
    .description =
        "For every te.compute whose schedule trace has knobs (te-default-schedule{knobs=true} "
        "writes them for matrix products), searches the knob values: the compute is "
        "extracted into a standalone kernel, and each candidate (the default, every knob's "
        "first choice, always first) is lowered, JIT-compiled and run on seeded random "
        "inputs in a forked child with a time limit, its output compared with the "
        "default's (a wrong result is an error, never a win); its latency is the median "
        "of `repeats` runs. Afterwards the default and the fastest candidates are measured "
        "`validate` more times, the others each in one process with the default, their runs "
        "alternating (noise does not pick the winner: another candidate replaces the "
        "default only when it was more than 1% faster head to head). "
        "Strategies: evolutionary (XGBoost cost model, the default), "
        "random, grid. Every measurement is recorded in the tuning database `db` under "
        "the kernel's canonical text (the compute without names and schedule, with its "
        "operand types) and the target string. The best decisions replace the knobs; a "
        "remark per compute reports trials, errors and the default and best latency. "
        "Identical kernels are tuned once. See docs/tuning.md.",
    STRATA_MODULE_PASS_OPTIONS(options),
    .run = run,
};
