// RUN: strata-opt %s --split-input-file --pass-pipeline='builtin.module(convert-hwi-to-vector)' | FileCheck %s

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

// -----

// RUN: not strata-opt %s --split-input-file --pass-pipeline='builtin.module(convert-hwi-to-vector)' 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: 'hwi.call_tile' op convert-hwi-to-vector lowers only "fma" intrinsics
"hwi.intrinsic"() {sym_name = "vnni", kind = "dot", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 1, 16, 4>, element_type = i8, acc_type = i32} : () -> ()
func.func @dot(%a: memref<1x8xi8>, %b: memref<8x16xi8>, %c: memref<1x16xi32>) {
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @vnni} : (memref<1x8xi8>, memref<8x16xi8>, memref<1x16xi32>) -> ()
  return
}

// -----

// ERR: error: 'hwi.call_tile' op tile 16x72 needs 144 accumulators; at most 64
"hwi.intrinsic"() {sym_name = "big", kind = "fma", isa = "generic", vector_width = 8 : i64,
                   tile = array<i64: 16, 72, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @too_many(%a: memref<16x4xf32>, %b: memref<4x72xf32>, %c: memref<16x72xf32>) {
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @big} : (memref<16x4xf32>, memref<4x72xf32>, memref<16x72xf32>) -> ()
  return
}
