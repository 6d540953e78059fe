// End-to-end: depthwise 3x3 convolutions + bias + clip (MobileNetV2's
// layers, small) with te-default-schedule's vector rows, their taps
// unrolled (nine copies of the row update: nine stores to the accumulator
// per output row) and, at stride 2, rows of 16 in host_lanes / 2 lanes,
// against strata-reference. tir-fuse-epilogue still computes the bias +
// clip at the end of each output row (the unrolled copies store the same
// row, so tir-reverse-compute-at accepts them) and tir-sink-init zeroes
// each row inside the channel loop (parallel from 2^18 iterations): no separate clip nest.
// These rows are short enough for the padded-plane kernel
// (depthwise_planes.mlir), so each conv forces depthwise_algorithm = "rows".
// RUN: strata-reference %s --entry dw_s1 --seed 3 --output %t.a.npy
// RUN: strata-run %s --entry dw_s1 --seed 3 --expected %t.a.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry dw_s2 --seed 3 --output %t.b.npy
// RUN: strata-run %s --entry dw_s2 --seed 3 --expected %t.b.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry dw_7 --seed 3 --output %t.c.npy
// RUN: strata-run %s --entry dw_7 --seed 3 --expected %t.c.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fold-batch-norm,graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule{target=avx512f},te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,tir-product-in-place,tir-sink-init)' | FileCheck %s
// CHECK-LABEL: func.func @dw_s1
// CHECK-NOT: name = "d0.init"
// CHECK: name = "d3.0.init"
// CHECK: name = "r2", unroll_factor = 3 : i64
// CHECK: name = "r1", unroll_factor = 3 : i64
// CHECK: name = "clip.d3"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: name = "d2"
// CHECK-NOT: name = "clip
// CHECK-LABEL: func.func @dw_s2
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: name = "r1", unroll_factor = 3 : i64
// CHECK: name = "clip.d3"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: name = "d2"
// CHECK-LABEL: func.func @dw_7
// CHECK: name = "r1", unroll_factor = 3 : i64
// CHECK: name = "clip.d3"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: name = "d2"
func.func @dw_s1(%x: tensor<1x24x14x14xf32>, %w: tensor<24x1x3x3xf32>, %b: tensor<24xf32>) -> tensor<1x24x14x14xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 24 : i64, depthwise_algorithm = "rows"} : (tensor<1x24x14x14xf32>, tensor<24x1x3x3xf32>, tensor<24xf32>) -> tensor<1x24x14x14xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 0.5 : f32} : (tensor<1x24x14x14xf32>) -> tensor<1x24x14x14xf32>
  return %r : tensor<1x24x14x14xf32>
}
func.func @dw_s2(%x: tensor<1x16x32x32xf32>, %w: tensor<16x1x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 16 : i64, depthwise_algorithm = "rows"} : (tensor<1x16x32x32xf32>, tensor<16x1x3x3xf32>, tensor<16xf32>) -> tensor<1x16x16x16xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 0.5 : f32} : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}
func.func @dw_7(%x: tensor<1x40x7x7xf32>, %w: tensor<40x1x3x3xf32>, %b: tensor<40xf32>) -> tensor<1x40x7x7xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, groups = 40 : i64, depthwise_algorithm = "rows"} : (tensor<1x40x7x7xf32>, tensor<40x1x3x3xf32>, tensor<40xf32>) -> tensor<1x40x7x7xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 0.5 : f32} : (tensor<1x40x7x7xf32>) -> tensor<1x40x7x7xf32>
  return %r : tensor<1x40x7x7xf32>
}
