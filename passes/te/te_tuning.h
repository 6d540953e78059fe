/* Tuning tasks of te computes: what te-autotune, te-apply-tuned and
 * strata-tune share. A task is one te.compute whose schedule trace has
 * knobs, seen as a search space (tuning/space.h) plus everything needed to
 * measure a candidate:
 *   - the space: one knob per distinct knob name, its choices in trace
 *     order (a `choices` list as written, or the factor domain of a
 *     `parts = P` split of an axis whose extent the trace fixes); the
 *     default candidate is every knob's first choice;
 *   - the kernel: the compute extracted into a standalone module, a public
 *     `func.func @kernel` taking the tensors the compute reads (in order of
 *     first te.read) and returning its result;
 *   - the canonical text: that function printed with the compute's `name`,
 *     `axis_names` and `schedule` stripped (so identical kernels anywhere
 *     share it), keyed with the target string in the tuning database;
 *   - features of a candidate for the cost model (te_tuning.c says which);
 *   - measuring a candidate in a forked child (tuning/measure.h): the child
 *     parses the kernel into a fresh context, writes the decisions, lowers
 *     (convert-te-to-tir, tir-apply-schedule, strata-lower-to-llvm),
 *     JIT-compiles, runs on seeded random inputs and compares with the
 *     reference output, which is the default candidate's (kept in memory
 *     shared with the children; the unscheduled kernel's if the default
 *     failed). A wrong result is an error, never a latency. */
#ifndef STRATA_PASSES_TE_TE_TUNING_H
#define STRATA_PASSES_TE_TE_TUNING_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tuning/database.h"
#include "tuning/measure.h"
#include "tuning/search.h"
#include "tuning/space.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { STRATA_TE_NUM_FEATURES = 65, STRATA_TE_MAX_AXES = 16, STRATA_TE_MAX_READS = 8 };

/* One tensor the compute reads: which compute axis indexes each dimension
 * (-1 when the index is not a plain axis) and the dimension's extent. */
typedef struct {
  int rank;
  int axis[8];
  int64_t extent[8];
} strata_te_read_info_t;

typedef struct strata_te_knob strata_te_knob_t; /* choices as attributes */
typedef struct strata_te_shared strata_te_shared_t;

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
  /* Measuring. */
  strata_measure_options_t measure;
  /* Before each timed run, evict every argument but the first from the
   * caches (clflush): weights then come from memory as in a whole model,
   * where other kernels ran in between (TVM's cache_flush_cpu_non_first_arg). */
  bool flush_cache;
  int measurements;     /* candidates measured so far (fault injection counts these) */
  char *first_error;    /* the first failed measurement's message */
  strata_te_shared_t *shared; /* reference output, shared with the children */
} strata_te_task_t;

/* True when `op` is a te.compute whose schedule has at least one knob. */
bool strata_te_compute_has_knobs(MlirOperation op);

/* The target string records are keyed with: `option` itself unless it is
 * empty or "host"; otherwise "<machine> <cpu> <isa> cores=<n>", e.g.
 * "x86_64 znver4 avx512f cores=8": the machine (uname), LLVM's host CPU
 * name, the ISA of Strata's register tiles (strata_hwi_host_target) and the
 * threads kernels run with (OMP_NUM_THREADS, else the online cores). */
void strata_te_tuning_target(const char *option, char *buf, size_t size);

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

/* Replaces every `choices` knob of a compute's trace by its first choice
 * (for computes that cannot become a task); `parts` knobs stay. */
void strata_te_compute_apply_defaults(MlirOperation compute);

/* Cost-model features of a candidate: STRATA_TE_NUM_FEATURES floats. */
void strata_te_task_features(const strata_te_task_t *t, const strata_choice_t *candidate,
                             float *out);

/* Measures one candidate in a child process (t->measure: warmup, repeats,
 * timeout). True with the median latency, or false with *error. */
bool strata_te_task_measure(strata_te_task_t *t, const strata_choice_t *candidate,
                            double *latency, char **error);

/* Measures a candidate against the default in one child process: both are
 * compiled, their calls alternate (default, candidate) and the result is
 * the median of the per-run ratios candidate time / default time (< 1:
 * the candidate is faster). */
bool strata_te_task_measure_ratio(strata_te_task_t *t, const strata_choice_t *candidate,
                                  double *ratio, char **error);

/* Validation after a search, against measurement noise: the default and
 * the `top` fastest other candidates of `result` are measured `rounds` more
 * times each, interleaved, every measurement recorded in db (if not NULL).
 * The default is measured alone (its score: the median of all its
 * latencies); the others against the default (strata_te_task_measure_ratio;
 * recorded as ratio x the default's median so far), and their score is the
 * median ratio x the default's score, counted only when that ratio is below
 * 0.99 (head to head, at least 1% faster). A candidate that failed any
 * measurement is out. The winner is the best score, the default unless
 * another candidate beats it. Without a successful default (trial 0), the
 * scores are the medians of the candidates' own latencies. Sets *chosen (a candidate of result,
 * or NULL when nothing succeeded) and the default's and winner's scores
 * (NAN when unknown). False only on a database error. */
bool strata_te_task_validate(strata_te_task_t *t, const strata_search_result_t *result,
                             strata_tuning_db_t *db, int top, int rounds,
                             const strata_choice_t **chosen, double *default_score,
                             double *best_score, char **error);

/* Callbacks for strata_search_run / strata_search_create over this task
 * (measure, features; no progress). */
strata_search_callbacks_t strata_te_task_callbacks(strata_te_task_t *t);

/* Emits a remark / a warning at `loc` (the C API has mlirEmitError only;
 * bridge/remark.cpp). */
void strata_emit_remark_at(MlirLocation loc, const char *message);
void strata_emit_warning_at(MlirLocation loc, const char *message);

#ifdef __cplusplus
}
#endif
#endif
