/* Conversions between 16-bit float bit patterns (IEEE binary16, bfloat16)
 * and float/double, used by host tensors (tensor.c), the string kernels
 * (string_kernels.c: shortest round-trip text of an f16) and the ONNX
 * importer (constants). They depend on nothing else in the runtime. */
#include "runtime/half.h"

#include <math.h>
#include <string.h>

float strata_f16_to_float(uint16_t h) {
  int sign = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  float v;
  if (e == 0)
    v = ldexpf((float)m, -24); /* zero or subnormal */
  else if (e == 31)
    v = m ? NAN : INFINITY;
  else
    v = ldexpf((float)(m | 0x400), e - 25);
  return sign ? -v : v;
}

uint16_t strata_double_to_f16(double v) {
  uint16_t sign = signbit(v) ? 0x8000 : 0;
  double a = fabs(v);
  if (isnan(v))
    return sign | 0x7e00;
  if (a >= 65520.0) /* halfway between 65504 (the largest) and 2^16 and above */
    return sign | 0x7c00;
  if (a < 0x1p-14) /* subnormal: units of 2^-24; 1024 units is the smallest normal */
    return sign | (uint16_t)nearbyint(a * 0x1p24);
  int k;
  frexp(a, &k); /* a = f * 2^k, f in [0.5, 1): exponent k - 1 */
  int e = k - 1;
  double m = nearbyint(ldexp(a, 10 - e)); /* [1024, 2048], ties to even */
  if (m >= 2048) {
    m = 1024;
    ++e;
  }
  return sign | (uint16_t)((e + 15) << 10) | ((uint16_t)m - 1024);
}

uint16_t strata_float_to_f16(float v) { return strata_double_to_f16(v); }

float strata_bf16_to_float(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float v;
  memcpy(&v, &u, sizeof v);
  return v;
}

uint16_t strata_float_to_bf16(float v) {
  uint32_t u;
  memcpy(&u, &v, sizeof u);
  if (isnan(v))
    return (uint16_t)((u >> 16) | 0x40);
  return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}
