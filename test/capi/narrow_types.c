/* C API test: the narrow element types' conversions (runtime/
 * narrow_types.h). Encodings of one list of float32 values into
 * E4M3FN (saturating and not), E5M2 and E5M2FNUZ (not saturating), and
 * E8M0 in its three rounding modes, each compared with the codes ONNX's
 * reference (ml_dtypes 0.6, numpy_helper.to_float8e8m0) gives; decoding
 * of every code of each format round-trips through the encoder; E2M1's
 * NaN and saturation; 4-bit and 2-bit unpacking; the scalar kernels'
 * flags. */
// RUN: capi-narrow_types 2>&1 | FileCheck %s
#include <math.h>
#include <stdio.h>

#include "runtime/narrow_types.h"

static const float xs[12] = {0.47892547f, 448, 464, 470, 1e6f, -INFINITY, NAN, 1e-9f,
                             0x1p-9f,     0x3p-10f, -0x1p-10f, 0.1015625f + 0x1p-12f};

static void encode_all(const char *label, strata_narrow_float_t f, bool saturate) {
  printf("%s:", label);
  for (int i = 0; i < 12; ++i)
    printf(" %u", strata_narrow_float_encode(xs[i], f, saturate, STRATA_ROUND_UP));
  printf("\n");
}

static void e8m0(const char *label, strata_round_mode_t mode, bool saturate) {
  static const float ys[8] = {1.0f, 1.5f, 1.75f, 3.0f, 0.75f, 1e-40f, 3e38f, 0.0f};
  printf("%s:", label);
  for (int i = 0; i < 8; ++i)
    printf(" %u", strata_narrow_float_encode(ys[i], STRATA_F8E8M0FNU, saturate, mode));
  printf("\n");
}

/* Every code decodes to a value that encodes back to it (NaNs to the
 * format's NaN, -0 of FNUZ formats is their NaN). */
static void round_trip(const char *label, strata_narrow_float_t f, unsigned codes) {
  int bad = 0, nans = 0;
  double max = 0;
  for (unsigned c = 0; c < codes; ++c) {
    double v = strata_narrow_float_decode(c, f);
    if (isnan(v)) {
      ++nans;
      continue;
    }
    if (!isinf(v) && v > max)
      max = v;
    bad += strata_narrow_float_encode(v, f, false, STRATA_ROUND_DOWN) != c;
  }
  printf("%s: %d mismatches, %d NaN codes, max %g\n", label, bad, nans, max);
}

int main(void) {
  // CHECK: e4m3fn sat: 47 126 126 126 126 254 127 0 1 2 128 29
  encode_all("e4m3fn sat", STRATA_F8E4M3FN, true);
  // CHECK: e4m3fn nosat: 47 126 126 127 127 255 127 0 1 2 128 29
  encode_all("e4m3fn nosat", STRATA_F8E4M3FN, false);
  // CHECK: e5m2fnuz nosat: 60 99 99 99 128 128 128 0 28 30 152 51
  encode_all("e5m2fnuz nosat", STRATA_F8E5M2FNUZ, false);
  // CHECK: e5m2 nosat: 56 95 95 95 124 252 126 0 24 26 148 47
  encode_all("e5m2 nosat", STRATA_F8E5M2, false);

  // CHECK: e8m0 nearest sat: 127 128 128 129 127 0 254 0
  e8m0("e8m0 nearest sat", STRATA_ROUND_NEAREST, true);
  // CHECK: e8m0 nearest nosat: 127 128 128 129 127 0 255 0
  e8m0("e8m0 nearest nosat", STRATA_ROUND_NEAREST, false);
  // CHECK: e8m0 down: 127 127 127 128 126 0 254 0
  e8m0("e8m0 down", STRATA_ROUND_DOWN, true);
  // CHECK: e8m0 up nosat: 127 128 128 129 127 1 255 0
  e8m0("e8m0 up nosat", STRATA_ROUND_UP, false);

  // CHECK: e4m3fn: 0 mismatches, 2 NaN codes, max 448
  round_trip("e4m3fn", STRATA_F8E4M3FN, 256);
  // CHECK: e4m3fnuz: 0 mismatches, 1 NaN codes, max 240
  round_trip("e4m3fnuz", STRATA_F8E4M3FNUZ, 256);
  // CHECK: e5m2: 0 mismatches, 6 NaN codes, max 57344
  round_trip("e5m2", STRATA_F8E5M2, 256);
  // CHECK: e5m2fnuz: 0 mismatches, 1 NaN codes, max 57344
  round_trip("e5m2fnuz", STRATA_F8E5M2FNUZ, 256);
  // CHECK: e2m1: 0 mismatches, 0 NaN codes, max 6
  round_trip("e2m1", STRATA_F4E2M1FN, 16);
  // CHECK: e8m0: 0 mismatches, 1 NaN codes, max 1.70141e+38
  round_trip("e8m0", STRATA_F8E8M0FNU, 256);

  /* E2M1: NaN is 0x8 (ml_dtypes' choice), overflow and infinity saturate,
   * 3.5 ties to 4 (even), 0.25 to 0. */
  // CHECK: e2m1: 8 7 15 14 0 6
  printf("e2m1: %u %u %u %u %u %g\n", strata_narrow_float_encode(NAN, STRATA_F4E2M1FN, false, 0),
         strata_narrow_float_encode(INFINITY, STRATA_F4E2M1FN, false, 0),
         strata_narrow_float_encode(-7.0, STRATA_F4E2M1FN, false, 0),
         strata_narrow_float_encode(-3.5, STRATA_F4E2M1FN, true, 0),
         strata_narrow_float_encode(0.25, STRATA_F4E2M1FN, true, 0),
         strata_narrow_float_decode(0x7, STRATA_F4E2M1FN));

  /* ONNX's packing: first element in the low bits. */
  const uint8_t packed[3] = {0x87, 0xa9, 0x39};
  uint8_t out[6];
  strata_unpack_bits(packed, 5, 4, true, out);
  // CHECK: int4: 7 -8 -7 -6 -7
  printf("int4: %d %d %d %d %d\n", (int8_t)out[0], (int8_t)out[1], (int8_t)out[2],
         (int8_t)out[3], (int8_t)out[4]);
  strata_unpack_bits(packed + 2, 4, 2, false, out);
  // CHECK: uint2: 1 2 3 0 bytes 2
  printf("uint2: %d %d %d %d bytes %zu\n", out[0], out[1], out[2], out[3],
         strata_packed_bytes(5, 2));

  /* The kernels: flags = format | saturate << 4 | round << 5. */
  // CHECK: kernels: 126 127 2 0.5
  printf("kernels: %lld %lld %lld %g\n",
         (long long)strata_narrow_from_f64(470, STRATA_F8E4M3FN | 1 << 4),
         (long long)strata_narrow_from_f64(470, STRATA_F8E4M3FN),
         (long long)strata_narrow_from_f64(1.0, STRATA_F4E2M1FN | 1 << 4),
         strata_narrow_to_f64(0x30, STRATA_F8E4M3FN));
  return 0;
}
