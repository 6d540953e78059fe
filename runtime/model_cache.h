/* The whole-model compile cache: a model lowered and compiled once is kept
 * on disk as one entry, so that a second compile of the same model with
 * the same options skips import, the MLIR passes and LLVM altogether and
 * only maps the entry and links its objects.
 *
 * The key is an xxHash64 of everything the compiled code depends on: the
 * bytes of the model file and of any other file the caller names (tuning
 * database, import-time inputs), the caller's option text (pipeline,
 * optimization level, entry), the host target (triple, CPU, features), the
 * Strata and LLVM versions and the build of Strata itself (the GNU build
 * ids of the loaded binaries: a rebuilt compiler never reads an older
 * compiler's entries).
 *
 * An entry <key>.model in the compile cache directory
 * (runtime/compile_cache.h) holds a 64-byte header (magic, key, payload
 * size, xxHash64 of the payload), then the payload: a table, the caller's
 * metadata (opaque here: strata-run keeps the entry signature in it), the
 * linked objects, and the large constants the JIT hands the code as data
 * (runtime/jit_weights.h), each at its alignment from the start of the
 * file, so that the weights are used in place from a read-only mapping.
 * Loading checks the header, the hash and every offset: a damaged entry
 * is a miss (the caller compiles and stores it again), never loaded.
 * Writes are atomic (temporary file, rename), as for the kernel objects. */
#ifndef STRATA_RUNTIME_MODEL_CACHE_H
#define STRATA_RUNTIME_MODEL_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/codegen.h"
#include "runtime/jit_weights.h"

/* The key of a compile of `files` (the model first) with `options`, on
 * this host (its CPU, core count and cache sizes are part of the key), by
 * this Strata and LLVM; false when a file cannot be read (the caller then
 * does not use the cache). */
bool strata_model_cache_key(const char *const *files, int num_files, const char *options,
                            uint64_t *key);

typedef struct {
  const void *meta; /* the caller's metadata, inside weights.map */
  size_t meta_size;
  strata_objects_t objects;     /* copies (malloc'd) */
  strata_jit_weights_t weights; /* pointing into the mapping they own */
} strata_model_entry_t;

/* The entry of `key` in `dir`, checked. False on a miss or a failed check
 * (nothing to free then); else the caller hands objects and weights to
 * strata_jit_link or frees them with strata_model_entry_free. */
bool strata_model_cache_load(const char *dir, uint64_t key, strata_model_entry_t *entry);

void strata_model_entry_free(strata_model_entry_t *entry);

/* Stores an entry: the metadata, the objects and the weights (as
 * strata_jit_compile_parts made them), then evicts old entries past the
 * cache's size cap. False when it could not be written. */
bool strata_model_cache_store(const char *dir, uint64_t key, const void *meta, size_t meta_size,
                              const strata_objects_t *objects,
                              const strata_jit_weights_t *weights);

#endif
