// End-to-end: graph.constant (dense, splat, i32, 1x1, used by a binary op,
// returned directly, returned beside a computed value) compiled by Strata
// (strata-run) against strata-reference (seed 7 for the inputs).
// Tolerances: exact (rtol 0, atol 0): constants are copied, and the one add
// /sub/mul per element is a single correctly-rounded f32 operation on both
// sides.

// A constant returned directly (no inputs).
// RUN: strata-reference %s --entry constant_dense --seed 7 --output %t.constant_dense.npy
// RUN: strata-run %s --entry constant_dense --seed 7 --expected %t.constant_dense.npy --rtol 0 --atol 0
func.func @constant_dense() -> tensor<2x3xf32> {
  %0 = "graph.constant"() {value = dense<[[1.5, -2.0, 3.25], [0.0, 4.0, -0.125]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// RUN: strata-reference %s --entry constant_splat --seed 7 --output %t.constant_splat.npy
// RUN: strata-run %s --entry constant_splat --seed 7 --expected %t.constant_splat.npy --rtol 0 --atol 0
func.func @constant_splat() -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<0.75> : tensor<7x13xf32>} : () -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry constant_i32 --seed 7 --output %t.constant_i32.npy
// RUN: strata-run %s --entry constant_i32 --seed 7 --expected %t.constant_i32.npy --rtol 0 --atol 0
func.func @constant_i32() -> tensor<5xi32> {
  %0 = "graph.constant"() {value = dense<[1, -2, 3, -4, 5]> : tensor<5xi32>} : () -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// RUN: strata-reference %s --entry constant_add_input --seed 7 --output %t.constant_add_input.npy
// RUN: strata-run %s --entry constant_add_input --seed 7 --expected %t.constant_add_input.npy --rtol 0 --atol 0
func.func @constant_add_input(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<[-6.5, 1.5, -5.5, 2.5, -4.5, 3.5, -3.5, 4.5, -2.5, 5.5, -1.5, 6.5, 0.5]> : tensor<13xf32>} : () -> tensor<13xf32>
  %1 = "graph.add"(%a, %0) : (tensor<7x13xf32>, tensor<13xf32>) -> tensor<7x13xf32>
  return %1 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry constant_splat_mul_input --seed 7 --output %t.constant_splat_mul_input.npy
// RUN: strata-run %s --entry constant_splat_mul_input --seed 7 --expected %t.constant_splat_mul_input.npy --rtol 0 --atol 0
func.func @constant_splat_mul_input(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<-3.0> : tensor<3x1x5xf32>} : () -> tensor<3x1x5xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %1 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry constant_1x1 --seed 7 --output %t.constant_1x1.npy
// RUN: strata-run %s --entry constant_1x1 --seed 7 --expected %t.constant_1x1.npy --rtol 0 --atol 0
func.func @constant_1x1() -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<42.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry constant_two_results --seed 7 --output %t.constant_two_results.0.npy --output %t.constant_two_results.1.npy
// RUN: strata-run %s --entry constant_two_results --seed 7 --expected %t.constant_two_results.0.npy --expected %t.constant_two_results.1.npy --rtol 0 --atol 0
func.func @constant_two_results(%a: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "graph.sub"(%a, %0) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %1, %0 : tensor<2x2xf32>, tensor<2x2xf32>
}
