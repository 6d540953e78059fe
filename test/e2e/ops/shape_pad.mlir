// End-to-end: graph.pad (asymmetric, nonzero value, rank 1, no padding, i32), compiled by Strata (strata-run) against
// strata-reference on the same random inputs (f32 uniform in [-1, 1),
// i32 in [-8, 8), seed 7).
// Tolerances: exact (rtol 0, atol 0): these ops only move elements, so every
// output must be bit-identical to an input element or the pad value.

// RUN: strata-reference %s --entry pad_7x13_all --seed 7 --output %t.pad_7x13_all.npy
// RUN: strata-run %s --entry pad_7x13_all --seed 7 --expected %t.pad_7x13_all.npy --rtol 0 --atol 0
func.func @pad_7x13_all(%a: tensor<7x13xf32>) -> tensor<11x19xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 1, 2, 3, 4>, pad_value = 0.0 : f32} : (tensor<7x13xf32>) -> tensor<11x19xf32>
  return %0 : tensor<11x19xf32>
}

// RUN: strata-reference %s --entry pad_value --seed 7 --output %t.pad_value.npy
// RUN: strata-run %s --entry pad_value --seed 7 --expected %t.pad_value.npy --rtol 0 --atol 0
func.func @pad_value(%a: tensor<7x13xf32>) -> tensor<9x14xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 0, 1, 2, 0>, pad_value = -2.5 : f32} : (tensor<7x13xf32>) -> tensor<9x14xf32>
  return %0 : tensor<9x14xf32>
}

// RUN: strata-reference %s --entry pad_nchw_spatial --seed 7 --output %t.pad_nchw_spatial.npy
// RUN: strata-run %s --entry pad_nchw_spatial --seed 7 --expected %t.pad_nchw_spatial.npy --rtol 0 --atol 0
func.func @pad_nchw_spatial(%a: tensor<1x3x5x5xf32>) -> tensor<1x3x8x8xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 0, 0, 1, 1, 0, 0, 2, 2>, pad_value = 0.0 : f32} : (tensor<1x3x5x5xf32>) -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// RUN: strata-reference %s --entry pad_rank1 --seed 7 --output %t.pad_rank1.npy
// RUN: strata-run %s --entry pad_rank1 --seed 7 --expected %t.pad_rank1.npy --rtol 0 --atol 0
func.func @pad_rank1(%a: tensor<17xf32>) -> tensor<20xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 3, 0>, pad_value = 1.0 : f32} : (tensor<17xf32>) -> tensor<20xf32>
  return %0 : tensor<20xf32>
}

// RUN: strata-reference %s --entry pad_none --seed 7 --output %t.pad_none.npy
// RUN: strata-run %s --entry pad_none --seed 7 --expected %t.pad_none.npy --rtol 0 --atol 0
func.func @pad_none(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 0, 0, 0, 0>, pad_value = 0.0 : f32} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// RUN: strata-reference %s --entry pad_i32 --seed 7 --output %t.pad_i32.npy
// RUN: strata-run %s --entry pad_i32 --seed 7 --expected %t.pad_i32.npy --rtol 0 --atol 0
func.func @pad_i32(%a: tensor<7x13xi32>) -> tensor<9x15xi32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 1, 1, 1, 1>, pad_value = 7 : i32} : (tensor<7x13xi32>) -> tensor<9x15xi32>
  return %0 : tensor<9x15xi32>
}
