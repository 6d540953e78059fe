/* Strata model API: import a model (ONNX or MLIR text at any Strata stage),
 * compile it (JIT for this process, or an object file / shared library
 * with a C header), ask for its inputs and outputs (names, element types,
 * shapes) and run it on the caller's buffers. Plain C: no MLIR types.
 *
 *   strata_model_t *m;
 *   strata_status_t s = strata_model_load("model.onnx", NULL, &m);
 *   if (s) { fprintf(stderr, "%s\n", strata_status_message(s)); ... }
 *   s = strata_model_run(m, inputs, 1, outputs, 1);
 *
 * Errors are status values: NULL is success; anything else carries a code
 * and a message (what failed, and for inputs what was expected and what
 * was given) and is released with strata_status_free. Nothing is printed.
 *
 * Link libstrata_model (CMake: Strata::model; pkg-config: strata). A model
 * is used by one thread at a time; distinct models are independent. */
#ifndef STRATA_MODEL_H
#define STRATA_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strata/dtype.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- Status ------------------------------------------------------------- */
typedef enum {
  STRATA_STATUS_OK = 0,
  STRATA_STATUS_INVALID_ARGUMENT,    /* a NULL pointer, a bad option, wrong inputs */
  STRATA_STATUS_NOT_FOUND,           /* no such model file or entry function */
  STRATA_STATUS_IMPORT_FAILED,       /* the model did not parse, import or verify */
  STRATA_STATUS_COMPILE_FAILED,      /* lowering, LLVM or linking failed */
  STRATA_STATUS_FAILED_PRECONDITION, /* e.g. run or export before compile */
  STRATA_STATUS_UNSUPPORTED,         /* e.g. a target other than the host */
  STRATA_STATUS_OUT_OF_MEMORY,
  STRATA_STATUS_IO_ERROR,            /* an output file cannot be written */
} strata_status_code_t;

typedef struct strata_status *strata_status_t; /* NULL: success */

strata_status_code_t strata_status_code(strata_status_t status); /* OK for NULL */
/* The message ("" for NULL); valid until strata_status_free. */
const char *strata_status_message(strata_status_t status);
/* "INVALID_ARGUMENT", ... (static storage). */
const char *strata_status_code_name(strata_status_code_t code);
void strata_status_free(strata_status_t status);

/* --- Options ------------------------------------------------------------ */
typedef struct {
  /* Function to run: NULL for `main`, or the only public function. */
  const char *entry;
  /* OpenMP threads of parallel loops; 0: OMP_NUM_THREADS, else all cores.
   * Also the `cores=` of the tuning records chosen on the host target. */
  int threads;
  /* LLVM optimization level, 0-3 (strata_model_options_init: 3). */
  int opt_level;
  /* A tuning database (strata-tune, te-autotune): matrix products take
   * their best record; kernels without one are listed in the warnings. */
  const char *tuning_db;
  /* The target of the tuning records to use: NULL or "host" for this
   * machine ("<machine> <cpu> <isa> cores=<threads>"), or a record's target
   * string. Code is always generated for the host CPU. */
  const char *target;
  /* A lowering pipeline to the llvm dialect replacing the default
   * builtin.module(strata-graph-to-llvm); not with tuning_db. */
  const char *pipeline;
  /* Nonzero: time each kernel (fused group) at run time, for
   * strata_model_kernel_time; not with `pipeline`. */
  int profile;
  /* Nonzero: compile every kernel, and neither read nor write the compile
   * cache ($XDG_CACHE_HOME/strata, else ~/.cache/strata), where compiled
   * kernels and whole compiled models are otherwise kept and reused (a
   * second compile of a model maps and links it:
   * strata_model_compiled_from_cache). */
  int no_cache;
} strata_model_options_t;

/* The defaults: every field 0/NULL but opt_level 3. */
void strata_model_options_init(strata_model_options_t *options);

/* --- Models ------------------------------------------------------------- */
typedef struct strata_model strata_model_t;

/* Imports `path`: ONNX (.onnx) or MLIR text (any other name). The inputs
 * and outputs can be queried at once; compile before running. options may
 * be NULL (defaults; only `entry` is used here). */
strata_status_t strata_model_import(const char *path, const strata_model_options_t *options,
                                    strata_model_t **model);
/* Imports MLIR text (length bytes; source_name names it in messages). */
strata_status_t strata_model_import_mlir(const char *text, size_t length,
                                         const char *source_name,
                                         const strata_model_options_t *options,
                                         strata_model_t **model);
/* Lowers the model to the llvm dialect and JIT-compiles it for the host
 * CPU (machine code generated now, not at the first run). Once per model. */
strata_status_t strata_model_compile(strata_model_t *model, const strata_model_options_t *options);
/* Nonzero when strata_model_compile took the model from the whole-model
 * compile cache: compiled before from the same bytes with the same options
 * on this host by this build of Strata; its objects and weights were
 * mapped and linked, without lowering or code generation (not with
 * options.profile, nor after a compile that emitted warnings). */
int strata_model_compiled_from_cache(const strata_model_t *model);
/* strata_model_import then strata_model_compile; but first the
 * whole-model cache, keyed by the file's bytes and the options alone: on a
 * hit the model is linked without importing it (the file is imported
 * again only if the model is exported). */
strata_status_t strata_model_load(const char *path, const strata_model_options_t *options,
                                  strata_model_t **model);
/* Writes the compiled model as an object file (a path ending in ".o") or a
 * shared library (any other name), and, when header_path is not NULL, a C
 * header declaring its entry point (`_mlir_ciface_<entry>`, docs/running.md). */
strata_status_t strata_model_export(strata_model_t *model, const char *output_path,
                                    const char *header_path);
void strata_model_destroy(strata_model_t *model);

/* Warnings of the last import or compile (e.g. kernels without a tuning
 * record), one per line; "" when none. Valid until the next call. */
const char *strata_model_warnings(const strata_model_t *model);
const char *strata_model_entry(const strata_model_t *model); /* the function's name */

/* --- Inputs and outputs -------------------------------------------------- */
typedef struct {
  const char *name; /* the ONNX graph input/output name, or "input0", ... */
  strata_dtype_t dtype;
  int rank;
  int64_t shape[STRATA_MAX_RANK]; /* -1: dynamic */
} strata_tensor_info_t;

int strata_model_num_inputs(const strata_model_t *model);
int strata_model_num_outputs(const strata_model_t *model);
/* Input/output i; the name stays valid while the model lives. */
strata_status_t strata_model_input_info(const strata_model_t *model, int i,
                                        strata_tensor_info_t *info);
strata_status_t strata_model_output_info(const strata_model_t *model, int i,
                                         strata_tensor_info_t *info);

/* --- Running -------------------------------------------------------------- */
/* A dense row-major array the caller owns. f16/bf16 elements are their
 * 16-bit patterns; bool (i1) one byte each. */
typedef struct {
  strata_dtype_t dtype;
  int rank;
  int64_t shape[STRATA_MAX_RANK];
  void *data;
} strata_tensor_view_t;

/* The element type and shape of each output for these inputs (a dynamic
 * output extent takes that of the inputs' dynamic dimension, the batch
 * rule): outputs[i].data is left alone. Checks the inputs as run does. */
strata_status_t strata_model_output_shapes(const strata_model_t *model,
                                           const strata_tensor_view_t *inputs, int num_inputs,
                                           strata_tensor_view_t *outputs, int num_outputs);
/* Runs the entry function: reads inputs, writes every output into the
 * caller's buffers (no copies). Each input and output must have the type
 * and shape the model expects (strata_model_output_shapes for outputs). */
strata_status_t strata_model_run(strata_model_t *model, const strata_tensor_view_t *inputs,
                                 int num_inputs, strata_tensor_view_t *outputs, int num_outputs);

/* --- Profiling (a model compiled with options.profile) ------------------ */
/* The kernels (fused groups) the compiled code times, as strata-run
 * --profile lists them: "<kernel>  node '<name>' (<Op>)". 0 unless the
 * model was compiled with options.profile. */
int strata_model_num_kernels(const strata_model_t *model);
const char *strata_model_kernel_name(const strata_model_t *model, int i);
/* Seconds spent in kernel i and its number of calls, summed over the runs
 * since the model's compile or the last strata_model_profile_reset. The
 * timers are the process's (runtime/profile_kernels.c): profile one model
 * at a time. */
strata_status_t strata_model_kernel_time(const strata_model_t *model, int i, double *seconds,
                                         int64_t *calls);
void strata_model_profile_reset(strata_model_t *model);

#ifdef __cplusplus
}
#endif
#endif
