// End-to-end: graph.pad (asymmetric, nonzero value, rank 1, no padding, i32;
// modes constant/reflect/edge on odd sizes, 1-D/2-D/4-D, several padded
// axes, pads on one side only, pad_value ignored by reflect/edge), compiled by Strata (strata-run) against
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

// RUN: strata-reference %s --entry pad_mode_constant --seed 7 --output %t.pad_mode_constant.npy
// RUN: strata-run %s --entry pad_mode_constant --seed 7 --expected %t.pad_mode_constant.npy --rtol 0 --atol 0
func.func @pad_mode_constant(%a: tensor<7x13xf32>) -> tensor<10x14xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 1, 0, 2, 1>, pad_value = -1.5 : f32, mode = "constant"} : (tensor<7x13xf32>) -> tensor<10x14xf32>
  return %0 : tensor<10x14xf32>
}

// RUN: strata-reference %s --entry pad_reflect_1d --seed 7 --output %t.pad_reflect_1d.npy
// RUN: strata-run %s --entry pad_reflect_1d --seed 7 --expected %t.pad_reflect_1d.npy --rtol 0 --atol 0
func.func @pad_reflect_1d(%a: tensor<17xf32>) -> tensor<38xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 5, 16>, pad_value = 0.0 : f32, mode = "reflect"} : (tensor<17xf32>) -> tensor<38xf32>
  return %0 : tensor<38xf32>
}

// RUN: strata-reference %s --entry pad_edge_1d --seed 7 --output %t.pad_edge_1d.npy
// RUN: strata-run %s --entry pad_edge_1d --seed 7 --expected %t.pad_edge_1d.npy --rtol 0 --atol 0
func.func @pad_edge_1d(%a: tensor<7xf32>) -> tensor<20xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 9, 4>, pad_value = 0.0 : f32, mode = "edge"} : (tensor<7xf32>) -> tensor<20xf32>
  return %0 : tensor<20xf32>
}

// RUN: strata-reference %s --entry pad_reflect_2d --seed 7 --output %t.pad_reflect_2d.npy
// RUN: strata-run %s --entry pad_reflect_2d --seed 7 --expected %t.pad_reflect_2d.npy --rtol 0 --atol 0
func.func @pad_reflect_2d(%a: tensor<7x13xf32>) -> tensor<15x30xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 2, 5, 6, 12>, pad_value = 99.0 : f32, mode = "reflect"} : (tensor<7x13xf32>) -> tensor<15x30xf32>
  return %0 : tensor<15x30xf32>
}

// RUN: strata-reference %s --entry pad_edge_2d --seed 7 --output %t.pad_edge_2d.npy
// RUN: strata-run %s --entry pad_edge_2d --seed 7 --expected %t.pad_edge_2d.npy --rtol 0 --atol 0
func.func @pad_edge_2d(%a: tensor<5x9xf32>) -> tensor<16x10xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 4, 1, 7, 0>, pad_value = 99.0 : f32, mode = "edge"} : (tensor<5x9xf32>) -> tensor<16x10xf32>
  return %0 : tensor<16x10xf32>
}

// RUN: strata-reference %s --entry pad_reflect_one_side --seed 7 --output %t.pad_reflect_one_side.npy
// RUN: strata-run %s --entry pad_reflect_one_side --seed 7 --expected %t.pad_reflect_one_side.npy --rtol 0 --atol 0
func.func @pad_reflect_one_side(%a: tensor<9x4xf32>) -> tensor<17x7xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 8, 0, 0, 3>, pad_value = 0.0 : f32, mode = "reflect"} : (tensor<9x4xf32>) -> tensor<17x7xf32>
  return %0 : tensor<17x7xf32>
}

// RUN: strata-reference %s --entry pad_reflect_nchw --seed 7 --output %t.pad_reflect_nchw.npy
// RUN: strata-run %s --entry pad_reflect_nchw --seed 7 --expected %t.pad_reflect_nchw.npy --rtol 0 --atol 0
func.func @pad_reflect_nchw(%a: tensor<1x3x5x7xf32>) -> tensor<1x6x11x16xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 0, 1, 2, 3, 0, 2, 4, 6>, pad_value = 0.0 : f32, mode = "reflect"} : (tensor<1x3x5x7xf32>) -> tensor<1x6x11x16xf32>
  return %0 : tensor<1x6x11x16xf32>
}

// RUN: strata-reference %s --entry pad_edge_nchw --seed 7 --output %t.pad_edge_nchw.npy
// RUN: strata-run %s --entry pad_edge_nchw --seed 7 --expected %t.pad_edge_nchw.npy --rtol 0 --atol 0
func.func @pad_edge_nchw(%a: tensor<2x3x5x5xf32>) -> tensor<3x5x8x10xf32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 1, 0, 3, 1, 0, 2, 0, 4>, pad_value = 0.0 : f32, mode = "edge"} : (tensor<2x3x5x5xf32>) -> tensor<3x5x8x10xf32>
  return %0 : tensor<3x5x8x10xf32>
}

// RUN: strata-reference %s --entry pad_edge_i32 --seed 7 --output %t.pad_edge_i32.npy
// RUN: strata-run %s --entry pad_edge_i32 --seed 7 --expected %t.pad_edge_i32.npy --rtol 0 --atol 0
func.func @pad_edge_i32(%a: tensor<3x1xi32>) -> tensor<5x6xi32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 1, 2, 1, 3>, pad_value = 7 : i32, mode = "edge"} : (tensor<3x1xi32>) -> tensor<5x6xi32>
  return %0 : tensor<5x6xi32>
}

// RUN: strata-reference %s --entry pad_reflect_i32 --seed 7 --output %t.pad_reflect_i32.npy
// RUN: strata-run %s --entry pad_reflect_i32 --seed 7 --expected %t.pad_reflect_i32.npy --rtol 0 --atol 0
func.func @pad_reflect_i32(%a: tensor<5x3xi32>) -> tensor<12x7xi32> {
  %0 = "graph.pad"(%a) {pads = array<i64: 4, 2, 3, 2>, pad_value = 7 : i32, mode = "reflect"} : (tensor<5x3xi32>) -> tensor<12x7xi32>
  return %0 : tensor<12x7xi32>
}
