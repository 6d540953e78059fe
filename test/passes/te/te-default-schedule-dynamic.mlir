// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f},te-pack-constants,convert-te-to-tir,tir-apply-schedule)' | FileCheck %s --check-prefix=TIR

// Matrix products with dynamic extents (a sequence length) get the GEMM
// trace, a dynamic extent planned as one block (mc = 128 rows, rounded up
// to a multiple of every AVX-512 tile's rows: 144 = 36 tiles of 4), the
// splits leaving a remainder at run time. A constant B is packed
// (te-pack-constants does it at compile time), panel after panel: one
// 64-column panel per j block, k blocks sized to the host's L1 (kc <= 256),
// the panels the parallel loop. They are never skinny (M unknown).
// CHECK-LABEL: func.func @rows
// CHECK: name = "mm", reduce_extents = array<i64: 256>, schedule = [
// CHECK-SAME: {axis = "d0", factors = array<i64: 36, 4>, prim = "split"}
// CHECK-SAME: {axis = "d1", factors = array<i64: 1, 64>, prim = "split"}
// CHECK-SAME: {axis = "r0", factors = array<i64: {{[0-9]+}}>, prim = "split"}
// CHECK-SAME: {order = ["d1.0", "d1.1", "d0.0", "r0.0", "d0.1", "d0.2", "d1.2", "r0.1"], prim = "reorder"}
// CHECK-SAME: {input = 1 : i64, prim = "cache_read", scope = "packed", width = 64 : i64}
// CHECK-SAME: {axis = "d0.2", intrinsic = @fma_f32_4x64_avx512f, prim = "tensorize"}
// CHECK-SAME: {axis = "d1.0", prim = "parallel"}
// TIR-LABEL: func.func @rows
// TIR: memref.get_global @{{.*}} : memref<3x256x64xf32>
// TIR: arith.ceildivsi
// TIR: arith.minsi
// TIR: hwi.call_tile
func.func @rows(%x: tensor<?x256xf32>) -> tensor<?x192xf32> {
  %w = arith.constant dense<0.5> : tensor<256x192xf32>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x256xf32>
  %0 = "te.compute"(%m) ({
  ^bb0(%i: index, %j: index, %k: index):
    %a = "te.read"(%x, %i, %k) : (tensor<?x256xf32>, index, index) -> f32
    %b = "te.read"(%w, %k, %j) : (tensor<256x192xf32>, index, index) -> f32
    %p = arith.mulf %a, %b : f32
    gpu.yield %p : f32
  }) {name = "mm", reduce_extents = array<i64: 256>, combiner = "add", init = 0.0 : f32} : (index) -> tensor<?x192xf32>
  return %0 : tensor<?x192xf32>
}

// Attention's products: Q.K^T with M and N dynamic, P.V with M and K
// dynamic (the reduce extent an operand). The operands are runtime
// tensors, not packed (as for a static product under pack-min-rows); a
// batch of at least 4 runs in parallel.
// CHECK-LABEL: func.func @attention
// CHECK: name = "qk", reduce_extents = array<i64: 64>, schedule = [
// CHECK-SAME: {axis = "d1", factors = array<i64: 36, 4>, prim = "split"}
// CHECK-SAME: {axis = "d2", factors = array<i64: 16, 64>, prim = "split"}
// CHECK-NOT: cache_read
// CHECK-SAME: prim = "tensorize"
// CHECK-SAME: {axis = "d0", prim = "parallel"}
// CHECK: name = "pv", reduce_extents = array<i64: -1>, schedule = [
// CHECK-SAME: {axis = "r0", factors = array<i64: 256>, prim = "split"}
// CHECK-SAME: prim = "tensorize"
func.func @attention(%q: tensor<4x?x64xf32>, %kt: tensor<4x64x?xf32>, %v: tensor<4x?x64xf32>) -> tensor<4x?x64xf32> {
  %c1 = arith.constant 1 : index
  %s = tensor.dim %q, %c1 : tensor<4x?x64xf32>
  %0 = "te.compute"(%s, %s) ({
  ^bb0(%b: index, %i: index, %j: index, %k: index):
    %x = "te.read"(%q, %b, %i, %k) : (tensor<4x?x64xf32>, index, index, index) -> f32
    %y = "te.read"(%kt, %b, %k, %j) : (tensor<4x64x?xf32>, index, index, index) -> f32
    %p = arith.mulf %x, %y : f32
    gpu.yield %p : f32
  }) {name = "qk", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : (index, index) -> tensor<4x?x?xf32>
  %1 = "te.compute"(%s, %s) ({
  ^bb0(%b: index, %i: index, %j: index, %k: index):
    %x = "te.read"(%0, %b, %i, %k) : (tensor<4x?x?xf32>, index, index, index) -> f32
    %y = "te.read"(%v, %b, %k, %j) : (tensor<4x?x64xf32>, index, index, index) -> f32
    %p = arith.mulf %x, %y : f32
    gpu.yield %p : f32
  }) {name = "pv", reduce_extents = array<i64: -1>, combiner = "add", init = 0.0 : f32} : (index, index) -> tensor<4x?x64xf32>
  return %1 : tensor<4x?x64xf32>
}

// An injective compute with a dynamic extent runs in parallel (on its
// first axis of extent >= 2 or dynamic); computing exp, its innermost
// (dynamic) axis is split by the vector width and vectorized, the last
// vector masked.
// CHECK-LABEL: func.func @softmax_exp
// CHECK: name = "e", reduce_extents = array<i64>, schedule = [
// CHECK-SAME: {axis = "d1", factors = array<i64: 16>, prim = "split"}, {axis = "d1.1", prim = "vectorize"}, {axis = "d0", prim = "parallel"}
func.func @softmax_exp(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %0 = "te.compute"(%m, %n) ({
  ^bb0(%i: index, %j: index):
    %a = "te.read"(%x, %i, %j) : (tensor<?x?xf32>, index, index) -> f32
    %e = math.exp %a : f32
    gpu.yield %e : f32
  }) {name = "e", reduce_extents = array<i64>} : (index, index) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
