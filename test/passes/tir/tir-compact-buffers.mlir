// RUN: strata-opt %s --pass-pipeline='builtin.module(tir-compact-buffers)' 2>&1 | FileCheck %s

// A depthwise-style accumulator: rows [c, h, :] reduced and read back
// inside one iteration of the serial h loop, under the parallel c loop.
// h is cut to 1 (index 0); c keeps its dimension (the parallel loop's
// iterations keep distinct rows); the vector lanes keep theirs.
// CHECK-LABEL: func.func @row
// CHECK: %[[X:.*]] = "tir.alloc_buffer"() {scope = "global"} : () -> memref<4x1x8xf32>
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: memref.store %{{.*}}, %[[X]][%{{.*}}, %[[Z]], %{{.*}}] : memref<4x1x8xf32>
// CHECK: memref.load %[[X]][%{{.*}}, %[[Z]], %{{.*}}] : memref<4x1x8xf32>
// CHECK: memref.dealloc %[[X]] : memref<4x1x8xf32>
func.func @row(%in: memref<4x6x8xf32>, %out: memref<4x6x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %x = "tir.alloc_buffer"() {scope = "global"} : () -> memref<4x6x8xf32>
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%c: index):
    "tir.for"(%c0, %c6, %c1) ({
    ^bb0(%h: index):
      "tir.for"(%c0, %c8, %c1) ({
      ^bb0(%w: index):
        %v = memref.load %in[%c, %h, %w] : memref<4x6x8xf32>
        memref.store %v, %x[%c, %h, %w] : memref<4x6x8xf32>
        gpu.yield
      }) {kind = "vectorized", name = "w"} : (index, index, index) -> ()
      "tir.for"(%c0, %c8, %c1) ({
      ^bb0(%w: index):
        %a = memref.load %x[%c, %h, %w] : memref<4x6x8xf32>
        %s = arith.addf %a, %a : f32
        memref.store %s, %out[%c, %h, %w] : memref<4x6x8xf32>
        gpu.yield
      }) {kind = "vectorized", name = "e.w"} : (index, index, index) -> ()
      gpu.yield
    }) {kind = "serial", name = "h"} : (index, index, index) -> ()
    gpu.yield
  }) {kind = "parallel", name = "c"} : (index, index, index) -> ()
  memref.dealloc %x : memref<4x6x8xf32>
  return
}

// The serial h loop runs under a parallel loop c that indexes no
// dimension of the buffer: concurrent iterations of c would share the
// cut row, so nothing changes.
// CHECK-LABEL: func.func @shared
// CHECK: "tir.alloc_buffer"() {scope = "global"} : () -> memref<6x8xf32>
func.func @shared(%in: memref<4x6x8xf32>, %out: memref<4x6x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %x = "tir.alloc_buffer"() {scope = "global"} : () -> memref<6x8xf32>
  "tir.for"(%c0, %c4, %c1) ({
  ^bb0(%c: index):
    "tir.for"(%c0, %c6, %c1) ({
    ^bb0(%h: index):
      "tir.for"(%c0, %c8, %c1) ({
      ^bb0(%w: index):
        %v = memref.load %in[%c, %h, %w] : memref<4x6x8xf32>
        memref.store %v, %x[%h, %w] : memref<6x8xf32>
        %a = memref.load %x[%h, %w] : memref<6x8xf32>
        memref.store %a, %out[%c, %h, %w] : memref<4x6x8xf32>
        gpu.yield
      }) {kind = "serial", name = "w"} : (index, index, index) -> ()
      gpu.yield
    }) {kind = "serial", name = "h"} : (index, index, index) -> ()
    gpu.yield
  }) {kind = "parallel", name = "c"} : (index, index, index) -> ()
  memref.dealloc %x : memref<6x8xf32>
  return
}

// A buffer read outside the loop that indexes it (here: row 0 after the
// nest), or used by another op than a load, store or dealloc (a subview),
// keeps its shape.
// CHECK-LABEL: func.func @escapes
// CHECK: "tir.alloc_buffer"() {scope = "global"} : () -> memref<6x8xf32>
// CHECK: "tir.alloc_buffer"() {scope = "global"} : () -> memref<6x8xf32>
func.func @escapes(%in: memref<6x8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %x = "tir.alloc_buffer"() {scope = "global"} : () -> memref<6x8xf32>
  %y = "tir.alloc_buffer"() {scope = "global"} : () -> memref<6x8xf32>
  "tir.for"(%c0, %c6, %c1) ({
  ^bb0(%h: index):
    "tir.for"(%c0, %c8, %c1) ({
    ^bb0(%w: index):
      %v = memref.load %in[%h, %w] : memref<6x8xf32>
      memref.store %v, %x[%h, %w] : memref<6x8xf32>
      memref.store %v, %y[%h, %w] : memref<6x8xf32>
      gpu.yield
    }) {kind = "serial", name = "w"} : (index, index, index) -> ()
    gpu.yield
  }) {kind = "serial", name = "h"} : (index, index, index) -> ()
  %r = memref.load %x[%c0, %c0] : memref<6x8xf32>
  memref.store %r, %out[%c0] : memref<8xf32>
  %s = memref.subview %y[0, 0] [1, 8] [1, 1] : memref<6x8xf32> to memref<8xf32, strided<[1]>>
  memref.copy %s, %out : memref<8xf32, strided<[1]>> to memref<8xf32>
  memref.dealloc %x : memref<6x8xf32>
  memref.dealloc %y : memref<6x8xf32>
  return
}
