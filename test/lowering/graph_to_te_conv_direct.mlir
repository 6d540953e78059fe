// convert-graph-to-te, direct convolution (lowering/graph_to_te_conv_direct.c):
// a conv2d with at least 16 input channels (or kw x C >= 8, kw folded) becomes the padded channels-last
// input, the weights as K x B panels (a constant when the weights are one),
// the blocked product carrying its schedule (split ow by the tile's rows,
// kh/kw outside the tile, tensorize on the host's FMA tile) and the view
// back to NCHW. B (the tile's columns) and the tile depend on the host, so
// they are matched loosely. te-inline keeps the operands of the scheduled
// product and merges the NCHW view into the bias + relu.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,te-default-schedule)' | FileCheck %s --check-prefix=INL

// 3x3, stride 1, padding 1: xp is [n, h + 2, 1, w + 2, c].
// CHECK-LABEL: func.func @conv3x3(
// CHECK: name = "conv2d_input"{{.*}} -> tensor<1x11x1x13x16xf32>
// CHECK: name = "conv2d_weights"{{.*}} -> tensor<{{[0-9]+}}x3x3x16x{{[0-9]+}}xf32>
// CHECK: combiner = "add"{{.*}}name = "conv2d_direct", reduce_extents = array<i64: 3, 3, 16>, schedule = [{axis = "d3", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {order = ["d0", "d1", "d2", "d3.0", "r0", "r1", "d3.1", "d4", "r2"], prim = "reorder"}, {axis = "d3.1", intrinsic = @fma_f32_{{.*}}, prim = "tensorize"}
// CHECK: name = "conv2d_nchw"{{.*}} -> tensor<1x32x9x11xf32>
// INL-LABEL: func.func @conv3x3(
// INL: name = "conv2d_input"
// INL: name = "conv2d_weights"
// INL: name = "conv2d_direct"
// INL: name = "conv2d_nchw"
// INL-NOT: name = "conv2d_bias"
// INL: return
func.func @conv3x3(%a: tensor<1x16x9x11xf32>, %b: tensor<32x16x3x3xf32>, %c: tensor<32xf32>) -> tensor<1x32x9x11xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x9x11xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>) -> tensor<1x32x9x11xf32>
  %1 = "graph.relu"(%0) : (tensor<1x32x9x11xf32>) -> tensor<1x32x9x11xf32>
  return %1 : tensor<1x32x9x11xf32>
}

// Stride 2: the padded row is split into its 2 phases, xp[n, hp, ph, wq, c]
// (hp = (oh-1)*2 + 3 = 11, wp = (ow-1)*2 + 3 = 13 -> wq = 7); the product
// reads phase kw % 2 at ow + kw / 2.
// CHECK-LABEL: func.func @conv3x3_s2(
// CHECK: name = "conv2d_input"{{.*}} -> tensor<1x11x2x7x16xf32>
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK: name = "conv2d_direct"
func.func @conv3x3_s2(%a: tensor<1x16x9x11xf32>, %b: tensor<32x16x3x3xf32>) -> tensor<1x32x5x6xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x9x11xf32>, tensor<32x16x3x3xf32>) -> tensor<1x32x5x6xf32>
  return %0 : tensor<1x32x5x6xf32>
}

// Constant weights are packed at compile time: no weights compute, a new
// constant of the packed shape.
// CHECK-LABEL: func.func @const_weights(
// CHECK: name = "conv2d_input"
// CHECK-NOT: name = "conv2d_weights"
// CHECK: arith.constant dense_resource<conv2d_packed_weights{{.*}}> : tensor<{{[0-9]+}}x1x1x16x{{[0-9]+}}xf32>
// CHECK: name = "conv2d_direct"
func.func @const_weights(%a: tensor<1x16x4x4xf32>) -> tensor<1x32x2x2xf32> {
  %w = "graph.constant"() {value = dense<0.5> : tensor<32x16x1x1xf32>} : () -> tensor<32x16x1x1xf32>
  %0 = "graph.conv2d"(%a, %w) {strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x4x4xf32>, tensor<32x16x1x1xf32>) -> tensor<1x32x2x2xf32>
  return %0 : tensor<1x32x2x2xf32>
}

// Few input channels (the 3-channel 7x7 stride-2 stem): kw is folded into
// K. xp is [n, hp, 1, ow, kw*C] (xp[.., ow, kw*3 + c] = x[c, .., ow*2 + kw
// - 3]), the weights [ob, kh, 1, kw*C, B], and the product a kh x 1 kernel
// at stride 1 along the row over 21 channels.
// CHECK-LABEL: func.func @stem_fold(
// CHECK: arith.divui
// CHECK: arith.remui
// CHECK: name = "conv2d_input"{{.*}} -> tensor<1x21x1x8x21xf32>
// CHECK: arith.constant dense_resource<conv2d_packed_weights{{.*}}> : tensor<{{[0-9]+}}x7x1x21x{{[0-9]+}}xf32>
// CHECK: name = "conv2d_direct", reduce_extents = array<i64: 7, 1, 21>
func.func @stem_fold(%a: tensor<1x3x16x16xf32>) -> tensor<1x64x8x8xf32> {
  %w = "graph.constant"() {value = dense<0.5> : tensor<64x3x7x7xf32>} : () -> tensor<64x3x7x7xf32>
  %0 = "graph.conv2d"(%a, %w) {strides = array<i64: 2, 2>, padding = array<i64: 3, 3, 3, 3>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x16x16xf32>, tensor<64x3x7x7xf32>) -> tensor<1x64x8x8xf32>
  return %0 : tensor<1x64x8x8xf32>
}

// The 3-channel 3x3 stride-2 stem (MobileNetV2's): K = 3 x 3 = 9 >= 8.
// CHECK-LABEL: func.func @stem3x3_fold(
// CHECK: name = "conv2d_input"{{.*}} -> tensor<1x9x1x4x9xf32>
// CHECK: name = "conv2d_direct", reduce_extents = array<i64: 3, 1, 9>
func.func @stem3x3_fold(%a: tensor<1x3x8x8xf32>, %b: tensor<32x3x3x3xf32>) -> tensor<1x32x4x4xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x8x8xf32>, tensor<32x3x3x3xf32>) -> tensor<1x32x4x4xf32>
  return %0 : tensor<1x32x4x4xf32>
}

// Kept on im2col + GEMM: fewer than 8 input channels even with kw folded
// (1 x 3 = 3),
// a 1x1 stride-1 unpadded convolution (already a product with no copy),
// output channels no tile's columns divide, dilation, and the attribute
// conv_algorithm = "im2col". conv_algorithm = "direct" forces the direct
// kernel on a small input.
// CHECK-LABEL: func.func @kept(
// CHECK-NOT: conv2d_direct
// CHECK: return
func.func @kept(%a: tensor<1x1x9x9xf32>, %b: tensor<32x1x3x3xf32>, %p: tensor<1x32x7x7xf32>, %q: tensor<64x32x1x1xf32>, %r: tensor<40x32x3x3xf32>, %s: tensor<32x32x3x3xf32>) -> (tensor<1x32x7x7xf32>, tensor<1x64x7x7xf32>, tensor<1x40x5x5xf32>, tensor<1x32x3x3xf32>, tensor<1x32x5x5xf32>) {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x1x9x9xf32>, tensor<32x1x3x3xf32>) -> tensor<1x32x7x7xf32>
  %1 = "graph.conv2d"(%p, %q) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x32x7x7xf32>, tensor<64x32x1x1xf32>) -> tensor<1x64x7x7xf32>
  %2 = "graph.conv2d"(%p, %r) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x32x7x7xf32>, tensor<40x32x3x3xf32>) -> tensor<1x40x5x5xf32>
  %3 = "graph.conv2d"(%p, %s) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 2, 2>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x32x7x7xf32>, tensor<32x32x3x3xf32>) -> tensor<1x32x3x3xf32>
  %4 = "graph.conv2d"(%p, %s) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW", conv_algorithm = "im2col"} : (tensor<1x32x7x7xf32>, tensor<32x32x3x3xf32>) -> tensor<1x32x5x5xf32>
  return %0, %1, %2, %3, %4 : tensor<1x32x7x7xf32>, tensor<1x64x7x7xf32>, tensor<1x40x5x5xf32>, tensor<1x32x3x3xf32>, tensor<1x32x5x5xf32>
}

// CHECK-LABEL: func.func @forced(
// CHECK: name = "conv2d_direct"
func.func @forced(%a: tensor<1x3x9x9xf32>, %b: tensor<32x3x3x3xf32>) -> tensor<1x32x7x7xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW", conv_algorithm = "direct"} : (tensor<1x3x9x9xf32>, tensor<32x3x3x3xf32>) -> tensor<1x32x7x7xf32>
  return %0 : tensor<1x32x7x7xf32>
}

// A weight panel (c x B floats) larger than the host's L1 data cache (4096
// channels: 256 KB at the narrowest tile): the channels are blocked (icb
// from the L1 size, so matched loosely) and the reductions run outside the
// pixels, so one icb x B panel serves every tile of the channel block.
// CHECK-LABEL: func.func @wide_panel(
// CHECK: name = "conv2d_direct", reduce_extents = array<i64: 3, 3, 4096>, schedule = [{axis = "d3", {{.*}}prim = "split"}, {axis = "r2", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {order = ["d0", "d1", "r2.0", "r0", "r1", "d2", "d3.0", "d3.1", "d4", "r2.1"], prim = "reorder"}
func.func @wide_panel(%a: tensor<1x4096x3x3xf32>, %b: tensor<64x4096x3x3xf32>) -> tensor<1x64x3x3xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4096x3x3xf32>, tensor<64x4096x3x3xf32>) -> tensor<1x64x3x3xf32>
  return %0 : tensor<1x64x3x3xf32>
}

// conv_icb forces the block (0: none, the order of a panel that fits).
// CHECK-LABEL: func.func @forced_icb(
// CHECK: {axis = "r2", factors = array<i64: 8>, prim = "split"}, {order = ["d0", "d1", "r2.0", "r0", "r1", "d2", "d3.0", "d3.1", "d4", "r2.1"]
// CHECK-LABEL: func.func @no_icb(
// CHECK-NOT: axis = "r2"
// CHECK: order = ["d0", "d1", "d2", "d3.0", "r0", "r1", "d3.1", "d4", "r2"]
func.func @forced_icb(%a: tensor<1x16x9x11xf32>, %b: tensor<32x16x3x3xf32>) -> tensor<1x32x9x11xf32> {
  %0 = "graph.conv2d"(%a, %b) {conv_icb = 8 : i64, strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x9x11xf32>, tensor<32x16x3x3xf32>) -> tensor<1x32x9x11xf32>
  return %0 : tensor<1x32x9x11xf32>
}
func.func @no_icb(%a: tensor<1x4096x3x3xf32>, %b: tensor<64x4096x3x3xf32>) -> tensor<1x64x3x3xf32> {
  %0 = "graph.conv2d"(%a, %b) {conv_icb = 0 : i64, strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4096x3x3xf32>, tensor<64x4096x3x3xf32>) -> tensor<1x64x3x3xf32>
  return %0 : tensor<1x64x3x3xf32>
}
