// End-to-end: graph.gather (axis 0..rank-1, i64 and i32 indices of rank
// 0..2, negative indices wrapping as ONNX) and graph.expand (numpy broadcast
// to the result shape), compiled by Strata (strata-run) against
// strata-reference on the same random inputs (f32 in [-1, 1), indices in
// [-8, 8): every gathered axis has at least 8 elements so all are valid;
// seed 7).
// Tolerances: exact (rtol 0, atol 0): these ops only move elements.

// RUN: strata-reference %s --entry gather_axis0_i64 --seed 7 --output %t.gather_axis0_i64.npy
// RUN: strata-run %s --entry gather_axis0_i64 --seed 7 --expected %t.gather_axis0_i64.npy --rtol 0 --atol 0
func.func @gather_axis0_i64(%d: tensor<8x5xf32>, %i: tensor<6xi64>) -> tensor<6x5xf32> {
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<8x5xf32>, tensor<6xi64>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// RUN: strata-reference %s --entry gather_axis1_2d_indices --seed 7 --output %t.gather_axis1_2d_indices.npy
// RUN: strata-run %s --entry gather_axis1_2d_indices --seed 7 --expected %t.gather_axis1_2d_indices.npy --rtol 0 --atol 0
func.func @gather_axis1_2d_indices(%d: tensor<3x9x4xf32>, %i: tensor<2x3xi64>) -> tensor<3x2x3x4xf32> {
  %0 = "graph.gather"(%d, %i) {axis = 1 : i64} : (tensor<3x9x4xf32>, tensor<2x3xi64>) -> tensor<3x2x3x4xf32>
  return %0 : tensor<3x2x3x4xf32>
}

// RUN: strata-reference %s --entry gather_last_axis_i32 --seed 7 --output %t.gather_last_axis_i32.npy
// RUN: strata-run %s --entry gather_last_axis_i32 --seed 7 --expected %t.gather_last_axis_i32.npy --rtol 0 --atol 0
func.func @gather_last_axis_i32(%d: tensor<2x3x10xf32>, %i: tensor<7xi32>) -> tensor<2x3x7xf32> {
  %0 = "graph.gather"(%d, %i) {axis = 2 : i64} : (tensor<2x3x10xf32>, tensor<7xi32>) -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

// RUN: strata-reference %s --entry gather_scalar_index --seed 7 --output %t.gather_scalar_index.npy
// RUN: strata-run %s --entry gather_scalar_index --seed 7 --expected %t.gather_scalar_index.npy --rtol 0 --atol 0
func.func @gather_scalar_index(%d: tensor<8x4xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<8x4xf32>, tensor<i64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// RUN: strata-reference %s --entry gather_i32_data --seed 7 --output %t.gather_i32_data.npy
// RUN: strata-run %s --entry gather_i32_data --seed 7 --expected %t.gather_i32_data.npy --rtol 0 --atol 0
func.func @gather_i32_data(%d: tensor<12xi32>, %i: tensor<3x4xi64>) -> tensor<3x4xi32> {
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<12xi32>, tensor<3x4xi64>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// RUN: strata-reference %s --entry gather_const_negative --seed 7 --output %t.gather_const_negative.npy
// RUN: strata-run %s --entry gather_const_negative --seed 7 --expected %t.gather_const_negative.npy --rtol 0 --atol 0
func.func @gather_const_negative(%d: tensor<5x3xf32>) -> tensor<4x3xf32> {
  %i = "graph.constant"() {value = dense<[-1, 0, -5, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// RUN: strata-reference %s --entry expand_rows --seed 7 --output %t.expand_rows.npy
// RUN: strata-run %s --entry expand_rows --seed 7 --expected %t.expand_rows.npy --rtol 0 --atol 0
func.func @expand_rows(%x: tensor<3x1xf32>) -> tensor<3x4xf32> {
  %0 = "graph.expand"(%x) : (tensor<3x1xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// RUN: strata-reference %s --entry expand_rank_up --seed 7 --output %t.expand_rank_up.npy
// RUN: strata-run %s --entry expand_rank_up --seed 7 --expected %t.expand_rank_up.npy --rtol 0 --atol 0
func.func @expand_rank_up(%x: tensor<3x1xf32>) -> tensor<2x3x6xf32> {
  %0 = "graph.expand"(%x) : (tensor<3x1xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// RUN: strata-reference %s --entry expand_same --seed 7 --output %t.expand_same.npy
// RUN: strata-run %s --entry expand_same --seed 7 --expected %t.expand_same.npy --rtol 0 --atol 0
func.func @expand_same(%x: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %0 = "graph.expand"(%x) : (tensor<4x5xi32>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

// RUN: strata-reference %s --entry expand_scalar --seed 7 --output %t.expand_scalar.npy
// RUN: strata-run %s --entry expand_scalar --seed 7 --expected %t.expand_scalar.npy --rtol 0 --atol 0
func.func @expand_scalar(%x: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "graph.expand"(%x) : (tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// RUN: strata-reference %s --entry expand_middle_i1 --seed 7 --output %t.expand_middle_i1.npy
// RUN: strata-run %s --entry expand_middle_i1 --seed 7 --expected %t.expand_middle_i1.npy --rtol 0 --atol 0
func.func @expand_middle_i1(%x: tensor<2x1x3xi1>) -> tensor<2x5x3xi1> {
  %0 = "graph.expand"(%x) : (tensor<2x1x3xi1>) -> tensor<2x5x3xi1>
  return %0 : tensor<2x5x3xi1>
}
