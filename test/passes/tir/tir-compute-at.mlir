// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-compute-at{compute=sq target=avg loop=d0},canonicalize,cse)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,canonicalize,cse)' | FileCheck %s --check-prefix=TRACE
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-compute-at{compute=nope target=avg loop=d0})' 2>&1 | FileCheck %s --check-prefix=MISSING

// The producer's nest moves to the top of the consumer's row loop and
// computes rows [i, i+1] (the hull of the reads sq[i, j] and sq[i+1, j]),
// clamped to the 6 rows of its full-size buffer.
// CHECK-LABEL: func.func @two
// CHECK: %[[P:.*]] = "tir.alloc_buffer"() {scope = "global"} : () -> memref<6x8xf32>
// CHECK: "tir.for"(%[[C0:.*]], %[[C5:.*]], %[[C1:.*]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: %[[I1:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT: %[[LO:.*]] = arith.minsi %[[I1]], %[[I]] : index
// CHECK-NEXT: %[[HI:.*]] = arith.maxsi %[[I1]], %[[I]] : index
// CHECK-NEXT: %[[S:.*]] = arith.maxsi %[[LO]], %[[C0]] : index
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[HI]], %[[C1]] : index
// CHECK-NEXT: %[[EC:.*]] = arith.minsi %[[E]], %{{.*}} : index
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[EC]], %[[S]] : index
// CHECK-NEXT: %[[NC:.*]] = arith.maxsi %[[N]], %[[C0]] : index
// CHECK-NEXT: "tir.for"(%[[C0]], %[[NC]], %[[C1]]) ({
// CHECK-NEXT: ^bb0(%[[R:.*]]: index):
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[S]], %[[R]] : index
// CHECK: memref.load %arg0[%[[ROW]], %[[J:.*]]]
// CHECK: memref.store %{{.*}}, %[[P]][%[[ROW]], %[[J]]]
// CHECK: {kind = "serial", name = "d1"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "d0", te.compute = "sq"}
// CHECK: memref.load %[[P]][%[[I]],
// CHECK: memref.load %[[P]][%[[I1]],
// CHECK: }) {kind = "serial", name = "d0", te.compute = "avg"}
// CHECK-NEXT: memref.dealloc %[[P]]

// In a trace, compute_at runs after the consumer's own steps (here a split
// that renames d0 to d0.0 / d0.1): 2 rows of avg need 3 rows of sq.
// TRACE-LABEL: func.func @traced
// TRACE: "tir.for"
// TRACE-NOT: te.compute = "sq"
// TRACE: name = "d0", te.compute = "sq"
// TRACE: name = "d0.1"
// TRACE: name = "d0.0", te.compute = "avg"
// MISSING: error: 'builtin.module' op tir-compute-at: no loop nest of compute 'nope'
func.func @two(%a: tensor<6x8xf32>) -> tensor<5x8xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<6x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>} : () -> tensor<6x8xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %c1 = arith.constant 1 : index
    %i1 = arith.addi %i, %c1 : index
    %x = "te.read"(%p, %i, %j) : (tensor<6x8xf32>, index, index) -> f32
    %y = "te.read"(%p, %i1, %j) : (tensor<6x8xf32>, index, index) -> f32
    %z = arith.addf %x, %y : f32
    gpu.yield %z : f32
  }) {name = "avg", reduce_extents = array<i64>} : () -> tensor<5x8xf32>
  return %c : tensor<5x8xf32>
}

func.func @traced(%a: tensor<6x8xf32>) -> tensor<5x8xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<6x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>,
      schedule = [{prim = "compute_at", target = "avg", axis = "d0.0"}]} : () -> tensor<6x8xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %c1 = arith.constant 1 : index
    %i1 = arith.addi %i, %c1 : index
    %x = "te.read"(%p, %i, %j) : (tensor<6x8xf32>, index, index) -> f32
    %y = "te.read"(%p, %i1, %j) : (tensor<6x8xf32>, index, index) -> f32
    %z = arith.addf %x, %y : f32
    gpu.yield %z : f32
  }) {name = "avg", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 2>}]} : () -> tensor<5x8xf32>
  return %c : tensor<5x8xf32>
}
