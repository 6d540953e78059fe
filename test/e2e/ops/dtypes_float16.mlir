// End-to-end: the 16-bit float element types f16 (IEEE binary16) and bf16
// (bfloat16), compiled by Strata (strata-run, JIT; LLVM computes half and
// bfloat arithmetic in f32 and rounds back) against strata-reference (in
// double, rounded to the element type) on the same random inputs (uniform
// in [-1, 1), rounded to f16 for f16 arguments; seed 7). .npy files carry
// f16 as '<f2'; bf16 has no .npy spelling, so the bf16 functions take and
// return f32 around bf16 computations.
// Tolerances: casts are exact (rtol 0, atol 0): one round-to-nearest-even
// conversion on both sides (f64 -> f16 directly, not through f32).
// Elementwise f16 ops: rtol 2e-3, atol 1e-3 (f32-then-f16 rounding against
// double-then-f16 may differ by one f16 ulp, 2^-10 relative). The f16
// matmul accumulates in f16 (13 terms): rtol 1e-2, atol 1e-2. bf16 add:
// one bf16 ulp (2^-7 relative) covers the same double-rounding case.

// RUN: strata-reference %s --entry cast_f32_to_f16 --seed 7 --output %t.cast_f32_to_f16.npy
// RUN: strata-run %s --entry cast_f32_to_f16 --seed 7 --expected %t.cast_f32_to_f16.npy --rtol 0 --atol 0
func.func @cast_f32_to_f16(%a: tensor<7x13xf32>) -> tensor<7x13xf16> {
  %0 = "graph.cast"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf16>
  return %0 : tensor<7x13xf16>
}

// f64 -> f16 (one rounding) on values scaled by 1000 (f16 ulp 0.25 to 0.5
// there) and by 1e-6 (f16 subnormals, ulp 2^-24).
// RUN: strata-reference %s --entry cast_f64_to_f16 --seed 7 --output %t.cast_f64_to_f16.npy
// RUN: strata-run %s --entry cast_f64_to_f16 --seed 7 --expected %t.cast_f64_to_f16.npy --rtol 0 --atol 0
func.func @cast_f64_to_f16(%a: tensor<7x13xf64>) -> tensor<2x7x13xf16> {
  %s = "graph.constant"() {value = dense<1000.0> : tensor<1xf64>} : () -> tensor<1xf64>
  %t = "graph.constant"() {value = dense<1.0e-6> : tensor<1xf64>} : () -> tensor<1xf64>
  %0 = "graph.mul"(%a, %s) : (tensor<7x13xf64>, tensor<1xf64>) -> tensor<7x13xf64>
  %1 = "graph.mul"(%a, %t) : (tensor<7x13xf64>, tensor<1xf64>) -> tensor<7x13xf64>
  %2 = "graph.concat"(%0, %1) {axis = 0 : i64} : (tensor<7x13xf64>, tensor<7x13xf64>) -> tensor<14x13xf64>
  %3 = "graph.cast"(%2) : (tensor<14x13xf64>) -> tensor<14x13xf16>
  %4 = "graph.reshape"(%3) : (tensor<14x13xf16>) -> tensor<2x7x13xf16>
  return %4 : tensor<2x7x13xf16>
}

// RUN: strata-reference %s --entry cast_f16_to_f64 --seed 7 --output %t.cast_f16_to_f64.npy
// RUN: strata-run %s --entry cast_f16_to_f64 --seed 7 --expected %t.cast_f16_to_f64.npy --rtol 0 --atol 0
func.func @cast_f16_to_f64(%a: tensor<7x13xf16>) -> tensor<7x13xf64> {
  %0 = "graph.cast"(%a) : (tensor<7x13xf16>) -> tensor<7x13xf64>
  return %0 : tensor<7x13xf64>
}

// RUN: strata-reference %s --entry add_max_exp_f16 --seed 7 --output %t.add_max_exp_f16.npy
// RUN: strata-run %s --entry add_max_exp_f16 --seed 7 --expected %t.add_max_exp_f16.npy --rtol 2e-3 --atol 1e-3
func.func @add_max_exp_f16(%a: tensor<7x13xf16>, %b: tensor<13xf16>) -> tensor<7x13xf16> {
  %0 = "graph.add"(%a, %b) : (tensor<7x13xf16>, tensor<13xf16>) -> tensor<7x13xf16>
  %1 = "graph.maximum"(%0, %a) : (tensor<7x13xf16>, tensor<7x13xf16>) -> tensor<7x13xf16>
  %2 = "graph.exp"(%1) : (tensor<7x13xf16>) -> tensor<7x13xf16>
  return %2 : tensor<7x13xf16>
}

// RUN: strata-reference %s --entry matmul_f16 --seed 7 --output %t.matmul_f16.npy
// RUN: strata-run %s --entry matmul_f16 --seed 7 --expected %t.matmul_f16.npy --rtol 1e-2 --atol 1e-2
func.func @matmul_f16(%a: tensor<7x13xf16>, %b: tensor<13x5xf16>) -> tensor<7x5xf16> {
  %0 = "graph.matmul"(%a, %b) : (tensor<7x13xf16>, tensor<13x5xf16>) -> tensor<7x5xf16>
  return %0 : tensor<7x5xf16>
}

// f32 -> bf16 rounds to nearest even; back to f32 is exact.
// RUN: strata-reference %s --entry cast_f32_bf16_f32 --seed 7 --output %t.cast_f32_bf16_f32.npy
// RUN: strata-run %s --entry cast_f32_bf16_f32 --seed 7 --expected %t.cast_f32_bf16_f32.npy --rtol 0 --atol 0
func.func @cast_f32_bf16_f32(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.cast"(%a) : (tensor<7x13xf32>) -> tensor<7x13xbf16>
  %1 = "graph.cast"(%0) : (tensor<7x13xbf16>) -> tensor<7x13xf32>
  return %1 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry add_max_bf16 --seed 7 --output %t.add_max_bf16.npy
// RUN: strata-run %s --entry add_max_bf16 --seed 7 --expected %t.add_max_bf16.npy --rtol 8e-3 --atol 0
func.func @add_max_bf16(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.cast"(%a) : (tensor<7x13xf32>) -> tensor<7x13xbf16>
  %1 = "graph.cast"(%b) : (tensor<7x13xf32>) -> tensor<7x13xbf16>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xbf16>, tensor<7x13xbf16>) -> tensor<7x13xbf16>
  %3 = "graph.maximum"(%2, %1) : (tensor<7x13xbf16>, tensor<7x13xbf16>) -> tensor<7x13xbf16>
  %4 = "graph.cast"(%3) : (tensor<7x13xbf16>) -> tensor<7x13xf32>
  return %4 : tensor<7x13xf32>
}

// bf16 <-> f16 (same width, different format) goes through f32.
// RUN: strata-reference %s --entry cast_bf16_f16 --seed 7 --output %t.cast_bf16_f16.npy
// RUN: strata-run %s --entry cast_bf16_f16 --seed 7 --expected %t.cast_bf16_f16.npy --rtol 0 --atol 0
func.func @cast_bf16_f16(%a: tensor<7x13xf32>) -> tensor<7x13xf16> {
  %0 = "graph.cast"(%a) : (tensor<7x13xf32>) -> tensor<7x13xbf16>
  %1 = "graph.cast"(%0) : (tensor<7x13xbf16>) -> tensor<7x13xf16>
  return %1 : tensor<7x13xf16>
}
