// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-vectorize{loop=d1})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{loop=d1 factors=4},tir-vectorize{loop=d1.1})' | FileCheck %s --check-prefix=ODD
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-vectorize{loop=d0})' 2>&1 | FileCheck %s --check-prefix=OUTER
// The dynamic-extent error: tir-apply-schedule-invalid.mlir.

// CHECK-LABEL: func.func @ew
// CHECK: }) {kind = "vectorized", name = "d1"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "d0", te.compute = "ew"} :

// A bound min(4, 6 - d1.0*4) from a non-divisible split is accepted.
// ODD-LABEL: func.func @ew
// ODD: %[[UB:.*]] = arith.minsi
// ODD-NEXT: "tir.for"(%{{[^,]*}}, %[[UB]], %{{[^,]*}}) ({
// ODD: }) {kind = "vectorized", name = "d1.1"}

// OUTER: error: 'tir.for' op cannot vectorize 'd0' of compute 'ew': it is not the innermost loop
func.func @ew(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x6xf32>, index, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "ew", reduce_extents = array<i64>} : () -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
