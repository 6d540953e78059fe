/* Tuning test: measuring in a child process — the median of timed runs, a
 * self-timed callback, and candidates that report a wrong result, fail,
 * abort, crash, hang in prepare or in a run, or exit: each is an error for
 * that candidate while the caller goes on. */
// RUN: tuning-measure 2>&1 | FileCheck %s
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tuning/measure.h"

static void sleep_seconds(double s) {
  struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  nanosleep(&ts, NULL);
}

static bool run_sleep_2ms(void *user, double *seconds, char **error) {
  sleep_seconds(2e-3);
  return true;
}

/* Reports its own times 1, 2, ...: the warm-up run is call 1, so the five
 * timed runs report 2..6. That sample spreads (6/2 > 1.5), so it is
 * measured again: 7..11 (11/7 > 1.5, again), then 12..16 (16/12 = 1.33,
 * coefficient of variation 0.11 > 10%: still noisy, but two repeats is the
 * most): the median of the last sample, 14, flagged noisy. */
static bool run_self_timed(void *user, double *seconds, char **error) {
  static int calls;
  *seconds = ++calls;
  return true;
}

/* Reports 1 ms, then 1.01 ms, ...: a steady sample, measured once. */
static bool run_steady(void *user, double *seconds, char **error) {
  static int calls;
  *seconds = 1e-3 * (1 + 0.01 * (calls++ % 5));
  return true;
}

/* 1 ms, 1.01 ms, 1.005 ms, then 2 ms for every later call. */
static bool run_steady_then_slow(void *user, double *seconds, char **error) {
  static int calls;
  static const double first[] = {1e-3, 1.01e-3, 1.005e-3};
  *seconds = calls < 3 ? first[calls] : 2e-3;
  ++calls;
  return true;
}

/* Adaptive repeats (min_repeats 3, tolerance 2%, no warm-up): the first
 * three runs agree within 2%, so the measurement stops there (median
 * 1.005 ms); without them all five runs are taken, the sample spreads
 * (2 / 1 > 1.5) and is measured again: 2 ms. */
static void report_adaptive(const char *name, int min_repeats) {
  strata_measure_options_t opt = strata_measure_default_options();
  opt.warmup = 0;
  opt.min_repeats = min_repeats;
  opt.tolerance = 0.02;
  strata_measure_callbacks_t cb = {.run = run_steady_then_slow};
  strata_measure_result_t r = strata_measure(&cb, &opt);
  printf("%s: ok %d %.4g s\n", name, r.ok, r.latency);
  strata_measure_result_clear(&r);
}

static bool prepare_wrong(void *user, char **error) {
  *error = strdup("wrong result: max abs error 0.5 at index 17");
  return false;
}

static bool run_fail(void *user, double *seconds, char **error) {
  *error = strdup("cannot compile the candidate");
  return false;
}

static bool run_abort(void *user, double *seconds, char **error) { abort(); }

static bool run_segfault(void *user, double *seconds, char **error) {
  volatile int *volatile p = NULL;
  *p = 1;
  return true;
}

static bool prepare_hang(void *user, char **error) {
  for (;;)
    pause();
  return false;
}

static bool run_hang(void *user, double *seconds, char **error) {
  for (volatile unsigned long i = 0;; ++i)
    ;
  return true;
}

static bool run_exit(void *user, double *seconds, char **error) { exit(3); }

static void report(const char *name, strata_measure_callbacks_t cb, double timeout) {
  strata_measure_options_t opt = strata_measure_default_options();
  opt.timeout_seconds = timeout;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  strata_measure_result_t r = strata_measure(&cb, &opt);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double took = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  if (r.ok)
    printf("%s: ok %.3g s%s\n", name, r.latency, r.noisy ? " (noisy)" : "");
  else
    printf("%s: error: %s (returned within the limit: %d)\n", name, r.error, took < timeout + 1);
  strata_measure_result_clear(&r);
}

int main(void) {
  printf("buffered before the forks\n"); /* must not be printed twice */
  double v[] = {5, 1, 4, 2, 3}, w[] = {4, 1, 3, 2};
  // CHECK: buffered before the forks
  // CHECK-NEXT: median 3 2.5
  printf("median %g %g\n", strata_median(v, 5), strata_median(w, 4));

  strata_measure_callbacks_t cb = {.run = run_sleep_2ms};
  strata_measure_options_t opt = strata_measure_default_options();
  strata_measure_result_t r = strata_measure(&cb, &opt);
  // CHECK-NEXT: sleep 2 ms: ok 1 in range 1
  printf("sleep 2 ms: ok %d in range %d\n", r.ok, r.ok && r.latency >= 2e-3 && r.latency < 0.5);

  // CHECK-NEXT: self-timed: ok 14 s (noisy)
  report("self-timed", (strata_measure_callbacks_t){.run = run_self_timed}, 5);
  // CHECK-NEXT: steady: ok 0.00102 s{{$}}
  report("steady", (strata_measure_callbacks_t){.run = run_steady}, 5);
  // CHECK-NEXT: adaptive: ok 1 0.001005 s
  report_adaptive("adaptive", 3);
  // CHECK-NEXT: all repeats: ok 1 0.002 s
  report_adaptive("all repeats", 0);
  // CHECK-NEXT: wrong result: error: wrong result: max abs error 0.5 at index 17 (returned within the limit: 1)
  report("wrong result", (strata_measure_callbacks_t){.prepare = prepare_wrong, .run = run_sleep_2ms}, 5);
  // CHECK-NEXT: failing run: error: cannot compile the candidate (returned within the limit: 1)
  report("failing run", (strata_measure_callbacks_t){.run = run_fail}, 5);
  // CHECK-NEXT: abort: error: crashed with signal 6 (Aborted) (returned within the limit: 1)
  report("abort", (strata_measure_callbacks_t){.run = run_abort}, 5);
  /* Under the sanitizers the child reports the bad store (on stderr) and
   * exits instead. */
  // CHECK: segfault: error: {{crashed with signal 11 \(Segmentation fault\)|exited with status 1 without a result}} (returned within the limit: 1)
  report("segfault", (strata_measure_callbacks_t){.run = run_segfault}, 5);
  // CHECK-NEXT: hanging prepare: error: timed out after 0.5 s (returned within the limit: 1)
  report("hanging prepare", (strata_measure_callbacks_t){.prepare = prepare_hang, .run = run_sleep_2ms}, 0.5);
  // CHECK-NEXT: hanging run: error: timed out after 0.5 s (returned within the limit: 1)
  report("hanging run", (strata_measure_callbacks_t){.run = run_hang}, 0.5);
  // CHECK-NEXT: exit: error: exited with status 3 without a result (returned within the limit: 1)
  report("exit", (strata_measure_callbacks_t){.run = run_exit}, 5);
  // CHECK-NEXT: after all: ok 1
  r = strata_measure(&cb, &opt);
  printf("after all: ok %d\n", r.ok);
  return 0;
}
