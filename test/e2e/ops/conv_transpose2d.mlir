// End-to-end: graph.conv_transpose2d (NCHW input, IOHW weight) compiled by
// Strata (strata-run) against strata-reference, which computes it the other
// way round (a scatter of every input element), on the same random inputs
// (uniform in [-1, 1), seed 7). Cases: basic 3x3, stride 2 (with and
// without output_padding), asymmetric padding, dilation, groups, bias,
// non-square kernels and strides, batch 2, the ONNX node test's shapes.
// Tolerances: rtol 1e-4, atol 1e-5: sums of up to 36 products in f32 in a
// different order than the reference's double accumulation.

// RUN: strata-reference %s --entry convt_basic --seed 7 --output %t.convt_basic.npy
// RUN: strata-run %s --entry convt_basic --seed 7 --expected %t.convt_basic.npy --rtol 1e-4 --atol 1e-5
func.func @convt_basic(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %0 : tensor<1x2x5x5xf32>
}

// RUN: strata-reference %s --entry convt_stride2 --seed 7 --output %t.convt_stride2.npy
// RUN: strata-run %s --entry convt_stride2 --seed 7 --expected %t.convt_stride2.npy --rtol 1e-4 --atol 1e-5
func.func @convt_stride2(%x: tensor<1x2x4x5xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x3x9x11xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<1x2x4x5xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x9x11xf32>
  return %0 : tensor<1x3x9x11xf32>
}

// RUN: strata-reference %s --entry convt_stride2_outpad --seed 7 --output %t.convt_stride2_outpad.npy
// RUN: strata-run %s --entry convt_stride2_outpad --seed 7 --expected %t.convt_stride2_outpad.npy --rtol 1e-4 --atol 1e-5
func.func @convt_stride2_outpad(%x: tensor<1x2x4x5xf32>, %w: tensor<2x3x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x8x10xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w, %b) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x2x4x5xf32>, tensor<2x3x3x3xf32>, tensor<3xf32>) -> tensor<1x3x8x10xf32>
  return %0 : tensor<1x3x8x10xf32>
}

// RUN: strata-reference %s --entry convt_pads_asym --seed 7 --output %t.convt_pads_asym.npy
// RUN: strata-run %s --entry convt_pads_asym --seed 7 --expected %t.convt_pads_asym.npy --rtol 1e-4 --atol 1e-5
func.func @convt_pads_asym(%x: tensor<2x3x5x4xf32>, %w: tensor<3x2x3x2xf32>, %b: tensor<2xf32>) -> tensor<2x2x4x4xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 0, 2, 1>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<2x3x5x4xf32>, tensor<3x2x3x2xf32>, tensor<2xf32>) -> tensor<2x2x4x4xf32>
  return %0 : tensor<2x2x4x4xf32>
}

// RUN: strata-reference %s --entry convt_dilation --seed 7 --output %t.convt_dilation.npy
// RUN: strata-run %s --entry convt_dilation --seed 7 --expected %t.convt_dilation.npy --rtol 1e-4 --atol 1e-5
func.func @convt_dilation(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x2x2xf32>) -> tensor<1x2x6x7xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 2, 3>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x6x7xf32>
  return %0 : tensor<1x2x6x7xf32>
}

// RUN: strata-reference %s --entry convt_groups --seed 7 --output %t.convt_groups.npy
// RUN: strata-run %s --entry convt_groups --seed 7 --expected %t.convt_groups.npy --rtol 1e-4 --atol 1e-5
func.func @convt_groups(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x6x4xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w, %b) {strides = array<i64: 2, 1>, padding = array<i64: 1, 0, 0, 1>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// RUN: strata-reference %s --entry convt_depthwise --seed 7 --output %t.convt_depthwise.npy
// RUN: strata-run %s --entry convt_depthwise --seed 7 --expected %t.convt_depthwise.npy --rtol 1e-4 --atol 1e-5
func.func @convt_depthwise(%x: tensor<1x3x5x5xf32>, %w: tensor<3x1x3x3xf32>) -> tensor<1x3x10x10xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, groups = 3 : i64} : (tensor<1x3x5x5xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x10x10xf32>
  return %0 : tensor<1x3x10x10xf32>
}

// RUN: strata-reference %s --entry convt_stride3_kernel2 --seed 7 --output %t.convt_stride3_kernel2.npy
// RUN: strata-run %s --entry convt_stride3_kernel2 --seed 7 --expected %t.convt_stride3_kernel2.npy --rtol 1e-4 --atol 1e-5
func.func @convt_stride3_kernel2(%x: tensor<2x2x3x4xf32>, %w: tensor<2x4x2x5xf32>, %b: tensor<4xf32>) -> tensor<2x4x10x14xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w, %b) {strides = array<i64: 3, 2>, padding = array<i64: 0, 1, 0, 1>, dilation = array<i64: 1, 2>, output_padding = array<i64: 2, 1>, groups = 1 : i64} : (tensor<2x2x3x4xf32>, tensor<2x4x2x5xf32>, tensor<4xf32>) -> tensor<2x4x10x14xf32>
  return %0 : tensor<2x4x10x14xf32>
}
