// End-to-end: graph.slice (windows, steps 2-20, clamped ends, size-1 results), compiled by Strata (strata-run) against
// strata-reference on the same random inputs (f32 uniform in [-1, 1),
// i32 in [-8, 8), seed 7).
// Tolerances: exact (rtol 0, atol 0): these ops only move elements, so every
// output must be bit-identical to an input element or the pad value.

// RUN: strata-reference %s --entry slice_7x13_window --seed 7 --output %t.slice_7x13_window.npy
// RUN: strata-run %s --entry slice_7x13_window --seed 7 --expected %t.slice_7x13_window.npy --rtol 0 --atol 0
func.func @slice_7x13_window(%a: tensor<7x13xf32>) -> tensor<5x9xf32> {
  %0 = "graph.slice"(%a) {starts = array<i64: 1, 2>, ends = array<i64: 6, 11>, steps = array<i64: 1, 1>} : (tensor<7x13xf32>) -> tensor<5x9xf32>
  return %0 : tensor<5x9xf32>
}

// RUN: strata-reference %s --entry slice_steps2 --seed 7 --output %t.slice_steps2.npy
// RUN: strata-run %s --entry slice_steps2 --seed 7 --expected %t.slice_steps2.npy --rtol 0 --atol 0
func.func @slice_steps2(%a: tensor<7x13xf32>) -> tensor<4x7xf32> {
  %0 = "graph.slice"(%a) {starts = array<i64: 0, 0>, ends = array<i64: 7, 13>, steps = array<i64: 2, 2>} : (tensor<7x13xf32>) -> tensor<4x7xf32>
  return %0 : tensor<4x7xf32>
}

// ends past the dim are clamped ("to the end").
// RUN: strata-reference %s --entry slice_steps3_offset --seed 7 --output %t.slice_steps3_offset.npy
// RUN: strata-run %s --entry slice_steps3_offset --seed 7 --expected %t.slice_steps3_offset.npy --rtol 0 --atol 0
func.func @slice_steps3_offset(%a: tensor<7x13xf32>) -> tensor<2x3xf32> {
  %0 = "graph.slice"(%a) {starts = array<i64: 1, 2>, ends = array<i64: 9223372036854775807, 9223372036854775807>, steps = array<i64: 3, 4>} : (tensor<7x13xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// RUN: strata-reference %s --entry slice_rank3_mixed --seed 7 --output %t.slice_rank3_mixed.npy
// RUN: strata-run %s --entry slice_rank3_mixed --seed 7 --expected %t.slice_rank3_mixed.npy --rtol 0 --atol 0
func.func @slice_rank3_mixed(%a: tensor<3x5x7xf32>) -> tensor<2x3x2xf32> {
  %0 = "graph.slice"(%a) {starts = array<i64: 1, 0, 2>, ends = array<i64: 3, 5, 7>, steps = array<i64: 1, 2, 3>} : (tensor<3x5x7xf32>) -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}

// RUN: strata-reference %s --entry slice_to_one --seed 7 --output %t.slice_to_one.npy
// RUN: strata-run %s --entry slice_to_one --seed 7 --expected %t.slice_to_one.npy --rtol 0 --atol 0
func.func @slice_to_one(%a: tensor<7x13xf32>) -> tensor<1x1xf32> {
  %0 = "graph.slice"(%a) {starts = array<i64: 3, 12>, ends = array<i64: 4, 13>, steps = array<i64: 1, 1>} : (tensor<7x13xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry slice_step_larger_than_dim --seed 7 --output %t.slice_step_larger_than_dim.npy
// RUN: strata-run %s --entry slice_step_larger_than_dim --seed 7 --expected %t.slice_step_larger_than_dim.npy --rtol 0 --atol 0
func.func @slice_step_larger_than_dim(%a: tensor<7x13xf32>) -> tensor<1x1xf32> {
  %0 = "graph.slice"(%a) {starts = array<i64: 0, 5>, ends = array<i64: 7, 13>, steps = array<i64: 10, 20>} : (tensor<7x13xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry slice_nchw_channels --seed 7 --output %t.slice_nchw_channels.npy
// RUN: strata-run %s --entry slice_nchw_channels --seed 7 --expected %t.slice_nchw_channels.npy --rtol 0 --atol 0
func.func @slice_nchw_channels(%a: tensor<1x8x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %0 = "graph.slice"(%a) {starts = array<i64: 0, 1, 0, 0>, ends = array<i64: 1, 8, 3, 3>, steps = array<i64: 1, 2, 1, 1>} : (tensor<1x8x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}
