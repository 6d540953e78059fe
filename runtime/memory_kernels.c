/* Heap allocation of compiled code (see memory_kernels.h). */
#include "runtime/memory_kernels.h"

#include <stdio.h>
#include <stdlib.h>

static void out_of_memory(size_t size) {
  fprintf(stderr, "strata: out of memory: cannot allocate %zu bytes\n", size);
  fflush(stdout);
  _Exit(1); /* possibly on an OpenMP worker: no exit handlers */
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p)
    out_of_memory(size);
  return p;
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  /* aligned_alloc wants a size that is a multiple of the alignment. */
  size_t rounded = alignment ? (size + alignment - 1) / alignment * alignment : size;
  if (rounded < size)
    out_of_memory(size);
  void *p = aligned_alloc(alignment, rounded ? rounded : alignment);
  if (!p)
    out_of_memory(size);
  return p;
}

void _mlir_memref_to_llvm_free(void *ptr) { free(ptr); }

const strata_kernel_symbol_t strata_memory_kernels[] = {
    {"_mlir_memref_to_llvm_alloc", (void *)_mlir_memref_to_llvm_alloc},
    {"_mlir_memref_to_llvm_aligned_alloc", (void *)_mlir_memref_to_llvm_aligned_alloc},
    {"_mlir_memref_to_llvm_free", (void *)_mlir_memref_to_llvm_free},
    {NULL, NULL},
};
