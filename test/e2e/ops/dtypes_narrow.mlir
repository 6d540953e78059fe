// End-to-end: the 8-bit and 4-bit float element types and the 4-bit and
// 2-bit integers (ONNX float8, float4, int4, int2), compiled by Strata
// (strata-run, JIT: codes converted by the runtime's scalar kernels) against
// strata-reference (the same conversions, runtime/narrow_types.c, called
// directly) on the same random inputs (seed 7). .npy files have no
// spelling for these types, so each function takes and returns f32 or i8
// around a round trip through the narrow type. Inputs in [-1, 1) are
// scaled by 600 so that E4M3FN (largest 448) and E2M1 (largest 6)
// overflow: saturating, or NaN without saturation. Exact (rtol 0, atol 0).

// RUN: strata-reference %s --entry e4m3fn --seed 7 --output %t.e4m3fn.npy
// RUN: strata-run %s --entry e4m3fn --seed 7 --expected %t.e4m3fn.npy --rtol 0 --atol 0
func.func @e4m3fn(%a: tensor<7x13xf32>) -> (tensor<7x13xf32>, tensor<7x13xf32>) {
  %s = "graph.constant"() {value = dense<600.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %x = "graph.mul"(%a, %s) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %0 = "graph.cast"(%x) : (tensor<7x13xf32>) -> tensor<7x13xf8E4M3FN>
  %1 = "graph.cast"(%0) : (tensor<7x13xf8E4M3FN>) -> tensor<7x13xf32>
  %2 = "graph.cast"(%x) {saturate = false} : (tensor<7x13xf32>) -> tensor<7x13xf8E4M3FN>
  %3 = "graph.cast"(%2) : (tensor<7x13xf8E4M3FN>) -> tensor<7x13xf32>
  return %1, %3 : tensor<7x13xf32>, tensor<7x13xf32>
}

// f16 through E5M2FNUZ and E2M1 (both ways from f16), and E8M0 rounded
// down from the magnitudes.
// RUN: strata-reference %s --entry small_floats --seed 7 --output %t.small_floats.npy
// RUN: strata-run %s --entry small_floats --seed 7 --expected %t.small_floats.npy --rtol 0 --atol 0
func.func @small_floats(%a: tensor<7x13xf16>) -> (tensor<7x13xf16>, tensor<7x13xf32>, tensor<7x13xf32>) {
  %s = "graph.constant"() {value = dense<8.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %x = "graph.mul"(%a, %s) : (tensor<7x13xf16>, tensor<1xf16>) -> tensor<7x13xf16>
  %0 = "graph.cast"(%x) : (tensor<7x13xf16>) -> tensor<7x13xf8E5M2FNUZ>
  %1 = "graph.cast"(%0) : (tensor<7x13xf8E5M2FNUZ>) -> tensor<7x13xf16>
  %2 = "graph.cast"(%x) : (tensor<7x13xf16>) -> tensor<7x13xf4E2M1FN>
  %3 = "graph.cast"(%2) : (tensor<7x13xf4E2M1FN>) -> tensor<7x13xf32>
  %m = "graph.abs"(%x) : (tensor<7x13xf16>) -> tensor<7x13xf16>
  %4 = "graph.cast"(%m) {round_mode = "down"} : (tensor<7x13xf16>) -> tensor<7x13xf8E8M0FNU>
  %5 = "graph.cast"(%4) : (tensor<7x13xf8E8M0FNU>) -> tensor<7x13xf32>
  return %1, %3, %5 : tensor<7x13xf16>, tensor<7x13xf32>, tensor<7x13xf32>
}

// int4 and uint2: wrapping casts from i8 and f32, arithmetic on int4, and
// back to i8 (sign- or zero-extended).
// RUN: strata-reference %s --entry narrow_ints --seed 7 --output %t.narrow_ints.npy
// RUN: strata-run %s --entry narrow_ints --seed 7 --expected %t.narrow_ints.npy --rtol 0 --atol 0
func.func @narrow_ints(%a: tensor<7x13xi8>, %b: tensor<7x13xf32>) -> (tensor<7x13xi8>, tensor<7x13xi8>) {
  %s = "graph.constant"() {value = dense<5.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %x = "graph.mul"(%b, %s) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %0 = "graph.cast"(%a) : (tensor<7x13xi8>) -> tensor<7x13xi4>
  %1 = "graph.cast"(%x) : (tensor<7x13xf32>) -> tensor<7x13xi4>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xi4>, tensor<7x13xi4>) -> tensor<7x13xi4>
  %3 = "graph.cast"(%2) : (tensor<7x13xi4>) -> tensor<7x13xi8>
  %4 = "graph.cast"(%a) : (tensor<7x13xi8>) -> tensor<7x13xui2>
  %5 = "graph.cast"(%4) : (tensor<7x13xui2>) -> tensor<7x13xi8>
  return %3, %5 : tensor<7x13xi8>, tensor<7x13xi8>
}
