/* Ahead-of-time output: an llvm-dialect module becomes a native object file
 * or a shared library with a C ABI, plus a generated C header declaring the
 * entry point with its memref descriptor types. */
#ifndef STRATA_RUNTIME_AOT_H
#define STRATA_RUNTIME_AOT_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#include "core/compile_timing.h"
#include "runtime/codegen.h"
#include "runtime/signature.h"

/* Compiles `module` with runtime/codegen.c (kernels in parallel, LLVM's
 * default<O{level}> pipeline for the host CPU, the compile cache per
 * `options`, NULL: the defaults) and writes one object file (several are
 * combined with `cc -r`). With a `timing` (may be NULL): translation and
 * optimization, code generation, and writing/combining (link) phases.
 * On failure returns false and sets *error (malloc'd). */
bool strata_aot_emit_object_with(MlirOperation module, const char *object_path, int opt_level,
                                 const strata_codegen_options_t *options,
                                 strata_timing_t *timing, char **error);
/* The same with the default options (the compile cache on). */
bool strata_aot_emit_object(MlirOperation module, const char *object_path, int opt_level,
                            strata_timing_t *timing, char **error);

/* Links `object_path` into a shared library with the system C compiler,
 * recording the runtime libraries (OpenMP, MLIR C runner utils) as
 * dependencies with their RPATH. */
bool strata_aot_link_shared(const char *object_path, const char *library_path, char **error);

/* Writes a C header declaring `void _mlir_ciface_<entry>(...)` with one
 * memref descriptor pointer per input and per result. */
bool strata_aot_write_header(const strata_signature_t *sig, const char *header_path,
                             const char *model_name, char **error);

#endif
