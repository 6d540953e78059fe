// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-parallel{loop=d0 compute=ew},tir-parallel{loop=d1 compute=ew},tir-fuse{loops=d0,d1 compute=ew})' | FileCheck %s --check-prefix=EW
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-fuse{loops=i,j})' | FileCheck %s --check-prefix=MM
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-fuse{loops=})' 2>&1 | FileCheck %s --check-prefix=EMPTY
// More fuse errors: tir-apply-schedule-invalid.mlir.

// 8 x 6 -> one loop over 48; d1 = f mod 6, d0 = f div 6; parallel since
// both were.
// EW-LABEL: func.func @ew
// EW-DAG: %[[C6:.*]] = arith.constant 6 : index
// EW-DAG: %[[C48:.*]] = arith.constant 48 : index
// EW: "tir.for"(%{{[^,]*}}, %[[C48]], %{{[^,]*}}) ({
// EW-NEXT: ^bb0(%[[F:.*]]: index):
// EW-NEXT: %[[J:.*]] = arith.remui %[[F]], %[[C6]] : index
// EW-NEXT: %[[I:.*]] = arith.divui %[[F]], %[[C6]] : index
// EW-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]] : memref<8x6xf32>
// EW: }) {kind = "parallel", name = "d0+d1", te.compute = "ew"} :

// Matmul: fusing the spatial loops keeps the init store and the k loop in
// the fused body (odd extents 6 x 7 = 42).
// MM-LABEL: func.func @matmul
// MM-DAG: %[[C42:.*]] = arith.constant 42 : index
// MM: "tir.for"(%{{[^,]*}}, %[[C42]], %{{[^,]*}}) ({
// MM-NEXT: ^bb0(%[[F:.*]]: index):
// MM-NEXT: %[[J:.*]] = arith.remui %[[F]], %{{.*}} : index
// MM-NEXT: %[[I:.*]] = arith.divui %[[F]], %{{.*}} : index
// MM-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// MM-NEXT: memref.store %[[Z]], %{{.*}}[%[[I]], %[[J]]] : memref<6x7xf32>
// MM-NEXT: "tir.for"
// MM: }) {kind = "serial", name = "k"}
// MM-NEXT: gpu.yield
// MM-NEXT: }) {kind = "serial", name = "i+j", te.compute = "matmul"} :

// EMPTY: error: 'builtin.module' op tir-fuse: 'loops' must be a comma-separated list of loop names, got ''
func.func @ew(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x6xf32>, index, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "ew", reduce_extents = array<i64>} : () -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}

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
