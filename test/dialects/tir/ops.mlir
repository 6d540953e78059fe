// Round trip of every tir op (generic form: IRDL ops print generically), through
// strata-opt (IRDL + C checks), twice, and through upstream mlir-opt with the
// IRDL definitions alone.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: mlir-opt-22 --irdl-file=%irdl %s | FileCheck %s

// A split, scheduled matmul C[64x128] += A * B: i split into i.0 (parallel)
// and i.1 (unrolled), j vectorized by 16, a packed copy of B and a local
// accumulator buffer; tir loops mix with memref, vector and arith ops.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[PACK:.*]] = "tir.alloc_buffer"() {scope = "packed"} : () -> memref<32x128xf32>
// CHECK: %[[ACC:.*]] = "tir.alloc_buffer"() {scope = "local"} : () -> memref<4x16xf32>
// CHECK: "tir.for"(%{{.*}}, %{{.*}}, %{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[I0:.*]]: index):
// CHECK: "tir.for"
// CHECK: ^bb0(%{{.*}}: index):
// CHECK: vector.load
// CHECK: vector.fma
// CHECK: vector.store
// CHECK: gpu.yield
// CHECK-NEXT: }) {kind = "vectorized", name = "j.1"} : (index, index, index) -> ()
// CHECK: gpu.yield
// CHECK-NEXT: }) {kind = "unrolled", name = "i.1"} : (index, index, index) -> ()
// CHECK: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "k"} : (index, index, index) -> ()
// CHECK: gpu.yield
// CHECK-NEXT: }) {kind = "parallel", name = "i.0"} : (index, index, index) -> ()
// CHECK: memref.dealloc %[[ACC]] : memref<4x16xf32>
// CHECK: memref.dealloc %[[PACK]] : memref<32x128xf32>
func.func @matmul(%a: memref<64x32xf32>, %b: memref<32x128xf32>, %c: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pack = "tir.alloc_buffer"() {scope = "packed"} : () -> memref<32x128xf32>
  %acc = "tir.alloc_buffer"() {scope = "local"} : () -> memref<4x16xf32>
  "tir.for"(%c0, %c64, %c4) ({
  ^bb0(%i0: index):
    "tir.for"(%c0, %c32, %c1) ({
    ^bb0(%k: index):
      "tir.for"(%c0, %c4, %c1) ({
      ^bb0(%i1: index):
        %i = arith.addi %i0, %i1 : index
        %x = memref.load %a[%i, %k] : memref<64x32xf32>
        %xv = vector.broadcast %x : f32 to vector<16xf32>
        "tir.for"(%c0, %c16, %c16) ({
        ^bb0(%j: index):
          %bv = vector.load %pack[%k, %j] : memref<32x128xf32>, vector<16xf32>
          %cv = vector.load %acc[%i1, %c0] : memref<4x16xf32>, vector<16xf32>
          %r = vector.fma %xv, %bv, %cv : vector<16xf32>
          vector.store %r, %acc[%i1, %c0] : memref<4x16xf32>, vector<16xf32>
          gpu.yield
        }) {name = "j.1", kind = "vectorized"} : (index, index, index) -> ()
        gpu.yield
      }) {name = "i.1", kind = "unrolled"} : (index, index, index) -> ()
      gpu.yield
    }) {name = "k", kind = "serial"} : (index, index, index) -> ()
    gpu.yield
  }) {name = "i.0", kind = "parallel"} : (index, index, index) -> ()
  memref.dealloc %acc : memref<4x16xf32>
  memref.dealloc %pack : memref<32x128xf32>
  return
}

// A dynamic global buffer (one dims operand per '?') and a loop with a
// dynamic step.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[B:.*]] = "tir.alloc_buffer"(%arg0, %arg1) {scope = "global"} : (index, index) -> memref<?x8x?xf32>
// CHECK: "tir.for"(%{{.*}}, %arg0, %arg2) ({
// CHECK-NEXT: ^bb0(%[[IV:.*]]: index):
// CHECK-NEXT: memref.store %{{.*}}, %[[B]][%[[IV]], %{{.*}}, %{{.*}}] : memref<?x8x?xf32>
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "n"} : (index, index, index) -> ()
func.func @dynamic(%n: index, %m: index, %step: index) -> memref<?x8x?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %buf = "tir.alloc_buffer"(%n, %m) {scope = "global"} : (index, index) -> memref<?x8x?xf32>
  "tir.for"(%c0, %n, %step) ({
  ^bb0(%i: index):
    memref.store %zero, %buf[%i, %c0, %c0] : memref<?x8x?xf32>
    gpu.yield
  }) {name = "n", kind = "serial"} : (index, index, index) -> ()
  return %buf : memref<?x8x?xf32>
}
