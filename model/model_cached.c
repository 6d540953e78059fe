/* The whole-model compile cache (runtime/model_cache.h) for the model API:
 * strata_model_compile of a model compiled before with the same options
 * maps and links the stored objects and weights instead of lowering and
 * generating code. The key covers the model's bytes (its file, or the MLIR
 * text it was imported from), the tuning database's bytes, the lowering
 * pipeline, the optimization level, the entry option (not the resolved
 * entry: the key is known before the import, so strata_model_load takes a
 * hit without importing), the thread count, the host
 * (cores, L1, cache line; the target, versions and build ids are added by
 * strata_model_cache_key). Not with options.profile (the kernel names come
 * from the lowered module) nor for a compile that produced warnings (a hit
 * would not repeat them). A damaged entry is a miss. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model_internal.h"
#include "runtime/compile_cache.h"
#include "runtime/model_cache.h"

/* What the model API keeps beside a compiled model: its entry's signature
 * (compared with the imported one on a hit, or taken as the model's when
 * it was not imported), then the input and output names, each ended by a
 * NUL. */
enum { MODEL_META_FORMAT = 2 };
typedef struct {
  uint32_t format;
  strata_signature_t sig;
} model_meta_t;

/* A signature read back from an entry is usable: its name ends within its
 * array, its counts and ranks are within the arrays' bounds. */
static bool signature_in_bounds(const strata_signature_t *s) {
  if (!memchr(s->name, '\0', sizeof s->name) || s->num_inputs < 0 || s->num_outputs < 0 ||
      s->num_inputs > STRATA_MAX_ARGS || s->num_outputs > STRATA_MAX_ARGS)
    return false;
  for (int i = 0; i < s->num_inputs + s->num_outputs; ++i) {
    int rank = i < s->num_inputs ? s->inputs[i].rank : s->outputs[i - s->num_inputs].rank;
    if (rank < 0 || rank > STRATA_MAX_RANK)
      return false;
  }
  return true;
}

/* The stored signature (in bounds) is the imported one. */
static bool same_signature(const strata_signature_t *a, const strata_signature_t *b) {
  if (strcmp(a->name, b->name) || a->num_inputs != b->num_inputs ||
      a->num_outputs != b->num_outputs)
    return false;
  for (int i = 0; i < a->num_inputs + a->num_outputs; ++i) {
    const strata_arg_spec_t *x = i < a->num_inputs ? &a->inputs[i] : &a->outputs[i - a->num_inputs];
    const strata_arg_spec_t *y = i < a->num_inputs ? &b->inputs[i] : &b->outputs[i - a->num_inputs];
    if (x->dtype != y->dtype || x->rank != y->rank ||
        memcmp(x->shape, y->shape, sizeof x->shape[0] * (size_t)x->rank))
      return false;
  }
  return true;
}

bool strata_model_cache_prepare(strata_model_t *m, const strata_model_options_t *o,
                                const char *pipeline) {
  m->cache_usable = false;
  if (o->no_cache || o->profile || !m->source_hashed ||
      !strata_cache_dir(m->cache_dir, sizeof m->cache_dir))
    return false;
  const char *files[2];
  int n = 0;
  if (m->source_is_file)
    files[n++] = m->source;
  if (o->tuning_db)
    files[n++] = o->tuning_db;
  size_t size = strlen(pipeline) + 1024;
  char *text = malloc(size);
  if (!text)
    return false;
  snprintf(text, size,
           "model-api|%s|O%d|entry=%s|threads=%d|text=%016llx|file=%d", pipeline,
           m->opt_level, o->entry ? o->entry : "", m->threads, (unsigned long long)m->source_key,
           m->source_is_file);
  /* A model imported from text alone still gets a key: its bytes are in
   * source_key; strata_model_cache_key then hashes only the other files. */
  m->cache_usable = strata_model_cache_key(files, n, text, &m->cache_key);
  free(text);
  return m->cache_usable;
}

/* The names after the meta (`size` bytes) into m->names; false when they
 * do not fit the signature. */
static bool take_names(strata_model_t *m, const char *names, size_t size) {
  const char *end = names + size;
  for (int i = 0; i < m->sig.num_inputs + m->sig.num_outputs; ++i) {
    const char *nul = names < end ? memchr(names, '\0', (size_t)(end - names)) : NULL;
    int slot = i < m->sig.num_inputs ? i : STRATA_MAX_ARGS + i - m->sig.num_inputs;
    if (!nul || !(m->names[slot] = strdup(names)))
      return false;
    names = nul + 1;
  }
  return names == end;
}

bool strata_model_cache_take(strata_model_t *m) {
  strata_model_entry_t e;
  if (!m->cache_usable || !strata_model_cache_load(m->cache_dir, m->cache_key, &e))
    return false;
  model_meta_t meta;
  bool ok = e.meta_size >= sizeof meta;
  if (ok)
    memcpy(&meta, e.meta, sizeof meta);
  ok = ok && meta.format == MODEL_META_FORMAT && signature_in_bounds(&meta.sig);
  bool imported = !mlirOperationIsNull(m->module);
  if (ok && imported) {
    ok = same_signature(&meta.sig, &m->sig);
  } else if (ok) { /* strata_model_load before any import: the entry's signature and names */
    m->sig = meta.sig;
    ok = ok && take_names(m, (const char *)e.meta + sizeof meta, e.meta_size - sizeof meta);
  }
  if (!ok) {
    strata_model_entry_free(&e);
    return false;
  }
  char *error = NULL;
  m->jit = strata_jit_link(&e.objects, &e.weights, NULL, &error);
  if (m->jit && !strata_jit_materialize(m->jit, m->sig.name, &error)) {
    strata_jit_release(m->jit);
    m->jit = NULL;
  }
  free(error);
  return m->jit != NULL;
}

void strata_model_cache_keep(const strata_model_t *m, const strata_objects_t *objects,
                             const strata_jit_weights_t *weights) {
  if (!m->cache_usable || m->warnings.len || m->errors.len)
    return;
  model_meta_t meta;
  memset(&meta, 0, sizeof meta);
  meta.format = MODEL_META_FORMAT;
  meta.sig = m->sig;
  strata_text_t bytes = {0};
  strata_text_append(&bytes, (const char *)&meta, sizeof meta);
  size_t size = sizeof meta;
  for (int i = 0; i < m->sig.num_inputs + m->sig.num_outputs; ++i) {
    const char *name = m->names[i < m->sig.num_inputs ? i : STRATA_MAX_ARGS + i - m->sig.num_inputs];
    size += strlen(name ? name : "") + 1;
    strata_text_append(&bytes, name ? name : "", strlen(name ? name : "") + 1);
  }
  if (bytes.len == size) /* else memory ran out */
    strata_model_cache_store(m->cache_dir, m->cache_key, bytes.data, bytes.len, objects, weights);
  strata_text_free(&bytes);
}
