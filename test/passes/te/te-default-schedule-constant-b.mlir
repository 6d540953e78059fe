// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f kc=64})' | FileCheck %s --check-prefix=KC
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f knobs=true})' | FileCheck %s --check-prefix=KNOBS
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f tile=fma_f32_8x32_avx512f})' | FileCheck %s --check-prefix=TILE
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f tile=fma_f32_6x16_avx2})' 2>&1 | FileCheck %s --check-prefix=BADTILE

// A product with a constant B and fewer rows than pack-min-rows (40, the
// sequence of a small encoder) but more than the skinny trace takes: B is
// packed all the same (te-pack-constants does it at compile time), one
// panel per j block (nc = the tile's 64 columns), the k block sized to the
// host's L1 (at most kc = 256, a multiple of 16; here on a 48 KiB L1 128,
// two thirds of L1 for a 128 x 64 panel), order [j.0, j.1, i.0, k.0, i.1 |
// micro-tile] and the panel loop j.0 parallel: one parallel loop per
// product.
// CHECK-LABEL: func.func @constant_b
// CHECK: schedule = [{axis = "d0", factors = array<i64: 12, 4>, prim = "split"}
// CHECK-SAME: {axis = "d1", factors = array<i64: 1, 64>, prim = "split"}
// CHECK-SAME: {axis = "r0", factors = array<i64: {{[1-9][0-9]*}}>, prim = "split"}
// CHECK-SAME: {order = ["d1.0", "d1.1", "d0.0", "r0.0", "d0.1", "d0.2", "d1.2", "r0.1"], prim = "reorder"}
// CHECK-SAME: {input = 1 : i64, prim = "cache_read", scope = "packed", width = 64 : i64}
// CHECK-SAME: {axis = "d0.2", intrinsic = @fma_f32_4x64_avx512f, prim = "tensorize"}
// CHECK-SAME: {axis = "d1.0", prim = "parallel"}]
// The same product with B an argument keeps the BLIS order, unpacked under
// pack-min-rows rows, row blocks x panels fused in parallel.
// CHECK-LABEL: func.func @runtime_b
// CHECK-NOT: cache_read
// CHECK: {order = ["d1.0", "r0.0", "d0.0", "d1.1", "d0.1", "d0.2", "d1.2", "r0.1"], prim = "reorder"}
// CHECK-SAME: {axes = ["d0.0", "d1.1"], prim = "fuse"}
// The kc option still caps the k block (the L1 size only lowers it).
// KC-LABEL: func.func @constant_b
// KC: {axis = "r0", factors = array<i64: 64>, prim = "split"}
// KC-LABEL: func.func @runtime_b
// KC: {axis = "r0", factors = array<i64: 64>, prim = "split"}
// With knobs the constant B is packed by default (knob pack, true first).
// KNOBS-LABEL: func.func @constant_b
// KNOBS: {axis = "d1", factors = {choices = [array<i64: 64>,
// KNOBS: {enabled = {choices = [true, false], knob = "pack"}, input = 1 : i64, prim = "cache_read"
// KNOBS-LABEL: func.func @runtime_b
// KNOBS: {enabled = {choices = [false, true], knob = "pack"}, input = 1 : i64, prim = "cache_read"
// The option tile forces a register tile of the target (no padding rule).
// TILE-LABEL: func.func @constant_b
// TILE: {axis = "d0", factors = array<i64: 6, 8>, prim = "split"}
// TILE-SAME: width = 32 : i64}
// TILE-SAME: intrinsic = @fma_f32_8x32_avx512f
// BADTILE: te-default-schedule: 'fma_f32_6x16_avx2' is not a register tile of target 'avx512f'
func.func @constant_b(%a: tensor<40x2048xf32>) -> tensor<40x100xf32> {
  %w = arith.constant dense<0.5> : tensor<2048x100xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<40x2048xf32>, index, index) -> f32
    %y = "te.read"(%w, %k, %j) : (tensor<2048x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 2048>, combiner = "add", init = 0.0 : f32} : () -> tensor<40x100xf32>
  return %c : tensor<40x100xf32>
}

func.func @runtime_b(%a: tensor<40x2048xf32>, %w: tensor<2048x100xf32>) -> tensor<40x100xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<40x2048xf32>, index, index) -> f32
    %y = "te.read"(%w, %k, %j) : (tensor<2048x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 2048>, combiner = "add", init = 0.0 : f32} : () -> tensor<40x100xf32>
  return %c : tensor<40x100xf32>
}
