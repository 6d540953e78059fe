// End-to-end: graph.mul (numpy broadcasting) compiled by Strata
// (strata-run, JIT) against strata-reference on the same random inputs
// (uniform in [-1, 1) for f32, [-8, 8) for i32, seed 7).
// Shapes: odd 7x13, row/column/1x1/rank-0 broadcasts on either side, both
// operands broadcasting, rank 3 against rank 2, 1x1, rank 1, i32.
// Tolerances: rtol 1e-4, atol 1e-5:
// each element is a single correctly-rounded f32 operation on both sides
// (the reference rounds its double result to f32), so results should agree
// exactly; the margin is the suite default.

// RUN: strata-reference %s --entry mul_same --seed 7 --output %t.mul_same.npy
// RUN: strata-run %s --entry mul_same --seed 7 --expected %t.mul_same.npy --rtol 1e-4 --atol 1e-5
func.func @mul_same(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry mul_bcast_row --seed 7 --output %t.mul_bcast_row.npy
// RUN: strata-run %s --entry mul_bcast_row --seed 7 --expected %t.mul_bcast_row.npy --rtol 1e-4 --atol 1e-5
func.func @mul_bcast_row(%a: tensor<7x13xf32>, %b: tensor<13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<7x13xf32>, tensor<13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry mul_bcast_col --seed 7 --output %t.mul_bcast_col.npy
// RUN: strata-run %s --entry mul_bcast_col --seed 7 --expected %t.mul_bcast_col.npy --rtol 1e-4 --atol 1e-5
func.func @mul_bcast_col(%a: tensor<7x13xf32>, %b: tensor<7x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<7x13xf32>, tensor<7x1xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry mul_bcast_scalar --seed 7 --output %t.mul_bcast_scalar.npy
// RUN: strata-run %s --entry mul_bcast_scalar --seed 7 --expected %t.mul_bcast_scalar.npy --rtol 1e-4 --atol 1e-5
func.func @mul_bcast_scalar(%a: tensor<7x13xf32>, %b: tensor<1x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<7x13xf32>, tensor<1x1xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry mul_bcast_rank0 --seed 7 --output %t.mul_bcast_rank0.npy
// RUN: strata-run %s --entry mul_bcast_rank0 --seed 7 --expected %t.mul_bcast_rank0.npy --rtol 1e-4 --atol 1e-5
func.func @mul_bcast_rank0(%a: tensor<7x13xf32>, %b: tensor<f32>) -> tensor<7x13xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<7x13xf32>, tensor<f32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry mul_bcast_both --seed 7 --output %t.mul_bcast_both.npy
// RUN: strata-run %s --entry mul_bcast_both --seed 7 --expected %t.mul_bcast_both.npy --rtol 1e-4 --atol 1e-5
func.func @mul_bcast_both(%a: tensor<1x13xf32>, %b: tensor<7x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<1x13xf32>, tensor<7x1xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry mul_bcast_rank3 --seed 7 --output %t.mul_bcast_rank3.npy
// RUN: strata-run %s --entry mul_bcast_rank3 --seed 7 --expected %t.mul_bcast_rank3.npy --rtol 1e-4 --atol 1e-5
func.func @mul_bcast_rank3(%a: tensor<3x1x5xf32>, %b: tensor<4x1xf32>) -> tensor<3x4x5xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<3x1x5xf32>, tensor<4x1xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// RUN: strata-reference %s --entry mul_ones --seed 7 --output %t.mul_ones.npy
// RUN: strata-run %s --entry mul_ones --seed 7 --expected %t.mul_ones.npy --rtol 1e-4 --atol 1e-5
func.func @mul_ones(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry mul_rank1 --seed 7 --output %t.mul_rank1.npy
// RUN: strata-run %s --entry mul_rank1 --seed 7 --expected %t.mul_rank1.npy --rtol 1e-4 --atol 1e-5
func.func @mul_rank1(%a: tensor<17xf32>, %b: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<17xf32>, tensor<17xf32>) -> tensor<17xf32>
  return %0 : tensor<17xf32>
}

// RUN: strata-reference %s --entry mul_bcast_row_lhs --seed 7 --output %t.mul_bcast_row_lhs.npy
// RUN: strata-run %s --entry mul_bcast_row_lhs --seed 7 --expected %t.mul_bcast_row_lhs.npy --rtol 1e-4 --atol 1e-5
func.func @mul_bcast_row_lhs(%a: tensor<13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry mul_i32_bcast_row --seed 7 --output %t.mul_i32_bcast_row.npy
// RUN: strata-run %s --entry mul_i32_bcast_row --seed 7 --expected %t.mul_i32_bcast_row.npy --rtol 1e-4 --atol 1e-5
func.func @mul_i32_bcast_row(%a: tensor<7x13xi32>, %b: tensor<13xi32>) -> tensor<7x13xi32> {
  %0 = "graph.mul"(%a, %b) : (tensor<7x13xi32>, tensor<13xi32>) -> tensor<7x13xi32>
  return %0 : tensor<7x13xi32>
}
