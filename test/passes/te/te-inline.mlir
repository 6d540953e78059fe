// RUN: strata-opt %s --pass-pipeline='builtin.module(te-inline)' | FileCheck %s

// An elementwise chain becomes one compute: the producers' bodies are
// substituted at their reads, with their axes replaced by the read indices.
// CHECK-LABEL: func.func @chain
// CHECK: %[[C:.*]] = "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: %[[X:.*]] = "te.read"(%arg0, %[[I]])
// CHECK-NEXT: %[[Y:.*]] = "te.read"(%arg1, %[[I]])
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]]
// CHECK-NEXT: %[[Z:.*]] = "te.read"(%arg2, %[[I]])
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[S]], %[[Z]]
// CHECK-NEXT: gpu.yield %[[M]]
// CHECK: {name = "mul", reduce_extents = array<i64>}
// CHECK-NOT: te.compute
// CHECK: return %[[C]]
func.func @chain(%x: tensor<8xf32>, %y: tensor<8xf32>, %z: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "te.compute"() ({
  ^bb0(%i: index):
    %a = "te.read"(%x, %i) : (tensor<8xf32>, index) -> f32
    %b = "te.read"(%y, %i) : (tensor<8xf32>, index) -> f32
    %s = arith.addf %a, %b : f32
    gpu.yield %s : f32
  }) {name = "add", reduce_extents = array<i64>} : () -> tensor<8xf32>
  %1 = "te.compute"() ({
  ^bb0(%i: index):
    %a = "te.read"(%0, %i) : (tensor<8xf32>, index) -> f32
    %c = "te.read"(%z, %i) : (tensor<8xf32>, index) -> f32
    %m = arith.mulf %a, %c : f32
    gpu.yield %m : f32
  }) {name = "mul", reduce_extents = array<i64>} : () -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// A transposed read: the producer's axes map to the permuted indices.
// CHECK-LABEL: func.func @transpose_into_relu
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: "te.read"(%arg0, %[[J]], %[[I]])
// CHECK: arith.maximumf
// CHECK-NOT: te.compute
func.func @transpose_into_relu(%x: tensor<3x2xf32>) -> tensor<2x3xf32> {
  %t = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%x, %j, %i) : (tensor<3x2xf32>, index, index) -> f32
    gpu.yield %a : f32
  }) {name = "transpose", reduce_extents = array<i64>} : () -> tensor<2x3xf32>
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%t, %i, %j) : (tensor<2x3xf32>, index, index) -> f32
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %a, %zero : f32
    gpu.yield %m : f32
  }) {name = "relu", reduce_extents = array<i64>} : () -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// Not inlined: a producer that is returned, a reduction producer, and
// arithmetic into a reduction (it would be recomputed per reduction step).
// A data-movement producer (the transpose) is inlined into the reduction.
// CHECK-LABEL: func.func @kept
// CHECK: {name = "returned"
// CHECK: {name = "exp"
// CHECK-NOT: name = "transpose"
// CHECK: {combiner = "add", {{.*}}name = "sum"
// CHECK: {combiner = "add", {{.*}}name = "sum_t"
func.func @kept(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %ret = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%x, %i, %j) : (tensor<4x4xf32>, index, index) -> f32
    gpu.yield %a : f32
  }) {name = "returned", reduce_extents = array<i64>} : () -> tensor<4x4xf32>
  %e = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%ret, %i, %j) : (tensor<4x4xf32>, index, index) -> f32
    %b = math.exp %a : f32
    gpu.yield %b : f32
  }) {name = "exp", reduce_extents = array<i64>} : () -> tensor<4x4xf32>
  %s = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %a = "te.read"(%e, %i, %k) : (tensor<4x4xf32>, index, index) -> f32
    gpu.yield %a : f32
  }) {name = "sum", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<4xf32>
  %t = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%x, %j, %i) : (tensor<4x4xf32>, index, index) -> f32
    gpu.yield %a : f32
  }) {name = "transpose", reduce_extents = array<i64>} : () -> tensor<4x4xf32>
  %st = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %a = "te.read"(%t, %i, %k) : (tensor<4x4xf32>, index, index) -> f32
    gpu.yield %a : f32
  }) {name = "sum_t", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<4xf32>
  return %ret, %s, %st : tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>
}

// The operands of a matrix product stay materialized (the product keeps
// the A[i, k] * B[k, j] form its packed schedule needs): the transpose is
// not inlined, while the same transpose feeding an elementwise compute is.
// CHECK-LABEL: func.func @matmul_operand
// CHECK: name = "bt"
// CHECK: name = "mm"
// CHECK-LABEL: func.func @elementwise_reader
// CHECK-NOT: name = "bt"
// CHECK: name = "neg"
func.func @matmul_operand(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>) -> tensor<4x16xf32> {
  %bt = "te.compute"() ({
  ^bb0(%k: index, %j: index):
    %v = "te.read"(%b, %j, %k) : (tensor<16x8xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "bt", reduce_extents = array<i64>} : () -> tensor<8x16xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%bt, %k, %j) : (tensor<8x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32} : () -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

func.func @elementwise_reader(%b: tensor<16x8xf32>) -> tensor<8x16xf32> {
  %bt = "te.compute"() ({
  ^bb0(%k: index, %j: index):
    %v = "te.read"(%b, %j, %k) : (tensor<16x8xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "bt", reduce_extents = array<i64>} : () -> tensor<8x16xf32>
  %n = "te.compute"() ({
  ^bb0(%k: index, %j: index):
    %v = "te.read"(%bt, %k, %j) : (tensor<8x16xf32>, index, index) -> f32
    %r = arith.negf %v : f32
    gpu.yield %r : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<8x16xf32>
  return %n : tensor<8x16xf32>
}
