/* The table kernels of compiled code: ONNX Unique (a stable merge sort of
 * the slices by order-preserving int64 keys, then one pass grouping equal
 * neighbours) and ONNX TfIdfVectorizer (n-grams of each row matched against
 * the pool, as the ONNX reference's trie walk counts them), and
 * LabelEncoder's key lookup (keys sorted once, binary search). */
#include "runtime/table_kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/string_table.h"

/* ---- Unique ---------------------------------------------------------------- */

/* A key whose signed order is the order of the element's value: integers
 * as they are; a double's bits with the magnitude bits of negatives
 * flipped, -0.0 as 0.0 and every NaN above +inf. */
static int64_t order_key(int64_t v, int64_t kind) {
  if (kind != STRATA_UNIQUE_FLOAT)
    return v;
  double d;
  memcpy(&d, &v, sizeof d);
  if (d == 0)
    return 0;
  if (isnan(d))
    return INT64_MAX;
  return v >= 0 ? v : v ^ INT64_MAX;
}

typedef struct {
  const int64_t *keys; /* [outer, len, inner] */
  int64_t outer, len, inner;
} slices_t;

/* <0, 0, >0 as slice a orders before, equal to, after slice b. */
static int compare_slices(const slices_t *s, int64_t a, int64_t b) {
  for (int64_t o = 0; o < s->outer; ++o) {
    const int64_t *ka = s->keys + (o * s->len + a) * s->inner;
    const int64_t *kb = s->keys + (o * s->len + b) * s->inner;
    for (int64_t i = 0; i < s->inner; ++i)
      if (ka[i] != kb[i])
        return ka[i] < kb[i] ? -1 : 1;
  }
  return 0;
}

/* Stable merge sort of idx[0..n) by compare_slices (tmp: n elements). */
static void sort_slices(const slices_t *s, int64_t *idx, int64_t *tmp, int64_t n) {
  if (n < 2)
    return;
  int64_t half = n / 2;
  sort_slices(s, idx, tmp, half);
  sort_slices(s, idx + half, tmp, n - half);
  int64_t i = 0, j = half, k = 0;
  while (i < half && j < n)
    tmp[k++] = compare_slices(s, idx[j], idx[i]) < 0 ? idx[j++] : idx[i++];
  while (i < half)
    tmp[k++] = idx[i++];
  while (j < n)
    tmp[k++] = idx[j++];
  memcpy(idx, tmp, sizeof *idx * (size_t)n);
}

int64_t strata_unique_slices(const int64_t *data, int64_t kind, int64_t outer, int64_t len,
                             int64_t inner, bool sorted, int64_t *first, int64_t *inverse,
                             int64_t *counts) {
  int64_t total = outer * len * inner;
  int64_t *keys = strata_kernel_malloc(sizeof *keys * (size_t)total, "Unique");
  for (int64_t k = 0; k < total; ++k)
    keys[k] = order_key(data[k], kind);
  slices_t s = {keys, outer, len, inner};
  int64_t *order = strata_kernel_malloc(sizeof *order * (size_t)len, "Unique");
  int64_t *tmp = strata_kernel_malloc(sizeof *tmp * (size_t)len, "Unique");
  for (int64_t j = 0; j < len; ++j)
    order[j] = j;
  sort_slices(&s, order, tmp, len);

  /* Groups of equal slices in sorted order; a group's first slice is its
   * smallest index (the sort is stable). */
  int64_t count = 0;
  for (int64_t r = 0; r < len; ++r) {
    if (r == 0 || compare_slices(&s, order[r - 1], order[r]) != 0) {
      first[count] = order[r];
      counts[count++] = 0;
    }
    inverse[order[r]] = count - 1;
    ++counts[count - 1];
  }
  if (!sorted) { /* renumber the groups by first occurrence */
    int64_t *number = tmp, *old_first = order, next = 0;
    int64_t *old_counts = strata_kernel_malloc(sizeof *old_counts * (size_t)(count + 1), "Unique");
    memcpy(old_first, first, sizeof *first * (size_t)count);
    memcpy(old_counts, counts, sizeof *counts * (size_t)count);
    for (int64_t j = 0; j < len; ++j) {
      int64_t g = inverse[j];
      if (old_first[g] == j) {
        number[g] = next;
        first[next] = j;
        counts[next++] = old_counts[g];
      }
      inverse[j] = number[g];
    }
    free(old_counts);
  }
  free(tmp);
  free(order);
  free(keys);
  return count;
}

/* Element k of a 1-D i64 memref. */
static int64_t *at_i64(const strata_memref_i64_t *m, int64_t k) {
  return m->aligned + m->offset + k * m->stride;
}

void _mlir_ciface_strata_unique(strata_memref_i64_t *x, int64_t kind, int64_t outer, int64_t len,
                                int64_t inner, int64_t sorted, int64_t part,
                                strata_memref_i64_t *out) {
  int64_t total = outer * len * inner;
  if (outer < 0 || len < 0 || inner < 0 || x->size != total) {
    fprintf(stderr, "strata: Unique got %lld elements for [%lld, %lld, %lld]\n",
            (long long)x->size, (long long)outer, (long long)len, (long long)inner);
    for (int64_t k = 0; k < out->size; ++k)
      *at_i64(out, k) = 0;
    return;
  }
  int64_t *data = strata_kernel_malloc(sizeof *data * (size_t)total, "Unique");
  for (int64_t k = 0; k < total; ++k)
    data[k] = *at_i64(x, k);
  int64_t *first = strata_kernel_malloc(sizeof *first * (size_t)len, "Unique");
  int64_t *inverse = strata_kernel_malloc(sizeof *inverse * (size_t)len, "Unique");
  int64_t *counts = strata_kernel_malloc(sizeof *counts * (size_t)len, "Unique");
  int64_t count = strata_unique_slices(data, kind, outer, len, inner, sorted != 0, first, inverse,
                                       counts);

  int64_t written = 0, compiled = count; /* the unique count out was compiled for */
  if (part == STRATA_UNIQUE_VALUES) {
    int64_t row = outer * inner;
    compiled = row ? out->size / row : count;
    int64_t fits = count < compiled ? count : compiled;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = 0; k < fits; ++k)
        for (int64_t i = 0; i < inner; ++i)
          *at_i64(out, (o * compiled + k) * inner + i) = data[(o * len + first[k]) * inner + i];
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = fits; k < compiled; ++k)
        for (int64_t i = 0; i < inner; ++i)
          *at_i64(out, (o * compiled + k) * inner + i) = 0;
    written = out->size;
  } else {
    const int64_t *src = part == STRATA_UNIQUE_INDICES ? first
                         : part == STRATA_UNIQUE_INVERSE ? inverse
                                                         : counts;
    int64_t n = part == STRATA_UNIQUE_INVERSE ? len : count;
    if (part != STRATA_UNIQUE_INVERSE)
      compiled = out->size;
    for (; written < out->size && written < n; ++written)
      *at_i64(out, written) = src[written];
  }
  for (int64_t k = written; k < out->size; ++k)
    *at_i64(out, k) = 0;
  if (count != compiled)
    fprintf(stderr,
            "strata: Unique found %lld unique values but the output was compiled for %lld "
            "(its size is fixed at import time from the input's value)\n",
            (long long)count, (long long)compiled);
  free(counts);
  free(inverse);
  free(first);
  free(data);
}

/* ---- TfIdfVectorizer --------------------------------------------------------- */

/* The pool: integers, or strings by content. */
typedef struct {
  bool is_string;
  const strata_memref_i64_t *ints;
  const char **strings; /* the pool's strings (owned array) */
  int64_t size;
} pool_t;

/* The strings of a bytes memref (NUL-terminated back to back; the last may
 * lack its NUL) into a malloc'd array of NUL-terminated copies, in one
 * allocation; sets *count. */
static const char **split_strings(const strata_memref_i8_t *m, int64_t *count) {
  int64_t len = m->size > 0 ? m->size : 0, n = 0;
  for (int64_t k = 0; k < len; ++k) /* a NUL ends a string, and so does the end */
    n += m->aligned[m->offset + k * m->stride] == 0 || k == len - 1;
  size_t pointers = sizeof(const char *) * (size_t)n;
  char *block = strata_kernel_malloc(pointers + (size_t)len + 1, "TfIdfVectorizer");
  const char **list = (const char **)(void *)block;
  char *text = block + pointers;
  for (int64_t k = 0; k < len; ++k)
    text[k] = (char)m->aligned[m->offset + k * m->stride];
  text[len] = 0;
  int64_t at = 0;
  for (int64_t k = 0; k < len && at < n; k += (int64_t)strlen(text + k) + 1)
    list[at++] = text + k;
  *count = at;
  return list;
}

/* Whether row element x (an integer or a handle) equals pool item p. */
static bool item_equal(const pool_t *pool, int64_t x, int64_t p) {
  if (pool->is_string)
    return strcmp(strata_string_of_handle(x), pool->strings[p]) == 0;
  return x == *at_i64(pool->ints, p);
}

/* One n-gram of the pool: its size, first item and 0-based id. */
typedef struct {
  int64_t size, start, id;
} ngram_t;

static float at_f32(const strata_memref_f32_t *m, int64_t k) {
  return m->aligned[m->offset + k * m->stride];
}

void _mlir_ciface_strata_tfidf_vectorizer(strata_memref_i64_t *x, int64_t rows, int64_t is_string,
                                          strata_memref_i64_t *pool_int64s,
                                          strata_memref_i8_t *pool_strings,
                                          strata_memref_i64_t *ngram_counts,
                                          strata_memref_i64_t *ngram_indexes,
                                          strata_memref_f32_t *weights, int64_t min_gram_length,
                                          int64_t max_gram_length, int64_t max_skip_count,
                                          int64_t mode, strata_memref_f32_t *out) {
  pool_t pool = {is_string != 0, pool_int64s, NULL, pool_int64s->size};
  if (pool.is_string)
    pool.strings = split_strings(pool_strings, &pool.size);
  int64_t columns = rows > 0 ? out->size / rows : 0, cols_in = rows > 0 ? x->size / rows : 0;

  /* The pool's n-grams of the sizes counted; ids run over all of them. */
  int64_t levels = ngram_counts->size, id = 0, num = 0;
  ngram_t *grams = strata_kernel_malloc(sizeof *grams * (size_t)(pool.size + 1), "TfIdfVectorizer");
  for (int64_t i = 0; i < levels; ++i) {
    int64_t size = i + 1, start = *at_i64(ngram_counts, i);
    int64_t end = i + 1 < levels ? *at_i64(ngram_counts, i + 1) : pool.size;
    if (end > pool.size)
      end = pool.size;
    int64_t items = end - start;
    if (start < 0 || items <= 0)
      continue;
    for (int64_t g = 0; g < items / size; ++g, ++id)
      if (size >= min_gram_length && size <= max_gram_length)
        grams[num++] = (ngram_t){size, start + g * size, id};
  }

  int64_t *freq = strata_kernel_malloc(sizeof *freq * (size_t)(out->size > 0 ? out->size : 1),
                                       "TfIdfVectorizer");
  for (int64_t k = 0; k < out->size; ++k)
    freq[k] = 0;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t base = r * cols_in;
    int64_t smallest = min_gram_length;
    for (int64_t skip = 1; skip <= max_skip_count + 1; ++skip) {
      for (int64_t p = 0; p < cols_in; ++p)
        for (int64_t size = smallest; size <= max_gram_length; ++size) {
          if (p + skip * (size - 1) >= cols_in)
            break;
          int64_t hit = -1; /* the last pool n-gram equal to this one */
          for (int64_t g = 0; g < num; ++g) {
            if (grams[g].size != size)
              continue;
            int64_t t = 0;
            while (t < size &&
                   item_equal(&pool, *at_i64(x, base + p + t * skip), grams[g].start + t))
              ++t;
            if (t == size)
              hit = grams[g].id;
          }
          if (hit < 0 || hit >= ngram_indexes->size)
            continue;
          int64_t column = *at_i64(ngram_indexes, hit);
          if (column >= 0 && column < columns)
            ++freq[r * columns + column];
        }
      if (smallest == 1) { /* unigrams do not depend on the skip: counted once */
        smallest = 2;
        if (smallest > max_gram_length)
          break;
      }
    }
  }

  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < columns; ++c) {
      int64_t f = freq[r * columns + c];
      float w = c < weights->size ? at_f32(weights, c) : 1.0f;
      float y = mode == STRATA_TFIDF_IDF     ? (f > 0 ? w : 0.0f)
                : mode == STRATA_TFIDF_TFIDF ? w * (float)f
                                             : (float)f;
      out->aligned[out->offset + (r * columns + c) * out->stride] = y;
    }
  free(freq);
  free(grams);
  free((void *)pool.strings);
}

/* ---- LabelEncoder's lookup ----------------------------------------------------- */

/* A key: its order key (numbers) or text (strings), and its position. */
typedef struct {
  int64_t key;
  const char *text;
  int64_t pos;
} lookup_key_t;

static int compare_lookup(const void *a, const void *b) {
  const lookup_key_t *x = a, *y = b;
  int c = x->text ? strcmp(x->text, y->text) : (x->key > y->key) - (x->key < y->key);
  return c ? c : (x->pos > y->pos) - (x->pos < y->pos);
}

/* The position of the last key equal to k in sorted[0..n), or -1. */
static int64_t find_key(const lookup_key_t *sorted, int64_t n, const lookup_key_t *k) {
  int64_t lo = 0, hi = n; /* the first key > k (by value, any position) */
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    int c = k->text ? strcmp(sorted[mid].text, k->text)
                    : (sorted[mid].key > k->key) - (sorted[mid].key < k->key);
    if (c <= 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0)
    return -1;
  const lookup_key_t *last = &sorted[lo - 1];
  bool equal = k->text ? strcmp(last->text, k->text) == 0 : last->key == k->key;
  return equal ? last->pos : -1;
}

void _mlir_ciface_strata_label_lookup(strata_memref_i64_t *x, int64_t kind,
                                      strata_memref_i64_t *key_ints,
                                      strata_memref_i8_t *key_strings, strata_memref_i64_t *out) {
  bool text = kind == STRATA_LOOKUP_STRING;
  int64_t nk = key_ints->size > 0 ? key_ints->size : 0;
  lookup_key_t *keys = strata_kernel_malloc(sizeof *keys * (size_t)nk, "LabelEncoder");
  size_t nbytes = key_strings->size > 0 ? (size_t)key_strings->size : 0;
  char *bytes = strata_kernel_malloc(nbytes + 1, "LabelEncoder");
  for (size_t b = 0; b < nbytes; ++b)
    bytes[b] = (char)key_strings->aligned[key_strings->offset + (int64_t)b * key_strings->stride];
  bytes[nbytes] = '\0';
  size_t at = 0;
  for (int64_t k = 0; k < nk; ++k) {
    keys[k].pos = k;
    keys[k].text = NULL;
    keys[k].key = order_key(key_ints->aligned[key_ints->offset + k * key_ints->stride], kind);
    if (text) { /* the k-th string; "" (bytes[nbytes]) once the bytes run out */
      keys[k].text = bytes + at;
      at += strlen(bytes + at) + 1;
      at = at < nbytes ? at : nbytes;
    }
  }
  qsort(keys, (size_t)nk, sizeof *keys, compare_lookup);
  int64_t n = x->size < out->size ? x->size : out->size;
  for (int64_t k = 0; k < out->size; ++k) {
    int64_t r = -1;
    if (k < n) {
      int64_t v = x->aligned[x->offset + k * x->stride];
      lookup_key_t probe = {order_key(v, kind), text ? strata_string_of_handle(v) : NULL, 0};
      r = find_key(keys, nk, &probe);
    }
    out->aligned[out->offset + k * out->stride] = r;
  }
  free(bytes);
  free(keys);
}

/* ---- Registration ----------------------------------------------------------------- */

const strata_kernel_symbol_t strata_table_kernels[] = {
    {"_mlir_ciface_strata_unique", (void *)_mlir_ciface_strata_unique},
    {"_mlir_ciface_strata_tfidf_vectorizer", (void *)_mlir_ciface_strata_tfidf_vectorizer},
    {"_mlir_ciface_strata_label_lookup", (void *)_mlir_ciface_strata_label_lookup},
    {NULL, NULL},
};
