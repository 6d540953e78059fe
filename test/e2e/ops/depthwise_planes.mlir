// End-to-end: depthwise convolutions on flattened padded planes
// (lowering/graph_to_te_conv_depthwise.c, docs/convolution.md "Depthwise
// planes") against strata-reference on the same random inputs (seed 5).
// Cases: MobileNetV2's 3x3 + bias + clip at 7x7 and 14x14, stride 2 with
// even and odd inputs (the phase planes), asymmetric padding (TF's
// "SAME" at stride 2), a 5x5 kernel with padding 2, no padding, batch 2,
// no bias, and the kernel forced (depthwise_algorithm = "plane") on a row
// wider than the default limit and on the strided cases (not chosen by
// default); dw14 (144 channels) has parallel channel loops, run at 1 and
// 2 threads.
// RUN: strata-reference %s --entry dw7 --seed 5 --output %t.dw7.npy
// RUN: strata-run %s --entry dw7 --seed 5 --expected %t.dw7.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-run %s --entry dw7 --seed 5 --threads 2 --expected %t.dw7.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry dw14 --seed 5 --output %t.dw14.npy
// RUN: strata-run %s --entry dw14 --seed 5 --expected %t.dw14.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-run %s --entry dw14 --seed 5 --threads 2 --expected %t.dw14.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry s2_even --seed 5 --output %t.s2e.npy
// RUN: strata-run %s --entry s2_even --seed 5 --expected %t.s2e.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-run %s --entry s2_even --seed 5 --threads 2 --expected %t.s2e.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry s2_odd --seed 5 --output %t.s2o.npy
// RUN: strata-run %s --entry s2_odd --seed 5 --expected %t.s2o.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry s2_same --seed 5 --output %t.s2s.npy
// RUN: strata-run %s --entry s2_same --seed 5 --expected %t.s2s.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry k5 --seed 5 --output %t.k5.npy
// RUN: strata-run %s --entry k5 --seed 5 --expected %t.k5.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry nopad_batch2 --seed 5 --output %t.nb.npy
// RUN: strata-run %s --entry nopad_batch2 --seed 5 --expected %t.nb.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry forced_wide --seed 5 --output %t.fw.npy
// RUN: strata-run %s --entry forced_wide --seed 5 --expected %t.fw.npy --rtol 1e-4 --atol 1e-5
func.func @dw7(%x: tensor<1x40x7x7xf32>, %w: tensor<40x1x3x3xf32>, %b: tensor<40xf32>) -> tensor<1x40x7x7xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 40 : i64} : (tensor<1x40x7x7xf32>, tensor<40x1x3x3xf32>, tensor<40xf32>) -> tensor<1x40x7x7xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 0.5 : f32} : (tensor<1x40x7x7xf32>) -> tensor<1x40x7x7xf32>
  return %r : tensor<1x40x7x7xf32>
}
func.func @dw14(%x: tensor<1x144x14x14xf32>, %w: tensor<144x1x3x3xf32>, %b: tensor<144xf32>) -> tensor<1x144x14x14xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 144 : i64} : (tensor<1x144x14x14xf32>, tensor<144x1x3x3xf32>, tensor<144xf32>) -> tensor<1x144x14x14xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 0.5 : f32} : (tensor<1x144x14x14xf32>) -> tensor<1x144x14x14xf32>
  return %r : tensor<1x144x14x14xf32>
}
func.func @s2_even(%x: tensor<1x16x28x28xf32>, %w: tensor<16x1x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x14x14xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 16 : i64, depthwise_algorithm = "plane"} : (tensor<1x16x28x28xf32>, tensor<16x1x3x3xf32>, tensor<16xf32>) -> tensor<1x16x14x14xf32>
  %r = "graph.relu"(%c) : (tensor<1x16x14x14xf32>) -> tensor<1x16x14x14xf32>
  return %r : tensor<1x16x14x14xf32>
}
func.func @s2_odd(%x: tensor<1x8x15x13xf32>, %w: tensor<8x1x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x7xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 8 : i64, depthwise_algorithm = "plane"} : (tensor<1x8x15x13xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x7xf32>
  return %c : tensor<1x8x8x7xf32>
}
func.func @s2_same(%x: tensor<1x8x14x14xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x7x7xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 2, 2>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 0, 0, 1, 1>, groups = 8 : i64, depthwise_algorithm = "plane"} : (tensor<1x8x14x14xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x7x7xf32>
  return %c : tensor<1x8x7x7xf32>
}
func.func @k5(%x: tensor<1x12x9x11xf32>, %w: tensor<12x1x5x5xf32>, %b: tensor<12xf32>) -> tensor<1x12x9x11xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 2, 2, 2, 2>, groups = 12 : i64} : (tensor<1x12x9x11xf32>, tensor<12x1x5x5xf32>, tensor<12xf32>) -> tensor<1x12x9x11xf32>
  return %c : tensor<1x12x9x11xf32>
}
func.func @nopad_batch2(%x: tensor<2x6x10x9xf32>, %w: tensor<6x1x3x3xf32>) -> tensor<2x6x8x7xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 0, 0, 0, 0>, groups = 6 : i64} : (tensor<2x6x10x9xf32>, tensor<6x1x3x3xf32>) -> tensor<2x6x8x7xf32>
  return %c : tensor<2x6x8x7xf32>
}
func.func @forced_wide(%x: tensor<1x4x6x70xf32>, %w: tensor<4x1x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x6x70xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 4 : i64, depthwise_algorithm = "plane"} : (tensor<1x4x6x70xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x70xf32>
  %r = "graph.relu"(%c) : (tensor<1x4x6x70xf32>) -> tensor<1x4x6x70xf32>
  return %r : tensor<1x4x6x70xf32>
}
