/* The compile cache on disk: object files of compiled modules (a model's
 * kernels and its entry), each keyed by a 64-bit hash of what determines
 * it (the module's text, the target, the optimization level, the Strata
 * and LLVM versions; runtime/codegen.c computes it). Entries live in
 * $XDG_CACHE_HOME/strata (fallback ~/.cache/strata) as <key>.o: a header
 * (magic, key, size, xxHash64 of the payload) and the object. A corrupt,
 * truncated or mislabelled entry fails the check and is never loaded (the
 * caller compiles and stores it again); writes go to a temporary file
 * renamed into place, so concurrent compiles never see half an entry. A
 * cache that cannot be read or written is no error: everything compiles.
 * Whole lowered models (runtime/model_cache.h) live beside them as
 * <key>.model. The directory is kept under a size cap: after a compile
 * stores entries, the least recently used ones (by mtime; a hit touches
 * its entry) are removed until the rest fit (strata_cache_evict). */
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

/* The path of entry `key` with suffix `ext` ("o", "model") in `dir`. */
void strata_cache_entry_path(char *buf, size_t size, const char *dir, uint64_t key,
                             const char *ext);

/* Writes the `count` pieces, one after another, as the file `path`:
 * into a temporary file of the same directory, renamed into place. False
 * when it could not be written (nothing is left behind). */
bool strata_cache_write_pieces(const char *path, const void *const *data, const size_t *sizes,
                               int count);

/* Marks an entry as used now (its mtime, which eviction orders by). */
void strata_cache_touch(const char *path);

/* The size cap of the cache directory in bytes: $STRATA_CACHE_MAX_SIZE
 * (a number with an optional K, M or G suffix; 0: no cap), else
 * STRATA_CACHE_DEFAULT_MAX_SIZE. */
#define STRATA_CACHE_DEFAULT_MAX_SIZE (2ull << 30)
uint64_t strata_cache_max_size(void);

/* Removes the least recently used entries of `dir` (.o and .model, oldest
 * mtime first) until the others take at most `cap` bytes (0: no cap), and
 * temporaries an interrupted writer left more than an hour ago. Entries
 * another process has open stay readable to it (POSIX unlink). Returns
 * how many entries it removed, -1 when the directory cannot be read. */
int strata_cache_evict(const char *dir, uint64_t cap);

/* Removes every entry and temporary file of `dir`; the number removed, or
 * -1 when the directory cannot be read. */
int strata_cache_clear(const char *dir);

#endif
