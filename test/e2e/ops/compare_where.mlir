// End-to-end: graph.equal / greater / less (numpy broadcasting, i1 results)
// and graph.where (i1 condition, three-way broadcasting), compiled by Strata
// (strata-run, JIT) against strata-reference on the same random inputs
// (f32 uniform in [-1, 1), i32 in [-8, 8), i1 in {0, 1}, seed 7). i1
// tensors cross the JIT boundary as 1 byte per element on both sides
// (runtime STRATA_DTYPE_BOOL, memref<...xi1> in the LLVM lowering).
// Tolerances: exact (rtol 0, atol 0): comparisons are exact and where only
// selects elements.

// RUN: strata-reference %s --entry equal_i32_bcast --seed 7 --output %t.equal_i32_bcast.npy
// RUN: strata-run %s --entry equal_i32_bcast --seed 7 --expected %t.equal_i32_bcast.npy --rtol 0 --atol 0
func.func @equal_i32_bcast(%a: tensor<7x13xi32>, %b: tensor<13xi32>) -> tensor<7x13xi1> {
  %0 = "graph.equal"(%a, %b) : (tensor<7x13xi32>, tensor<13xi32>) -> tensor<7x13xi1>
  return %0 : tensor<7x13xi1>
}

// RUN: strata-reference %s --entry equal_f32_self --seed 7 --output %t.equal_f32_self.npy
// RUN: strata-run %s --entry equal_f32_self --seed 7 --expected %t.equal_f32_self.npy --rtol 0 --atol 0
func.func @equal_f32_self(%a: tensor<4x5xf32>, %b: tensor<4x1xf32>) -> tensor<4x5xi1> {
  %s = "graph.slice"(%a) {starts = array<i64: 0, 2>, ends = array<i64: 4, 3>, steps = array<i64: 1, 1>} : (tensor<4x5xf32>) -> tensor<4x1xf32>
  %0 = "graph.equal"(%a, %s) : (tensor<4x5xf32>, tensor<4x1xf32>) -> tensor<4x5xi1>
  return %0 : tensor<4x5xi1>
}

// RUN: strata-reference %s --entry equal_i1 --seed 7 --output %t.equal_i1.npy
// RUN: strata-run %s --entry equal_i1 --seed 7 --expected %t.equal_i1.npy --rtol 0 --atol 0
func.func @equal_i1(%a: tensor<3x4xi1>, %b: tensor<3x4xi1>) -> tensor<3x4xi1> {
  %0 = "graph.equal"(%a, %b) : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

// RUN: strata-reference %s --entry greater_f32_bcast --seed 7 --output %t.greater_f32_bcast.npy
// RUN: strata-run %s --entry greater_f32_bcast --seed 7 --expected %t.greater_f32_bcast.npy --rtol 0 --atol 0
func.func @greater_f32_bcast(%a: tensor<3x4x5xf32>, %b: tensor<4x1xf32>) -> tensor<3x4x5xi1> {
  %0 = "graph.greater"(%a, %b) : (tensor<3x4x5xf32>, tensor<4x1xf32>) -> tensor<3x4x5xi1>
  return %0 : tensor<3x4x5xi1>
}

// RUN: strata-reference %s --entry greater_i32 --seed 7 --output %t.greater_i32.npy
// RUN: strata-run %s --entry greater_i32 --seed 7 --expected %t.greater_i32.npy --rtol 0 --atol 0
func.func @greater_i32(%a: tensor<17xi32>, %b: tensor<17xi32>) -> tensor<17xi1> {
  %0 = "graph.greater"(%a, %b) : (tensor<17xi32>, tensor<17xi32>) -> tensor<17xi1>
  return %0 : tensor<17xi1>
}

// RUN: strata-reference %s --entry less_f32_rank0 --seed 7 --output %t.less_f32_rank0.npy
// RUN: strata-run %s --entry less_f32_rank0 --seed 7 --expected %t.less_f32_rank0.npy --rtol 0 --atol 0
func.func @less_f32_rank0(%a: tensor<7x13xf32>, %b: tensor<f32>) -> tensor<7x13xi1> {
  %0 = "graph.less"(%a, %b) : (tensor<7x13xf32>, tensor<f32>) -> tensor<7x13xi1>
  return %0 : tensor<7x13xi1>
}

// RUN: strata-reference %s --entry less_i64_both --seed 7 --output %t.less_i64_both.npy
// RUN: strata-run %s --entry less_i64_both --seed 7 --expected %t.less_i64_both.npy --rtol 0 --atol 0
func.func @less_i64_both(%a: tensor<1x9xi64>, %b: tensor<6x1xi64>) -> tensor<6x9xi1> {
  %0 = "graph.less"(%a, %b) : (tensor<1x9xi64>, tensor<6x1xi64>) -> tensor<6x9xi1>
  return %0 : tensor<6x9xi1>
}

// RUN: strata-reference %s --entry where_same --seed 7 --output %t.where_same.npy
// RUN: strata-run %s --entry where_same --seed 7 --expected %t.where_same.npy --rtol 0 --atol 0
func.func @where_same(%c: tensor<7x13xi1>, %x: tensor<7x13xf32>, %y: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.where"(%c, %x, %y) : (tensor<7x13xi1>, tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry where_bcast3 --seed 7 --output %t.where_bcast3.npy
// RUN: strata-run %s --entry where_bcast3 --seed 7 --expected %t.where_bcast3.npy --rtol 0 --atol 0
func.func @where_bcast3(%c: tensor<4x1xi1>, %x: tensor<3x1x5xf32>, %y: tensor<5xf32>) -> tensor<3x4x5xf32> {
  %0 = "graph.where"(%c, %x, %y) : (tensor<4x1xi1>, tensor<3x1x5xf32>, tensor<5xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// RUN: strata-reference %s --entry where_from_compare --seed 7 --output %t.where_from_compare.npy
// RUN: strata-run %s --entry where_from_compare --seed 7 --expected %t.where_from_compare.npy --rtol 0 --atol 0
func.func @where_from_compare(%a: tensor<6x7xf32>, %b: tensor<6x7xf32>) -> tensor<6x7xf32> {
  %c = "graph.greater"(%a, %b) : (tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<6x7xi1>
  %0 = "graph.where"(%c, %a, %b) : (tensor<6x7xi1>, tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

// RUN: strata-reference %s --entry where_i32_scalar_cond --seed 7 --output %t.where_i32_scalar_cond.npy
// RUN: strata-run %s --entry where_i32_scalar_cond --seed 7 --expected %t.where_i32_scalar_cond.npy --rtol 0 --atol 0
func.func @where_i32_scalar_cond(%c: tensor<i1>, %x: tensor<2x3xi32>, %y: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "graph.where"(%c, %x, %y) : (tensor<i1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
