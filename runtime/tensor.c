/* Host tensors: allocation, seeded random fill, tolerance comparison (the
 * f16/bf16 <-> float conversions their elements need are runtime/half.c,
 * the float8/float4 and 4/2-bit integer ones runtime/narrow_types.c). */
#include "runtime/tensor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked_math.h"

#include "runtime/string_kernels.h"
#include "runtime/string_table.h"

size_t strata_dtype_size(strata_dtype_t t) {
  switch (t) {
  case STRATA_DTYPE_F32: return 4;
  case STRATA_DTYPE_F64: return 8;
  case STRATA_DTYPE_I8: return 1;
  case STRATA_DTYPE_I32: return 4;
  case STRATA_DTYPE_I64: return 8;
  case STRATA_DTYPE_U8: return 1;
  case STRATA_DTYPE_BOOL: return 1;
  case STRATA_DTYPE_I16: return 2;
  case STRATA_DTYPE_U16: return 2;
  case STRATA_DTYPE_U32: return 4;
  case STRATA_DTYPE_U64: return 8;
  case STRATA_DTYPE_F16: return 2;
  case STRATA_DTYPE_BF16: return 2;
  case STRATA_DTYPE_STRING: return sizeof(int64_t);
  case STRATA_DTYPE_F8E4M3FN:
  case STRATA_DTYPE_F8E4M3FNUZ:
  case STRATA_DTYPE_F8E5M2:
  case STRATA_DTYPE_F8E5M2FNUZ:
  case STRATA_DTYPE_F8E8M0FNU:
  case STRATA_DTYPE_F4E2M1FN:
  case STRATA_DTYPE_I4:
  case STRATA_DTYPE_U4:
  case STRATA_DTYPE_I2:
  case STRATA_DTYPE_U2: return 1;
  }
  return 0;
}

/* Indexed by strata_dtype_t. */
static const char *const dtype_names[] = {"f32",  "f64",  "i8",   "i32",  "i64", "ui8", "i1",
                                          "i16", "ui16", "ui32", "ui64", "f16", "bf16",
                                          "!graph.string", "f8E4M3FN", "f8E4M3FNUZ", "f8E5M2",
                                          "f8E5M2FNUZ", "f8E8M0FNU", "f4E2M1FN", "i4", "ui4",
                                          "i2", "ui2"};

const char *strata_dtype_name(strata_dtype_t t) {
  return (size_t)t < sizeof dtype_names / sizeof dtype_names[0] ? dtype_names[t] : "?";
}

bool strata_dtype_narrow_float(strata_dtype_t t, strata_narrow_float_t *format) {
  if (t < STRATA_DTYPE_F8E4M3FN || t > STRATA_DTYPE_F4E2M1FN)
    return false;
  *format = (strata_narrow_float_t)(STRATA_F8E4M3FN + (t - STRATA_DTYPE_F8E4M3FN));
  return true;
}

bool strata_dtype_parse(const char *name, strata_dtype_t *out) {
  for (size_t i = 0; i < sizeof dtype_names / sizeof dtype_names[0]; ++i)
    if (strcmp(name, dtype_names[i]) == 0) {
      *out = (strata_dtype_t)i;
      return true;
    }
  return false;
}

int64_t strata_tensor_numel(const strata_tensor_t *t) {
  int64_t n = 1;
  for (int i = 0; i < t->rank; ++i)
    n *= t->shape[i];
  return n;
}

bool strata_tensor_bytes(strata_dtype_t dtype, int rank, const int64_t *shape, size_t *out) {
  int64_t n;
  return rank >= 0 && rank <= STRATA_MAX_RANK && strata_dims_product(shape, (size_t)rank, &n) &&
         strata_bytes_for(n, strata_dtype_size(dtype), out) && *out <= SIZE_MAX - 63;
}

char *strata_tensor_type_str(strata_dtype_t dtype, int rank, const int64_t *shape, char *buf,
                             size_t size) {
  size_t n = (size_t)snprintf(buf, size, "%s [", strata_dtype_name(dtype));
  for (int i = 0; i < rank && n < size; ++i)
    n += (size_t)snprintf(buf + n, size - n, "%s%lld", i ? ", " : "", (long long)shape[i]);
  if (n < size)
    snprintf(buf + n, size - n, "]");
  return buf;
}

bool strata_tensor_alloc(strata_tensor_t *t, strata_dtype_t dtype, int rank,
                         const int64_t *shape) {
  memset(t, 0, sizeof *t);
  size_t bytes;
  if (!strata_tensor_bytes(dtype, rank, shape, &bytes))
    return false;
  t->dtype = dtype;
  t->rank = rank;
  for (int i = 0; i < rank; ++i)
    t->shape[i] = shape[i];
  size_t rounded = (bytes + 63) / 64 * 64;
  t->data = aligned_alloc(64, rounded ? rounded : 64);
  if (!t->data)
    return false;
  memset(t->data, 0, rounded ? rounded : 64);
  return true;
}

bool strata_tensor_alloc_named(strata_tensor_t *t, strata_dtype_t dtype, int rank,
                               const int64_t *shape, const char *what, char *msg,
                               size_t msgsz) {
  if (strata_tensor_alloc(t, dtype, rank, shape))
    return true;
  char type[256];
  size_t bytes;
  bool negative = false;
  for (int i = 0; rank <= STRATA_MAX_RANK && i < rank; ++i)
    negative |= shape[i] < 0;
  if (rank < 0 || rank > STRATA_MAX_RANK)
    snprintf(msg, msgsz, "cannot allocate %s: rank %d exceeds %d", what, rank, STRATA_MAX_RANK);
  else if (negative)
    snprintf(msg, msgsz, "cannot allocate %s: a negative extent (%s)", what,
             strata_tensor_type_str(dtype, rank, shape, type, sizeof type));
  else if (!strata_tensor_bytes(dtype, rank, shape, &bytes))
    snprintf(msg, msgsz, "cannot allocate %s: too large (%s: its size overflows 64 bits)", what,
             strata_tensor_type_str(dtype, rank, shape, type, sizeof type));
  else
    snprintf(msg, msgsz, "cannot allocate %s: %zu bytes (%s)", what, bytes,
             strata_tensor_type_str(dtype, rank, shape, type, sizeof type));
  return false;
}

void strata_tensor_free(strata_tensor_t *t) {
  free(t->data);
  t->data = NULL;
}

/* splitmix64: small, fast, and the same everywhere. */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void strata_tensor_fill_random(strata_tensor_t *t, uint64_t seed) {
  uint64_t state = seed;
  int64_t n = strata_tensor_numel(t);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = next_random(&state);
    double u = (double)(r >> 11) * 0x1.0p-53; /* [0, 1) */
    switch (t->dtype) {
    case STRATA_DTYPE_F32: ((float *)t->data)[i] = (float)(2.0 * u - 1.0); break;
    case STRATA_DTYPE_F64: ((double *)t->data)[i] = 2.0 * u - 1.0; break;
    case STRATA_DTYPE_I8: ((int8_t *)t->data)[i] = (int8_t)((int)(u * 16) - 8); break;
    case STRATA_DTYPE_I32: ((int32_t *)t->data)[i] = (int32_t)(u * 16) - 8; break;
    case STRATA_DTYPE_I64: ((int64_t *)t->data)[i] = (int64_t)(u * 16) - 8; break;
    case STRATA_DTYPE_U8: ((uint8_t *)t->data)[i] = (uint8_t)(u * 16); break;
    case STRATA_DTYPE_BOOL: ((uint8_t *)t->data)[i] = u < 0.5; break;
    case STRATA_DTYPE_I16: ((int16_t *)t->data)[i] = (int16_t)((int)(u * 16) - 8); break;
    case STRATA_DTYPE_U16: ((uint16_t *)t->data)[i] = (uint16_t)(u * 16); break;
    case STRATA_DTYPE_U32: ((uint32_t *)t->data)[i] = (uint32_t)(u * 16); break;
    case STRATA_DTYPE_U64: ((uint64_t *)t->data)[i] = (uint64_t)(u * 16); break;
    case STRATA_DTYPE_F16: ((uint16_t *)t->data)[i] = strata_double_to_f16(2.0 * u - 1.0); break;
    case STRATA_DTYPE_BF16:
      ((uint16_t *)t->data)[i] = strata_float_to_bf16((float)(2.0 * u - 1.0));
      break;
    case STRATA_DTYPE_STRING:
      ((int64_t *)t->data)[i] = strata_string_from_i64((int64_t)(u * 16) - 8, 0);
      break;
    case STRATA_DTYPE_I4: ((int8_t *)t->data)[i] = (int8_t)((int)(u * 16) - 8); break;
    case STRATA_DTYPE_U4: ((uint8_t *)t->data)[i] = (uint8_t)(u * 16); break;
    case STRATA_DTYPE_I2: ((int8_t *)t->data)[i] = (int8_t)((int)(u * 4) - 2); break;
    case STRATA_DTYPE_U2: ((uint8_t *)t->data)[i] = (uint8_t)(u * 4); break;
    default: { /* a narrow float */
      strata_narrow_float_t f;
      if (strata_dtype_narrow_float(t->dtype, &f))
        ((uint8_t *)t->data)[i] =
            (uint8_t)strata_narrow_float_encode(2.0 * u - 1.0, f, true, STRATA_ROUND_UP);
      break;
    }
    }
  }
}

double strata_tensor_get(const strata_tensor_t *t, int64_t i) {
  switch (t->dtype) {
  case STRATA_DTYPE_F32: return ((const float *)t->data)[i];
  case STRATA_DTYPE_F64: return ((const double *)t->data)[i];
  case STRATA_DTYPE_I8: return ((const int8_t *)t->data)[i];
  case STRATA_DTYPE_I32: return ((const int32_t *)t->data)[i];
  case STRATA_DTYPE_I64: return (double)((const int64_t *)t->data)[i];
  case STRATA_DTYPE_U8: return ((const uint8_t *)t->data)[i];
  case STRATA_DTYPE_BOOL: return ((const uint8_t *)t->data)[i] != 0;
  case STRATA_DTYPE_I16: return ((const int16_t *)t->data)[i];
  case STRATA_DTYPE_U16: return ((const uint16_t *)t->data)[i];
  case STRATA_DTYPE_U32: return ((const uint32_t *)t->data)[i];
  case STRATA_DTYPE_U64: return (double)((const uint64_t *)t->data)[i];
  case STRATA_DTYPE_F16: return strata_f16_to_float(((const uint16_t *)t->data)[i]);
  case STRATA_DTYPE_BF16: return strata_bf16_to_float(((const uint16_t *)t->data)[i]);
  case STRATA_DTYPE_STRING:
    return (double)strlen(strata_string_of_handle(((const int64_t *)t->data)[i]));
  case STRATA_DTYPE_I4: return strata_narrow_int_get(((const uint8_t *)t->data)[i], 4, true);
  case STRATA_DTYPE_U4: return strata_narrow_int_get(((const uint8_t *)t->data)[i], 4, false);
  case STRATA_DTYPE_I2: return strata_narrow_int_get(((const uint8_t *)t->data)[i], 2, true);
  case STRATA_DTYPE_U2: return strata_narrow_int_get(((const uint8_t *)t->data)[i], 2, false);
  default: {
    strata_narrow_float_t f;
    if (strata_dtype_narrow_float(t->dtype, &f))
      return strata_narrow_float_decode(((const uint8_t *)t->data)[i], f);
    return 0;
  }
  }
}

strata_compare_t strata_tensor_compare(const strata_tensor_t *actual,
                                       const strata_tensor_t *expected, double rtol,
                                       double atol) {
  strata_compare_t c = {.ok = true, .worst_index = -1};
  bool same = actual->dtype == expected->dtype && actual->rank == expected->rank;
  for (int i = 0; same && i < actual->rank; ++i)
    same = actual->shape[i] == expected->shape[i];
  if (!same) {
    c.ok = false;
    c.shape_mismatch = true;
    return c;
  }
  int64_t n = strata_tensor_numel(actual);
  if (actual->dtype == STRATA_DTYPE_STRING) {
    const int64_t *a = actual->data, *e = expected->data;
    for (int64_t i = 0; i < n; ++i)
      if (strcmp(strata_string_of_handle(a[i]), strata_string_of_handle(e[i]))) {
        c.ok = false;
        if (c.mismatches++ == 0)
          c.worst_index = i;
      }
    return c;
  }
  for (int64_t i = 0; i < n; ++i) {
    double a = strata_tensor_get(actual, i), e = strata_tensor_get(expected, i);
    if ((isnan(a) && isnan(e)) || a == e) /* a == e: equal infinities too */
      continue;
    double err = fabs(a - e);
    /* an infinity matches only itself (rtol * inf would let anything pass) */
    if (isnan(err) || isinf(e) || err > atol + rtol * fabs(e)) {
      c.ok = false;
      ++c.mismatches;
    }
    if (isnan(err) || err > c.max_abs_error || c.worst_index < 0) {
      if (!(c.worst_index >= 0 && isnan(c.max_abs_error))) {
        c.max_abs_error = err;
        c.worst_index = i;
      }
    }
  }
  return c;
}

double strata_tensor_checksum(const strata_tensor_t *t) {
  double s = 0;
  int64_t n = strata_tensor_numel(t);
  for (int64_t i = 0; i < n; ++i)
    s += strata_tensor_get(t, i);
  return s;
}
