// strata-flatten-globals gives constant globals of multi-dimensional
// tensors a flat array type with a 1-D initializer over the same data
// (a dense_resource keeps its blob); other globals are left alone.
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-flatten-globals)' | FileCheck %s
// The end of strata-lower-to-llvm, and the result still JIT-compiles and runs:
// RUN: strata-opt --list-passes | FileCheck %s --check-prefix=LIST
// LIST: strata-flatten-globals
// RUN: strata-run %S/Inputs/flatten_globals_model.mlir --print | FileCheck %s --check-prefix=JIT
// RUN: strata-opt %S/Inputs/flatten_globals_model.mlir --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LOWERED
// JIT: result 0: 2x3xf32 checksum 18
// JIT-NEXT: [-1, 2, 2, 4, 5, 6]
// LOWERED: llvm.mlir.global private constant @{{.*}}(dense_resource<{{.*}}> : tensor<6xf32>) {{.*}} : !llvm.array<6 x f32>

// CHECK: llvm.mlir.global private constant @inline(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>) {addr_space = 0 : i32} : !llvm.array<6 x f32>
llvm.mlir.global private constant @inline(dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x f32>>
// CHECK: llvm.mlir.global private constant @splat(dense<5.000000e-01> : tensor<24xf32>) {addr_space = 0 : i32} : !llvm.array<24 x f32>
llvm.mlir.global private constant @splat(dense<0.5> : tensor<2x3x4xf32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x array<4 x f32>>>
// CHECK: llvm.mlir.global private constant @blob(dense_resource<weights> : tensor<4xi32>) {addr_space = 0 : i32} : !llvm.array<4 x i32>
llvm.mlir.global private constant @blob(dense_resource<weights> : tensor<2x2xi32>) {addr_space = 0 : i32} : !llvm.array<2 x array<2 x i32>>
// Already flat, or not an array of arrays: unchanged.
// CHECK: llvm.mlir.global private constant @flat(dense<[1, 2]> : tensor<2xi64>) {addr_space = 0 : i32} : !llvm.array<2 x i64>
llvm.mlir.global private constant @flat(dense<[1, 2]> : tensor<2xi64>) {addr_space = 0 : i32} : !llvm.array<2 x i64>
// CHECK: llvm.mlir.global internal @scalar(7 : i32) {addr_space = 0 : i32} : i32
llvm.mlir.global internal @scalar(7 : i32) {addr_space = 0 : i32} : i32
// The blob is the original's, unchanged:
// CHECK: weights: "0x0400000001000000020000000300000004000000"

{-#
  dialect_resources: {
    builtin: {
      weights: "0x0400000001000000020000000300000004000000"
    }
  }
#-}
