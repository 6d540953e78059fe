/* The resident memory of this process, for the model benchmarks'
 * programs (bench_model_runner.c, bench_model_memory.c): header-only, as
 * the two link different Strata libraries (the runtime, the model API). */
#ifndef STRATA_BENCH_PROC_MEMORY_H
#define STRATA_BENCH_PROC_MEMORY_H

#include <malloc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* VmHWM (peak) and VmRSS (current) of this process, in KB; -1 if unknown. */
static inline void bench_memory_kb(long *peak, long *current) {
  *peak = *current = -1;
  FILE *f = fopen("/proc/self/status", "r");
  if (!f)
    return;
  char line[256];
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "VmHWM:", 6))
      *peak = atol(line + 6);
    else if (!strncmp(line, "VmRSS:", 6))
      *current = atol(line + 6);
  }
  fclose(f);
}

/* Returns freed heap to the system and resets the peak to the current
 * resident size (/proc/self/clear_refs 5); false if that file is refused. */
static inline bool bench_memory_reset(void) {
  malloc_trim(0);
  FILE *f = fopen("/proc/self/clear_refs", "w");
  if (!f)
    return false;
  bool ok = fputs("5", f) >= 0;
  return fclose(f) == 0 && ok;
}

#endif
