// The whole ladder as one named pipeline: graph ops in, llvm dialect out,
// with the elementwise epilogue (bias add + relu) fused by te-inline and the
// dense product packed and tensorized (vector FMA: llvm.intr.fmuladd).
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,te-inline)' | FileCheck %s --check-prefix=TE

// CHECK-LABEL: llvm.func @main
// CHECK-NOT: graph.
// CHECK-NOT: "te.
// CHECK-NOT: "tir.
// The kernels are functions of their own (strata-outline-kernels) that
// the entry calls.
// CHECK: llvm.call @strata_kernel_
// CHECK-LABEL: llvm.func @_mlir_ciface_main
// CHECK: llvm.func @strata_kernel_
// CHECK: llvm.intr.fmuladd
// CHECK: llvm.intr.maximum

// TE-COUNT-2: "te.compute"
// TE-NOT: "te.compute"
func.func @main(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.dense"(%x, %w, %b) : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "graph.relu"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
