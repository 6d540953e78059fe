// End-to-end: scheduled te matmuls (odd 37x29x53 and divisible 64x32x48)
// give the same numbers as the unscheduled nest (the *_ref functions: the
// same compute without a schedule, lowered without tir-apply-schedule), on
// the same random inputs. Schedules exercise split (1 and 2 factors,
// non-divisible), tile, reorder with init hoisting, fuse, parallel,
// vectorize, unroll (with and without a remainder loop).

// RUN: strata-run %s --entry odd_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 3 --output %t.odd.npy
// RUN: strata-run %s --entry odd_tiled --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy
// RUN: strata-run %s --entry odd_split2 --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.odd.npy
// RUN: strata-run %s --entry even_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 3 --output %t.even.npy
// RUN: strata-run %s --entry even_tiled --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.even.npy

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

func.func @odd_tiled(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {
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
        {prim = "fuse", axes = ["i.0", "j.0"]},
        {prim = "parallel", axis = "i.0+j.0"},
        {prim = "vectorize", axis = "j.1"},
        {prim = "unroll", axis = "k", factor = 4}
      ]} : () -> tensor<37x53xf32>
  return %c : tensor<37x53xf32>
}

func.func @odd_split2(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x53xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "split", axis = "i", factors = array<i64: 4, 3>},
        {prim = "split", axis = "k", factors = array<i64: 6>},
        {prim = "reorder", order = ["i.0", "k.0", "i.1", "j", "i.2", "k.1"]},
        {prim = "parallel", axis = "i.0"},
        {prim = "unroll", axis = "k.1", factor = 2}
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

func.func @even_tiled(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>) -> tensor<64x48xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x32xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<32x48xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 32>, combiner = "add", init = 0.0 : f32,
      schedule = [
        {prim = "tile", axes = ["d0", "d1"], factors = array<i64: 16, 16>},
        {prim = "split", axis = "r0", factors = array<i64: 8>},
        {prim = "reorder", order = ["d0.0", "d1.0", "r0.0", "d0.1", "r0.1", "d1.1"]},
        {prim = "parallel", axis = "d0.0"},
        {prim = "vectorize", axis = "d1.1"},
        {prim = "unroll", axis = "r0.1", factor = 4}
      ]} : () -> tensor<64x48xf32>
  return %c : tensor<64x48xf32>
}
