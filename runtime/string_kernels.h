/* The string kernels that JIT-compiled code calls: conversions between
 * numbers and string handles (see runtime/string_table.h), string constants
 * and ONNX StringNormalizer (the calling convention: runtime/kernel_abi.h).
 * Every string they return is interned. */
#ifndef STRATA_RUNTIME_STRING_KERNELS_H
#define STRATA_RUNTIME_STRING_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/kernel_abi.h"

/* v as NumPy's str() of a scalar of the given kind (0 float32, 1 float64,
 * 2 float16) shows it: the shortest decimal that round-trips through that
 * type, positional when 1e-4 <= |v| < 1e16 ("1.0", "0.0001", "-2.5"), else
 * scientific ("1e-05", "1.5e-05", "3.4028235e+38"); "nan", "inf", "-inf". */
int64_t strata_string_from_f64(double v, int64_t kind);
/* v as decimal: kind 0 signed, 1 its bits as uint64, 2 bool ("True" when
 * v != 0, else "False"). */
int64_t strata_string_from_i64(int64_t v, int64_t kind);
/* strtod of the whole string, ASCII whitespace around it allowed ("NaN",
 * "inf", "+INF", "Infinity" in any case); NaN when not fully parsed. */
double strata_string_to_f64(int64_t h);
/* A decimal integer (whitespace as above; saturating); "True" 1, "False" 0;
 * a float ("2.7") truncated toward zero, saturating; anything else 0. */
int64_t strata_string_to_i64(int64_t h);

/* out[k] = the k-th of the NUL-terminated strings back to back in bytes;
 * 0 (the empty string) once bytes runs out. */
void _mlir_ciface_strata_string_constants(strata_memref_i8_t *bytes, strata_memref_i64_t *out);

/* StringNormalizer flags: bits 0-1 the case change, bit 2 case sensitive. */
enum {
  STRATA_STRING_CASE_NONE = 0,
  STRATA_STRING_CASE_LOWER = 1,
  STRATA_STRING_CASE_UPPER = 2,
  STRATA_STRING_CASE_SENSITIVE = 4,
};
/* ONNX StringNormalizer on a flat list: drops the inputs equal to one of
 * the stopwords (NUL-terminated strings back to back, stopwords->size bytes
 * in all; compared byte-exactly when case sensitive, else ignoring ASCII
 * case), changes the ASCII case of the rest and writes them in order; one
 * empty string when none is kept. When the kept count differs from
 * out->size, writes what fits, zeroes the rest and prints a line to
 * stderr. */
void _mlir_ciface_strata_string_normalizer(strata_memref_i64_t *in,
                                           strata_memref_i8_t *stopwords, int64_t flags,
                                           strata_memref_i64_t *out);

/* The length of StringNormalizer's result on strings[0..n) (the strings
 * that are not stopwords, 1 when none is kept), the kernel's own matching:
 * what the ONNX importer sizes the result by. */
int64_t strata_string_normalized_length(const char *const *strings, int64_t n,
                                        const char *stopwords, size_t stopwords_len,
                                        int64_t flags);

/* The kernels above by symbol name, for the JIT to register
 * (runtime/kernel_registry.c); ends with a NULL name. */
extern const strata_kernel_symbol_t strata_string_kernels[];

#endif
