// RUN: strata-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tir-to-scf)' | FileCheck %s

// Vectorized tir loops become vector code (lowering/tir_loop_vectorizer.c):
// contiguous loads and stores, elementwise math on vectors, uniform values
// (a scalar load from an address that does not depend on the loop) loaded
// once and broadcast.
// CHECK-LABEL: func.func @scale_add
// CHECK:      %[[X:.*]] = vector.load %arg0[%c2, %c4] : memref<4x20xf32>, vector<16xf32>
// CHECK:      %[[S:.*]] = memref.load %arg1[%c3] : memref<8xf32>
// CHECK:      %[[B:.*]] = vector.broadcast %[[S]] : f32 to vector<16xf32>
// CHECK:      %[[M:.*]] = arith.mulf %[[X]], %[[B]] fastmath<contract> : vector<16xf32>
// CHECK:      %[[E:.*]] = math.exp %[[M]] : vector<16xf32>
// CHECK:      vector.store %[[E]], %arg2[%c2, %c4] : memref<4x20xf32>, vector<16xf32>
// CHECK-NOT:  scf.for
func.func @scale_add(%x: memref<4x20xf32>, %s: memref<8xf32>, %y: memref<4x20xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c20 = arith.constant 20 : index
  "tir.for"(%c4, %c20, %c1) ({
  ^bb0(%j: index):
    %a = memref.load %x[%c2, %j] : memref<4x20xf32>
    %b = memref.load %s[%c3] : memref<8xf32>
    %m = arith.mulf %a, %b fastmath<contract> : f32
    %e = math.exp %m : f32
    memref.store %e, %y[%c2, %j] : memref<4x20xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// A min-bounded extent (a non-dividing split: 20 = 16 + 4) masks the
// lanes past the bound; the index arithmetic stays scalar (the base of
// the linear form i*16 + lane).
// CHECK-LABEL: func.func @masked
// CHECK:      scf.for %[[I:.*]] = %c0 to %c2 step %c1 {
// CHECK:        %[[BASE:.*]] = arith.muli %[[I]], %c16 : index
// CHECK:        %[[N:.*]] = arith.minsi
// CHECK:        %[[MASK:.*]] = vector.create_mask %[[N]] : vector<16xi1>
// CHECK:        %[[J:.*]] = arith.addi %[[BASE]], %c0 : index
// CHECK:        %[[V:.*]] = vector.maskedload %arg0[%[[J]]], %[[MASK]], %{{.*}} : memref<20xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:        %[[R:.*]] = arith.maximumf %[[V]], %{{.*}} : vector<16xf32>
// CHECK:        vector.maskedstore %arg1[%[[J]]], %[[MASK]], %[[R]] : memref<20xf32>, vector<16xi1>, vector<16xf32>
// CHECK:      } {tir.kind = "serial", tir.name = "i.0"}
func.func @masked(%x: memref<20xf32>, %y: memref<20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %zero = arith.constant 0.0 : f32
  "tir.for"(%c0, %c2, %c1) ({
  ^bb0(%i: index):
    %base = arith.muli %i, %c16 : index
    %left = arith.subi %c20, %base : index
    %n = arith.minsi %c16, %left : index
    "tir.for"(%c0, %n, %c1) ({
    ^bb0(%l: index):
      %j = arith.addi %base, %l : index
      %a = memref.load %x[%j] : memref<20xf32>
      %r = arith.maximumf %a, %zero : f32
      memref.store %r, %y[%j] : memref<20xf32>
      gpu.yield
    }) {name = "i.1", kind = "vectorized"} : (index, index, index) -> ()
    gpu.yield
  }) {name = "i.0", kind = "serial"} : (index, index, index) -> ()
  return
}

// -----

// A read guarded by an in-bounds test (a padded window: the index is
// select(in, i, 0), the value select(in, v, 0)) is a masked load under the
// test; the lanes where it fails take the element at the fallback index.
// The loop variable in a comparison is materialized as base + step.
// CHECK-LABEL: func.func @padded
// CHECK:      %[[STEP:.*]] = vector.step : vector<8xindex>
// CHECK:      %[[IDX:.*]] = arith.addi %{{.*}}, %[[STEP]] : vector<8xindex>
// CHECK:      %[[IN:.*]] = arith.cmpi sge, %[[IDX]], %{{.*}} : vector<8xindex>
// CHECK:      %[[FB:.*]] = memref.load %arg0[%c0] : memref<8xf32>
// CHECK:      %[[PASS:.*]] = vector.broadcast %[[FB]] : f32 to vector<8xf32>
// CHECK:      vector.maskedload %arg0[%{{.*}}], %[[IN]], %[[PASS]] : memref<8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NOT:  scf.for
func.func @padded(%x: memref<8xf32>, %y: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %cm1 = arith.constant -1 : index
  %zero = arith.constant 0.0 : f32
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%j: index):
    %k = arith.addi %j, %cm1 : index
    %in = arith.cmpi sge, %k, %c0 : index
    %safe = arith.select %in, %k, %c0 : index
    %a = memref.load %x[%safe] : memref<8xf32>
    %v = arith.select %in, %a, %zero : f32
    memref.store %v, %y[%j] : memref<8xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// A read with stride 2 (a strided window) is one masked load of 2 x 8
// contiguous elements, only every second enabled (the last one read is
// element 14: nothing past it), then a shuffle picking the even ones.
// CHECK-LABEL: func.func @strided
// CHECK:      %[[ALL:.*]] = arith.constant dense<true> : vector<8xi1>
// CHECK:      %[[NONE:.*]] = arith.constant dense<false> : vector<8xi1>
// CHECK:      %[[M:.*]] = vector.shuffle %[[ALL]], %[[NONE]] [0, 8, 1, 8, 2, 8, 3, 8, 4, 8, 5, 8, 6, 8, 7, 8] : vector<8xi1>, vector<8xi1>
// CHECK:      %[[W:.*]] = vector.maskedload %arg0[%{{.*}}], %[[M]], %{{.*}} : memref<16xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:      %[[E:.*]] = vector.shuffle %[[W]], %[[W]] [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xf32>, vector<16xf32>
// CHECK:      vector.store %[[E]], %arg1[%c0] : memref<8xf32>, vector<8xf32>
func.func @strided(%x: memref<16xf32>, %y: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%j: index):
    %k = arith.muli %j, %c2 : index
    %a = memref.load %x[%k] : memref<16xf32>
    memref.store %a, %y[%j] : memref<8xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// Loops that do not qualify stay scalar loops: a read with a larger stride
// (a gather), a store of varying values to one element (a reduction over
// the loop), a dynamic extent.
// CHECK-LABEL: func.func @gather
// CHECK:      scf.for
// CHECK:        memref.load
// CHECK:      } {tir.kind = "vectorized", tir.name = "j"}
// CHECK-NOT:  vector.
func.func @gather(%x: memref<80xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  "tir.for"(%c0, %c16, %c1) ({
  ^bb0(%j: index):
    %k = arith.muli %j, %c5 : index
    %a = memref.load %x[%k] : memref<80xf32>
    memref.store %a, %y[%j] : memref<16xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @reduction
// CHECK:      scf.for
// CHECK:        memref.store %{{.*}}, %arg1[%c0]
// CHECK:      } {tir.kind = "vectorized", tir.name = "k"}
// CHECK-NOT:  vector.
func.func @reduction(%x: memref<16xf32>, %y: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  "tir.for"(%c0, %c16, %c1) ({
  ^bb0(%k: index):
    %a = memref.load %x[%k] : memref<16xf32>
    %s = memref.load %y[%c0] : memref<1xf32>
    %t = arith.addf %s, %a : f32
    memref.store %t, %y[%c0] : memref<1xf32>
    gpu.yield
  }) {name = "k", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:      scf.for %{{.*}} = %c0 to %arg2 step %c1
// CHECK:      } {tir.kind = "vectorized", tir.name = "j"}
// CHECK-NOT:  vector.
func.func @dynamic(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%j: index):
    %a = memref.load %x[%j] : memref<?xf32>
    memref.store %a, %y[%j] : memref<?xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// Huge extents never become vectors: a loop bounded by min(2^62, n) is not
// given a 2^62-lane mask, and bounds whose difference overflows int64 are
// not subtracted (undefined behaviour, caught by UBSan before the fix);
// both stay plain loops.
// CHECK-LABEL: func.func @huge_extent
// CHECK-NOT:   vector
// CHECK:       scf.for
// CHECK-LABEL: func.func @wide_constant_extent
// CHECK-NOT:   vector<
// CHECK:       scf.for
func.func @huge_extent(%x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 4611686018427387904 : index
  %m = arith.minsi %big, %n : index
  "tir.for"(%c0, %m, %c1) ({
  ^bb0(%j: index):
    %a = memref.load %x[%j] : memref<?xf32>
    %e = math.exp %a : f32
    memref.store %e, %x[%j] : memref<?xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}
func.func @wide_constant_extent(%x: memref<?xf32>) {
  %lo = arith.constant -9223372036854775800 : index
  %hi = arith.constant 9223372036854775800 : index
  %c1 = arith.constant 1 : index
  "tir.for"(%lo, %hi, %c1) ({
  ^bb0(%j: index):
    %a = memref.load %x[%j] : memref<?xf32>
    memref.store %a, %x[%j] : memref<?xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// Elements narrower than a byte (i4 here; i1, i2, f4E2M1FN alike) are not
// vectorized: LLVM packs vector<16xi4> bit by bit while the memref gives
// each element a byte. The loop stays a plain scf.for of scalar code.
// CHECK-LABEL: func.func @sub_byte
// CHECK-NOT:  vector.
// CHECK:      scf.for
// CHECK:        memref.load %arg0[%{{.*}}] : memref<16xi4>
// CHECK:        arith.sitofp %{{.*}} : i4 to f32
func.func @sub_byte(%x: memref<16xi4>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  "tir.for"(%c0, %c16, %c1) ({
  ^bb0(%j: index):
    %a = memref.load %x[%j] : memref<16xi4>
    %f = arith.sitofp %a : i4 to f32
    memref.store %f, %y[%j] : memref<16xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}

// -----

// The same loop on i8 elements is vector code.
// CHECK-LABEL: func.func @byte
// CHECK:      vector.load %arg0[%c0] : memref<16xi8>, vector<16xi8>
// CHECK:      arith.sitofp %{{.*}} : vector<16xi8> to vector<16xf32>
func.func @byte(%x: memref<16xi8>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  "tir.for"(%c0, %c16, %c1) ({
  ^bb0(%j: index):
    %a = memref.load %x[%j] : memref<16xi8>
    %f = arith.sitofp %a : i8 to f32
    memref.store %f, %y[%j] : memref<16xf32>
    gpu.yield
  }) {name = "j", kind = "vectorized"} : (index, index, index) -> ()
  return
}
