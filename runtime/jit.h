/* Running compiled Strata functions in-process: JIT-compile an llvm-dialect
 * module (host CPU, LLVM O0-O3, OpenMP runtime linked for parallel loops)
 * and call a function that follows the destination-passing C interface
 * (`llvm.emit_c_interface`: one memref descriptor pointer per argument). */
#ifndef STRATA_RUNTIME_JIT_H
#define STRATA_RUNTIME_JIT_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#include "core/compile_timing.h"
#include "runtime/codegen.h"
#include "runtime/jit_weights.h"
#include "runtime/tensor.h"

typedef struct strata_jit strata_jit_t;

/* Compiles `module` (already in the llvm dialect). On failure returns NULL
 * and sets *error (malloc'd). The module must outlive nothing: the engine
 * owns its own copy of the code, and of the large constants, which are
 * taken out of `module` (runtime/jit_weights.h: their globals become
 * external declarations there). */
strata_jit_t *strata_jit_create(MlirOperation module, int opt_level, char **error);

/* The same with code generation options (runtime/codegen.h: the compile
 * cache, threads; strata_jit_create reads and writes no cache) and a
 * timing (may be NULL): translation and optimization, code generation and
 * the JIT's linking are charged to their phases. The code is generated
 * here, in parallel, not at the first call. */
strata_jit_t *strata_jit_create_with(MlirOperation module, int opt_level,
                                     const strata_codegen_options_t *options,
                                     strata_timing_t *timing, char **error);

/* strata_jit_create_with in two steps, for callers that keep what was
 * compiled (the whole-model cache, runtime/model_cache.h): the large
 * constants taken out of `module` into *weights and its objects compiled
 * into *objects (zero-initialize both; on failure they are freed) ... */
bool strata_jit_compile_parts(MlirOperation module, int opt_level,
                              const strata_codegen_options_t *options, strata_timing_t *timing,
                              strata_jit_weights_t *weights, strata_objects_t *objects,
                              char **error);
/* ... then linked into an engine, which takes both (freed here on
 * failure). The link is charged to the timing's link phase. */
strata_jit_t *strata_jit_link(strata_objects_t *objects, strata_jit_weights_t *weights,
                              strata_timing_t *timing, char **error);

/* How many objects the JIT linked, and how many came from the cache. */
void strata_jit_counts(const strata_jit_t *jit, int *objects, int *cached);

/* Calls `function` with one strided memref descriptor per tensor (inputs
 * and destination buffers in signature order). Returns false and sets
 * *error when the function is not found. */
bool strata_jit_call(strata_jit_t *jit, const char *function, strata_tensor_t *args,
                     int num_args, char **error);

/* Links the code of `function` now (the JIT links lazily, at the first
 * lookup). Returns false and sets *error when `function` is not in the
 * module. */
bool strata_jit_materialize(strata_jit_t *jit, const char *function, char **error);

/* Frees the engine, then stops the OpenMP runtime's worker threads
 * (strata_jit_pause_openmp): for programs that are done with compiled code. */
void strata_jit_destroy(strata_jit_t *jit);
/* Frees the engine only: for programs that keep other compiled code running
 * (the model API: a hard pause re-initializes libomp on the next parallel
 * region and leaks what the first initialization allocated). */
void strata_jit_release(strata_jit_t *jit);
/* Stops the OpenMP runtime's worker threads, so that nothing runs behind
 * the caller's back and exit-time checkers (LeakSanitizer) see a
 * single-threaded process. */
void strata_jit_pause_openmp(void);

/* Shared libraries the JIT and AOT outputs need at run time (OpenMP, MLIR's
 * C runner utils), NULL-terminated; paths exist on Debian with the packages
 * scripts/setup.sh installs. */
const char *const *strata_runtime_libraries(void);

#endif
