// End-to-end: products whose whole reduction fits one register-tile call
// (tir-product-in-place: no zero-fill, the tile overwrites C, computed
// straight into the fused epilogue's destination) against strata-reference:
// a pointwise conv 16 -> 24 + bias + clip on 13x11 (partial tiles), a
// pointwise conv + residual add (the destination is not the residual), a
// matmul with k = 20 + relu, and a pointwise conv whose product has two
// users (not fused: the tiles overwrite a product buffer both read).
// RUN: strata-reference %s --entry pw_clip --seed 5 --output %t.a.npy
// RUN: strata-run %s --entry pw_clip --seed 5 --expected %t.a.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry pw_add --seed 5 --output %t.b.npy
// RUN: strata-run %s --entry pw_add --seed 5 --expected %t.b.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry mm_relu --seed 5 --output %t.c.npy
// RUN: strata-run %s --entry mm_relu --seed 5 --expected %t.c.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-reference %s --entry pw_two_users --seed 5 --output %t.d.npy
// RUN: strata-run %s --entry pw_two_users --seed 5 --expected %t.d.npy --rtol 1e-4 --atol 1e-4
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fold-batch-norm,graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule,te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,tir-product-in-place)' | FileCheck %s
// CHECK-LABEL: func.func @pw_clip
// CHECK-NOT: tir.alloc_buffer
// CHECK: "hwi.call_tile"{{.*}}overwrite
// CHECK-LABEL: func.func @pw_add
// CHECK-NOT: tir.alloc_buffer
// CHECK: "hwi.call_tile"{{.*}}overwrite
func.func @pw_clip(%x: tensor<1x16x13x11xf32>, %w: tensor<24x16x1x1xf32>, %b: tensor<24xf32>) -> tensor<1x24x13x11xf32> {
  %c = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 0, 0, 0, 0>, groups = 1 : i64} : (tensor<1x16x13x11xf32>, tensor<24x16x1x1xf32>, tensor<24xf32>) -> tensor<1x24x13x11xf32>
  %r = "graph.clip"(%c) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<1x24x13x11xf32>) -> tensor<1x24x13x11xf32>
  return %r : tensor<1x24x13x11xf32>
}
func.func @pw_add(%x: tensor<1x24x9x7xf32>, %w: tensor<24x24x1x1xf32>) -> tensor<1x24x9x7xf32> {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 0, 0, 0, 0>, groups = 1 : i64} : (tensor<1x24x9x7xf32>, tensor<24x24x1x1xf32>) -> tensor<1x24x9x7xf32>
  %s = "graph.add"(%c, %x) : (tensor<1x24x9x7xf32>, tensor<1x24x9x7xf32>) -> tensor<1x24x9x7xf32>
  return %s : tensor<1x24x9x7xf32>
}
func.func @mm_relu(%a: tensor<9x20xf32>, %b: tensor<20x70xf32>) -> tensor<9x70xf32> {
  %m = "graph.matmul"(%a, %b) : (tensor<9x20xf32>, tensor<20x70xf32>) -> tensor<9x70xf32>
  %r = "graph.relu"(%m) : (tensor<9x70xf32>) -> tensor<9x70xf32>
  return %r : tensor<9x70xf32>
}
func.func @pw_two_users(%x: tensor<1x16x6x6xf32>, %w: tensor<8x16x1x1xf32>) -> (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) {
  %c = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, data_layout = "NCHW", kernel_layout = "OIHW", padding = array<i64: 0, 0, 0, 0>, groups = 1 : i64} : (tensor<1x16x6x6xf32>, tensor<8x16x1x1xf32>) -> tensor<1x8x6x6xf32>
  %r = "graph.relu"(%c) : (tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %n = "graph.neg"(%c) : (tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  return %r, %n : tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>
}
