// strata-lower-to-llvm's symbol-dce (lowering/lower_to_llvm.c): a weight
// packed at compile time (here by the direct convolution, as
// conv2d_packed_weights) leaves its original constant unread; its global
// is erased, so the module (and the JIT's data, and an object file) holds
// the packed copy only. A constant that is still read (the bias added
// after the conv) keeps its global.
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s

// CHECK-NOT: llvm.mlir.global {{.*}}dense<5.000000e-01>
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}(dense_resource<conv2d_packed_weights> : tensor<4608xf32>)
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}(dense<{{\[}}1.000000e+00, 2.000000e+00, 3.000000e+00
// CHECK-NOT: llvm.mlir.global {{.*}}dense<5.000000e-01>
// CHECK-LABEL: llvm.func @main
// CHECK-NOT: llvm.mlir.global
func.func @main(%a: tensor<1x16x9x11xf32>) -> tensor<1x32x9x11xf32> {
  %w = arith.constant dense<0.5> : tensor<32x16x3x3xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0]> : tensor<32xf32>
  %0 = "graph.conv2d"(%a, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x9x11xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>) -> tensor<1x32x9x11xf32>
  return %0 : tensor<1x32x9x11xf32>
}
