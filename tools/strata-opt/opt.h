/* Internal interfaces of strata-opt: splitting the input into chunks,
 * capturing diagnostics with decoded locations, and checking them against
 * `expected-*` comments (--verify-diagnostics). */
#ifndef STRATA_OPT_H
#define STRATA_OPT_H

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* --- split_input.c ------------------------------------------------------ */
typedef struct {
  const char *text; /* points into the whole input */
  size_t len;
  int first_line;   /* 0-based line of the chunk's first line in the input */
} strata_chunk_t;

/* Splits at lines "// -----" when `split`, else returns one chunk. The
 * caller frees *chunks. Returns the number of chunks. */
size_t strata_split_input(const char *text, size_t len, bool split, strata_chunk_t **chunks);

/* The chunk's text preceded by first_line newlines, so that parser
 * locations are the line numbers of the whole input. Caller frees. */
char *strata_chunk_padded(const strata_chunk_t *chunk);

/* --- diagnostics_capture.c ---------------------------------------------- */
typedef struct {
  MlirDiagnosticSeverity severity;
  char *file;  /* NULL when the location has no file */
  int line, col;
  char *message;
} strata_diag_t;

typedef struct {
  strata_diag_t *items;
  size_t count, cap;
  bool echo;            /* print each diagnostic to stderr as it arrives */
  const char *source;   /* whole input, for the excerpt under a message */
  size_t source_len;
  const char *source_name;
  bool color;           /* colour the printed diagnostics */
} strata_diag_log_t;

/* Attaches a handler recording into `log` (and echoing if log->echo). */
void strata_diag_log_attach(MlirContext ctx, strata_diag_log_t *log);
void strata_diag_log_clear(strata_diag_log_t *log);
/* Prints "file:line:col: error: message" and the source line with a caret.
 * With `message_prefix`, prints "error: <prefix><message>" instead (used to
 * report a diagnostic that should not have happened). */
void strata_diag_print(const strata_diag_log_t *log, const strata_diag_t *d,
                       const char *message_prefix, FILE *out);

/* --- verify_diagnostics.c ------------------------------------------------ */
/* Checks the diagnostics of one chunk against its expected-* comments.
 * Reports every unexpected diagnostic and every expectation not produced
 * on `out`; returns true when everything matched. */
bool strata_verify_diagnostics(const strata_chunk_t *chunk, const char *file,
                               const strata_diag_log_t *log, FILE *out);

#endif
