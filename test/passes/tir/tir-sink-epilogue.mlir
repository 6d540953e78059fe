// tir-sink-epilogue (passes/tir/tir_sink_epilogue.c): the direct
// convolution's NCHW epilogue (bias + ReLU / Clip, reading the NCHW{B}c
// product transposed, which tir-fuse-epilogue cannot put on the tiles)
// moves into the product's outer loops it shares: the output rows [n, ob,
// oh] of the stem (whose consumer, the max pool, is not an inlined padded
// copy), or the channel block [n, ob] of a layer with an input-channel
// block (the reductions run outside the rows there); and the depthwise
// plane kernel's epilogue (a vector-row product), its row vectorized. The
// host decides the tile, so tile names and blocks are matched loosely.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule,te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,tir-product-in-place,tir-sink-init,tir-sink-epilogue)' | FileCheck %s

// The 3-channel 7x7 stride-2 stem + ReLU + max pool: the ReLU runs at the
// end of each output row of the product, inside its parallel row loop.
// CHECK-LABEL: func.func @stem
// CHECK: hwi.call_tile
// CHECK: name = "d3.0"
// CHECK: arith.maximumf
// CHECK-NEXT: memref.store {{.*}} : memref<1x64x8x8xf32>
// CHECK: name = "d1.1"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: kind = "parallel", name = "d2"
// CHECK: te.compute = "conv2d_direct"
// CHECK-NOT: te.compute = "relu"
// CHECK: te.compute = "max_pool2d"
func.func @stem(%a: tensor<1x3x16x16xf32>, %b: tensor<64x3x7x7xf32>, %c: tensor<64xf32>) -> tensor<1x64x4x4xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 2, 2>, padding = array<i64: 3, 3, 3, 3>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x16x16xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x8x8xf32>
  %1 = "graph.relu"(%0) : (tensor<1x64x8x8xf32>) -> tensor<1x64x8x8xf32>
  %2 = "graph.max_pool2d"(%1) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, layout = "NCHW", padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x64x8x8xf32>) -> tensor<1x64x4x4xf32>
  return %2 : tensor<1x64x4x4xf32>
}

// Input channels blocked (conv_icb): the order is [n, ob, c.0, kh, kw, oh,
// ..], so the Clip runs at the end of each channel block (the parallel
// loop), after its last input-channel block; it reads the product at
// o / B with o = ob * B + o.1, which is ob.
// CHECK-LABEL: func.func @wide
// CHECK: hwi.call_tile
// CHECK: name = "r2.0"
// CHECK: arith.minimumf
// CHECK-NEXT: memref.store {{.*}} : memref<1x128x5x5xf32>
// CHECK: kind = "parallel", name = "d1"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: te.compute = "conv2d_direct"
// CHECK-NOT: te.compute = "clip"
// CHECK: return
func.func @wide(%a: tensor<1x256x5x5xf32>, %b: tensor<128x256x3x3xf32>, %c: tensor<128xf32>) -> tensor<1x128x5x5xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW", conv_icb = 64} : (tensor<1x256x5x5xf32>, tensor<128x256x3x3xf32>, tensor<128xf32>) -> tensor<1x128x5x5xf32>
  %1 = "graph.clip"(%0) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<1x128x5x5xf32>) -> tensor<1x128x5x5xf32>
  return %1 : tensor<1x128x5x5xf32>
}

// Not moved: a transpose reads row oh of the product in its column loop
// (no shared loop indexes the product the same way), so it stays a nest of
// its own after the product.
// CHECK-LABEL: func.func @transposed
// CHECK: te.compute = "conv2d_direct"
// CHECK: te.compute = "transpose"
func.func @transposed(%a: tensor<1x16x6x6xf32>, %b: tensor<64x16x3x3xf32>) -> tensor<1x64x6x6xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x6x6xf32>, tensor<64x16x3x3xf32>) -> tensor<1x64x6x6xf32>
  %1 = "graph.transpose"(%0) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x64x6x6xf32>) -> tensor<1x64x6x6xf32>
  return %1 : tensor<1x64x6x6xf32>
}

// A depthwise convolution on padded planes (graph_to_te_conv_depthwise.c):
// the product is a vector-row nest (no tile) writing acc[n, c, j], the
// epilogue reads acc[n, c, oh * 9 + ow]. It moves into the channel loop
// (after the taps), and its row loop (7 pixels) is vectorized.
// CHECK-LABEL: func.func @dw_plane
// CHECK: te.compute = "conv2d_pad"
// CHECK: name = "r0", unroll_factor = 3 : i64
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: name = "d2.0"
// CHECK: arith.minimumf
// CHECK-NEXT: memref.store {{.*}} : memref<1x8x7x7xf32>
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: kind = "vectorized", name = "d3"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: name = "d2"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: name = "d1"
// CHECK-NOT: te.compute = "clip"
// CHECK: return
func.func @dw_plane(%x: tensor<1x8x7x7xf32>, %w: tensor<8x1x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x7x7xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 8 : i64} : (tensor<1x8x7x7xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x7x7xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  return %r : tensor<1x8x7x7xf32>
}
