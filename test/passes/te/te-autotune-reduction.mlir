// Reductions that are not matrix products (pooling, reductions, depthwise
// convolutions) get a template-free space from te-default-schedule{knobs=
// true}. When their reads run along the innermost spatial axis (a pool,
// a depthwise convolution), vector rows: "vector" (the width: the whole
// row of 16, or 4 or 8), "order" (the taps outside the vector blocks, or
// inside them), "unroll" (the two innermost reduce loops fully, or not)
// and "parallel" (a first axis in parallel, off by default). Otherwise
// (a row sum, whose reads run along the reduce axis): the loop order
// (reduce axes outside the innermost spatial axis, or innermost),
// unrolling the innermost reduce loop (1, 2, 4, 8, at most its extent) and
// a parallel first axis. Every point lowers and computes the default's
// result: a grid search measures all 3 x 2 x 2 x 2 = 24 points of the pool
// and all 2 x 4 x 2 = 16 of the row sum, and none is an error.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{knobs=true})' | FileCheck %s --check-prefix=SPACE
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{knobs=true},te-autotune{trials=24 strategy=grid target=strata-test repeats=1 validate=0})' 2>&1 >/dev/null | FileCheck %s

// SPACE-LABEL: func.func @max_pool
// SPACE: schedule = [{axis = "d2", factors = {choices = [array<i64: 16>, array<i64: 4>, array<i64: 8>], knob = "vector"}, prim = "split"},
// SPACE-SAME: {order = {choices = {{\[\["d0", "d1", "r0", "r1", "d2.0", "d2.1"\], \["d0", "d1", "d2.0", "r0", "r1", "d2.1"\]\]}}, knob = "order"}, prim = "reorder"},
// SPACE-SAME: {axis = "d2.1", prim = "vectorize"},
// SPACE-SAME: {axis = "r1", factor = {choices = [1, 3], knob = "unroll"}, prim = "unroll"},
// SPACE-SAME: {axis = "r0", factor = {choices = [1, 3], knob = "unroll"}, prim = "unroll"},
// SPACE-SAME: {axis = "d0", enabled = {choices = [false, true], knob = "parallel"}, prim = "parallel"}]
// SPACE-LABEL: func.func @row_sum
// SPACE: schedule = [{order = {choices = {{\[\["d0", "r0", "d1"\], \["d0", "d1", "r0"\]\]}}, knob = "order"}, prim = "reorder"},
// SPACE-SAME: {axis = "r0", factor = {choices = [1, 2, 4, 8], knob = "unroll"}, prim = "unroll"},
// SPACE-SAME: {axis = "d0", enabled = {choices = [false, true], knob = "parallel"}, prim = "parallel"}]
// CHECK: remark: te-autotune: pool 8x16x16 r3x3 f32: 24 trials, 0 errors
// CHECK: remark: te-autotune: rows 8x64 r64 f32: 16 trials, 0 errors
func.func @max_pool(%x: tensor<8x18x18xf32>) -> tensor<8x16x16xf32> {
  %c = "te.compute"() ({
  ^bb0(%ch: index, %h: index, %w: index, %kh: index, %kw: index):
    %hh = arith.addi %h, %kh : index
    %ww = arith.addi %w, %kw : index
    %v = "te.read"(%x, %ch, %hh, %ww) : (tensor<8x18x18xf32>, index, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "pool", reduce_extents = array<i64: 3, 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<8x16x16xf32>
  return %c : tensor<8x16x16xf32>
}

func.func @row_sum(%x: tensor<8x64x64xf32>) -> tensor<8x64xf32> {
  %c = "te.compute"() ({
  ^bb0(%b: index, %i: index, %k: index):
    %v = "te.read"(%x, %b, %i, %k) : (tensor<8x64x64xf32>, index, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "rows", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<8x64xf32>
  return %c : tensor<8x64xf32>
}
