/* Checked size arithmetic: the one way Strata multiplies and adds shape
 * extents, element counts and byte sizes that come from untrusted input
 * (model files, tensors, IR). Each helper returns false (and leaves *out
 * unspecified) when the exact result does not fit in int64_t, so callers can
 * report "too large" with the operands instead of wrapping, which is
 * undefined behaviour for signed integers and gives tiny buffers or
 * nonsense shapes ("[1, -4611686018427387904, 2]") downstream.
 *
 * Header-only (static inline) so that every library (libstrata, the ONNX
 * importer, the runtime, the tuning library) can use it without a link
 * dependency. */
#ifndef STRATA_CORE_CHECKED_MATH_H
#define STRATA_CORE_CHECKED_MATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* *out = a * b; false on overflow. */
static inline bool strata_mul_i64(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_mul_overflow(a, b, out);
}

/* *out = a + b; false on overflow. */
static inline bool strata_add_i64(int64_t a, int64_t b, int64_t *out) {
  return !__builtin_add_overflow(a, b, out);
}

/* *out = product of dims[0..rank); false if any dim is negative (a dynamic
 * or invalid extent) or the product overflows. An empty shape gives 1. */
static inline bool strata_dims_product(const int64_t *dims, size_t rank, int64_t *out) {
  int64_t n = 1;
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] < 0 || __builtin_mul_overflow(n, dims[i], &n))
      return false;
  }
  *out = n;
  return true;
}

/* *out = count * elem_size as a size_t byte count; false if count is
 * negative or the product overflows size_t or int64_t. */
static inline bool strata_bytes_for(int64_t count, size_t elem_size, size_t *out) {
  if (count < 0)
    return false;
  size_t n;
  if (__builtin_mul_overflow((size_t)count, elem_size, &n) || n > (size_t)INT64_MAX)
    return false;
  *out = n;
  return true;
}

#endif /* STRATA_CORE_CHECKED_MATH_H */
