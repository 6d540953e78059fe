/* C API test: the heap allocation of compiled code (runtime/memory_kernels.h).
 * Blocks are aligned as asked (at least 64 bytes; an alignment that is not
 * a power of two to the next one), writable over their whole
 * size; a freed large block is handed out again for an allocation of the
 * same size or down to half of it, not for a smaller or larger one nor a
 * stricter alignment; small blocks are not kept; the cache can be emptied. */
// RUN: capi-memory_kernels 2>&1 | FileCheck %s
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "runtime/memory_kernels.h"

static int aligned(void *p, size_t a) { return (uintptr_t)p % a == 0; }

int main(void) {
  strata_alloc_cache_release();
  void *small = _mlir_memref_to_llvm_alloc(3);
  void *odd = _mlir_memref_to_llvm_aligned_alloc(128, 1000);
  void *not_pow2 = _mlir_memref_to_llvm_aligned_alloc(96, 10);
  printf("aligned: %d %d %d\n", aligned(small, 64), aligned(odd, 128), aligned(not_pow2, 128));
  // CHECK: aligned: 1 1 1
  _mlir_memref_to_llvm_free(not_pow2);
  memset(small, 1, 3);
  memset(odd, 2, 1000);
  _mlir_memref_to_llvm_free(small);
  _mlir_memref_to_llvm_free(odd);
  _mlir_memref_to_llvm_free(NULL);
  printf("small blocks kept: %zu bytes\n", strata_alloc_cache_release());
  // CHECK: small blocks kept: 0 bytes

  size_t big = (size_t)1 << 20;
  char *a = _mlir_memref_to_llvm_alloc(big);
  memset(a, 3, big);
  _mlir_memref_to_llvm_free(a);
  char *same = _mlir_memref_to_llvm_alloc(big);
  printf("same size reused: %d\n", same == a);
  // CHECK: same size reused: 1
  _mlir_memref_to_llvm_free(same);
  char *half = _mlir_memref_to_llvm_alloc(big / 2 + 64);
  printf("a little over half reused: %d\n", half == a);
  // CHECK: a little over half reused: 1
  _mlir_memref_to_llvm_free(half);
  char *quarter = _mlir_memref_to_llvm_alloc(big / 4);
  char *larger = _mlir_memref_to_llvm_alloc(big + 1);
  char *stricter = _mlir_memref_to_llvm_aligned_alloc(4096, big);
  printf("quarter, larger, stricter alignment reused: %d %d %d\n", quarter == a, larger == a,
         stricter == a);
  // CHECK: quarter, larger, stricter alignment reused: 0 0 0
  printf("stricter aligned: %d\n", aligned(stricter, 4096));
  // CHECK: stricter aligned: 1
  memset(quarter, 4, big / 4);
  memset(larger, 5, big + 1);
  memset(stricter, 6, big);
  _mlir_memref_to_llvm_free(quarter);
  _mlir_memref_to_llvm_free(larger);
  _mlir_memref_to_llvm_free(stricter);
  size_t kept = strata_alloc_cache_release();
  printf("kept after the frees: %d\n", kept >= 3 * big + big / 4);
  // CHECK: kept after the frees: 1
  printf("after release: %zu\n", strata_alloc_cache_release());
  // CHECK: after release: 0
  return 0;
}
