// End-to-end: graph.batch_norm (inference form, along axis 0, 1, 3) and
// graph.softmax (last, first, middle axis; rank 1 to 4; a size-1 axis; a
// wide input range) compiled by Strata (strata-run) against
// strata-reference on the same random inputs (uniform in [-1, 1), seed 7).
// Tolerances: rtol 1e-4, atol 1e-5. batch_norm: a few f32 operations and a
// sqrt (with var >= 0.1 the division amplifies rounding at most ~3x).
// softmax: f32 exp (few ulp) and a sum of <= 13 terms; outputs lie in
// (0, 1], so atol 1e-5 bounds the absolute error of the tiny ones.

// var = |v| + 0.1 (random v), so the square root is of a positive number.
// RUN: strata-reference %s --entry batch_norm_nchw --seed 7 --output %t.batch_norm_nchw.npy
// RUN: strata-run %s --entry batch_norm_nchw --seed 7 --expected %t.batch_norm_nchw.npy --rtol 1e-4 --atol 1e-5
func.func @batch_norm_nchw(%a: tensor<2x3x5x7xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>, %d: tensor<3xf32>, %e: tensor<3xf32>) -> tensor<2x3x5x7xf32> {
  %0 = "graph.abs"(%e) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>
  %3 = "graph.batch_norm"(%a, %b, %c, %d, %2) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<2x3x5x7xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x5x7xf32>
  return %3 : tensor<2x3x5x7xf32>
}

// var = |v| + 0.1 (random v), so the square root is of a positive number.
// RUN: strata-reference %s --entry batch_norm_axis3 --seed 7 --output %t.batch_norm_axis3.npy
// RUN: strata-run %s --entry batch_norm_axis3 --seed 7 --expected %t.batch_norm_axis3.npy --rtol 1e-4 --atol 1e-5
func.func @batch_norm_axis3(%a: tensor<1x5x7x3xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>, %d: tensor<3xf32>, %e: tensor<3xf32>) -> tensor<1x5x7x3xf32> {
  %0 = "graph.abs"(%e) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>
  %3 = "graph.batch_norm"(%a, %b, %c, %d, %2) {epsilon = 1.0e-05 : f32, axis = 3 : i64} : (tensor<1x5x7x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x5x7x3xf32>
  return %3 : tensor<1x5x7x3xf32>
}

// var = |v| + 0.1 (random v), so the square root is of a positive number.
// RUN: strata-reference %s --entry batch_norm_2d --seed 7 --output %t.batch_norm_2d.npy
// RUN: strata-run %s --entry batch_norm_2d --seed 7 --expected %t.batch_norm_2d.npy --rtol 1e-4 --atol 1e-5
func.func @batch_norm_2d(%a: tensor<7x13xf32>, %b: tensor<13xf32>, %c: tensor<13xf32>, %d: tensor<13xf32>, %e: tensor<13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%e) : (tensor<13xf32>) -> tensor<13xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<13xf32>, tensor<1xf32>) -> tensor<13xf32>
  %3 = "graph.batch_norm"(%a, %b, %c, %d, %2) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<7x13xf32>, tensor<13xf32>, tensor<13xf32>, tensor<13xf32>, tensor<13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// var = |v| + 0.1 (random v), so the square root is of a positive number.
// RUN: strata-reference %s --entry batch_norm_axis0 --seed 7 --output %t.batch_norm_axis0.npy
// RUN: strata-run %s --entry batch_norm_axis0 --seed 7 --expected %t.batch_norm_axis0.npy --rtol 1e-4 --atol 1e-5
func.func @batch_norm_axis0(%a: tensor<5x4xf32>, %b: tensor<5xf32>, %c: tensor<5xf32>, %d: tensor<5xf32>, %e: tensor<5xf32>) -> tensor<5x4xf32> {
  %0 = "graph.abs"(%e) : (tensor<5xf32>) -> tensor<5xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<5xf32>, tensor<1xf32>) -> tensor<5xf32>
  %3 = "graph.batch_norm"(%a, %b, %c, %d, %2) {epsilon = 1.0e-03 : f32, axis = 0 : i64} : (tensor<5x4xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<5x4xf32>
  return %3 : tensor<5x4xf32>
}

// var = |v| + 0.1 (random v), so the square root is of a positive number.
// RUN: strata-reference %s --entry batch_norm_c1 --seed 7 --output %t.batch_norm_c1.npy
// RUN: strata-run %s --entry batch_norm_c1 --seed 7 --expected %t.batch_norm_c1.npy --rtol 1e-4 --atol 1e-5
func.func @batch_norm_c1(%a: tensor<2x1x3x3xf32>, %b: tensor<1xf32>, %c: tensor<1xf32>, %d: tensor<1xf32>, %e: tensor<1xf32>) -> tensor<2x1x3x3xf32> {
  %0 = "graph.abs"(%e) : (tensor<1xf32>) -> tensor<1xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %3 = "graph.batch_norm"(%a, %b, %c, %d, %2) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<2x1x3x3xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x1x3x3xf32>
  return %3 : tensor<2x1x3x3xf32>
}

// RUN: strata-reference %s --entry softmax_last_7x13 --seed 7 --output %t.softmax_last_7x13.npy
// RUN: strata-run %s --entry softmax_last_7x13 --seed 7 --expected %t.softmax_last_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @softmax_last_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.softmax"(%a) {axis = 1 : i64} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry softmax_axis0_7x13 --seed 7 --output %t.softmax_axis0_7x13.npy
// RUN: strata-run %s --entry softmax_axis0_7x13 --seed 7 --expected %t.softmax_axis0_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @softmax_axis0_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.softmax"(%a) {axis = 0 : i64} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry softmax_middle_2x7x5 --seed 7 --output %t.softmax_middle_2x7x5.npy
// RUN: strata-run %s --entry softmax_middle_2x7x5 --seed 7 --expected %t.softmax_middle_2x7x5.npy --rtol 1e-4 --atol 1e-5
func.func @softmax_middle_2x7x5(%a: tensor<2x7x5xf32>) -> tensor<2x7x5xf32> {
  %0 = "graph.softmax"(%a) {axis = 1 : i64} : (tensor<2x7x5xf32>) -> tensor<2x7x5xf32>
  return %0 : tensor<2x7x5xf32>
}

// RUN: strata-reference %s --entry softmax_rank1_17 --seed 7 --output %t.softmax_rank1_17.npy
// RUN: strata-run %s --entry softmax_rank1_17 --seed 7 --expected %t.softmax_rank1_17.npy --rtol 1e-4 --atol 1e-5
func.func @softmax_rank1_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.softmax"(%a) {axis = 0 : i64} : (tensor<17xf32>) -> tensor<17xf32>
  return %0 : tensor<17xf32>
}

// RUN: strata-reference %s --entry softmax_size1_axis --seed 7 --output %t.softmax_size1_axis.npy
// RUN: strata-run %s --entry softmax_size1_axis --seed 7 --expected %t.softmax_size1_axis.npy --rtol 1e-4 --atol 1e-5
func.func @softmax_size1_axis(%a: tensor<7x1xf32>) -> tensor<7x1xf32> {
  %0 = "graph.softmax"(%a) {axis = 1 : i64} : (tensor<7x1xf32>) -> tensor<7x1xf32>
  return %0 : tensor<7x1xf32>
}

// RUN: strata-reference %s --entry softmax_rank4_axis1 --seed 7 --output %t.softmax_rank4_axis1.npy
// RUN: strata-run %s --entry softmax_rank4_axis1 --seed 7 --expected %t.softmax_rank4_axis1.npy --rtol 1e-4 --atol 1e-5
func.func @softmax_rank4_axis1(%a: tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32> {
  %0 = "graph.softmax"(%a) {axis = 1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}

// Inputs scaled to [-20, 20): outputs span ~e^-40..1, testing the
// max-subtracted form and small terms (checked by atol).
// RUN: strata-reference %s --entry softmax_wide_range --seed 7 --output %t.softmax_wide_range.npy
// RUN: strata-run %s --entry softmax_wide_range --seed 7 --expected %t.softmax_wide_range.npy --rtol 1e-4 --atol 1e-5
func.func @softmax_wide_range(%a: tensor<3x13xf32>) -> tensor<3x13xf32> {
  %0 = "graph.constant"() {value = dense<20.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x13xf32>, tensor<1xf32>) -> tensor<3x13xf32>
  %2 = "graph.softmax"(%1) {axis = 1 : i64} : (tensor<3x13xf32>) -> tensor<3x13xf32>
  return %2 : tensor<3x13xf32>
}
