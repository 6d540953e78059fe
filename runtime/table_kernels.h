/* The table kernels that compiled code calls (the calling convention:
 * runtime/kernel_abi.h): ONNX Unique (the distinct slices of a tensor,
 * their first positions, the inverse map and counts) and ONNX
 * TfIdfVectorizer (n-gram counts against a pool, weighted) and the key
 * lookup of ai.onnx.ml LabelEncoder. Unique's
 * algorithm is also what the ONNX importer runs on an input known at import
 * time to size the outputs (strata_unique_slices), so that both agree. */
#ifndef STRATA_RUNTIME_TABLE_KERNELS_H
#define STRATA_RUNTIME_TABLE_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/kernel_abi.h"

/* How Unique's elements are given as int64 (the kind argument). */
enum {
  STRATA_UNIQUE_INTEGER = 0, /* the integer value itself */
  STRATA_UNIQUE_FLOAT = 1,   /* the bits of the value as a double */
};

/* Which output of Unique a kernel call writes (the part argument). */
enum {
  STRATA_UNIQUE_VALUES = 0,  /* the unique slices, [outer, K, inner] */
  STRATA_UNIQUE_INDICES = 1, /* [K]: the slice index of each one's first occurrence */
  STRATA_UNIQUE_INVERSE = 2, /* [len]: for every slice, the position of its unique one */
  STRATA_UNIQUE_COUNTS = 3,  /* [K]: how often each occurs */
};

/* Unique of `data`, contiguous [outer, len, inner] elements encoded as
 * `kind` says, along its middle axis: slice j is data[o, j, i] for all o, i
 * (row-major). Slices are equal when every element is (for floats -0.0
 * equals 0.0 and NaN equals NaN) and ordered lexicographically by value
 * (NaN last). With `sorted` the K unique slices come in that order, else in
 * the order of their first occurrence. Writes first[k] (the first slice
 * equal to unique k), inverse[j] (the unique k slice j equals) and
 * counts[k], each array holding at least len elements (K <= len); returns
 * K. Aborts when out of memory. */
int64_t strata_unique_slices(const int64_t *data, int64_t kind, int64_t outer, int64_t len,
                             int64_t inner, bool sorted, int64_t *first, int64_t *inverse,
                             int64_t *counts);

/* ONNX Unique's output `part` of x ([outer, len, inner] flattened, as
 * strata_unique_slices) into out: the values part as x's encoding (the
 * caller decodes it), the other parts as int64. When the unique count K
 * differs from the one out was compiled for (its size is fixed at import
 * time), writes what fits, zeroes the rest and prints a line to stderr. */
void _mlir_ciface_strata_unique(strata_memref_i64_t *x, int64_t kind, int64_t outer, int64_t len,
                                int64_t inner, int64_t sorted, int64_t part,
                                strata_memref_i64_t *out);

/* TfIdfVectorizer's weighting (the ONNX reference's WeightingCriteria). */
enum {
  STRATA_TFIDF_TF = 1,
  STRATA_TFIDF_IDF = 2,
  STRATA_TFIDF_TFIDF = 3,
};

/* ONNX TfIdfVectorizer on `rows` rows of x (flattened [rows, C]): integers,
 * or string handles when is_string (compared by content). The pool is
 * pool_int64s, or when is_string the NUL-terminated strings of pool_strings
 * back to back; ngram_counts[i] is where the (i+1)-grams start in it,
 * ngram_indexes[g] the output column of the g-th n-gram (in pool order).
 * Counts, for every n-gram of min_gram_length..max_gram_length items taken
 * every 1..max_skip_count+1 positions (unigrams once), the pool n-grams it
 * equals (the last one when the pool repeats one), then writes out[rows,
 * columns] per mode: TF the count, IDF weights[c] when the count is
 * positive else 0, TFIDF weights[c] * count, weights indexing the output
 * columns as in the ONNX reference (1 where weights has no value). */
void _mlir_ciface_strata_tfidf_vectorizer(strata_memref_i64_t *x, int64_t rows, int64_t is_string,
                                          strata_memref_i64_t *pool_int64s,
                                          strata_memref_i8_t *pool_strings,
                                          strata_memref_i64_t *ngram_counts,
                                          strata_memref_i64_t *ngram_indexes,
                                          strata_memref_f32_t *weights, int64_t min_gram_length,
                                          int64_t max_gram_length, int64_t max_skip_count,
                                          int64_t mode, strata_memref_f32_t *out);

/* ai.onnx.ml LabelEncoder's lookup: out[k] = the position in keys of the
 * key equal to x[k] (the last one when keys repeat a key, as the ONNX
 * reference's dict keeps it), or -1. kind is STRATA_UNIQUE_INTEGER (x and
 * key_ints integers), STRATA_UNIQUE_FLOAT (the bits of doubles: -0.0
 * equals 0.0, NaN equals NaN) or STRATA_LOOKUP_STRING (x string handles,
 * the keys the NUL-terminated strings of key_strings back to back, their
 * number key_ints->size). Sorts the keys once per call, then a binary
 * search per element. Writes min(x, out) elements, -1 in the rest of out. */
enum { STRATA_LOOKUP_STRING = 2 };
void _mlir_ciface_strata_label_lookup(strata_memref_i64_t *x, int64_t kind,
                                      strata_memref_i64_t *key_ints,
                                      strata_memref_i8_t *key_strings, strata_memref_i64_t *out);

/* The kernels above by symbol name, for the JIT to register
 * (runtime/kernel_registry.c); ends with a NULL name. */
extern const strata_kernel_symbol_t strata_table_kernels[];

#endif
