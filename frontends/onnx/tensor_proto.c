/* Reading onnx.TensorProto (.pb) files with protobuf-c code generated at
 * build time from Debian's onnx.proto. */
#include "frontends/onnx/tensor_proto.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontends/onnx/onnx_types.h"
#include "onnx.pb-c.h"
#include "runtime/narrow_types.h"
#include "runtime/read_file.h"
#include "runtime/status.h"
#include "runtime/string_table.h"

static bool dtype_of(int32_t onnx_type, strata_dtype_t *out) {
  switch (onnx_type) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: *out = STRATA_DTYPE_F32; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: *out = STRATA_DTYPE_F64; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT8: *out = STRATA_DTYPE_I8; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT8: *out = STRATA_DTYPE_U8; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT32: *out = STRATA_DTYPE_I32; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64: *out = STRATA_DTYPE_I64; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL: *out = STRATA_DTYPE_BOOL; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT16: *out = STRATA_DTYPE_I16; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT16: *out = STRATA_DTYPE_U16; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32: *out = STRATA_DTYPE_U32; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: *out = STRATA_DTYPE_U64; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16: *out = STRATA_DTYPE_F16; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16: *out = STRATA_DTYPE_BF16; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__STRING: *out = STRATA_DTYPE_STRING; return true;
  case ONNX_FLOAT8E4M3FN: *out = STRATA_DTYPE_F8E4M3FN; return true;
  case ONNX_FLOAT8E4M3FNUZ: *out = STRATA_DTYPE_F8E4M3FNUZ; return true;
  case ONNX_FLOAT8E5M2: *out = STRATA_DTYPE_F8E5M2; return true;
  case ONNX_FLOAT8E5M2FNUZ: *out = STRATA_DTYPE_F8E5M2FNUZ; return true;
  case ONNX_FLOAT8E8M0: *out = STRATA_DTYPE_F8E8M0FNU; return true;
  case ONNX_FLOAT4E2M1: *out = STRATA_DTYPE_F4E2M1FN; return true;
  case ONNX_INT4: *out = STRATA_DTYPE_I4; return true;
  case ONNX_UINT4: *out = STRATA_DTYPE_U4; return true;
  case ONNX_INT2: *out = STRATA_DTYPE_I2; return true;
  case ONNX_UINT2: *out = STRATA_DTYPE_U2; return true;
  default: return false;
  }
}

/* The width of the elements ONNX packs several to a byte (4-bit: two,
 * 2-bit: four, the first in the least significant bits); 0 for others. */
static unsigned packed_bits(strata_dtype_t dtype) {
  switch (dtype) {
  case STRATA_DTYPE_I4:
  case STRATA_DTYPE_U4:
  case STRATA_DTYPE_F4E2M1FN: return 4;
  case STRATA_DTYPE_I2:
  case STRATA_DTYPE_U2: return 2;
  default: return 0;
  }
}

/* Unpacks n packed elements of t's type from `bytes` into t (one byte
 * each; integers sign-extended when signed). */
static void unpack_into(strata_tensor_t *t, const uint8_t *bytes, int64_t n) {
  strata_unpack_bits(bytes, n, packed_bits(t->dtype), t->dtype == STRATA_DTYPE_I4 || t->dtype == STRATA_DTYPE_I2,
                     t->data);
}

/* How many values the typed repeated field of dtype holds. */
static size_t typed_count(const Onnx__TensorProto *tp, strata_dtype_t dtype) {
  switch (dtype) {
  case STRATA_DTYPE_STRING: return tp->n_string_data;
  case STRATA_DTYPE_F32: return tp->n_float_data;
  case STRATA_DTYPE_F64: return tp->n_double_data;
  case STRATA_DTYPE_I64: return tp->n_int64_data;
  case STRATA_DTYPE_U32:
  case STRATA_DTYPE_U64: return tp->n_uint64_data;
  default: return tp->n_int32_data;
  }
}

/* Copies the typed repeated field matching the tensor's type. */
static bool copy_typed(const Onnx__TensorProto *tp, strata_tensor_t *t, int64_t n) {
  if (n == 0) /* nothing to copy; the field may be absent (NULL) */
    return typed_count(tp, t->dtype) == 0;
  switch (t->dtype) {
  case STRATA_DTYPE_STRING: /* string_data, interned (string_table.h) */
    if ((int64_t)tp->n_string_data != n)
      return false;
    for (int64_t i = 0; i < n; ++i)
      ((int64_t *)t->data)[i] = strata_string_handle(
          strata_string_intern((const char *)tp->string_data[i].data, tp->string_data[i].len));
    return true;
  case STRATA_DTYPE_F32:
    if ((int64_t)tp->n_float_data != n)
      return false;
    memcpy(t->data, tp->float_data, (size_t)n * sizeof(float));
    return true;
  case STRATA_DTYPE_F64:
    if ((int64_t)tp->n_double_data != n)
      return false;
    memcpy(t->data, tp->double_data, (size_t)n * sizeof(double));
    return true;
  case STRATA_DTYPE_I64:
    if ((int64_t)tp->n_int64_data != n)
      return false;
    memcpy(t->data, tp->int64_data, (size_t)n * sizeof(int64_t));
    return true;
  case STRATA_DTYPE_U32:
  case STRATA_DTYPE_U64: /* uint64_data carries uint32 and uint64 */
    if ((int64_t)tp->n_uint64_data != n)
      return false;
    for (int64_t i = 0; i < n; ++i) {
      if (t->dtype == STRATA_DTYPE_U32)
        ((uint32_t *)t->data)[i] = (uint32_t)tp->uint64_data[i];
      else
        ((uint64_t *)t->data)[i] = tp->uint64_data[i];
    }
    return true;
  default: /* int32_data carries int32, int16, uint16, int8, uint8, bool,
            * float16/bfloat16 as their uint16 bit patterns, the 8-bit floats'
            * codes, and the 4-bit and 2-bit types packed (a byte each) */
    if (packed_bits(t->dtype)) {
      size_t nb = strata_packed_bytes(n, packed_bits(t->dtype));
      if (tp->n_int32_data != nb)
        return false;
      uint8_t *bytes = malloc(nb);
      for (size_t i = 0; i < nb; ++i)
        bytes[i] = (uint8_t)tp->int32_data[i];
      unpack_into(t, bytes, n);
      free(bytes);
      return true;
    }
    if ((int64_t)tp->n_int32_data != n)
      return false;
    for (int64_t i = 0; i < n; ++i) {
      int32_t v = tp->int32_data[i];
      switch (strata_dtype_size(t->dtype)) {
      case 4: ((int32_t *)t->data)[i] = v; break;
      case 2: ((uint16_t *)t->data)[i] = (uint16_t)v; break;
      default:
        ((uint8_t *)t->data)[i] = (uint8_t)(t->dtype == STRATA_DTYPE_BOOL ? v != 0 : v);
        break;
      }
    }
    return true;
  }
}

bool strata_onnx_read_tensor(const char *path, strata_tensor_t *out, char **error) {
  memset(out, 0, sizeof *out);
  size_t len = 0;
  char *bytes = strata_read_file(path, &len);
  if (!bytes)
    return strata_fail(error, "%s: cannot open: %s", path, strerror(errno));
  Onnx__TensorProto *tp = onnx__tensor_proto__unpack(NULL, len, (const uint8_t *)bytes);
  free(bytes);
  if (!tp)
    return strata_fail(error, "%s: not a serialized onnx.TensorProto (or truncated)", path);
  bool ok = strata_onnx_tensor_from_proto(tp, path, out, error);
  onnx__tensor_proto__free_unpacked(tp, NULL);
  return ok;
}

bool strata_onnx_tensor_from_proto(const Onnx__TensorProto *tp, const char *path,
                                   strata_tensor_t *out, char **error) {
  memset(out, 0, sizeof *out);
  bool ok = false;
  strata_dtype_t dtype;
  if (!dtype_of(tp->data_type, &dtype)) {
    strata_fail(error, "%s: unsupported ONNX tensor data type %d", path, (int)tp->data_type);
    goto done;
  }
  if (tp->n_dims > STRATA_MAX_RANK) {
    strata_fail(error, "%s: rank %zu exceeds %d", path, tp->n_dims, STRATA_MAX_RANK);
    goto done;
  }
  if (tp->has_data_location &&
      tp->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
    strata_fail(error, "%s: tensors with external data are not supported", path);
    goto done;
  }
  /* The size, checked before allocating: dims whose product overflows
   * would give a tiny buffer (that raw_data's length could even match). */
  size_t bytes_needed;
  char type[256];
  if (!strata_tensor_bytes(dtype, (int)tp->n_dims, tp->dims, &bytes_needed)) {
    strata_tensor_type_str(dtype, (int)tp->n_dims, tp->dims, type, sizeof type);
    for (size_t i = 0; i < tp->n_dims; ++i)
      if (tp->dims[i] < 0) {
        strata_fail(error, "%s: negative dimension %lld (%s)", path, (long long)tp->dims[i], type);
        goto done;
      }
    strata_fail(error, "%s: the tensor is too large (%s: its size overflows 64 bits)", path, type);
    goto done;
  }
  /* Data that cannot hold the shape is refused before allocating it.
   * Packed types are stored in fewer bytes (and int32 values) than held. */
  bool raw = tp->has_raw_data && dtype != STRATA_DTYPE_STRING;
  size_t stored = packed_bits(dtype) ? strata_packed_bytes((int64_t)bytes_needed, packed_bits(dtype))
                                     : bytes_needed;
  if (raw && tp->raw_data.len != stored) {
    strata_fail(error, "%s: raw_data has %zu bytes, the shape needs %zu", path, tp->raw_data.len,
                stored);
    goto done;
  }
  if (!raw && typed_count(tp, dtype) != stored / strata_dtype_size(dtype)) {
    strata_fail(error, "%s: the data field has %zu values, the shape needs %zu", path,
                typed_count(tp, dtype), stored / strata_dtype_size(dtype));
    goto done;
  }
  char msg[512];
  if (!strata_tensor_alloc_named(out, dtype, (int)tp->n_dims, tp->dims, "the tensor", msg,
                                 sizeof msg)) {
    strata_fail(error, "%s: %s", path, msg);
    goto done;
  }
  int64_t n = strata_tensor_numel(out);
  if (tp->has_raw_data && dtype != STRATA_DTYPE_STRING) {
    if (bytes_needed && packed_bits(dtype))
      unpack_into(out, tp->raw_data.data, n);
    else if (bytes_needed) /* an empty tensor's raw_data may be NULL */
      memcpy(out->data, tp->raw_data.data, bytes_needed);
  } else if (!copy_typed(tp, out, n)) {
    strata_fail(error, "%s: the element count in the data field does not match the shape", path);
    strata_tensor_free(out);
    goto done;
  }
  ok = true;
done:
  return ok;
}

void strata_onnx_adopt_bf16(strata_tensor_t *t, strata_dtype_t want) {
  if (t->dtype == STRATA_DTYPE_U16 && want == STRATA_DTYPE_BF16)
    t->dtype = STRATA_DTYPE_BF16;
}
