/* Constants known at import time (onnx_internal.h, "Constants"): the ONNX
 * element types (sizes, names, MLIR types), decoding a TensorProto into an
 * onnx_const_t (raw_data or the typed fields; strings from string_data),
 * element access and deep copies. Nothing here builds IR or knows the
 * importer's state: the value table (import_values.c), the sequence values
 * (seq_value.c) and the test-data readers (seq_proto.c) all build on it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"
#include "runtime/half.h"
#include "runtime/narrow_types.h"

size_t onnx_type_size(int32_t t) {
  switch (t) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT:
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT32:
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32: return 4;
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE:
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64:
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: return 8;
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16:
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16:
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT16:
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT16: return 2;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT8:
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT8:
  case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL: return 1;
  default: return onnx_narrow_bits(t) ? 1 : 0; /* one byte per element, unpacked */
  }
}

unsigned onnx_narrow_bits(int32_t t) {
  switch (t) {
  case ONNX_FLOAT8E4M3FN:
  case ONNX_FLOAT8E4M3FNUZ:
  case ONNX_FLOAT8E5M2:
  case ONNX_FLOAT8E5M2FNUZ:
  case ONNX_FLOAT8E8M0: return 8;
  case ONNX_UINT4:
  case ONNX_INT4:
  case ONNX_FLOAT4E2M1: return 4;
  case ONNX_UINT2:
  case ONNX_INT2: return 2;
  default: return 0;
  }
}

bool onnx_narrow_float(int32_t t, strata_narrow_float_t *format) {
  switch (t) {
  case ONNX_FLOAT8E4M3FN: *format = STRATA_F8E4M3FN; return true;
  case ONNX_FLOAT8E4M3FNUZ: *format = STRATA_F8E4M3FNUZ; return true;
  case ONNX_FLOAT8E5M2: *format = STRATA_F8E5M2; return true;
  case ONNX_FLOAT8E5M2FNUZ: *format = STRATA_F8E5M2FNUZ; return true;
  case ONNX_FLOAT8E8M0: *format = STRATA_F8E8M0FNU; return true;
  case ONNX_FLOAT4E2M1: *format = STRATA_F4E2M1FN; return true;
  default: return false;
  }
}

const char *onnx_type_name(int32_t t) {
  static const char *const names[] = {
      "undefined", "float", "uint8", "int8", "uint16", "int16", "int32", "int64",
      "string", "bool", "float16", "double", "uint32", "uint64", "complex64", "complex128",
      "bfloat16", "float8e4m3fn", "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz",
      "uint4", "int4", "float4e2m1", "float8e8m0", "uint2", "int2"};
  return t >= 0 && (size_t)t < sizeof names / sizeof names[0] ? names[t] : "unknown";
}

MlirType onnx_elem_type(MlirContext ctx, int32_t t) {
  switch (t) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: return mlirF32TypeGet(ctx);
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: return mlirF64TypeGet(ctx);
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT8: return mlirIntegerTypeGet(ctx, 8);
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT8: return mlirIntegerTypeUnsignedGet(ctx, 8);
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT32: return mlirIntegerTypeGet(ctx, 32);
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64: return mlirIntegerTypeGet(ctx, 64);
  case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL: return mlirIntegerTypeGet(ctx, 1);
  /* Unsigned ONNX types are uiN like uint8 (convert-graph-to-te computes
   * on zero-extended signless values); int16 is signless. */
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT16: return mlirIntegerTypeGet(ctx, 16);
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT16: return mlirIntegerTypeUnsignedGet(ctx, 16);
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32: return mlirIntegerTypeUnsignedGet(ctx, 32);
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: return mlirIntegerTypeUnsignedGet(ctx, 64);
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16: return mlirF16TypeGet(ctx);
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16: return mlirBF16TypeGet(ctx);
  case ONNX__TENSOR_PROTO__DATA_TYPE__STRING: return strata_graph_string_type(ctx);
  case ONNX_FLOAT8E4M3FN: return mlirFloat8E4M3FNTypeGet(ctx);
  case ONNX_FLOAT8E4M3FNUZ: return mlirFloat8E4M3FNUZTypeGet(ctx);
  case ONNX_FLOAT8E5M2: return mlirFloat8E5M2TypeGet(ctx);
  case ONNX_FLOAT8E5M2FNUZ: return mlirFloat8E5M2FNUZTypeGet(ctx);
  case ONNX_FLOAT8E8M0: return mlirFloat8E8M0FNUTypeGet(ctx);
  case ONNX_FLOAT4E2M1: return mlirFloat4E2M1FNTypeGet(ctx);
  case ONNX_INT4: return mlirIntegerTypeGet(ctx, 4);
  case ONNX_UINT4: return mlirIntegerTypeUnsignedGet(ctx, 4);
  case ONNX_INT2: return mlirIntegerTypeGet(ctx, 2);
  case ONNX_UINT2: return mlirIntegerTypeUnsignedGet(ctx, 2);
  default: return (MlirType){NULL};
  }
}

void onnx_const_free(onnx_const_t *c) {
  free(c->data);
  c->data = NULL;
}

double onnx_const_get_f(const onnx_const_t *c, int64_t i) {
  switch (c->onnx_type) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: return ((const float *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: return ((const double *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16:
    return strata_f16_to_float(((const uint16_t *)c->data)[i]);
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16:
    return strata_bf16_to_float(((const uint16_t *)c->data)[i]);
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: return (double)((const uint64_t *)c->data)[i];
  default: {
    strata_narrow_float_t f;
    if (onnx_narrow_float(c->onnx_type, &f))
      return strata_narrow_float_decode(((const uint8_t *)c->data)[i], f);
    return (double)onnx_const_get_i(c, i);
  }
  }
}

int64_t onnx_const_get_i(const onnx_const_t *c, int64_t i) {
  switch (c->onnx_type) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: return onnx_double_to_i64(((const float *)c->data)[i]);
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: return onnx_double_to_i64(((const double *)c->data)[i]);
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT8: return ((const int8_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT8:
  case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL: return ((const uint8_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT32: return ((const int32_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64: return ((const int64_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT16: return ((const int16_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT16: return ((const uint16_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32: return ((const uint32_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: /* bits kept: 2^63 and above wrap */
    return (int64_t)((const uint64_t *)c->data)[i];
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16:
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16: return onnx_double_to_i64(onnx_const_get_f(c, i));
  case ONNX_INT4: return strata_narrow_int_get(((const uint8_t *)c->data)[i], 4, true);
  case ONNX_UINT4: return strata_narrow_int_get(((const uint8_t *)c->data)[i], 4, false);
  case ONNX_INT2: return strata_narrow_int_get(((const uint8_t *)c->data)[i], 2, true);
  case ONNX_UINT2: return strata_narrow_int_get(((const uint8_t *)c->data)[i], 2, false);
  default: {
    double v = onnx_const_get_f(c, i); /* a narrow float (else 0) */
    return !onnx_narrow_bits(c->onnx_type) ? 0 : onnx_double_to_i64(v);
  }
  }
}

bool onnx_const_set_i(onnx_const_t *c, int64_t i, int64_t v) {
  switch (c->onnx_type) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT8: ((int8_t *)c->data)[i] = (int8_t)v; return v == (int8_t)v;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT8: ((uint8_t *)c->data)[i] = (uint8_t)v; return v == (uint8_t)v;
  case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL: ((uint8_t *)c->data)[i] = v != 0; return v == (v != 0);
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT16: ((int16_t *)c->data)[i] = (int16_t)v; return v == (int16_t)v;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT16: ((uint16_t *)c->data)[i] = (uint16_t)v; return v == (uint16_t)v;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT32: ((int32_t *)c->data)[i] = (int32_t)v; return v == (int32_t)v;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32: ((uint32_t *)c->data)[i] = (uint32_t)v; return v == (uint32_t)v;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64:
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: ((int64_t *)c->data)[i] = v; return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT:
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE:
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16:
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16: onnx_const_set_f(c, i, (double)v); return true;
  default: return false; /* the narrow types are not written by the folds */
  }
}

void onnx_const_set_f(onnx_const_t *c, int64_t i, double v) {
  switch (c->onnx_type) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: ((float *)c->data)[i] = (float)v; break;
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: ((double *)c->data)[i] = v; break;
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16: ((uint16_t *)c->data)[i] = strata_double_to_f16(v); break;
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16: ((uint16_t *)c->data)[i] = strata_float_to_bf16((float)v); break;
  default: onnx_const_set_i(c, i, onnx_double_to_i64(v)); break; /* callers pass integral values */
  }
}

/* tp's dims into shape (rank set; at most STRATA_GRAPH_MAX_RANK, checked by
 * the caller) and their product into *numel; false on a negative or
 * overflowing dim. */
static bool read_dims(const Onnx__TensorProto *tp, strata_graph_shape_t *shape, int64_t *numel,
                      char *err, size_t errsz) {
  int64_t n = 1;
  shape->rank = (intptr_t)tp->n_dims;
  for (size_t i = 0; i < tp->n_dims; ++i) {
    if (tp->dims[i] < 0 || (tp->dims[i] && n > INT64_MAX / 16 / tp->dims[i])) {
      snprintf(err, errsz, "invalid tensor dimension %lld", (long long)tp->dims[i]);
      return false;
    }
    shape->dims[i] = tp->dims[i];
    n *= tp->dims[i];
  }
  *numel = n;
  return true;
}

/* A STRING TensorProto: data holds numel `const char *` followed by the
 * NUL-terminated bytes, in one allocation (onnx_const_free frees both). */
static bool strings_from_proto(const Onnx__TensorProto *tp, onnx_const_t *out, char *err,
                               size_t errsz) {
  memset(out, 0, sizeof *out);
  if (tp->data_type != ONNX__TENSOR_PROTO__DATA_TYPE__STRING || tp->n_dims > STRATA_GRAPH_MAX_RANK) {
    snprintf(err, errsz, "not a string tensor of rank at most %d", STRATA_GRAPH_MAX_RANK);
    return false;
  }
  int64_t n;
  if (!read_dims(tp, &out->shape, &n, err, errsz))
    return false;
  if ((int64_t)tp->n_string_data != n) {
    snprintf(err, errsz, "string_data has %zu strings, the shape needs %lld", tp->n_string_data,
             (long long)n);
    return false;
  }
  size_t bytes = (size_t)n * sizeof(char *);
  for (int64_t i = 0; i < n; ++i)
    bytes += tp->string_data[i].len + 1;
  char **ptrs = malloc(bytes ? bytes : 1);
  char *text = (char *)(ptrs + n);
  for (int64_t i = 0; i < n; ++i) {
    ptrs[i] = text;
    if (tp->string_data[i].len)
      memcpy(text, tp->string_data[i].data, tp->string_data[i].len);
    text[tp->string_data[i].len] = '\0';
    text += tp->string_data[i].len + 1;
  }
  out->onnx_type = ONNX__TENSOR_PROTO__DATA_TYPE__STRING;
  out->numel = n;
  out->data = ptrs;
  return true;
}

onnx_const_t onnx_const_copy(const onnx_const_t *c) {
  onnx_const_t r = *c;
  if (c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING) {
    /* numel pointers, then the bytes they point to: rebase the pointers */
    const char *const *ptrs = c->data;
    size_t bytes = (size_t)c->numel * sizeof(char *);
    for (int64_t i = 0; i < c->numel; ++i)
      bytes += strlen(ptrs[i]) + 1;
    r.data = malloc(bytes ? bytes : 1);
    memcpy(r.data, c->data, bytes);
    for (int64_t i = 0; i < c->numel; ++i)
      ((char **)r.data)[i] = (char *)r.data + (ptrs[i] - (const char *)c->data);
    return r;
  }
  size_t bytes = onnx_type_size(c->onnx_type) * (size_t)c->numel;
  r.data = malloc(bytes ? bytes : 1);
  memcpy(r.data, c->data, bytes);
  return r;
}

const char *onnx_const_get_s(const onnx_const_t *c, int64_t i) {
  return c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING ? ((char *const *)c->data)[i] : "";
}

/* The 4-bit and 2-bit types: ONNX packs them (narrow_types.h); out->data
 * gets one byte each. The data's size was checked (data_fills_shape). Frees
 * out on failure. */
static bool unpack_const(const Onnx__TensorProto *tp, onnx_const_t *out, unsigned bits,
                         char *err, size_t errsz) {
  size_t nb = strata_packed_bytes(out->numel, bits);
  bool is_signed = out->onnx_type == ONNX_INT4 || out->onnx_type == ONNX_INT2;
  uint8_t *bytes = tp->has_raw_data ? tp->raw_data.data : malloc(nb);
  if (!bytes) {
    snprintf(err, errsz, "out of memory");
    onnx_const_free(out);
    return false;
  }
  for (size_t i = 0; !tp->has_raw_data && i < nb; ++i)
    bytes[i] = (uint8_t)tp->int32_data[i];
  strata_unpack_bits(bytes, out->numel, bits, is_signed, out->data);
  if (!tp->has_raw_data)
    free(bytes);
  return true;
}

/* How many values the typed field for element type t carries (the field
 * onnx_const_from_proto copies from when there is no raw_data). */
static size_t typed_count(const Onnx__TensorProto *tp, int32_t t) {
  switch (t) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: return tp->n_float_data;
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: return tp->n_double_data;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64: return tp->n_int64_data;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32:
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: return tp->n_uint64_data;
  default: return tp->n_int32_data;
  }
}

/* False, with the message, when the proto's data does not have exactly the
 * n elements (bytes of storage) its shape needs. */
static bool data_fills_shape(const Onnx__TensorProto *tp, int32_t t, int64_t n, size_t bytes,
                             char *err, size_t errsz) {
  unsigned bits = onnx_narrow_bits(t);
  if (bits && bits < 8) { /* packed: raw_data, or int32_data with a byte in each */
    size_t nb = strata_packed_bytes(n, bits);
    if (tp->has_raw_data ? tp->raw_data.len == nb : tp->n_int32_data == nb)
      return true;
    if (tp->has_raw_data)
      snprintf(err, errsz, "raw_data has %zu bytes, the shape needs %zu", tp->raw_data.len, nb);
    else
      snprintf(err, errsz, "the tensor has %zu packed values, its shape needs %zu",
               tp->n_int32_data, nb);
    return false;
  }
  if (tp->has_raw_data) {
    if (tp->raw_data.len == bytes)
      return true;
    snprintf(err, errsz, "raw_data has %zu bytes, the shape needs %zu", tp->raw_data.len, bytes);
    return false;
  }
  size_t have = typed_count(tp, t);
  if (have == (size_t)n)
    return true;
  snprintf(err, errsz, "the tensor has %zu values, its shape needs %lld", have, (long long)n);
  return false;
}

bool onnx_const_from_proto(const Onnx__TensorProto *tp, onnx_const_t *out, char *err,
                           size_t errsz) {
  if (tp->data_type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING)
    return strings_from_proto(tp, out, err, errsz);
  memset(out, 0, sizeof *out);
  int32_t t = tp->data_type;
  size_t esize = onnx_type_size(t);
  if (!esize) {
    snprintf(err, errsz, "unsupported element type '%s'", onnx_type_name(t));
    return false;
  }
  if (tp->has_data_location && tp->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
    snprintf(err, errsz, "tensors with external data are not supported");
    return false;
  }
  if (tp->segment) {
    snprintf(err, errsz, "segmented tensors are not supported");
    return false;
  }
  if (tp->n_dims > STRATA_GRAPH_MAX_RANK) {
    snprintf(err, errsz, "rank %zu exceeds %d", tp->n_dims, STRATA_GRAPH_MAX_RANK);
    return false;
  }
  out->onnx_type = t;
  int64_t n;
  if (!read_dims(tp, &out->shape, &n, err, errsz))
    return false;
  out->numel = n;
  size_t bytes = (size_t)n * esize;
  /* The data the proto carries must fill the shape: checked before the
   * buffer is allocated, so a small file cannot ask for gigabytes. */
  if (n > 0 && !data_fills_shape(tp, t, n, bytes, err, errsz))
    return false;
  out->data = calloc(bytes ? bytes : 1, 1);
  if (!out->data) {
    snprintf(err, errsz, "out of memory");
    return false;
  }
  size_t have;
  if (n == 0)
    return true; /* an empty tensor: nothing to copy (and the fields may be NULL) */
  unsigned bits = onnx_narrow_bits(t);
  if (bits && bits < 8) /* packed: raw_data, or int32_data with a byte in each */
    return unpack_const(tp, out, bits, err, errsz);
  if (tp->has_raw_data) {
    if (tp->raw_data.len != bytes) {
      snprintf(err, errsz, "raw_data has %zu bytes, the shape needs %zu", tp->raw_data.len,
               bytes);
      goto fail;
    }
    memcpy(out->data, tp->raw_data.data, bytes);
    return true;
  }
  switch (t) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT:
    if ((have = tp->n_float_data) != (size_t)n)
      break;
    memcpy(out->data, tp->float_data, bytes);
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE:
    if ((have = tp->n_double_data) != (size_t)n)
      break;
    memcpy(out->data, tp->double_data, bytes);
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64:
    if ((have = tp->n_int64_data) != (size_t)n)
      break;
    memcpy(out->data, tp->int64_data, bytes);
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32:
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: /* uint64_data carries uint32, uint64 */
    if ((have = tp->n_uint64_data) != (size_t)n)
      break;
    for (int64_t i = 0; i < n; ++i) {
      if (esize == 4)
        ((uint32_t *)out->data)[i] = (uint32_t)tp->uint64_data[i];
      else
        ((uint64_t *)out->data)[i] = tp->uint64_data[i];
    }
    return true;
  default: /* int32_data carries int32, int16, uint16, int8, uint8, bool, and
            * float16/bfloat16 as their uint16 bit patterns */
    if ((have = tp->n_int32_data) != (size_t)n)
      break;
    for (int64_t i = 0; i < n; ++i) {
      int32_t v = tp->int32_data[i];
      if (esize == 4)
        ((int32_t *)out->data)[i] = v;
      else if (esize == 2)
        ((uint16_t *)out->data)[i] = (uint16_t)v;
      else
        ((uint8_t *)out->data)[i] = (uint8_t)(t == ONNX__TENSOR_PROTO__DATA_TYPE__BOOL ? v != 0 : v);
    }
    return true;
  }
  snprintf(err, errsz, "the tensor has %zu values, its shape needs %lld", have, (long long)n);
fail:
  onnx_const_free(out);
  return false;
}
