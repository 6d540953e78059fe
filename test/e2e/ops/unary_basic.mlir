// End-to-end: graph.relu, neg, abs, leaky_relu (alpha 0.01, 0.2), clip
// (symmetric, relu6 on 8x, a single point min = max) on f32 and i32,
// compiled by Strata (strata-run) against strata-reference on the same
// random inputs (seed 7; f32 uniform in [-1, 1), i32 in [-8, 8)).
// Shapes: 7x13, 1x1, 3x1x5, 17.
// Tolerances: exact (rtol 0, atol 0): these select, negate or scale by one
// f32 multiply, identical on both sides.

// RUN: strata-reference %s --entry relu_7x13 --seed 7 --output %t.relu_7x13.npy
// RUN: strata-run %s --entry relu_7x13 --seed 7 --expected %t.relu_7x13.npy --rtol 0 --atol 0
func.func @relu_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.relu"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry relu_1x1 --seed 7 --output %t.relu_1x1.npy
// RUN: strata-run %s --entry relu_1x1 --seed 7 --expected %t.relu_1x1.npy --rtol 0 --atol 0
func.func @relu_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.relu"(%a) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry relu_3x1x5 --seed 7 --output %t.relu_3x1x5.npy
// RUN: strata-run %s --entry relu_3x1x5 --seed 7 --expected %t.relu_3x1x5.npy --rtol 0 --atol 0
func.func @relu_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.relu"(%a) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry relu_17 --seed 7 --output %t.relu_17.npy
// RUN: strata-run %s --entry relu_17 --seed 7 --expected %t.relu_17.npy --rtol 0 --atol 0
func.func @relu_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.relu"(%a) : (tensor<17xf32>) -> tensor<17xf32>
  return %0 : tensor<17xf32>
}

// RUN: strata-reference %s --entry neg_7x13 --seed 7 --output %t.neg_7x13.npy
// RUN: strata-run %s --entry neg_7x13 --seed 7 --expected %t.neg_7x13.npy --rtol 0 --atol 0
func.func @neg_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.neg"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry neg_1x1 --seed 7 --output %t.neg_1x1.npy
// RUN: strata-run %s --entry neg_1x1 --seed 7 --expected %t.neg_1x1.npy --rtol 0 --atol 0
func.func @neg_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.neg"(%a) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry neg_3x1x5 --seed 7 --output %t.neg_3x1x5.npy
// RUN: strata-run %s --entry neg_3x1x5 --seed 7 --expected %t.neg_3x1x5.npy --rtol 0 --atol 0
func.func @neg_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.neg"(%a) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry neg_17 --seed 7 --output %t.neg_17.npy
// RUN: strata-run %s --entry neg_17 --seed 7 --expected %t.neg_17.npy --rtol 0 --atol 0
func.func @neg_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.neg"(%a) : (tensor<17xf32>) -> tensor<17xf32>
  return %0 : tensor<17xf32>
}

// RUN: strata-reference %s --entry abs_7x13 --seed 7 --output %t.abs_7x13.npy
// RUN: strata-run %s --entry abs_7x13 --seed 7 --expected %t.abs_7x13.npy --rtol 0 --atol 0
func.func @abs_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry abs_1x1 --seed 7 --output %t.abs_1x1.npy
// RUN: strata-run %s --entry abs_1x1 --seed 7 --expected %t.abs_1x1.npy --rtol 0 --atol 0
func.func @abs_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.abs"(%a) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry abs_3x1x5 --seed 7 --output %t.abs_3x1x5.npy
// RUN: strata-run %s --entry abs_3x1x5 --seed 7 --expected %t.abs_3x1x5.npy --rtol 0 --atol 0
func.func @abs_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.abs"(%a) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry abs_17 --seed 7 --output %t.abs_17.npy
// RUN: strata-run %s --entry abs_17 --seed 7 --expected %t.abs_17.npy --rtol 0 --atol 0
func.func @abs_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.abs"(%a) : (tensor<17xf32>) -> tensor<17xf32>
  return %0 : tensor<17xf32>
}

// RUN: strata-reference %s --entry leaky_relu_001_7x13 --seed 7 --output %t.leaky_relu_001_7x13.npy
// RUN: strata-run %s --entry leaky_relu_001_7x13 --seed 7 --expected %t.leaky_relu_001_7x13.npy --rtol 0 --atol 0
func.func @leaky_relu_001_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.leaky_relu"(%a) {alpha = 0.01 : f32} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry leaky_relu_001_1x1 --seed 7 --output %t.leaky_relu_001_1x1.npy
// RUN: strata-run %s --entry leaky_relu_001_1x1 --seed 7 --expected %t.leaky_relu_001_1x1.npy --rtol 0 --atol 0
func.func @leaky_relu_001_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.leaky_relu"(%a) {alpha = 0.01 : f32} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry leaky_relu_001_3x1x5 --seed 7 --output %t.leaky_relu_001_3x1x5.npy
// RUN: strata-run %s --entry leaky_relu_001_3x1x5 --seed 7 --expected %t.leaky_relu_001_3x1x5.npy --rtol 0 --atol 0
func.func @leaky_relu_001_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.leaky_relu"(%a) {alpha = 0.01 : f32} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry leaky_relu_02_7x13 --seed 7 --output %t.leaky_relu_02_7x13.npy
// RUN: strata-run %s --entry leaky_relu_02_7x13 --seed 7 --expected %t.leaky_relu_02_7x13.npy --rtol 0 --atol 0
func.func @leaky_relu_02_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.leaky_relu"(%a) {alpha = 0.2 : f32} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry leaky_relu_02_1x1 --seed 7 --output %t.leaky_relu_02_1x1.npy
// RUN: strata-run %s --entry leaky_relu_02_1x1 --seed 7 --expected %t.leaky_relu_02_1x1.npy --rtol 0 --atol 0
func.func @leaky_relu_02_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.leaky_relu"(%a) {alpha = 0.2 : f32} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry leaky_relu_02_3x1x5 --seed 7 --output %t.leaky_relu_02_3x1x5.npy
// RUN: strata-run %s --entry leaky_relu_02_3x1x5 --seed 7 --expected %t.leaky_relu_02_3x1x5.npy --rtol 0 --atol 0
func.func @leaky_relu_02_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.leaky_relu"(%a) {alpha = 0.2 : f32} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry clip_sym_7x13 --seed 7 --output %t.clip_sym_7x13.npy
// RUN: strata-run %s --entry clip_sym_7x13 --seed 7 --expected %t.clip_sym_7x13.npy --rtol 0 --atol 0
func.func @clip_sym_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.clip"(%a) {min = -0.5 : f32, max = 0.5 : f32} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry clip_sym_1x1 --seed 7 --output %t.clip_sym_1x1.npy
// RUN: strata-run %s --entry clip_sym_1x1 --seed 7 --expected %t.clip_sym_1x1.npy --rtol 0 --atol 0
func.func @clip_sym_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.clip"(%a) {min = -0.5 : f32, max = 0.5 : f32} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry clip_sym_3x1x5 --seed 7 --output %t.clip_sym_3x1x5.npy
// RUN: strata-run %s --entry clip_sym_3x1x5 --seed 7 --expected %t.clip_sym_3x1x5.npy --rtol 0 --atol 0
func.func @clip_sym_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.clip"(%a) {min = -0.5 : f32, max = 0.5 : f32} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry clip_relu6_7x13 --seed 7 --output %t.clip_relu6_7x13.npy
// RUN: strata-run %s --entry clip_relu6_7x13 --seed 7 --expected %t.clip_relu6_7x13.npy --rtol 0 --atol 0
func.func @clip_relu6_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<8.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.clip"(%1) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %2 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry clip_relu6_1x1 --seed 7 --output %t.clip_relu6_1x1.npy
// RUN: strata-run %s --entry clip_relu6_1x1 --seed 7 --expected %t.clip_relu6_1x1.npy --rtol 0 --atol 0
func.func @clip_relu6_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<8.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.clip"(%1) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry clip_relu6_3x1x5 --seed 7 --output %t.clip_relu6_3x1x5.npy
// RUN: strata-run %s --entry clip_relu6_3x1x5 --seed 7 --expected %t.clip_relu6_3x1x5.npy --rtol 0 --atol 0
func.func @clip_relu6_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<8.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %2 = "graph.clip"(%1) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %2 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry clip_point_7x13 --seed 7 --output %t.clip_point_7x13.npy
// RUN: strata-run %s --entry clip_point_7x13 --seed 7 --expected %t.clip_point_7x13.npy --rtol 0 --atol 0
func.func @clip_point_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.clip"(%a) {min = -0.25 : f32, max = -0.25 : f32} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry clip_point_1x1 --seed 7 --output %t.clip_point_1x1.npy
// RUN: strata-run %s --entry clip_point_1x1 --seed 7 --expected %t.clip_point_1x1.npy --rtol 0 --atol 0
func.func @clip_point_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.clip"(%a) {min = -0.25 : f32, max = -0.25 : f32} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry clip_point_3x1x5 --seed 7 --output %t.clip_point_3x1x5.npy
// RUN: strata-run %s --entry clip_point_3x1x5 --seed 7 --expected %t.clip_point_3x1x5.npy --rtol 0 --atol 0
func.func @clip_point_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.clip"(%a) {min = -0.25 : f32, max = -0.25 : f32} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry relu_i32 --seed 7 --output %t.relu_i32.npy
// RUN: strata-run %s --entry relu_i32 --seed 7 --expected %t.relu_i32.npy --rtol 0 --atol 0
func.func @relu_i32(%a: tensor<7x13xi32>) -> tensor<7x13xi32> {
  %0 = "graph.relu"(%a) : (tensor<7x13xi32>) -> tensor<7x13xi32>
  return %0 : tensor<7x13xi32>
}

// RUN: strata-reference %s --entry neg_i32 --seed 7 --output %t.neg_i32.npy
// RUN: strata-run %s --entry neg_i32 --seed 7 --expected %t.neg_i32.npy --rtol 0 --atol 0
func.func @neg_i32(%a: tensor<7x13xi32>) -> tensor<7x13xi32> {
  %0 = "graph.neg"(%a) : (tensor<7x13xi32>) -> tensor<7x13xi32>
  return %0 : tensor<7x13xi32>
}

// RUN: strata-reference %s --entry abs_i32 --seed 7 --output %t.abs_i32.npy
// RUN: strata-run %s --entry abs_i32 --seed 7 --expected %t.abs_i32.npy --rtol 0 --atol 0
func.func @abs_i32(%a: tensor<7x13xi32>) -> tensor<7x13xi32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xi32>) -> tensor<7x13xi32>
  return %0 : tensor<7x13xi32>
}

// RUN: strata-reference %s --entry clip_i32 --seed 7 --output %t.clip_i32.npy
// RUN: strata-run %s --entry clip_i32 --seed 7 --expected %t.clip_i32.npy --rtol 0 --atol 0
func.func @clip_i32(%a: tensor<7x13xi32>) -> tensor<7x13xi32> {
  %0 = "graph.clip"(%a) {min = -3 : i32, max = 3 : i32} : (tensor<7x13xi32>) -> tensor<7x13xi32>
  return %0 : tensor<7x13xi32>
}
