/* --verify-diagnostics: the comments `// expected-error @+1 {{text}}` (also
 * -warning, -note, -remark; designators @+N, @-N, @above, @below, @unknown
 * or none for the same line) state which diagnostics a chunk must produce.
 * A diagnostic matches when severity and line agree and its message
 * contains the text. Anything unexpected or missing is reported. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tools/strata-opt/opt.h"

typedef struct {
  MlirDiagnosticSeverity severity;
  int line;        /* 1-based target line; 0 for @unknown */
  int source_line; /* where the comment is */
  int col;
  char *text;
  int remaining;
} expectation_t;

typedef struct {
  expectation_t *items;
  size_t count, cap;
  bool malformed;
} expectations_t;

static const struct {
  const char *word;
  MlirDiagnosticSeverity severity;
} kinds[] = {
    {"expected-error", MlirDiagnosticError},
    {"expected-warning", MlirDiagnosticWarning},
    {"expected-note", MlirDiagnosticNote},
    {"expected-remark", MlirDiagnosticRemark},
};

static void add(expectations_t *e, expectation_t x) {
  if (e->count == e->cap) {
    e->cap = e->cap ? 2 * e->cap : 8;
    e->items = realloc(e->items, e->cap * sizeof *e->items);
  }
  e->items[e->count++] = x;
}

/* Parses one designator starting at `p` (just after the kind word) on
 * line `line`. Returns false if the comment is malformed. */
static bool parse_designator(const char *p, const char *eol, int line, expectation_t *x) {
  while (p < eol && *p == ' ')
    ++p;
  x->line = line;
  if (p < eol && *p == '@') {
    ++p;
    if (eol - p >= 5 && !strncmp(p, "above", 5)) {
      x->line = line - 1;
      p += 5;
    } else if (eol - p >= 5 && !strncmp(p, "below", 5)) {
      x->line = line + 1;
      p += 5;
    } else if (eol - p >= 7 && !strncmp(p, "unknown", 7)) {
      x->line = 0;
      p += 7;
    } else if (p < eol && (*p == '+' || *p == '-')) {
      int sign = *p == '-' ? -1 : 1;
      char *end;
      long n = strtol(p + 1, &end, 10);
      if (end == p + 1)
        return false;
      x->line = line + sign * (int)n;
      p = end;
    } else {
      return false;
    }
  }
  while (p < eol && *p == ' ')
    ++p;
  x->remaining = 1;
  if (p < eol && isdigit((unsigned char)*p)) {
    x->remaining = (int)strtol(p, (char **)&p, 10);
    while (p < eol && *p == ' ')
      ++p;
  }
  if (eol - p < 2 || strncmp(p, "{{", 2) != 0)
    return false;
  p += 2;
  const char *close = NULL;
  for (const char *q = p; q + 1 < eol; ++q)
    if (q[0] == '}' && q[1] == '}')
      close = q;
  if (!close)
    return false;
  x->text = malloc((size_t)(close - p) + 1);
  memcpy(x->text, p, (size_t)(close - p));
  x->text[close - p] = '\0';
  return true;
}

static void parse_expectations(const strata_chunk_t *chunk, const char *file,
                               expectations_t *e, FILE *out) {
  const char *p = chunk->text, *end = chunk->text + chunk->len;
  for (int line = chunk->first_line + 1; p < end; ++line) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl : end;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
      size_t wl = strlen(kinds[k].word);
      for (const char *q = p; q + wl <= eol; ++q) {
        if (strncmp(q, kinds[k].word, wl) != 0 || (q + wl < eol && q[wl] == '-'))
          continue;
        expectation_t x = {.severity = kinds[k].severity, .source_line = line,
                           .col = (int)(q - p) + 1};
        if (parse_designator(q + wl, eol, line, &x)) {
          add(e, x);
        } else {
          fprintf(out, "%s:%d:%d: error: malformed '%s' comment (expected e.g. '%s @+1 {{text}}')\n",
                  file, line, x.col, kinds[k].word, kinds[k].word);
          e->malformed = true;
        }
        q += wl - 1;
      }
    }
    p = nl ? nl + 1 : end;
  }
}

static const char *severity_word(MlirDiagnosticSeverity s) {
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k)
    if (kinds[k].severity == s)
      return kinds[k].word + strlen("expected-");
  return "error";
}

bool strata_verify_diagnostics(const strata_chunk_t *chunk, const char *file,
                               const strata_diag_log_t *log, FILE *out) {
  expectations_t e = {0};
  parse_expectations(chunk, file, &e, out);
  bool ok = !e.malformed;
  for (size_t i = 0; i < log->count; ++i) {
    const strata_diag_t *d = &log->items[i];
    int line = d->file && strcmp(d->file, file) == 0 ? d->line : d->file ? -1 : 0;
    expectation_t *match = NULL;
    for (size_t j = 0; j < e.count && !match; ++j)
      if (e.items[j].remaining > 0 && e.items[j].severity == d->severity &&
          e.items[j].line == line && strstr(d->message, e.items[j].text))
        match = &e.items[j];
    if (match) {
      --match->remaining;
    } else {
      char sev[32];
      snprintf(sev, sizeof sev, "unexpected %s: ", severity_word(d->severity));
      strata_diag_print(log, d, sev, out);
      ok = false;
    }
  }
  for (size_t j = 0; j < e.count; ++j) {
    if (e.items[j].remaining > 0) {
      fprintf(out, "%s:%d:%d: error: expected %s \"%s\" was not produced\n", file,
              e.items[j].source_line, e.items[j].col, severity_word(e.items[j].severity),
              e.items[j].text);
      ok = false;
    }
    free(e.items[j].text);
  }
  free(e.items);
  return ok;
}
