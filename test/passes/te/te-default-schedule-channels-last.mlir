// te-default-schedule, a channels-last copy of blocked tensors
// (passes/te/te_unblock_order.c): a direct convolution's padded input
// xp[n, hp, ph, wq, c] (stride 2: phase-split rows) reading the residual
// sum of two products blocked by 32 (an 8x32 tile) and by 64 (4x64), as
// ResNet-18's layer3 and layer4 entries make it. c is split by the larger
// block, its lanes by the smaller (c = c.0 * 64 + c.1.0 * 32 + c.1.1, exact
// for both divisions), c.1.1 vectorized; the row loop stays parallel. With
// one block the lanes are the whole block (@one_block); a third block, or a
// copy whose blocked index is not the innermost axis's, gets no split.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule)' | FileCheck %s
// End to end (a schedule changes no value): @two_blocks compiled without
// te-default-schedule, then with the default pipeline on 1 and 2 threads.
// RUN: strata-run %s --entry two_blocks --seed 3 --pass-pipeline 'builtin.module(te-pack-constants,convert-te-to-tir,tir-apply-schedule,strata-outline-kernels,strata-lower-to-llvm)' --output %t.npy
// RUN: strata-run %s --entry two_blocks --seed 3 --expected %t.npy --rtol 0 --atol 0
// RUN: strata-run %s --entry two_blocks --seed 3 --threads 2 --expected %t.npy --rtol 0 --atol 0

// CHECK-LABEL: func.func @two_blocks(
// CHECK: name = "xp", reduce_extents = array<i64>, schedule = [{axis = "d4", factors = array<i64: 64>, prim = "split"}, {axis = "d4.1", factors = array<i64: 32>, prim = "split"}, {axis = "d4.1.1", prim = "vectorize"}, {axis = "d1", prim = "parallel"}]
func.func @two_blocks(%p: tensor<1x8x28x28x32xf32>, %q: tensor<1x4x28x28x64xf32>) -> tensor<1x29x2x15x256xf32> {
  %0 = "te.compute"() ({
  ^bb0(%n: index, %hp: index, %ph: index, %wq: index, %c: index):
    %c0 = arith.constant 0 : index
    %cm1 = arith.constant -1 : index
    %c2 = arith.constant 2 : index
    %c28 = arith.constant 28 : index
    %ih = arith.addi %hp, %cm1 : index
    %w2 = arith.muli %wq, %c2 : index
    %w3 = arith.addi %w2, %ph : index
    %iw = arith.addi %w3, %cm1 : index
    %v0 = arith.cmpi sge, %ih, %c0 : index
    %v1 = arith.cmpi slt, %ih, %c28 : index
    %v2 = arith.cmpi sge, %iw, %c0 : index
    %v3 = arith.cmpi slt, %iw, %c28 : index
    %v01 = arith.andi %v0, %v1 : i1
    %v012 = arith.andi %v01, %v2 : i1
    %valid = arith.andi %v012, %v3 : i1
    %sh = arith.select %valid, %ih, %c0 : index
    %sw = arith.select %valid, %iw, %c0 : index
    %c32 = arith.constant 32 : index
    %q32 = arith.divui %c, %c32 : index
    %r32 = arith.remui %c, %c32 : index
    %a = "te.read"(%p, %n, %q32, %sh, %sw, %r32) : (tensor<1x8x28x28x32xf32>, index, index, index, index, index) -> f32
    %c64 = arith.constant 64 : index
    %q64 = arith.divui %c, %c64 : index
    %r64 = arith.remui %c, %c64 : index
    %b = "te.read"(%q, %n, %q64, %sh, %sw, %r64) : (tensor<1x4x28x28x64xf32>, index, index, index, index, index) -> f32
    %s = arith.addf %a, %b : f32
    %zero = arith.constant 0.000000e+00 : f32
    %r = arith.maximumf %s, %zero : f32
    %out = arith.select %valid, %r, %zero : f32
    gpu.yield %out : f32
  }) {name = "xp", reduce_extents = array<i64>} : () -> tensor<1x29x2x15x256xf32>
  return %0 : tensor<1x29x2x15x256xf32>
}

// CHECK-LABEL: func.func @one_block(
// CHECK: name = "xp1", reduce_extents = array<i64>, schedule = [{axis = "d4", factors = array<i64: 64>, prim = "split"}, {axis = "d4.1", prim = "vectorize"}, {axis = "d1", prim = "parallel"}]
func.func @one_block(%q: tensor<1x4x28x28x64xf32>) -> tensor<1x28x1x28x256xf32> {
  %0 = "te.compute"() ({
  ^bb0(%n: index, %h: index, %ph: index, %w: index, %c: index):
    %c64 = arith.constant 64 : index
    %q64 = arith.divui %c, %c64 : index
    %r64 = arith.remui %c, %c64 : index
    %b = "te.read"(%q, %n, %q64, %h, %w, %r64) : (tensor<1x4x28x28x64xf32>, index, index, index, index, index) -> f32
    gpu.yield %b : f32
  }) {name = "xp1", reduce_extents = array<i64>} : () -> tensor<1x28x1x28x256xf32>
  return %0 : tensor<1x28x1x28x256xf32>
}

// CHECK-LABEL: func.func @three_blocks(
// CHECK: name = "xp3", reduce_extents = array<i64>, schedule = [{axis = "d1", prim = "parallel"}]
func.func @three_blocks(%p: tensor<1x16x28x28x16xf32>, %q: tensor<1x8x28x28x32xf32>, %r: tensor<1x4x28x28x64xf32>) -> tensor<1x28x1x28x256xf32> {
  %0 = "te.compute"() ({
  ^bb0(%n: index, %h: index, %ph: index, %w: index, %c: index):
    %c16 = arith.constant 16 : index
    %q16 = arith.divui %c, %c16 : index
    %r16 = arith.remui %c, %c16 : index
    %a = "te.read"(%p, %n, %q16, %h, %w, %r16) : (tensor<1x16x28x28x16xf32>, index, index, index, index, index) -> f32
    %c32 = arith.constant 32 : index
    %q32 = arith.divui %c, %c32 : index
    %r32 = arith.remui %c, %c32 : index
    %b = "te.read"(%q, %n, %q32, %h, %w, %r32) : (tensor<1x8x28x28x32xf32>, index, index, index, index, index) -> f32
    %c64 = arith.constant 64 : index
    %q64 = arith.divui %c, %c64 : index
    %r64 = arith.remui %c, %c64 : index
    %d = "te.read"(%r, %n, %q64, %h, %w, %r64) : (tensor<1x4x28x28x64xf32>, index, index, index, index, index) -> f32
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %d : f32
    gpu.yield %t : f32
  }) {name = "xp3", reduce_extents = array<i64>} : () -> tensor<1x28x1x28x256xf32>
  return %0 : tensor<1x28x1x28x256xf32>
}
