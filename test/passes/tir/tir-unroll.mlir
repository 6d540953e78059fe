// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-unroll{loop=d1 factor=3})' | FileCheck %s --check-prefix=DIV
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-unroll{loop=d1 factor=4})' | FileCheck %s --check-prefix=TAIL
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-unroll{loop=d1})' | FileCheck %s --check-prefix=FULL
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-unroll{loop=d1 factor=-1})' 2>&1 | FileCheck %s --check-prefix=NEG
// More unroll errors: tir-apply-schedule-invalid.mlir.

// 6 by 3: a loop over 2 with 3 copies at d1*3 + c, no remainder.
// DIV-LABEL: func.func @ew
// DIV-DAG: %[[C2:.*]] = arith.constant 2 : index
// DIV-DAG: %[[C3:.*]] = arith.constant 3 : index
// DIV: "tir.for"(%{{[^,]*}}, %[[C2]], %{{[^,]*}}) ({
// DIV-NEXT: ^bb0(%[[U:.*]]: index):
// DIV-NEXT: %[[B:.*]] = arith.muli %[[U]], %[[C3]] : index
// DIV-NEXT: memref.load %{{.*}}[%{{.*}}, %[[B]]]
// DIV: %[[B1:.*]] = arith.addi %[[B]], %{{.*}} : index
// DIV-NEXT: memref.load %{{.*}}[%{{.*}}, %[[B1]]]
// DIV: %[[B2:.*]] = arith.addi %[[B]], %{{.*}} : index
// DIV-NEXT: memref.load %{{.*}}[%{{.*}}, %[[B2]]]
// DIV: }) {kind = "serial", name = "d1", unroll_factor = 3 : i64}
// DIV-NOT: d1.tail

// 6 by 4: one unrolled iteration (4 copies), then d1.tail over [4, 6).
// TAIL-LABEL: func.func @ew
// TAIL-DAG: %[[C4:.*]] = arith.constant 4 : index
// TAIL-DAG: %[[C6:.*]] = arith.constant 6 : index
// TAIL-COUNT-4: math.exp
// TAIL: }) {kind = "serial", name = "d1", unroll_factor = 4 : i64}
// TAIL-NEXT: "tir.for"(%[[C4]], %[[C6]], %{{[^,]*}}) ({
// TAIL: math.exp
// TAIL: }) {kind = "serial", name = "d1.tail"}

// Full unroll: 6 copies in a one-iteration loop.
// FULL-LABEL: func.func @ew
// FULL-COUNT-6: math.exp
// FULL: }) {kind = "serial", name = "d1", unroll_factor = 6 : i64}

// NEG: option 'factor' of pass 'tir-unroll'
func.func @ew(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x6xf32>, index, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "ew", reduce_extents = array<i64>} : () -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
