/* Kernel timers of profiled models (see profile_kernels.h). */
#include "runtime/profile_kernels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  double start, total;
  int64_t calls;
} timer_t_;

static timer_t_ *timers;
static int64_t num_timers, cap_timers;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The timer of id, growing the table; NULL for a negative id or when
 * memory runs out (the kernel is then not timed). */
static timer_t_ *timer(int64_t id) {
  if (id < 0)
    return NULL;
  if (id >= cap_timers) {
    int64_t cap = cap_timers ? cap_timers : 64;
    while (cap <= id)
      cap *= 2;
    timer_t_ *grown = realloc(timers, (size_t)cap * sizeof *grown);
    if (!grown)
      return NULL;
    memset(grown + cap_timers, 0, (size_t)(cap - cap_timers) * sizeof *grown);
    timers = grown;
    cap_timers = cap;
  }
  if (id >= num_timers)
    num_timers = id + 1;
  return &timers[id];
}

void strata_profile_begin(int64_t id) {
  timer_t_ *t = timer(id);
  if (t)
    t->start = now();
}

void strata_profile_end(int64_t id) {
  double end = now();
  timer_t_ *t = timer(id);
  if (t) {
    t->total += end - t->start;
    t->calls++;
  }
}

void strata_profile_reset(void) {
  if (timers)
    memset(timers, 0, (size_t)cap_timers * sizeof *timers);
  num_timers = 0;
}

int64_t strata_profile_num_ids(void) { return num_timers; }

void strata_profile_get(int64_t id, double *seconds, int64_t *calls) {
  *seconds = 0;
  *calls = 0;
  if (id >= 0 && id < num_timers) {
    *seconds = timers[id].total;
    *calls = timers[id].calls;
  }
}

const strata_kernel_symbol_t strata_profile_kernels[] = {
    {"strata_profile_begin", (void *)strata_profile_begin},
    {"strata_profile_end", (void *)strata_profile_end},
    {NULL, NULL},
};
