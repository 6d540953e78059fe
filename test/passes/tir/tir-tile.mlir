// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-tile{loops=d0,d1 factors=4,4 compute=ew})' | FileCheck %s --check-prefix=EW
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-tile{loops=d0,d1 factors=4})' 2>&1 | FileCheck %s --check-prefix=MISMATCH

// 8 x 6 by 4 x 4: d0 divides (no min), d1 does not (min(4, 6 - d1.0*4));
// order d0.0, d1.0, d0.1, d1.1.
// EW-LABEL: func.func @ew
// EW: "tir.for"
// EW-NEXT: ^bb0(%[[A0:.*]]: index):
// EW-NEXT: %[[BA:.*]] = arith.muli %[[A0]], %{{.*}} : index
// EW-NEXT: "tir.for"
// EW-NEXT: ^bb0(%[[B0:.*]]: index):
// EW-NEXT: %[[BB:.*]] = arith.muli %[[B0]], %{{.*}} : index
// EW-NEXT: %[[R:.*]] = arith.subi %{{.*}}, %[[BB]] : index
// EW-NEXT: %[[UB:.*]] = arith.minsi %{{.*}}, %[[R]] : index
// EW-NEXT: "tir.for"
// EW-NEXT: ^bb0(%[[A1:.*]]: index):
// EW-NEXT: %[[I:.*]] = arith.addi %[[BA]], %[[A1]] : index
// EW-NEXT: "tir.for"(%{{[^,]*}}, %[[UB]], %{{[^,]*}}) ({
// EW-NEXT: ^bb0(%[[B1:.*]]: index):
// EW-NEXT: %[[J:.*]] = arith.addi %[[BB]], %[[B1]] : index
// EW-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]] : memref<8x6xf32>
// EW: }) {kind = "serial", name = "d1.1"}
// EW-NEXT: gpu.yield
// EW-NEXT: }) {kind = "serial", name = "d0.1"}
// EW-NEXT: gpu.yield
// EW-NEXT: }) {kind = "serial", name = "d1.0"}
// EW-NEXT: gpu.yield
// EW-NEXT: }) {kind = "serial", name = "d0.0", te.compute = "ew"} :

// MISMATCH: error: 'builtin.module' op tir-tile: 'loops' and 'factors' must be comma-separated lists of the same length, got 'd0,d1' and '4'
func.func @ew(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x6xf32>, index, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "ew", reduce_extents = array<i64>} : () -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
