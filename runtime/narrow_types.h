/* Element types narrower than 16 bits that ONNX defines (opsets 19-25):
 * the 8-bit floats E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ and E8M0 (MLIR
 * f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f8E8M0FNU), the 4-bit float
 * E2M1 (f4E2M1FN), and the 4-bit and 2-bit integers (i4, ui4, i2, ui2).
 *
 * Storage: one element per byte everywhere in Strata (host tensors,
 * constants, compiled code, where LLVM gives i4 and i2 a byte each); the
 * float formats hold their code in the low bits, the integers their value
 * (read back with strata_narrow_int_get, which looks only at the low bits).
 * ONNX files pack 4-bit elements two to a byte and 2-bit ones four to a
 * byte, first element in the least significant bits: strata_unpack_bits.
 *
 * Conversions follow ONNX Cast (and its reference, ml_dtypes): decoding is
 * exact; encoding rounds to nearest, ties to even, then saturates to the
 * largest finite value (`saturate`, the default) or overflows to infinity
 * (E5M2) or NaN (the others); E2M1 always saturates and turns NaN into
 * 0x8; FNUZ formats have no negative zero. E8M0 (a power of two, 2^-127 ..
 * 2^127) rounds its float32 argument "up", "down" or to "nearest" as
 * Cast-24's round_mode says. A leaf of the runtime, as half.c. */
#ifndef STRATA_RUNTIME_NARROW_TYPES_H
#define STRATA_RUNTIME_NARROW_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
  STRATA_F8E4M3FN,
  STRATA_F8E4M3FNUZ,
  STRATA_F8E5M2,
  STRATA_F8E5M2FNUZ,
  STRATA_F8E8M0FNU,
  STRATA_F4E2M1FN,
  STRATA_NARROW_FLOAT_COUNT,
} strata_narrow_float_t;

typedef enum {
  STRATA_ROUND_UP,      /* E8M0: toward +infinity (Cast's default) */
  STRATA_ROUND_DOWN,    /* E8M0: toward zero */
  STRATA_ROUND_NEAREST, /* E8M0: to nearest (ONNX's reference rule) */
} strata_round_mode_t;

/* The value of code `bits` (its low 8 or 4 bits) in `format`. */
double strata_narrow_float_decode(unsigned bits, strata_narrow_float_t format);
/* The code of v in `format` (see the header comment); `round` is used by
 * E8M0 only. */
unsigned strata_narrow_float_encode(double v, strata_narrow_float_t format, bool saturate,
                                    strata_round_mode_t round);

/* The value of a `bits`-wide integer (2 or 4) stored in the low bits of
 * `byte`, sign-extended when `is_signed`. */
int strata_narrow_int_get(uint8_t byte, unsigned bits, bool is_signed);

/* Unpacks n elements of `bits` (2 or 4) each from `packed` (ONNX's layout:
 * the first element in the least significant bits) into one byte each,
 * sign-extended when `is_signed`. packed holds at least
 * strata_packed_bytes(n, bits) bytes. */
void strata_unpack_bits(const uint8_t *packed, int64_t n, unsigned bits, bool is_signed,
                        uint8_t *out);
/* The bytes n packed elements of `bits` (1..8) take: ceil(n * bits / 8). */
size_t strata_packed_bytes(int64_t n, unsigned bits);

/* Scalar kernels for compiled code (runtime/kernel_abi.h): decode of a
 * code (as i64) to f64, and encode of an f64 with
 * flags = format | saturate << 4 | round_mode << 5. */
double strata_narrow_to_f64(int64_t bits, int64_t format);
int64_t strata_narrow_from_f64(double v, int64_t flags);

#include "runtime/kernel_abi.h"
/* The kernels above by symbol name (runtime/kernel_registry.c). */
extern const strata_kernel_symbol_t strata_narrow_kernels[];

#endif
