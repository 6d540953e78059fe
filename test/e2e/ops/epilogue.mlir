// End-to-end: the epilogue of a conv / matmul group runs on the product's
// tiles (te-epilogue-view, tir-fuse-epilogue): conv + bias + relu, conv +
// batch_norm + clip (the batch_norm's parameters are inputs, so it stays in
// the epilogue), conv + residual add + relu, a depthwise conv + clip (per
// output row), and matmul / dense + bias + a gelu-like x * sigmoid(1.702 x).
// Sizes are odd so tiles are partial; the 3x3 conv's 40 input channels give
// 360 = more than one reduction block. strata-reference interprets the
// graph as written. No separate epilogue kernel remains in the profile.
// RUN: strata-reference %s --entry conv_bias_relu --seed 3 --output %t.a.npy
// RUN: strata-run %s --entry conv_bias_relu --seed 3 --expected %t.a.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry conv_bn_clip --seed 3 --output %t.b.npy
// RUN: strata-run %s --entry conv_bn_clip --seed 3 --expected %t.b.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry conv_add_relu --seed 3 --output %t.c.npy
// RUN: strata-run %s --entry conv_add_relu --seed 3 --expected %t.c.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry depthwise_clip --seed 3 --output %t.d.npy
// RUN: strata-run %s --entry depthwise_clip --seed 3 --expected %t.d.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry dense_gelu --seed 3 --output %t.e.npy
// RUN: strata-run %s --entry dense_gelu --seed 3 --expected %t.e.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry matmul_bias_relu --seed 3 --output %t.f.npy
// RUN: strata-run %s --entry matmul_bias_relu --seed 3 --expected %t.f.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-run %s --entry conv_add_relu --seed 3 --repeat 2 --profile | FileCheck %s --check-prefix=PROFILE
// PROFILE: profile: {{[0-9]+}} kernels
// PROFILE-NOT: relu
// PROFILE: result 0
// RUN: strata-run %s --entry depthwise_clip --seed 3 --repeat 2 --profile | FileCheck %s --check-prefix=PROFILE-DW
// PROFILE-DW: profile: {{[0-9]+}} kernels
// PROFILE-DW-NOT: clip
// PROFILE-DW: result 0
func.func @conv_bias_relu(%x: tensor<1x40x13x11xf32>, %w: tensor<20x40x3x3xf32>, %b: tensor<20xf32>) -> tensor<1x20x13x11xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 1 : i64} : (tensor<1x40x13x11xf32>, tensor<20x40x3x3xf32>, tensor<20xf32>) -> tensor<1x20x13x11xf32>
  %r = "graph.relu"(%c) : (tensor<1x20x13x11xf32>) -> tensor<1x20x13x11xf32>
  return %r : tensor<1x20x13x11xf32>
}
func.func @conv_bn_clip(%x: tensor<1x24x9x9xf32>, %w: tensor<36x24x1x1xf32>, %g: tensor<36xf32>, %be: tensor<36xf32>, %m: tensor<36xf32>, %v: tensor<36xf32>) -> tensor<1x36x9x9xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 0, 0, 0, 0>, groups = 1 : i64} : (tensor<1x24x9x9xf32>, tensor<36x24x1x1xf32>) -> tensor<1x36x9x9xf32>
  %va = "graph.abs"(%v) : (tensor<36xf32>) -> tensor<36xf32>
  %n = "graph.batch_norm"(%c, %g, %be, %m, %va) {epsilon = 1.0e-03 : f32, axis = 1 : i64} : (tensor<1x36x9x9xf32>, tensor<36xf32>, tensor<36xf32>, tensor<36xf32>, tensor<36xf32>) -> tensor<1x36x9x9xf32>
  %r = "graph.clip"(%n) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<1x36x9x9xf32>) -> tensor<1x36x9x9xf32>
  return %r : tensor<1x36x9x9xf32>
}
func.func @conv_add_relu(%x: tensor<1x16x10x10xf32>, %w: tensor<16x16x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x10x10xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 1 : i64} : (tensor<1x16x10x10xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>) -> tensor<1x16x10x10xf32>
  %s = "graph.add"(%c, %x) : (tensor<1x16x10x10xf32>, tensor<1x16x10x10xf32>) -> tensor<1x16x10x10xf32>
  %r = "graph.relu"(%s) : (tensor<1x16x10x10xf32>) -> tensor<1x16x10x10xf32>
  return %r : tensor<1x16x10x10xf32>
}
func.func @depthwise_clip(%x: tensor<1x12x15x15xf32>, %w: tensor<12x1x3x3xf32>, %b: tensor<12xf32>) -> tensor<1x12x8x8xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 12 : i64} : (tensor<1x12x15x15xf32>, tensor<12x1x3x3xf32>, tensor<12xf32>) -> tensor<1x12x8x8xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<1x12x8x8xf32>) -> tensor<1x12x8x8xf32>
  return %r : tensor<1x12x8x8xf32>
}
func.func @dense_gelu(%x: tensor<7x37xf32>, %w: tensor<70x37xf32>, %b: tensor<70xf32>) -> tensor<7x70xf32> {
  %d = "graph.dense"(%x, %w, %b) : (tensor<7x37xf32>, tensor<70x37xf32>, tensor<70xf32>) -> tensor<7x70xf32>
  %k = "graph.constant"() {value = dense<1.702> : tensor<7x70xf32>} : () -> tensor<7x70xf32>
  %s = "graph.mul"(%d, %k) : (tensor<7x70xf32>, tensor<7x70xf32>) -> tensor<7x70xf32>
  %g = "graph.sigmoid"(%s) : (tensor<7x70xf32>) -> tensor<7x70xf32>
  %r = "graph.mul"(%d, %g) : (tensor<7x70xf32>, tensor<7x70xf32>) -> tensor<7x70xf32>
  return %r : tensor<7x70xf32>
}
func.func @matmul_bias_relu(%x: tensor<33x300xf32>, %w: tensor<300x50xf32>, %b: tensor<33x50xf32>) -> tensor<33x50xf32> {
  %d = "graph.matmul"(%x, %w) : (tensor<33x300xf32>, tensor<300x50xf32>) -> tensor<33x50xf32>
  %s = "graph.add"(%d, %b) : (tensor<33x50xf32>, tensor<33x50xf32>) -> tensor<33x50xf32>
  %r = "graph.relu"(%s) : (tensor<33x50xf32>) -> tensor<33x50xf32>
  return %r : tensor<33x50xf32>
}
