// te.read indices that are statically out of bounds: a constant, or an
// affine form of the compute's axes (static extents) whose range leaves the
// tensor dimension. Before the check these compiled and read outside the
// buffer at run time (a segmentation fault, issue 19).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @constant_index(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %c9 = arith.constant 9 : index
    // expected-error @+1 {{'te.read' op index #1 is 9, out of bounds of dimension 1 of the tensor (size 8)}}
    %x = "te.read"(%a, %i, %c9) : (tensor<4x8xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// i + 1 over i in [0, 4): [1, 4], past the last index 3.
func.func @axis_plus_offset(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %c1 = arith.constant 1 : index
    %j = arith.addi %i, %c1 : index
    // expected-error @+1 {{'te.read' op index #0 ranges over [1, 4] with the axes' extents, out of bounds of dimension 0 of the tensor (size 4)}}
    %x = "te.read"(%a, %j) : (tensor<4xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "shift", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// 2 * i + k - 1 with i in [0, 3), k in [0, 3) (a reduce axis): [-1, 5].
func.func @window_without_padding(%a: tensor<7xf32>) -> tensor<3xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %s = arith.muli %i, %c2 : index
    %t = arith.addi %s, %k : index
    %u = arith.subi %t, %c1 : index
    // expected-error @+1 {{index #0 ranges over [-1, 5] with the axes' extents, out of bounds of dimension 0 of the tensor (size 7)}}
    %x = "te.read"(%a, %u) : (tensor<7xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "pool", reduce_extents = array<i64: 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// In bounds: i + 1 over [0, 3) into size 4, a reversed index, and a clamped
// index (arith.select: not judged), a dynamic dimension, and an empty
// compute (its body never runs).
func.func @in_bounds(%a: tensor<4xf32>, %d: tensor<?xf32>) -> (tensor<3xf32>, tensor<0xf32>) {
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c9 = arith.constant 9 : index
    %j = arith.addi %i, %c1 : index
    %x = "te.read"(%a, %j) : (tensor<4xf32>, index) -> f32
    %rev = arith.subi %c3, %i : index
    %y = "te.read"(%a, %rev) : (tensor<4xf32>, index) -> f32
    %ok = arith.cmpi ult, %c9, %c3 : index
    %k = arith.select %ok, %c9, %c0 : index
    %z = "te.read"(%a, %k) : (tensor<4xf32>, index) -> f32
    %w = "te.read"(%d, %c9) : (tensor<?xf32>, index) -> f32
    %s = arith.addf %x, %y : f32
    %t = arith.addf %s, %z : f32
    %u = arith.addf %t, %w : f32
    gpu.yield %u : f32
  }) {name = "ok", reduce_extents = array<i64>} : () -> tensor<3xf32>
  %e = "te.compute"() ({
  ^bb0(%i: index):
    %c9 = arith.constant 9 : index
    %x = "te.read"(%a, %c9) : (tensor<4xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "empty", reduce_extents = array<i64>} : () -> tensor<0xf32>
  return %r, %e : tensor<3xf32>, tensor<0xf32>
}

// -----

func.func @too_large() -> tensor<4294967296x4294967296xf32> {
  // expected-error @+1 {{'te.compute' op result type tensor<4294967296x4294967296xf32> is too large: its element count does not fit in 64 bits}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    gpu.yield %c : f32
  }) {name = "big", reduce_extents = array<i64>} : () -> tensor<4294967296x4294967296xf32>
  return %r : tensor<4294967296x4294967296xf32>
}
