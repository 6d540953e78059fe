/* The string kernels of compiled code: number <-> string conversions with
 * NumPy's spelling, string constants, and ONNX StringNormalizer. Their
 * results are interned (runtime/string_table.h), so the handles they write
 * never need freeing. */
#include "runtime/string_kernels.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/half.h"
#include "runtime/string_table.h"

static int64_t intern_handle(const char *s, size_t len) {
  return strata_string_handle(strata_string_intern(s, len));
}

/* ---- Numbers to strings -------------------------------------------------- */

/* Whether text parses back to v as a value of the kind (0 float32, 1
 * float64, 2 float16). */
static bool round_trips(const char *text, double v, int64_t kind) {
  switch (kind) {
  case 0: return strtof(text, NULL) == (float)v;
  case 2: return strata_double_to_f16(strtod(text, NULL)) == strata_double_to_f16(v);
  default: return strtod(text, NULL) == v;
  }
}

int64_t strata_string_from_f64(double v, int64_t kind) {
  if (kind == 0)
    v = (float)v;
  else if (kind == 2)
    v = strata_f16_to_float(strata_double_to_f16(v));
  if (isnan(v))
    return intern_handle("nan", 3);
  if (isinf(v))
    return v < 0 ? intern_handle("-inf", 4) : intern_handle("inf", 3);
  if (v == 0)
    return signbit(v) ? intern_handle("-0.0", 4) : intern_handle("0.0", 3);

  /* The shortest significand that round-trips: %.{p}e for growing p (9
   * significant digits always suffice for float32, 17 for float64, 5 for
   * float16). */
  double a = fabs(v);
  int max_p = kind == 0 ? 8 : kind == 2 ? 4 : 16;
  char sci[48];
  for (int p = 0;; ++p) {
    snprintf(sci, sizeof sci, "%.*e", p, a);
    if (p == max_p || round_trips(sci, a, kind))
      break;
  }
  /* sci is "d[.ddd]e<exp>": the digits without the dot, less trailing zeros. */
  char digits[24];
  int n = 0;
  const char *c = sci;
  for (; *c != 'e'; ++c)
    if (*c != '.')
      digits[n++] = *c;
  int exp10 = (int)strtol(c + 1, NULL, 10);
  while (n > 1 && digits[n - 1] == '0')
    --n;

  char text[64];
  int len = 0;
  if (v < 0)
    text[len++] = '-';
  if (a >= 1e-4 && a < 1e16) { /* positional, always with a fraction */
    if (exp10 >= 0) {
      for (int i = 0; i <= exp10; ++i)
        text[len++] = i < n ? digits[i] : '0';
      text[len++] = '.';
      if (n > exp10 + 1)
        for (int i = exp10 + 1; i < n; ++i)
          text[len++] = digits[i];
      else
        text[len++] = '0';
    } else {
      text[len++] = '0';
      text[len++] = '.';
      for (int i = 0; i < -exp10 - 1; ++i)
        text[len++] = '0';
      for (int i = 0; i < n; ++i)
        text[len++] = digits[i];
    }
  } else { /* scientific: "1e-05", "1.5e-05", "3.4028235e+38" */
    text[len++] = digits[0];
    if (n > 1) {
      text[len++] = '.';
      for (int i = 1; i < n; ++i)
        text[len++] = digits[i];
    }
    len += snprintf(text + len, sizeof text - (size_t)len, "e%+03d", exp10);
  }
  return intern_handle(text, (size_t)len);
}

int64_t strata_string_from_i64(int64_t v, int64_t kind) {
  char text[32];
  switch (kind) {
  case 1: snprintf(text, sizeof text, "%" PRIu64, (uint64_t)v); break;
  case 2: return v ? intern_handle("True", 4) : intern_handle("False", 5);
  default: snprintf(text, sizeof text, "%" PRId64, v); break;
  }
  return intern_handle(text, strlen(text));
}

/* ---- Strings to numbers -------------------------------------------------- */

static bool is_ascii_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* Whether only ASCII whitespace is left from s on. */
static bool only_space(const char *s) {
  while (is_ascii_space(*s))
    ++s;
  return *s == '\0';
}

/* strtod of all of s but surrounding ASCII whitespace. */
static bool parse_f64(const char *s, double *out) {
  while (is_ascii_space(*s))
    ++s;
  char *end;
  *out = strtod(s, &end);
  return end != s && only_space(end);
}

double strata_string_to_f64(int64_t h) {
  double v;
  return parse_f64(strata_string_of_handle(h), &v) ? v : NAN;
}

/* Whether s is word with ASCII whitespace around it. */
static bool is_word(const char *s, const char *word) {
  while (is_ascii_space(*s))
    ++s;
  size_t n = strlen(word);
  return strncmp(s, word, n) == 0 && only_space(s + n);
}

int64_t strata_string_to_i64(int64_t h) {
  const char *s = strata_string_of_handle(h);
  if (is_word(s, "True"))
    return 1;
  if (is_word(s, "False"))
    return 0;
  const char *start = s;
  while (is_ascii_space(*start))
    ++start;
  char *end;
  long long i = strtoll(start, &end, 10); /* saturates on overflow */
  if (end != start && only_space(end))
    return i;
  double v;
  if (!parse_f64(s, &v) || isnan(v))
    return 0;
  if (v >= 0x1p63)
    return INT64_MAX;
  if (v <= -0x1p63)
    return INT64_MIN;
  return (int64_t)v; /* truncates toward zero */
}

/* ---- Buffer kernels -------------------------------------------------------- */

/* The bytes of an i8 memref, contiguous: in place when its stride is 1, else
 * a malloc'd copy (owned, freed by the caller). */
typedef struct {
  const char *data;
  size_t len;
  char *owned;
} byte_view_t;

static byte_view_t view_bytes(const strata_memref_i8_t *m) {
  byte_view_t view = {.data = "", .len = 0, .owned = NULL};
  if (!m || m->size <= 0)
    return view;
  view.len = (size_t)m->size;
  if (m->stride == 1) {
    view.data = (const char *)(m->aligned + m->offset);
    return view;
  }
  view.owned = malloc(view.len);
  if (!view.owned) {
    fputs("strata: out of memory reading a string buffer\n", stderr);
    abort();
  }
  for (size_t k = 0; k < view.len; ++k)
    view.owned[k] = (char)m->aligned[m->offset + (int64_t)k * m->stride];
  view.data = view.owned;
  return view;
}

/* The length of the string starting at pos: up to its NUL or the end. */
static size_t entry_len(const byte_view_t *view, size_t pos) {
  const char *nul = memchr(view->data + pos, '\0', view->len - pos);
  return nul ? (size_t)(nul - (view->data + pos)) : view->len - pos;
}

void _mlir_ciface_strata_string_constants(strata_memref_i8_t *bytes, strata_memref_i64_t *out) {
  byte_view_t view = view_bytes(bytes);
  size_t pos = 0;
  for (int64_t k = 0; k < out->size; ++k) {
    int64_t h = 0;
    if (pos < view.len) {
      size_t len = entry_len(&view, pos);
      h = intern_handle(view.data + pos, len);
      pos += len + 1;
    }
    out->aligned[out->offset + k * out->stride] = h;
  }
  free(view.owned);
}

static char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }
static char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c; }

/* Whether s[0..len) is one of the stopwords in view. */
static bool is_stopword(const byte_view_t *view, const char *s, size_t len, bool sensitive) {
  for (size_t pos = 0; pos < view->len;) {
    size_t n = entry_len(view, pos);
    const char *w = view->data + pos;
    pos += n + 1;
    if (n != len)
      continue;
    if (sensitive) {
      if (memcmp(w, s, len) == 0)
        return true;
      continue;
    }
    size_t i = 0;
    while (i < len && ascii_lower(w[i]) == ascii_lower(s[i]))
      ++i;
    if (i == len)
      return true;
  }
  return false;
}

int64_t strata_string_normalized_length(const char *const *strings, int64_t n,
                                        const char *stopwords, size_t stopwords_len,
                                        int64_t flags) {
  byte_view_t stop = {.data = stopwords_len ? stopwords : "", .len = stopwords_len, .owned = NULL};
  bool sensitive = (flags & STRATA_STRING_CASE_SENSITIVE) != 0;
  int64_t kept = 0;
  for (int64_t k = 0; k < n; ++k)
    kept += !is_stopword(&stop, strings[k], strlen(strings[k]), sensitive);
  return kept ? kept : 1;
}

void _mlir_ciface_strata_string_normalizer(strata_memref_i64_t *in,
                                           strata_memref_i8_t *stopwords, int64_t flags,
                                           strata_memref_i64_t *out) {
  byte_view_t stop = view_bytes(stopwords);
  int case_change = (int)(flags & 3);
  bool sensitive = (flags & STRATA_STRING_CASE_SENSITIVE) != 0;
  char *buf = NULL; /* the case-changed string, grown as needed */
  size_t buf_cap = 0;
  int64_t kept = 0;
  for (int64_t k = 0; k < in->size; ++k) {
    const char *s = strata_string_of_handle(in->aligned[in->offset + k * in->stride]);
    size_t len = strlen(s);
    if (is_stopword(&stop, s, len, sensitive))
      continue;
    if (kept < out->size) {
      const char *result = s;
      if (case_change == STRATA_STRING_CASE_LOWER || case_change == STRATA_STRING_CASE_UPPER) {
        if (len > buf_cap) {
          free(buf);
          buf_cap = len * 2;
          buf = malloc(buf_cap);
          if (!buf) {
            fputs("strata: out of memory in StringNormalizer\n", stderr);
            abort();
          }
        }
        for (size_t i = 0; i < len; ++i)
          buf[i] = case_change == STRATA_STRING_CASE_LOWER ? ascii_lower(s[i]) : ascii_upper(s[i]);
        result = buf;
      }
      out->aligned[out->offset + kept * out->stride] = intern_handle(result, len);
    }
    ++kept;
  }
  free(buf);
  free(stop.owned);
  if (kept == 0) { /* none kept: one empty string */
    if (out->size > 0)
      out->aligned[out->offset] = 0;
    kept = 1;
  }
  for (int64_t k = kept; k < out->size; ++k)
    out->aligned[out->offset + k * out->stride] = 0;
  if (kept != out->size)
    fprintf(stderr,
            "strata: StringNormalizer kept %lld strings but the output was compiled for %lld "
            "(its size is fixed at import time from the input's value)\n",
            (long long)kept, (long long)out->size);
}

/* ---- Registration ---------------------------------------------------------- */

const strata_kernel_symbol_t strata_string_kernels[] = {
    {"strata_string_from_f64", (void *)strata_string_from_f64},
    {"strata_string_from_i64", (void *)strata_string_from_i64},
    {"strata_string_to_f64", (void *)strata_string_to_f64},
    {"strata_string_to_i64", (void *)strata_string_to_i64},
    {"_mlir_ciface_strata_string_constants", (void *)_mlir_ciface_strata_string_constants},
    {"_mlir_ciface_strata_string_normalizer", (void *)_mlir_ciface_strata_string_normalizer},
    {NULL, NULL},
};

