// RUN: strata-opt %s --pass-pipeline='builtin.module(te-pack-constants)' | FileCheck %s

// A packing step (cache_read, scope "packed") on a constant: the panels are
// built at compile time, the reads index them, the step is gone. Dense
// weights [N = 3, K = 2] read transposed, panels of 2 columns: [2, 2, 2],
// panel p row k = W[2p .. 2p+1, k], the missing column zero.
// CHECK-LABEL: func.func @transposed_panels
// CHECK: %[[P:.*]] = arith.constant dense<{{\[}}{{\[}}[1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]], {{\[}}[5.000000e+00, 0.000000e+00], [6.000000e+00, 0.000000e+00]]]> : tensor<2x2x2xf32>
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK: %[[Q:.*]] = arith.divui %[[J]], %{{.*}} : index
// CHECK: %[[R:.*]] = arith.remui %[[J]], %{{.*}} : index
// CHECK: "te.read"(%[[P]], %[[Q]], %[[K]], %[[R]])
// CHECK: schedule = [{axis = "d0.1", intrinsic = @fma_f32_4x64_avx512f, prim = "tensorize"}]
func.func @transposed_panels(%a: tensor<1x2xf32>) -> tensor<1x3xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<1x2xf32>, index, index) -> f32
    %y = "te.read"(%w, %j, %k) : (tensor<3x2xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "dense", reduce_extents = array<i64: 2>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "cache_read", input = 1, scope = "packed", width = 2, transpose = true},
                  {prim = "tensorize", axis = "d0.1", intrinsic = @fma_f32_4x64_avx512f}]} : () -> tensor<1x3xf32>
  return %c : tensor<1x3xf32>
}

// One panel holding every column, and no tensorize: the plain transposed
// layout [K, N], read [k, j] (no padding, no division).
// CHECK-LABEL: func.func @plain
// CHECK: %[[P:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NOT: divui
// CHECK: "te.read"(%[[P]], %[[K]], %[[J]])
// CHECK: schedule = [{order = ["d1", "r0", "d0"], prim = "reorder"}]
func.func @plain(%a: tensor<1x2xf32>) -> tensor<1x3xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<1x2xf32>, index, index) -> f32
    %y = "te.read"(%w, %j, %k) : (tensor<3x2xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "dense", reduce_extents = array<i64: 2>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "reorder", order = ["d1", "r0", "d0"]},
                  {prim = "cache_read", input = 1, scope = "packed", width = 8, transpose = true}]} : () -> tensor<1x3xf32>
  return %c : tensor<1x3xf32>
}

// Left to run per call: a runtime input, a step that is a knob (not yet
// decided), a disabled step, a step packing at a loop (axis).
// CHECK-LABEL: func.func @not_packed
// CHECK-COUNT-4: prim = "cache_read"
func.func @not_packed(%a: tensor<1x2xf32>, %b: tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>) {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %c0 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<1x2xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<2x3xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "runtime", reduce_extents = array<i64: 2>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "cache_read", input = 1, scope = "packed", width = 2}]} : () -> tensor<1x3xf32>
  %c1 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<1x2xf32>, index, index) -> f32
    %y = "te.read"(%w, %k, %j) : (tensor<2x3xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "undecided", reduce_extents = array<i64: 2>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "cache_read", input = 1, scope = "packed", width = 2,
                   enabled = {knob = "pack", choices = [true, false]}},
                  {prim = "cache_read", input = 1, scope = "packed", width = 2, enabled = false},
                  {prim = "cache_read", input = 1, scope = "packed", width = 2, axis = "d1"}]} : () -> tensor<1x3xf32>
  return %c0, %c1 : tensor<1x3xf32>, tensor<1x3xf32>
}
