// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=matmul loop=i factors=4},tir-split{compute=matmul loop=j factors=16},tir-reorder{compute=matmul order=i.0,j.0,i.1,j.1,k},tir-tensorize{compute=matmul loop=i.1 intrinsic=fma_f32_4x16_generic})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=matmul loop=i factors=4},tir-split{compute=matmul loop=j factors=16},tir-reorder{compute=matmul order=i.0,j.0,i.1,j.1,k},tir-cache-read{compute=matmul input=1 width=16},tir-tensorize{compute=matmul loop=i.1 intrinsic=fma_f32_4x16_generic})' | FileCheck %s --check-prefix=PACKED
// A packed into row panels (cache_read input 0 with transpose: [p, k, r])
// is read as A[.., k, .., m]; its [K, m] tile is transposed to [m, K].
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=matmul loop=i factors=4},tir-split{compute=matmul loop=j factors=16},tir-reorder{compute=matmul order=i.0,j.0,i.1,j.1,k},tir-cache-read{compute=matmul input=0 width=4 transpose=true},tir-tensorize{compute=matmul loop=i.1 intrinsic=fma_f32_4x16_generic})' | FileCheck %s --check-prefix=PACKEDA
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=matmul loop=i factors=8},tir-split{compute=matmul loop=j factors=16},tir-reorder{compute=matmul order=i.0,j.0,i.1,j.1,k},tir-tensorize{compute=matmul loop=i.1 intrinsic=fma_f32_4x16_generic})' 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=matmul loop=i factors=4},tir-tensorize{compute=matmul loop=i.1 intrinsic=fma_f32_4x16_generic})' 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=matmul_t loop=i factors=4},tir-reorder{compute=matmul_t order=i.1,j,k},tir-tensorize{compute=matmul_t loop=i.1 intrinsic=fma_f32_4x16_generic})' 2>&1 | FileCheck %s --check-prefix=TRANS
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=add3 loop=i factors=2},tir-tensorize{compute=add3 loop=i.1 intrinsic=fma_f32_4x16_generic})' 2>&1 | FileCheck %s --check-prefix=BODY
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-tensorize{compute=matmul loop=i intrinsic=fma_f32_4x16_generic})' 2>&1 | FileCheck %s --check-prefix=ROOT
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{compute=matmul loop=i factors=4},tir-tensorize{compute=matmul loop=i.1 intrinsic=nope})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// The 4x16 micro-tile (i.1, j.1, k) of a 10x40x7 matmul becomes one call on
// subview tiles; rows are a partial (dynamic) tile at the edge.
// CHECK: "hwi.intrinsic"() {{.*}}sym_name = "fma_f32_4x16_generic"
// CHECK-LABEL: func.func @matmul
// CHECK: %[[A:.*]] = memref.subview %arg0[{{.*}}] [%{{.*}}, 7] [1, 1] : memref<10x7xf32> to memref<?x7xf32, strided<[7, 1], offset: ?>>
// CHECK: %[[B:.*]] = memref.subview %arg1[{{.*}}] [7, %{{.*}}] [1, 1] : memref<7x40xf32> to memref<7x?xf32, strided<[40, 1], offset: ?>>
// CHECK: %[[C:.*]] = memref.subview %arg2[{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : memref<10x40xf32> to memref<?x?xf32, strided<[40, 1], offset: ?>>
// CHECK: "hwi.call_tile"(%[[A]], %[[B]], %[[C]]) {intrinsic = @fma_f32_4x16_generic}
// CHECK-NOT: name = "k"
// CHECK: name = "j.0"

// With B packed into 16-wide panels, B's tile is a whole zero-padded panel
// (static 16 columns: its loads need no mask).
// PACKEDA-LABEL: func.func @matmul
// PACKEDA: %[[P:.*]] = "tir.alloc_buffer"() {scope = "packed"} : () -> memref<3x7x4xf32>
// PACKEDA: %[[S:.*]] = memref.subview %[[P]][{{.*}}] [1, 7, %{{.*}}] [1, 1, 1] : memref<3x7x4xf32> to memref<7x?xf32, strided<[4, 1], offset: ?>>
// PACKEDA: %[[A:.*]] = memref.transpose %[[S]] (d0, d1) -> (d1, d0) : memref<7x?xf32, strided<[4, 1], offset: ?>> to memref<?x7xf32, strided<[1, 4], offset: ?>>
// PACKEDA: "hwi.call_tile"(%[[A]], %{{.*}}, %{{.*}}) {intrinsic = @fma_f32_4x16_generic}
// PACKED-LABEL: func.func @matmul
// PACKED: %[[P:.*]] = "tir.alloc_buffer"() {scope = "packed"} : () -> memref<3x7x16xf32>
// PACKED: %[[B:.*]] = memref.subview %[[P]][{{.*}}] [1, 7, 16] [1, 1, 1] : memref<3x7x16xf32> to memref<7x16xf32, strided<[16, 1], offset: ?>>
// PACKED: "hwi.call_tile"(%{{.*}}, %[[B]], %{{.*}}) {intrinsic = @fma_f32_4x16_generic}

// BIG: error: 'tir.for' op cannot tensorize 'i.1' of compute 'matmul' with @fma_f32_4x16_generic: the micro-tile is larger than the intrinsic's 4x16 tile (m loop bound 8, n loop bound 16; split them by the tile sizes first)
// NEST: error: 'tir.for' op cannot tensorize 'i.1' of compute 'matmul' with @fma_f32_4x16_generic: it must hold exactly two perfectly nested loops (the micro-tile; reorder hoists a reduction init out of the way)
// TRANS: error: 'tir.for' op cannot tensorize 'i.1' of compute 'matmul_t' with @fma_f32_4x16_generic: B must be read as B[.., k, .., n] (n in its last dimension)
// BODY: error: 'tir.for' op cannot tensorize 'i.1' of compute 'add3' with @fma_f32_4x16_generic: the body is not C[..] = C[..] + A[..] * B[..] with loads of A, B and C
// ROOT: error: 'tir.for' op cannot tensorize 'i' of compute 'matmul' with @fma_f32_4x16_generic: it is the outermost loop of the nest (split it first)
// UNKNOWN: error: 'tir.for' op tir-tensorize: no hwi.intrinsic named 'nope' in the module and no built-in one

func.func @matmul(%a: tensor<10x7xf32>, %b: tensor<7x40xf32>) -> tensor<10x40xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<10x7xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<7x40xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 7>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<10x40xf32>
  return %c : tensor<10x40xf32>
}

// B read transposed (B[j, k]): not the intrinsic's layout.
func.func @matmul_t(%a: tensor<8x7xf32>, %b: tensor<16x7xf32>) -> tensor<8x16xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<8x7xf32>, index, index) -> f32
    %y = "te.read"(%b, %j, %k) : (tensor<16x7xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul_t", reduce_extents = array<i64: 7>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// Not a multiply-accumulate: a 3-D elementwise add.
func.func @add3(%x: tensor<4x4x4xf32>) -> tensor<4x4x4xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %v = "te.read"(%x, %i, %j, %k) : (tensor<4x4x4xf32>, index, index, index) -> f32
    %s = arith.addf %v, %v : f32
    gpu.yield %s : f32
  }) {name = "add3", reduce_extents = array<i64>, axis_names = ["i", "j", "k"]} : () -> tensor<4x4x4xf32>
  return %r : tensor<4x4x4xf32>
}
