/* Compile-time accounting for the tools' --timing: wall and CPU time per
 * phase of a compile (import, graph passes, lowering, LLVM optimization,
 * code generation, link) and per pass (exclusive time, summed over its
 * runs), printed as one report. CPU time is the stable figure on a loaded
 * machine (wall time there is mostly waiting for a core). Every function accepts a NULL timing and then
 * only does the work (runs the pipeline), so callers need no branches. */
#ifndef STRATA_CORE_COMPILE_TIMING_H
#define STRATA_CORE_COMPILE_TIMING_H

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <stdio.h>

typedef enum {
  STRATA_PHASE_IMPORT,   /* reading / importing the model, and verifying it */
  STRATA_PHASE_GRAPH,    /* graph-level passes (graph-*, strata-dce) */
  STRATA_PHASE_LOWERING, /* every other pass: graph -> te -> tir -> llvm dialect */
  STRATA_PHASE_LLVM_OPT, /* translation to LLVM IR and LLVM's optimization pipeline */
  STRATA_PHASE_CODEGEN,  /* LLVM code generation (machine code) */
  STRATA_PHASE_LINK,     /* linking: the JIT's symbol resolution, or the shared library */
  STRATA_PHASE_COUNT
} strata_phase_t;

typedef struct {
  char *name; /* the pass argument */
  double seconds, cpu_seconds;
  int runs;
} strata_pass_time_t;

/* One code generation unit (a kernel's module, or the entry's): thread CPU
 * seconds of its translation to LLVM IR, LLVM's optimization and machine
 * code emission. */
typedef struct {
  char name[64];
  double translate, optimize, emit;
} strata_unit_time_t;

typedef struct {
  double phase[STRATA_PHASE_COUNT], phase_cpu[STRATA_PHASE_COUNT];
  strata_pass_time_t *passes;
  int num_passes, cap;
  strata_unit_time_t *units; /* the code generation units compiled (not cached) */
  int num_units, units_cap;
  /* CPU seconds of each code generation worker (its units, keying and
   * translation included): their maximum is the phase's critical path. */
  double worker_cpu[16];
  int num_workers;
} strata_timing_t;

/* A point in time: monotonic wall seconds and the process's CPU seconds
 * (all threads). */
typedef struct {
  double wall, cpu;
} strata_time_mark_t;

strata_time_mark_t strata_time_mark(void);

/* Charges the time since `since` to phase `p`; returns the new mark. */
strata_time_mark_t strata_timing_charge(strata_timing_t *t, strata_phase_t p,
                                        strata_time_mark_t since);

/* Records one compiled code generation unit (runtime/codegen.c). */
void strata_timing_add_unit(strata_timing_t *t, const strata_unit_time_t *unit);

/* Runs `pipeline` (text, as strata_pass_manager_create takes it) on `op`.
 * With a timing, each pass's exclusive time is recorded and charged to
 * the graph or the lowering phase by its name. */
MlirLogicalResult strata_timing_run_pipeline(strata_timing_t *t, MlirOperation op,
                                             const char *pipeline);

/* The same for a pass manager the caller built (strata-opt's, with IR
 * printing): attaches the pass timer to `pm`, then runs it. */
MlirLogicalResult strata_timing_run_pass_manager(strata_timing_t *t, MlirPassManager pm,
                                                 MlirOperation op);

/* Prints the report: "timing: <what>: <wall> ms wall, <cpu> ms CPU", one
 * line per phase (wall, CPU, share of the wall time), then the passes,
 * slowest first, then the code generation units (how many, the workers'
 * CPU, the slowest units). */
void strata_timing_print(const strata_timing_t *t, const char *what, FILE *out);

/* Frees the pass and unit records (not `t` itself). */
void strata_timing_free(strata_timing_t *t);

#endif
