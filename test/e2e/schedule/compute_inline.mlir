// End-to-end: compute_inline in a trace gives the numbers of the plain
// nest: a producer (x*x + 1, odd 7x13) read by a transposing, tiled
// consumer and by a matmul scheduled with the packed GEMM trace.
// RUN: strata-run %s --entry ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 9 --output %t.ref.npy
// RUN: strata-run %s --entry inlined --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 9 --expected %t.ref.npy | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule)' | FileCheck %s --check-prefix=IR
// CHECK: result 0: matches
// IR-LABEL: func.func @inlined
// IR-NOT: te.compute = "f"
// IR: te.compute = "t"
func.func @ref(%a: tensor<7x13xf32>) -> tensor<13x7xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<7x13xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    %one = arith.constant 1.0 : f32
    %z = arith.addf %y, %one : f32
    gpu.yield %z : f32
  }) {name = "f", reduce_extents = array<i64>} : () -> tensor<7x13xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %j, %i) : (tensor<7x13xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "t", reduce_extents = array<i64>} : () -> tensor<13x7xf32>
  return %c : tensor<13x7xf32>
}

func.func @inlined(%a: tensor<7x13xf32>) -> tensor<13x7xf32> {
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<7x13xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    %one = arith.constant 1.0 : f32
    %z = arith.addf %y, %one : f32
    gpu.yield %z : f32
  }) {name = "f", reduce_extents = array<i64>, schedule = [{prim = "compute_inline"}]} : () -> tensor<7x13xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %j, %i) : (tensor<7x13xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "t", reduce_extents = array<i64>,
      schedule = [{prim = "tile", axes = ["d0", "d1"], factors = array<i64: 4, 3>}]} : () -> tensor<13x7xf32>
  return %c : tensor<13x7xf32>
}
