/* The text kernels of compiled code for ONNX's string operators of opset
 * 19/20: Equal and StringConcat on string handles (scalar kernels called
 * inside an elementwise compute), StringSplit and RegexFullMatch (buffer
 * kernels over a flattened input; runtime/kernel_abi.h). Strings they make
 * are interned (runtime/string_table.h). Every kernel is total: a malformed
 * buffer (sizes that disagree, a pattern that does not compile) gives
 * defined results and a line on stderr, never an out-of-bounds access. */
#ifndef STRATA_RUNTIME_TEXT_KERNELS_H
#define STRATA_RUNTIME_TEXT_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/kernel_abi.h"

/* 1 when the strings of handles a and b have the same bytes, else 0. */
int64_t strata_string_equal(int64_t a, int64_t b);
/* The handle of a's bytes followed by b's. */
int64_t strata_string_concat(int64_t a, int64_t b);

/* ONNX StringSplit of one string, as Python's str.split: with a delimiter
 * (delim_len > 0) every occurrence, left to right, separates pieces (empty
 * pieces kept); without one, runs of ASCII whitespace (space, \t \n \v \f
 * \r and \x1c-\x1f, the ASCII characters Python counts as whitespace)
 * separate pieces, and leading and trailing whitespace makes none. At
 * most maxsplit splits when maxsplit >= 0 (the rest of the string, leading
 * whitespace dropped in whitespace mode, is the last piece). Calls
 * piece(user, k, start, len) for each piece k in order when piece is not
 * NULL; returns the number of pieces. */
int64_t strata_string_split_one(const char *s, size_t len, const char *delim, size_t delim_len,
                                int64_t maxsplit,
                                void (*piece)(void *user, int64_t k, const char *start,
                                              size_t len),
                                void *user);

/* StringSplit over a flat list: in [n] handles, delimiter as bytes (its
 * size the delimiter's length; empty: whitespace mode), out [n * width]
 * (row k holds string k's pieces, padded with empty strings), counts [n]
 * (each string's number of pieces). A string with more pieces than width
 * has its first width written, its true count stored, and a line printed
 * on stderr (width is fixed at import time from the input's value). A
 * width < 0 asks for the counts only (out is not written). */
void _mlir_ciface_strata_string_split(strata_memref_i64_t *in, strata_memref_i8_t *delimiter,
                                      int64_t maxsplit, int64_t width, strata_memref_i64_t *out,
                                      strata_memref_i64_t *counts);

/* RE2 syntax -> POSIX extended syntax (glibc regcomp with REG_EXTENDED),
 * anchored at both ends for a full match. The subset translated: literal
 * characters; . ^ $ | ( ) ? * + {m} {m,} {m,n}; bracket expressions with
 * ranges, negation and, inside them, \w \d \s, the POSIX classes [:alpha:]
 * ... and RE2's [:word:], and escaped punctuation (\. \- \] \\ ...);
 * outside them \w \W \d \D \s \S (as ASCII classes),
 * \b \B (glibc's word boundaries), \t \n \r \f \v and escaped punctuation.
 * Rejected, with a message: non-greedy quantifiers (*? +? ?? {..}?),
 * groups with (? (non-capturing, flags, named), \A \z \p \Q and other
 * escapes, \W \D \S inside brackets, an unknown [:name:], a reversed
 * range, an unterminated bracket or escape. Matching is by bytes in the "C"
 * locale: '.' and negated classes take one byte, not one UTF-8 character.
 * Returns a malloc'ed NUL-terminated pattern, or NULL with a message in
 * err (errsz bytes). */
char *strata_regex_to_posix(const char *re2, size_t len, char *err, size_t errsz);

/* RegexFullMatch: out[k] = 1 when in[k] fully matches the RE2 pattern
 * (bytes, translated by strata_regex_to_posix), else 0. A pattern that
 * does not translate or compile gives all 0 and a line on stderr (the ONNX
 * importer checks it at import time). Writes min(in, out) elements, zeroes
 * the rest of out. */
void _mlir_ciface_strata_regex_full_match(strata_memref_i64_t *in, strata_memref_i8_t *pattern,
                                          strata_memref_i8_t *out);

/* The kernels above by symbol name, for the JIT to register
 * (runtime/kernel_registry.c); ends with a NULL name. */
extern const strata_kernel_symbol_t strata_text_kernels[];

#endif
