// End-to-end: graph.reduce_max and graph.reduce_min over one, several
// (in any order) or all axes, keepdims true/false (down to a rank-0 result),
// a size-1 axis, rank 1 to 4, and i32, compiled by Strata (strata-run)
// against strata-reference on the same random inputs (f32 uniform in
// [-1, 1), i32 in [-8, 8), seed 7).
// Tolerances: exact (rtol 0, atol 0): max/min select an element.

// RUN: strata-reference %s --entry reduce_max_axis1 --seed 7 --output %t.reduce_max_axis1.npy
// RUN: strata-run %s --entry reduce_max_axis1 --seed 7 --expected %t.reduce_max_axis1.npy --rtol 0 --atol 0
func.func @reduce_max_axis1(%a: tensor<7x13xf32>) -> tensor<7xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: strata-reference %s --entry reduce_max_axis0_keep --seed 7 --output %t.reduce_max_axis0_keep.npy
// RUN: strata-run %s --entry reduce_max_axis0_keep --seed 7 --expected %t.reduce_max_axis0_keep.npy --rtol 0 --atol 0
func.func @reduce_max_axis0_keep(%a: tensor<7x13xf32>) -> tensor<1x13xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x13xf32>
  return %0 : tensor<1x13xf32>
}

// RUN: strata-reference %s --entry reduce_max_all --seed 7 --output %t.reduce_max_all.npy
// RUN: strata-run %s --entry reduce_max_all --seed 7 --expected %t.reduce_max_all.npy --rtol 0 --atol 0
func.func @reduce_max_all(%a: tensor<7x13xf32>) -> tensor<f32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_max_all_keep --seed 7 --output %t.reduce_max_all_keep.npy
// RUN: strata-run %s --entry reduce_max_all_keep --seed 7 --expected %t.reduce_max_all_keep.npy --rtol 0 --atol 0
func.func @reduce_max_all_keep(%a: tensor<7x13xf32>) -> tensor<1x1xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 1, 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry reduce_max_rank3_axes02_keep --seed 7 --output %t.reduce_max_rank3_axes02_keep.npy
// RUN: strata-run %s --entry reduce_max_rank3_axes02_keep --seed 7 --expected %t.reduce_max_rank3_axes02_keep.npy --rtol 0 --atol 0
func.func @reduce_max_rank3_axes02_keep(%a: tensor<3x5x7xf32>) -> tensor<1x5x1xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<3x5x7xf32>) -> tensor<1x5x1xf32>
  return %0 : tensor<1x5x1xf32>
}

// RUN: strata-reference %s --entry reduce_max_rank3_axes20 --seed 7 --output %t.reduce_max_rank3_axes20.npy
// RUN: strata-run %s --entry reduce_max_rank3_axes20 --seed 7 --expected %t.reduce_max_rank3_axes20.npy --rtol 0 --atol 0
func.func @reduce_max_rank3_axes20(%a: tensor<3x5x7xf32>) -> tensor<5xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 2, 0>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// RUN: strata-reference %s --entry reduce_max_rank3_axis1 --seed 7 --output %t.reduce_max_rank3_axis1.npy
// RUN: strata-run %s --entry reduce_max_rank3_axis1 --seed 7 --expected %t.reduce_max_rank3_axis1.npy --rtol 0 --atol 0
func.func @reduce_max_rank3_axis1(%a: tensor<3x5x7xf32>) -> tensor<3x7xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// RUN: strata-reference %s --entry reduce_max_size1_axis --seed 7 --output %t.reduce_max_size1_axis.npy
// RUN: strata-run %s --entry reduce_max_size1_axis --seed 7 --expected %t.reduce_max_size1_axis.npy --rtol 0 --atol 0
func.func @reduce_max_size1_axis(%a: tensor<7x1x5xf32>) -> tensor<7x5xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x1x5xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// RUN: strata-reference %s --entry reduce_max_nchw_hw_keep --seed 7 --output %t.reduce_max_nchw_hw_keep.npy
// RUN: strata-run %s --entry reduce_max_nchw_hw_keep --seed 7 --expected %t.reduce_max_nchw_hw_keep.npy --rtol 0 --atol 0
func.func @reduce_max_nchw_hw_keep(%a: tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 2, 3>, keepdims = true} : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

// RUN: strata-reference %s --entry reduce_max_rank1 --seed 7 --output %t.reduce_max_rank1.npy
// RUN: strata-run %s --entry reduce_max_rank1 --seed 7 --expected %t.reduce_max_rank1.npy --rtol 0 --atol 0
func.func @reduce_max_rank1(%a: tensor<17xf32>) -> tensor<f32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 0>, keepdims = false} : (tensor<17xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_min_axis1 --seed 7 --output %t.reduce_min_axis1.npy
// RUN: strata-run %s --entry reduce_min_axis1 --seed 7 --expected %t.reduce_min_axis1.npy --rtol 0 --atol 0
func.func @reduce_min_axis1(%a: tensor<7x13xf32>) -> tensor<7xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: strata-reference %s --entry reduce_min_axis0_keep --seed 7 --output %t.reduce_min_axis0_keep.npy
// RUN: strata-run %s --entry reduce_min_axis0_keep --seed 7 --expected %t.reduce_min_axis0_keep.npy --rtol 0 --atol 0
func.func @reduce_min_axis0_keep(%a: tensor<7x13xf32>) -> tensor<1x13xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x13xf32>
  return %0 : tensor<1x13xf32>
}

// RUN: strata-reference %s --entry reduce_min_all --seed 7 --output %t.reduce_min_all.npy
// RUN: strata-run %s --entry reduce_min_all --seed 7 --expected %t.reduce_min_all.npy --rtol 0 --atol 0
func.func @reduce_min_all(%a: tensor<7x13xf32>) -> tensor<f32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<7x13xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_min_all_keep --seed 7 --output %t.reduce_min_all_keep.npy
// RUN: strata-run %s --entry reduce_min_all_keep --seed 7 --expected %t.reduce_min_all_keep.npy --rtol 0 --atol 0
func.func @reduce_min_all_keep(%a: tensor<7x13xf32>) -> tensor<1x1xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 1, 0>, keepdims = true} : (tensor<7x13xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry reduce_min_rank3_axes02_keep --seed 7 --output %t.reduce_min_rank3_axes02_keep.npy
// RUN: strata-run %s --entry reduce_min_rank3_axes02_keep --seed 7 --expected %t.reduce_min_rank3_axes02_keep.npy --rtol 0 --atol 0
func.func @reduce_min_rank3_axes02_keep(%a: tensor<3x5x7xf32>) -> tensor<1x5x1xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<3x5x7xf32>) -> tensor<1x5x1xf32>
  return %0 : tensor<1x5x1xf32>
}

// RUN: strata-reference %s --entry reduce_min_rank3_axes20 --seed 7 --output %t.reduce_min_rank3_axes20.npy
// RUN: strata-run %s --entry reduce_min_rank3_axes20 --seed 7 --expected %t.reduce_min_rank3_axes20.npy --rtol 0 --atol 0
func.func @reduce_min_rank3_axes20(%a: tensor<3x5x7xf32>) -> tensor<5xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 2, 0>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// RUN: strata-reference %s --entry reduce_min_rank3_axis1 --seed 7 --output %t.reduce_min_rank3_axis1.npy
// RUN: strata-run %s --entry reduce_min_rank3_axis1 --seed 7 --expected %t.reduce_min_rank3_axis1.npy --rtol 0 --atol 0
func.func @reduce_min_rank3_axis1(%a: tensor<3x5x7xf32>) -> tensor<3x7xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<3x5x7xf32>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// RUN: strata-reference %s --entry reduce_min_size1_axis --seed 7 --output %t.reduce_min_size1_axis.npy
// RUN: strata-run %s --entry reduce_min_size1_axis --seed 7 --expected %t.reduce_min_size1_axis.npy --rtol 0 --atol 0
func.func @reduce_min_size1_axis(%a: tensor<7x1x5xf32>) -> tensor<7x5xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x1x5xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// RUN: strata-reference %s --entry reduce_min_nchw_hw_keep --seed 7 --output %t.reduce_min_nchw_hw_keep.npy
// RUN: strata-run %s --entry reduce_min_nchw_hw_keep --seed 7 --expected %t.reduce_min_nchw_hw_keep.npy --rtol 0 --atol 0
func.func @reduce_min_nchw_hw_keep(%a: tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 2, 3>, keepdims = true} : (tensor<2x3x5x7xf32>) -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

// RUN: strata-reference %s --entry reduce_min_rank1 --seed 7 --output %t.reduce_min_rank1.npy
// RUN: strata-run %s --entry reduce_min_rank1 --seed 7 --expected %t.reduce_min_rank1.npy --rtol 0 --atol 0
func.func @reduce_min_rank1(%a: tensor<17xf32>) -> tensor<f32> {
  %0 = "graph.reduce_min"(%a) {axes = array<i64: 0>, keepdims = false} : (tensor<17xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// RUN: strata-reference %s --entry reduce_max_i32 --seed 7 --output %t.reduce_max_i32.npy
// RUN: strata-run %s --entry reduce_max_i32 --seed 7 --expected %t.reduce_max_i32.npy --rtol 0 --atol 0
func.func @reduce_max_i32(%a: tensor<7x13xi32>) -> tensor<7xi32> {
  %0 = "graph.reduce_max"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<7x13xi32>) -> tensor<7xi32>
  return %0 : tensor<7xi32>
}
