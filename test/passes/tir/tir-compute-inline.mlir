// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-compute-inline{compute=sq})' | FileCheck %s
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-compute-inline{compute=neg})' 2>&1 | FileCheck %s --check-prefix=OUTPUT
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-compute-inline{compute=nope})' 2>&1 | FileCheck %s --check-prefix=MISSING

// The producer's nest, buffer and dealloc disappear; the consumer computes
// x*x where it loaded sq[i, j].
// CHECK-LABEL: func.func @two
// CHECK-NOT: tir.alloc_buffer
// CHECK-NOT: te.compute = "sq"
// CHECK: %[[X:.*]] = memref.load %arg0[%[[I:.*]], %[[J:.*]]] : memref<4x8xf32>
// CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK: arith.negf %[[S]] : f32
// CHECK: te.compute = "neg"
// CHECK-NOT: memref.dealloc
// OUTPUT: error: 'tir.for' op cannot inline compute 'neg': its result is an output of the function
// MISSING: error: 'builtin.module' op tir-compute-inline: no loop nest of compute 'nope'
func.func @two(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
