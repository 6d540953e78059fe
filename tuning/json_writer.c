/* JSON text building for the tuner; see json_writer.h. */
#include "tuning/json_writer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strata_json_append(strata_json_writer_t *w, const char *s, size_t n) {
  if (w->len + n + 1 > w->cap) {
    size_t cap = w->cap ? w->cap : 64;
    while (cap < w->len + n + 1)
      cap *= 2;
    if (!(w->data = realloc(w->data, cap)))
      abort();
    w->cap = cap;
  }
  memcpy(w->data + w->len, s, n);
  w->len += n;
  w->data[w->len] = '\0';
}

void strata_json_puts(strata_json_writer_t *w, const char *s) {
  strata_json_append(w, s, strlen(s));
}

void strata_json_printf(strata_json_writer_t *w, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof buf) {
    strata_json_append(w, buf, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big)
    abort();
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  strata_json_append(w, big, (size_t)n);
  free(big);
}

void strata_json_string(strata_json_writer_t *w, const char *s) {
  strata_json_puts(w, "\"");
  const char *run = s; /* characters copied as they are, in one append */
  for (; *s; ++s) {
    unsigned char ch = (unsigned char)*s;
    if (ch != '"' && ch != '\\' && ch >= 0x20)
      continue;
    strata_json_append(w, run, (size_t)(s - run));
    run = s + 1;
    switch (ch) {
    case '"': strata_json_puts(w, "\\\""); break;
    case '\\': strata_json_puts(w, "\\\\"); break;
    case '\n': strata_json_puts(w, "\\n"); break;
    case '\t': strata_json_puts(w, "\\t"); break;
    case '\r': strata_json_puts(w, "\\r"); break;
    default: strata_json_printf(w, "\\u%04x", ch);
    }
  }
  strata_json_append(w, run, (size_t)(s - run));
  strata_json_puts(w, "\"");
}
