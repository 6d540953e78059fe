// Reductions that are not matrix products (pooling, reductions, depthwise
// convolutions) get a template-free space from te-default-schedule{knobs=
// true}: the loop order (reduce axes outside the innermost spatial axis, or
// innermost), unrolling the innermost reduce loop (1, 2, 4, 8, at most its
// extent) and a parallel first axis (an optional step, off by default).
// Every point lowers and computes the default's result: a grid search
// measures all 2 x 2 x 2 = 8 (the reduce extent is 3: unroll by 1 or 2)
// and none is an error.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{knobs=true})' | FileCheck %s --check-prefix=SPACE
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{knobs=true},te-autotune{trials=8 strategy=grid target=strata-test repeats=1 validate=0})' 2>&1 >/dev/null | FileCheck %s

// SPACE: schedule = [{order = {choices = {{\[\["d0", "d1", "r0", "r1", "d2"\], \["d0", "d1", "d2", "r0", "r1"\]\]}}, knob = "order"}, prim = "reorder"},
// SPACE-SAME: {axis = "r1", factor = {choices = [1, 2], knob = "unroll"}, prim = "unroll"},
// SPACE-SAME: {axis = "d0", enabled = {choices = [false, true], knob = "parallel"}, prim = "parallel"}]
// CHECK: remark: te-autotune: pool 8x16x16 r3x3 f32: 8 trials, 0 errors
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
