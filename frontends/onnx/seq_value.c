/* Sequence and optional values of the ONNX importer (onnx_internal.h):
 * lists of items (tensors or nested sequences) that SequenceConstruct,
 * SequenceInsert, SequenceErase, ... edit at import time, with deep copies
 * so that every value-table entry owns its own list. */
#include <stdlib.h>
#include <string.h>

#include "frontends/onnx/onnx_internal.h"

onnx_seq_t *onnx_seq_new(bool optional, int32_t elem_type) {
  onnx_seq_t *s = calloc(1, sizeof *s);
  s->optional = optional;
  s->elem_type = elem_type;
  return s;
}

void onnx_item_free(onnx_item_t *it) {
  if (it->has_const)
    onnx_const_free(&it->cst);
  if (it->seq)
    onnx_seq_free(it->seq);
  memset(it, 0, sizeof *it);
}

void onnx_seq_free(onnx_seq_t *s) {
  if (!s)
    return;
  for (int i = 0; i < s->count; ++i)
    onnx_item_free(&s->items[i]);
  free(s->items);
  free(s);
}

void onnx_item_copy(const onnx_item_t *from, onnx_item_t *to) {
  *to = *from;
  if (from->has_const)
    to->cst = onnx_const_copy(&from->cst);
  if (from->seq)
    to->seq = onnx_seq_copy(from->seq);
}

onnx_seq_t *onnx_seq_copy(const onnx_seq_t *s) {
  onnx_seq_t *c = onnx_seq_new(s->optional, s->elem_type);
  c->cap = c->count = s->count;
  c->items = calloc((size_t)(s->count ? s->count : 1), sizeof *c->items);
  for (int i = 0; i < s->count; ++i)
    onnx_item_copy(&s->items[i], &c->items[i]);
  return c;
}

void onnx_seq_insert(onnx_seq_t *s, int pos, onnx_item_t *it) {
  if (s->count == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 4;
    s->items = realloc(s->items, sizeof *s->items * (size_t)s->cap);
  }
  memmove(s->items + pos + 1, s->items + pos, sizeof *s->items * (size_t)(s->count - pos));
  s->items[pos] = *it;
  memset(it, 0, sizeof *it);
  s->count++;
}

void onnx_seq_erase(onnx_seq_t *s, int pos) {
  onnx_item_free(&s->items[pos]);
  memmove(s->items + pos, s->items + pos + 1, sizeof *s->items * (size_t)(s->count - pos - 1));
  s->count--;
}

int onnx_seq_num_tensors(const onnx_seq_t *s) {
  int n = 0;
  for (int i = 0; i < s->count; ++i)
    n += s->items[i].seq ? onnx_seq_num_tensors(s->items[i].seq) : 1;
  return n;
}
