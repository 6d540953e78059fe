// End-to-end: graph.cast between f32/f64/i8/i32/i64 (float -> int on
// scaled inputs so the truncation matters) and graph.layout_transform
// between NCHW, NHWC and blocked NCHWxc layouts (NCHW4c <-> NCHW8c, NHWC ->
// NCHW4c, a trivial 1c block), compiled by Strata (strata-run) against
// strata-reference on the same random inputs (seed 7).
// Tolerances: exact (rtol 0, atol 0): a cast is one correctly-rounded (or
// truncating) conversion on both sides; a layout transform moves elements.
// The x * 10 before a float -> int cast is one f32 multiply on both sides.

// x * 10 in [-10, 10): float -> int truncates toward zero (fptosi).
// RUN: strata-reference %s --entry cast_f32_to_i32 --seed 7 --output %t.cast_f32_to_i32.npy
// RUN: strata-run %s --entry cast_f32_to_i32 --seed 7 --expected %t.cast_f32_to_i32.npy --rtol 0 --atol 0
func.func @cast_f32_to_i32(%a: tensor<7x13xf32>) -> tensor<7x13xi32> {
  %0 = "graph.constant"() {value = dense<10.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.cast"(%1) : (tensor<7x13xf32>) -> tensor<7x13xi32>
  return %2 : tensor<7x13xi32>
}

// RUN: strata-reference %s --entry cast_i32_to_f32 --seed 7 --output %t.cast_i32_to_f32.npy
// RUN: strata-run %s --entry cast_i32_to_f32 --seed 7 --expected %t.cast_i32_to_f32.npy --rtol 0 --atol 0
func.func @cast_i32_to_f32(%a: tensor<7x13xi32>) -> tensor<7x13xf32> {
  %0 = "graph.cast"(%a) : (tensor<7x13xi32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry cast_f32_to_f64 --seed 7 --output %t.cast_f32_to_f64.npy
// RUN: strata-run %s --entry cast_f32_to_f64 --seed 7 --expected %t.cast_f32_to_f64.npy --rtol 0 --atol 0
func.func @cast_f32_to_f64(%a: tensor<7x13xf32>) -> tensor<7x13xf64> {
  %0 = "graph.cast"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf64>
  return %0 : tensor<7x13xf64>
}

// RUN: strata-reference %s --entry cast_f64_to_f32 --seed 7 --output %t.cast_f64_to_f32.npy
// RUN: strata-run %s --entry cast_f64_to_f32 --seed 7 --expected %t.cast_f64_to_f32.npy --rtol 0 --atol 0
func.func @cast_f64_to_f32(%a: tensor<7x13xf64>) -> tensor<7x13xf32> {
  %0 = "graph.cast"(%a) : (tensor<7x13xf64>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry cast_i32_to_i64 --seed 7 --output %t.cast_i32_to_i64.npy
// RUN: strata-run %s --entry cast_i32_to_i64 --seed 7 --expected %t.cast_i32_to_i64.npy --rtol 0 --atol 0
func.func @cast_i32_to_i64(%a: tensor<7x13xi32>) -> tensor<7x13xi64> {
  %0 = "graph.cast"(%a) : (tensor<7x13xi32>) -> tensor<7x13xi64>
  return %0 : tensor<7x13xi64>
}

// RUN: strata-reference %s --entry cast_i64_to_i32 --seed 7 --output %t.cast_i64_to_i32.npy
// RUN: strata-run %s --entry cast_i64_to_i32 --seed 7 --expected %t.cast_i64_to_i32.npy --rtol 0 --atol 0
func.func @cast_i64_to_i32(%a: tensor<7x13xi64>) -> tensor<7x13xi32> {
  %0 = "graph.cast"(%a) : (tensor<7x13xi64>) -> tensor<7x13xi32>
  return %0 : tensor<7x13xi32>
}

// RUN: strata-reference %s --entry cast_i32_to_i8 --seed 7 --output %t.cast_i32_to_i8.npy
// RUN: strata-run %s --entry cast_i32_to_i8 --seed 7 --expected %t.cast_i32_to_i8.npy --rtol 0 --atol 0
func.func @cast_i32_to_i8(%a: tensor<7x13xi32>) -> tensor<7x13xi8> {
  %0 = "graph.cast"(%a) : (tensor<7x13xi32>) -> tensor<7x13xi8>
  return %0 : tensor<7x13xi8>
}

// RUN: strata-reference %s --entry cast_i8_to_f32 --seed 7 --output %t.cast_i8_to_f32.npy
// RUN: strata-run %s --entry cast_i8_to_f32 --seed 7 --expected %t.cast_i8_to_f32.npy --rtol 0 --atol 0
func.func @cast_i8_to_f32(%a: tensor<1x13xi8>) -> tensor<1x13xf32> {
  %0 = "graph.cast"(%a) : (tensor<1x13xi8>) -> tensor<1x13xf32>
  return %0 : tensor<1x13xf32>
}

// RUN: strata-reference %s --entry cast_f32_to_i64_1x1 --seed 7 --output %t.cast_f32_to_i64_1x1.npy
// RUN: strata-run %s --entry cast_f32_to_i64_1x1 --seed 7 --expected %t.cast_f32_to_i64_1x1.npy --rtol 0 --atol 0
func.func @cast_f32_to_i64_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xi64> {
  %0 = "graph.constant"() {value = dense<100.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.cast"(%1) : (tensor<1x1xf32>) -> tensor<1x1xi64>
  return %2 : tensor<1x1xi64>
}

// RUN: strata-reference %s --entry layout_nchw_to_nchw4c --seed 7 --output %t.layout_nchw_to_nchw4c.npy
// RUN: strata-run %s --entry layout_nchw_to_nchw4c --seed 7 --expected %t.layout_nchw_to_nchw4c.npy --rtol 0 --atol 0
func.func @layout_nchw_to_nchw4c(%a: tensor<1x8x5x7xf32>) -> tensor<1x2x5x7x4xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NCHW", dst_layout = "NCHW4c"} : (tensor<1x8x5x7xf32>) -> tensor<1x2x5x7x4xf32>
  return %0 : tensor<1x2x5x7x4xf32>
}

// RUN: strata-reference %s --entry layout_nchw4c_to_nchw --seed 7 --output %t.layout_nchw4c_to_nchw.npy
// RUN: strata-run %s --entry layout_nchw4c_to_nchw --seed 7 --expected %t.layout_nchw4c_to_nchw.npy --rtol 0 --atol 0
func.func @layout_nchw4c_to_nchw(%a: tensor<2x2x5x7x4xf32>) -> tensor<2x8x5x7xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NCHW4c", dst_layout = "NCHW"} : (tensor<2x2x5x7x4xf32>) -> tensor<2x8x5x7xf32>
  return %0 : tensor<2x8x5x7xf32>
}

// RUN: strata-reference %s --entry layout_nchw4c_to_nchw8c --seed 7 --output %t.layout_nchw4c_to_nchw8c.npy
// RUN: strata-run %s --entry layout_nchw4c_to_nchw8c --seed 7 --expected %t.layout_nchw4c_to_nchw8c.npy --rtol 0 --atol 0
func.func @layout_nchw4c_to_nchw8c(%a: tensor<1x4x3x5x4xf32>) -> tensor<1x2x3x5x8xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NCHW4c", dst_layout = "NCHW8c"} : (tensor<1x4x3x5x4xf32>) -> tensor<1x2x3x5x8xf32>
  return %0 : tensor<1x2x3x5x8xf32>
}

// RUN: strata-reference %s --entry layout_nchw8c_to_nchw4c --seed 7 --output %t.layout_nchw8c_to_nchw4c.npy
// RUN: strata-run %s --entry layout_nchw8c_to_nchw4c --seed 7 --expected %t.layout_nchw8c_to_nchw4c.npy --rtol 0 --atol 0
func.func @layout_nchw8c_to_nchw4c(%a: tensor<1x2x3x5x8xf32>) -> tensor<1x4x3x5x4xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NCHW8c", dst_layout = "NCHW4c"} : (tensor<1x2x3x5x8xf32>) -> tensor<1x4x3x5x4xf32>
  return %0 : tensor<1x4x3x5x4xf32>
}

// RUN: strata-reference %s --entry layout_nchw_to_nhwc --seed 7 --output %t.layout_nchw_to_nhwc.npy
// RUN: strata-run %s --entry layout_nchw_to_nhwc --seed 7 --expected %t.layout_nchw_to_nhwc.npy --rtol 0 --atol 0
func.func @layout_nchw_to_nhwc(%a: tensor<2x3x5x7xf32>) -> tensor<2x5x7x3xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NCHW", dst_layout = "NHWC"} : (tensor<2x3x5x7xf32>) -> tensor<2x5x7x3xf32>
  return %0 : tensor<2x5x7x3xf32>
}

// RUN: strata-reference %s --entry layout_nhwc_to_nchw --seed 7 --output %t.layout_nhwc_to_nchw.npy
// RUN: strata-run %s --entry layout_nhwc_to_nchw --seed 7 --expected %t.layout_nhwc_to_nchw.npy --rtol 0 --atol 0
func.func @layout_nhwc_to_nchw(%a: tensor<2x5x7x3xf32>) -> tensor<2x3x5x7xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NHWC", dst_layout = "NCHW"} : (tensor<2x5x7x3xf32>) -> tensor<2x3x5x7xf32>
  return %0 : tensor<2x3x5x7xf32>
}

// RUN: strata-reference %s --entry layout_nchw_to_nchw1c --seed 7 --output %t.layout_nchw_to_nchw1c.npy
// RUN: strata-run %s --entry layout_nchw_to_nchw1c --seed 7 --expected %t.layout_nchw_to_nchw1c.npy --rtol 0 --atol 0
func.func @layout_nchw_to_nchw1c(%a: tensor<1x3x2x2xf32>) -> tensor<1x3x2x2x1xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NCHW", dst_layout = "NCHW1c"} : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2x1xf32>
  return %0 : tensor<1x3x2x2x1xf32>
}

// RUN: strata-reference %s --entry layout_nhwc_to_nchw4c --seed 7 --output %t.layout_nhwc_to_nchw4c.npy
// RUN: strata-run %s --entry layout_nhwc_to_nchw4c --seed 7 --expected %t.layout_nhwc_to_nchw4c.npy --rtol 0 --atol 0
func.func @layout_nhwc_to_nchw4c(%a: tensor<1x5x7x8xf32>) -> tensor<1x2x5x7x4xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NHWC", dst_layout = "NCHW4c"} : (tensor<1x5x7x8xf32>) -> tensor<1x2x5x7x4xf32>
  return %0 : tensor<1x2x5x7x4xf32>
}
