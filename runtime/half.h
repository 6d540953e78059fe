/* Conversions between 16-bit float bit patterns and float: widening is
 * exact; narrowing rounds to nearest, ties to even (NaN stays NaN, overflow
 * becomes infinity), as ONNX Cast does. A leaf of the runtime: host tensors
 * (tensor.h includes this header), the string kernels and the ONNX importer
 * use it. */
#ifndef STRATA_RUNTIME_HALF_H
#define STRATA_RUNTIME_HALF_H

#include <stdint.h>

float strata_f16_to_float(uint16_t bits);
uint16_t strata_float_to_f16(float v);
uint16_t strata_double_to_f16(double v); /* one rounding, not via float */
float strata_bf16_to_float(uint16_t bits);
uint16_t strata_float_to_bf16(float v);

#endif
