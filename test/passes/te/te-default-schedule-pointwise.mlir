// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f})' | FileCheck %s

// A pointwise convolution as a product (A the constant weights, B the
// runtime activations): 480 channels split by the default kc = 256 would
// give two k blocks of 240, whose 240 x 64 panel (61 KB) fits no x86 L1
// data cache, while the whole packed B (480 x 64 floats, 123 KB) fits half
// of any L2 (256 KiB at the least). One k block: no zero-fill of the
// product, no reload of C per block, one fork/join.
// CHECK-LABEL: func.func @pointwise
// CHECK: {axis = "r0", factors = array<i64: 480>, prim = "split"}
func.func @pointwise(%x: tensor<1x480x49xf32>) -> tensor<1x64x49xf32> {
  %w = arith.constant dense<1.0> : tensor<64x480x1x1xf32>
  %wc = tensor.collapse_shape %w [[0], [1, 2, 3]] : tensor<64x480x1x1xf32> into tensor<64x480xf32>
  %c = "te.compute"() ({
  ^bb0(%n: index, %o: index, %p: index, %q: index):
    %a = "te.read"(%wc, %o, %q) : (tensor<64x480xf32>, index, index) -> f32
    %b = "te.read"(%x, %n, %q, %p) : (tensor<1x480x49xf32>, index, index, index) -> f32
    %m = arith.mulf %a, %b : f32
    gpu.yield %m : f32
  }) {combiner = "add", init = 0.0 : f32, name = "conv2d", reduce_extents = array<i64: 480>} : () -> tensor<1x64x49xf32>
  return %c : tensor<1x64x49xf32>
}

// The same product with runtime weights (not a convolution's constant
// filter) keeps the k blocks of kc.
// CHECK-LABEL: func.func @runtime_a
// CHECK: {axis = "r0", factors = array<i64: 240>, prim = "split"}
func.func @runtime_a(%wc: tensor<64x480xf32>, %x: tensor<1x480x49xf32>) -> tensor<1x64x49xf32> {
  %c = "te.compute"() ({
  ^bb0(%n: index, %o: index, %p: index, %q: index):
    %a = "te.read"(%wc, %o, %q) : (tensor<64x480xf32>, index, index) -> f32
    %b = "te.read"(%x, %n, %q, %p) : (tensor<1x480x49xf32>, index, index, index) -> f32
    %m = arith.mulf %a, %b : f32
    gpu.yield %m : f32
  }) {combiner = "add", init = 0.0 : f32, name = "mm", reduce_extents = array<i64: 480>} : () -> tensor<1x64x49xf32>
  return %c : tensor<1x64x49xf32>
}
