/* Ahead-of-time output: an llvm-dialect module becomes a native object file
 * or a shared library with a C ABI, plus a generated C header declaring the
 * entry point with its memref descriptor types. */
#ifndef STRATA_RUNTIME_AOT_H
#define STRATA_RUNTIME_AOT_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#include "core/compile_timing.h"
#include "runtime/signature.h"

/* Translates `module` to LLVM IR, optimizes it with LLVM's default<O{level}>
 * pipeline for the host CPU (name and features) and writes an object file.
 * With a `timing` (may be NULL), the translation and optimization count as
 * STRATA_PHASE_LLVM_OPT, writing the object as STRATA_PHASE_CODEGEN.
 * On failure returns false and sets *error (malloc'd). */
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
