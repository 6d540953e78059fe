// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fuse)' | FileCheck %s
// After convert-graph-to-te the groups are inlined back and gone.
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fuse,convert-graph-to-te,te-inline)' | FileCheck %s --check-prefix=TE

// TE-NOT: _fused
// TE-NOT: func.call

// A conv absorbs bias add, residual add and relu; the constant it reads is
// cloned into the group; the residual input is an argument.
// CHECK-LABEL: func.func @residual(
// CHECK-NEXT: %[[G:.*]] = call @residual_fused0(%arg0, %arg1, %arg2) : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: return %[[G]]
// CHECK: func.func private @residual_fused0({{.*}}) -> tensor<1x2x4x4xf32> attributes {graph.fused = "conv2d+add+add+relu", graph.pattern = "out_elemwise_fusable"}
// CHECK-NEXT: %[[C:.*]] = "graph.conv2d"(%arg0, %arg1)
// CHECK-NEXT: %[[B:.*]] = "graph.constant"() {value = dense<5.000000e-01> : tensor<1x2x1x1xf32>}
// CHECK-NEXT: %[[A:.*]] = "graph.add"(%[[C]], %[[B]])
// CHECK-NEXT: %[[R:.*]] = "graph.add"(%[[A]], %arg2)
// CHECK-NEXT: %[[O:.*]] = "graph.relu"(%[[R]])
// CHECK-NEXT: return %[[O]]
func.func @residual(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x3x3xf32>, %skip: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %b = "graph.constant"() {value = dense<0.5> : tensor<1x2x1x1xf32>} : () -> tensor<1x2x1x1xf32>
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %1 = "graph.add"(%0, %b) : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %2 = "graph.add"(%1, %skip) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %3 = "graph.relu"(%2) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %3 : tensor<1x2x4x4xf32>
}

// A hard_swish after a dense (x * clip(x + 3, 0, 6) / 6 reads the dense
// result twice, so the group ends at the dense); the elementwise tail is an
// injective group of its own. A max_pool (opaque) is in no group; a conv
// whose result has two users stays alone; a broadcast that grows the shape
// ends a chain.
// CHECK-LABEL: func.func @patterns(
// CHECK-NEXT: %[[D:.*]] = "graph.dense"
// CHECK-NEXT: %[[H:.*]] = call @patterns_fused0(%[[D]]) : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: "graph.constant"
// CHECK-NEXT: %[[C:.*]] = "graph.conv2d"
// CHECK-NEXT: %[[P:.*]] = "graph.max_pool2d"(%[[C]])
// CHECK-NEXT: %[[S:.*]] = "graph.sigmoid"(%[[C]])
// CHECK-NEXT: %[[E:.*]] = call @patterns_fused1(%[[P]]) : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT: %[[W:.*]] = "graph.add"(%[[E]], %arg3)
// CHECK-NEXT: return %[[H]], %[[S]], %[[W]]
// CHECK: func.func private @patterns_fused0(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> attributes {graph.fused = "add+clip+mul+div", graph.pattern = "injective"}
// CHECK: func.func private @patterns_fused1(%arg0: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> attributes {graph.fused = "exp+neg", graph.pattern = "injective"}
func.func @patterns(%x: tensor<2x4xf32>, %w: tensor<8x4xf32>, %y: tensor<1x2x4x4xf32>, %z: tensor<3x1x2x2xf32>) -> (tensor<2x8xf32>, tensor<1x2x4x4xf32>, tensor<3x2x2x2xf32>) {
  %three = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %six = "graph.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %d = "graph.dense"(%x, %w) : (tensor<2x4xf32>, tensor<8x4xf32>) -> tensor<2x8xf32>
  %a = "graph.add"(%d, %three) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  %c = "graph.clip"(%a) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = "graph.mul"(%d, %c) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %h = "graph.div"(%m, %six) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  %k = "graph.constant"() {value = dense<1.0> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %cv = "graph.conv2d"(%y, %k) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %p = "graph.max_pool2d"(%cv) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %s = "graph.sigmoid"(%cv) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %e = "graph.exp"(%p) : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %n = "graph.neg"(%e) : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %wide = "graph.add"(%n, %z) : (tensor<1x2x2x2xf32>, tensor<3x1x2x2xf32>) -> tensor<3x2x2x2xf32>
  return %h, %s, %wide : tensor<2x8xf32>, tensor<1x2x4x4xf32>, tensor<3x2x2x2xf32>
}
