/* strata-tune: the auto-tuning tool. `tune` tunes a whole model: it
 * extracts the kernels with knobs (te-default-schedule{knobs=true} and
 * te-sketch's template-free sketches),
 * deduplicates identical ones, shares a trial budget across them with a
 * task scheduler (passes/te/te_tune_model.h: round-robin first, then rounds
 * go to the kernel with the largest expected gain), shows progress,
 * and writes the tuning database, a tuning curve (CSV, gnuplot PNG) and a
 * before/after table. The other commands share and inspect tuning databases
 * and plot curves. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/suggest.h"
#include "core/text.h"
#include "frontends/model_file.h"
#include "passes/te/te_tune_model.h"
#include "passes/te/te_tuning_passes.h"
#include "runtime/status.h"
#include "strata/strata.h"
#include "strata/diagnostics.h"
#include "tools/tool_context.h"
#include "tuning/database.h"
#include "tuning/measure.h"
#include "tuning/search.h"
#include "tools/strata-tune/model_check.h"
#include "tools/strata-tune/tune_mpi.h"
#include "tuning/validate.h"

static const char *const USAGE =
    "usage:\n"
    "  strata-tune export DB [-o FILE]       write every record as JSON lines\n"
    "  strata-tune import DB FILE...         add JSON-lines records (duplicates skipped)\n"
    "  strata-tune best DB                   per task and target: records, errors, best\n"
    "      (DB: an SQLite file, or a postgresql://user@host/dbname URL: a shared server)\n"
    "  strata-tune plot -o PNG CSV[=LABEL]...  plot best-so-far curves with gnuplot\n"
    "  strata-tune --version                 print the version and exit\n"
    "  strata-tune --help                    print this help and exit\n"
    "  strata-tune tune MODEL --db DB [options]  tune a model's kernels (.mlir or .onnx)\n"
    "      --trials N        measured candidates in all, shared by the kernels (default 64;\n"
    "                        no limit with --minutes)\n"
    "      --minutes M       stop starting rounds after M minutes (whole-model budget)\n"
    "      --early-stop N    a kernel stops after N trials without a 1% gain (default 64;\n"
    "                        0: never)\n"
    "      --model-repeat N  afterwards run the whole model untuned and tuned (strata-run),\n"
    "                        N timed runs each: latency before and after, and the tuned\n"
    "                        outputs checked against the untuned ones (default 10; 0: off)\n"
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
    "      --mpi             started under mpirun: every rank measures candidates, rank 0\n"
    "                        searches and writes DB (docs/distributed-tuning.md); ranks\n"
    "                        whose host target differs from rank 0's are refused unless\n"
    "                        --target is given\n"
    "      --fresh           measure from scratch (by default a kernel's earlier records in\n"
    "                        DB are its first trials: the search resumes from them)\n"
    "      --curve CSV       write the tuning curve (estimated model latency vs trials)\n"
    "      --plot PNG        plot the curve with gnuplot\n"
    "\n"
    "Exit status: 0 on success; 1 on failure; 2 on a usage error.\n";

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
  int64_t records, errors, invalid, rejected;
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
  if (r->error && strncmp(r->error, STRATA_TUNE_REJECTED_PREFIX,
                          sizeof STRATA_TUNE_REJECTED_PREFIX - 1) == 0) {
    ++t->rejected; /* validation's verdicts, not failed candidates */
  } else if (r->error) {
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
    if (t->rejected)
      printf("%lld rejected (below the roofline or not confirmed), ", (long long)t->rejected);
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

typedef struct {
  const char *model, *db_path, *curve_path, *plot_path, *strategy;
  int validate;
  double minutes;   /* 0: no time budget */
  int model_repeat; /* timed whole-model runs before and after (0: none) */
  int results;      /* the model's entry results (for the check), -1 unknown */
  bool trials_given;
  bool mpi;          /* --mpi: measure on every MPI rank */
  bool target_given; /* --target: the ranks are declared the same target */
  strata_tune_model_options_t options;
} tune_args_t;

/* Progress of a tune run: the curve CSV and the status line. */
typedef struct {
  strata_tune_model_t model;
  bool tty;
  FILE *curve;
  double start; /* strata_measure_now() when the command started */
  double search_start; /* ... when the first trial started */
} tool_t;

/* " (eta 1m05s)": the trials left at the pace of the trials so far. */
static void eta_text(const tool_t *tool, char *buf, size_t size) {
  const strata_tune_model_t *m = &tool->model;
  double spent = strata_measure_now() - tool->search_start;
  int left = m->options.trials - m->used;
  if (m->used <= 0 || left <= 0) {
    snprintf(buf, size, "%s", "");
    return;
  }
  double eta = spent / m->used * left;
  if (m->options.deadline > 0 && m->options.deadline - strata_measure_now() < eta)
    eta = fmax(m->options.deadline - strata_measure_now(), 0);
  int secs = (int)(eta + 0.5);
  if (secs >= 60)
    snprintf(buf, size, ", eta %dm%02ds", secs / 60, secs % 60);
  else
    snprintf(buf, size, ", eta %ds", secs);
}

static void on_skipped(void *user, MlirOperation op, const char *summary, const char *error) {
  fprintf(stderr, "strata-tune: kernel '%s' cannot be tuned: %s\n", summary, error);
}

static void on_trial(void *user, strata_tune_kernel_t *k, const strata_search_trial_t *trial) {
  tool_t *tool = user;
  strata_tune_model_t *m = &tool->model;
  double est = strata_tune_model_estimate(m);
  if (tool->curve) {
    fprintf(tool->curve, "%d,", m->used);
    if (trial->ok)
      fprintf(tool->curve, "%.9g", trial->latency * k->weight);
    fprintf(tool->curve, ",");
    if (isfinite(est))
      fprintf(tool->curve, "%.9g", est);
    fprintf(tool->curve, "\n");
  }
  if (tool->tty) {
    char eta[64];
    eta_text(tool, eta, sizeof eta);
    fprintf(stderr, "\r\033[K[%d/%d] kernel %d %s: trial %d %s, best %.4g ms%s", m->used,
            m->options.trials, k->index + 1, k->task.summary, trial->trial + 1,
            trial->ok ? "ok" : "failed", trial->best_latency * 1e3, eta);
    fflush(stderr);
  }
}

static void on_round(void *user, strata_tune_kernel_t *k, int round, int measured) {
  tool_t *tool = user;
  strata_tune_model_t *m = &tool->model;
  const strata_search_result_t *r = strata_search_result(k->search);
  double def = strata_tune_kernel_default(k), best = r->best_latency;
  double est = strata_tune_model_estimate(m);
  char line[1024];
  int n = snprintf(line, sizeof line, "round %d: kernel %d (%s, x%d) +%d -> %d trials, ", round,
                   k->index + 1, k->task.summary, k->weight, measured, r->trials);
  if (isfinite(best))
    n += snprintf(line + n, sizeof line - (size_t)n, "best %.4g ms", best * 1e3);
  else
    n += snprintf(line + n, sizeof line - (size_t)n, "no success yet");
  if (isfinite(best) && !isnan(def))
    n += snprintf(line + n, sizeof line - (size_t)n, " (%.2fx default)", def / best);
  if (m->options.trials >= (1 << 30)) /* --minutes: the time is the budget */
    n += snprintf(line + n, sizeof line - (size_t)n, "; %d trials", m->used);
  else
    n += snprintf(line + n, sizeof line - (size_t)n, "; %d/%d trials", m->used, m->options.trials);
  if (isfinite(est))
    n += snprintf(line + n, sizeof line - (size_t)n, ", model %.4g ms", est * 1e3);
  eta_text(tool, line + n, sizeof line - (size_t)n);
  if (tool->tty)
    fprintf(stderr, "\r\033[K%s", line);
  else
    fprintf(stderr, "%s\n", line);
  fflush(stderr);
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

/* One option at argv[*i] into a; 0, or the exit status of a usage error. */
static int parse_option(int argc, char **argv, int *i, tune_args_t *a) {
  const char *f = argv[*i];
  strata_tune_model_options_t *o = &a->options;
  if (!strcmp(f, "--db"))
    a->db_path = flag_value(argc, argv, i);
  else if (!strcmp(f, "--trials")) {
    o->trials = (int)int_value(f, flag_value(argc, argv, i), 1);
    a->trials_given = true;
  } else if (!strcmp(f, "--early-stop"))
    o->early_stop = (int)int_value(f, flag_value(argc, argv, i), 0);
  else if (!strcmp(f, "--model-repeat"))
    a->model_repeat = (int)int_value(f, flag_value(argc, argv, i), 0);
  else if (!strcmp(f, "--minutes")) {
    const char *v = flag_value(argc, argv, i);
    char *end;
    a->minutes = strtod(v, &end);
    if (end == v || *end || !(a->minutes > 0)) {
      fprintf(stderr, "strata-tune: --minutes expects a positive number, got '%s'\n", v);
      return 2;
    }
  }
  else if (!strcmp(f, "--round"))
    o->round_size = (int)int_value(f, flag_value(argc, argv, i), 1);
  else if (!strcmp(f, "--seed"))
    o->seed = (unsigned long long)int_value(f, flag_value(argc, argv, i), 0);
  else if (!strcmp(f, "--validate"))
    a->validate = (int)int_value(f, flag_value(argc, argv, i), 0);
  else if (!strcmp(f, "--flush-cache"))
    o->flush_cache = true;
  else if (!strcmp(f, "--fresh"))
    o->fresh = true;
  else if (!strcmp(f, "--help") || !strcmp(f, "-h")) {
    fputs(USAGE, stdout);
    exit(0);
  }
  else if (!strcmp(f, "--repeats"))
    o->repeats = (int)int_value(f, flag_value(argc, argv, i), 1);
  else if (!strcmp(f, "--threads"))
    setenv("OMP_NUM_THREADS", flag_value(argc, argv, i), 1);
  else if (!strcmp(f, "--strategy"))
    a->strategy = flag_value(argc, argv, i);
  else if (!strcmp(f, "--target")) {
    o->target = flag_value(argc, argv, i);
    a->target_given = true;
  } else if (!strcmp(f, "--mpi"))
    a->mpi = true;
  else if (!strcmp(f, "--curve"))
    a->curve_path = flag_value(argc, argv, i);
  else if (!strcmp(f, "--plot"))
    a->plot_path = flag_value(argc, argv, i);
  else if (!strcmp(f, "--timeout")) {
    const char *v = flag_value(argc, argv, i);
    char *end;
    o->timeout = strtod(v, &end);
    if (end == v || *end || !(o->timeout > 0)) {
      fprintf(stderr, "strata-tune: --timeout expects a positive number, got '%s'\n", v);
      return 2;
    }
  } else {
    return strata_cli_unknown_option("strata-tune", f, USAGE, NULL, 0);
  }
  return 0;
}

/* tune's arguments; 0, or the exit status of a usage error. */
static int parse_args(int argc, char **argv, tune_args_t *a) {
  *a = (tune_args_t){
      .strategy = "evolutionary",
      .validate = 3,
      .model_repeat = 10,
      .results = -1,
      .options = {.target = "host", .trials = 64, .round_size = 16, .repeats = 5,
                  .timeout = 10, .early_stop = 64},
  };
  for (int i = 0; i < argc; ++i) {
    const char *arg = argv[i];
    int rc = 0;
    if (arg[0] == '-' && arg[1])
      rc = parse_option(argc, argv, &i, a);
    else if (a->model)
      fprintf(stderr, "strata-tune: more than one model ('%s' and '%s')\n", a->model, arg),
          rc = 2;
    else
      a->model = arg;
    if (rc)
      return rc;
  }
  if (a->minutes > 0 && !a->trials_given)
    a->options.trials = 1 << 30; /* the time is the budget */
  if (!a->model || !a->db_path) {
    fprintf(stderr, "strata-tune: tune needs a model and --db\n%s", USAGE);
    return 2;
  }
  if (!strata_search_strategy_parse(a->strategy, &a->options.strategy)) {
    fprintf(stderr, "strata-tune: unknown strategy '%s' (evolutionary, random, grid)\n",
            a->strategy);
    return 2;
  }
  return 0;
}

static void print_kernels(const tune_args_t *a, const strata_tune_model_t *m) {
  char budget[96];
  if (a->minutes > 0 && !a->trials_given)
    snprintf(budget, sizeof budget, "%g minutes", a->minutes);
  else if (a->minutes > 0)
    snprintf(budget, sizeof budget, "%d trials or %g minutes", a->options.trials, a->minutes);
  else
    snprintf(budget, sizeof budget, "%d trials", a->options.trials);
  printf("%s: %zu kernel%s to tune, %s, strategy %s, target '%s'\n", a->model, m->count,
         m->count == 1 ? "" : "s", budget, a->strategy, m->kernels[0].task.target);
  for (size_t i = 0; i < m->count; ++i) {
    const strata_tune_kernel_t *k = &m->kernels[i];
    int resumed = strata_search_result(k->search)->resumed;
    printf("  kernel %zu: %s x%d, %llu candidates", i + 1, k->task.summary, k->weight,
           (unsigned long long)strata_space_size(&k->task.space));
    if (resumed)
      printf(", %d measured before (resumed from the database)", resumed);
    int stale = strata_search_result(k->search)->stale;
    if (stale)
      printf(", %d stale record%s of an older trace version ignored (tuned again)", stale,
             stale == 1 ? "" : "s");
    printf("\n");
  }
  fflush(stdout);
}

/* The scheduler's rounds, timed. */
static bool schedule(tool_t *tool, double *elapsed, char **error) {
  strata_tune_model_t *m = &tool->model;
  int trials = m->options.trials;
  double start = tool->search_start = strata_measure_now();
  if (!strata_tune_model_first_rounds(m, error))
    return false;
  if (m->used >= trials && trials < (int)m->count)
    fprintf(stderr, "strata-tune: %d trials for %zu kernels: %zu kernels were not measured "
                    "(give --trials at least %zu)\n",
            trials, m->count, m->count - (size_t)trials, m->count);
  if (!strata_tune_model_more_rounds(m, error))
    return false;
  if (tool->tty)
    fprintf(stderr, "\n");
  *elapsed = strata_measure_now() - start;
  return true;
}

/* Before/after table (validated latencies). */
static void print_table(const strata_tune_model_t *m) {
  printf("\n%-4s %-36s %5s %6s %6s %12s %12s %8s\n", "#", "kernel", "count", "trials", "errors",
         "default ms", "tuned ms", "speedup");
  double sum_def = 0, sum_best = 0;
  bool complete = true;
  int noisy = 0, measured = 0;
  for (size_t i = 0; i < m->count; ++i) {
    const strata_tune_kernel_t *k = &m->kernels[i];
    const strata_search_result_t *r = strata_search_result(k->search);
    double def = k->default_score, best = isnan(k->best_score) ? INFINITY : k->best_score;
    char d[32], b[32], sp[32];
    snprintf(d, sizeof d, r->trials == 0 ? "not run" : isnan(def) ? "failed" : "%.4f", def * 1e3);
    snprintf(b, sizeof b, isfinite(best) ? "%.4f" : "-", best * 1e3);
    snprintf(sp, sizeof sp, !isnan(def) && isfinite(best) ? "%.2fx" : "-", def / best);
    printf("%-4zu %-36s %5d %6d %6d %12s %12s %8s", i + 1, k->task.summary, k->weight,
           r->trials, r->errors, d, b, sp);
    if (k->task.noisy)
      printf("  (%d noisy)", k->task.noisy);
    if (k->stopped_early)
      printf("  (stopped early)");
    printf("\n");
    noisy += k->task.noisy;
    measured += k->task.measurements;
    if (isnan(def) || !isfinite(best))
      complete = false;
    else {
      sum_def += k->weight * def;
      sum_best += k->weight * best;
    }
  }
  if (complete)
    printf("%-4s %-36s %5s %6d %6s %12.4f %12.4f %7.2fx\n", "", "all kernels (x count)", "",
           m->used, "", sum_def * 1e3, sum_best * 1e3, sum_def / sum_best);
  if (noisy)
    printf("warning: %d of %d measurements stayed noisy after measuring them again twice "
           "(max/min of the timed runs > 1.5 or a coefficient of variation over 10%%): the "
           "machine is busy; latencies and speedups marked 'noisy' are uncertain\n",
           noisy, measured);
}

/* Closes the curve and plots it; 0 or 1. */
static int finish_curve(tool_t *tool, const tune_args_t *a, char **error) {
  if (tool->curve) {
    bool bad = ferror(tool->curve) != 0;
    bad |= fclose(tool->curve) != 0;
    tool->curve = NULL;
    if (bad)
      return strata_fail(error, "cannot write '%s'", a->curve_path), 1;
    printf("curve: %s\n", a->curve_path);
  }
  if (!a->plot_path)
    return 0;
  if (!a->curve_path) {
    fprintf(stderr, "strata-tune: --plot needs --curve (the plot reads the CSV)\n");
    return 1;
  }
  const char *csvs[] = {a->curve_path}, *labels[] = {a->strategy};
  char *perror_ = NULL;
  if (!strata_search_plot_curves(csvs, labels, 1, a->plot_path,
                                 "estimated model latency (sum of tuned kernels)", &perror_)) {
    fprintf(stderr, "strata-tune: %s\n", perror_);
    free(perror_);
    return 1;
  }
  printf("plot: %s\n", a->plot_path);
  return 0;
}

/* Tunes the kernels of a loaded module: 0, or 1 with *error possibly set. */
static int tune_module(tool_t *tool, const tune_args_t *a, MlirOperation module,
                       strata_tuning_db_t *db, char **error) {
  strata_tune_model_t *m = &tool->model;
  if (!strata_tune_model_init(m, module, &a->options, db, error))
    return 1;
  if (m->count == 0) {
    printf("%s: no kernel with knobs to tune (te-default-schedule and te-sketch write knobs "
           "for static f32/f64 computes of at least 4096 iterations)\n", a->model);
    return 0;
  }
  print_kernels(a, m);
  if (a->curve_path) {
    if (!(tool->curve = fopen(a->curve_path, "w")))
      return strata_fail(error, "cannot write '%s': %s", a->curve_path, strerror(errno)), 1;
    fprintf(tool->curve, "trial,latency_s,best_latency_s\n");
  }
  if (a->minutes > 0)
    m->options.deadline = tool->start + a->minutes * 60;
  double elapsed = 0;
  if (!schedule(tool, &elapsed, error))
    return 1;
  if (a->validate > 0)
    fprintf(stderr, "validating: the default and the 3 fastest candidates of each kernel, %d "
                    "more runs each (candidates against the default, alternating)\n",
            a->validate);
  if (!strata_tune_model_validate(m, a->validate, error))
    return 1;
  print_table(m);
  printf("tuned %zu kernel%s with %d trials in %.1f s (%.1f s searching, %.0f ms per trial; "
         "the rest compiling, extracting the kernels and validating); records in %s\n",
         m->count, m->count == 1 ? "" : "s", m->used, strata_measure_now() - tool->start,
         elapsed, m->used ? 1e3 * elapsed / m->used : 0.0, a->db_path);
  int rc = finish_curve(tool, a, error);
  if (rc == 0 && a->model_repeat > 0) {
    strata_tune_check_t check = {a->model, a->db_path, a->options.target, a->model_repeat,
                                 a->results};
    rc = strata_tune_check_model(&check, error);
  }
  return rc;
}

/* An MPI rank other than 0: the same model's kernels, measured on request
 * (no database, no output but errors). */
static int tune_worker(tune_args_t *a, bool accepted) {
  int rc = 0;
  if (accepted) {
    MlirContext ctx = strata_context_create();
    char *error = NULL;
    MlirOperation module = mlirContextIsNull(ctx)
                               ? (MlirOperation){NULL}
                               : strata_model_load(ctx, a->model, 0, NULL, NULL, &error);
    strata_tune_model_t m;
    if (!mlirOperationIsNull(module) && mlirLogicalResultIsSuccess(strata_verify(module)) &&
        mlirLogicalResultIsSuccess(strata_run_pipeline(module, strata_pipeline_tuning_tasks())) &&
        strata_tune_model_init(&m, module, &a->options, NULL, &error)) {
      strata_tune_mpi_serve(&m);
      strata_tune_model_free(&m);
    } else {
      fprintf(stderr, "strata-tune: this rank cannot load '%s'%s%s\n", a->model,
              error ? ": " : "", error ? error : "");
      rc = 1;
    }
    free(error);
    if (!mlirOperationIsNull(module))
      mlirOperationDestroy(module);
    if (!mlirContextIsNull(ctx))
      mlirContextDestroy(ctx);
  }
  strata_tune_mpi_finish(rc);
  return rc;
}

static int cmd_tune(int argc, char **argv) {
  tune_args_t a;
  int rc = parse_args(argc, argv, &a);
  if (rc)
    return rc;
  int rank = 0, ranks = 1;
  bool accepted = true;
  strata_tuning_passes_register(); /* a worker rank builds candidates too */
  strata_register_all_passes();
  if (a.mpi) {
    char *error = NULL;
    if (!strata_tune_mpi_start(NULL, NULL, a.options.target, a.target_given, &rank, &ranks,
                               &accepted, &error))
      return fail(error);
    if (rank != 0)
      return tune_worker(&a, accepted);
    a.options.measure_batch = strata_tune_mpi_measure_batch;
    printf("MPI: %d rank%s, each measuring candidates in its own processes\n", ranks,
           ranks == 1 ? "" : "s");
  }
  MlirContext ctx = strata_tool_context_create();
  if (mlirContextIsNull(ctx))
    return 1;
  char *error = NULL;
  tool_t tool = {.tty = isatty(STDERR_FILENO), .start = strata_measure_now()};
  a.options.skipped = on_skipped;
  a.options.trial = on_trial;
  a.options.round = on_round;
  a.options.user = &tool;
  strata_tuning_db_t *db = NULL;
  rc = 1;
  MlirOperation module = strata_model_load(ctx, a.model, 0, NULL, NULL, &error);
  if (!mlirOperationIsNull(module))
    a.results = strata_tune_entry_results(module);
  if (!mlirOperationIsNull(module) && mlirLogicalResultIsSuccess(strata_verify(module)) &&
      mlirLogicalResultIsSuccess(strata_run_pipeline(module, strata_pipeline_tuning_tasks())) &&
      (db = strata_tuning_db_open(a.db_path, &error)))
    rc = tune_module(&tool, &a, module, db, &error);
  if (tool.curve)
    fclose(tool.curve);
  if (error) {
    if (tool.tty)
      fprintf(stderr, "\n");
    fprintf(stderr, "strata-tune: %s\n", error);
    free(error);
    rc = 1;
  }
  if (a.mpi)
    printf("candidates measured per rank: %s\n", strata_tune_mpi_summary(tool.model.used));
  strata_tune_model_free(&tool.model);
  strata_tuning_db_close(db);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  if (a.mpi)
    strata_tune_mpi_finish(rc);
  return rc;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strata_cli_help_or_version("strata-tune", argv[1], USAGE))
    return 0;
  if (argc < 2) {
    fputs(USAGE, stderr);
    return 2;
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
  if (cmd[0] == '-')
    return strata_cli_unknown_option("strata-tune", cmd, USAGE, NULL, 0);
  static const char *const commands[] = {"export", "import", "best", "plot", "tune"};
  const char *hint = strata_suggest(cmd, commands, STRATA_COUNTOF(commands));
  fprintf(stderr, "strata-tune: unknown command '%s'%s%s%s (see --help)\n", cmd,
          hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
  return 2;
}
