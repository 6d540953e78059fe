// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-hwi-to-vector)' | FileCheck %s

// A 2x32 tile with 16-lane vectors: 4 accumulators starting at zero while
// C's 4 lines are prefetched for writing, carried through the K loop, 2 row
// vectors of B and 2 broadcasts of A per step, 4 fmas; then C loaded (all
// of it first), added and stored. The declaration is gone afterwards.
// CHECK-LABEL: func.func @tile
// CHECK-NOT: hwi.
// CHECK: %[[Z:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
// CHECK: %[[K:.*]] = memref.dim %arg0, %c1
// CHECK-COUNT-4: memref.prefetch %arg2[{{.*}}], write, locality<3>, data
// CHECK-NOT: vector.load %arg2
// CHECK: scf.for %[[k:.*]] = %c0 to %[[K]] step %c1 iter_args({{.*}} = %[[Z]], {{.*}} = %[[Z]], {{.*}} = %[[Z]], {{.*}} = %[[Z]])
// B is a contiguous panel (rows of exactly 32): each step prefetches its
// row k + 32 (4 KiB ahead), one prefetch per 64-byte line.
// CHECK: %[[AHEAD:.*]] = arith.addi %[[k]], %c32
// CHECK: memref.prefetch %arg1[%[[AHEAD]], %c0], read, locality<3>, data
// CHECK: memref.prefetch %arg1[%[[AHEAD]], %c16], read, locality<3>, data
// CHECK-COUNT-2: vector.load %arg1[%[[k]],
// CHECK: memref.load %arg0[%c0, %[[k]]]
// CHECK: vector.broadcast
// CHECK-COUNT-2: vector.fma
// CHECK: memref.load %arg0[%c1, %[[k]]]
// CHECK: vector.broadcast
// CHECK-COUNT-2: vector.fma
// CHECK: scf.yield
// CHECK-COUNT-4: {{vector.load %arg2|arith.addf}}
// CHECK-COUNT-4: {{vector.load %arg2|arith.addf}}
// CHECK-COUNT-4: vector.store
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "generic", vector_width = 16 : i64,
                   tile = array<i64: 2, 32, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @tile(%a: memref<2x?xf32>, %b: memref<?x32xf32>, %c: memref<2x32xf32>) {
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<2x?xf32>, memref<?x32xf32>, memref<2x32xf32>) -> ()
  return
}

// B's rows are not contiguous (a 32-column window of a 64-wide matrix,
// unpacked): no prefetch of B, only C's.
// CHECK-LABEL: func.func @window
// CHECK-NOT: read, locality
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: scf.yield
func.func @window(%a: memref<2x?xf32>, %b: memref<?x32xf32, strided<[64, 1]>>, %c: memref<2x32xf32>) {
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<2x?xf32>, memref<?x32xf32, strided<[64, 1]>>, memref<2x32xf32>) -> ()
  return
}
