// convert-graph-to-te: a keepdims reduction (sum, mean, max, min) of only
// the last axis, f32, static, at least two host vectors long and a
// multiple of the vector width (64 and 768 are on every target: 4, 8 or 16
// lanes), reduces per lane first (<name>_lanes: [.., lanes], the axis read
// at r * lanes + l), then over the lanes: LayerNorm's mean and variance.
// Other forms (@no_keep, @middle, @odd, @prod) keep one reduction per row.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,te-default-schedule)' | FileCheck %s --check-prefix=SCHED

// CHECK-LABEL: func.func @layer_norm_mean
// CHECK: %[[LS:.*]] = "te.compute"() ({
// CHECK: ^bb0(%[[A:.*]]: index, %[[B:.*]]: index, %[[L:.*]]: index, %[[R:.*]]: index):
// CHECK: %[[S:.*]] = arith.muli %[[R]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.addi %[[S]], %[[L]] : index
// CHECK: "te.read"(%arg0, %[[A]], %[[B]], %[[I]])
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "reduce_mean_sum_lanes", reduce_extents = array<i64: [[STEPS:[0-9]+]]>} : () -> tensor<1x128x[[LANES:[0-9]+]]xf32>
// CHECK: %[[SUM:.*]] = "te.compute"() ({
// CHECK: "te.read"(%[[LS]]
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "reduce_mean_sum", reduce_extents = array<i64: [[LANES]]>} : () -> tensor<1x128x1xf32>
// CHECK: "te.read"(%[[SUM]]
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: name = "reduce_mean", reduce_extents = array<i64>} : () -> tensor<1x128x1xf32>
// The lanes are a vector row: split by their count, vectorized.
// SCHED-LABEL: func.func @layer_norm_mean
// SCHED: name = "reduce_mean_sum_lanes", reduce_extents = array<i64: {{[0-9]+}}>, schedule = [{axis = "d2", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {order = ["d0", "d1", "r0", "d2.0", "d2.1"], prim = "reorder"}, {axis = "d2.1", prim = "vectorize"}
func.func @layer_norm_mean(%x: tensor<1x128x768xf32>) -> tensor<1x128x1xf32> {
  %0 = "graph.reduce_mean"(%x) {axes = array<i64: 2>, keepdims = true} : (tensor<1x128x768xf32>) -> tensor<1x128x1xf32>
  return %0 : tensor<1x128x1xf32>
}

// CHECK-LABEL: func.func @max_min_sum
// CHECK: name = "reduce_max_lanes"
// CHECK: {combiner = "max", init = 0xFF800000 : f32, name = "reduce_max", reduce_extents = array<i64: {{[0-9]+}}>} : () -> tensor<4x1xf32>
// CHECK: name = "reduce_min_lanes"
// CHECK: {combiner = "min", init = 0x7F800000 : f32, name = "reduce_min", reduce_extents = array<i64: {{[0-9]+}}>} : () -> tensor<4x1xf32>
// CHECK: name = "reduce_sum_lanes"
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "reduce_sum", reduce_extents = array<i64: {{[0-9]+}}>} : () -> tensor<4x1xf32>
func.func @max_min_sum(%x: tensor<4x64xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %0 = "graph.reduce_max"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  %1 = "graph.reduce_min"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  %2 = "graph.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  return %0, %1, %2 : tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}

// CHECK-LABEL: func.func @no_keep
// CHECK-NOT: _lanes
// CHECK: name = "reduce_sum", reduce_extents = array<i64: 64>} : () -> tensor<4xf32>
func.func @no_keep(%x: tensor<4x64xf32>) -> tensor<4xf32> {
  %0 = "graph.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x64xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @middle
// CHECK-NOT: _lanes
// CHECK: name = "reduce_sum", reduce_extents = array<i64: 64>} : () -> tensor<3x1x5xf32>
func.func @middle(%x: tensor<3x64x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<3x64x5xf32>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

// CHECK-LABEL: func.func @odd
// CHECK-NOT: _lanes
// CHECK: name = "reduce_sum", reduce_extents = array<i64: 67>} : () -> tensor<3x1xf32>
func.func @odd(%x: tensor<3x67xf32>) -> tensor<3x1xf32> {
  %0 = "graph.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<3x67xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// CHECK-LABEL: func.func @prod
// CHECK-NOT: _lanes
// CHECK: name = "reduce_prod", reduce_extents = array<i64: 64>} : () -> tensor<3x1xf32>
func.func @prod(%x: tensor<3x64xf32>) -> tensor<3x1xf32> {
  %0 = "graph.reduce_prod"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<3x64xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}
