/* The value of a sequence or optional graph input given to the importer
 * for specialization (a serialized onnx.SequenceProto / OptionalProto, as
 * in the backend test data) as an importer sequence whose tensors are
 * constants: the importer takes its length and element types from it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontends/onnx/nesting.h"
#include "frontends/onnx/onnx_internal.h"
#include "onnx_data.pb-c.h"
#include "runtime/read_file.h"

static bool add_optional(onnx_seq_t *s, const Onnx__OptionalProto *o, char *err, size_t errsz);

static bool add_tensor(onnx_seq_t *s, const Onnx__TensorProto *tp, char *err, size_t errsz) {
  onnx_item_t it;
  memset(&it, 0, sizeof it);
  if (!onnx_const_from_proto(tp, &it.cst, err, errsz))
    return false;
  it.has_const = true;
  if (!s->elem_type)
    s->elem_type = it.cst.onnx_type;
  onnx_seq_insert(s, s->count, &it);
  return true;
}

static bool add_nested(onnx_seq_t *s, onnx_seq_t *inner) {
  onnx_item_t it;
  memset(&it, 0, sizeof it);
  it.seq = inner;
  onnx_seq_insert(s, s->count, &it);
  return true;
}

static bool add_sequence(onnx_seq_t *s, const Onnx__SequenceProto *p, char *err, size_t errsz) {
  if (p->n_sparse_tensor_values) {
    snprintf(err, errsz, "sequences of sparse tensors are not supported");
    return false;
  }
  for (size_t i = 0; i < p->n_tensor_values; ++i)
    if (!add_tensor(s, p->tensor_values[i], err, errsz))
      return false;
  for (size_t i = 0; i < p->n_sequence_values; ++i) {
    onnx_seq_t *inner = onnx_seq_new(false, 0);
    if (!add_sequence(inner, p->sequence_values[i], err, errsz))
      return onnx_seq_free(inner), false;
    add_nested(s, inner);
  }
  for (size_t i = 0; i < p->n_optional_values; ++i) {
    onnx_seq_t *inner = onnx_seq_new(true, 0);
    if (!add_optional(inner, p->optional_values[i], err, errsz))
      return onnx_seq_free(inner), false;
    add_nested(s, inner);
  }
  return true;
}

static bool add_optional(onnx_seq_t *s, const Onnx__OptionalProto *o, char *err, size_t errsz) {
  if (o->sparse_tensor_value) {
    snprintf(err, errsz, "optional sparse tensors are not supported");
    return false;
  }
  if (o->tensor_value)
    return add_tensor(s, o->tensor_value, err, errsz);
  onnx_seq_t *inner = NULL;
  if (o->sequence_value) {
    inner = onnx_seq_new(false, 0);
    if (!add_sequence(inner, o->sequence_value, err, errsz))
      return onnx_seq_free(inner), false;
  } else if (o->optional_value) {
    inner = onnx_seq_new(true, 0);
    if (!add_optional(inner, o->optional_value, err, errsz))
      return onnx_seq_free(inner), false;
  }
  return !inner || add_nested(s, inner);
}

onnx_seq_t *onnx_seq_read_pb(const char *path, bool optional, char *err, size_t errsz) {
  size_t len = 0;
  uint8_t *bytes = (uint8_t *)strata_read_file(path, &len);
  if (!bytes) {
    snprintf(err, errsz, "cannot open the value '%s': %s", path, strerror(errno));
    return NULL;
  }
  /* protobuf-c recurses into nested values without a limit */
  if (!strata_onnx_check_nesting(bytes, len,
                                 optional ? STRATA_ONNX_MSG_OPTIONAL : STRATA_ONNX_MSG_SEQUENCE,
                                 err, errsz)) {
    free(bytes);
    return NULL;
  }
  onnx_seq_t *s = onnx_seq_new(optional, 0);
  bool ok;
  if (optional) {
    Onnx__OptionalProto *o = onnx__optional_proto__unpack(NULL, len, bytes);
    ok = o && add_optional(s, o, err, errsz);
    if (!o)
      snprintf(err, errsz, "'%s' is not a serialized onnx.OptionalProto", path);
    else
      onnx__optional_proto__free_unpacked(o, NULL);
  } else {
    Onnx__SequenceProto *p = onnx__sequence_proto__unpack(NULL, len, bytes);
    ok = p && add_sequence(s, p, err, errsz);
    if (!p)
      snprintf(err, errsz, "'%s' is not a serialized onnx.SequenceProto", path);
    else
      onnx__sequence_proto__free_unpacked(p, NULL);
  }
  free(bytes);
  if (!ok) {
    onnx_seq_free(s);
    return NULL;
  }
  return s;
}
