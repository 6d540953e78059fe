/* Locating a custom-form op of Strata's IRDL dialects in MLIR text (see
 * custom_form_hint.h). A plain scan: line comments and string literals are
 * skipped; an op name is `<dialect>.<name>` starting a token (not after
 * `"`, `!`, `#`, `@`, `^`, `%`, `.` or an identifier character). */
#include "bridge/custom_form_hint.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/Diagnostics.h>

static const char *const dialects[] = {"graph", "te", "tir", "hwi"};

static bool ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

/* Length of an op name `<dialect>.<ident>` at p (0 if none). */
static size_t op_name_at(const char *p, const char *end) {
  for (size_t d = 0; d < sizeof dialects / sizeof dialects[0]; ++d) {
    size_t n = strlen(dialects[d]);
    if ((size_t)(end - p) <= n + 1 || memcmp(p, dialects[d], n) != 0 || p[n] != '.' ||
        !(isalpha((unsigned char)p[n + 1]) || p[n + 1] == '_'))
      continue;
    size_t len = n + 1;
    while (p + len < end && ident_char(p[len]))
      ++len;
    return len;
  }
  return 0;
}

bool strata_report_custom_form_op(MlirContext ctx, MlirStringRef text, MlirStringRef source_name) {
  const char *p = text.data, *end = text.data + text.length;
  int line = 1, col = 1;
  char prev = '\n';
  while (p < end) {
    if (*p == '/' && p + 1 < end && p[1] == '/') { /* comment to end of line */
      while (p < end && *p != '\n')
        ++p;
      continue;
    }
    if (*p == '"') { /* string literal (with escapes) */
      ++p, ++col;
      while (p < end && *p != '"' && *p != '\n') {
        if (*p == '\\' && p + 1 < end)
          ++p, ++col;
        ++p, ++col;
      }
      if (p < end && *p == '"')
        ++p, ++col;
      prev = '"';
      continue;
    }
    if (*p == '\n') {
      ++line, col = 1, prev = '\n', ++p;
      continue;
    }
    size_t len = 0;
    if (!ident_char(prev) && !strchr("!#@^%", prev) && (len = op_name_at(p, end)) > 0) {
      char name[128], msg[512];
      snprintf(name, sizeof name, "%.*s", (int)len, p);
      snprintf(msg, sizeof msg,
               "custom op '%s' has no custom assembly form: Strata's dialects are defined in "
               "IRDL and have only the generic form, e.g. %%0 = \"%s\"(%%a) {attrs} : "
               "(operand types) -> result types",
               name, name);
      MlirLocation loc = mlirLocationFileLineColGet(ctx, source_name, (unsigned)line, (unsigned)col);
      mlirEmitError(loc, msg);
      return true;
    }
    prev = *p++;
    ++col;
  }
  return false;
}
