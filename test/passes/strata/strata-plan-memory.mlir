// RUN: strata-opt %s --split-input-file --pass-pipeline='builtin.module(strata-plan-memory)' | FileCheck %s

// A chain a -> b -> c -> d: a (1024 B) is dead once c is allocated, so c
// reuses a's bytes; d (256 B) lives with c but not with b, so it reuses b's.
// Largest first: a at 0, c (1024 B, overlaps b only) at 0, b (512 B) at
// 1024, d at 1024. Arena: 1536 bytes instead of 2816, one alloc per call.
// CHECK: module attributes {strata.memory_plan = {chain = {arena_bytes = 1536 : i64, planned_buffers = 4 : i64, separate_bytes = 2816 : i64, unplanned_buffers = 0 : i64}}}
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1536xi8>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A:.*]] = memref.view %[[ARENA]][%[[C0]]][] : memref<1536xi8> to memref<256xf32>
// CHECK:      %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-NEXT: %[[B:.*]] = memref.view %[[ARENA]][%[[C1024]]][] : memref<1536xi8> to memref<128xf32>
// CHECK:      %[[C0B:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C:.*]] = memref.view %[[ARENA]][%[[C0B]]][] : memref<1536xi8> to memref<16x16xf32>
// CHECK:      %[[C1024B:.*]] = arith.constant 1024 : index
// CHECK-NEXT: %[[D:.*]] = memref.view %[[ARENA]][%[[C1024B]]][] : memref<1536xi8> to memref<64xf32>
// CHECK-NOT:  memref.dealloc %[[A]]
// CHECK:      memref.copy %[[D]], %arg1
// CHECK-NEXT: memref.dealloc %[[ARENA]] : memref<1536xi8>
// CHECK-NEXT: return
func.func @chain(%x: memref<256xf32>, %out: memref<64xf32>, %c0: index, %c1: index, %c64: index) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<128xf32>
  %as = memref.subview %a[0] [128] [1] : memref<256xf32> to memref<128xf32, strided<[1]>>
  memref.copy %as, %b : memref<128xf32, strided<[1]>> to memref<128xf32>
  // The last use of a is through a view (subview), inside a loop.
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %as[%i] : memref<128xf32, strided<[1]>>
    memref.store %v, %b[%i] : memref<128xf32>
  }
  %c = memref.alloc() {alignment = 64 : i64} : memref<16x16xf32>
  %cf = memref.collapse_shape %c [[0, 1]] : memref<16x16xf32> into memref<256xf32>
  %bs = memref.subview %cf[0] [128] [1] : memref<256xf32> to memref<128xf32, strided<[1]>>
  memref.copy %b, %bs : memref<128xf32> to memref<128xf32, strided<[1]>>
  %d = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  %cs = memref.subview %cf[0] [64] [1] : memref<256xf32> to memref<64xf32, strided<[1]>>
  memref.copy %cs, %d : memref<64xf32, strided<[1]>> to memref<64xf32>
  memref.copy %d, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<128xf32>
  memref.dealloc %c : memref<16x16xf32>
  memref.dealloc %d : memref<64xf32>
  return
}

// -----

// Buffers the plan leaves on the heap: a dynamic shape, and one returned
// (it escapes). Nothing planned: no arena. Allocs inside loops are not the
// function's top level and stay too.
// CHECK: strata.memory_plan = {keep = {arena_bytes = 0 : i64, planned_buffers = 0 : i64, separate_bytes = 0 : i64, unplanned_buffers = 2 : i64}}
// CHECK-LABEL: func.func @keep
// CHECK-NOT:  memref.view
// CHECK:      memref.alloc(%arg0) : memref<?xf32>
// CHECK:      memref.alloc() : memref<4xf32>
// CHECK:      scf.for
// CHECK-NEXT: memref.alloc() : memref<8xf32>
// CHECK:      memref.dealloc
// CHECK:      return
func.func @keep(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dyn = memref.alloc(%n) : memref<?xf32>
  %r = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
  }
  memref.dealloc %dyn : memref<?xf32>
  return %r : memref<4xf32>
}

// -----

// Alignment: a 4-byte buffer live with a 100-byte one starts at 128; i1
// elements take a byte each.
// CHECK: strata.memory_plan = {align = {arena_bytes = 192 : i64, planned_buffers = 2 : i64, separate_bytes = 104 : i64, unplanned_buffers = 0 : i64}}
// CHECK-LABEL: func.func @align
// CHECK:      memref.view %{{.*}}[%{{.*}}][] : memref<192xi8> to memref<100xi1>
// CHECK:      %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[C128]]][] : memref<192xi8> to memref<1xf32>
func.func @align(%x: memref<100xi1>, %y: memref<1xf32>) {
  %a = memref.alloc() : memref<100xi1>
  %b = memref.alloc() : memref<1xf32>
  memref.copy %x, %a : memref<100xi1> to memref<100xi1>
  memref.copy %y, %b : memref<1xf32> to memref<1xf32>
  memref.copy %a, %x : memref<100xi1> to memref<100xi1>
  memref.dealloc %a : memref<100xi1>
  memref.dealloc %b : memref<1xf32>
  return
}

// -----

// A buffer that leaves through a region's terminator (scf.condition passes
// it to the while's results, which this pass does not follow) or through a
// cast stays on the heap; the other one is planned.
// CHECK: strata.memory_plan = {escape = {arena_bytes = 64 : i64, planned_buffers = 1 : i64, separate_bytes = 16 : i64, unplanned_buffers = 2 : i64}}
// CHECK-LABEL: func.func @escape
// CHECK:      memref.alloc() : memref<4xf32>
// CHECK:      memref.alloc() : memref<8xf32>
// CHECK:      memref.view %{{.*}}[%{{.*}}][] : memref<64xi8> to memref<4xi32>
func.func @escape(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %w = scf.while (%x = %a) : (memref<4xf32>) -> memref<4xf32> {
    scf.condition(%c) %x : memref<4xf32>
  } do {
  ^bb0(%y: memref<4xf32>):
    scf.yield %y : memref<4xf32>
  }
  %b = memref.alloc() : memref<8xf32>
  %p = builtin.unrealized_conversion_cast %b : memref<8xf32> to i64
  %k = memref.alloc() : memref<4xi32>
  %z = arith.constant 0 : i32
  %i = arith.constant 0 : index
  memref.store %z, %k[%i] : memref<4xi32>
  memref.dealloc %k : memref<4xi32>
  return %w : memref<4xf32>
}
