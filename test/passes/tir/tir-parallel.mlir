// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-parallel{loop=i},tir-parallel{loop=j})' | FileCheck %s
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-parallel{loop=k})' 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-parallel{loop=d0})' 2>&1 | FileCheck %s --check-prefix=AMBIG

// Spatial loops become parallel; the reduction loop stays serial.
// CHECK-LABEL: func.func @matmul
// CHECK: }) {kind = "serial", name = "k"}
// CHECK: }) {kind = "parallel", name = "j"}
// CHECK: }) {kind = "parallel", name = "i", te.compute = "matmul"} :

// REDUCE: error: 'tir.for' op cannot parallelize 'k' of compute 'matmul': it is a reduction loop (its iterations update the same elements)
// AMBIG: error: 'builtin.module' op loop 'd0' is ambiguous: found in computes 'a' and 'b' (choose one with compute=)
func.func @matmul(%a: tensor<6x5xf32>, %b: tensor<5x7xf32>) -> tensor<6x7xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<6x5xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<5x7xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 5>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<6x7xf32>
  return %c : tensor<6x7xf32>
}

func.func @two(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %v = "te.read"(%x, %i) : (tensor<4xf32>, index) -> f32
    gpu.yield %v : f32
  }) {name = "a", reduce_extents = array<i64>} : () -> tensor<4xf32>
  %s = "te.compute"() ({
  ^bb0(%i: index):
    %v = "te.read"(%x, %i) : (tensor<4xf32>, index) -> f32
    gpu.yield %v : f32
  }) {name = "b", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}
