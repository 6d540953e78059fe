// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-tir-to-scf)' | FileCheck %s

// Parallel loops become scf.parallel, the others scf.for (a vectorized
// loop whose body qualifies becomes vector code: tir_loop_vectorizer.mlir);
// buffers become aligned allocations (global/packed) or stack allocations
// (local); loop names, kinds and the compute's attributes stay on the new
// loops.
// CHECK-LABEL: func.func @nest
// CHECK: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
// CHECK: %[[L:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK: scf.parallel (%[[I:.*]]) = (%c0) to (%c8) step (%c1) {
// CHECK:   %[[V:.*]] = vector.load %arg0[%[[I]], %c0] : memref<8x16xf32>, vector<16xf32>
// CHECK:   vector.store %[[V]], %[[P]][%[[I]], %c0] : memref<8x16xf32>, vector<16xf32>
// CHECK:   scf.reduce
// CHECK: } {te.compute = "copy", te.schedule = [{axis = "d0", prim = "parallel"}], tir.kind = "parallel", tir.name = "d0"}
// CHECK: memref.dealloc %[[P]]
// CHECK-NOT: tir.
func.func @nest(%in: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %p = "tir.alloc_buffer"() {scope = "packed"} : () -> memref<8x16xf32>
  %l = "tir.alloc_buffer"() {scope = "local"} : () -> memref<16xf32>
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    "tir.for"(%c0, %c16, %c1) ({
    ^bb0(%j: index):
      %v = memref.load %in[%i, %j] : memref<8x16xf32>
      memref.store %v, %p[%i, %j] : memref<8x16xf32>
      gpu.yield
    }) {name = "d1", kind = "vectorized"} : (index, index, index) -> ()
    gpu.yield
  }) {name = "d0", kind = "parallel", te.compute = "copy",
      te.schedule = [{prim = "parallel", axis = "d0"}]} : (index, index, index) -> ()
  memref.dealloc %p : memref<8x16xf32>
  return
}

// Dynamic buffer sizes carry over.
// CHECK-LABEL: func.func @dynamic
// CHECK: memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK: scf.for %{{.*}} = %c0 to %arg0 step %c1 {
// CHECK-NEXT: } {tir.kind = "serial", tir.name = "n"}
func.func @dynamic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = "tir.alloc_buffer"(%n) {scope = "global"} : (index) -> memref<?x4xf32>
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    gpu.yield
  }) {name = "n", kind = "serial"} : (index, index, index) -> ()
  memref.dealloc %b : memref<?x4xf32>
  return
}

// A parallel loop that runs once (one panel to pack, a batch of 1) is an
// scf.for: no thread team for a single iteration; a dynamic parallel loop
// stays parallel.
// CHECK-LABEL: func.func @once
// CHECK: scf.for %{{.*}} = %c0 to %c1 step %c1 {
// CHECK: } {tir.kind = "parallel", tir.name = "p"}
// CHECK: scf.parallel
// CHECK: } {tir.kind = "parallel", tir.name = "q"}
func.func @once(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "tir.for"(%c0, %c1, %c1) ({
  ^bb0(%i: index):
    gpu.yield
  }) {name = "p", kind = "parallel"} : (index, index, index) -> ()
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    gpu.yield
  }) {name = "q", kind = "parallel"} : (index, index, index) -> ()
  return
}
