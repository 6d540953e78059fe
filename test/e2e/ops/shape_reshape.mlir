// End-to-end: graph.reshape (to rank 0..4, dropping/adding 1s, feeding an add) and
// graph.flatten (axis 0..rank), compiled by Strata (strata-run) against
// strata-reference on the same random inputs (f32 uniform in [-1, 1),
// i32 in [-8, 8), seed 7).
// Tolerances: exact (rtol 0, atol 0): these ops only move elements, so every
// output must be bit-identical to an input element or the pad value.
// reshape_then_add also adds (rtol 1e-4, atol 1e-5; one f32 add is exact
// anyway).

// RUN: strata-reference %s --entry reshape_7x13_to_91 --seed 7 --output %t.reshape_7x13_to_91.npy
// RUN: strata-run %s --entry reshape_7x13_to_91 --seed 7 --expected %t.reshape_7x13_to_91.npy --rtol 0 --atol 0
func.func @reshape_7x13_to_91(%a: tensor<7x13xf32>) -> tensor<91xf32> {
  %0 = "graph.reshape"(%a) : (tensor<7x13xf32>) -> tensor<91xf32>
  return %0 : tensor<91xf32>
}

// RUN: strata-reference %s --entry reshape_7x13_to_13x7 --seed 7 --output %t.reshape_7x13_to_13x7.npy
// RUN: strata-run %s --entry reshape_7x13_to_13x7 --seed 7 --expected %t.reshape_7x13_to_13x7.npy --rtol 0 --atol 0
func.func @reshape_7x13_to_13x7(%a: tensor<7x13xf32>) -> tensor<13x7xf32> {
  %0 = "graph.reshape"(%a) : (tensor<7x13xf32>) -> tensor<13x7xf32>
  return %0 : tensor<13x7xf32>
}

// RUN: strata-reference %s --entry reshape_2x3x4_to_4x6 --seed 7 --output %t.reshape_2x3x4_to_4x6.npy
// RUN: strata-run %s --entry reshape_2x3x4_to_4x6 --seed 7 --expected %t.reshape_2x3x4_to_4x6.npy --rtol 0 --atol 0
func.func @reshape_2x3x4_to_4x6(%a: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %0 = "graph.reshape"(%a) : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// RUN: strata-reference %s --entry reshape_drop_ones --seed 7 --output %t.reshape_drop_ones.npy
// RUN: strata-run %s --entry reshape_drop_ones --seed 7 --expected %t.reshape_drop_ones.npy --rtol 0 --atol 0
func.func @reshape_drop_ones(%a: tensor<1x7x1x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.reshape"(%a) : (tensor<1x7x1x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry reshape_add_ones --seed 7 --output %t.reshape_add_ones.npy
// RUN: strata-run %s --entry reshape_add_ones --seed 7 --expected %t.reshape_add_ones.npy --rtol 0 --atol 0
func.func @reshape_add_ones(%a: tensor<7x13xf32>) -> tensor<1x7x13x1xf32> {
  %0 = "graph.reshape"(%a) : (tensor<7x13xf32>) -> tensor<1x7x13x1xf32>
  return %0 : tensor<1x7x13x1xf32>
}

// RUN: strata-reference %s --entry reshape_to_rank0 --seed 7 --output %t.reshape_to_rank0.npy
// RUN: strata-run %s --entry reshape_to_rank0 --seed 7 --expected %t.reshape_to_rank0.npy --rtol 0 --atol 0
func.func @reshape_to_rank0(%a: tensor<1x1xf32>) -> tensor<f32> {
  %0 = "graph.reshape"(%a) : (tensor<1x1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reshape_then_add --seed 7 --output %t.reshape_then_add.npy
// RUN: strata-run %s --entry reshape_then_add --seed 7 --expected %t.reshape_then_add.npy --rtol 1e-4 --atol 1e-5
func.func @reshape_then_add(%a: tensor<2x3x4xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = "graph.reshape"(%a) : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %1 = "graph.add"(%0, %b) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// RUN: strata-reference %s --entry flatten_axis0 --seed 7 --output %t.flatten_axis0.npy
// RUN: strata-run %s --entry flatten_axis0 --seed 7 --expected %t.flatten_axis0.npy --rtol 0 --atol 0
func.func @flatten_axis0(%a: tensor<2x3x5xf32>) -> tensor<1x30xf32> {
  %0 = "graph.flatten"(%a) {axis = 0 : i64} : (tensor<2x3x5xf32>) -> tensor<1x30xf32>
  return %0 : tensor<1x30xf32>
}

// RUN: strata-reference %s --entry flatten_axis1 --seed 7 --output %t.flatten_axis1.npy
// RUN: strata-run %s --entry flatten_axis1 --seed 7 --expected %t.flatten_axis1.npy --rtol 0 --atol 0
func.func @flatten_axis1(%a: tensor<2x3x5xf32>) -> tensor<2x15xf32> {
  %0 = "graph.flatten"(%a) {axis = 1 : i64} : (tensor<2x3x5xf32>) -> tensor<2x15xf32>
  return %0 : tensor<2x15xf32>
}

// RUN: strata-reference %s --entry flatten_axis2 --seed 7 --output %t.flatten_axis2.npy
// RUN: strata-run %s --entry flatten_axis2 --seed 7 --expected %t.flatten_axis2.npy --rtol 0 --atol 0
func.func @flatten_axis2(%a: tensor<2x3x5xf32>) -> tensor<6x5xf32> {
  %0 = "graph.flatten"(%a) {axis = 2 : i64} : (tensor<2x3x5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// RUN: strata-reference %s --entry flatten_axis_rank --seed 7 --output %t.flatten_axis_rank.npy
// RUN: strata-run %s --entry flatten_axis_rank --seed 7 --expected %t.flatten_axis_rank.npy --rtol 0 --atol 0
func.func @flatten_axis_rank(%a: tensor<2x3x5xf32>) -> tensor<30x1xf32> {
  %0 = "graph.flatten"(%a) {axis = 3 : i64} : (tensor<2x3x5xf32>) -> tensor<30x1xf32>
  return %0 : tensor<30x1xf32>
}

// RUN: strata-reference %s --entry flatten_nchw --seed 7 --output %t.flatten_nchw.npy
// RUN: strata-run %s --entry flatten_nchw --seed 7 --expected %t.flatten_nchw.npy --rtol 0 --atol 0
func.func @flatten_nchw(%a: tensor<2x3x1x1xf32>) -> tensor<2x3xf32> {
  %0 = "graph.flatten"(%a) {axis = 1 : i64} : (tensor<2x3x1x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
