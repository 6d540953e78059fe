/* strata-opt's diagnostic handler: decodes each diagnostic's location to
 * file:line:col, records it (for --verify-diagnostics) and prints it the way
 * compilers do, with the offending source line and a caret. */
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "tools/strata-opt/opt.h"

static char *dup_ref(MlirStringRef s) {
  char *d = malloc(s.length + 1);
  memcpy(d, s.data, s.length);
  d[s.length] = '\0';
  return d;
}

/* Finds the file position a location designates: through names, call
 * sites (the callee first) and fused locations (the first that has one). */
static bool decode_location(MlirLocation loc, MlirStringRef *file, int *line, int *col) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    *line = mlirLocationFileLineColRangeGetStartLine(loc);
    *col = mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return decode_location(mlirLocationNameGetChildLoc(loc), file, line, col);
  if (mlirLocationIsACallSite(loc))
    return decode_location(mlirLocationCallSiteGetCallee(loc), file, line, col) ||
           decode_location(mlirLocationCallSiteGetCaller(loc), file, line, col);
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *locs = malloc((n ? n : 1) * sizeof *locs);
    mlirLocationFusedGetLocations(loc, locs);
    bool found = false;
    for (unsigned i = 0; i < n && !found; ++i)
      found = decode_location(locs[i], file, line, col);
    free(locs);
    return found;
  }
  return false;
}


static void record(strata_diag_log_t *log, MlirDiagnostic diag) {
  if (log->count == log->cap) {
    log->cap = log->cap ? 2 * log->cap : 16;
    log->items = realloc(log->items, log->cap * sizeof *log->items);
  }
  strata_diag_t *d = &log->items[log->count++];
  memset(d, 0, sizeof *d);
  d->severity = mlirDiagnosticGetSeverity(diag);
  MlirStringRef file;
  if (decode_location(mlirDiagnosticGetLocation(diag), &file, &d->line, &d->col))
    d->file = dup_ref(file);
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

static const char *severity_name(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError: return "error";
  case MlirDiagnosticWarning: return "warning";
  case MlirDiagnosticNote: return "note";
  case MlirDiagnosticRemark: return "remark";
  }
  return "error";
}

/* Prints line `line` (1-based) of the input and a caret under `col`. */
static void print_excerpt(const strata_diag_log_t *log, int line, int col, FILE *out) {
  const char *p = log->source, *end = log->source + log->source_len;
  for (int l = 1; l < line && p < end; ++l) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
  }
  if (p >= end)
    return;
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  int len = (int)((nl ? nl : end) - p);
  fprintf(out, "%.*s\n%*s^\n", len, p, col > 1 ? col - 1 : 0, "");
}

void strata_diag_print(const strata_diag_log_t *log, const strata_diag_t *d,
                       const char *message_prefix, FILE *out) {
  /* With a prefix ("unexpected error: ") the report itself is an error. */
  const char *sev = message_prefix ? "error" : severity_name(d->severity);
  const char *pre = message_prefix ? message_prefix : "";
  if (d->file && d->line > 0) {
    fprintf(out, "%s:%d:%d: %s: %s%s\n", d->file, d->line, d->col, sev, pre, d->message);
    if (d->line > 0 && log->source && log->source_name && strcmp(d->file, log->source_name) == 0)
      print_excerpt(log, d->line, d->col, out);
  } else {
    fprintf(out, "%s: %s: %s%s\n",
            d->file ? d->file : log->source_name ? log->source_name : "<unknown>", sev, pre,
            d->message);
  }
}
