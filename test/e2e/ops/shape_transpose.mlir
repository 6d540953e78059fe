// End-to-end: graph.transpose (2-4D permutations, identity, 1-sized dims, i32), compiled by Strata (strata-run) against
// strata-reference on the same random inputs (f32 uniform in [-1, 1),
// i32 in [-8, 8), seed 7).
// Tolerances: exact (rtol 0, atol 0): these ops only move elements, so every
// output must be bit-identical to an input element or the pad value.

// RUN: strata-reference %s --entry transpose_7x13 --seed 7 --output %t.transpose_7x13.npy
// RUN: strata-run %s --entry transpose_7x13 --seed 7 --expected %t.transpose_7x13.npy --rtol 0 --atol 0
func.func @transpose_7x13(%a: tensor<7x13xf32>) -> tensor<13x7xf32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<7x13xf32>) -> tensor<13x7xf32>
  return %0 : tensor<13x7xf32>
}

// RUN: strata-reference %s --entry transpose_3d_201 --seed 7 --output %t.transpose_3d_201.npy
// RUN: strata-run %s --entry transpose_3d_201 --seed 7 --expected %t.transpose_3d_201.npy --rtol 0 --atol 0
func.func @transpose_3d_201(%a: tensor<2x3x5xf32>) -> tensor<5x2x3xf32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x5xf32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// RUN: strata-reference %s --entry transpose_3d_102 --seed 7 --output %t.transpose_3d_102.npy
// RUN: strata-run %s --entry transpose_3d_102 --seed 7 --expected %t.transpose_3d_102.npy --rtol 0 --atol 0
func.func @transpose_3d_102(%a: tensor<2x3x5xf32>) -> tensor<3x2x5xf32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x5xf32>) -> tensor<3x2x5xf32>
  return %0 : tensor<3x2x5xf32>
}

// RUN: strata-reference %s --entry transpose_nchw_to_nhwc --seed 7 --output %t.transpose_nchw_to_nhwc.npy
// RUN: strata-run %s --entry transpose_nchw_to_nhwc --seed 7 --expected %t.transpose_nchw_to_nhwc.npy --rtol 0 --atol 0
func.func @transpose_nchw_to_nhwc(%a: tensor<2x3x4x5xf32>) -> tensor<2x4x5x3xf32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x4x5xf32>) -> tensor<2x4x5x3xf32>
  return %0 : tensor<2x4x5x3xf32>
}

// RUN: strata-reference %s --entry transpose_identity --seed 7 --output %t.transpose_identity.npy
// RUN: strata-run %s --entry transpose_identity --seed 7 --expected %t.transpose_identity.npy --rtol 0 --atol 0
func.func @transpose_identity(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 0, 1>} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// RUN: strata-reference %s --entry transpose_ones --seed 7 --output %t.transpose_ones.npy
// RUN: strata-run %s --entry transpose_ones --seed 7 --expected %t.transpose_ones.npy --rtol 0 --atol 0
func.func @transpose_ones(%a: tensor<1x7x1xf32>) -> tensor<1x7x1xf32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 2, 1, 0>} : (tensor<1x7x1xf32>) -> tensor<1x7x1xf32>
  return %0 : tensor<1x7x1xf32>
}

// RUN: strata-reference %s --entry transpose_4d_3120 --seed 7 --output %t.transpose_4d_3120.npy
// RUN: strata-run %s --entry transpose_4d_3120 --seed 7 --expected %t.transpose_4d_3120.npy --rtol 0 --atol 0
func.func @transpose_4d_3120(%a: tensor<2x3x4x5xf32>) -> tensor<5x3x4x2xf32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 3, 1, 2, 0>} : (tensor<2x3x4x5xf32>) -> tensor<5x3x4x2xf32>
  return %0 : tensor<5x3x4x2xf32>
}

// RUN: strata-reference %s --entry transpose_i32 --seed 7 --output %t.transpose_i32.npy
// RUN: strata-run %s --entry transpose_i32 --seed 7 --expected %t.transpose_i32.npy --rtol 0 --atol 0
func.func @transpose_i32(%a: tensor<7x13xi32>) -> tensor<13x7xi32> {
  %0 = "graph.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<7x13xi32>) -> tensor<13x7xi32>
  return %0 : tensor<13x7xi32>
}
