// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fold-batch-norm)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fold-batch-norm)' | FileCheck %s --check-prefix=BIG

// Values: w = 2, gamma = 3, beta = 1, mean = 0.5, var = 3, eps = 1:
// s = 3 / sqrt(4) = 1.5, w' = 3, b' = 0 * 1.5 + 1 - 0.5 * 1.5 = 0.25.
// CHECK-LABEL: func.func @conv_bn
// CHECK-NEXT: %[[W:.*]] = "graph.constant"() {value = dense<3.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK-NEXT: %[[B:.*]] = "graph.constant"() {value = dense<2.500000e-01> : tensor<1xf32>}
// CHECK-NEXT: %[[C:.*]] = "graph.conv2d"(%arg0, %[[W]], %[[B]]) {{.*}}groups = 1
// CHECK-NEXT: %[[R:.*]] = "graph.relu"(%[[C]])
// CHECK-NEXT: return %[[R]]
func.func @conv_bn(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %w = "graph.constant"() {value = dense<2.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %g = "graph.constant"() {value = dense<3.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %b = "graph.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = "graph.constant"() {value = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %v = "graph.constant"() {value = dense<3.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x4x4xf32>
  %1 = "graph.batch_norm"(%0, %g, %b, %m, %v) {epsilon = 1.0 : f32, axis = 1 : i64} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x4x4xf32>
  %2 = "graph.relu"(%1) : (tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  return %2 : tensor<1x1x4x4xf32>
}

// A chain: conv with bias, then mul by [2, 1, 1], div by a scalar, add of
// [1, 2, 1, 1], sub of [2, 1, 1], all into one conv. Weights of channel 0
// (1, 2) scale by 2 / 4, of channel 1 (3, 4) by 10 / 4; bias (1, 1) becomes
// (1 * 0.5 + 7 - 1, 1 * 2.5 + 8 - 2).
// CHECK-LABEL: func.func @conv_chain
// CHECK-NEXT: %[[W:.*]] = "graph.constant"() {value = dense<{{\[\[\[\[}}5.000000e-01]], {{\[\[}}1.000000e+00]]], {{\[\[\[}}7.500000e+00]], {{\[\[}}1.000000e+01]]]]>
// CHECK-NEXT: %[[B:.*]] = "graph.constant"() {value = dense<[6.500000e+00, 8.500000e+00]> : tensor<2xf32>}
// CHECK-NEXT: %[[C:.*]] = "graph.conv2d"(%arg0, %[[W]], %[[B]])
// CHECK-NEXT: return %[[C]]
func.func @conv_chain(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = "graph.constant"() {value = dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %bias = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %s = "graph.constant"() {value = dense<[[[2.0]], [[10.0]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %d = "graph.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
  %a = "graph.constant"() {value = dense<[[[[7.0]], [[8.0]]]]> : tensor<1x2x1x1xf32>} : () -> tensor<1x2x1x1xf32>
  %t = "graph.constant"() {value = dense<[[[1.0]], [[2.0]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %0 = "graph.conv2d"(%x, %w, %bias) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %1 = "graph.mul"(%0, %s) : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %2 = "graph.div"(%1, %d) : (tensor<1x2x3x3xf32>, tensor<f32>) -> tensor<1x2x3x3xf32>
  %3 = "graph.add"(%a, %2) : (tensor<1x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %4 = "graph.sub"(%3, %t) : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x3xf32>
  return %4 : tensor<1x2x3x3xf32>
}

// dense + batch_norm on its last axis; matmul * a per-column constant.
// CHECK-LABEL: func.func @dense_and_matmul
// CHECK-NEXT: "graph.constant"() {value = dense<{{\[\[}}2.000000e+00, 2.000000e+00], [3.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>}
// CHECK-NEXT: "graph.constant"() {value = dense<[1.000000e+00, 6.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT: "graph.dense"(%arg0, %{{.*}}, %{{.*}}) : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<2xf32>)
// CHECK-NEXT: "graph.constant"() {value = dense<{{\[\[}}2.000000e+00, 3.000000e+00], [1.000000e+00, 1.500000e+00]]> : tensor<2x2xf32>}
// CHECK-NEXT: "graph.matmul"(%arg0, %{{.*}}) : (tensor<3x2xf32>, tensor<2x2xf32>)
// CHECK-NEXT: return
func.func @dense_and_matmul(%x: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = "graph.constant"() {value = dense<1.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %g = "graph.constant"() {value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "graph.constant"() {value = dense<[1.0, 6.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "graph.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.dense"(%x, %w) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %1 = "graph.batch_norm"(%0, %g, %b, %m, %v) {epsilon = 0.0 : f32, axis = 1 : i64} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %mw = "graph.constant"() {value = dense<[[1.0, 1.0], [0.5, 0.5]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %s = "graph.constant"() {value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %2 = "graph.matmul"(%x, %mw) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %3 = "graph.mul"(%2, %s) : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %1, %3 : tensor<3x2xf32>, tensor<3x2xf32>
}

// Weights over 64 elements become a dense_resource blob (no size limit).
// BIG-LABEL: func.func @large
// BIG: "graph.constant"() {value = dense_resource<folded_weight{{.*}}> : tensor<16x8x3x3xf32>}
// BIG: "graph.constant"() {value = dense<{{.*}}> : tensor<16xf32>}
// BIG: "graph.conv2d"
// BIG-NOT: graph.batch_norm
// BIG: return
// BIG: folded_weight{{.*}}: "0x04000000{{(00004040)+}}"
func.func @large(%x: tensor<1x8x5x5xf32>) -> tensor<1x16x3x3xf32> {
  %w = "graph.constant"() {value = dense<1.5> : tensor<16x8x3x3xf32>} : () -> tensor<16x8x3x3xf32>
  %g = "graph.constant"() {value = dense<2.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %z = "graph.constant"() {value = dense<0.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %v = "graph.constant"() {value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x8x5x5xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x3x3xf32>
  %1 = "graph.batch_norm"(%0, %g, %z, %z, %v) {epsilon = 0.0 : f32, axis = 1 : i64} : (tensor<1x16x3x3xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x3x3xf32>
  return %1 : tensor<1x16x3x3xf32>
}

// ---- Not folded ------------------------------------------------------------

// The conv result has a second user; a non-constant gamma; a constant that
// is not per-channel; c - y; a batch_norm on another axis; a weight that is
// not constant; an add whose result type broadcasts beyond the conv's.
// CHECK-LABEL: func.func @not_folded
// CHECK-COUNT-2: "graph.batch_norm"
// CHECK: "graph.mul"
// CHECK: "graph.sub"
// CHECK: "graph.batch_norm"
// CHECK: "graph.mul"
// CHECK: "graph.add"
// CHECK: return
func.func @not_folded(%x: tensor<1x2x3x3xf32>, %g: tensor<2xf32>, %wa: tensor<2x2x1x1xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>) {
  %w = "graph.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %p = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %p3 = "graph.constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %full = "graph.constant"() {value = dense<2.0> : tensor<1x2x3x3xf32>} : () -> tensor<1x2x3x3xf32>
  %c0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %0 = "graph.batch_norm"(%c0, %p, %p, %p, %p) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %c1 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %1 = "graph.batch_norm"(%c1, %g, %p, %p, %p) {epsilon = 1.0e-05 : f32, axis = 1 : i64} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %c2 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %2 = "graph.mul"(%c2, %full) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c3 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %3 = "graph.sub"(%p3, %c3) : (tensor<3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c4 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %5 = "graph.batch_norm"(%c4, %p3, %p3, %p3, %p3) {epsilon = 1.0e-05 : f32, axis = 2 : i64} : (tensor<1x2x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x2x3x3xf32>
  %bc6 = "graph.constant"() {value = dense<3.0> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %c5 = "graph.conv2d"(%x, %wa) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %6 = "graph.mul"(%c5, %bc6) : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %c6 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %bc = "graph.constant"() {value = dense<1.0> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %7 = "graph.add"(%c6, %bc) : (tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<2x2x3x3xf32>
  return %0, %c0, %1, %2, %3, %5, %6, %7 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>
}
