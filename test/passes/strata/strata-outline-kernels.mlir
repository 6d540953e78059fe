// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fold-batch-norm,graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule,te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,strata-outline-kernels)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// The two convolutions (same shapes, different weights) share one kernel,
// called twice: the weights are arguments (memref.get_global stays in the
// caller) and loop bounds are constants cloned into the kernel. Their
// im2col kernels differ (the second reads through the first's relu). The
// memref arguments are marked noalias when no other argument views the
// same buffer (strata.noalias, one flag per memref argument).
// CHECK: module attributes {strata.kernels = [5, 4]}
// CHECK-LABEL: func.func @main(
// CHECK:     %[[W0:.*]] = memref.get_global @__constant_0 : memref<4x4x3x3xf32>
// CHECK:     call @[[IM2COL0:strata_kernel_[0-9a-f]{16}]](%arg0,
// CHECK:     %[[V0:.*]] = memref.collapse_shape %[[W0]]
// CHECK:     call @[[CONV:strata_kernel_[0-9a-f]{16}]](%{{.*}}, %[[V0]], %{{.*}})
// CHECK:     %[[W1:.*]] = memref.get_global @__constant_1 : memref<4x4x3x3xf32>
// CHECK:     call @[[IM2COL1:strata_kernel_[0-9a-f]{16}]](
// CHECK:     %[[V1:.*]] = memref.collapse_shape %[[W1]]
// CHECK:     call @[[CONV]](%{{.*}}, %[[V1]], %{{.*}})
// CHECK:     call @[[RELU:strata_kernel_[0-9a-f]{16}]](
// CHECK:     return
// CHECK-DAG: func.func private @[[IM2COL0]]({{.*}}) attributes {strata.noalias = array<i1: true, true>}
// CHECK-DAG: func.func private @[[CONV]]({{.*}}) attributes {strata.noalias = array<i1: true, true, true>}
// CHECK-DAG: func.func private @[[IM2COL1]](
// CHECK-DAG: func.func private @[[RELU]](
// CHECK-NOT: te.compute

// After lowering, the kernels are llvm.funcs the entry calls.
// LLVM: llvm.func @main(
// LLVM: llvm.call @strata_kernel_
// LLVM: llvm.func @strata_kernel_

func.func @main(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w0 = "graph.constant"() {value = dense<0.5> : tensor<4x4x3x3xf32>} : () -> tensor<4x4x3x3xf32>
  %w1 = "graph.constant"() {value = dense<0.25> : tensor<4x4x3x3xf32>} : () -> tensor<4x4x3x3xf32>
  %0 = "graph.conv2d"(%x, %w0) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %1 = "graph.relu"(%0) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %2 = "graph.conv2d"(%1, %w1) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %3 = "graph.relu"(%2) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %3 : tensor<1x4x8x8xf32>
}
