// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule,convert-te-to-tir,tir-apply-schedule)' | FileCheck %s --check-prefix=TIR

// A matmul gets the order i, k, j: the reduce axis outside the innermost
// spatial axis.
// CHECK-LABEL: func.func @matmul
// CHECK: name = "mm", reduce_extents = array<i64: 7>, schedule = [{order = ["d0", "r0", "d1"], prim = "reorder"}]
// After the schedule is applied the init store has its own nest and the
// loops run d0, r0, d1.
// TIR-LABEL: func.func @matmul
// TIR: name = "d1.init"
// TIR: "tir.for"
// TIR: "tir.for"
// TIR: "tir.for"
// TIR: {kind = "serial", name = "d1"}
// TIR: {kind = "serial", name = "r0"}
// TIR: name = "d0"
func.func @matmul(%a: tensor<5x7xf32>, %b: tensor<7x3xf32>) -> tensor<5x3xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<5x7xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<7x3xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 7>, combiner = "add", init = 0.0 : f32} : () -> tensor<5x3xf32>
  return %c : tensor<5x3xf32>
}

// Left alone: a map (no reduce axes), a reduction to a vector (one spatial
// axis), and a compute that already has a schedule.
// CHECK-LABEL: func.func @untouched
// CHECK: name = "map", reduce_extents = array<i64>}
// CHECK: name = "rowsum", reduce_extents = array<i64: 4>}
// CHECK: schedule = [{axis = "d0", prim = "parallel"}]
func.func @untouched(%a: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3xf32>, tensor<3x4xf32>) {
  %0 = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<3x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "map", reduce_extents = array<i64>} : () -> tensor<3x4xf32>
  %1 = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<3x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "rowsum", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<3xf32>
  %2 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<3x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "scheduled", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "parallel", axis = "d0"}]} : () -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3xf32>, tensor<3x4xf32>
}
