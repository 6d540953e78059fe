// End-to-end: graph.max_pool2d, graph.avg_pool2d and graph.global_avg_pool2d
// compiled by Strata (strata-run) against strata-reference on the same
// random inputs (uniform in [-1, 1), seed 7). Cases: odd sizes, strides,
// symmetric/asymmetric padding, dilation (max), ceil_mode (with and without
// padding), count_include_pad true/false (with padding, with ceil_mode),
// NCHW and NHWC, 1x1 windows and 1x1 spatial inputs.
// Tolerances: max pooling selects an input element: exact (rtol 0, atol 0).
// Averages: rtol 1e-4, atol 1e-5 (a sum of <= 35 f32 values of magnitude < 1
// and one division; f32 rounding < 1e-6).

// RUN: strata-reference %s --entry max_pool_k3s2p1 --seed 7 --output %t.max_pool_k3s2p1.npy
// RUN: strata-run %s --entry max_pool_k3s2p1 --seed 7 --expected %t.max_pool_k3s2p1.npy --rtol 0 --atol 0
func.func @max_pool_k3s2p1(%a: tensor<1x3x7x9xf32>) -> tensor<1x3x4x5xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<1x3x7x9xf32>) -> tensor<1x3x4x5xf32>
  return %0 : tensor<1x3x4x5xf32>
}

// RUN: strata-reference %s --entry max_pool_k2s2_odd --seed 7 --output %t.max_pool_k2s2_odd.npy
// RUN: strata-run %s --entry max_pool_k2s2_odd --seed 7 --expected %t.max_pool_k2s2_odd.npy --rtol 0 --atol 0
func.func @max_pool_k2s2_odd(%a: tensor<2x3x7x7xf32>) -> tensor<2x3x3x3xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<2x3x7x7xf32>) -> tensor<2x3x3x3xf32>
  return %0 : tensor<2x3x3x3xf32>
}

// ceil_mode: 7 -> 4 windows of 2 (the last one partial).
// RUN: strata-reference %s --entry max_pool_k2s2_ceil --seed 7 --output %t.max_pool_k2s2_ceil.npy
// RUN: strata-run %s --entry max_pool_k2s2_ceil --seed 7 --expected %t.max_pool_k2s2_ceil.npy --rtol 0 --atol 0
func.func @max_pool_k2s2_ceil(%a: tensor<2x3x7x7xf32>) -> tensor<2x3x4x4xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = true, layout = "NCHW"} : (tensor<2x3x7x7xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// RUN: strata-reference %s --entry max_pool_k3s2_ceil_pad --seed 7 --output %t.max_pool_k3s2_ceil_pad.npy
// RUN: strata-run %s --entry max_pool_k3s2_ceil_pad --seed 7 --expected %t.max_pool_k3s2_ceil_pad.npy --rtol 0 --atol 0
func.func @max_pool_k3s2_ceil_pad(%a: tensor<1x2x8x6xf32>) -> tensor<1x2x5x4xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, ceil_mode = true, layout = "NCHW"} : (tensor<1x2x8x6xf32>) -> tensor<1x2x5x4xf32>
  return %0 : tensor<1x2x5x4xf32>
}

// RUN: strata-reference %s --entry max_pool_dilation2 --seed 7 --output %t.max_pool_dilation2.npy
// RUN: strata-run %s --entry max_pool_dilation2 --seed 7 --expected %t.max_pool_dilation2.npy --rtol 0 --atol 0
func.func @max_pool_dilation2(%a: tensor<1x2x9x8xf32>) -> tensor<1x2x7x2xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 2, 3>, strides = array<i64: 1, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 2, 2>, ceil_mode = false, layout = "NCHW"} : (tensor<1x2x9x8xf32>) -> tensor<1x2x7x2xf32>
  return %0 : tensor<1x2x7x2xf32>
}

// RUN: strata-reference %s --entry max_pool_asym_pad --seed 7 --output %t.max_pool_asym_pad.npy
// RUN: strata-run %s --entry max_pool_asym_pad --seed 7 --expected %t.max_pool_asym_pad.npy --rtol 0 --atol 0
func.func @max_pool_asym_pad(%a: tensor<1x2x7x9xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 3, 2>, strides = array<i64: 2, 3>, padding = array<i64: 0, 1, 2, 1>, dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<1x2x7x9xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// RUN: strata-reference %s --entry max_pool_1x1 --seed 7 --output %t.max_pool_1x1.npy
// RUN: strata-run %s --entry max_pool_1x1 --seed 7 --expected %t.max_pool_1x1.npy --rtol 0 --atol 0
func.func @max_pool_1x1(%a: tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 1, 1>, strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x5x5xf32>
}

// RUN: strata-reference %s --entry max_pool_nhwc --seed 7 --output %t.max_pool_nhwc.npy
// RUN: strata-run %s --entry max_pool_nhwc --seed 7 --expected %t.max_pool_nhwc.npy --rtol 0 --atol 0
func.func @max_pool_nhwc(%a: tensor<1x7x9x3xf32>) -> tensor<1x4x5x3xf32> {
  %0 = "graph.max_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NHWC"} : (tensor<1x7x9x3xf32>) -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// RUN: strata-reference %s --entry avg_pool_k2s2 --seed 7 --output %t.avg_pool_k2s2.npy
// RUN: strata-run %s --entry avg_pool_k2s2 --seed 7 --expected %t.avg_pool_k2s2.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_k2s2(%a: tensor<2x3x8x6xf32>) -> tensor<2x3x4x3xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false, layout = "NCHW"} : (tensor<2x3x8x6xf32>) -> tensor<2x3x4x3xf32>
  return %0 : tensor<2x3x4x3xf32>
}

// RUN: strata-reference %s --entry avg_pool_k3s1p1_exclude_pad --seed 7 --output %t.avg_pool_k3s1p1_exclude_pad.npy
// RUN: strata-run %s --entry avg_pool_k3s1p1_exclude_pad --seed 7 --expected %t.avg_pool_k3s1p1_exclude_pad.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_k3s1p1_exclude_pad(%a: tensor<1x3x7x9xf32>) -> tensor<1x3x7x9xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = false, layout = "NCHW"} : (tensor<1x3x7x9xf32>) -> tensor<1x3x7x9xf32>
  return %0 : tensor<1x3x7x9xf32>
}

// RUN: strata-reference %s --entry avg_pool_k3s1p1_include_pad --seed 7 --output %t.avg_pool_k3s1p1_include_pad.npy
// RUN: strata-run %s --entry avg_pool_k3s1p1_include_pad --seed 7 --expected %t.avg_pool_k3s1p1_include_pad.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_k3s1p1_include_pad(%a: tensor<1x3x7x9xf32>) -> tensor<1x3x7x9xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true, layout = "NCHW"} : (tensor<1x3x7x9xf32>) -> tensor<1x3x7x9xf32>
  return %0 : tensor<1x3x7x9xf32>
}

// RUN: strata-reference %s --entry avg_pool_k3s2_asym_pad_exclude --seed 7 --output %t.avg_pool_k3s2_asym_pad_exclude.npy
// RUN: strata-run %s --entry avg_pool_k3s2_asym_pad_exclude --seed 7 --expected %t.avg_pool_k3s2_asym_pad_exclude.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_k3s2_asym_pad_exclude(%a: tensor<1x2x7x8xf32>) -> tensor<1x2x4x5xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 0, 1, 2, 2>, ceil_mode = false, count_include_pad = false, layout = "NCHW"} : (tensor<1x2x7x8xf32>) -> tensor<1x2x4x5xf32>
  return %0 : tensor<1x2x4x5xf32>
}

// RUN: strata-reference %s --entry avg_pool_k3s2_asym_pad_include --seed 7 --output %t.avg_pool_k3s2_asym_pad_include.npy
// RUN: strata-run %s --entry avg_pool_k3s2_asym_pad_include --seed 7 --expected %t.avg_pool_k3s2_asym_pad_include.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_k3s2_asym_pad_include(%a: tensor<1x2x7x8xf32>) -> tensor<1x2x4x5xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 0, 1, 2, 2>, ceil_mode = false, count_include_pad = true, layout = "NCHW"} : (tensor<1x2x7x8xf32>) -> tensor<1x2x4x5xf32>
  return %0 : tensor<1x2x4x5xf32>
}

// ceil_mode: the last window holds 1 row/column; divisor = elements inside.
// RUN: strata-reference %s --entry avg_pool_ceil_exclude --seed 7 --output %t.avg_pool_ceil_exclude.npy
// RUN: strata-run %s --entry avg_pool_ceil_exclude --seed 7 --expected %t.avg_pool_ceil_exclude.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_ceil_exclude(%a: tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, ceil_mode = true, count_include_pad = false, layout = "NCHW"} : (tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// ceil_mode + count_include_pad: positions past the padded input (no padding
// here) do not count (PyTorch), so the last partial window divides by 2 or 1.
// RUN: strata-reference %s --entry avg_pool_ceil_include --seed 7 --output %t.avg_pool_ceil_include.npy
// RUN: strata-run %s --entry avg_pool_ceil_include --seed 7 --expected %t.avg_pool_ceil_include.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_ceil_include(%a: tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, ceil_mode = true, count_include_pad = true, layout = "NCHW"} : (tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// ceil_mode + padding 1 + count_include_pad: 6 -> 4 windows; the last one
// covers rows 5, 6 (padding), 7 (past the padding): divisor 2 per axis.
// RUN: strata-reference %s --entry avg_pool_ceil_pad_include --seed 7 --output %t.avg_pool_ceil_pad_include.npy
// RUN: strata-run %s --entry avg_pool_ceil_pad_include --seed 7 --expected %t.avg_pool_ceil_pad_include.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_ceil_pad_include(%a: tensor<1x2x6x6xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, ceil_mode = true, count_include_pad = true, layout = "NCHW"} : (tensor<1x2x6x6xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// RUN: strata-reference %s --entry avg_pool_ceil_pad_exclude --seed 7 --output %t.avg_pool_ceil_pad_exclude.npy
// RUN: strata-run %s --entry avg_pool_ceil_pad_exclude --seed 7 --expected %t.avg_pool_ceil_pad_exclude.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_ceil_pad_exclude(%a: tensor<1x2x6x6xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, ceil_mode = true, count_include_pad = false, layout = "NCHW"} : (tensor<1x2x6x6xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// RUN: strata-reference %s --entry avg_pool_nhwc_include --seed 7 --output %t.avg_pool_nhwc_include.npy
// RUN: strata-run %s --entry avg_pool_nhwc_include --seed 7 --expected %t.avg_pool_nhwc_include.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_nhwc_include(%a: tensor<1x7x9x3xf32>) -> tensor<1x4x5x3xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true, layout = "NHWC"} : (tensor<1x7x9x3xf32>) -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// RUN: strata-reference %s --entry avg_pool_nhwc_exclude --seed 7 --output %t.avg_pool_nhwc_exclude.npy
// RUN: strata-run %s --entry avg_pool_nhwc_exclude --seed 7 --expected %t.avg_pool_nhwc_exclude.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool_nhwc_exclude(%a: tensor<1x7x9x3xf32>) -> tensor<1x4x5x3xf32> {
  %0 = "graph.avg_pool2d"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, ceil_mode = false, count_include_pad = false, layout = "NHWC"} : (tensor<1x7x9x3xf32>) -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// RUN: strata-reference %s --entry global_avg_pool_2x3x7x5 --seed 7 --output %t.global_avg_pool_2x3x7x5.npy
// RUN: strata-run %s --entry global_avg_pool_2x3x7x5 --seed 7 --expected %t.global_avg_pool_2x3x7x5.npy --rtol 1e-4 --atol 1e-5
func.func @global_avg_pool_2x3x7x5(%a: tensor<2x3x7x5xf32>) -> tensor<2x3x1x1xf32> {
  %0 = "graph.global_avg_pool2d"(%a) {layout = "NCHW"} : (tensor<2x3x7x5xf32>) -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

// RUN: strata-reference %s --entry global_avg_pool_1x1_spatial --seed 7 --output %t.global_avg_pool_1x1_spatial.npy
// RUN: strata-run %s --entry global_avg_pool_1x1_spatial --seed 7 --expected %t.global_avg_pool_1x1_spatial.npy --rtol 1e-4 --atol 1e-5
func.func @global_avg_pool_1x1_spatial(%a: tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32> {
  %0 = "graph.global_avg_pool2d"(%a) {layout = "NCHW"} : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  return %0 : tensor<1x4x1x1xf32>
}

// RUN: strata-reference %s --entry global_avg_pool_nhwc --seed 7 --output %t.global_avg_pool_nhwc.npy
// RUN: strata-run %s --entry global_avg_pool_nhwc --seed 7 --expected %t.global_avg_pool_nhwc.npy --rtol 1e-4 --atol 1e-5
func.func @global_avg_pool_nhwc(%a: tensor<2x7x5x3xf32>) -> tensor<2x1x1x3xf32> {
  %0 = "graph.global_avg_pool2d"(%a) {layout = "NHWC"} : (tensor<2x7x5x3xf32>) -> tensor<2x1x1x3xf32>
  return %0 : tensor<2x1x1x3xf32>
}
