// End-to-end: small graphs chaining several ops (what graph passes such as
// fusion and layout alteration rewrite): a CNN (conv, relu, max_pool,
// flatten, dense, softmax), a residual block (conv, batch_norm, relu, add),
// attention (transpose, batch_matmul, softmax), an MLP with the tanh gelu and
// a mean, and a blocked-layout conv between layout_transforms. Compiled by
// Strata (strata-run) against strata-reference on the same random inputs
// (uniform in [-1, 1), seed 7).
// Tolerances: rtol 1e-4, atol 1e-5, as for the single ops: each chain is at
// most two contractions of <= 64 terms deep, so f32 rounding stays ~1e-6
// relative; batch_norm variances are >= 0.5.

// RUN: strata-reference %s --entry cnn_small --seed 7 --output %t.cnn_small.npy
// RUN: strata-run %s --entry cnn_small --seed 7 --expected %t.cnn_small.npy --rtol 1e-4 --atol 1e-5
func.func @cnn_small(%a: tensor<2x3x9x9xf32>, %b: tensor<4x3x3x3xf32>, %c: tensor<4xf32>, %d: tensor<5x64xf32>, %e: tensor<5xf32>) -> tensor<2x5xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x9x9xf32>
  %1 = "graph.relu"(%0) : (tensor<2x4x9x9xf32>) -> tensor<2x4x9x9xf32>
  %2 = "graph.max_pool2d"(%1) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<2x4x9x9xf32>) -> tensor<2x4x4x4xf32>
  %3 = "graph.flatten"(%2) {axis = 1 : i64} : (tensor<2x4x4x4xf32>) -> tensor<2x64xf32>
  %4 = "graph.dense"(%3, %d, %e) : (tensor<2x64xf32>, tensor<5x64xf32>, tensor<5xf32>) -> tensor<2x5xf32>
  %5 = "graph.softmax"(%4) {axis = 1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %5 : tensor<2x5xf32>
}

// RUN: strata-reference %s --entry residual_block --seed 7 --output %t.residual_block.npy
// RUN: strata-run %s --entry residual_block --seed 7 --expected %t.residual_block.npy --rtol 1e-4 --atol 1e-5
func.func @residual_block(%a: tensor<1x4x7x7xf32>, %b: tensor<4x4x3x3xf32>, %c: tensor<4x4x3x3xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<1x4x1x1xf32> {
  %0 = "graph.abs"(%e) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.constant"() {value = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %3 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x7x7xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x7x7xf32>
  %4 = "graph.batch_norm"(%3, %d, %d, %e, %2) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<1x4x7x7xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x7x7xf32>
  %5 = "graph.relu"(%4) : (tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %6 = "graph.conv2d"(%5, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x7x7xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x7x7xf32>
  %7 = "graph.batch_norm"(%6, %d, %d, %e, %2) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<1x4x7x7xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x7x7xf32>
  %8 = "graph.add"(%7, %a) : (tensor<1x4x7x7xf32>, tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %9 = "graph.relu"(%8) : (tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %10 = "graph.global_avg_pool2d"(%9) {layout = "NCHW"} : (tensor<1x4x7x7xf32>) -> tensor<1x4x1x1xf32>
  return %10 : tensor<1x4x1x1xf32>
}

// RUN: strata-reference %s --entry attention --seed 7 --output %t.attention.npy
// RUN: strata-run %s --entry attention --seed 7 --expected %t.attention.npy --rtol 1e-4 --atol 1e-5
func.func @attention(%a: tensor<2x5x8xf32>, %b: tensor<2x5x8xf32>, %c: tensor<2x5x8xf32>) -> tensor<2x5x8xf32> {
  %0 = "graph.transpose"(%b) {perm = array<i64: 0, 2, 1>} : (tensor<2x5x8xf32>) -> tensor<2x8x5xf32>
  %1 = "graph.batch_matmul"(%a, %0) : (tensor<2x5x8xf32>, tensor<2x8x5xf32>) -> tensor<2x5x5xf32>
  %2 = "graph.constant"() {value = dense<0.353553385> : tensor<1xf32>} : () -> tensor<1xf32>
  %3 = "graph.mul"(%1, %2) : (tensor<2x5x5xf32>, tensor<1xf32>) -> tensor<2x5x5xf32>
  %4 = "graph.softmax"(%3) {axis = 2 : i64} : (tensor<2x5x5xf32>) -> tensor<2x5x5xf32>
  %5 = "graph.batch_matmul"(%4, %c) : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
  return %5 : tensor<2x5x8xf32>
}

// RUN: strata-reference %s --entry mlp_gelu_tanh --seed 7 --output %t.mlp_gelu_tanh.npy
// RUN: strata-run %s --entry mlp_gelu_tanh --seed 7 --expected %t.mlp_gelu_tanh.npy --rtol 1e-4 --atol 1e-5
func.func @mlp_gelu_tanh(%a: tensor<7x13xf32>, %b: tensor<16x13xf32>, %c: tensor<16xf32>, %d: tensor<3x16xf32>) -> tensor<3xf32> {
  %0 = "graph.dense"(%a, %b, %c) : (tensor<7x13xf32>, tensor<16x13xf32>, tensor<16xf32>) -> tensor<7x16xf32>
  %1 = "graph.gelu"(%0) {approximate = "tanh"} : (tensor<7x16xf32>) -> tensor<7x16xf32>
  %2 = "graph.dense"(%1, %d) : (tensor<7x16xf32>, tensor<3x16xf32>) -> tensor<7x3xf32>
  %3 = "graph.reduce_mean"(%2) {axes = array<i64: 0>, keepdims = false} : (tensor<7x3xf32>) -> tensor<3xf32>
  return %3 : tensor<3xf32>
}

// RUN: strata-reference %s --entry blocked_conv_pipeline --seed 7 --output %t.blocked_conv_pipeline.npy
// RUN: strata-run %s --entry blocked_conv_pipeline --seed 7 --expected %t.blocked_conv_pipeline.npy --rtol 1e-4 --atol 1e-5
func.func @blocked_conv_pipeline(%a: tensor<1x8x6x6xf32>, %b: tensor<2x2x3x3x4x4xf32>) -> tensor<1x8x6x6xf32> {
  %0 = "graph.layout_transform"(%a) {src_layout = "NCHW", dst_layout = "NCHW4c"} : (tensor<1x8x6x6xf32>) -> tensor<1x2x6x6x4xf32>
  %1 = "graph.conv2d"(%0, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW4c", kernel_layout = "OIHW4i4o"} : (tensor<1x2x6x6x4xf32>, tensor<2x2x3x3x4x4xf32>) -> tensor<1x2x6x6x4xf32>
  %2 = "graph.relu"(%1) : (tensor<1x2x6x6x4xf32>) -> tensor<1x2x6x6x4xf32>
  %3 = "graph.layout_transform"(%2) {src_layout = "NCHW4c", dst_layout = "NCHW"} : (tensor<1x2x6x6x4xf32>) -> tensor<1x8x6x6xf32>
  return %3 : tensor<1x8x6x6xf32>
}
