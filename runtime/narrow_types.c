/* Conversions of the 8-bit and 4-bit float formats and unpacking of 4-bit
 * and 2-bit integers (narrow_types.h). Each small float format is a table
 * row (exponent and mantissa widths, bias, how it spells NaN and infinity,
 * its largest finite code); encoding rounds on the exact double value
 * (the quantum is a power of two, so a / q is exact and nearbyint's ties
 * to even are the format's), then decides overflow. E8M0 (exponent only)
 * follows ONNX's reference bit rules on float32 instead. */
#include "runtime/narrow_types.h"

#include <math.h>
#include <string.h>

typedef enum {
  NAN_ALL_ONES, /* S.1111.111 (E4M3FN): no infinity */
  NAN_IEEE,     /* exponent all ones: infinity (mantissa 0) or NaN (E5M2) */
  NAN_NEG_ZERO, /* the code of -0 is the one NaN (FNUZ): no infinity, no -0 */
  NAN_NONE,     /* neither (E2M1): NaN encodes as 0x8 (-0), as ml_dtypes does */
} nan_style_t;

typedef struct {
  int ebits, mbits, bias;
  nan_style_t nan;
  unsigned max_code; /* the largest finite value, positive */
} format_t;

/* Indexed by strata_narrow_float_t (E8M0 has its own code). */
static const format_t formats[] = {
    [STRATA_F8E4M3FN] = {4, 3, 7, NAN_ALL_ONES, 0x7e},
    [STRATA_F8E4M3FNUZ] = {4, 3, 8, NAN_NEG_ZERO, 0x7f},
    [STRATA_F8E5M2] = {5, 2, 15, NAN_IEEE, 0x7b},
    [STRATA_F8E5M2FNUZ] = {5, 2, 16, NAN_NEG_ZERO, 0x7f},
    [STRATA_F4E2M1FN] = {2, 1, 1, NAN_NONE, 0x7},
};

static unsigned width(const format_t *f) { return (unsigned)(1 + f->ebits + f->mbits); }

double strata_narrow_float_decode(unsigned bits, strata_narrow_float_t format) {
  if (format == STRATA_F8E8M0FNU) {
    bits &= 0xff;
    return bits == 0xff ? NAN : ldexp(1.0, (int)bits - 127);
  }
  const format_t *f = &formats[format];
  unsigned n = width(f), sign_bit = 1u << (n - 1);
  bits &= (1u << n) - 1;
  unsigned mag = bits & (sign_bit - 1), e = mag >> f->mbits, m = mag & ((1u << f->mbits) - 1);
  bool neg = bits & sign_bit;
  if (f->nan == NAN_NEG_ZERO && bits == sign_bit)
    return NAN;
  if (f->nan == NAN_ALL_ONES && mag == sign_bit - 1)
    return neg ? -NAN : NAN;
  if (f->nan == NAN_IEEE && e == (1u << f->ebits) - 1)
    return m ? (neg ? -NAN : NAN) : (neg ? -INFINITY : INFINITY);
  double v = e ? ldexp((double)(m | (1u << f->mbits)), (int)e - f->bias - f->mbits)
               : ldexp((double)m, 1 - f->bias - f->mbits);
  return neg ? -v : v;
}

/* E8M0 as ONNX's reference (numpy_helper.to_float8e8m0) does it: the
 * float32 exponent, rounded by the bits below it; NaN and infinity give
 * NaN (0xff), and so does rounding past 2^127 when not saturating. */
static unsigned e8m0_encode(float v, bool saturate, strata_round_mode_t round) {
  uint32_t u;
  memcpy(&u, &v, sizeof u);
  unsigned e = (u >> 23) & 0xff;
  if (e == 0xff)
    return 0xff;
  bool up = false;
  if (round == STRATA_ROUND_NEAREST) {
    bool g = u & 0x400000, r = u & 0x200000, s = u & 0x1fffff, lsb = e > 0;
    up = g && (r || s || lsb);
  } else if (round == STRATA_ROUND_UP) {
    up = (u & 0x7fffff) != 0;
  }
  if (up && saturate && e == 0xfe)
    up = false;
  return e + up;
}

unsigned strata_narrow_float_encode(double v, strata_narrow_float_t format, bool saturate,
                                    strata_round_mode_t round) {
  if (format == STRATA_F8E8M0FNU)
    return e8m0_encode((float)v, saturate, round);
  const format_t *f = &formats[format];
  unsigned n = width(f), sign_bit = 1u << (n - 1);
  unsigned sign = signbit(v) ? sign_bit : 0;
  if (isnan(v)) {
    switch (f->nan) {
    case NAN_ALL_ONES: return sign | (sign_bit - 1);
    case NAN_IEEE: return sign | (sign_bit - 2);
    case NAN_NEG_ZERO:
    case NAN_NONE: return sign_bit;
    }
  }
  double a = fabs(v), r = a;
  int emin = 1 - f->bias;
  if (!isinf(a)) {
    int k;
    frexp(a, &k); /* a = x * 2^k, x in [0.5, 1): exponent k - 1 */
    int e = k - 1 < emin ? emin : k - 1;
    double q = ldexp(1.0, e - f->mbits);
    r = nearbyint(a / q) * q;
  }
  if (r > strata_narrow_float_decode(f->max_code, format)) {
    if (saturate || f->nan == NAN_NONE)
      return sign | f->max_code;
    if (f->nan == NAN_IEEE)
      return sign | (((1u << f->ebits) - 1) << f->mbits);
    return f->nan == NAN_NEG_ZERO ? sign_bit : sign | (sign_bit - 1);
  }
  if (r == 0)
    return f->nan == NAN_NEG_ZERO ? 0 : sign;
  if (r < ldexp(1.0, emin)) /* subnormal: units of the smallest one */
    return sign | (unsigned)ldexp(r, f->mbits - emin);
  int k;
  frexp(r, &k);
  unsigned mant = (unsigned)ldexp(r, f->mbits - (k - 1)) - (1u << f->mbits);
  return sign | ((unsigned)(k - 1 + f->bias) << f->mbits) | mant;
}

int strata_narrow_int_get(uint8_t byte, unsigned bits, bool is_signed) {
  int v = byte & ((1 << bits) - 1);
  return is_signed && (v >> (bits - 1)) ? v - (1 << bits) : v;
}

void strata_unpack_bits(const uint8_t *packed, int64_t n, unsigned bits, bool is_signed,
                        uint8_t *out) {
  unsigned per_byte = 8 / bits;
  for (int64_t i = 0; i < n; ++i) {
    uint8_t byte = (uint8_t)(packed[i / per_byte] >> ((unsigned)(i % per_byte) * bits));
    out[i] = (uint8_t)strata_narrow_int_get(byte, bits, is_signed);
  }
}

size_t strata_packed_bytes(int64_t n, unsigned bits) {
  return (size_t)(((uint64_t)n * bits + 7) / 8);
}

double strata_narrow_to_f64(int64_t bits, int64_t format) {
  if (format < 0 || format >= STRATA_NARROW_FLOAT_COUNT)
    return NAN;
  return strata_narrow_float_decode((unsigned)bits, (strata_narrow_float_t)format);
}

int64_t strata_narrow_from_f64(double v, int64_t flags) {
  int64_t format = flags & 15;
  if (format >= STRATA_NARROW_FLOAT_COUNT)
    return 0;
  return strata_narrow_float_encode(v, (strata_narrow_float_t)format, (flags >> 4) & 1,
                                    (strata_round_mode_t)((flags >> 5) & 3));
}

const strata_kernel_symbol_t strata_narrow_kernels[] = {
    {"strata_narrow_to_f64", (void *)strata_narrow_to_f64},
    {"strata_narrow_from_f64", (void *)strata_narrow_from_f64},
    {NULL, NULL},
};
