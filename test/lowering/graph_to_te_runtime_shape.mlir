// Shapes computed at run time: graph.shape is a te.compute of the input's
// dims (tensor.dim, index_cast to i64, a select per dim); a graph.reshape
// with a `shape` operand reads each dynamic result dim from it with
// tensor.extract before the compute (0: the input's dim, -1: numel divided
// by the other dims), which convert-te-to-tir turns into memref.load of the
// shape's buffer. The whole chain lowers on to the llvm dialect.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir)' | FileCheck %s --check-prefix=TIR
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @reshape_to_computed(
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %c0
// CHECK: %[[S:.*]] = "te.compute"() ({
// CHECK: %[[I0:.*]] = arith.index_cast %[[D0]] : index to i64
// CHECK: arith.cmpi eq, %arg1, %{{.*}} : index
// CHECK: arith.select
// CHECK: }) {name = "shape", reduce_extents = array<i64>} : () -> tensor<2xi64>
// CHECK: }) {name = "slice", {{.*}}} : () -> tensor<1xi64>
// CHECK: %[[T:.*]] = "te.compute"() ({
// CHECK: }) {name = "concat", {{.*}}} : () -> tensor<3xi64>
// The dynamic dim 0: the target's element 0, the input's dim if 0, the
// rest of the elements if -1.
// CHECK: %[[E:.*]] = tensor.extract %[[T]][%{{.*}}] : tensor<3xi64>
// CHECK-NEXT: %[[V:.*]] = arith.index_cast %[[E]] : i64 to index
// CHECK-NEXT: %[[Z:.*]] = arith.cmpi eq, %[[V]], %{{.*}} : index
// CHECK-NEXT: %[[D:.*]] = arith.select %[[Z]], %{{.*}}, %[[V]] : index
// CHECK: %[[REST:.*]] = arith.divui
// CHECK: arith.select %{{.*}}, %[[REST]], %[[D]] : index
// The rest of the dims hold 12 elements on both sides, so dim 0 is the
// input's (tensor.dim) for the compute.
// CHECK: "te.compute"(%dim{{.*}}) ({
// CHECK: }) {name = "reshape", reduce_extents = array<i64>} : (index) -> tensor<?x3x4xf32>
// TIR-LABEL: func.func @reshape_to_computed(
// TIR: %[[L:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<3xi64>
// TIR-NEXT: arith.index_cast %[[L]] : i64 to index
// TIR-NOT: tensor.extract
// LLVM-LABEL: llvm.func @reshape_to_computed(
// LLVM-NOT: tensor.extract
// LLVM-NOT: te.compute
func.func @reshape_to_computed(%x: tensor<?x12xf32>) -> tensor<?x3x4xf32> {
  %s = "graph.shape"(%x) : (tensor<?x12xf32>) -> tensor<2xi64>
  %s0 = "graph.slice"(%s) {starts = array<i64: 0>, ends = array<i64: 1>, steps = array<i64: 1>} : (tensor<2xi64>) -> tensor<1xi64>
  %c = "graph.constant"() {value = dense<[3, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %t = "graph.concat"(%s0, %c) {axis = 0 : i64} : (tensor<1xi64>, tensor<2xi64>) -> tensor<3xi64>
  %y = "graph.reshape"(%x, %t) : (tensor<?x12xf32>, tensor<3xi64>) -> tensor<?x3x4xf32>
  return %y : tensor<?x3x4xf32>
}

// Every result dim dynamic; the target a function argument.
// CHECK-LABEL: func.func @reshape_all_dynamic(
// CHECK: tensor.extract %arg1
// CHECK: tensor.extract %arg1
// CHECK: %[[REST:.*]] = arith.divui
// CHECK: %[[N0:.*]] = arith.select %{{.*}}, %[[REST]], %{{.*}} : index
// CHECK: %[[N1:.*]] = arith.select %{{.*}}, %[[REST]], %{{.*}} : index
// CHECK: "te.compute"(%[[N0]], %[[N1]]) ({
// CHECK: }) {name = "reshape", reduce_extents = array<i64>} : (index, index) -> tensor<?x?xf32>
func.func @reshape_all_dynamic(%x: tensor<?x12xf32>, %t: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = "graph.reshape"(%x, %t) : (tensor<?x12xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
