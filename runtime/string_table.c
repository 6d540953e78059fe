/* The interning table for string handles: open addressing with linear
 * probing on XXH3 hashes, doubling when half full, behind one mutex. The
 * table and its strings are reachable from a static global for the life of
 * the process (LeakSanitizer sees them as live). */
#include "runtime/string_table.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

typedef struct {
  uint64_t hash;
  size_t len;
  char *str; /* NULL: empty slot */
} intern_slot_t;

static struct {
  pthread_mutex_t lock;
  intern_slot_t *slots;
  size_t capacity; /* a power of two, or 0 before the first insert */
  size_t count;
} table = {.lock = PTHREAD_MUTEX_INITIALIZER};

static _Noreturn void out_of_memory(void) {
  fputs("strata: out of memory interning a string\n", stderr);
  abort();
}

/* The slot holding (hash, s[0..len)) or the empty slot where it belongs. */
static intern_slot_t *find_slot(intern_slot_t *slots, size_t capacity, uint64_t hash,
                                const char *s, size_t len) {
  size_t mask = capacity - 1;
  for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
    intern_slot_t *slot = &slots[i];
    if (!slot->str ||
        (slot->hash == hash && slot->len == len && memcmp(slot->str, s, len) == 0))
      return slot;
  }
}

static void grow(void) {
  size_t capacity = table.capacity ? table.capacity * 2 : 1024;
  intern_slot_t *slots = calloc(capacity, sizeof *slots);
  if (!slots)
    out_of_memory();
  for (size_t i = 0; i < table.capacity; ++i) {
    intern_slot_t *old = &table.slots[i];
    if (old->str)
      *find_slot(slots, capacity, old->hash, old->str, old->len) = *old;
  }
  free(table.slots);
  table.slots = slots;
  table.capacity = capacity;
}

const char *strata_string_intern(const char *s, size_t len) {
  static const char empty[] = "";
  if (len == 0)
    return empty;
  uint64_t hash = XXH3_64bits(s, len);
  pthread_mutex_lock(&table.lock);
  if ((table.count + 1) * 2 > table.capacity)
    grow();
  intern_slot_t *slot = find_slot(table.slots, table.capacity, hash, s, len);
  if (!slot->str) {
    char *copy = malloc(len + 1);
    if (!copy)
      out_of_memory();
    memcpy(copy, s, len);
    copy[len] = '\0';
    *slot = (intern_slot_t){.hash = hash, .len = len, .str = copy};
    ++table.count;
  }
  const char *result = slot->str;
  pthread_mutex_unlock(&table.lock);
  return result;
}

const char *strata_string_of_handle(int64_t h) {
  return h ? (const char *)(intptr_t)h : "";
}

int64_t strata_string_handle(const char *s) {
  return s && *s ? (int64_t)(intptr_t)s : 0;
}
