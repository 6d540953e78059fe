/* Parallel code generation with a compile cache: a lowered module (llvm
 * dialect) is split into independent modules (each kernel
 * strata-outline-kernels made, and the rest), each is looked up in the
 * compile cache (runtime/compile_cache.h) or translated to LLVM IR,
 * optimized and compiled to a native object of its own on a pool of
 * threads (one per core of the host; the largest modules first), and the objects are handed back for the JIT to link
 * in memory or for AOT to link into a shared library. */
#ifndef STRATA_RUNTIME_CODEGEN_H
#define STRATA_RUNTIME_CODEGEN_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/compile_timing.h"

typedef struct {
  bool no_cache;         /* compile everything; read and write no cache entry */
  const char *cache_dir; /* NULL: strata_cache_dir() ($XDG_CACHE_HOME/strata) */
  int threads;           /* 0: the cores this process may run on */
} strata_codegen_options_t;

typedef struct {
  void *data; /* the object file's bytes (malloc'd) */
  size_t size;
} strata_object_t;

typedef struct {
  strata_object_t *items;
  int count;
  int cached; /* how many came from the cache */
} strata_objects_t;

/* Moves each kernel function (`strata_kernel_*`, with a body) of `module`
 * into a new module of its own, with copies of or declarations for what it
 * uses, and leaves a declaration behind. Returns how many modules
 * *parts (malloc'd; the caller destroys each) holds; a kernel that cannot
 * be moved stays. */
int strata_codegen_split(MlirOperation module, MlirModule **parts);

/* Compiles `module` (llvm dialect; it is split, so it is changed) into
 * objects, at LLVM -O<opt_level> for the host CPU, position-independent.
 * Every defined `_mlir_ciface_<f>` gets a packed wrapper
 * `_mlir__mlir_ciface_<f>(void **args)` (as MLIR's ExecutionEngine makes).
 * `options` may be NULL (the defaults: cache on, all cores). Returns false
 * and sets *error (malloc'd) on failure. */
bool strata_codegen_compile(MlirOperation module, int opt_level,
                            const strata_codegen_options_t *options, strata_objects_t *objects,
                            strata_timing_t *timing, char **error);

void strata_objects_free(strata_objects_t *objects);

/* The number of cores this process may run on (its CPU affinity), >= 1. */
int strata_host_cores(void);

#endif
