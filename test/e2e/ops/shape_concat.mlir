// End-to-end: graph.concat (every axis, size-1 operands, a 3-way chain), compiled by Strata (strata-run) against
// strata-reference on the same random inputs (f32 uniform in [-1, 1),
// i32 in [-8, 8), seed 7).
// Tolerances: exact (rtol 0, atol 0): these ops only move elements, so every
// output must be bit-identical to an input element or the pad value.

// RUN: strata-reference %s --entry concat_axis0_7x13_3x13 --seed 7 --output %t.concat_axis0_7x13_3x13.npy
// RUN: strata-run %s --entry concat_axis0_7x13_3x13 --seed 7 --expected %t.concat_axis0_7x13_3x13.npy --rtol 0 --atol 0
func.func @concat_axis0_7x13_3x13(%a: tensor<7x13xf32>, %b: tensor<3x13xf32>) -> tensor<10x13xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 0 : i64} : (tensor<7x13xf32>, tensor<3x13xf32>) -> tensor<10x13xf32>
  return %0 : tensor<10x13xf32>
}

// RUN: strata-reference %s --entry concat_axis1_7x13_7x1 --seed 7 --output %t.concat_axis1_7x13_7x1.npy
// RUN: strata-run %s --entry concat_axis1_7x13_7x1 --seed 7 --expected %t.concat_axis1_7x13_7x1.npy --rtol 0 --atol 0
func.func @concat_axis1_7x13_7x1(%a: tensor<7x13xf32>, %b: tensor<7x1xf32>) -> tensor<7x14xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<7x13xf32>, tensor<7x1xf32>) -> tensor<7x14xf32>
  return %0 : tensor<7x14xf32>
}

// RUN: strata-reference %s --entry concat_axis2_rank3 --seed 7 --output %t.concat_axis2_rank3.npy
// RUN: strata-run %s --entry concat_axis2_rank3 --seed 7 --expected %t.concat_axis2_rank3.npy --rtol 0 --atol 0
func.func @concat_axis2_rank3(%a: tensor<2x3x4xf32>, %b: tensor<2x3x5xf32>) -> tensor<2x3x9xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<2x3x5xf32>) -> tensor<2x3x9xf32>
  return %0 : tensor<2x3x9xf32>
}

// RUN: strata-reference %s --entry concat_axis1_nchw --seed 7 --output %t.concat_axis1_nchw.npy
// RUN: strata-run %s --entry concat_axis1_nchw --seed 7 --expected %t.concat_axis1_nchw.npy --rtol 0 --atol 0
func.func @concat_axis1_nchw(%a: tensor<1x3x5x5xf32>, %b: tensor<1x2x5x5xf32>) -> tensor<1x5x5x5xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<1x3x5x5xf32>, tensor<1x2x5x5xf32>) -> tensor<1x5x5x5xf32>
  return %0 : tensor<1x5x5x5xf32>
}

// RUN: strata-reference %s --entry concat_ones --seed 7 --output %t.concat_ones.npy
// RUN: strata-run %s --entry concat_ones --seed 7 --expected %t.concat_ones.npy --rtol 0 --atol 0
func.func @concat_ones(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>) -> tensor<2x1xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 0 : i64} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// An N-way concat is a left-nested chain of binary concats.
// RUN: strata-reference %s --entry concat_chain3 --seed 7 --output %t.concat_chain3.npy
// RUN: strata-run %s --entry concat_chain3 --seed 7 --expected %t.concat_chain3.npy --rtol 0 --atol 0
func.func @concat_chain3(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x4xf32>) -> tensor<2x8xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %1 = "graph.concat"(%0, %c) {axis = 1 : i64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}
