/* Heap allocation of compiled code: MLIR's generic allocation functions
 * (finalize-memref-to-llvm{use-generic-functions}), which
 * strata-lower-to-llvm lowers memref.alloc/dealloc to. A buffer that cannot
 * be allocated stops the process with "strata: out of memory: cannot
 * allocate N bytes" and status 1, instead of a null buffer the code would
 * write through. One kernel family (kernel_registry.c): the JIT registers
 * them, AOT libraries resolve them in libstrata. */
#ifndef STRATA_RUNTIME_MEMORY_KERNELS_H
#define STRATA_RUNTIME_MEMORY_KERNELS_H

#include <stddef.h>

#include "runtime/kernel_abi.h"

void *_mlir_memref_to_llvm_alloc(size_t size);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
void _mlir_memref_to_llvm_free(void *ptr);

extern const strata_kernel_symbol_t strata_memory_kernels[];

#endif /* STRATA_RUNTIME_MEMORY_KERNELS_H */
