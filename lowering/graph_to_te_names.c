/* convert-graph-to-te: unique compute names within a function (see
 * graph_to_te.h). An open-addressing hash set of (function, name) pairs
 * (XXH64, linear probing, doubled when half full), each entry with the next
 * suffix to try when the name is asked for again as a base: naming is O(1)
 * amortized, so a chain of N ops lowers in O(N). The linear list it
 * replaces, with suffixes tried one by one, was cubic: 13.3 s for 4,000 ops,
 * and 10,000 did not finish in 150 s (bench/chain_compile.sh). */
#include "lowering/graph_to_te.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

typedef struct {
  void *scope;
  char *name; /* NULL: empty slot */
  uint64_t hash;
  int next_suffix;
} name_slot_t;

struct g2t_names {
  name_slot_t *slots;
  size_t count, cap; /* cap: 0 or a power of two */
};

g2t_names_t *g2t_names_create(void) { return calloc(1, sizeof(g2t_names_t)); }

void g2t_names_destroy(g2t_names_t *n) {
  if (!n)
    return;
  for (size_t i = 0; i < n->cap; ++i)
    free(n->slots[i].name);
  free(n->slots);
  free(n);
}

static uint64_t name_hash(void *scope, const char *name) {
  return XXH64(name, strlen(name), (uint64_t)(uintptr_t)scope);
}

/* The slot holding (scope, name), or the empty slot where it would go. */
static name_slot_t *find_slot(const g2t_names_t *n, void *scope, const char *name,
                              uint64_t hash) {
  for (size_t i = hash & (n->cap - 1);; i = (i + 1) & (n->cap - 1)) {
    name_slot_t *s = &n->slots[i];
    if (!s->name || (s->hash == hash && s->scope == scope && strcmp(s->name, name) == 0))
      return s;
  }
}

static void grow(g2t_names_t *n) {
  name_slot_t *old = n->slots;
  size_t old_cap = n->cap;
  n->cap = old_cap ? 2 * old_cap : 64;
  n->slots = calloc(n->cap, sizeof *n->slots);
  for (size_t i = 0; i < old_cap; ++i)
    if (old[i].name)
      *find_slot(n, old[i].scope, old[i].name, old[i].hash) = old[i];
  free(old);
}

/* The entry of (scope, name), or NULL if the name is free. */
static name_slot_t *find(const g2t_names_t *n, void *scope, const char *name) {
  if (n->cap == 0)
    return NULL;
  name_slot_t *s = find_slot(n, scope, name, name_hash(scope, name));
  return s->name ? s : NULL;
}

void g2t_names_add(g2t_names_t *n, void *scope, const char *name) {
  if (2 * (n->count + 1) > n->cap)
    grow(n);
  uint64_t hash = name_hash(scope, name);
  name_slot_t *s = find_slot(n, scope, name, hash);
  if (s->name)
    return;
  size_t len = strlen(name);
  *s = (name_slot_t){.scope = scope, .name = malloc(len + 1), .hash = hash, .next_suffix = 1};
  memcpy(s->name, name, len + 1);
  n->count++;
}

void g2t_names_unique(g2t_names_t *n, void *scope, const char *base, char *buf, size_t size) {
  snprintf(buf, size, "%s", base);
  name_slot_t *taken = find(n, scope, buf);
  if (taken) {
    char stem[100];
    snprintf(stem, sizeof stem, "%.99s", buf); /* room for the suffix */
    int k = taken->next_suffix;
    do
      snprintf(buf, size, "%s_%d", stem, k++);
    while (find(n, scope, buf));
    taken->next_suffix = k; /* g2t_names_add below may move the slot: set it first */
  }
  g2t_names_add(n, scope, buf);
}
