// End-to-end: graph.conv_transpose3d (NCDHW input, IODHW weight) compiled
// by Strata (strata-run) against strata-reference (a scatter of every input
// element) on the same random inputs (uniform in [-1, 1), seed 7). Cases:
// the ONNX node test's shapes; batch 2 with per-axis strides, asymmetric
// padding, dilation, output_padding, groups and bias.
// Tolerances: rtol 1e-4, atol 1e-5: sums of up to 27 products in f32 in a
// different order than the reference's double accumulation.

// RUN: strata-reference %s --entry convt3d_basic --seed 7 --output %t.basic.npy
// RUN: strata-run %s --entry convt3d_basic --seed 7 --expected %t.basic.npy --rtol 1e-4 --atol 1e-5
func.func @convt3d_basic(%x: tensor<1x1x3x4x5xf32>, %w: tensor<1x2x3x3x3xf32>) -> tensor<1x2x5x6x7xf32> {
  %0 = "graph.conv_transpose3d"(%x, %w) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>, dilation = array<i64: 1, 1, 1>, output_padding = array<i64: 0, 0, 0>, groups = 1 : i64} : (tensor<1x1x3x4x5xf32>, tensor<1x2x3x3x3xf32>) -> tensor<1x2x5x6x7xf32>
  return %0 : tensor<1x2x5x6x7xf32>
}

// RUN: strata-reference %s --entry convt3d_all --seed 7 --output %t.all.npy
// RUN: strata-run %s --entry convt3d_all --seed 7 --expected %t.all.npy --rtol 1e-4 --atol 1e-5
func.func @convt3d_all(%x: tensor<2x4x3x3x2xf32>, %w: tensor<4x1x2x3x2xf32>, %b: tensor<2xf32>) -> tensor<2x2x6x6x4xf32> {
  %0 = "graph.conv_transpose3d"(%x, %w, %b) {strides = array<i64: 2, 1, 2>, padding = array<i64: 1, 0, 0, 0, 1, 1>, dilation = array<i64: 1, 2, 1>, output_padding = array<i64: 1, 0, 1>, groups = 2 : i64} : (tensor<2x4x3x3x2xf32>, tensor<4x1x2x3x2xf32>, tensor<2xf32>) -> tensor<2x2x6x6x4xf32>
  return %0 : tensor<2x2x6x6x4xf32>
}
