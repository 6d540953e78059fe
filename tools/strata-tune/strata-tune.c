/* strata-tune: the auto-tuning tool. `tune` tunes a whole model: it
 * extracts the kernels with knobs (te-default-schedule{knobs=true}),
 * deduplicates identical ones, shares a trial budget across them with a
 * task scheduler (round-robin first, then rounds go to the kernel with the
 * largest expected gain: occurrences x recent improvement), shows progress,
 * and writes the tuning database, a tuning curve (CSV, gnuplot PNG) and a
 * before/after table. The other commands share and inspect tuning databases
 * and plot curves. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "frontends/model_file.h"
#include "passes/te/te_features.h"
#include "passes/te/te_measure.h"
#include "passes/te/te_tuning_passes.h"
#include "runtime/status.h"
#include "strata/strata.h"
#include "tuning/database.h"
#include "tuning/search.h"

static const char *const USAGE =
    "usage:\n"
    "  strata-tune export DB [-o FILE]       write every record as JSON lines\n"
    "  strata-tune import DB FILE...         add JSON-lines records (duplicates skipped)\n"
    "  strata-tune best DB                   per task and target: records, errors, best\n"
    "  strata-tune plot -o PNG CSV[=LABEL]...  plot best-so-far curves with gnuplot\n"
    "  strata-tune tune MODEL --db DB [options]  tune a model's kernels (.mlir or .onnx)\n"
    "      --trials N        measured candidates in all, shared by the kernels (default 64)\n"
    "      --round N         candidates per scheduling round (default 16)\n"
    "      --seed S          search seed (default 0)\n"
    "      --strategy S      evolutionary (default), random or grid\n"
    "      --timeout T       seconds per candidate (default 10)\n"
    "      --repeats N       timed runs per candidate, median (default 5)\n"
    "      --flush-cache     evict the kernel's arguments but the first from the caches\n"
    "                        before each timed run, as between the kernels of a model\n"
    "      --validate N      then measure each kernel's default and 3 fastest candidates N\n"
    "                        more times, each candidate alternating with the default in\n"
    "                        one process; one replaces the default only when >1% faster\n"
    "                        head to head (default 3; 0: off)\n"
    "      --threads N       OpenMP threads of the kernels (sets OMP_NUM_THREADS)\n"
    "      --target T        target string of the records (default: this host)\n"
    "      --curve CSV       write the tuning curve (estimated model latency vs trials)\n"
    "      --plot PNG        plot the curve with gnuplot\n";

static int fail(char *error) {
  fprintf(stderr, "strata-tune: %s\n", error);
  free(error);
  return 1;
}

static int cmd_export(int argc, char **argv) {
  const char *db_path = NULL, *out_path = NULL;
  for (int i = 0; i < argc; ++i) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
      out_path = argv[++i];
    else if (!db_path)
      db_path = argv[i];
    else
      return fputs(USAGE, stderr), 2;
  }
  if (!db_path)
    return fputs(USAGE, stderr), 2;
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(db_path, &error);
  if (!db)
    return fail(error);
  FILE *out = out_path ? fopen(out_path, "w") : stdout;
  if (!out) {
    strata_tuning_db_close(db);
    fprintf(stderr, "strata-tune: cannot write '%s'\n", out_path);
    return 1;
  }
  int64_t invalid = 0;
  bool ok = strata_tuning_db_export_jsonl(db, out, &invalid, &error);
  if (out != stdout && fclose(out) != 0 && ok) {
    ok = false;
    error = strdup("cannot write the export");
  }
  if (ok && invalid)
    fprintf(stderr, "strata-tune: %s: %lld records with a latency that is not a duration "
                    "(negative or infinite) were not exported\n",
            db_path, (long long)invalid);
  strata_tuning_db_close(db);
  return ok ? 0 : fail(error);
}

static int cmd_import(int argc, char **argv) {
  if (argc < 2)
    return fputs(USAGE, stderr), 2;
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(argv[0], &error);
  if (!db)
    return fail(error);
  int status = 0;
  for (int i = 1; i < argc && status == 0; ++i) {
    FILE *in = fopen(argv[i], "r");
    int64_t added = 0, skipped = 0;
    if (!in) {
      fprintf(stderr, "strata-tune: cannot read '%s'\n", argv[i]);
      status = 1;
    } else if (!strata_tuning_db_import_jsonl(db, in, &added, &skipped, &error)) {
      fprintf(stderr, "strata-tune: %s: %s\n", argv[i], error);
      free(error);
      status = 1;
    } else {
      printf("%s: %lld added, %lld already present\n", argv[i], (long long)added,
             (long long)skipped);
    }
    if (in)
      fclose(in);
  }
  strata_tuning_db_close(db);
  return status;
}

/* Per (task, target) totals, in order of first record. */
typedef struct {
  uint64_t key;
  char *target;
  int64_t records, errors, invalid;
  double best;
  char *best_decisions;
} task_summary_t;

typedef struct {
  task_summary_t *tasks;
  size_t count;
} summary_t;

static bool summarize(void *user, const strata_tuning_record_t *r) {
  summary_t *s = user;
  task_summary_t *t = NULL;
  for (size_t i = 0; i < s->count && !t; ++i)
    if (s->tasks[i].key == r->task_key && strcmp(s->tasks[i].target, r->target) == 0)
      t = &s->tasks[i];
  if (!t) {
    if (!(s->tasks = realloc(s->tasks, (s->count + 1) * sizeof *s->tasks)))
      abort();
    t = &s->tasks[s->count++];
    *t = (task_summary_t){.key = r->task_key, .target = strdup(r->target), .best = -1};
  }
  ++t->records;
  if (r->error) {
    ++t->errors;
  } else if (!strata_tuning_record_latency_ok(r)) {
    ++t->invalid;
  } else if (t->best < 0 || r->latency < t->best) {
    t->best = r->latency;
    free(t->best_decisions);
    t->best_decisions = strdup(r->decisions);
  }
  return true;
}

static int cmd_best(int argc, char **argv) {
  if (argc != 1)
    return fputs(USAGE, stderr), 2;
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(argv[0], &error);
  if (!db)
    return fail(error);
  summary_t s = {0};
  bool ok = strata_tuning_db_for_each(db, 0, NULL, summarize, &s, &error);
  strata_tuning_db_close(db);
  for (size_t i = 0; i < s.count; ++i) {
    task_summary_t *t = &s.tasks[i];
    printf("task %016llx target '%s': %lld records, %lld errors, ", (unsigned long long)t->key,
           t->target, (long long)t->records, (long long)t->errors);
    if (t->invalid)
      printf("%lld invalid latencies (ignored), ", (long long)t->invalid);
    if (t->best_decisions)
      printf("best %.6g ms %s\n", t->best * 1e3, t->best_decisions);
    else
      printf("no successful record\n");
    free(t->target);
    free(t->best_decisions);
  }
  free(s.tasks);
  return ok ? 0 : fail(error);
}

static int cmd_plot(int argc, char **argv) {
  const char *png = NULL;
  const char **csvs = calloc((size_t)argc + 1, sizeof *csvs);
  const char **labels = calloc((size_t)argc + 1, sizeof *labels);
  char **owned = calloc((size_t)argc + 1, sizeof *owned);
  size_t n = 0;
  for (int i = 0; i < argc; ++i) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      png = argv[++i];
      continue;
    }
    char *arg = owned[n] = strdup(argv[i]);
    char *eq = strchr(arg, '=');
    if (eq)
      *eq = '\0';
    csvs[n] = arg;
    labels[n++] = eq ? eq + 1 : arg;
  }
  int status = 2;
  char *error = NULL;
  if (!png || n == 0)
    fputs(USAGE, stderr);
  else if (!strata_search_plot_curves(csvs, labels, n, png, "tuning curves", &error))
    status = fail(error);
  else
    status = 0;
  for (size_t i = 0; i < n; ++i)
    free(owned[i]);
  free(owned);
  free(csvs);
  free(labels);
  return status;
}

/* --- tune ---------------------------------------------------------------- */

typedef struct tool_s tool_t;

typedef struct {
  strata_te_task_t task;
  int weight; /* occurrences in the model */
  strata_search_options_t options;
  strata_choice_t *initial;
  strata_search_callbacks_t callbacks;
  strata_search_t *search;
  double last_best; /* best before its last round */
  int rounds;
  bool done;
  tool_t *tool;
  int index;
} tune_task_t;

struct tool_s {
  tune_task_t *tasks;
  size_t count;
  int total_trials, used;
  bool tty;
  FILE *curve;
  double *curve_best; /* per trial, the estimated model latency */
};

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double task_best(const tune_task_t *t) {
  if (!t->search)
    return INFINITY;
  return strata_search_result(t->search)->best_latency;
}

static double task_default(const tune_task_t *t) {
  const strata_search_result_t *r = t->search ? strata_search_result(t->search) : NULL;
  return r && r->trials > 0 ? r->latencies[0] : NAN;
}

/* Σ weight x best over tasks; INFINITY until every task has a result. */
static double model_estimate(const tool_t *tool) {
  double sum = 0;
  for (size_t i = 0; i < tool->count; ++i)
    sum += tool->tasks[i].weight * task_best(&tool->tasks[i]);
  return sum;
}

static bool tt_measure(void *user, const strata_choice_t *c, double *latency, char **error) {
  tune_task_t *t = user;
  return strata_te_task_measure(&t->task, c, latency, error);
}

static void tt_features(void *user, const strata_choice_t *c, float *out) {
  tune_task_t *t = user;
  strata_te_task_features(&t->task, c, out);
}

static void tt_progress(void *user, const strata_search_trial_t *trial) {
  tune_task_t *t = user;
  tool_t *tool = t->tool;
  ++tool->used;
  double est = model_estimate(tool);
  if (tool->curve) {
    fprintf(tool->curve, "%d,", tool->used);
    if (trial->ok)
      fprintf(tool->curve, "%.9g", trial->latency * t->weight);
    fprintf(tool->curve, ",");
    if (isfinite(est))
      fprintf(tool->curve, "%.9g", est);
    fprintf(tool->curve, "\n");
  }
  if (tool->tty) {
    fprintf(stderr, "\r\033[K[%d/%d] kernel %d %s: trial %d %s, best %.4g ms", tool->used,
            tool->total_trials, t->index + 1, t->task.summary, trial->trial + 1,
            trial->ok ? "ok" : "failed", trial->best_latency * 1e3);
    fflush(stderr);
  }
}

static void print_round(tool_t *tool, tune_task_t *t, int round, int measured) {
  const strata_search_result_t *r = strata_search_result(t->search);
  double def = task_default(t), best = r->best_latency, est = model_estimate(tool);
  char line[1024];
  int n = snprintf(line, sizeof line, "round %d: kernel %d (%s, x%d) +%d -> %d trials, ", round,
                   t->index + 1, t->task.summary, t->weight, measured, r->trials);
  if (isfinite(best))
    n += snprintf(line + n, sizeof line - (size_t)n, "best %.4g ms", best * 1e3);
  else
    n += snprintf(line + n, sizeof line - (size_t)n, "no success yet");
  if (isfinite(best) && !isnan(def))
    n += snprintf(line + n, sizeof line - (size_t)n, " (%.2fx default)", def / best);
  n += snprintf(line + n, sizeof line - (size_t)n, "; %d/%d trials", tool->used,
                tool->total_trials);
  if (isfinite(est))
    snprintf(line + n, sizeof line - (size_t)n, ", model %.4g ms", est * 1e3);
  if (tool->tty)
    fprintf(stderr, "\r\033[K%s", line);
  else
    fprintf(stderr, "%s\n", line);
  fflush(stderr);
}

/* Expected gain of one more round (Ansor's task scheduler, simplified):
 * weight x (the last round's improvement + an optimistic share of the
 * current best that shrinks with the rounds already given). */
static double expected_gain(const tune_task_t *t) {
  double best = task_best(t);
  if (!isfinite(best))
    return t->rounds == 0 ? INFINITY : 0;
  double improvement = isfinite(t->last_best) ? fmax(t->last_best - best, 0) : 0;
  return t->weight * (improvement + 0.05 * best / (1 + t->rounds));
}

static bool run_round(tool_t *tool, tune_task_t *t, int round, int trials, char **error) {
  const strata_search_result_t *r = strata_search_result(t->search);
  int before = r->trials;
  t->last_best = r->best_latency;
  if (!strata_search_step(t->search, trials, error))
    return false;
  ++t->rounds;
  int measured = strata_search_result(t->search)->trials - before;
  if (measured == 0 || strata_search_done(t->search))
    t->done = true;
  if (measured > 0)
    print_round(tool, t, round, measured);
  return true;
}

static const char *flag_value(int argc, char **argv, int *i) {
  if (*i + 1 >= argc) {
    fprintf(stderr, "strata-tune: %s needs a value\n", argv[*i]);
    exit(2);
  }
  return argv[++*i];
}

static long long int_value(const char *flag, const char *v, long long min) {
  char *end;
  errno = 0;
  long long x = strtoll(v, &end, 10);
  if (errno || end == v || *end || x < min) {
    fprintf(stderr, "strata-tune: %s expects an integer >= %lld, got '%s'\n", flag, min, v);
    exit(2);
  }
  return x;
}

static int cmd_tune(int argc, char **argv) {
  const char *model = NULL, *db_path = NULL, *curve_path = NULL, *plot_path = NULL,
             *target = "host", *strategy = "evolutionary";
  int trials = 64, round_size = 16, repeats = 5, validate = 3;
  bool flush_cache = false;
  unsigned long long seed = 0;
  double timeout = 10;
  for (int i = 0; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--db"))
      db_path = flag_value(argc, argv, &i);
    else if (!strcmp(a, "--trials"))
      trials = (int)int_value(a, flag_value(argc, argv, &i), 1);
    else if (!strcmp(a, "--round"))
      round_size = (int)int_value(a, flag_value(argc, argv, &i), 1);
    else if (!strcmp(a, "--seed"))
      seed = (unsigned long long)int_value(a, flag_value(argc, argv, &i), 0);
    else if (!strcmp(a, "--validate"))
      validate = (int)int_value(a, flag_value(argc, argv, &i), 0);
    else if (!strcmp(a, "--flush-cache"))
      flush_cache = true;
    else if (!strcmp(a, "--repeats"))
      repeats = (int)int_value(a, flag_value(argc, argv, &i), 1);
    else if (!strcmp(a, "--threads"))
      setenv("OMP_NUM_THREADS", flag_value(argc, argv, &i), 1);
    else if (!strcmp(a, "--strategy"))
      strategy = flag_value(argc, argv, &i);
    else if (!strcmp(a, "--target"))
      target = flag_value(argc, argv, &i);
    else if (!strcmp(a, "--curve"))
      curve_path = flag_value(argc, argv, &i);
    else if (!strcmp(a, "--plot"))
      plot_path = flag_value(argc, argv, &i);
    else if (!strcmp(a, "--timeout")) {
      const char *v = flag_value(argc, argv, &i);
      char *end;
      timeout = strtod(v, &end);
      if (end == v || *end || !(timeout > 0)) {
        fprintf(stderr, "strata-tune: --timeout expects a positive number, got '%s'\n", v);
        return 2;
      }
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "strata-tune: unknown option '%s'\n%s", a, USAGE);
      return 2;
    } else if (model) {
      fprintf(stderr, "strata-tune: more than one model ('%s' and '%s')\n", model, a);
      return 2;
    } else {
      model = a;
    }
  }
  strata_search_strategy_t strat;
  if (!model || !db_path) {
    fprintf(stderr, "strata-tune: tune needs a model and --db\n%s", USAGE);
    return 2;
  }
  if (!strata_search_strategy_parse(strategy, &strat)) {
    fprintf(stderr, "strata-tune: unknown strategy '%s' (evolutionary, random, grid)\n", strategy);
    return 2;
  }

  strata_tuning_passes_register();
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  if (mlirContextIsNull(ctx))
    return 1;
  int rc = 1;
  char *error = NULL;
  tool_t tool = {.total_trials = trials, .tty = isatty(STDERR_FILENO)};
  strata_tuning_db_t *db = NULL;
  MlirOperation module = strata_model_load(ctx, model, 0, NULL, NULL, &error);
  if (mlirOperationIsNull(module) || mlirLogicalResultIsFailure(strata_verify(module)) ||
      mlirLogicalResultIsFailure(strata_run_pipeline(module, strata_pipeline_tuning_tasks())))
    goto done;
  if (!(db = strata_tuning_db_open(db_path, &error)))
    goto done;

  /* Tasks: one per distinct kernel, weighted by its occurrences. */
  size_t cap = 0;
  for (MlirOperation f = mlirBlockGetFirstOperation(
           mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)));
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(f); ++r) {
      MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, r));
      for (MlirOperation op = mlirBlockIsNull(b) ? (MlirOperation){NULL}
                                                 : mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
        if (!strata_te_compute_has_knobs(op))
          continue;
        if (tool.count == cap) {
          cap = cap ? 2 * cap : 8;
          if (!(tool.tasks = realloc(tool.tasks, cap * sizeof *tool.tasks)))
            abort();
        }
        tune_task_t *t = &tool.tasks[tool.count];
        memset(t, 0, sizeof *t);
        if (!strata_te_task_init(&t->task, op, target, &error)) {
          fprintf(stderr, "strata-tune: kernel '%s' cannot be tuned: %s\n",
                  t->task.summary ? t->task.summary : "?", error);
          free(error);
          error = NULL;
          strata_te_task_clear(&t->task);
          continue;
        }
        bool duplicate = false;
        for (size_t j = 0; j < tool.count && !duplicate; ++j)
          if (tool.tasks[j].task.task.key == t->task.task.key &&
              strcmp(tool.tasks[j].task.canonical, t->task.canonical) == 0) {
            ++tool.tasks[j].weight;
            duplicate = true;
          }
        if (duplicate) {
          strata_te_task_clear(&t->task);
          continue;
        }
        t->weight = 1;
        t->index = (int)tool.count++;
      }
    }
  }
  if (tool.count == 0) {
    printf("%s: no kernel with knobs to tune (te-default-schedule writes knobs for fp32 "
           "matrix products)\n", model);
    rc = 0;
    goto done;
  }
  printf("%s: %zu kernel%s to tune, %d trials, strategy %s, target '%s'\n", model, tool.count,
         tool.count == 1 ? "" : "s", trials, strategy, tool.tasks[0].task.target);
  for (size_t i = 0; i < tool.count; ++i) {
    tune_task_t *t = &tool.tasks[i];
    printf("  kernel %zu: %s x%d, %llu candidates\n", i + 1, t->task.summary, t->weight,
           (unsigned long long)strata_space_size(&t->task.space));
  }
  fflush(stdout);
  if (curve_path) {
    if (!(tool.curve = fopen(curve_path, "w"))) {
      strata_fail(&error, "cannot write '%s': %s", curve_path, strerror(errno));
      goto done;
    }
    fprintf(tool.curve, "trial,latency_s,best_latency_s\n");
  }
  for (size_t i = 0; i < tool.count; ++i) {
    tune_task_t *t = &tool.tasks[i];
    t->tool = &tool;
    t->task.measure.timeout_seconds = timeout;
    t->task.measure.repeats = repeats;
    t->task.flush_cache = flush_cache;
    t->initial = calloc(t->task.space.num_knobs + 1, sizeof *t->initial);
    t->options = strata_search_default_options();
    t->options.strategy = strat;
    t->options.seed = seed + i;
    t->options.trials = trials;
    t->options.batch_size = round_size;
    t->options.initial = t->initial;
    t->options.num_initial = 1;
    t->callbacks = (strata_search_callbacks_t){
        .measure = tt_measure,
        .features = tt_features,
        .num_features = STRATA_TE_NUM_FEATURES,
        .progress = tt_progress,
        .user = t,
    };
    t->last_best = INFINITY;
    if (!(t->search = strata_search_create(&t->task.space, &t->options, &t->callbacks, db,
                                           &t->task.task, &error)))
      goto done;
  }

  /* The scheduler: every kernel once, then by expected gain. The first
   * rounds share the budget so that every kernel gets one (its default
   * measured first) when there are at least as many trials as kernels. */
  double start = now_s();
  int round = 0;
  int first = trials / (int)tool.count;
  first = first < 1 ? 1 : first < round_size ? first : round_size;
  for (size_t i = 0; i < tool.count && tool.used < trials; ++i) {
    int left = trials - tool.used;
    if (!run_round(&tool, &tool.tasks[i], ++round, left < first ? left : first, &error))
      goto done;
  }
  if (tool.used >= trials && trials < (int)tool.count)
    fprintf(stderr, "strata-tune: %d trials for %zu kernels: %zu kernels were not measured "
                    "(give --trials at least %zu)\n",
            trials, tool.count, tool.count - (size_t)trials, tool.count);
  while (tool.used < trials) {
    tune_task_t *pick = NULL;
    double best_gain = -1;
    for (size_t i = 0; i < tool.count; ++i) {
      double g = expected_gain(&tool.tasks[i]);
      if (!tool.tasks[i].done && g > best_gain) {
        best_gain = g;
        pick = &tool.tasks[i];
      }
    }
    if (!pick)
      break;
    int left = trials - tool.used;
    if (!run_round(&tool, pick, ++round, left < round_size ? left : round_size, &error))
      goto done;
  }
  if (tool.tty)
    fprintf(stderr, "\n");
  double elapsed = now_s() - start;

  /* Validation: the finalists of each kernel measured again. */
  double *def_scores = calloc(tool.count, sizeof *def_scores);
  double *best_scores = calloc(tool.count, sizeof *best_scores);
  if (validate > 0)
    fprintf(stderr, "validating: the default and the 3 fastest candidates of each kernel, %d "
                    "more runs each (candidates against the default, alternating)\n", validate);
  for (size_t i = 0; i < tool.count; ++i) {
    const strata_choice_t *chosen;
    if (!strata_te_task_validate(&tool.tasks[i].task, strata_search_result(tool.tasks[i].search),
                                 db, 3, validate, &chosen, &def_scores[i], &best_scores[i],
                                 &error)) {
      free(def_scores);
      free(best_scores);
      goto done;
    }
  }

  /* Before/after table (validated latencies). */
  printf("\n%-4s %-36s %5s %6s %6s %12s %12s %8s\n", "#", "kernel", "count", "trials", "errors",
         "default ms", "tuned ms", "speedup");
  double sum_def = 0, sum_best = 0;
  bool complete = true;
  for (size_t i = 0; i < tool.count; ++i) {
    tune_task_t *t = &tool.tasks[i];
    const strata_search_result_t *r = strata_search_result(t->search);
    double def = def_scores[i], best = isnan(best_scores[i]) ? INFINITY : best_scores[i];
    char d[32], b[32], sp[32];
    snprintf(d, sizeof d, r->trials == 0 ? "not run" : isnan(def) ? "failed" : "%.4f", def * 1e3);
    snprintf(b, sizeof b, isfinite(best) ? "%.4f" : "-", best * 1e3);
    snprintf(sp, sizeof sp, !isnan(def) && isfinite(best) ? "%.2fx" : "-", def / best);
    printf("%-4zu %-36s %5d %6d %6d %12s %12s %8s\n", i + 1, t->task.summary, t->weight,
           r->trials, r->errors, d, b, sp);
    if (isnan(def) || !isfinite(best))
      complete = false;
    else {
      sum_def += t->weight * def;
      sum_best += t->weight * best;
    }
  }
  if (complete)
    printf("%-4s %-36s %5s %6d %6s %12.4f %12.4f %7.2fx\n", "", "all kernels (x count)", "",
           tool.used, "", sum_def * 1e3, sum_best * 1e3, sum_def / sum_best);
  free(def_scores);
  free(best_scores);
  printf("tuned %zu kernel%s with %d trials in %.1f s (%.0f ms per trial); records in %s\n",
         tool.count, tool.count == 1 ? "" : "s", tool.used, elapsed,
         tool.used ? 1e3 * elapsed / tool.used : 0.0, db_path);
  rc = 0;
  if (tool.curve) {
    bool bad = ferror(tool.curve) != 0;
    bad |= fclose(tool.curve) != 0;
    tool.curve = NULL;
    if (bad) {
      strata_fail(&error, "cannot write '%s'", curve_path);
      rc = 1;
    } else {
      printf("curve: %s\n", curve_path);
    }
  }
  if (plot_path && rc == 0) {
    if (!curve_path) {
      fprintf(stderr, "strata-tune: --plot needs --curve (the plot reads the CSV)\n");
      rc = 1;
    } else {
      const char *csvs[] = {curve_path}, *labels[] = {strategy};
      char *perror_ = NULL;
      if (!strata_search_plot_curves(csvs, labels, 1, plot_path,
                                     "estimated model latency (sum of tuned kernels)", &perror_)) {
        fprintf(stderr, "strata-tune: %s\n", perror_);
        free(perror_);
        rc = 1;
      } else {
        printf("plot: %s\n", plot_path);
      }
    }
  }
done:
  if (tool.curve)
    fclose(tool.curve);
  if (error) {
    if (tool.tty)
      fprintf(stderr, "\n");
    fprintf(stderr, "strata-tune: %s\n", error);
    free(error);
    rc = 1;
  }
  for (size_t i = 0; i < tool.count; ++i) {
    strata_search_free(tool.tasks[i].search);
    free(tool.tasks[i].initial);
    strata_te_task_clear(&tool.tasks[i].task);
  }
  free(tool.tasks);
  strata_tuning_db_close(db);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    fputs(USAGE, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "export") == 0)
    return cmd_export(argc - 2, argv + 2);
  if (strcmp(cmd, "import") == 0)
    return cmd_import(argc - 2, argv + 2);
  if (strcmp(cmd, "best") == 0)
    return cmd_best(argc - 2, argv + 2);
  if (strcmp(cmd, "plot") == 0)
    return cmd_plot(argc - 2, argv + 2);
  if (strcmp(cmd, "tune") == 0)
    return cmd_tune(argc - 2, argv + 2);
  fprintf(stderr, "strata-tune: unknown command '%s'\n%s", cmd, USAGE);
  return 2;
}
