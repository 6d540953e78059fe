/* C API test: the table kernels that compiled code calls (runtime/
 * table_kernels.h). Unique's shared algorithm (sorted and by first
 * occurrence, along an axis, floats with -0.0 and NaN), the Unique kernel's
 * parts through memref descriptors (strided input, a count mismatch
 * reported on stderr), TfIdfVectorizer on integers (TF, IDF and TFIDF with
 * weights, skips) and on strings compared by content, and the symbol
 * table. */
// RUN: capi-table_kernels 2>&1 | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runtime/string_table.h"
#include "runtime/table_kernels.h"

static strata_memref_i64_t i64_memref(int64_t *data, int64_t size) {
  return (strata_memref_i64_t){data, data, 0, size, 1};
}

static void print_i64s(const char *label, const int64_t *v, int64_t n) {
  printf("%s:", label);
  for (int64_t k = 0; k < n; ++k)
    printf(" %lld", (long long)v[k]);
  printf("\n");
}

static void print_f32s(const char *label, const float *v, int64_t n) {
  printf("%s:", label);
  for (int64_t k = 0; k < n; ++k)
    printf(" %g", (double)v[k]);
  printf("\n");
}

/* The bits of v as int64 (how compiled code gives Unique floats). */
static int64_t float_bits(double v) {
  int64_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

static void unique_ints(const char *label, const int64_t *x, int64_t outer, int64_t len,
                        int64_t inner, bool sorted) {
  int64_t first[16], inverse[16], counts[16];
  int64_t k = strata_unique_slices(x, STRATA_UNIQUE_INTEGER, outer, len, inner, sorted, first,
                                   inverse, counts);
  printf("%s: K=%lld\n", label, (long long)k);
  print_i64s("  indices", first, k);
  print_i64s("  inverse", inverse, len);
  print_i64s("  counts", counts, k);
}

/* Runs the Unique kernel's `part` into an output of out_size. */
static void unique_part(const char *label, strata_memref_i64_t *x, int64_t kind, int64_t outer,
                        int64_t len, int64_t inner, int64_t sorted, int64_t part,
                        int64_t out_size) {
  int64_t data[16];
  for (int64_t k = 0; k < out_size; ++k)
    data[k] = -1;
  strata_memref_i64_t out = i64_memref(data, out_size);
  fflush(stdout); /* keep stdout and stderr in order through 2>&1 */
  _mlir_ciface_strata_unique(x, kind, outer, len, inner, sorted, part, &out);
  fflush(stderr);
  if (kind == STRATA_UNIQUE_FLOAT && part == STRATA_UNIQUE_VALUES) {
    printf("%s:", label);
    for (int64_t k = 0; k < out_size; ++k) {
      double v;
      memcpy(&v, &data[k], sizeof v);
      printf(" %g", v);
    }
    printf("\n");
  } else {
    print_i64s(label, data, out_size);
  }
}

static int64_t handle_of(const char *s) {
  return strata_string_handle(strata_string_intern(s, strlen(s)));
}

typedef struct {
  int64_t *pool;
  int64_t pool_size;
  const char *pool_bytes;
  int64_t pool_bytes_size;
  int64_t *counts, ncounts, *indexes, nindexes;
  float *weights;
  int64_t nweights;
} tfidf_t;

static void tfidf(const char *label, const tfidf_t *t, int64_t *x, int64_t n, int64_t rows,
                  bool is_string, int64_t min_len, int64_t max_len, int64_t skip, int64_t mode,
                  int64_t columns) {
  float y[32];
  strata_memref_i64_t xm = i64_memref(x, n), pool = i64_memref(t->pool, t->pool_size);
  strata_memref_i8_t bytes = {(int8_t *)t->pool_bytes, (int8_t *)t->pool_bytes, 0,
                              t->pool_bytes_size, 1};
  strata_memref_i64_t counts = i64_memref(t->counts, t->ncounts);
  strata_memref_i64_t indexes = i64_memref(t->indexes, t->nindexes);
  strata_memref_f32_t weights = {t->weights, t->weights, 0, t->nweights, 1};
  strata_memref_f32_t out = {y, y, 0, rows * columns, 1};
  _mlir_ciface_strata_tfidf_vectorizer(&xm, rows, is_string, &pool, &bytes, &counts, &indexes,
                                       &weights, min_len, max_len, skip, mode, &out);
  print_f32s(label, y, rows * columns);
}

int main(void) {
  /* ---- Unique's algorithm. */
  int64_t flat[6] = {2, 1, 1, 3, 4, 3};
  // CHECK: sorted flat: K=4
  // CHECK-NEXT: indices: 1 0 3 4
  // CHECK-NEXT: inverse: 1 0 0 2 3 2
  // CHECK-NEXT: counts: 2 1 2 1
  unique_ints("sorted flat", flat, 1, 6, 1, true);
  // CHECK: first occurrence flat: K=4
  // CHECK-NEXT: indices: 0 1 3 4
  // CHECK-NEXT: inverse: 0 1 1 2 3 2
  // CHECK-NEXT: counts: 1 2 2 1
  unique_ints("first occurrence flat", flat, 1, 6, 1, false);
  /* [[1, 0, 0], [1, 0, 0], [2, 3, 4]] along axis 1 (columns): [1,1,2],
   * [0,0,3], [0,0,4]. */
  int64_t m[9] = {1, 0, 0, 1, 0, 0, 2, 3, 4};
  // CHECK: columns: K=3
  // CHECK-NEXT: indices: 1 2 0
  // CHECK-NEXT: inverse: 2 0 1
  // CHECK-NEXT: counts: 1 1 1
  unique_ints("columns", m, 3, 3, 1, true);
  // CHECK: rows: K=2
  // CHECK-NEXT: indices: 0 2
  // CHECK-NEXT: inverse: 0 0 1
  // CHECK-NEXT: counts: 2 1
  unique_ints("rows", m, 1, 3, 3, true);
  /* Floats: -0.0 equals 0.0, NaN equals NaN and sorts last, negatives
   * before positives. */
  int64_t f[7] = {float_bits(NAN), float_bits(-0.0), float_bits(2.5), float_bits(0.0),
                  float_bits(-3.0), float_bits(NAN), float_bits(-1.0)};
  int64_t first[7], inverse[7], counts[7];
  int64_t k = strata_unique_slices(f, STRATA_UNIQUE_FLOAT, 1, 7, 1, true, first, inverse, counts);
  // CHECK: floats: K=5
  // CHECK-NEXT: indices: 4 6 1 2 0
  // CHECK-NEXT: counts: 1 1 2 1 2
  printf("floats: K=%lld\n", (long long)k);
  print_i64s("indices", first, k);
  print_i64s("counts", counts, k);

  /* ---- The Unique kernel: parts, a strided input, a count mismatch. */
  int64_t strided[12] = {2, 0, 1, 0, 1, 0, 3, 0, 4, 0, 3, 0}; /* flat, every other element */
  strata_memref_i64_t xs = {strided, strided, 0, 6, 2};
  // CHECK: values: 1 2 3 4
  unique_part("values", &xs, STRATA_UNIQUE_INTEGER, 1, 6, 1, 1, STRATA_UNIQUE_VALUES, 4);
  // CHECK: indices: 0 1 3 4
  unique_part("indices", &xs, STRATA_UNIQUE_INTEGER, 1, 6, 1, 0, STRATA_UNIQUE_INDICES, 4);
  // CHECK: inverse: 1 0 0 2 3 2
  unique_part("inverse", &xs, STRATA_UNIQUE_INTEGER, 1, 6, 1, 1, STRATA_UNIQUE_INVERSE, 6);
  // CHECK: counts: 2 1 2 1
  unique_part("counts", &xs, STRATA_UNIQUE_INTEGER, 1, 6, 1, 1, STRATA_UNIQUE_COUNTS, 4);
  /* Rows of m along axis 0, by first occurrence: the values part keeps
   * every element of a slice. */
  strata_memref_i64_t mm = i64_memref(m, 9);
  // CHECK: row values: 1 0 0 2 3 4
  unique_part("row values", &mm, STRATA_UNIQUE_INTEGER, 1, 3, 3, 0, STRATA_UNIQUE_VALUES, 6);
  strata_memref_i64_t fm = i64_memref(f, 7);
  // CHECK: float values: -3 -1 -0 2.5 nan
  unique_part("float values", &fm, STRATA_UNIQUE_FLOAT, 1, 7, 1, 1, STRATA_UNIQUE_VALUES, 5);
  /* Compiled for 3 unique values, 4 found: what fits is written. */
  // CHECK: strata: Unique found 4 unique values but the output was compiled for 3 (its size is fixed at import time from the input's value)
  // CHECK-NEXT: fewer: 1 2 3
  unique_part("fewer", &xs, STRATA_UNIQUE_INTEGER, 1, 6, 1, 1, STRATA_UNIQUE_VALUES, 3);
  // CHECK: strata: Unique found 4 unique values but the output was compiled for 5 (its size is fixed at import time from the input's value)
  // CHECK-NEXT: more: 2 1 2 1 0
  unique_part("more", &xs, STRATA_UNIQUE_INTEGER, 1, 6, 1, 1, STRATA_UNIQUE_COUNTS, 5);

  /* ---- TfIdfVectorizer on integers: the ONNX example's pool, unigrams
   * [2, 3, 5, 4] and bigrams [5, 6], [7, 8], [6, 7] -> columns 0..6. */
  int64_t pool[10] = {2, 3, 5, 4, 5, 6, 7, 8, 6, 7};
  int64_t levels[2] = {0, 4}, indexes[7] = {0, 1, 2, 3, 4, 5, 6};
  float weights[7] = {1, 1, 1, 1, 0.5f, 2, 4};
  tfidf_t t = {pool, 10, "", 0, levels, 2, indexes, 7, NULL, 0};
  int64_t x[12] = {1, 1, 3, 3, 3, 7, 8, 6, 7, 5, 6, 8};
  // CHECK: bigrams: 0 0 0 0 0 0 0 0 0 0 0 1 0 1
  tfidf("bigrams", &t, x, 12, 2, false, 2, 2, 0, STRATA_TFIDF_TF, 7);
  // CHECK: uni and bigrams, skip 5: 0 3 0 0 0 0 0 0 0 1 0 1 1 1
  tfidf("uni and bigrams, skip 5", &t, x, 12, 2, false, 1, 2, 5, STRATA_TFIDF_TF, 7);
  t.weights = weights, t.nweights = 7;
  // CHECK: idf: 0 1 0 0 0 0 0 0 0 1 0 0.5 2 4
  tfidf("idf", &t, x, 12, 2, false, 1, 2, 5, STRATA_TFIDF_IDF, 7);
  // CHECK: tfidf: 0 3 0 0 0 0 0 0 0 1 0 0.5 2 4
  tfidf("tfidf", &t, x, 12, 2, false, 1, 2, 5, STRATA_TFIDF_TFIDF, 7);

  /* On strings, compared by content (the inputs are not interned). */
  char a[] = "the", b[] = "cat", c[] = "sat";
  int64_t words[5] = {(int64_t)(intptr_t)a, (int64_t)(intptr_t)b, (int64_t)(intptr_t)c,
                      handle_of("the"), handle_of("dog")};
  const char spool[] = "cat\0the\0the\0cat"; /* unigrams cat, the; bigram [the, cat] */
  int64_t slevels[2] = {0, 2}, sindexes[3] = {1, 0, 2};
  tfidf_t st = {NULL, 0, spool, sizeof spool, slevels, 2, sindexes, 3, NULL, 0};
  // CHECK: strings: 2 1 1
  tfidf("strings", &st, words, 5, 1, true, 1, 2, 0, STRATA_TFIDF_TF, 3);

  /* ---- The symbol table. */
  int count = 0, match = 1;
  for (const strata_kernel_symbol_t *s = strata_table_kernels; s->name; ++s, ++count)
    printf("symbol %s\n", s->name);
  match = strata_table_kernels[0].address == (void *)_mlir_ciface_strata_unique &&
          strata_table_kernels[1].address == (void *)_mlir_ciface_strata_tfidf_vectorizer &&
          strata_table_kernels[2].address == (void *)_mlir_ciface_strata_label_lookup;
  // CHECK: symbol _mlir_ciface_strata_unique
  // CHECK-NEXT: symbol _mlir_ciface_strata_tfidf_vectorizer
  // CHECK-NEXT: symbol _mlir_ciface_strata_label_lookup
  // CHECK-NEXT: symbols: 3 addresses match: 1
  printf("symbols: %d addresses match: %d\n", count, match);
  return 0;
}
