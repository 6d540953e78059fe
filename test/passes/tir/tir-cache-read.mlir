// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-read{compute=matmul input=1 width=16})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-read{compute=dyn input=1 width=8})' | FileCheck %s --check-prefix=DYN
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-read{compute=dense input=1 width=16 transpose=true})' | FileCheck %s --check-prefix=TRANS
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-read{compute=matmul input=2 width=16})' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-read{compute=vec input=0 width=4})' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-read{compute=matmul input=1 width=0})' 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-cache-read{input=1 width=16})' 2>&1 | FileCheck %s --check-prefix=MANY

// B (5x20) becomes 2 zero-padded panels of 16 columns, [2, 5, 16], filled
// before the nest (panel loop parallel; per row a copy loop over the
// panel's n = min(16, 20 - 16p) valid columns, then a loop storing zeros
// up to 16), read through div/rem of the column index, and freed after the
// nest.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[P:.*]] = "tir.alloc_buffer"() {scope = "packed"} : () -> memref<2x5x16xf32>
// CHECK: %[[N:.*]] = arith.minsi
// CHECK: "tir.for"(%{{.*}}, %[[N]], %{{.*}})
// CHECK: memref.load %arg1
// CHECK: memref.store %{{.*}}, %[[P]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x5x16xf32>
// CHECK: {kind = "serial", name = "pack1.q"}
// CHECK: "tir.for"(%[[N]], %{{.*}}, %{{.*}})
// CHECK: memref.store %cst, %[[P]]
// CHECK: {kind = "serial", name = "pack1.pad"}
// CHECK: {kind = "serial", name = "pack1.r"}
// CHECK: {kind = "parallel", name = "pack1.p"}
// CHECK: %[[D:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK: %[[R:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: memref.load %[[P]][%[[D]], %{{.*}}, %[[R]]] : memref<2x5x16xf32>
// CHECK: te.compute = "matmul"
// CHECK: memref.dealloc %[[P]] : memref<2x5x16xf32>

// Dynamic columns: the panel count is ceil(N / 8) at run time.
// DYN-LABEL: func.func @dyn
// DYN: arith.ceildivsi
// DYN: "tir.alloc_buffer"(%{{.*}}) {scope = "packed"} : (index) -> memref<?x5x8xf32>

// A transposed B (dense weights [20, 5] read as w[j, k]) packs into the
// same [2, 5, 16] panels: the copy loops run (q, r) so rows of w are read
// contiguously, and loads w[j, k] become wp[j div 16, k, j mod 16].
// TRANS-LABEL: func.func @dense
// TRANS: %[[P:.*]] = "tir.alloc_buffer"() {scope = "packed"} : () -> memref<2x5x16xf32>
// TRANS: name = "pack1.r"
// TRANS: name = "pack1.q"
// TRANS: name = "pack1.pad"
// TRANS: %[[D:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// TRANS: %[[R:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// TRANS: memref.load %[[P]][%[[D]], %{{.*}}, %[[R]]] : memref<2x5x16xf32>

// RANGE: error: 'tir.for' op cache_read of compute 'matmul': input 2 does not exist (the nest reads 2 buffers)
// RANK: error: 'tir.for' op cache_read of compute 'vec': input 0 has rank 1; packing into panels needs rank 2 to 7
// WIDTH: error: 'tir.for' op cache_read of compute 'matmul': width must be positive
// MANY: error: 'builtin.module' op tir-cache-read: (any) matches several nests (choose one with compute=)

func.func @matmul(%a: tensor<6x5xf32>, %b: tensor<5x20xf32>) -> tensor<6x20xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<6x5xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<5x20xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 5>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<6x20xf32>
  return %c : tensor<6x20xf32>
}

func.func @dense(%a: tensor<6x5xf32>, %w: tensor<20x5xf32>) -> tensor<6x20xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<6x5xf32>, index, index) -> f32
    %y = "te.read"(%w, %j, %k) : (tensor<20x5xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "dense", reduce_extents = array<i64: 5>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<6x20xf32>
  return %c : tensor<6x20xf32>
}

func.func @dyn(%a: tensor<6x5xf32>, %b: tensor<5x?xf32>) -> tensor<6x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %b, %c1 : tensor<5x?xf32>
  %c = "te.compute"(%n) ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<6x5xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<5x?xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "dyn", reduce_extents = array<i64: 5>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : (index) -> tensor<6x?xf32>
  return %c : tensor<6x?xf32>
}

func.func @vec(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %v = "te.read"(%x, %i) : (tensor<4xf32>, index) -> f32
    gpu.yield %v : f32
  }) {name = "vec", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return %r : tensor<4xf32>
}
