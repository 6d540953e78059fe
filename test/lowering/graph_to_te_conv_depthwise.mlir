// convert-graph-to-te, depthwise convolution on flattened padded planes
// (lowering/graph_to_te_conv_depthwise.c): a depthwise conv2d (groups = C,
// one input channel per group) with an output row shorter than 32 becomes
// the padded, phase-split input xp[n, c, sh, sw, rows, wq] (each row
// vectorized, channels in parallel), the product acc[n, c, j] over the
// flattened plane (reads xf[.., j + (kh / sh) * wq + kw / sw]; split by the
// host's lanes, taps unrolled inside the vector blocks, channels in
// parallel) and the NCHW view out[n, c, oh, ow] = acc[n, c, oh * wq + ow].
// The lanes depend on the host, so acc's length and split are matched
// loosely. Wide rows, and depthwise_algorithm = "rows", keep the window
// reduction (one compute named conv2d reading x with padding checks).
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s

// 7x7, padding 1: wq = 9; xp has the rows the last vector's taps reach;
// 480 channels x 63+ pixels x 9 taps: the channel loops are parallel.
// CHECK-LABEL: func.func @dw7(
// CHECK: name = "conv2d_pad"{{.*}}schedule = [{axis = "d5", prim = "vectorize"}, {axis = "d1", prim = "parallel"}]} : () -> tensor<1x480x1x1x{{[0-9]+}}x9xf32>
// CHECK: tensor.collapse_shape
// CHECK: arith.muli %{{.*}}, %c9
// CHECK: name = "conv2d", reduce_extents = array<i64: 3, 3>, schedule = [{axis = "d2", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {order = ["d0", "d1", "d2.0", "r0", "r1", "d2.1"], prim = "reorder"}, {axis = "d2.1", prim = "vectorize"}, {axis = "r1", factor = 3 : i64, prim = "unroll"}, {axis = "r0", factor = 3 : i64, prim = "unroll"}, {axis = "d1", prim = "parallel"}]} : () -> tensor<1x480x{{[0-9]+}}xf32>
// CHECK: name = "conv2d_nchw"{{.*}} -> tensor<1x480x7x7xf32>
// CHECK: name = "conv2d_bias"
func.func @dw7(%x: tensor<1x480x7x7xf32>, %w: tensor<480x1x3x3xf32>, %b: tensor<480xf32>) -> tensor<1x480x7x7xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 480 : i64} : (tensor<1x480x7x7xf32>, tensor<480x1x3x3xf32>, tensor<480xf32>) -> tensor<1x480x7x7xf32>
  return %c : tensor<1x480x7x7xf32>
}

// Stride 2, 14 -> 7 (forced: strided layers keep the window reduction by
// default): two phases per axis, wq = 7 + 1 = 8.
// CHECK-LABEL: func.func @dw_s2(
// CHECK: name = "conv2d_pad"{{.*}}schedule = [{axis = "d5", prim = "vectorize"}]} : () -> tensor<1x16x2x2x{{[0-9]+}}x8xf32>
// CHECK: name = "conv2d", reduce_extents = array<i64: 3, 3>
// CHECK: name = "conv2d_nchw"{{.*}} -> tensor<1x16x7x7xf32>
func.func @dw_s2(%x: tensor<1x16x14x14xf32>, %w: tensor<16x1x3x3xf32>) -> tensor<1x16x7x7xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 2, 2>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 16 : i64, depthwise_algorithm = "plane"} : (tensor<1x16x14x14xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x7x7xf32>
  return %c : tensor<1x16x7x7xf32>
}

// A row of 56, and stride 2 by default: the window reduction.
// CHECK-LABEL: func.func @dw_wide(
// CHECK-NOT: conv2d_pad
// CHECK: name = "conv2d", reduce_extents = array<i64: 1, 3, 3>
func.func @dw_wide(%x: tensor<1x8x56x56xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x56x56xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 8 : i64} : (tensor<1x8x56x56xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x56x56xf32>
  return %c : tensor<1x8x56x56xf32>
}
// CHECK-LABEL: func.func @dw_s2_default(
// CHECK-NOT: conv2d_pad
// CHECK: name = "conv2d", reduce_extents = array<i64: 1, 3, 3>
func.func @dw_s2_default(%x: tensor<1x16x14x14xf32>, %w: tensor<16x1x3x3xf32>) -> tensor<1x16x7x7xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 2, 2>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 16 : i64} : (tensor<1x16x14x14xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x7x7xf32>
  return %c : tensor<1x16x7x7xf32>
}

// Forced back to the window reduction.
// CHECK-LABEL: func.func @dw_rows(
// CHECK-NOT: conv2d_pad
// CHECK: name = "conv2d", reduce_extents = array<i64: 1, 3, 3>
func.func @dw_rows(%x: tensor<1x8x7x7xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x7x7xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 8 : i64, depthwise_algorithm = "rows"} : (tensor<1x8x7x7xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x7x7xf32>
  return %c : tensor<1x8x7x7xf32>
}

// Grouped, not depthwise (2 input channels per group): the window reduction.
// CHECK-LABEL: func.func @grouped(
// CHECK-NOT: conv2d_pad
// CHECK: name = "conv2d", reduce_extents = array<i64: 2, 3, 3>
func.func @grouped(%x: tensor<1x8x7x7xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x7x7xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 4 : i64} : (tensor<1x8x7x7xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x7x7xf32>
  return %c : tensor<1x4x7x7xf32>
}
