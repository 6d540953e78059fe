/* Shared pieces of Strata's benchmarks: compile an MLIR model text with the
 * JIT, time a callable (median of repeats within a time budget), and print
 * one result line comparing Strata with a peer measured in the same run. */
#ifndef STRATA_BENCH_COMMON_H
#define STRATA_BENCH_COMMON_H

#include <stdbool.h>

#include "runtime/jit.h"
#include "runtime/tensor.h"
#include "strata/strata.h"

typedef struct {
  MlirContext ctx;
  strata_jit_t *jit;
  char entry[128];
} bench_kernel_t;

/* Parses, verifies, lowers (`pipeline`, NULL = strata-graph-to-llvm) and
 * JIT-compiles `text`; entry is its function. Prints why on failure. */
bool bench_compile(const char *text, const char *entry, const char *pipeline,
                   bench_kernel_t *k);
void bench_kernel_destroy(bench_kernel_t *k);
/* Calls the kernel's entry on args; on a JIT error prints it (prefixed
 * with `tool`) and exits with status 1: a benchmark never times a failed
 * call. */
void bench_call(const bench_kernel_t *k, strata_tensor_t *args, int nargs, const char *tool);

typedef void (*bench_fn_t)(void *user);
/* Median seconds of `fa` (*ta) and of `fb` (*tb): with `alternate`, over
 * alternating runs (a, b, a, b, ...: a noisy moment of a shared machine
 * hits both; for single-threaded kernels), else all runs of a, then all of
 * b (multi-threaded kernels: two thread pools taking turns would each
 * spin-wait on the cores the other needs). At least `min_reps` runs each
 * (1 when the untimed warm-up of both alone exceeds the budget), then more
 * until `budget_s` seconds are spent (at most 100 each). */
void bench_median_pair(bench_fn_t fa, void *ua, bench_fn_t fb, void *ub, bool alternate,
                       int min_reps, double budget_s, double *ta, double *tb);

/* Prints "<name>: strata X ms (G GFLOPS)  <peer> Y ms (G GFLOPS)  ratio R"
 * where ratio = peer time / strata time (> 1: Strata is faster). flops may
 * be 0 for non-arithmetic kernels (then GB/s of `bytes` is shown). */
void bench_report(const char *name, double strata_s, const char *peer, double peer_s,
                  double flops, double bytes);

/* --baseline Q of the benchmarks: compiles `text` (entry `entry`) with
 * the pipeline `baseline`, runs it on args (the output last) and checks
 * that the output matches `expected` (|a - e| <= atol + rtol |e|), then
 * prints the line "<name> strata ... baseline ... ratio" of `kernel`
 * against it, their runs alternating in this process. Returns 0, or 1
 * after printing why (compile error, wrong result). */
int bench_against_baseline(const char *tool, const char *name, const char *text,
                           const char *entry, const char *baseline, const bench_kernel_t *kernel,
                           strata_tensor_t *args, int nargs, const strata_tensor_t *expected,
                           double rtol, double atol, double flops);

/* One measured case of a kernel benchmark: `kernel` (compiled from `text`,
 * entry `entry`) on args (inputs filled, the output last) against `peer`,
 * a function that writes the same output into args[nargs - 1]. */
typedef struct {
  const char *tool, *name;           /* program (for errors), the result line's name */
  const char *text, *entry, *baseline; /* baseline: the --baseline pipeline or NULL */
  const bench_kernel_t *kernel;
  strata_tensor_t *args;
  int nargs;
  const char *peer;                  /* the peer's name in the result line */
  bench_fn_t peer_fn;
  void *peer_user;
  double rtol, atol, flops, bytes;   /* tolerances; the work for bench_report */
  bool alternate;                    /* bench_median_pair's order */
  int min_reps;
  double budget_s;
} bench_case_t;

/* Frees args[0..nargs) and the kernel. */
void bench_case_free(bench_kernel_t *kernel, strata_tensor_t *args, int nargs);

/* The flags the kernel benchmarks share: --threads N, --pipeline P (the
 * pipeline measured), --baseline Q (a second pipeline to compare with). */
typedef struct {
  int threads;
  const char *pipeline, *baseline;
} bench_options_t;

/* When argv[*i] is one of bench_options_t's flags with its value: stores
 * it, moves *i to the value and returns true. */
bool bench_option(int argc, char **argv, int *i, bench_options_t *o);

/* Runs the kernel, keeps its output, runs the peer and compares: a wrong
 * kernel is never timed ("<name> WRONG RESULT: N elements differ from
 * <peer>"). Then times both and prints bench_report's line, then the
 * baseline's line when one is set (bench_against_baseline). Returns 0, or 1
 * after printing why. */
int bench_case_run(const bench_case_t *c);
#endif
