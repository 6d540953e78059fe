// End-to-end: graph.reduce_sum and graph.reduce_mean over one, several
// (in any order) or all axes, keepdims true/false (down to a rank-0 result),
// a size-1 axis, rank 1 to 4, and i32, compiled by Strata (strata-run)
// against strata-reference on the same random inputs (f32 uniform in
// [-1, 1), i32 in [-8, 8), seed 7).
// Tolerances: rtol 1e-4, atol 1e-5: f32 accumulation of at most 91 terms
// of magnitude < 1 errs by < 91 * 2^-24 * |partial sum| ~ 5e-6 in the worst
// case against the double reference; atol covers sums that cancel to near
// 0. The i32 sum is exact (rtol 0, atol 0).

// RUN: strata-reference %s --entry reduce_sum_axis1 --seed 7 --output %t.reduce_sum_axis1.npy
// RUN: strata-run %s --entry reduce_sum_axis1 --seed 7 --expected %t.reduce_sum_axis1.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_axis1(%a: tensor<7x13xf32>) -> tensor<7xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: strata-reference %s --entry reduce_sum_axis0_keep --seed 7 --output %t.reduce_sum_axis0_keep.npy
// RUN: strata-run %s --entry reduce_sum_axis0_keep --seed 7 --expected %t.reduce_sum_axis0_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_axis0_keep(%a: tensor<7x13xf32>) -> tensor<1x13xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x13xf32>
  return %0 : tensor<1x13xf32>
}

// RUN: strata-reference %s --entry reduce_sum_all --seed 7 --output %t.reduce_sum_all.npy
// RUN: strata-run %s --entry reduce_sum_all --seed 7 --expected %t.reduce_sum_all.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_all(%a: tensor<7x13xf32>) -> tensor<f32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_sum_all_keep --seed 7 --output %t.reduce_sum_all_keep.npy
// RUN: strata-run %s --entry reduce_sum_all_keep --seed 7 --expected %t.reduce_sum_all_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_all_keep(%a: tensor<7x13xf32>) -> tensor<1x1xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 1, 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry reduce_sum_rank3_axes02_keep --seed 7 --output %t.reduce_sum_rank3_axes02_keep.npy
// RUN: strata-run %s --entry reduce_sum_rank3_axes02_keep --seed 7 --expected %t.reduce_sum_rank3_axes02_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_rank3_axes02_keep(%a: tensor<3x5x7xf32>) -> tensor<1x5x1xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<3x5x7xf32>) -> tensor<1x5x1xf32>
  return %0 : tensor<1x5x1xf32>
}

// RUN: strata-reference %s --entry reduce_sum_rank3_axes20 --seed 7 --output %t.reduce_sum_rank3_axes20.npy
// RUN: strata-run %s --entry reduce_sum_rank3_axes20 --seed 7 --expected %t.reduce_sum_rank3_axes20.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_rank3_axes20(%a: tensor<3x5x7xf32>) -> tensor<5xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 2, 0>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// RUN: strata-reference %s --entry reduce_sum_rank3_axis1 --seed 7 --output %t.reduce_sum_rank3_axis1.npy
// RUN: strata-run %s --entry reduce_sum_rank3_axis1 --seed 7 --expected %t.reduce_sum_rank3_axis1.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_rank3_axis1(%a: tensor<3x5x7xf32>) -> tensor<3x7xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// RUN: strata-reference %s --entry reduce_sum_size1_axis --seed 7 --output %t.reduce_sum_size1_axis.npy
// RUN: strata-run %s --entry reduce_sum_size1_axis --seed 7 --expected %t.reduce_sum_size1_axis.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_size1_axis(%a: tensor<7x1x5xf32>) -> tensor<7x5xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x1x5xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// RUN: strata-reference %s --entry reduce_sum_nchw_hw_keep --seed 7 --output %t.reduce_sum_nchw_hw_keep.npy
// RUN: strata-run %s --entry reduce_sum_nchw_hw_keep --seed 7 --expected %t.reduce_sum_nchw_hw_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_nchw_hw_keep(%a: tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 2, 3>, keepdims = true} : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

// RUN: strata-reference %s --entry reduce_sum_rank1 --seed 7 --output %t.reduce_sum_rank1.npy
// RUN: strata-run %s --entry reduce_sum_rank1 --seed 7 --expected %t.reduce_sum_rank1.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_sum_rank1(%a: tensor<17xf32>) -> tensor<f32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 0>, keepdims = false} : (tensor<17xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_mean_axis1 --seed 7 --output %t.reduce_mean_axis1.npy
// RUN: strata-run %s --entry reduce_mean_axis1 --seed 7 --expected %t.reduce_mean_axis1.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_axis1(%a: tensor<7x13xf32>) -> tensor<7xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: strata-reference %s --entry reduce_mean_axis0_keep --seed 7 --output %t.reduce_mean_axis0_keep.npy
// RUN: strata-run %s --entry reduce_mean_axis0_keep --seed 7 --expected %t.reduce_mean_axis0_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_axis0_keep(%a: tensor<7x13xf32>) -> tensor<1x13xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x13xf32>
  return %0 : tensor<1x13xf32>
}

// RUN: strata-reference %s --entry reduce_mean_all --seed 7 --output %t.reduce_mean_all.npy
// RUN: strata-run %s --entry reduce_mean_all --seed 7 --expected %t.reduce_mean_all.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_all(%a: tensor<7x13xf32>) -> tensor<f32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_mean_all_keep --seed 7 --output %t.reduce_mean_all_keep.npy
// RUN: strata-run %s --entry reduce_mean_all_keep --seed 7 --expected %t.reduce_mean_all_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_all_keep(%a: tensor<7x13xf32>) -> tensor<1x1xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 1, 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry reduce_mean_rank3_axes02_keep --seed 7 --output %t.reduce_mean_rank3_axes02_keep.npy
// RUN: strata-run %s --entry reduce_mean_rank3_axes02_keep --seed 7 --expected %t.reduce_mean_rank3_axes02_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_rank3_axes02_keep(%a: tensor<3x5x7xf32>) -> tensor<1x5x1xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<3x5x7xf32>) -> tensor<1x5x1xf32>
  return %0 : tensor<1x5x1xf32>
}

// RUN: strata-reference %s --entry reduce_mean_rank3_axes20 --seed 7 --output %t.reduce_mean_rank3_axes20.npy
// RUN: strata-run %s --entry reduce_mean_rank3_axes20 --seed 7 --expected %t.reduce_mean_rank3_axes20.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_rank3_axes20(%a: tensor<3x5x7xf32>) -> tensor<5xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 2, 0>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// RUN: strata-reference %s --entry reduce_mean_rank3_axis1 --seed 7 --output %t.reduce_mean_rank3_axis1.npy
// RUN: strata-run %s --entry reduce_mean_rank3_axis1 --seed 7 --expected %t.reduce_mean_rank3_axis1.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_rank3_axis1(%a: tensor<3x5x7xf32>) -> tensor<3x7xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// RUN: strata-reference %s --entry reduce_mean_size1_axis --seed 7 --output %t.reduce_mean_size1_axis.npy
// RUN: strata-run %s --entry reduce_mean_size1_axis --seed 7 --expected %t.reduce_mean_size1_axis.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_size1_axis(%a: tensor<7x1x5xf32>) -> tensor<7x5xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x1x5xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// RUN: strata-reference %s --entry reduce_mean_nchw_hw_keep --seed 7 --output %t.reduce_mean_nchw_hw_keep.npy
// RUN: strata-run %s --entry reduce_mean_nchw_hw_keep --seed 7 --expected %t.reduce_mean_nchw_hw_keep.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_nchw_hw_keep(%a: tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 2, 3>, keepdims = true} : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

// RUN: strata-reference %s --entry reduce_mean_rank1 --seed 7 --output %t.reduce_mean_rank1.npy
// RUN: strata-run %s --entry reduce_mean_rank1 --seed 7 --expected %t.reduce_mean_rank1.npy --rtol 1e-4 --atol 1e-5
func.func @reduce_mean_rank1(%a: tensor<17xf32>) -> tensor<f32> {
  %0 = "graph.reduce_mean"(%a) {axes = array<i64: 0>, keepdims = false} : (tensor<17xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_sum_i32 --seed 7 --output %t.reduce_sum_i32.npy
// RUN: strata-run %s --entry reduce_sum_i32 --seed 7 --expected %t.reduce_sum_i32.npy --rtol 0 --atol 0
func.func @reduce_sum_i32(%a: tensor<7x13xi32>) -> tensor<7xi32> {
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x13xi32>) -> tensor<7xi32>
  return %0 : tensor<7xi32>
}
