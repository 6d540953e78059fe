// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fold-batch-norm,graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule,te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,strata-outline-kernels)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// Two identical convolutions (same shapes, different weights) are one
// kernel called twice; the relu between them is another kernel. The
// weights are arguments (memref.get_global stays in the caller), loop
// bounds are constants cloned into the kernel.
// CHECK: module attributes {strata.kernels = [3, 2]}
// CHECK-LABEL: func.func @main(
// CHECK:     %[[W0:.*]] = memref.get_global @{{.*}} : memref<4x4x3x3xf32>
// CHECK:     call @[[CONV:strata_kernel_[0-9a-f]{16}]]({{.*}}%[[W0]]
// CHECK:     call @[[RELU:strata_kernel_[0-9a-f]{16}]](
// CHECK:     %[[W1:.*]] = memref.get_global @{{.*}} : memref<4x4x3x3xf32>
// CHECK:     call @[[CONV]]({{.*}}%[[W1]]
// CHECK:     return
// CHECK-DAG: func.func private @[[CONV]](
// CHECK-DAG: func.func private @[[RELU]](
// CHECK-NOT: te.compute

// After lowering, the kernels are llvm.funcs the entry calls.
// LLVM: llvm.func @main(
// LLVM: llvm.call @strata_kernel_
// LLVM: llvm.func {{.*}}@strata_kernel_

func.func @main(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w0 = "graph.constant"() {value = dense<0.5> : tensor<4x4x3x3xf32>} : () -> tensor<4x4x3x3xf32>
  %w1 = "graph.constant"() {value = dense<0.25> : tensor<4x4x3x3xf32>} : () -> tensor<4x4x3x3xf32>
  %0 = "graph.conv2d"(%x, %w0) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %1 = "graph.relu"(%0) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %2 = "graph.conv2d"(%1, %w1) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %3 = "graph.relu"(%2) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %3 : tensor<1x4x8x8xf32>
}
