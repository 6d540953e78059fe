/* The text kernels of ONNX's string operators (opset 19/20): string
 * equality and concatenation on handles, StringSplit (Python's str.split)
 * and RegexFullMatch. RE2, the syntax ONNX names, is not a Debian C
 * library, so patterns are translated to POSIX extended syntax and matched
 * with <regex.h> (glibc); strata_regex_to_posix states the subset. Every
 * buffer is read through its descriptor's size and stride only. */
#include "runtime/text_kernels.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/string_table.h"

static int64_t intern_handle(const char *s, size_t len) {
  return strata_string_handle(strata_string_intern(s, len));
}

/* ---- Equal, StringConcat --------------------------------------------------- */

int64_t strata_string_equal(int64_t a, int64_t b) {
  return a == b || strcmp(strata_string_of_handle(a), strata_string_of_handle(b)) == 0;
}

int64_t strata_string_concat(int64_t a, int64_t b) {
  const char *x = strata_string_of_handle(a), *y = strata_string_of_handle(b);
  size_t nx = strlen(x), ny = strlen(y);
  if (!ny)
    return intern_handle(x, nx);
  if (!nx)
    return intern_handle(y, ny);
  char *both = strata_kernel_malloc(nx + ny, "StringConcat");
  memcpy(both, x, nx);
  memcpy(both + nx, y, ny);
  int64_t h = intern_handle(both, nx + ny);
  free(both);
  return h;
}

/* ---- StringSplit ----------------------------------------------------------- */

/* Python's str.isspace for one byte of ASCII. */
static int is_py_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* The first occurrence of d[0..dl) in s[from..len), or len. */
static size_t find_from(const char *s, size_t len, size_t from, const char *d, size_t dl) {
  for (size_t i = from; i + dl <= len; ++i)
    if (memcmp(s + i, d, dl) == 0)
      return i;
  return len;
}

int64_t strata_string_split_one(const char *s, size_t len, const char *delim, size_t delim_len,
                                int64_t maxsplit,
                                void (*piece)(void *user, int64_t k, const char *start,
                                              size_t len),
                                void *user) {
  int64_t left = maxsplit < 0 ? INT64_MAX : maxsplit, k = 0;
  size_t i = 0;
  if (delim_len) {
    for (; left > 0; --left) {
      size_t j = find_from(s, len, i, delim, delim_len);
      if (j == len)
        break;
      if (piece)
        piece(user, k, s + i, j - i);
      ++k;
      i = j + delim_len;
    }
    if (piece)
      piece(user, k, s + i, len - i);
    return k + 1;
  }
  for (; left > 0; --left) {
    while (i < len && is_py_space((unsigned char)s[i]))
      ++i;
    if (i == len)
      break;
    size_t j = i;
    while (i < len && !is_py_space((unsigned char)s[i]))
      ++i;
    if (piece)
      piece(user, k, s + j, i - j);
    ++k;
  }
  while (i < len && is_py_space((unsigned char)s[i]))
    ++i;
  if (i < len) {
    if (piece)
      piece(user, k, s + i, len - i);
    ++k;
  }
  return k;
}

typedef struct {
  strata_memref_i64_t *out;
  int64_t row, width;
} split_row_t;

static void write_piece(void *user, int64_t k, const char *start, size_t len) {
  split_row_t *r = user;
  if (k >= r->width)
    return;
  int64_t at = r->row * r->width + k;
  r->out->aligned[r->out->offset + at * r->out->stride] = intern_handle(start, len);
}

/* The bytes of an i8 buffer as a contiguous copy (malloc'ed, freed by the
 * caller), its length in *len. */
static char *copy_bytes(const strata_memref_i8_t *m, size_t *len) {
  size_t n = m && m->size > 0 ? (size_t)m->size : 0;
  char *p = strata_kernel_malloc(n + 1, "a string kernel");
  for (size_t k = 0; k < n; ++k)
    p[k] = (char)m->aligned[m->offset + (int64_t)k * m->stride];
  p[n] = '\0';
  *len = n;
  return p;
}

void _mlir_ciface_strata_string_split(strata_memref_i64_t *in, strata_memref_i8_t *delimiter,
                                      int64_t maxsplit, int64_t width, strata_memref_i64_t *out,
                                      strata_memref_i64_t *counts) {
  size_t dl;
  char *delim = copy_bytes(delimiter, &dl);
  dl = strnlen(delim, dl); /* a delimiter stops at a NUL, as strings do */
  int64_t n = in->size < counts->size ? in->size : counts->size;
  bool pieces = width >= 0, fits = !(width > 0 && n > out->size / width);
  if (!pieces)
    width = 0;
  if (!fits) {
    fprintf(stderr, "strata: StringSplit output of %lld strings x %lld pieces does not fit its "
                    "buffer of %lld\n",
            (long long)n, (long long)width, (long long)out->size);
    width = 0;
  }
  for (int64_t k = 0; k < out->size; ++k)
    out->aligned[out->offset + k * out->stride] = 0;
  int64_t widest = 0;
  for (int64_t k = 0; k < n; ++k) {
    const char *s = strata_string_of_handle(in->aligned[in->offset + k * in->stride]);
    split_row_t row = {out, k, width};
    int64_t c = strata_string_split_one(s, strlen(s), delim, dl, maxsplit, write_piece, &row);
    counts->aligned[counts->offset + k * counts->stride] = c;
    widest = c > widest ? c : widest;
  }
  for (int64_t k = n; k < counts->size; ++k)
    counts->aligned[counts->offset + k * counts->stride] = 0;
  if (pieces && fits && widest > width)
    fprintf(stderr, "strata: StringSplit made %lld pieces of a string but the output was "
                    "compiled for %lld (its width is fixed at import time from the input's "
                    "value)\n",
            (long long)widest, (long long)width);
  free(delim);
}

/* ---- RegexFullMatch: RE2 -> POSIX ERE ----------------------------------------- */

typedef struct {
  const char *p;
  size_t len, i;
  char *out;
  size_t n;
  char *err;
  size_t errsz;
} xlat_t;

static void put(xlat_t *x, const char *s) {
  size_t l = strlen(s);
  memcpy(x->out + x->n, s, l);
  x->n += l;
}

static void putc1(xlat_t *x, char c) { x->out[x->n++] = c; }

static bool fail_at(xlat_t *x, const char *what) {
  snprintf(x->err, x->errsz, "%s at offset %zu of the pattern", what, x->i);
  return false;
}

/* The control character of escape letter c (t n r f v), or 0. */
static char control_of(char c) {
  switch (c) {
  case 't': return '\t';
  case 'n': return '\n';
  case 'r': return '\r';
  case 'f': return '\f';
  case 'v': return '\v';
  default: return 0;
  }
}

static bool is_ascii_punct(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
         (c >= '{' && c <= '~');
}

/* One bracket expression's members: single bytes (a 256-bit set) and
 * classes by name. */
typedef struct {
  unsigned char set[32];
  bool negated;
  const char *classes[16]; /* distinct texts (at most 13 exist) */
  int nclasses;
} bracket_t;

static void set_add(bracket_t *b, unsigned char lo, unsigned char hi) {
  for (unsigned c = lo; c <= hi; ++c)
    b->set[c / 8] |= (unsigned char)(1u << (c % 8));
}

static bool set_has(const bracket_t *b, unsigned c) { return b->set[c / 8] & (1u << (c % 8)); }

/* One member byte of a bracket at x->i (a literal or an escaped one);
 * *cls set instead for \w \d \s. */
static bool bracket_byte(xlat_t *x, int *byte, const char **cls) {
  char c = x->p[x->i++];
  *cls = NULL;
  if (c != '\\') {
    *byte = (unsigned char)c;
    return true;
  }
  if (x->i >= x->len)
    return fail_at(x, "unterminated escape");
  char e = x->p[x->i++];
  if (e == 'w' || e == 'd' || e == 's') {
    *cls = e == 'w' ? "[:alnum:]_" : e == 'd' ? "[:digit:]" : "[:space:]";
    return true;
  }
  if (control_of(e)) {
    *byte = (unsigned char)control_of(e);
    return true;
  }
  if (is_ascii_punct(e)) {
    *byte = (unsigned char)e;
    return true;
  }
  --x->i;
  return fail_at(x, "unsupported escape in a bracket expression");
}

/* Writes b as a POSIX bracket expression: ']' first, '^' after another
 * member, '-' last, ranges of consecutive bytes as a-b (never with an
 * endpoint that is special inside brackets). */
static void emit_bracket(xlat_t *x, const bracket_t *b) {
  int members = 0;
  for (unsigned c = 0; c < 256; ++c)
    members += set_has(b, c) != 0;
  if (!b->negated && b->nclasses == 0 && members == 1 && set_has(b, '^')) {
    put(x, "\\^");
    return;
  }
  putc1(x, '[');
  if (b->negated)
    putc1(x, '^');
  if (set_has(b, ']'))
    putc1(x, ']');
  for (int k = 0; k < b->nclasses; ++k)
    put(x, b->classes[k]);
  for (unsigned c = 1; c < 256; ++c) {
    if (!set_has(b, c) || c == ']' || c == '-' || c == '^' || c == '[')
      continue;
    unsigned e = c;
    while (e + 1 < 256 && set_has(b, e + 1) && e + 1 != ']' && e + 1 != '-' && e + 1 != '^' &&
           e + 1 != '[')
      ++e;
    putc1(x, (char)c);
    if (e > c + 1)
      putc1(x, '-');
    if (e > c)
      putc1(x, (char)e);
    c = e;
  }
  if (set_has(b, '['))
    putc1(x, '[');
  if (set_has(b, '^'))
    putc1(x, '^');
  if (set_has(b, '-'))
    putc1(x, '-');
  putc1(x, ']');
}

/* A POSIX class [:name:] at x->i inside a bracket (RE2 has them too; its
 * [:word:] is [:alnum:]_); *cls its POSIX text. */
static bool posix_class(xlat_t *x, const char **cls) {
  static const char *const names[][2] = {
      {"alnum", "[:alnum:]"}, {"alpha", "[:alpha:]"}, {"blank", "[:blank:]"},
      {"cntrl", "[:cntrl:]"}, {"digit", "[:digit:]"}, {"graph", "[:graph:]"},
      {"lower", "[:lower:]"}, {"print", "[:print:]"}, {"punct", "[:punct:]"},
      {"space", "[:space:]"}, {"upper", "[:upper:]"}, {"xdigit", "[:xdigit:]"},
      {"word", "[:alnum:]_"}};
  size_t start = x->i + 2, end = start;
  while (end < x->len && x->p[end] >= 'a' && x->p[end] <= 'z')
    ++end;
  if (end + 1 < x->len && x->p[end] == ':' && x->p[end + 1] == ']')
    for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k)
      if (strlen(names[k][0]) == end - start && !memcmp(names[k][0], x->p + start, end - start)) {
        *cls = names[k][1];
        x->i = end + 2;
        return true;
      }
  return fail_at(x, "unsupported class [:name:] (alnum, alpha, blank, cntrl, digit, graph, "
                    "lower, print, punct, space, upper, xdigit and word are)");
}

/* A bracket expression; x->i is just after '['. */
static bool xlat_bracket(xlat_t *x) {
  bracket_t b;
  memset(&b, 0, sizeof b);
  if (x->i < x->len && x->p[x->i] == '^') {
    b.negated = true;
    ++x->i;
  }
  bool first = true;
  while (true) {
    if (x->i >= x->len)
      return fail_at(x, "unterminated bracket expression");
    char c = x->p[x->i];
    if (c == ']' && !first) {
      ++x->i;
      break;
    }
    first = false;
    int lo, hi;
    const char *cls;
    if (c == '[' && x->i + 1 < x->len && x->p[x->i + 1] == ':') {
      if (!posix_class(x, &cls))
        return false;
    } else if (!bracket_byte(x, &lo, &cls)) {
      return false;
    }
    if (cls) {
      int k = 0;
      while (k < b.nclasses && strcmp(b.classes[k], cls))
        ++k;
      if (k == b.nclasses && k < 16)
        b.classes[b.nclasses++] = cls;
      continue;
    }
    hi = lo;
    if (x->i + 1 < x->len && x->p[x->i] == '-' && x->p[x->i + 1] != ']') {
      ++x->i;
      if (!bracket_byte(x, &hi, &cls))
        return false;
      if (cls || hi < lo)
        return fail_at(x, "invalid range in a bracket expression");
    }
    if (lo == 0)
      return fail_at(x, "a NUL byte in a bracket expression");
    set_add(&b, (unsigned char)lo, (unsigned char)hi);
  }
  emit_bracket(x, &b);
  return true;
}

/* An escape outside brackets; x->i is just after '\'. */
static bool xlat_escape(xlat_t *x) {
  if (x->i >= x->len)
    return fail_at(x, "unterminated escape");
  char e = x->p[x->i++];
  static const char *const classes[][2] = {
      {"w", "[[:alnum:]_]"}, {"W", "[^[:alnum:]_]"}, {"d", "[[:digit:]]"},
      {"D", "[^[:digit:]]"}, {"s", "[[:space:]]"},   {"S", "[^[:space:]]"},
      {"b", "\\b"},          {"B", "\\B"}};
  for (size_t k = 0; k < sizeof classes / sizeof classes[0]; ++k)
    if (e == classes[k][0][0]) {
      put(x, classes[k][1]);
      return true;
    }
  if (control_of(e)) {
    putc1(x, control_of(e));
    return true;
  }
  if (!is_ascii_punct(e)) {
    --x->i;
    return fail_at(x, "unsupported escape");
  }
  if (e == '\\' || e == '^' || strchr(".[]()*+?{}|$", e)) {
    putc1(x, '\\');
    putc1(x, e);
  } else {
    putc1(x, e);
  }
  return true;
}

/* A '{' at x->i - 1: a repetition {m}, {m,} or {m,n} copied, else a
 * literal brace (as RE2 reads one). */
static void xlat_brace(xlat_t *x) {
  size_t j = x->i;
  while (j < x->len && x->p[j] >= '0' && x->p[j] <= '9')
    ++j;
  bool ok = j > x->i;
  if (ok && j < x->len && x->p[j] == ',') {
    ++j;
    while (j < x->len && x->p[j] >= '0' && x->p[j] <= '9')
      ++j;
  }
  if (!ok || j >= x->len || x->p[j] != '}' || j - x->i > 20) {
    put(x, "\\{");
    return;
  }
  putc1(x, '{');
  memcpy(x->out + x->n, x->p + x->i, j + 1 - x->i);
  x->n += j + 1 - x->i;
  x->i = j + 1;
}

char *strata_regex_to_posix(const char *re2, size_t len, char *err, size_t errsz) {
  xlat_t x = {re2, len, 0, NULL, 0, err, errsz};
  if (len > ((size_t)1 << 24)) {
    snprintf(err, errsz, "the pattern is too long (%zu bytes)", len);
    return NULL;
  }
  x.out = strata_kernel_malloc(16 * len + 8, "RegexFullMatch");
  put(&x, "^(");
  bool ok = true;
  while (ok && x.i < len) {
    char c = re2[x.i++];
    bool quantifier = false;
    switch (c) {
    case '\0': ok = fail_at(&x, "a NUL byte"); break;
    case '\\': ok = xlat_escape(&x); break;
    case '[': ok = xlat_bracket(&x); break;
    case '.': put(&x, "[^\n]"); break; /* RE2's '.' does not match a newline */
    case '(':
      if (x.i < len && re2[x.i] == '?')
        ok = fail_at(&x, "groups starting '(?' are not supported");
      else
        putc1(&x, c);
      break;
    case '{':
      xlat_brace(&x);
      quantifier = x.out[x.n - 1] == '}';
      break;
    case '*': case '+': case '?':
      putc1(&x, c);
      quantifier = true;
      break;
    default: putc1(&x, c); break;
    }
    if (ok && quantifier && x.i < len && re2[x.i] == '?')
      ok = fail_at(&x, "non-greedy repetition is not supported");
  }
  if (!ok) {
    free(x.out);
    return NULL;
  }
  put(&x, ")$");
  x.out[x.n] = '\0';
  return x.out;
}

void _mlir_ciface_strata_regex_full_match(strata_memref_i64_t *in, strata_memref_i8_t *pattern,
                                          strata_memref_i8_t *out) {
  size_t len;
  char *re2 = copy_bytes(pattern, &len), err[160];
  len = strnlen(re2, len); /* the pattern's bytes end at a NUL (as the lowering passes it) */
  char *posix = strata_regex_to_posix(re2, len, err, sizeof err);
  regex_t re;
  int rc = posix ? regcomp(&re, posix, REG_EXTENDED | REG_NOSUB) : -1;
  if (!posix)
    fprintf(stderr, "strata: RegexFullMatch pattern '%s' is not supported: %s\n", re2, err);
  else if (rc != 0) {
    regerror(rc, &re, err, sizeof err);
    fprintf(stderr, "strata: RegexFullMatch pattern '%s' does not compile: %s\n", re2, err);
  }
  int64_t n = in->size < out->size ? in->size : out->size;
  for (int64_t k = 0; k < out->size; ++k) {
    int8_t v = 0;
    if (rc == 0 && k < n)
      v = regexec(&re, strata_string_of_handle(in->aligned[in->offset + k * in->stride]), 0, NULL,
                  0) == 0;
    out->aligned[out->offset + k * out->stride] = v;
  }
  if (rc == 0)
    regfree(&re);
  free(posix);
  free(re2);
}

/* ---- Registration ------------------------------------------------------------ */

const strata_kernel_symbol_t strata_text_kernels[] = {
    {"strata_string_equal", (void *)strata_string_equal},
    {"strata_string_concat", (void *)strata_string_concat},
    {"_mlir_ciface_strata_string_split", (void *)_mlir_ciface_strata_string_split},
    {"_mlir_ciface_strata_regex_full_match", (void *)_mlir_ciface_strata_regex_full_match},
    {NULL, NULL},
};
