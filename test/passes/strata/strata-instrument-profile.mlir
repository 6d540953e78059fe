// RUN: strata-opt %s --split-input-file --pass-pipeline='builtin.module(strata-instrument-profile)' | FileCheck %s

// Loop nests are grouped up to the nest carrying te.compute (its init nest
// counts with it); a func.call (an outlined group) and a memref.copy are
// kernels of their own; names are the compute (or callee) and the location.
// Private functions (callees) are not instrumented.
// CHECK: module attributes {strata.profile_kernels = ["matmul  node 'mm' (MatMul)", "call @group_0  node 'fused' (Relu)", "copy  {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}", "relu  node 'r' (Relu)"]}
// CHECK-LABEL: func.func @model
// CHECK:      %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @strata_profile_begin(%[[C0]]) : (i64) -> ()
// CHECK-NEXT: "tir.for"
// CHECK:      name = "i.init"
// CHECK-NEXT: "tir.for"
// CHECK:      te.compute = "matmul"
// CHECK-NEXT: %[[E0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @strata_profile_end(%[[E0]])
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @strata_profile_begin(%[[C1]])
// CHECK-NEXT: call @group_0(
// CHECK-NEXT: %[[E1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @strata_profile_end(%[[E1]])
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: call @strata_profile_begin(%[[C2]])
// CHECK-NEXT: memref.copy
// CHECK-NEXT: %[[E2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: call @strata_profile_end(%[[E2]])
// The alloc between kernels stays outside them.
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-NEXT: call @strata_profile_begin(%[[C3]])
// CHECK-NEXT: "tir.for"
// CHECK:      te.compute = "relu"
// CHECK-NEXT: %[[E3:.*]] = arith.constant 3 : i64
// CHECK-NEXT: call @strata_profile_end(%[[E3]])
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @group_0
// CHECK-NOT:  strata_profile
// CHECK:      return
// CHECK-DAG:  func.func private @strata_profile_begin(i64)
// CHECK-DAG:  func.func private @strata_profile_end(i64)
func.func @model(%a: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<4xf32>
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    memref.store %z, %t[%i] : memref<4xf32>
    gpu.yield
  }) {kind = "serial", name = "i.init"} : (index, index, index) -> ()
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    %v = memref.load %a[%i] : memref<4xf32>
    memref.store %v, %t[%i] : memref<4xf32>
    gpu.yield
  }) {kind = "serial", name = "i", te.compute = "matmul"} : (index, index, index) -> () loc("node 'mm' (MatMul)"("model.onnx":0:0))
  call @group_0(%t, %out) : (memref<4xf32>, memref<4xf32>) -> () loc("node 'fused' (Relu)"("model.onnx":0:0))
  memref.copy %out, %t : memref<4xf32> to memref<4xf32>
  %u = memref.alloc() : memref<4xf32>
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    %v = memref.load %t[%i] : memref<4xf32>
    %r = arith.maximumf %v, %z : f32
    memref.store %r, %out[%i] : memref<4xf32>
    gpu.yield
  }) {kind = "serial", name = "i", te.compute = "relu"} : (index, index, index) -> () loc("node 'r' (Relu)"("model.onnx":0:0))
  return
}

func.func private @group_0(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    %v = memref.load %x[%i] : memref<4xf32>
    memref.store %v, %y[%i] : memref<4xf32>
    gpu.yield
  }) {kind = "serial", name = "i", te.compute = "relu"} : (index, index, index) -> ()
  return
}

// -----

// Nests without te.compute at the end of a function are one "loops"
// kernel; a function without kernels gets no declarations, an empty list.
// CHECK: module attributes {strata.profile_kernels = ["loops  {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}"]}
// CHECK-LABEL: func.func @plain
// CHECK:      call @strata_profile_begin
// CHECK-NEXT: "tir.for"
// CHECK:      "tir.for"
// CHECK:      call @strata_profile_end
// CHECK-NEXT: return
// CHECK-LABEL: func.func @nothing
// CHECK-NEXT: return
func.func @plain(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    memref.store %z, %a[%i] : memref<4xf32>
    gpu.yield
  }) {kind = "serial", name = "i"} : (index, index, index) -> ()
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    memref.store %z, %a[%i] : memref<4xf32>
    gpu.yield
  }) {kind = "serial", name = "j"} : (index, index, index) -> ()
  return
}
func.func @nothing() {
  return
}

// -----

// CHECK: module attributes {strata.profile_kernels = []}
// CHECK-NOT: strata_profile
func.func @empty() {
  return
}
