// End-to-end: graph.max_pool2d_indices (the argmax of max_pool2d's windows
// as i64 flat indices over the logical N, C, H, W) compiled by Strata
// (strata-run) against strata-reference on the same random inputs (uniform
// in [-1, 1), seed 7): batch and channels, strides with asymmetric padding,
// dilation, ceil_mode with padding, storage_order 1 (column-major), NHWC
// (indices still over N, C, H, W). Indices are exact (rtol 0, atol 0).
// Ties (a constant input) resolve to the first maximum in window order, in
// both storage orders.

// RUN: strata-reference %s --entry idx_k3s2p1 --seed 7 --output %t.k3s2p1.npy
// RUN: strata-run %s --entry idx_k3s2p1 --seed 7 --expected %t.k3s2p1.npy --rtol 0 --atol 0
func.func @idx_k3s2p1(%a: tensor<2x3x7x9xf32>) -> tensor<2x3x4x5xi64> {
  %0 = "graph.max_pool2d_indices"(%a) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 0, 1, 2>, dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 0 : i64, layout = "NCHW"} : (tensor<2x3x7x9xf32>) -> tensor<2x3x4x5xi64>
  return %0 : tensor<2x3x4x5xi64>
}

// RUN: strata-reference %s --entry idx_dilation_ceil --seed 7 --output %t.dil.npy
// RUN: strata-run %s --entry idx_dilation_ceil --seed 7 --expected %t.dil.npy --rtol 0 --atol 0
func.func @idx_dilation_ceil(%a: tensor<1x2x8x6xf32>) -> tensor<1x2x5x4xi64> {
  %0 = "graph.max_pool2d_indices"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 2, 1>, ceil_mode = true, storage_order = 0 : i64, layout = "NCHW"} : (tensor<1x2x8x6xf32>) -> tensor<1x2x5x4xi64>
  return %0 : tensor<1x2x5x4xi64>
}

// RUN: strata-reference %s --entry idx_column_major --seed 7 --output %t.col.npy
// RUN: strata-run %s --entry idx_column_major --seed 7 --expected %t.col.npy --rtol 0 --atol 0
func.func @idx_column_major(%a: tensor<2x2x5x7xf32>) -> tensor<2x2x2x3xi64> {
  %0 = "graph.max_pool2d_indices"(%a) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 1 : i64, layout = "NCHW"} : (tensor<2x2x5x7xf32>) -> tensor<2x2x2x3xi64>
  return %0 : tensor<2x2x2x3xi64>
}

// RUN: strata-reference %s --entry idx_nhwc --seed 7 --output %t.nhwc.npy
// RUN: strata-run %s --entry idx_nhwc --seed 7 --expected %t.nhwc.npy --rtol 0 --atol 0
func.func @idx_nhwc(%a: tensor<1x6x5x4xf32>) -> tensor<1x3x2x4xi64> {
  %0 = "graph.max_pool2d_indices"(%a) {kernel = array<i64: 2, 3>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 0 : i64, layout = "NHWC"} : (tensor<1x6x5x4xf32>) -> tensor<1x3x2x4xi64>
  return %0 : tensor<1x3x2x4xi64>
}

// Ties: every element equal; 2x2 windows, stride 1, on 3x3.
// RUN: strata-run %s --entry idx_ties_row --print | FileCheck %s --check-prefix=ROW
// ROW: result 0: 1x1x2x2xi64
// ROW-NEXT: [0, 1, 3, 4]
func.func @idx_ties_row() -> tensor<1x1x2x2xi64> {
  %x = "graph.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "graph.max_pool2d_indices"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 0 : i64, layout = "NCHW"} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xi64>
  return %0 : tensor<1x1x2x2xi64>
}

// Column-major: the first in window order is (h, w) = (0, 0), (0, 1),
// (1, 0), (1, 1): w*3 + h = 0, 3, 1, 4.
// RUN: strata-run %s --entry idx_ties_col --print | FileCheck %s --check-prefix=COL
// COL: result 0: 1x1x2x2xi64
// COL-NEXT: [0, 3, 1, 4]
func.func @idx_ties_col() -> tensor<1x1x2x2xi64> {
  %x = "graph.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "graph.max_pool2d_indices"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 1 : i64, layout = "NCHW"} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xi64>
  return %0 : tensor<1x1x2x2xi64>
}
