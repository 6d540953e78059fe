// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-reorder{order=d1,d0 compute=ew})' | FileCheck %s --check-prefix=EW
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-reorder{order=i,k,j})' | FileCheck %s --check-prefix=MM
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-reorder{order=j,q})' 2>&1 | FileCheck %s --check-prefix=NOLOOP
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-reorder{order=,})' 2>&1 | FileCheck %s --check-prefix=BADLIST
// More reorder errors: tir-apply-schedule-invalid.mlir.

// Elementwise: plain interchange; te.compute moves to the new root.
// EW-LABEL: func.func @ew
// EW: ^bb0(%[[J:.*]]: index):
// EW-NEXT: "tir.for"
// EW-NEXT: ^bb0(%[[I:.*]]: index):
// EW-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]] : memref<8x6xf32>
// EW: }) {kind = "serial", name = "d0"}
// EW-NEXT: gpu.yield
// EW-NEXT: }) {kind = "serial", name = "d1", te.compute = "ew"} :

// Matmul i, k, j: the init store between j and k is hoisted into its own
// nest (i.init, j.init) before the reordered one.
// MM-LABEL: func.func @matmul
// MM: ^bb0(%[[I:.*]]: index):
// MM-NEXT: "tir.for"
// MM-NEXT: ^bb0(%[[J:.*]]: index):
// MM-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// MM-NEXT: memref.store %[[Z]], %{{.*}}[%[[I]], %[[J]]] : memref<6x7xf32>
// MM-NEXT: gpu.yield
// MM-NEXT: }) {kind = "serial", name = "j.init"}
// MM-NEXT: gpu.yield
// MM-NEXT: }) {kind = "serial", name = "i.init"}
// MM-NEXT: "tir.for"
// MM-NEXT: ^bb0(%[[I2:.*]]: index):
// MM-NEXT: "tir.for"
// MM-NEXT: ^bb0(%[[K:.*]]: index):
// MM-NEXT: "tir.for"
// MM-NEXT: ^bb0(%[[J2:.*]]: index):
// MM-NEXT: memref.load %{{.*}}[%[[I2]], %[[K]]] : memref<6x5xf32>
// MM-NEXT: memref.load %{{.*}}[%[[K]], %[[J2]]] : memref<5x7xf32>
// MM: }) {kind = "serial", name = "j"}
// MM-NEXT: gpu.yield
// MM-NEXT: }) {kind = "serial", name = "k"}
// MM-NEXT: gpu.yield
// MM-NEXT: }) {kind = "serial", name = "i", te.compute = "matmul"} :

// NOLOOP: error: 'builtin.module' op no loop named 'q'
// BADLIST: error: 'builtin.module' op tir-reorder: 'order' must be a comma-separated list of loop names, got ','
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
