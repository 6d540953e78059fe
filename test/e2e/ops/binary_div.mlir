// End-to-end: graph.div (numpy broadcasting) compiled by Strata
// (strata-run, JIT) against strata-reference on the same random inputs
// (uniform in [-1, 1) for f32, [-8, 8) for i32, seed 7).
// Shapes: odd 7x13, row/column/1x1/rank-0 broadcasts on either side, both
// operands broadcasting, rank 3 against rank 2, 1x1, rank 1, i32.
// div divides by |b| + 0.5, so quotients are finite; div_i32 divides by
// nonzero constants of both signs.
// Tolerances: rtol 1e-4, atol 1e-5:
// each element is a single correctly-rounded f32 operation on both sides
// (the reference rounds its double result to f32), so results should agree
// exactly; the margin is the suite default.

// RUN: strata-reference %s --entry div_same --seed 7 --output %t.div_same.npy
// RUN: strata-run %s --entry div_same --seed 7 --expected %t.div_same.npy --rtol 1e-4 --atol 1e-5
func.func @div_same(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%b) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.div"(%a, %2) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry div_bcast_row --seed 7 --output %t.div_bcast_row.npy
// RUN: strata-run %s --entry div_bcast_row --seed 7 --expected %t.div_bcast_row.npy --rtol 1e-4 --atol 1e-5
func.func @div_bcast_row(%a: tensor<7x13xf32>, %b: tensor<13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%b) : (tensor<13xf32>) -> tensor<13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<13xf32>} : () -> tensor<13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<13xf32>, tensor<13xf32>) -> tensor<13xf32>
  %3 = "graph.div"(%a, %2) : (tensor<7x13xf32>, tensor<13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry div_bcast_col --seed 7 --output %t.div_bcast_col.npy
// RUN: strata-run %s --entry div_bcast_col --seed 7 --expected %t.div_bcast_col.npy --rtol 1e-4 --atol 1e-5
func.func @div_bcast_col(%a: tensor<7x13xf32>, %b: tensor<7x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%b) : (tensor<7x1xf32>) -> tensor<7x1xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x1xf32>} : () -> tensor<7x1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x1xf32>, tensor<7x1xf32>) -> tensor<7x1xf32>
  %3 = "graph.div"(%a, %2) : (tensor<7x13xf32>, tensor<7x1xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry div_bcast_scalar --seed 7 --output %t.div_bcast_scalar.npy
// RUN: strata-run %s --entry div_bcast_scalar --seed 7 --expected %t.div_bcast_scalar.npy --rtol 1e-4 --atol 1e-5
func.func @div_bcast_scalar(%a: tensor<7x13xf32>, %b: tensor<1x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%b) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  %3 = "graph.div"(%a, %2) : (tensor<7x13xf32>, tensor<1x1xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry div_bcast_rank0 --seed 7 --output %t.div_bcast_rank0.npy
// RUN: strata-run %s --entry div_bcast_rank0 --seed 7 --expected %t.div_bcast_rank0.npy --rtol 1e-4 --atol 1e-5
func.func @div_bcast_rank0(%a: tensor<7x13xf32>, %b: tensor<f32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%b) : (tensor<f32>) -> tensor<f32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %2 = "graph.add"(%0, %1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %3 = "graph.div"(%a, %2) : (tensor<7x13xf32>, tensor<f32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry div_bcast_both --seed 7 --output %t.div_bcast_both.npy
// RUN: strata-run %s --entry div_bcast_both --seed 7 --expected %t.div_bcast_both.npy --rtol 1e-4 --atol 1e-5
func.func @div_bcast_both(%a: tensor<1x13xf32>, %b: tensor<7x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%b) : (tensor<7x1xf32>) -> tensor<7x1xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x1xf32>} : () -> tensor<7x1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x1xf32>, tensor<7x1xf32>) -> tensor<7x1xf32>
  %3 = "graph.div"(%a, %2) : (tensor<1x13xf32>, tensor<7x1xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry div_bcast_rank3 --seed 7 --output %t.div_bcast_rank3.npy
// RUN: strata-run %s --entry div_bcast_rank3 --seed 7 --expected %t.div_bcast_rank3.npy --rtol 1e-4 --atol 1e-5
func.func @div_bcast_rank3(%a: tensor<3x1x5xf32>, %b: tensor<4x1xf32>) -> tensor<3x4x5xf32> {
  %0 = "graph.abs"(%b) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<4x1xf32>} : () -> tensor<4x1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  %3 = "graph.div"(%a, %2) : (tensor<3x1x5xf32>, tensor<4x1xf32>) -> tensor<3x4x5xf32>
  return %3 : tensor<3x4x5xf32>
}

// RUN: strata-reference %s --entry div_bcast_row_lhs --seed 7 --output %t.div_bcast_row_lhs.npy
// RUN: strata-run %s --entry div_bcast_row_lhs --seed 7 --expected %t.div_bcast_row_lhs.npy --rtol 1e-4 --atol 1e-5
func.func @div_bcast_row_lhs(%a: tensor<13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%b) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.div"(%a, %2) : (tensor<13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// Integer division truncates toward zero (arith.divsi / C): -7 / 2 = -3.
// RUN: strata-reference %s --entry div_i32 --seed 7 --output %t.div_i32.npy
// RUN: strata-run %s --entry div_i32 --seed 7 --expected %t.div_i32.npy --rtol 1e-4 --atol 1e-5
func.func @div_i32(%a: tensor<7x13xi32>) -> tensor<7x13xi32> {
  %0 = "graph.constant"() {value = dense<[3, -2, 5, 1, -1, 7, -3, 2, 4, -5, 6, -4, 9]> : tensor<13xi32>} : () -> tensor<13xi32>
  %1 = "graph.div"(%a, %0) : (tensor<7x13xi32>, tensor<13xi32>) -> tensor<7x13xi32>
  return %1 : tensor<7x13xi32>
}
