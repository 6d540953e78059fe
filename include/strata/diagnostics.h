/* Strata diagnostics: formatted, located errors emitted through MLIR's
 * diagnostic engine (the C API only offers an unformatted mlirEmitError).
 * Passes and verifiers report problems with these, then signal failure;
 * they never print directly. */
#ifndef STRATA_DIAGNOSTICS_H
#define STRATA_DIAGNOSTICS_H

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <mlir-c/Support.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

/* --- printing diagnostics (the tools' printer) ---------------------------- */

enum { STRATA_COLOR_AUTO = 0, STRATA_COLOR_ALWAYS = 1, STRATA_COLOR_NEVER = 2 };

/* Whether to colour output on `out`: ALWAYS and NEVER decide; AUTO colours
 * a terminal unless NO_COLOR is set or TERM is "dumb", and CLICOLOR_FORCE
 * (not "0") forces colour even into a pipe. */
bool strata_diag_color_for(FILE *out, int color_mode);

/* The first file position `loc` designates, through name, call-site (the
 * callee first) and fused locations. False when it has none. */
bool strata_location_decode(MlirLocation loc, MlirStringRef *file, int *line, int *col);

/* Prints "file:line:col: severity: message" and, when `source` (the text of
 * `file`) has that line, the line and a caret under `col`. Without a line,
 * "file: severity: message". */
void strata_diag_print_located(FILE *out, bool color, MlirDiagnosticSeverity severity,
                               const char *file, int line, int col, const char *message,
                               const char *source, size_t source_len);

/* Attaches a handler that prints every diagnostic of `ctx` (and its notes)
 * to `out` (stderr when NULL) in the form above, reading the source line
 * from the file the location names. Handlers attached later run first, so
 * a more specific printer (ONNX node locations) can sit on top of this one
 * and decline what it does not know. */
MlirDiagnosticHandlerID strata_diag_printer_attach(MlirContext ctx, FILE *out, int color_mode);

#ifdef __cplusplus
}
#endif
#endif
