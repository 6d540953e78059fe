/* How compiled code calls the runtime's library kernels (functions written
 * in C for what tensor expressions do not express well: string handling,
 * data-dependent selections). A buffer kernel is declared in the module as
 * `func.func private @strata_<name>(tensor<?x...>, ..., scalars) -> tensor<?x...>
 * attributes {llvm.emit_c_interface}` on dynamic 1-D shapes; after
 * convert-te-to-tir its results are destination arguments appended after
 * the operands, and the LLVM lowering calls `_mlir_ciface_strata_<name>`
 * with one pointer to a memref descriptor per buffer (scalars by value).
 * A scalar kernel is a plain C function called inside a compute body.
 * Every kernel is listed in a table of its family so the JIT can register
 * its address (runtime/kernel_registry.h). */
#ifndef STRATA_RUNTIME_KERNEL_ABI_H
#define STRATA_RUNTIME_KERNEL_ABI_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* 1-D memref descriptors: element k is aligned[offset + k * stride]. */
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, size, stride;
} strata_memref_i64_t;
typedef struct {
  int8_t *allocated, *aligned;
  int64_t offset, size, stride;
} strata_memref_i8_t;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, size, stride;
} strata_memref_f32_t;

/* One kernel by symbol name (the _mlir_ciface_ name for buffer kernels). */
typedef struct {
  const char *name;
  void *address;
} strata_kernel_symbol_t;

/* malloc for the library kernels, which cannot report an error to the
 * compiled code calling them: aborts with "strata: out of memory in
 * <what>" when memory runs out (0 bytes asked: 1 given). */
static inline void *strata_kernel_malloc(size_t size, const char *what) {
  void *p = malloc(size ? size : 1);
  if (!p) {
    fprintf(stderr, "strata: out of memory in %s\n", what);
    abort();
  }
  return p;
}

#endif
