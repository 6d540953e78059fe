/* The one diagnostic printer of every Strata tool (and of embedders that
 * want it): "file:line:col: error: message", then the source line and a
 * caret under the column, the way clang and mlir-opt print; severities
 * coloured on a terminal. Locations are decoded through names, call sites
 * and fused locations to the first file position. */
#include "strata/diagnostics.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/text.h"

/* ANSI attributes, as clang uses them. */
#define BOLD "\033[1m"
#define RED "\033[1;31m"
#define MAGENTA "\033[1;35m"
#define CYAN "\033[1;36m"
#define GREEN "\033[1;32m"
#define RESET "\033[0m"

bool strata_diag_color_for(FILE *out, int mode) {
  if (mode == STRATA_COLOR_NEVER)
    return false;
  if (mode == STRATA_COLOR_ALWAYS)
    return true;
  const char *force = getenv("CLICOLOR_FORCE");
  if (force && *force && strcmp(force, "0") != 0)
    return true;
  const char *no = getenv("NO_COLOR");
  if (no && *no)
    return false;
  const char *term = getenv("TERM");
  if (term && strcmp(term, "dumb") == 0)
    return false;
  return out && isatty(fileno(out));
}

bool strata_location_decode(MlirLocation loc, MlirStringRef *file, int *line, int *col) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    *line = mlirLocationFileLineColRangeGetStartLine(loc);
    *col = mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return strata_location_decode(mlirLocationNameGetChildLoc(loc), file, line, col);
  if (mlirLocationIsACallSite(loc))
    return strata_location_decode(mlirLocationCallSiteGetCallee(loc), file, line, col) ||
           strata_location_decode(mlirLocationCallSiteGetCaller(loc), file, line, col);
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *locs = malloc((n ? n : 1) * sizeof *locs);
    if (!locs)
      return false;
    mlirLocationFusedGetLocations(loc, locs);
    bool found = false;
    for (unsigned i = 0; i < n && !found; ++i)
      found = strata_location_decode(locs[i], file, line, col);
    free(locs);
    return found;
  }
  return false;
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

static const char *severity_color(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError: return RED;
  case MlirDiagnosticWarning: return MAGENTA;
  case MlirDiagnosticNote: return CYAN;
  case MlirDiagnosticRemark: return BOLD;
  }
  return RED;
}

/* Line `line` (1-based) of text, as a pointer and length; false when the
 * text has fewer lines. */
static bool find_line(const char *text, size_t len, int line, const char **start, int *n) {
  const char *p = text, *end = text + len;
  for (int l = 1; l < line && p < end; ++l) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
  }
  if (line < 1 || p >= end)
    return false;
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *start = p;
  *n = (int)((nl ? nl : end) - p);
  return true;
}

void strata_diag_print_located(FILE *out, bool color, MlirDiagnosticSeverity severity,
                               const char *file, int line, int col, const char *message,
                               const char *source, size_t source_len) {
  const char *sev = severity_name(severity);
  const char *on = color ? BOLD : "", *off = color ? RESET : "";
  const char *sev_on = color ? severity_color(severity) : "";
  if (file && line > 0)
    fprintf(out, "%s%s:%d:%d:%s %s%s:%s %s%s%s\n", on, file, line, col, off, sev_on, sev, off, on,
            message, off);
  else
    fprintf(out, "%s%s:%s %s%s:%s %s%s%s\n", on, file && *file ? file : "<unknown>", off, sev_on,
            sev, off, on, message, off);
  const char *text;
  int n;
  if (file && line > 0 && source && find_line(source, source_len, line, &text, &n)) {
    /* Tabs stay tabs under the caret so it lines up in any tab width. */
    fprintf(out, "%.*s\n", n, text);
    for (int i = 0; i + 1 < col && i < n; ++i)
      fputc(text[i] == '\t' ? '\t' : ' ', out);
    fprintf(out, "%s^%s\n", color ? GREEN : "", off);
  }
}

/* --- the context handler -------------------------------------------------- */

struct strata_diag_printer {
  FILE *out;
  bool color;
  char *file;   /* the source the printer has read, and its text */
  char *text;
  size_t len;
  bool tried;   /* whether `file` was tried (it may not be readable) */
};

/* The text of `file`, read once and kept (files named by locations are the
 * tool's input; a location in another file reads that one instead). */
static const char *source_of(struct strata_diag_printer *p, const char *file, size_t *len) {
  if (!p->file || strcmp(p->file, file) != 0) {
    free(p->file);
    free(p->text);
    p->file = strdup(file);
    p->text = NULL;
    p->len = 0;
    p->tried = false;
  }
  if (!p->tried) {
    p->tried = true;
    FILE *f = fopen(file, "rb");
    if (f) {
      strata_text_t t = {0};
      char buf[8192];
      size_t n;
      while ((n = fread(buf, 1, sizeof buf, f)) > 0 && t.len < (64u << 20))
        strata_text_append(&t, buf, n);
      fclose(f);
      p->len = t.len;
      p->text = strata_text_take(&t);
    }
  }
  *len = p->len;
  return p->text;
}

static void print_one(struct strata_diag_printer *p, MlirDiagnostic diag) {
  strata_text_t msg = {0};
  mlirDiagnosticPrint(diag, strata_text_append_cb, &msg);
  MlirStringRef fref;
  int line = 0, col = 0;
  char *file = NULL;
  if (strata_location_decode(mlirDiagnosticGetLocation(diag), &fref, &line, &col))
    file = strata_ref_dup(fref);
  size_t len = 0;
  const char *src = file && line > 0 ? source_of(p, file, &len) : NULL;
  strata_diag_print_located(p->out, p->color, mlirDiagnosticGetSeverity(diag), file, line, col,
                            strata_text_str(&msg), src, len);
  free(file);
  strata_text_free(&msg);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diag); ++i)
    print_one(p, mlirDiagnosticGetNote(diag, i));
}

static MlirLogicalResult handle(MlirDiagnostic diag, void *user) {
  print_one(user, diag);
  return mlirLogicalResultSuccess();
}

static void destroy(void *user) {
  struct strata_diag_printer *p = user;
  free(p->file);
  free(p->text);
  free(p);
}

MlirDiagnosticHandlerID strata_diag_printer_attach(MlirContext ctx, FILE *out, int color_mode) {
  struct strata_diag_printer *p = calloc(1, sizeof *p);
  if (!p)
    return (MlirDiagnosticHandlerID)-1;
  p->out = out ? out : stderr;
  p->color = strata_diag_color_for(p->out, color_mode);
  return mlirContextAttachDiagnosticHandler(ctx, handle, p, destroy);
}
