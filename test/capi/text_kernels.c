/* C API test: the text kernels of ONNX's opset-20 string operators
 * (runtime/text_kernels.h) and LabelEncoder's lookup (table_kernels.h):
 * string equality and concatenation, StringSplit as Python's str.split,
 * the RE2 -> POSIX translation (what it accepts, what it rejects and why),
 * RegexFullMatch, and malformed buffers (sizes that disagree, a pattern
 * that does not compile): defined results and a line on stderr. */
// RUN: capi-text_kernels 2>&1 | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/string_table.h"
#include "runtime/table_kernels.h"
#include "runtime/text_kernels.h"

static int64_t handle_of(const char *s) {
  return strata_string_handle(strata_string_intern(s, strlen(s)));
}

static strata_memref_i64_t i64_memref(int64_t *data, int64_t size) {
  return (strata_memref_i64_t){data, data, 0, size, 1};
}

static strata_memref_i8_t i8_memref(const char *data, int64_t size) {
  return (strata_memref_i8_t){(int8_t *)data, (int8_t *)data, 0, size, 1};
}

/* Splits s by the kernel (one string, out of `width`) and prints the pieces. */
static void split(const char *label, const char *s, const char *delim, int64_t maxsplit,
                  int64_t width) {
  int64_t in = handle_of(s), out[8], count = -1;
  strata_memref_i64_t m_in = i64_memref(&in, 1), m_out = i64_memref(out, width),
                      m_count = i64_memref(&count, 1);
  strata_memref_i8_t m_delim = i8_memref(delim, (int64_t)strlen(delim) + 1);
  fflush(stdout);
  _mlir_ciface_strata_string_split(&m_in, &m_delim, maxsplit, width, &m_out, &m_count);
  printf("%s: %lld:", label, (long long)count);
  for (int64_t k = 0; k < width; ++k)
    printf(" [%s]", strata_string_of_handle(out[k]));
  printf("\n");
}

static void translate(const char *re2) {
  char err[160];
  char *posix = strata_regex_to_posix(re2, strlen(re2), err, sizeof err);
  printf("%s -> %s\n", re2, posix ? posix : err);
  free(posix);
}

/* RegexFullMatch of the n strings against pattern; prints the flags. */
static void match(const char *pattern, const char *const *strings, int64_t n, int64_t out_size) {
  int64_t in[8];
  int8_t out[8];
  for (int64_t k = 0; k < n; ++k)
    in[k] = handle_of(strings[k]);
  strata_memref_i64_t m_in = i64_memref(in, n);
  strata_memref_i8_t m_pat = i8_memref(pattern, (int64_t)strlen(pattern) + 1);
  strata_memref_i8_t m_out = {out, out, 0, out_size, 1};
  fflush(stdout);
  _mlir_ciface_strata_regex_full_match(&m_in, &m_pat, &m_out);
  printf("%s:", pattern);
  for (int64_t k = 0; k < out_size; ++k)
    printf(" %d", out[k]);
  printf("\n");
}

int main(void) {
  // CHECK: concat [ab.com] [ab] [] equal 1 0 1
  printf("concat [%s] [%s] [%s] equal %lld %lld %lld\n",
         strata_string_of_handle(strata_string_concat(handle_of("ab"), handle_of(".com"))),
         strata_string_of_handle(strata_string_concat(handle_of("ab"), 0)),
         strata_string_of_handle(strata_string_concat(0, 0)),
         (long long)strata_string_equal(handle_of("x"), (int64_t)(intptr_t) "x"),
         (long long)strata_string_equal(handle_of("x"), handle_of("y")),
         (long long)strata_string_equal(0, handle_of("")));

  /* Python's str.split. */
  // CHECK: sep: 6: [o] [n] [n] [] [x] []
  split("sep", "o-n-n--x-", "-", -1, 6);
  // CHECK: sep max 2: 3: [a] [b] [c-d]
  split("sep max 2", "a-b-c-d", "-", 2, 3);
  // CHECK: sep empty: 1: []
  split("sep empty", "", ",", -1, 1);
  // CHECK: long sep: 3: [a] [b] [ab]
  split("long sep", "a<>b<>ab", "<>", -1, 3);
  // CHECK: ws: 3: [hello] [world] [!]
  split("ws", " \thello   world !\n", "", -1, 3);
  // CHECK: ws max 1: 2: [the] [quick  brown ]
  split("ws max 1", "  the quick  brown ", "", 1, 2);
  // CHECK: ws max 0: 1: [a b ]
  split("ws max 0", "  a b ", "", 0, 1);
  // CHECK: ws blank: 0: []
  split("ws blank", " \t ", "", -1, 1);
  /* More pieces than the width: the first ones, the true count, a line. */
  // CHECK: strata: StringSplit made 3 pieces of a string but the output was compiled for 2
  // CHECK-NEXT: narrow: 3: [a] [b]
  split("narrow", "a b c", "", -1, 2);

  /* Width -1: the counts only, no pieces and no line. */
  // CHECK-NEXT: counts only: 3:{{$}}
  split("counts only", "a b c", "", -1, -1);

  /* An output buffer too small for n x width: nothing written past it. */
  {
    int64_t in[2] = {handle_of("a b"), handle_of("c")}, out[3] = {7, 7, 7}, counts[2];
    strata_memref_i64_t m_in = i64_memref(in, 2), m_out = i64_memref(out, 3),
                        m_counts = i64_memref(counts, 2);
    strata_memref_i8_t m_delim = i8_memref("", 1);
    fflush(stdout);
    _mlir_ciface_strata_string_split(&m_in, &m_delim, -1, 2, &m_out, &m_counts);
    // CHECK: strata: StringSplit output of 2 strings x 2 pieces does not fit its buffer of 3
    // CHECK-NEXT: small buffer: 2 1 [] [] []
    printf("small buffer: %lld %lld [%s] [%s] [%s]\n", (long long)counts[0], (long long)counts[1],
           strata_string_of_handle(out[0]), strata_string_of_handle(out[1]),
           strata_string_of_handle(out[2]));
  }

  /* RE2 -> POSIX: the subset translated. */
  // CHECK: www\.[\w.-]+\.\bcom\b -> ^(www\.{{\[\[}}:alnum:]_.-]+\.\bcom\b)$
  translate("www\\.[\\w.-]+\\.\\bcom\\b");
  // CHECK: (\W|^)[\w.\-]{0,25}@(yahoo|gmail)\.com(\W|$) -> ^(([^[:alnum:]_]|^){{\[\[}}:alnum:]_.-]{0,25}@(yahoo|gmail)\.com([^[:alnum:]_]|$))$
  translate("(\\W|^)[\\w.\\-]{0,25}@(yahoo|gmail)\\.com(\\W|$)");
  // CHECK: a.c -> ^(a[^
  // CHECK-NEXT: ]c)$
  translate("a.c");
  // CHECK: \d+\s\D\S -> ^({{\[\[}}:digit:]]+{{\[\[}}:space:]][^[:digit:]][^[:space:]])$
  translate("\\d+\\s\\D\\S");
  // CHECK: []a]x{2}y{,3} -> ^([]a]x{2}y\{,3})$
  translate("[]a]x{2}y{,3}");
  // CHECK: [^-^]\^\$\/ -> ^([^^-]\^\$/)$
  translate("[^-^]\\^\\$\\/");
  // CHECK: [\^] -> ^(\^)$
  translate("[\\^]");
  // CHECK: {{\[\[}}.] -> ^([.[])$
  translate("[[.]");
  // CHECK: {{\[\[}}:alpha:][:word:]\w\d[:digit:]]+ -> ^({{\[\[}}:alpha:][:alnum:]_[:digit:]]+)$
  translate("[[:alpha:][:word:]\\w\\d[:digit:]]+");
  /* Rejected. */
  // CHECK: (?:ab) -> groups starting '(?' are not supported at offset 1 of the pattern
  translate("(?:ab)");
  // CHECK: a*?b -> non-greedy repetition is not supported at offset 2 of the pattern
  translate("a*?b");
  // CHECK: a{2}? -> non-greedy repetition is not supported at offset 4 of the pattern
  translate("a{2}?");
  // CHECK: \pL -> unsupported escape at offset 1 of the pattern
  translate("\\pL");
  // CHECK: \1 -> unsupported escape at offset 1 of the pattern
  translate("\\1");
  // CHECK: [\W] -> unsupported escape in a bracket expression at offset 2 of the pattern
  translate("[\\W]");
  // CHECK: {{\[\[}}:alfa:]] -> unsupported class [:name:] (alnum, alpha, blank, cntrl, digit, graph, lower, print, punct, space, upper, xdigit and word are) at offset 1 of the pattern
  translate("[[:alfa:]]");
  // CHECK: [z-a] -> invalid range in a bracket expression at offset 4 of the pattern
  translate("[z-a]");
  // CHECK: [ab -> unterminated bracket expression at offset 3 of the pattern
  translate("[ab");
  // CHECK: ab\ -> unterminated escape at offset 3 of the pattern
  translate("ab\\");

  /* RegexFullMatch: the whole string must match. */
  const char *urls[] = {"www.google.com", "www.facebook.com", "www.bbc.co.uk", "xwww.a.com"};
  // CHECK: www\.[\w.-]+\.\bcom\b: 1 1 0 0
  match("www\\.[\\w.-]+\\.\\bcom\\b", urls, 4, 4);
  const char *mails[] = {"account@gmail.com", "account@hotmail.com", "not email",
                         "account2@yahoo.com"};
  // CHECK: (\W|^)[\w.\-]{0,25}@(yahoo|gmail)\.com(\W|$): 1 0 0 1
  match("(\\W|^)[\\w.\\-]{0,25}@(yahoo|gmail)\\.com(\\W|$)", mails, 4, 4);
  const char *lines[] = {"a\nc", "abc", "ab"};
  // CHECK: a.c|ab: 0 1 1
  match("a.c|ab", lines, 3, 3);
  /* More outputs than inputs: the rest 0. A pattern that does not
   * translate or compile: all 0 and a line. */
  // CHECK: abc: 1 0 0
  match("abc", (const char *[]){"abc"}, 1, 3);
  // CHECK: strata: RegexFullMatch pattern '(?i)abc' is not supported: groups starting '(?' are not supported at offset 1 of the pattern
  // CHECK-NEXT: (?i)abc: 0
  match("(?i)abc", (const char *[]){"abc"}, 1, 1);
  // CHECK: strata: RegexFullMatch pattern 'a{3,1}' does not compile:
  // CHECK-NEXT: a{3,1}: 0
  match("a{3,1}", (const char *[]){"aa"}, 1, 1);

  /* LabelEncoder's lookup: the last of repeated keys; -1 when absent. */
  {
    int64_t x[4] = {handle_of("b"), handle_of("a"), handle_of("zz"), 0}, keys[3] = {0, 0, 0},
            out[5];
    const char bytes[] = "a\0b\0a"; /* a NUL is added by the literal */
    strata_memref_i64_t m_x = i64_memref(x, 4), m_keys = i64_memref(keys, 3),
                        m_out = i64_memref(out, 5);
    strata_memref_i8_t m_bytes = i8_memref(bytes, sizeof bytes);
    _mlir_ciface_strata_label_lookup(&m_x, STRATA_LOOKUP_STRING, &m_keys, &m_bytes, &m_out);
    // CHECK: lookup strings: 1 2 -1 -1 -1
    printf("lookup strings: %lld %lld %lld %lld %lld\n", (long long)out[0], (long long)out[1],
           (long long)out[2], (long long)out[3], (long long)out[4]);
  }
  {
    double xs[4] = {-0.0, NAN, 2.5, 1.0}, ks[3] = {0.0, NAN, 2.5};
    int64_t x[4], keys[3], out[4];
    memcpy(x, xs, sizeof xs);
    memcpy(keys, ks, sizeof ks);
    strata_memref_i64_t m_x = i64_memref(x, 4), m_keys = i64_memref(keys, 3),
                        m_out = i64_memref(out, 4);
    strata_memref_i8_t m_bytes = i8_memref("", 0);
    _mlir_ciface_strata_label_lookup(&m_x, STRATA_UNIQUE_FLOAT, &m_keys, &m_bytes, &m_out);
    // CHECK: lookup floats: 0 1 2 -1
    printf("lookup floats: %lld %lld %lld %lld\n", (long long)out[0], (long long)out[1],
           (long long)out[2], (long long)out[3]);
  }
  {
    /* String keys whose bytes run out (more keys than strings): "". */
    int64_t x[2] = {0, handle_of("q")}, keys[3] = {0, 0, 0}, out[2];
    strata_memref_i64_t m_x = i64_memref(x, 2), m_keys = i64_memref(keys, 3),
                        m_out = i64_memref(out, 2);
    strata_memref_i8_t m_bytes = i8_memref("q", 1); /* no NUL at the end */
    _mlir_ciface_strata_label_lookup(&m_x, STRATA_LOOKUP_STRING, &m_keys, &m_bytes, &m_out);
    // CHECK: lookup short bytes: 2 0
    printf("lookup short bytes: %lld %lld\n", (long long)out[0], (long long)out[1]);
  }

  /* The symbol table lists every kernel. */
  int n = 0;
  for (const strata_kernel_symbol_t *s = strata_text_kernels; s->name; ++s)
    n++;
  // CHECK: text kernels: 4
  printf("text kernels: %d\n", n);
  return 0;
}
