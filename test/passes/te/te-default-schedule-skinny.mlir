// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx2})' | FileCheck %s --check-prefix=AVX2
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f},te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-simplify-index,canonicalize)' | FileCheck %s --check-prefix=TIR
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f knobs=true})' | FileCheck %s --check-prefix=KNOBS

// Skinny products (one batch, at most 16 rows) with a constant B get the
// register tile with the least padding over tile-wide panels of B (packed
// at compile time by te-pack-constants), order [j.0, j.1, k.0, i.0, i.1,
// j.2, k.1], N in at least 4 column blocks of whole panels, run in
// parallel from 2^20 flops. A row of 1: the 4x64 tile (rows clamped);
// 256 columns are 4 panels, one per block; K = 2048 in blocks of 256.
// CHECK-LABEL: func.func @gemv
// CHECK: schedule = [{axis = "d0", factors = array<i64: 4>, prim = "split"}
// CHECK-SAME: {axis = "d1", factors = array<i64: 1, 64>, prim = "split"}
// CHECK-SAME: {axis = "r0", factors = array<i64: 256>, prim = "split"}
// CHECK-SAME: {order = ["d1.0", "d1.1", "r0.0", "d0.0", "d0.1", "d1.2", "r0.1"], prim = "reorder"}
// CHECK-SAME: {input = 1 : i64, prim = "cache_read", scope = "packed", width = 64 : i64}
// CHECK-SAME: {axis = "d0.1", intrinsic = @fma_f32_4x64_avx512f, prim = "tensorize"}
// CHECK-SAME: {axis = "d1.0", prim = "parallel"}]
// On AVX2 the 4x24 tile (4 padded rows rather than 6x16's 6): 11 panels,
// 3 per block.
// AVX2-LABEL: func.func @gemv
// AVX2: {axis = "d1", factors = array<i64: 3, 24>, prim = "split"}
// AVX2-SAME: intrinsic = @fma_f32_4x24_avx2
// The panel loads read the packed constant with the loop variables
// (tir-simplify-index removed the div/rem of the panel index; what is
// left of them divides constants, folded by canonicalize).
// TIR-LABEL: func.func @gemv
// TIR-NOT: arith.divui
// TIR-NOT: arith.remui
// TIR: "hwi.call_tile"
// TIR: kind = "parallel", name = "d1.0"
// With knobs the tile is the knob "tile" (least padding first), one
// decision at each place it sets: rows, column split, panel width, intrinsic.
// KNOBS-LABEL: func.func @gemv
// KNOBS: {axis = "d0", factors = {choices = [array<i64: 4>, array<i64: 8>, array<i64: 6>], knob = "tile"}, prim = "split"}
// KNOBS-SAME: {axis = "d1", factors = {choices = [array<i64: 1, 64>, array<i64: 2, 32>, array<i64: 1, 64>], knob = "tile"}, prim = "split"}
// KNOBS-SAME: width = {choices = [64, 32, 64], knob = "tile"}
// KNOBS-SAME: intrinsic = {choices = [@fma_f32_4x64_avx512f, @fma_f32_8x32_avx512f, @fma_f32_6x64_avx512f], knob = "tile"}
func.func @gemv(%a: tensor<1x2048xf32>) -> tensor<1x256xf32> {
  %w = arith.constant dense<0.5> : tensor<2048x256xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<1x2048xf32>, index, index) -> f32
    %y = "te.read"(%w, %k, %j) : (tensor<2048x256xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 2048>, combiner = "add", init = 0.0 : f32} : () -> tensor<1x256xf32>
  return %c : tensor<1x256xf32>
}

// Dense weights [N, K] (Gemm transB=1) are packed transposed; 8 rows and
// 96 columns take the 8x32 tile (no padding; 4x64 would pad 96 to 128);
// below 2^20 flops, no parallel loop.
// CHECK-LABEL: func.func @dense_constant
// CHECK: {axis = "d0", factors = array<i64: 8>, prim = "split"}
// CHECK-SAME: {input = 1 : i64, prim = "cache_read", scope = "packed", transpose = true, width = 32 : i64}
// CHECK-SAME: intrinsic = @fma_f32_8x32_avx512f
// CHECK-NOT: parallel
// CHECK-SAME: -> tensor<8x96xf32>
func.func @dense_constant(%a: tensor<8x64xf32>) -> tensor<8x96xf32> {
  %w = arith.constant dense<0.25> : tensor<96x64xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<8x64xf32>, index, index) -> f32
    %y = "te.read"(%w, %j, %k) : (tensor<96x64xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "dense", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<8x96xf32>
  return %c : tensor<8x96xf32>
}

// A runtime B (not transposed) with at most 4 rows is streamed in its
// stored order: j in blocks (here 4 of 64, from N), order [j.0, k, i, j.1],
// no tile, no packing.
// CHECK-LABEL: func.func @gemv_runtime
// CHECK: schedule = [{axis = "d1", factors = array<i64: 64>, prim = "split"}
// CHECK-SAME: {order = ["d1.0", "r0", "d0", "d1.1"], prim = "reorder"}
// CHECK-SAME: {axis = "d1.0", prim = "parallel"}]
func.func @gemv_runtime(%a: tensor<2x2048xf32>, %w: tensor<2048x256xf32>) -> tensor<2x256xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<2x2048xf32>, index, index) -> f32
    %y = "te.read"(%w, %k, %j) : (tensor<2048x256xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 2048>, combiner = "add", init = 0.0 : f32} : () -> tensor<2x256xf32>
  return %c : tensor<2x256xf32>
}

// Not skinny: a runtime B read transposed, a runtime B with 5 rows, 17
// rows, a batch of 2. They keep the GEMM trace (a block of 24 rows in
// tiles).
// CHECK-LABEL: func.func @not_skinny
// CHECK: name = "dense_runtime"{{.*}}factors = array<i64: 6, 4>{{.*}}prim = "cache_read"
// CHECK: name = "rows5"{{.*}}factors = array<i64: 4, 6>
// CHECK: name = "rows17"{{.*}}factors = array<i64: 4, 6>
// CHECK: name = "batch2"{{.*}}prim = "tensorize"
func.func @not_skinny(%a: tensor<1x64xf32>, %w: tensor<100x64xf32>, %a5: tensor<5x64xf32>,
                      %b: tensor<64x100xf32>, %a17: tensor<17x64xf32>, %a2: tensor<2x1x64xf32>)
    -> (tensor<1x100xf32>, tensor<5x100xf32>, tensor<17x100xf32>, tensor<2x1x100xf32>) {
  %wc = arith.constant dense<0.5> : tensor<2x64x100xf32>
  %c0 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<1x64xf32>, index, index) -> f32
    %y = "te.read"(%w, %j, %k) : (tensor<100x64xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "dense_runtime", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<1x100xf32>
  %c1 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a5, %i, %k) : (tensor<5x64xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<64x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "rows5", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<5x100xf32>
  %c2 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a17, %i, %k) : (tensor<17x64xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<64x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "rows17", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<17x100xf32>
  %c3 = "te.compute"() ({
  ^bb0(%n: index, %i: index, %j: index, %k: index):
    %x = "te.read"(%a2, %n, %i, %k) : (tensor<2x1x64xf32>, index, index, index) -> f32
    %y = "te.read"(%wc, %n, %k, %j) : (tensor<2x64x100xf32>, index, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "batch2", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<2x1x100xf32>
  return %c0, %c1, %c2, %c3 : tensor<1x100xf32>, tensor<5x100xf32>, tensor<17x100xf32>, tensor<2x1x100xf32>
}
