// RUN: strata-opt %s --pass-pipeline='builtin.module(te-inline)' | FileCheck %s

// Producers with dynamic extents are inlined too: the tensor.dim ops that
// read their extents (the readers' own extents) become the extents
// themselves, the producer's operand for a dynamic dimension and a
// constant for a static one, so reads remain the producer's only uses.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: %[[M:.*]] = tensor.dim %[[X]]
// CHECK-NOT: tensor.dim
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[R:.*]] = "te.compute"(%[[M]], %[[C8]]) ({
// CHECK: "te.read"(%[[X]],
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: {name = "relu", reduce_extents = array<i64>}
// CHECK-NOT: te.compute
// CHECK: return %[[R]]
func.func @chain(%x: tensor<?x8xf32>, %b: tensor<8xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x8xf32>
  %0 = "te.compute"(%m) ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%x, %i, %j) : (tensor<?x8xf32>, index, index) -> f32
    %c = "te.read"(%b, %j) : (tensor<8xf32>, index) -> f32
    %s = arith.addf %a, %c : f32
    gpu.yield %s : f32
  }) {name = "add", reduce_extents = array<i64>} : (index) -> tensor<?x8xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x8xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x8xf32>
  %1 = "te.compute"(%d0, %d1) ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%0, %i, %j) : (tensor<?x8xf32>, index, index) -> f32
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %a, %z : f32
    gpu.yield %r : f32
  }) {name = "relu", reduce_extents = array<i64>} : (index, index) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A tensor.dim whose index is not a constant leaves the producer alone.
// CHECK-LABEL: func.func @unknown_dim
// CHECK: name = "add"
// CHECK: tensor.dim %{{.*}}, %arg1
// CHECK: name = "neg"
func.func @unknown_dim(%x: tensor<?xf32>, %d: index) -> (tensor<?xf32>, index) {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?xf32>
  %0 = "te.compute"(%m) ({
  ^bb0(%i: index):
    %a = "te.read"(%x, %i) : (tensor<?xf32>, index) -> f32
    %s = arith.addf %a, %a : f32
    gpu.yield %s : f32
  }) {name = "add", reduce_extents = array<i64>} : (index) -> tensor<?xf32>
  %n = tensor.dim %0, %d : tensor<?xf32>
  %1 = "te.compute"(%m) ({
  ^bb0(%i: index):
    %a = "te.read"(%0, %i) : (tensor<?xf32>, index) -> f32
    %r = arith.negf %a : f32
    gpu.yield %r : f32
  }) {name = "neg", reduce_extents = array<i64>} : (index) -> tensor<?xf32>
  return %1, %n : tensor<?xf32>, index
}
