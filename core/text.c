/* Text utilities (see text.h). */
#include "core/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strata_text_append(strata_text_t *t, const char *s, size_t n) {
  if (t->failed)
    return;
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 64;
    while (cap < t->len + n + 1)
      cap *= 2;
    char *grown = realloc(t->data, cap);
    if (!grown) {
      t->failed = 1;
      return;
    }
    t->data = grown;
    t->cap = cap;
  }
  memcpy(t->data + t->len, s, n);
  t->len += n;
  t->data[t->len] = '\0';
}

void strata_text_append_cb(MlirStringRef s, void *user) {
  strata_text_append(user, s.data, s.length);
}

void strata_text_append_c(strata_text_t *t, const char *s) { strata_text_append(t, s, strlen(s)); }

const char *strata_text_str(const strata_text_t *t) { return t->data ? t->data : ""; }

char *strata_text_take(strata_text_t *t) {
  char *r = t->failed ? NULL : t->data ? t->data : strdup("");
  if (t->failed)
    free(t->data);
  *t = (strata_text_t){0};
  return r;
}

char *strata_print_op(MlirOperation op) {
  strata_text_t t = {0};
  mlirOperationPrint(op, strata_text_append_cb, &t);
  return strata_text_take(&t);
}

char *strata_print_attr(MlirAttribute a) {
  strata_text_t t = {0};
  mlirAttributePrint(a, strata_text_append_cb, &t);
  return strata_text_take(&t);
}

char *strata_ref_dup(MlirStringRef s) {
  char *r = malloc(s.length + 1);
  if (r) {
    memcpy(r, s.data, s.length);
    r[s.length] = '\0';
  }
  return r;
}

void strata_text_free(strata_text_t *t) {
  free(t->data);
  *t = (strata_text_t){0};
}

void strata_location_text(MlirLocation loc, char *buf, size_t size) {
  strata_text_t t = {0};
  mlirLocationPrint(loc, strata_text_append_cb, &t);
  /* loc("file":3:7) -> file:3:7, the form diagnostics print. */
  const char *s = strata_text_str(&t), *q;
  if (!strncmp(s, "loc(\"", 5) && (q = strchr(s + 5, '"')) && q[1] == ':' &&
      s[strlen(s) - 1] == ')')
    snprintf(buf, size, "%.*s%.*s", (int)(q - s - 5), s + 5, (int)(strlen(q + 1) - 1), q + 1);
  else
    snprintf(buf, size, "%s", s);
  strata_text_free(&t);
}
