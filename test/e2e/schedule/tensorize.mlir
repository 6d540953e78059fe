// End-to-end: matmuls scheduled with packing (cache_read "packed") and
// tensorize onto fp32 FMA register tiles give the numbers of the
// unscheduled nest on the same inputs: odd sizes (37x100, K = 29: partial
// tiles in rows and columns, zero-padded panels) and divisible ones
// (64x128, K = 32), with the AVX-512-shaped 4x64 tile (LLVM legalizes it
// on any x86 CPU) and the generic 4x16 one, A packed into row panels too
// (odd_packed_a: a transposed A tile), and a batched matmul.

// RUN: strata-run %s --entry odd_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 3 --output %t.odd.npy
// RUN: strata-run %s --entry odd_packed --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy | FileCheck %s
// RUN: strata-run %s --entry odd_packed_a --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy | FileCheck %s
// RUN: strata-run %s --entry odd_generic --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy | FileCheck %s
// RUN: strata-run %s --entry even_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 4 --output %t.even.npy
// RUN: strata-run %s --entry even_packed --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 4 --expected %t.even.npy | FileCheck %s
// RUN: strata-run %s --entry batch_ref --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir,strata-lower-to-llvm)' --seed 5 --output %t.batch.npy
// RUN: strata-run %s --entry batch_packed --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 5 --expected %t.batch.npy | FileCheck %s
// RUN: strata-run %s --entry dense_ref --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir,strata-lower-to-llvm)' --seed 6 --output %t.dense.npy
// RUN: strata-run %s --entry dense_ref --seed 6 --expected %t.dense.npy | FileCheck %s
// CHECK: result 0: matches

func.func @odd_ref(%a: tensor<37x29xf32>, %b: tensor<29x100xf32>) -> tensor<37x100xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<37x100xf32>
  return %c : tensor<37x100xf32>
}

func.func @odd_packed(%a: tensor<37x29xf32>, %b: tensor<29x100xf32>) -> tensor<37x100xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "split", axis = "i", factors = array<i64: 3, 4>},
        {prim = "split", axis = "j", factors = array<i64: 64>},
        {prim = "split", axis = "k", factors = array<i64: 8>},
        {prim = "reorder", order = ["j.0", "k.0", "i.0", "i.1", "i.2", "j.1", "k.1"]},
        {prim = "cache_read", input = 1, scope = "packed", width = 64},
        {prim = "tensorize", axis = "i.2", intrinsic = @fma_f32_4x64_avx512f},
        {prim = "parallel", axis = "i.0"}
      ]} : () -> tensor<37x100xf32>
  return %c : tensor<37x100xf32>
}

func.func @odd_packed_a(%a: tensor<37x29xf32>, %b: tensor<29x100xf32>) -> tensor<37x100xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "split", axis = "i", factors = array<i64: 3, 4>},
        {prim = "split", axis = "j", factors = array<i64: 64>},
        {prim = "split", axis = "k", factors = array<i64: 8>},
        {prim = "reorder", order = ["j.0", "k.0", "i.0", "i.1", "i.2", "j.1", "k.1"]},
        {prim = "cache_read", input = 1, scope = "packed", width = 64},
        {prim = "cache_read", input = 0, scope = "packed", width = 4, transpose = true},
        {prim = "tensorize", axis = "i.2", intrinsic = @fma_f32_4x64_avx512f},
        {prim = "parallel", axis = "i.0"}
      ]} : () -> tensor<37x100xf32>
  return %c : tensor<37x100xf32>
}

// Unpacked B: tiles of B at column edges are masked.
func.func @odd_generic(%a: tensor<37x29xf32>, %b: tensor<29x100xf32>) -> tensor<37x100xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "tile", axes = ["i", "j"], factors = array<i64: 4, 16>},
        {prim = "reorder", order = ["i.0", "j.0", "i.1", "j.1", "k"]},
        {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic}
      ]} : () -> tensor<37x100xf32>
  return %c : tensor<37x100xf32>
}

func.func @even_ref(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x32xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<32x128xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 32>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}

func.func @even_packed(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x32xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<32x128xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 32>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "split", axis = "i", factors = array<i64: 8>},
        {prim = "split", axis = "j", factors = array<i64: 32>},
        {prim = "reorder", order = ["j.0", "i.0", "i.1", "j.1", "k"]},
        {prim = "cache_read", input = 1, scope = "packed", width = 32},
        {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_8x32_avx512f},
        {prim = "parallel", axis = "j.0"}
      ]} : () -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}

func.func @batch_ref(%a: tensor<3x9x11xf32>, %b: tensor<3x11x20xf32>) -> tensor<3x9x20xf32> {
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<3x9x11xf32>, tensor<3x11x20xf32>) -> tensor<3x9x20xf32>
  return %0 : tensor<3x9x20xf32>
}

func.func @batch_packed(%a: tensor<3x9x11xf32>, %b: tensor<3x11x20xf32>) -> tensor<3x9x20xf32> {
  %c = "te.compute"() ({
  ^bb0(%n: index, %i: index, %j: index, %k: index):
    %x = "te.read"(%a, %n, %i, %k) : (tensor<3x9x11xf32>, index, index, index) -> f32
    %y = "te.read"(%b, %n, %k, %j) : (tensor<3x11x20xf32>, index, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "bmm", reduce_extents = array<i64: 11>, combiner = "add", init = 0.0 : f32,
      axis_names = ["n", "i", "j", "k"],
      schedule = [
        {prim = "tile", axes = ["i", "j"], factors = array<i64: 4, 16>},
        {prim = "reorder", order = ["n", "i.0", "j.0", "i.1", "j.1", "k"]},
        {prim = "cache_read", input = 1, scope = "packed", width = 16},
        {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic},
        {prim = "parallel", axis = "n"}
      ]} : () -> tensor<3x9x20xf32>
  return %c : tensor<3x9x20xf32>
}

// A dense layer (weights [out, in], B transposed) through the default
// pipeline: packed with transpose and tensorized; odd 5x37 by 29 inputs.
func.func @dense_ref(%x: tensor<5x29xf32>, %w: tensor<37x29xf32>, %b: tensor<37xf32>) -> tensor<5x37xf32> {
  %0 = "graph.dense"(%x, %w, %b) : (tensor<5x29xf32>, tensor<37x29xf32>, tensor<37xf32>) -> tensor<5x37xf32>
  return %0 : tensor<5x37xf32>
}

// The 6x64 AVX-512 tile (24 accumulators) on odd sizes.
// RUN: strata-run %s --entry odd_6x64 --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy | FileCheck %s
func.func @odd_6x64(%a: tensor<37x29xf32>, %b: tensor<29x100xf32>) -> tensor<37x100xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x100xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "tile", axes = ["i", "j"], factors = array<i64: 6, 64>},
        {prim = "reorder", order = ["i.0", "j.0", "i.1", "j.1", "k"]},
        {prim = "cache_read", input = 1, scope = "packed", width = 64},
        {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_6x64_avx512f}
      ]} : () -> tensor<37x100xf32>
  return %c : tensor<37x100xf32>
}
