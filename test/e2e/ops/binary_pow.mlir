// End-to-end: graph.pow (numpy broadcasting) compiled by Strata
// (strata-run, JIT) against strata-reference on the same random inputs
// (uniform in [-1, 1) for f32, [-8, 8) for i32, seed 7).
// Shapes: odd 7x13, row/column/1x1/rank-0 broadcasts on either side, both
// operands broadcasting, rank 3 against rank 2, 1x1, rank 1.
// pow raises |a| + 0.5 to exponents in [-1, 1), and (pow_const_*) any
// base to 2 and 3, and |a| + 0.5 to 0.5.
// Tolerances: rtol 1e-4, atol 1e-5:
// f32 pow (exp/log based or libm) is within a few ulp of the
// double reference rounded to f32, ~1e-6 relative.

// RUN: strata-reference %s --entry pow_same --seed 7 --output %t.pow_same.npy
// RUN: strata-run %s --entry pow_same --seed 7 --expected %t.pow_same.npy --rtol 1e-4 --atol 1e-5
func.func @pow_same(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry pow_bcast_row --seed 7 --output %t.pow_bcast_row.npy
// RUN: strata-run %s --entry pow_bcast_row --seed 7 --expected %t.pow_bcast_row.npy --rtol 1e-4 --atol 1e-5
func.func @pow_bcast_row(%a: tensor<7x13xf32>, %b: tensor<13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<7x13xf32>, tensor<13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry pow_bcast_col --seed 7 --output %t.pow_bcast_col.npy
// RUN: strata-run %s --entry pow_bcast_col --seed 7 --expected %t.pow_bcast_col.npy --rtol 1e-4 --atol 1e-5
func.func @pow_bcast_col(%a: tensor<7x13xf32>, %b: tensor<7x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<7x13xf32>, tensor<7x1xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry pow_bcast_scalar --seed 7 --output %t.pow_bcast_scalar.npy
// RUN: strata-run %s --entry pow_bcast_scalar --seed 7 --expected %t.pow_bcast_scalar.npy --rtol 1e-4 --atol 1e-5
func.func @pow_bcast_scalar(%a: tensor<7x13xf32>, %b: tensor<1x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<7x13xf32>, tensor<1x1xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry pow_bcast_rank0 --seed 7 --output %t.pow_bcast_rank0.npy
// RUN: strata-run %s --entry pow_bcast_rank0 --seed 7 --expected %t.pow_bcast_rank0.npy --rtol 1e-4 --atol 1e-5
func.func @pow_bcast_rank0(%a: tensor<7x13xf32>, %b: tensor<f32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<7x13xf32>, tensor<f32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry pow_bcast_both --seed 7 --output %t.pow_bcast_both.npy
// RUN: strata-run %s --entry pow_bcast_both --seed 7 --expected %t.pow_bcast_both.npy --rtol 1e-4 --atol 1e-5
func.func @pow_bcast_both(%a: tensor<1x13xf32>, %b: tensor<7x1xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<1x13xf32>) -> tensor<1x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<1x13xf32>} : () -> tensor<1x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<1x13xf32>, tensor<1x13xf32>) -> tensor<1x13xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<1x13xf32>, tensor<7x1xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry pow_bcast_rank3 --seed 7 --output %t.pow_bcast_rank3.npy
// RUN: strata-run %s --entry pow_bcast_rank3 --seed 7 --expected %t.pow_bcast_rank3.npy --rtol 1e-4 --atol 1e-5
func.func @pow_bcast_rank3(%a: tensor<3x1x5xf32>, %b: tensor<4x1xf32>) -> tensor<3x4x5xf32> {
  %0 = "graph.abs"(%a) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<3x1x5xf32>} : () -> tensor<3x1x5xf32>
  %2 = "graph.add"(%0, %1) : (tensor<3x1x5xf32>, tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<3x1x5xf32>, tensor<4x1xf32>) -> tensor<3x4x5xf32>
  return %3 : tensor<3x4x5xf32>
}

// RUN: strata-reference %s --entry pow_bcast_row_lhs --seed 7 --output %t.pow_bcast_row_lhs.npy
// RUN: strata-run %s --entry pow_bcast_row_lhs --seed 7 --expected %t.pow_bcast_row_lhs.npy --rtol 1e-4 --atol 1e-5
func.func @pow_bcast_row_lhs(%a: tensor<13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<13xf32>) -> tensor<13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<13xf32>} : () -> tensor<13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<13xf32>, tensor<13xf32>) -> tensor<13xf32>
  %3 = "graph.pow"(%2, %b) : (tensor<13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// A negative base with an integer exponent is well defined (numpy/ONNX Pow).
// RUN: strata-reference %s --entry pow_const_sq --seed 7 --output %t.pow_const_sq.npy
// RUN: strata-run %s --entry pow_const_sq --seed 7 --expected %t.pow_const_sq.npy --rtol 1e-4 --atol 1e-5
func.func @pow_const_sq(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.pow"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  return %1 : tensor<7x13xf32>
}

// A negative base with an integer exponent is well defined (numpy/ONNX Pow).
// RUN: strata-reference %s --entry pow_const_cube --seed 7 --output %t.pow_const_cube.npy
// RUN: strata-run %s --entry pow_const_cube --seed 7 --expected %t.pow_const_cube.npy --rtol 1e-4 --atol 1e-5
func.func @pow_const_cube(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<3.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.pow"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  return %1 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry pow_const_half --seed 7 --output %t.pow_const_half.npy
// RUN: strata-run %s --entry pow_const_half --seed 7 --expected %t.pow_const_half.npy --rtol 1e-4 --atol 1e-5
func.func @pow_const_half(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.constant"() {value = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %4 = "graph.pow"(%2, %3) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  return %4 : tensor<7x13xf32>
}
