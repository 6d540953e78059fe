// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-hwi-to-vector)' | FileCheck %s

// A 2x32 tile with 16-lane vectors: 4 accumulators loaded from C, carried
// through the K loop, 2 row vectors of B and 2 broadcasts of A per step,
// 4 fmas, stored back. The declaration is gone afterwards.
// CHECK-LABEL: func.func @tile
// CHECK-NOT: hwi.
// CHECK: %[[K:.*]] = memref.dim %arg0, %c1
// CHECK-COUNT-4: vector.load %arg2
// CHECK: scf.for %[[k:.*]] = %c0 to %[[K]] step %c1 iter_args(
// CHECK-COUNT-2: vector.load %arg1[%[[k]],
// CHECK: memref.load %arg0[%c0, %[[k]]]
// CHECK: vector.broadcast
// CHECK-COUNT-2: vector.fma
// CHECK: memref.load %arg0[%c1, %[[k]]]
// CHECK: vector.broadcast
// CHECK-COUNT-2: vector.fma
// CHECK: scf.yield
// CHECK-COUNT-4: vector.store
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "generic", vector_width = 16 : i64,
                   tile = array<i64: 2, 32, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @tile(%a: memref<2x?xf32>, %b: memref<?x32xf32>, %c: memref<2x32xf32>) {
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<2x?xf32>, memref<?x32xf32>, memref<2x32xf32>) -> ()
  return
}
