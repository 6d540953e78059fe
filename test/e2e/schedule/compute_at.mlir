// End-to-end: compute_at gives the numbers of the unscheduled nests, on the
// same seeded inputs. @*_ref are the same computes without schedules
// (lowered without tir-apply-schedule).
//  - odd: a producer (x*x + 1, 7x13) computed at each 3-row block of a
//    split matmul consumer (7 = 3+3+1: the last region is clamped);
//  - halo: a 1-D stencil reading p[i] and p[i+2] (overlapping regions of
//    neighbouring iterations; a 10-wide tile of 29 outputs);
//  - even: a transposing consumer tiled 4x8 (16x32), producer at the
//    inner tile loop, with the consumer's tile loop parallel;
//  - chain: a at b's loop, b at c's loop (applied consumer first).

// RUN: strata-run %s --entry odd_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 5 --output %t.odd.npy
// RUN: strata-run %s --entry odd --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 5 --expected %t.odd.npy | FileCheck %s
// RUN: strata-run %s --entry halo_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 6 --output %t.halo.npy
// RUN: strata-run %s --entry halo --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 6 --expected %t.halo.npy | FileCheck %s
// RUN: strata-run %s --entry even_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 7 --output %t.even.npy
// RUN: strata-run %s --entry even --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 7 --expected %t.even.npy | FileCheck %s
// RUN: strata-run %s --entry chain_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 8 --output %t.chain.npy
// RUN: strata-run %s --entry chain --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 8 --expected %t.chain.npy | FileCheck %s
// CHECK: result 0: matches

func.func @odd_ref(%a: tensor<7x13xf32>, %b: tensor<13x5xf32>) -> tensor<7x5xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<7x13xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    %one = arith.constant 1.0 : f32
    %z = arith.addf %y, %one : f32
    gpu.yield %z : f32
  }) {name = "sq", reduce_extents = array<i64>} : () -> tensor<7x13xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%p, %i, %k) : (tensor<7x13xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<13x5xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 13>, combiner = "add", init = 0.0 : f32} : () -> tensor<7x5xf32>
  return %c : tensor<7x5xf32>
}

func.func @odd(%a: tensor<7x13xf32>, %b: tensor<13x5xf32>) -> tensor<7x5xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<7x13xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    %one = arith.constant 1.0 : f32
    %z = arith.addf %y, %one : f32
    gpu.yield %z : f32
  }) {name = "sq", reduce_extents = array<i64>,
      schedule = [{prim = "compute_at", target = "mm", axis = "d0.0"}]} : () -> tensor<7x13xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%p, %i, %k) : (tensor<7x13xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<13x5xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 13>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 3>},
                  {prim = "reorder", order = ["d0.0", "r0", "d0.1"]}]} : () -> tensor<7x5xf32>
  return %c : tensor<7x5xf32>
}

func.func @halo_ref(%a: tensor<31xf32>) -> tensor<29xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<31xf32>, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "e", reduce_extents = array<i64>} : () -> tensor<31xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index):
    %c2 = arith.constant 2 : index
    %i2 = arith.addi %i, %c2 : index
    %x = "te.read"(%p, %i) : (tensor<31xf32>, index) -> f32
    %y = "te.read"(%p, %i2) : (tensor<31xf32>, index) -> f32
    %s = arith.subf %y, %x : f32
    gpu.yield %s : f32
  }) {name = "diff", reduce_extents = array<i64>} : () -> tensor<29xf32>
  return %c : tensor<29xf32>
}

func.func @halo(%a: tensor<31xf32>) -> tensor<29xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<31xf32>, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "e", reduce_extents = array<i64>,
      schedule = [{prim = "compute_at", target = "diff", axis = "d0.0"}]} : () -> tensor<31xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index):
    %c2 = arith.constant 2 : index
    %i2 = arith.addi %i, %c2 : index
    %x = "te.read"(%p, %i) : (tensor<31xf32>, index) -> f32
    %y = "te.read"(%p, %i2) : (tensor<31xf32>, index) -> f32
    %s = arith.subf %y, %x : f32
    gpu.yield %s : f32
  }) {name = "diff", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 10>}]} : () -> tensor<29xf32>
  return %c : tensor<29xf32>
}

func.func @even_ref(%a: tensor<32x16xf32>) -> tensor<16x32xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<32x16xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>} : () -> tensor<32x16xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %j, %i) : (tensor<32x16xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "t", reduce_extents = array<i64>} : () -> tensor<16x32xf32>
  return %c : tensor<16x32xf32>
}

func.func @even(%a: tensor<32x16xf32>) -> tensor<16x32xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<32x16xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>,
      schedule = [{prim = "compute_at", target = "t", axis = "d1.0"}]} : () -> tensor<32x16xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %j, %i) : (tensor<32x16xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "t", reduce_extents = array<i64>,
      schedule = [{prim = "tile", axes = ["d0", "d1"], factors = array<i64: 4, 8>},
                  {prim = "parallel", axis = "d0.0"}]} : () -> tensor<16x32xf32>
  return %c : tensor<16x32xf32>
}

func.func @chain_ref(%x: tensor<9x11xf32>) -> tensor<9x11xf32> {
  %a = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<9x11xf32>, index, index) -> f32
    %w = arith.mulf %v, %v : f32
    gpu.yield %w : f32
  }) {name = "a", reduce_extents = array<i64>} : () -> tensor<9x11xf32>
  %b = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%a, %i, %j) : (tensor<9x11xf32>, index, index) -> f32
    %w = math.sqrt %v : f32
    gpu.yield %w : f32
  }) {name = "b", reduce_extents = array<i64>} : () -> tensor<9x11xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%b, %i, %j) : (tensor<9x11xf32>, index, index) -> f32
    %w = arith.negf %v : f32
    gpu.yield %w : f32
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<9x11xf32>
  return %c : tensor<9x11xf32>
}

func.func @chain(%x: tensor<9x11xf32>) -> tensor<9x11xf32> {
  %a = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<9x11xf32>, index, index) -> f32
    %w = arith.mulf %v, %v : f32
    gpu.yield %w : f32
  }) {name = "a", reduce_extents = array<i64>,
      schedule = [{prim = "compute_at", target = "b", axis = "d0"}]} : () -> tensor<9x11xf32>
  %b = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%a, %i, %j) : (tensor<9x11xf32>, index, index) -> f32
    %w = math.sqrt %v : f32
    gpu.yield %w : f32
  }) {name = "b", reduce_extents = array<i64>,
      schedule = [{prim = "compute_at", target = "c", axis = "d1.0"}]} : () -> tensor<9x11xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%b, %i, %j) : (tensor<9x11xf32>, index, index) -> f32
    %w = arith.negf %v : f32
    gpu.yield %w : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d1", factors = array<i64: 4>}]} : () -> tensor<9x11xf32>
  return %c : tensor<9x11xf32>
}
