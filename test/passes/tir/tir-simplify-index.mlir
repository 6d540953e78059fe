// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,tir-simplify-index)' | FileCheck %s

// A packed panel read Bp[j div 4, k, j rem 4] in loops splitting j by 4
// (j = 4 * j.0 + j.1, j.1 < 4): quotient and remainder are j.0 and j.1.
// What remains of the divisions divides the origin (constants).
// CHECK-LABEL: func.func @exact
// CHECK: name = "d0.0.init"
// CHECK: ^bb0(%[[J0:.*]]: index):
// CHECK: ^bb0(%[[K:.*]]: index):
// CHECK: ^bb0(%[[J1:.*]]: index):
// CHECK: %[[Q0:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK: %[[Q:.*]] = arith.addi %[[Q0]], %[[J0]] : index
// CHECK: %[[R0:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[R:.*]] = arith.addi %[[R0]], %[[J1]] : index
// CHECK: memref.load %arg0[%[[Q]], %[[K]], %[[R]]] : memref<3x5x4xf32>
func.func @exact(%b: tensor<3x5x4xf32>) -> tensor<12xf32> {
  %c = "te.compute"() ({
  ^bb0(%j: index, %k: index):
    %c4 = arith.constant 4 : index
    %q = arith.divui %j, %c4 : index
    %r = arith.remui %j, %c4 : index
    %y = "te.read"(%b, %q, %k, %r) : (tensor<3x5x4xf32>, index, index, index) -> f32
    gpu.yield %y : f32
  }) {name = "sum", reduce_extents = array<i64: 5>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 4>},
                  {prim = "reorder", order = ["d0.0", "r0", "d0.1"]}]} : () -> tensor<12xf32>
  return %c : tensor<12xf32>
}

// j split by 3: 3 * j.0 + j.1 may cross a multiple of 4, so the divisions
// stay as they are.
// CHECK-LABEL: func.func @inexact
// CHECK: %[[J:.*]] = arith.addi
// CHECK: arith.divui %[[J]], %{{.*}} : index
// CHECK: arith.remui %[[J]], %{{.*}} : index
func.func @inexact(%b: tensor<3x5x4xf32>) -> tensor<12xf32> {
  %c = "te.compute"() ({
  ^bb0(%j: index, %k: index):
    %c4 = arith.constant 4 : index
    %q = arith.divui %j, %c4 : index
    %r = arith.remui %j, %c4 : index
    %y = "te.read"(%b, %q, %k, %r) : (tensor<3x5x4xf32>, index, index, index) -> f32
    gpu.yield %y : f32
  }) {name = "sum", reduce_extents = array<i64: 5>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 3>},
                  {prim = "reorder", order = ["d0.0", "r0", "d0.1"]}]} : () -> tensor<12xf32>
  return %c : tensor<12xf32>
}
