/* strata-opt's diagnostic handler: decodes each diagnostic's location to
 * file:line:col, records it (for --verify-diagnostics) and prints it the way
 * compilers do, with the offending source line and a caret. */
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "strata/diagnostics.h"
#include "tools/strata-opt/opt.h"

static void record(strata_diag_log_t *log, MlirDiagnostic diag) {
  if (log->count == log->cap) {
    log->cap = log->cap ? 2 * log->cap : 16;
    log->items = realloc(log->items, log->cap * sizeof *log->items);
  }
  strata_diag_t *d = &log->items[log->count++];
  memset(d, 0, sizeof *d);
  d->severity = mlirDiagnosticGetSeverity(diag);
  MlirStringRef file;
  if (strata_location_decode(mlirDiagnosticGetLocation(diag), &file, &d->line, &d->col))
    d->file = strata_ref_dup(file);
  strata_text_t msg = {0};
  mlirDiagnosticPrint(diag, strata_text_append_cb, &msg);
  d->message = strata_text_take(&msg);
  if (log->echo)
    strata_diag_print(log, d, NULL, stderr);
  /* Notes attached to a diagnostic are diagnostics of their own. */
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diag); ++i)
    record(log, mlirDiagnosticGetNote(diag, i));
}

static MlirLogicalResult handle(MlirDiagnostic diag, void *user) {
  record(user, diag);
  return mlirLogicalResultSuccess();
}

void strata_diag_log_attach(MlirContext ctx, strata_diag_log_t *log) {
  mlirContextAttachDiagnosticHandler(ctx, handle, log, NULL);
}

void strata_diag_log_clear(strata_diag_log_t *log) {
  for (size_t i = 0; i < log->count; ++i) {
    free(log->items[i].file);
    free(log->items[i].message);
  }
  log->count = 0;
}

void strata_diag_print(const strata_diag_log_t *log, const strata_diag_t *d,
                       const char *message_prefix, FILE *out) {
  /* With a prefix ("unexpected error: ") the report itself is an error. */
  MlirDiagnosticSeverity sev = message_prefix ? MlirDiagnosticError : d->severity;
  strata_text_t msg = {0};
  strata_text_append_c(&msg, message_prefix ? message_prefix : "");
  strata_text_append_c(&msg, d->message);
  bool same_file = d->file && log->source && log->source_name &&
                   strcmp(d->file, log->source_name) == 0;
  const char *file = d->file ? d->file : log->source_name;
  strata_diag_print_located(out, log->color, sev, file, d->file ? d->line : 0, d->col,
                            strata_text_str(&msg), same_file ? log->source : NULL,
                            same_file ? log->source_len : 0);
  strata_text_free(&msg);
}
