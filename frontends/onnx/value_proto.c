/* Reading sequence and optional values (.pb) into flat tensor lists (see
 * value_proto.h), with protobuf-c code generated from onnx_data.proto. */
#include "frontends/onnx/value_proto.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "frontends/onnx/tensor_proto.h"
#include "onnx_data.pb-c.h"
#include "runtime/read_file.h"
#include "runtime/status.h"

typedef struct {
  const char *path;
  strata_tensor_t *out;
  int max, count;
  char **error;
} flat_t;

static bool add_tensor(flat_t *f, const Onnx__TensorProto *tp) {
  if (f->count == f->max)
    return strata_fail(f->error, "%s: more than %d tensors", f->path, f->max);
  if (!strata_onnx_tensor_from_proto(tp, f->path, &f->out[f->count], f->error))
    return false;
  f->count++;
  return true;
}

static bool add_optional(flat_t *f, const Onnx__OptionalProto *o);

static bool add_sequence(flat_t *f, const Onnx__SequenceProto *s) {
  if (s->n_sparse_tensor_values)
    return strata_fail(f->error, "%s: sequences of sparse tensors are not supported", f->path);
  for (size_t i = 0; i < s->n_tensor_values; ++i)
    if (!add_tensor(f, s->tensor_values[i]))
      return false;
  for (size_t i = 0; i < s->n_sequence_values; ++i)
    if (!add_sequence(f, s->sequence_values[i]))
      return false;
  for (size_t i = 0; i < s->n_optional_values; ++i)
    if (!add_optional(f, s->optional_values[i]))
      return false;
  return true;
}

static bool add_optional(flat_t *f, const Onnx__OptionalProto *o) {
  if (o->sparse_tensor_value)
    return strata_fail(f->error, "%s: optional sparse tensors are not supported", f->path);
  if (o->tensor_value)
    return add_tensor(f, o->tensor_value);
  if (o->sequence_value)
    return add_sequence(f, o->sequence_value);
  if (o->optional_value)
    return add_optional(f, o->optional_value);
  return true; /* none */
}

bool strata_onnx_read_value(const char *path, strata_onnx_kind_t kind, strata_tensor_t *out,
                            int max, int *count, char **error) {
  *count = 0;
  if (kind == STRATA_ONNX_TENSOR) {
    if (max < 1)
      return strata_fail(error, "%s: no room for a tensor", path);
    if (!strata_onnx_read_tensor(path, out, error))
      return false;
    *count = 1;
    return true;
  }
  size_t len = 0;
  uint8_t *bytes = (uint8_t *)strata_read_file(path, &len);
  if (!bytes)
    return strata_fail(error, "%s: cannot open: %s", path, strerror(errno));
  flat_t f = {path, out, max, 0, error};
  bool ok;
  if (kind == STRATA_ONNX_SEQUENCE) {
    Onnx__SequenceProto *s = onnx__sequence_proto__unpack(NULL, len, bytes);
    ok = s ? add_sequence(&f, s)
           : strata_fail(error, "%s: not a serialized onnx.SequenceProto (or truncated)", path);
    if (s)
      onnx__sequence_proto__free_unpacked(s, NULL);
  } else {
    Onnx__OptionalProto *o = onnx__optional_proto__unpack(NULL, len, bytes);
    ok = o ? add_optional(&f, o)
           : strata_fail(error, "%s: not a serialized onnx.OptionalProto (or truncated)", path);
    if (o)
      onnx__optional_proto__free_unpacked(o, NULL);
  }
  free(bytes);
  if (!ok) {
    for (int i = 0; i < f.count; ++i)
      strata_tensor_free(&out[i]);
    return false;
  }
  *count = f.count;
  return true;
}
