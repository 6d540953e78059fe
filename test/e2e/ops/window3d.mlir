// End-to-end: graph.conv3d, graph.max_pool3d and graph.avg_pool3d compiled
// by Strata (strata-run) against strata-reference on the same random inputs
// (uniform in [-1, 1), seed 7). Cases: conv3d plain, strides / asymmetric
// padding / per-axis dilation with bias and batch 2, groups, the NDHWC /
// DHWIO layouts; max_pool3d with padding and dilation, ceil_mode;
// avg_pool3d with padding (count_include_pad false and true), ceil_mode with
// padding, and unpadded.
// Tolerances: conv rtol 1e-4, atol 1e-5 (at most I*KD*KH*KW = 81 products of
// values in [-1, 1), f32 accumulation error < 1e-5 of the double reference);
// max pooling selects an element: exact; averages rtol 1e-4, atol 1e-5 (a
// sum of <= 27 values and one division).

// RUN: strata-reference %s --entry conv3d_basic --seed 7 --output %t.conv3d_basic.npy
// RUN: strata-run %s --entry conv3d_basic --seed 7 --expected %t.conv3d_basic.npy --rtol 1e-4 --atol 1e-5
func.func @conv3d_basic(%a: tensor<1x3x5x6x7xf32>, %b: tensor<4x3x3x3x3xf32>) -> tensor<1x4x3x4x5xf32> {
  %0 = "graph.conv3d"(%a, %b) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>, dilation = array<i64: 1, 1, 1>, groups = 1 : i64, data_layout = "NCDHW", kernel_layout = "OIDHW"} : (tensor<1x3x5x6x7xf32>, tensor<4x3x3x3x3xf32>) -> tensor<1x4x3x4x5xf32>
  return %0 : tensor<1x4x3x4x5xf32>
}

// RUN: strata-reference %s --entry conv3d_stride_pad_dil_bias --seed 7 --output %t.conv3d_spdb.npy
// RUN: strata-run %s --entry conv3d_stride_pad_dil_bias --seed 7 --expected %t.conv3d_spdb.npy --rtol 1e-4 --atol 1e-5
func.func @conv3d_stride_pad_dil_bias(%a: tensor<2x2x7x6x5xf32>, %b: tensor<4x2x3x2x3xf32>, %c: tensor<4xf32>) -> tensor<2x4x4x5x3xf32> {
  %0 = "graph.conv3d"(%a, %b, %c) {strides = array<i64: 2, 1, 2>, padding = array<i64: 1, 0, 2, 1, 1, 0>, dilation = array<i64: 1, 2, 1>, groups = 1 : i64, data_layout = "NCDHW", kernel_layout = "OIDHW"} : (tensor<2x2x7x6x5xf32>, tensor<4x2x3x2x3xf32>, tensor<4xf32>) -> tensor<2x4x4x5x3xf32>
  return %0 : tensor<2x4x4x5x3xf32>
}

// RUN: strata-reference %s --entry conv3d_groups --seed 7 --output %t.conv3d_groups.npy
// RUN: strata-run %s --entry conv3d_groups --seed 7 --expected %t.conv3d_groups.npy --rtol 1e-4 --atol 1e-5
func.func @conv3d_groups(%a: tensor<1x4x4x4x4xf32>, %b: tensor<6x2x2x2x2xf32>) -> tensor<1x6x3x3x3xf32> {
  %0 = "graph.conv3d"(%a, %b) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>, dilation = array<i64: 1, 1, 1>, groups = 2 : i64, data_layout = "NCDHW", kernel_layout = "OIDHW"} : (tensor<1x4x4x4x4xf32>, tensor<6x2x2x2x2xf32>) -> tensor<1x6x3x3x3xf32>
  return %0 : tensor<1x6x3x3x3xf32>
}

// RUN: strata-reference %s --entry conv3d_ndhwc --seed 7 --output %t.conv3d_ndhwc.npy
// RUN: strata-run %s --entry conv3d_ndhwc --seed 7 --expected %t.conv3d_ndhwc.npy --rtol 1e-4 --atol 1e-5
func.func @conv3d_ndhwc(%a: tensor<1x4x5x6x3xf32>, %b: tensor<2x2x2x3x4xf32>) -> tensor<1x3x4x5x4xf32> {
  %0 = "graph.conv3d"(%a, %b) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>, dilation = array<i64: 1, 1, 1>, groups = 1 : i64, data_layout = "NDHWC", kernel_layout = "DHWIO"} : (tensor<1x4x5x6x3xf32>, tensor<2x2x2x3x4xf32>) -> tensor<1x3x4x5x4xf32>
  return %0 : tensor<1x3x4x5x4xf32>
}

// RUN: strata-reference %s --entry max_pool3d_pad_dil --seed 7 --output %t.max_pool3d_pad_dil.npy
// RUN: strata-run %s --entry max_pool3d_pad_dil --seed 7 --expected %t.max_pool3d_pad_dil.npy --rtol 0 --atol 0
func.func @max_pool3d_pad_dil(%a: tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x6xf32> {
  %0 = "graph.max_pool3d"(%a) {kernel = array<i64: 2, 3, 2>, strides = array<i64: 2, 2, 1>, padding = array<i64: 1, 1, 0, 0, 1, 1>, dilation = array<i64: 1, 1, 2>, ceil_mode = false, layout = "NCDHW"} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x6xf32>
  return %0 : tensor<1x2x3x3x6xf32>
}

// RUN: strata-reference %s --entry max_pool3d_ceil --seed 7 --output %t.max_pool3d_ceil.npy
// RUN: strata-run %s --entry max_pool3d_ceil --seed 7 --expected %t.max_pool3d_ceil.npy --rtol 0 --atol 0
func.func @max_pool3d_ceil(%a: tensor<1x2x5x5x5xf32>) -> tensor<1x2x3x3x3xf32> {
  %0 = "graph.max_pool3d"(%a) {kernel = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0, 0, 0, 0>, dilation = array<i64: 1, 1, 1>, ceil_mode = true, layout = "NCDHW"} : (tensor<1x2x5x5x5xf32>) -> tensor<1x2x3x3x3xf32>
  return %0 : tensor<1x2x3x3x3xf32>
}

// RUN: strata-reference %s --entry avg_pool3d_pad --seed 7 --output %t.avg_pool3d_pad.npy
// RUN: strata-run %s --entry avg_pool3d_pad --seed 7 --expected %t.avg_pool3d_pad.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool3d_pad(%a: tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32> {
  %0 = "graph.avg_pool3d"(%a) {kernel = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>, padding = array<i64: 1, 1, 1, 1, 1, 1>, ceil_mode = false, count_include_pad = false, layout = "NCDHW"} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32>
  return %0 : tensor<1x2x3x3x4xf32>
}

// RUN: strata-reference %s --entry avg_pool3d_pad_include --seed 7 --output %t.avg_pool3d_pad_include.npy
// RUN: strata-run %s --entry avg_pool3d_pad_include --seed 7 --expected %t.avg_pool3d_pad_include.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool3d_pad_include(%a: tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32> {
  %0 = "graph.avg_pool3d"(%a) {kernel = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>, padding = array<i64: 1, 1, 1, 1, 1, 1>, ceil_mode = false, count_include_pad = true, layout = "NCDHW"} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32>
  return %0 : tensor<1x2x3x3x4xf32>
}

// RUN: strata-reference %s --entry avg_pool3d_ceil_pad --seed 7 --output %t.avg_pool3d_ceil_pad.npy
// RUN: strata-run %s --entry avg_pool3d_ceil_pad --seed 7 --expected %t.avg_pool3d_ceil_pad.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool3d_ceil_pad(%a: tensor<1x1x6x6x6xf32>) -> tensor<1x1x3x4x4xf32> {
  %0 = "graph.avg_pool3d"(%a) {kernel = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>, padding = array<i64: 0, 1, 1, 0, 1, 1>, ceil_mode = true, count_include_pad = true, layout = "NCDHW"} : (tensor<1x1x6x6x6xf32>) -> tensor<1x1x3x4x4xf32>
  return %0 : tensor<1x1x3x4x4xf32>
}

// RUN: strata-reference %s --entry avg_pool3d_plain --seed 7 --output %t.avg_pool3d_plain.npy
// RUN: strata-run %s --entry avg_pool3d_plain --seed 7 --expected %t.avg_pool3d_plain.npy --rtol 1e-4 --atol 1e-5
func.func @avg_pool3d_plain(%a: tensor<2x3x4x4x4xf32>) -> tensor<2x3x2x2x2xf32> {
  %0 = "graph.avg_pool3d"(%a) {kernel = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0, 0, 0, 0>, ceil_mode = false, count_include_pad = false, layout = "NCDHW"} : (tensor<2x3x4x4x4xf32>) -> tensor<2x3x2x2x2xf32>
  return %0 : tensor<2x3x2x2x2xf32>
}
