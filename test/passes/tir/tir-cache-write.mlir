// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-write{compute=mm loop=d0},canonicalize,cse)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-parallel{compute=mm loop=d0},tir-cache-write{compute=mm loop=d1},canonicalize,cse)' | FileCheck %s --check-prefix=PAR
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-write{loop=x})' 2>&1 | FileCheck %s --check-prefix=MISSING

// One row of C per iteration of d0: a 1x5 stack buffer allocated before
// the nest, copied in (clamped: min(1, 6 - i) rows), accumulated into and
// copied back once per row.
// CHECK-LABEL: func.func @rows
// CHECK: %[[L:.*]] = "tir.alloc_buffer"() {scope = "local"} : () -> memref<1x5xf32>
// CHECK-NEXT: "tir.for"(%[[C0:.*]], %[[C6:.*]], %[[C1:.*]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: %[[S:.*]] = arith.maxsi %[[I]], %[[C0]] : index
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[C6]], %[[S]] : index
// CHECK-NEXT: %[[N:.*]] = arith.minsi %[[LEFT]], %[[C1]] : index
// CHECK-NEXT: "tir.for"(%[[C0]], %[[N]], %[[C1]])
// CHECK: %[[G:.*]] = arith.addi %[[S]], %[[Q0:.*]] : index
// CHECK: %[[V:.*]] = memref.load %arg2[%[[G]], %[[Q1:.*]]] : memref<6x5xf32>
// CHECK-NEXT: memref.store %[[V]], %[[L]][%[[Q0]], %[[Q1]]] : memref<1x5xf32>
// CHECK: name = "d0.cache_in1"
// CHECK: name = "d0.cache_in0"
// CHECK: %[[R:.*]] = arith.subi %[[I]], %[[S]] : index
// CHECK-NEXT: memref.store %{{.*}}, %[[L]][%[[R]], %{{.*}}] : memref<1x5xf32>
// CHECK: memref.load %[[L]][%[[R]],
// CHECK: memref.store %{{.*}}, %[[L]][%[[R]],
// CHECK: name = "r0"
// CHECK: name = "d1"
// CHECK: memref.load %[[L]]
// CHECK-NEXT: memref.store %{{.*}}, %arg2
// CHECK: name = "d0.cache_out1"
// CHECK: name = "d0.cache_out0"
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "d0", te.compute = "mm"}

// Under a parallel loop the buffer is per parallel iteration: a heap
// buffer (an alloca there cannot be lowered yet) freed at the end of it.
// PAR-LABEL: func.func @rows
// PAR: "tir.for"
// PAR-NEXT: ^bb0
// PAR-NEXT: %[[L:.*]] = "tir.alloc_buffer"() {scope = "global"} : () -> memref<1x1xf32>
// PAR: name = "d1.cache_out0"
// PAR: }) {kind = "serial", name = "d1"}
// PAR-NEXT: memref.dealloc %[[L]]
// PAR-NEXT: gpu.yield
// PAR-NEXT: }) {kind = "parallel", name = "d0", te.compute = "mm"}
// MISSING: error: 'builtin.module' op no loop named 'x'
func.func @rows(%a: tensor<6x10xf32>, %b: tensor<10x5xf32>) -> tensor<6x5xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<6x10xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<10x5xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 10>, combiner = "add", init = 0.0 : f32} : () -> tensor<6x5xf32>
  return %c : tensor<6x5xf32>
}
