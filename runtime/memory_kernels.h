/* Heap allocation of compiled code: MLIR's generic allocation functions
 * (finalize-memref-to-llvm{use-generic-functions}), which
 * strata-lower-to-llvm lowers memref.alloc/dealloc to. A buffer that cannot
 * be allocated stops the process with "strata: out of memory: cannot
 * allocate N bytes" and status 1, instead of a null buffer the code would
 * write through. One kernel family (kernel_registry.c): the JIT registers
 * them, AOT libraries resolve them in libstrata.
 *
 * Large blocks (at least STRATA_ALLOC_CACHE_MIN_BYTES) are kept when freed,
 * up to STRATA_ALLOC_CACHE_MAX_BYTES in all, and handed out again for an
 * allocation of the same alignment and between half and all of their
 * size. The intermediates of a model with dynamic extents (a symbolic
 * sequence length) are heap buffers allocated and freed on every call;
 * given back to glibc, whose heap then shrank past its trim threshold,
 * each call faulted its pages in again. BERT-base x2 at sequence 128
 * (strata-run --threads 1, CPU time per run, Intel Xeon, loaded, three
 * alternating rounds): 64-74 ms before, 40-55 ms with the cache, the
 * static model 39-50 ms; the time outside kernels (--profile) went from
 * 5.3 to 0.13 ms. Static models allocate one arena per call
 * (strata-plan-memory), which the cache keeps as well. */
#ifndef STRATA_RUNTIME_MEMORY_KERNELS_H
#define STRATA_RUNTIME_MEMORY_KERNELS_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/kernel_abi.h"

void *_mlir_memref_to_llvm_alloc(size_t size);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
void _mlir_memref_to_llvm_free(void *ptr);

#define STRATA_ALLOC_CACHE_MIN_BYTES ((size_t)64 << 10)
#define STRATA_ALLOC_CACHE_MAX_BYTES ((size_t)512 << 20)

/* A block of `size` bytes aligned to at least `alignment` (rounded up to a
 * power of two, at least 64), taken from the cache when one fits; stops the
 * process with the out-of-memory message when none can be had. */
void *strata_alloc_cached(size_t alignment, size_t size);
/* Frees a block of strata_alloc_cached (null: nothing), keeping a large one
 * in the cache while it has room. */
void strata_free_cached(void *ptr);
/* Frees every cached block; returns the bytes they held. */
size_t strata_alloc_cache_release(void);

extern const strata_kernel_symbol_t strata_memory_kernels[];

#endif /* STRATA_RUNTIME_MEMORY_KERNELS_H */
