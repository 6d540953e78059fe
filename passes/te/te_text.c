/* Text for the tuning wing (see te_text.h): a growable string and IR
 * printed into it. */
#include "passes/te/te_text.h"

#include <stdlib.h>
#include <string.h>

void strata_te_text_append(MlirStringRef s, void *user) {
  strata_te_text_t *t = user;
  if (t->len + s.length + 1 > t->cap) {
    t->cap = 2 * (t->len + s.length + 1) + 256;
    if (!(t->data = realloc(t->data, t->cap)))
      abort();
  }
  memcpy(t->data + t->len, s.data, s.length);
  t->len += s.length;
  t->data[t->len] = '\0';
}

void strata_te_text_append_c(strata_te_text_t *t, const char *s) {
  strata_te_text_append(strata_te_sref(s), t);
}

char *strata_te_text_take(strata_te_text_t *t) {
  char *r = t->data ? t->data : strdup("");
  *t = (strata_te_text_t){0};
  return r;
}

char *strata_te_print_op(MlirOperation op) {
  strata_te_text_t t = {0};
  mlirOperationPrint(op, strata_te_text_append, &t);
  return strata_te_text_take(&t);
}

char *strata_te_print_attr(MlirAttribute a) {
  strata_te_text_t t = {0};
  mlirAttributePrint(a, strata_te_text_append, &t);
  return strata_te_text_take(&t);
}

char *strata_te_ref_dup(MlirStringRef s) {
  char *r = malloc(s.length + 1);
  if (!r)
    abort();
  memcpy(r, s.data, s.length);
  r[s.length] = '\0';
  return r;
}
