// A knob named at several places must list equally many choices at each
// (one decision gives every place its own value of that choice).
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-autotune{trials=2 target=strata-test})' 2>&1 | FileCheck %s

// CHECK: error: {{.*}}knob 't' appears twice with different numbers of choices (2, 3)
func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<8x8xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<8x8xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "t", choices = [array<i64: 2>, array<i64: 4>]}},
                  {prim = "split", axis = "d1", factors = {knob = "t", choices = [array<i64: 2>, array<i64: 4>, array<i64: 8>]}}]} : () -> tensor<8x8xf32>
  return %c : tensor<8x8xf32>
}
