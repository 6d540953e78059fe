/* Large constants handed to JIT-compiled code as data, not as LLVM IR: a
 * constant llvm.mlir.global with a big dense / dense_resource initializer
 * becomes an external declaration, and its bytes are copied once into an
 * aligned buffer that the JIT resolves the symbol to. LLVM then never sees
 * the weights: translating them into LLVM constants and emitting them
 * element by element into the object took about 45% of ResNet-18's
 * compile time (measured with --timing; docs/benchmarks.md). */
#ifndef STRATA_RUNTIME_JIT_WEIGHTS_H
#define STRATA_RUNTIME_JIT_WEIGHTS_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

/* Initializers of at least this many bytes are moved out; smaller ones
 * stay in the IR, where LLVM may fold loads from them. */
#define STRATA_JIT_WEIGHT_MIN_BYTES 4096

typedef struct {
  char *name; /* the global's symbol */
  void *data; /* aligned copy of its initializer's bytes (free()) */
  size_t align; /* the alignment of data (a power of two, >= 64) */
  size_t size;  /* its bytes */
} strata_jit_weight_t;

typedef struct {
  strata_jit_weight_t *items;
  int count, cap;
  /* When set, the items' data point into this read-only mapping (a whole
   * model from the compile cache, runtime/model_cache.h), which
   * strata_jit_weights_free unmaps instead of freeing each. */
  void *map;
  size_t map_size;
} strata_jit_weights_t;

/* Moves every large constant initializer of `module` (llvm dialect) into
 * *weights (zero-initialize it first), leaving an external declaration
 * of the same type and alignment in the module. Returns false and sets
 * *error (malloc'd) when memory runs out; the module is then partly
 * rewritten and must not be compiled. */
bool strata_jit_weights_take(MlirOperation module, strata_jit_weights_t *weights, char **error);

void strata_jit_weights_free(strata_jit_weights_t *weights);

#endif
