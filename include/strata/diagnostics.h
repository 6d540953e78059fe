/* Strata diagnostics: formatted, located errors emitted through MLIR's
 * diagnostic engine (the C API only offers an unformatted mlirEmitError).
 * Passes and verifiers report problems with these, then signal failure;
 * they never print directly. */
#ifndef STRATA_DIAGNOSTICS_H
#define STRATA_DIAGNOSTICS_H

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <mlir-c/Support.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define STRATA_PRINTF(fmt_idx, arg_idx) __attribute__((format(printf, fmt_idx, arg_idx)))
#else
#define STRATA_PRINTF(fmt_idx, arg_idx)
#endif

/* Emits an error at `op`'s location, prefixed with "'<op name>' op " as
 * MLIR's own verifiers do. Always returns a failed MlirLogicalResult so a
 * caller can write `return strata_emit_error(op, ...)`. */
MlirLogicalResult strata_emit_error(MlirOperation op, const char *fmt, ...)
    STRATA_PRINTF(2, 3);

/* Emits an error at `loc` with no op prefix. Returns failure. */
MlirLogicalResult strata_emit_error_at(MlirLocation loc, const char *fmt, ...)
    STRATA_PRINTF(2, 3);

/* The textual form of `type` / `attr` in buf (NUL-terminated, truncated to
 * `size`); for use in messages. Return buf. */
char *strata_type_str(MlirType type, char *buf, size_t size);
char *strata_attr_str(MlirAttribute attr, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
