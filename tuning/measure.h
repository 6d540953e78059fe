/* Measuring one candidate safely: the caller's callbacks run in a forked
 * child process with a time limit, so a candidate that crashes, hangs or
 * computes a wrong result costs one measurement, never the tuner. The child
 * reports the median latency of N timed runs (or an error) through a pipe. */
#ifndef STRATA_TUNING_MEASURE_H
#define STRATA_TUNING_MEASURE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  /* Optional, called once in the child before timing: build the candidate,
   * make inputs, run it once and compare with the reference. Returns false
   * with a malloc'd *error (e.g. "wrong result: max abs error 3.2 at 17"). */
  bool (*prepare)(void *user, char **error);
  /* One run. *seconds starts negative; a callback that times itself (say,
   * without copying inputs) stores its time there, otherwise the wall time
   * of the call is used. Returns false with a malloc'd *error. */
  bool (*run)(void *user, double *seconds, char **error);
  void *user;
} strata_measure_callbacks_t;

typedef struct {
  int warmup;             /* untimed runs before the timed ones (default 1) */
  int repeats;            /* timed runs; the median is reported (default 5) */
  double timeout_seconds; /* for prepare and all runs together (default 10) */
  /* Adaptive repeats (0: off, the default): after min_repeats timed runs
   * (at most `repeats`), stop as soon as the runs so far lie within
   * `tolerance` of the fastest ((max - min) <= tolerance x min, so within
   * it of their median too): a steady kernel needs no more runs to fix
   * its median. */
  int min_repeats;
  double tolerance;
} strata_measure_options_t;

typedef struct {
  bool ok;
  double latency; /* median seconds of the timed runs when ok */
  /* The timed runs spread (max/min > 1.5 or a coefficient of variation over
   * 10%) and stayed so when measured again twice: the latency is uncertain. */
  bool noisy;
  char *error;    /* malloc'd when !ok: the callback's message, "crashed with
                   * signal 11 (Segmentation fault)", "timed out after 2 s", ... */
} strata_measure_result_t;

/* Defaults as documented above. */
strata_measure_options_t strata_measure_default_options(void);

/* Forks, runs the callbacks in the child (its own process group, killed
 * whole with SIGKILL at the time limit; also killed when the calling
 * process dies, PR_SET_PDEATHSIG), and waits. Standard streams are
 * flushed before the fork. Returns the result; result.error is set for
 * every failure, including fork or pipe failures in the caller. */
strata_measure_result_t strata_measure(const strata_measure_callbacks_t *callbacks,
                                       const strata_measure_options_t *options);

void strata_measure_result_clear(strata_measure_result_t *result);

/* Median of n values (sorts them in place); NAN for n == 0. */
double strata_median(double *values, int n);

/* --- helpers for what runs in the child --------------------------------- */

/* Seconds on a monotonic clock. */
double strata_measure_now(void);

/* Writes all n bytes of data to fd, retrying after EINTR; stops silently
 * on an error (a child reporting to a parent that has gone). */
void strata_write_all(int fd, const void *data, size_t n);

/* Evicts [p, p + n) from every cache level (x86 clflush; elsewhere nothing
 * is flushed): a timed run then reads those bytes from memory. */
void strata_measure_flush_cache(const void *p, size_t n);

/* Memory shared with the measuring children (mapped MAP_SHARED before they
 * are forked): what one child writes there, the parent and later children
 * see, e.g. the reference output of the first candidate. */
typedef struct {
  volatile int valid; /* set by whoever filled data */
  size_t bytes;
  unsigned char data[];
} strata_measure_shared_t;

/* NULL when the mapping fails. */
strata_measure_shared_t *strata_measure_shared_create(size_t bytes);
void strata_measure_shared_free(strata_measure_shared_t *shared); /* NULL: nothing */

/* Faults a test can inject into a measurement: STRATA_TUNE_INJECT=
 * "crash=N,hang=M,wrong=W,fast=F,lucky=L" makes the N-th (M-th, W-th,
 * F-th, L-th) measurement of a task, counting from 0, crash (hang, compute
 * a wrong result: its output is changed before the comparison with the
 * reference) in its child, report a latency (or paired ratio) a million
 * times too small, below any roofline, or half the true one (a lucky
 * measurement, which only a re-measure exposes): a test hook for the
 * tuner's fault handling. */
typedef enum {
  STRATA_MEASURE_FAULT_NONE,
  STRATA_MEASURE_FAULT_CRASH,
  STRATA_MEASURE_FAULT_HANG,
  STRATA_MEASURE_FAULT_WRONG,
  STRATA_MEASURE_FAULT_FAST,  /* the latency reported a million times too small (a timer glitch) */
  STRATA_MEASURE_FAULT_LUCKY, /* the latency reported at half its value */
} strata_measure_fault_t;

/* The fault STRATA_TUNE_INJECT asks for at measurement `measurement`. */
strata_measure_fault_t strata_measure_injected_fault(int measurement);
/* In the child: crashes (SIGSEGV) or hangs for those faults; returns for
 * the others. */
void strata_measure_act_fault(strata_measure_fault_t fault);

#endif
