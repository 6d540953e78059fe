/* Tuning tasks of te computes: what te-autotune, te-apply-tuned and
 * strata-tune share. A task is one te.compute whose schedule trace has
 * knobs, seen as a search space (te_knobs.h) plus everything needed to
 * measure a candidate:
 *   - the kernel: the compute extracted into a standalone module, a public
 *     `func.func @kernel` taking the tensors the compute reads (in order of
 *     first te.read) and returning its result;
 *   - the canonical text: that function printed with the compute's `name`,
 *     `axis_names` and `schedule` stripped (so identical kernels anywhere
 *     share it), keyed with the target string in the tuning database;
 *   - what the features (te_features.h) and the measurement
 *     (te_measure.h) need: axes, extents, the tensors read, argument specs,
 *     and memory shared with the measuring children for the reference
 *     output. */
#ifndef STRATA_PASSES_TE_TE_TASK_H
#define STRATA_PASSES_TE_TE_TASK_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "passes/te/te_knobs.h"
#include "tuning/database.h"
#include "tuning/measure.h"
#include "tuning/space.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { STRATA_TE_MAX_READS = 8 };

/* One tensor the compute reads: which compute axis indexes each dimension
 * (-1 when the index is not a plain axis) and the dimension's extent. */
typedef struct {
  int rank;
  int axis[8];
  int64_t extent[8];
} strata_te_read_info_t;

typedef struct {
  MlirOperation compute;  /* borrowed */
  MlirAttribute schedule; /* the trace with knobs */
  strata_space_t space;
  strata_te_knob_t *knobs; /* space.num_knobs */
  char *kernel_text;       /* the standalone module */
  char *canonical;         /* canonical text */
  char *target;            /* target string */
  strata_tuning_task_t task; /* key, target and canonical text for the database */
  char *summary;           /* "matmul 256x256 r256 f32", for messages and tables */
  double flops;            /* 2 x the product of all extents */
  /* Axes (spatial, then reduce), the tensors read and the result. */
  int num_axes, num_spatial, num_reads, num_inputs;
  int64_t extents[STRATA_TE_MAX_AXES];
  char axis_names[STRATA_TE_MAX_AXES][64];
  strata_te_read_info_t reads[STRATA_TE_MAX_READS];
  int64_t elem_bytes;
  /* The kernel's arguments (inputs, then the result) as tensor specs. */
  int arg_dtype[STRATA_TE_MAX_READS + 1], arg_rank[STRATA_TE_MAX_READS + 1];
  int64_t arg_shape[STRATA_TE_MAX_READS + 1][8];
  /* Inputs that are f32 rank-2 constants in the model (weights): the
   * measured kernel holds them as constants (the same seeded values), so
   * te-pack-constants packs them at compile time, as in the model, instead
   * of a per-call packing step being timed (te_measure.c). */
  bool arg_constant[STRATA_TE_MAX_READS];
  /* Measuring. */
  strata_measure_options_t measure;
  /* Before each timed run, evict every argument but the first from the
   * caches (clflush): weights then come from memory as in a whole model,
   * where other kernels ran in between (TVM's cache_flush_cpu_non_first_arg). */
  bool flush_cache;
  int measurements;     /* candidates measured so far (fault injection counts these) */
  int noisy;            /* of them, measurements whose runs stayed noisy (measure.h) */
  char *first_error;    /* the first failed measurement's message */
  strata_measure_shared_t *shared; /* reference output, shared with the children */
  /* The measuring harness kept in the tuner between candidates
   * (te_measure.c: the kernel's seeded inputs, made once and inherited by
   * every child), and how to free it. */
  void *harness;
  void (*harness_free)(void *harness);
} strata_te_task_t;

/* The target string records are keyed with: `option` itself unless it is
 * empty or "host"; otherwise "<machine> <cpu> <isa> cores=<n>", e.g.
 * "x86_64 znver4 avx512f cores=8": the machine (uname), LLVM's host CPU
 * name, the ISA of Strata's register tiles (strata_hwi_host_target) and the
 * threads kernels run with (strata_te_thread_count). */
void strata_te_tuning_target(const char *option, char *buf, size_t size);
/* OMP_NUM_THREADS, else the online cores (at least 1). */
int strata_te_thread_count(void);

/* Builds the task of a compute with knobs. False with *error (malloc'd) for
 * a compute that cannot be tuned: dynamic shapes, a knob whose domain
 * cannot be derived, conflicting knobs of one name. */
bool strata_te_task_init(strata_te_task_t *t, MlirOperation compute, const char *target,
                         char **error);
void strata_te_task_clear(strata_te_task_t *t);

/* The trace with every knob replaced by the candidate's choice (NULL
 * candidate: the default, every first choice). */
MlirAttribute strata_te_task_schedule(const strata_te_task_t *t, const strata_choice_t *candidate);
/* Writes that trace into the compute's `schedule`. */
void strata_te_task_apply(strata_te_task_t *t, const strata_choice_t *candidate);

#ifdef __cplusplus
}
#endif
#endif
