/* strata-tune: the auto-tuning tool. This skeleton has the commands that need
 * only the tuning library — sharing and inspecting tuning databases and
 * plotting tuning curves; `tune` (extract the kernels of a module, allocate
 * trials across them, search, write the database, curves and a before/after
 * table) is wired once the te-autotune pass exists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuning/database.h"
#include "tuning/search.h"

static const char *const USAGE =
    "usage:\n"
    "  strata-tune export DB [-o FILE]       write every record as JSON lines\n"
    "  strata-tune import DB FILE...         add JSON-lines records (duplicates skipped)\n"
    "  strata-tune best DB                   per task and target: records, errors, best\n"
    "  strata-tune plot -o PNG CSV[=LABEL]...  plot best-so-far curves with gnuplot\n"
    "  strata-tune tune ...                  tune a module (not available yet)\n";

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
  bool ok = strata_tuning_db_export_jsonl(db, out, &error);
  if (out != stdout && fclose(out) != 0 && ok) {
    ok = false;
    error = strdup("cannot write the export");
  }
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
  int64_t records, errors;
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
  if (strcmp(cmd, "tune") == 0) {
    fprintf(stderr, "strata-tune: tune is not available yet: it needs the te-autotune pass\n");
    return 1;
  }
  fprintf(stderr, "strata-tune: unknown command '%s'\n%s", cmd, USAGE);
  return 2;
}
