/* The compile cache on disk: object files of compiled modules (a model's
 * kernels and its entry), each keyed by a 64-bit hash of what determines
 * it (the module's text, the target, the optimization level, the Strata
 * and LLVM versions; runtime/codegen.c computes it). Entries live in
 * $XDG_CACHE_HOME/strata (fallback ~/.cache/strata) as <key>.o: a header
 * (magic, key, size, xxHash64 of the payload) and the object. A corrupt,
 * truncated or mislabelled entry fails the check and is never loaded (the
 * caller compiles and stores it again); writes go to a temporary file
 * renamed into place, so concurrent compiles never see half an entry. A
 * cache that cannot be read or written is no error: everything compiles. */
#ifndef STRATA_RUNTIME_COMPILE_CACHE_H
#define STRATA_RUNTIME_COMPILE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes the cache directory ($XDG_CACHE_HOME/strata, else
 * $HOME/.cache/strata), creating it if needed. False when there is none. */
bool strata_cache_dir(char *buf, size_t size);

/* The entry of `key` in `dir`, checked: *data (malloc'd) and *size.
 * False on a miss or a failed check. */
bool strata_cache_load(const char *dir, uint64_t key, void **data, size_t *size);

/* Stores an entry atomically (temporary file, then rename). False when it
 * could not be written (nothing is left behind). */
bool strata_cache_store(const char *dir, uint64_t key, const void *data, size_t size);

#endif
