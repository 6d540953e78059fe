/* Heap allocation of compiled code (see memory_kernels.h). */
#include "runtime/memory_kernels.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Every block starts with a header (HEADER bytes, or the alignment when
 * larger) recording its size, so that free can tell a large block, worth
 * keeping, from a small one. */
enum { HEADER = 64, CACHE_SLOTS = 64 };

typedef struct {
  size_t capacity;  /* usable bytes after the header */
  size_t alignment; /* of the user pointer (>= HEADER) */
  void *base;       /* what aligned_alloc returned */
} header_t;

/* Freed large blocks kept for the next allocation of a similar size. */
typedef struct {
  pthread_mutex_t lock;
  header_t *slots[CACHE_SLOTS];
  size_t count, bytes;
} cache_t;

static cache_t cache = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void out_of_memory(size_t size) {
  fprintf(stderr, "strata: out of memory: cannot allocate %zu bytes\n", size);
  fflush(stdout);
  _Exit(1); /* possibly on an OpenMP worker: no exit handlers */
}

static header_t *header_of(void *p) { return (header_t *)((char *)p - sizeof(header_t)); }

/* A cached block of at least `size` usable bytes, alignment `alignment`
 * and at most twice the size (best fit), taken out of the cache; else
 * null. */
static void *take_cached(size_t size, size_t alignment) {
  if (size < STRATA_ALLOC_CACHE_MIN_BYTES)
    return NULL;
  pthread_mutex_lock(&cache.lock);
  size_t best = cache.count;
  for (size_t i = 0; i < cache.count; ++i) {
    header_t *h = cache.slots[i];
    if (h->capacity >= size && h->capacity / 2 <= size && h->alignment % alignment == 0 &&
        (best == cache.count || h->capacity < cache.slots[best]->capacity))
      best = i;
  }
  header_t *h = NULL;
  if (best < cache.count) {
    h = cache.slots[best];
    cache.slots[best] = cache.slots[--cache.count];
    cache.bytes -= h->capacity;
  }
  pthread_mutex_unlock(&cache.lock);
  return h ? (char *)h + sizeof(header_t) : NULL;
}

void *strata_alloc_cached(size_t alignment, size_t size) {
  size_t a = HEADER;
  while (a < alignment && a <= SIZE_MAX / 2)
    a *= 2; /* a power of two, at least the alignment asked for */
  alignment = a;
  void *p = take_cached(size, alignment);
  if (p)
    return p;
  size_t capacity = (size + alignment - 1) / alignment * alignment; /* aligned_alloc's rule */
  size_t total = alignment + capacity;
  if (capacity < size || total < capacity)
    out_of_memory(size);
  char *base = aligned_alloc(alignment, total);
  if (!base)
    out_of_memory(size);
  p = base + alignment;
  header_t *h = header_of(p);
  *h = (header_t){capacity, alignment, base};
  return p;
}

void strata_free_cached(void *ptr) {
  if (!ptr)
    return;
  header_t *h = header_of(ptr);
  if (h->capacity >= STRATA_ALLOC_CACHE_MIN_BYTES) {
    pthread_mutex_lock(&cache.lock);
    bool keep = cache.count < CACHE_SLOTS &&
                cache.bytes + h->capacity <= STRATA_ALLOC_CACHE_MAX_BYTES;
    if (keep) {
      cache.slots[cache.count++] = h;
      cache.bytes += h->capacity;
    }
    pthread_mutex_unlock(&cache.lock);
    if (keep)
      return;
  }
  free(h->base);
}

size_t strata_alloc_cache_release(void) {
  pthread_mutex_lock(&cache.lock);
  size_t bytes = cache.bytes;
  for (size_t i = 0; i < cache.count; ++i)
    free(cache.slots[i]->base);
  cache.count = 0;
  cache.bytes = 0;
  pthread_mutex_unlock(&cache.lock);
  return bytes;
}

void *_mlir_memref_to_llvm_alloc(size_t size) { return strata_alloc_cached(HEADER, size); }

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  return strata_alloc_cached(alignment, size);
}

void _mlir_memref_to_llvm_free(void *ptr) { strata_free_cached(ptr); }

const strata_kernel_symbol_t strata_memory_kernels[] = {
    {"_mlir_memref_to_llvm_alloc", (void *)_mlir_memref_to_llvm_alloc},
    {"_mlir_memref_to_llvm_aligned_alloc", (void *)_mlir_memref_to_llvm_aligned_alloc},
    {"_mlir_memref_to_llvm_free", (void *)_mlir_memref_to_llvm_free},
    {NULL, NULL},
};
