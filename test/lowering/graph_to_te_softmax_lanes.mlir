// convert-graph-to-te: a softmax over the last axis, f32, static, at least
// two host vectors long and a multiple of the vector width (64 is one on
// every target: 4, 8 or 16 lanes) reduces in two steps: the max and the
// sum per lane first (softmax_max_lanes / softmax_sum_lanes: [.., lanes],
// the axis read at r * lanes + l), then the lanes combined. Other axes and
// extents (@middle, @odd) keep one reduction per row.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,te-default-schedule)' | FileCheck %s --check-prefix=SCHED

// CHECK-LABEL: func.func @last
// CHECK: %[[LMAX:.*]] = "te.compute"() ({
// CHECK: ^bb0(%[[A:.*]]: index, %[[B:.*]]: index, %[[L:.*]]: index, %[[R:.*]]: index):
// CHECK: %[[S:.*]] = arith.muli %[[R]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.addi %[[S]], %[[L]] : index
// CHECK: "te.read"(%arg0, %[[A]], %[[B]], %[[I]])
// CHECK: {combiner = "max", init = 0xFF800000 : f32, name = "softmax_max_lanes", reduce_extents = array<i64: [[STEPS:[0-9]+]]>} : () -> tensor<3x5x[[LANES:[0-9]+]]xf32>
// CHECK: %[[MAX:.*]] = "te.compute"() ({
// CHECK: "te.read"(%[[LMAX]]
// CHECK: {combiner = "max", init = 0xFF800000 : f32, name = "softmax_max", reduce_extents = array<i64: [[LANES]]>} : () -> tensor<3x5x1xf32>
// CHECK: "te.read"(%[[MAX]]
// CHECK: name = "softmax_exp"
// CHECK: name = "softmax_sum_lanes", reduce_extents = array<i64: [[STEPS]]>} : () -> tensor<3x5x[[LANES]]xf32>
// CHECK: name = "softmax_sum", reduce_extents = array<i64: [[LANES]]>} : () -> tensor<3x5x1xf32>
// CHECK: name = "softmax", reduce_extents = array<i64>} : () -> tensor<3x5x64xf32>
// The lanes are a vector row: split by their count, vectorized.
// SCHED-LABEL: func.func @last
// SCHED: name = "softmax_max_lanes", reduce_extents = array<i64: {{[0-9]+}}>, schedule = [{axis = "d2", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {order = ["d0", "d1", "r0", "d2.0", "d2.1"], prim = "reorder"}, {axis = "d2.1", prim = "vectorize"}]
func.func @last(%x: tensor<3x5x64xf32>) -> tensor<3x5x64xf32> {
  %0 = "graph.softmax"(%x) {axis = 2 : i64} : (tensor<3x5x64xf32>) -> tensor<3x5x64xf32>
  return %0 : tensor<3x5x64xf32>
}

// CHECK-LABEL: func.func @middle
// CHECK-NOT: _lanes
// CHECK: name = "softmax_max", reduce_extents = array<i64: 64>} : () -> tensor<3x1x5xf32>
func.func @middle(%x: tensor<3x64x5xf32>) -> tensor<3x64x5xf32> {
  %0 = "graph.softmax"(%x) {axis = 1 : i64} : (tensor<3x64x5xf32>) -> tensor<3x64x5xf32>
  return %0 : tensor<3x64x5xf32>
}

// CHECK-LABEL: func.func @odd
// CHECK-NOT: _lanes
// CHECK: name = "softmax_max", reduce_extents = array<i64: 67>} : () -> tensor<3x1xf32>
func.func @odd(%x: tensor<3x67xf32>) -> tensor<3x67xf32> {
  %0 = "graph.softmax"(%x) {axis = 1 : i64} : (tensor<3x67xf32>) -> tensor<3x67xf32>
  return %0 : tensor<3x67xf32>
}
