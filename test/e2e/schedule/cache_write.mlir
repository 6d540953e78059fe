// End-to-end: cache_write (scope "local" at an axis) gives the numbers of
// the unscheduled nest, on the same seeded inputs. @*_ref are the same
// computes without schedules (lowered without tir-apply-schedule).
//  - odd: a 37x29x53 matmul tiled 8x16, accumulating each 8x16 block of C
//    in a local buffer (edge blocks clamped), the row-block loop parallel
//    (a heap buffer per parallel iteration);
//  - odd_serial: the same without the parallel loop (a stack buffer,
//    allocated once before the nest);
//  - odd_init: the same with the reduce loop moved outside the spatial
//    tile (init hoisted: the local block starts from C's zeros), the
//    cached loop itself parallel (a heap buffer per iteration);
//  - even: a 64x32x48 matmul, one row of 16 accumulators per (i, j.0),
//    inner loop unrolled by 4 (accesses differing by constants);
//  - map: an elementwise 13x7 map cached per row.

// RUN: strata-run %s --entry odd_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 3 --output %t.odd.npy
// RUN: strata-run %s --entry odd --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy | FileCheck %s
// RUN: strata-run %s --entry odd_serial --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy | FileCheck %s
// RUN: strata-run %s --entry odd_init --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy | FileCheck %s
// RUN: strata-run %s --entry even_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 4 --output %t.even.npy
// RUN: strata-run %s --entry even --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 4 --expected %t.even.npy | FileCheck %s
// RUN: strata-run %s --entry map_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 5 --output %t.map.npy
// RUN: strata-run %s --entry map --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 5 --expected %t.map.npy | FileCheck %s
// CHECK: result 0: matches

func.func @odd_ref(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x53xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<37x53xf32>
  return %c : tensor<37x53xf32>
}

func.func @odd(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x53xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "tile", axes = ["i", "j"], factors = array<i64: 8, 16>},
        {prim = "parallel", axis = "i.0"},
        {prim = "cache_write", scope = "local", axis = "j.0"}
      ]} : () -> tensor<37x53xf32>
  return %c : tensor<37x53xf32>
}

func.func @odd_serial(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x53xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "tile", axes = ["i", "j"], factors = array<i64: 8, 16>},
        {prim = "cache_write", scope = "local", axis = "j.0"}
      ]} : () -> tensor<37x53xf32>
  return %c : tensor<37x53xf32>
}

func.func @odd_init(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x53xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "tile", axes = ["i", "j"], factors = array<i64: 8, 16>},
        {prim = "reorder", order = ["k", "i.1", "j.1"]},
        {prim = "parallel", axis = "j.0"},
        {prim = "cache_write", scope = "local", axis = "j.0"}
      ]} : () -> tensor<37x53xf32>
  return %c : tensor<37x53xf32>
}

func.func @even_ref(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>) -> tensor<64x48xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x32xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<32x48xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 32>, combiner = "add", init = 0.0 : f32} : () -> tensor<64x48xf32>
  return %c : tensor<64x48xf32>
}

func.func @even(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>) -> tensor<64x48xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x32xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<32x48xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 32>, combiner = "add", init = 0.0 : f32,
      schedule = [
        {prim = "split", axis = "d1", factors = array<i64: 16>},
        {prim = "reorder", order = ["d0", "d1.0", "r0", "d1.1"]},
        {prim = "unroll", axis = "d1.1", factor = 4},
        {prim = "parallel", axis = "d0"},
        {prim = "cache_write", scope = "local", axis = "d1.0"}
      ]} : () -> tensor<64x48xf32>
  return %c : tensor<64x48xf32>
}

func.func @map_ref(%a: tensor<13x7xf32>) -> tensor<13x7xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<13x7xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>} : () -> tensor<13x7xf32>
  return %c : tensor<13x7xf32>
}

func.func @map(%a: tensor<13x7xf32>) -> tensor<13x7xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<13x7xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 4>},
                  {prim = "cache_write", scope = "local", axis = "d0.0"}]} : () -> tensor<13x7xf32>
  return %c : tensor<13x7xf32>
}
