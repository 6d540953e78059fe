/* Compile-time accounting for --timing (see compile_timing.h): phases are
 * summed by the tools around each step; passes report through the bridge's
 * pass instrumentation (bridge/pass_timing.cpp) into a table keyed by the
 * pass argument, which also charges each pass to its phase. */
#include "core/compile_timing.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bridge/bridge.h"
#include "strata/strata.h"

static double clock_seconds(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The process's CPU time plus that of its waited-for children (the
 * linker strata-compile runs). */
static double cpu_seconds(void) {
  struct rusage children;
  double cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
  if (getrusage(RUSAGE_CHILDREN, &children) == 0)
    cpu += (double)(children.ru_utime.tv_sec + children.ru_stime.tv_sec) +
           1e-6 * (double)(children.ru_utime.tv_usec + children.ru_stime.tv_usec);
  return cpu;
}

strata_time_mark_t strata_time_mark(void) {
  return (strata_time_mark_t){clock_seconds(CLOCK_MONOTONIC), cpu_seconds()};
}

static void add(strata_timing_t *t, strata_phase_t p, double seconds, double cpu_seconds) {
  if (t && p >= 0 && p < STRATA_PHASE_COUNT) {
    t->phase[p] += seconds;
    t->phase_cpu[p] += cpu_seconds;
  }
}

strata_time_mark_t strata_timing_charge(strata_timing_t *t, strata_phase_t p,
                                        strata_time_mark_t since) {
  strata_time_mark_t now = strata_time_mark();
  add(t, p, now.wall - since.wall, now.cpu - since.cpu);
  return now;
}

/* Graph-level passes by name: the graph dialect's own and the DCE that
 * runs on graph models; everything else lowers. */
static strata_phase_t phase_of(const char *name, size_t len) {
  if ((len > 6 && strncmp(name, "graph-", 6) == 0) ||
      (len == 10 && strncmp(name, "strata-dce", 10) == 0))
    return STRATA_PHASE_GRAPH;
  return STRATA_PHASE_LOWERING;
}

static void record_pass(const char *name, size_t len, double seconds, double cpu_seconds,
                        void *user) {
  strata_timing_t *t = user;
  add(t, phase_of(name, len), seconds, cpu_seconds);
  for (int i = 0; i < t->num_passes; ++i) {
    strata_pass_time_t *p = &t->passes[i];
    if (strlen(p->name) == len && strncmp(p->name, name, len) == 0) {
      p->seconds += seconds;
      p->cpu_seconds += cpu_seconds;
      p->runs++;
      return;
    }
  }
  if (t->num_passes == t->cap) {
    int cap = t->cap ? 2 * t->cap : 32;
    strata_pass_time_t *grown = realloc(t->passes, sizeof *grown * (size_t)cap);
    if (!grown)
      return; /* the phase total above still counts it */
    t->passes = grown;
    t->cap = cap;
  }
  char *copy = malloc(len + 1);
  if (!copy)
    return;
  memcpy(copy, name, len);
  copy[len] = '\0';
  t->passes[t->num_passes++] = (strata_pass_time_t){copy, seconds, cpu_seconds, 1};
}

void strata_timing_add_unit(strata_timing_t *t, const strata_unit_time_t *unit) {
  if (!t)
    return;
  if (t->num_units == t->units_cap) {
    int cap = t->units_cap ? 2 * t->units_cap : 64;
    strata_unit_time_t *grown = realloc(t->units, sizeof *grown * (size_t)cap);
    if (!grown)
      return;
    t->units = grown;
    t->units_cap = cap;
  }
  t->units[t->num_units++] = *unit;
}

MlirLogicalResult strata_timing_run_pass_manager(strata_timing_t *t, MlirPassManager pm,
                                                 MlirOperation op) {
  if (t)
    strata_pass_manager_time_passes(pm, record_pass, t);
  return mlirPassManagerRunOnOp(pm, op);
}

MlirLogicalResult strata_timing_run_pipeline(strata_timing_t *t, MlirOperation op,
                                             const char *pipeline) {
  MlirPassManager pm = strata_pass_manager_create(op, pipeline);
  if (mlirPassManagerIsNull(pm))
    return mlirLogicalResultFailure();
  MlirLogicalResult r = strata_timing_run_pass_manager(t, pm, op);
  mlirPassManagerDestroy(pm);
  return r;
}

static int slower_first(const void *a, const void *b) {
  double x = ((const strata_pass_time_t *)a)->seconds, y = ((const strata_pass_time_t *)b)->seconds;
  return (x < y) - (x > y);
}

static double unit_total(const strata_unit_time_t *u) {
  return u->translate + u->optimize + u->emit;
}

static int dearer_first(const void *a, const void *b) {
  double x = unit_total(a), y = unit_total(b);
  return (x < y) - (x > y);
}

/* "code generation: N units (compiled), workers' CPU ms a b", then the
 * five dearest units: translation, LLVM optimization, machine code. */
static void print_units(const strata_timing_t *t, FILE *out) {
  if (t->num_units == 0)
    return;
  fprintf(out, "  code generation: %d units compiled, workers' CPU ms", t->num_units);
  for (int w = 0; w < t->num_workers; ++w)
    fprintf(out, " %.1f", 1e3 * t->worker_cpu[w]);
  fprintf(out, "\n");
  strata_unit_time_t *sorted = malloc(sizeof *sorted * (size_t)t->num_units);
  if (!sorted)
    return;
  memcpy(sorted, t->units, sizeof *sorted * (size_t)t->num_units);
  qsort(sorted, (size_t)t->num_units, sizeof *sorted, dearer_first);
  fprintf(out, "  %-32s %10s %10s %10s\n", "unit (CPU ms)", "translate", "optimize",
          "emit");
  for (int i = 0; i < t->num_units && i < 5; ++i)
    fprintf(out, "  %-32.32s %10.1f %10.1f %10.1f\n", sorted[i].name, 1e3 * sorted[i].translate,
            1e3 * sorted[i].optimize, 1e3 * sorted[i].emit);
  free(sorted);
}

static const char *const phase_names[STRATA_PHASE_COUNT] = {
    "import", "graph passes", "lowering", "LLVM optimization", "code generation", "link",
};

void strata_timing_print(const strata_timing_t *t, const char *what, FILE *out) {
  if (!t)
    return;
  fflush(stdout); /* the report follows what the tool printed so far */
  double total = 0, total_cpu = 0;
  for (int p = 0; p < STRATA_PHASE_COUNT; ++p) {
    total += t->phase[p];
    total_cpu += t->phase_cpu[p];
  }
  fprintf(out, "timing: %s: %.1f ms wall, %.1f ms CPU\n", what, 1e3 * total, 1e3 * total_cpu);
  fprintf(out, "  %-28s %10s %10s %7s\n", "phase", "wall ms", "CPU ms", "share");
  for (int p = 0; p < STRATA_PHASE_COUNT; ++p)
    fprintf(out, "  %-28s %10.1f %10.1f %6.1f%%\n", phase_names[p], 1e3 * t->phase[p],
            1e3 * t->phase_cpu[p], total > 0 ? 100.0 * t->phase[p] / total : 0.0);
  if (t->num_passes == 0) {
    print_units(t, out);
    return;
  }
  strata_pass_time_t *sorted = malloc(sizeof *sorted * (size_t)t->num_passes);
  if (!sorted)
    return;
  memcpy(sorted, t->passes, sizeof *sorted * (size_t)t->num_passes);
  qsort(sorted, (size_t)t->num_passes, sizeof *sorted, slower_first);
  fprintf(out, "  %-28s %10s %10s %7s %5s\n", "pass (exclusive)", "wall ms", "CPU ms", "share",
          "runs");
  for (int i = 0; i < t->num_passes; ++i)
    fprintf(out, "  %-28s %10.1f %10.1f %6.1f%% %5d\n", sorted[i].name, 1e3 * sorted[i].seconds,
            1e3 * sorted[i].cpu_seconds, total > 0 ? 100.0 * sorted[i].seconds / total : 0.0,
            sorted[i].runs);
  free(sorted);
  print_units(t, out);
}

void strata_timing_free(strata_timing_t *t) {
  if (!t)
    return;
  for (int i = 0; i < t->num_passes; ++i)
    free(t->passes[i].name);
  free(t->passes);
  free(t->units);
  t->passes = NULL;
  t->units = NULL;
  t->num_passes = t->cap = 0;
  t->num_units = t->units_cap = 0;
}
