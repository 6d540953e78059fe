// te-sketch writes template-free search spaces (passes/te/te_sketch.c): the
// traces its rules write on each kind of compute, as alternatives beside the
// compute's own schedule (sketch 0, "default").
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-sketch{target=avx2})' | FileCheck %s
// The template of te-default-schedule stays the compute's schedule.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx2 knobs=true},te-sketch{target=avx2})' | FileCheck %s --check-prefix=TEMPLATE
// Tuned (te-autotune, random search on the shared scheduler), the chosen
// sketch's trace replaces the knobs and the sketches are dropped; the nests
// lower.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-sketch{min-iterations=300000},te-autotune{trials=3 strategy=random seed=1 target=strata-test repeats=1 validate=0},convert-te-to-tir,tir-apply-schedule)' 2>%t.err | FileCheck %s --check-prefix=TUNED
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-sketch{target=sse9})' 2>&1 | FileCheck %s --check-prefix=TARGET

// A NCHW convolution (reuse: the weights do not depend on h, w; the input
// not on the output channel): "tile", SSRSRS multi-level tiling in two
// reorders (at most 16 loops each), the outer tiles fused and parallel, the
// innermost tile vectorized and the inner reduce loop unrolled (no
// cache_write: 12 loops would be inside it, tir-cache-write takes 8); and
// "reduce", vector rows with the taps outside or inside.
// CHECK-LABEL: func.func @conv_nchw
// CHECK: name = "conv"
// CHECK-SAME: sketches = [{name = "tile", steps = [{axis = "d1", factors = {knob = "tile.d1", parts = 4 : i64}, prim = "split"}
// CHECK-SAME: {axis = "r0", factors = {knob = "tile.r0", parts = 2 : i64}, prim = "split"}
// CHECK-SAME: {order = ["d1.0", "d2.0", "d3.0", "d1.1", "d2.1", "d3.1", "d1.2", "d2.2", "d3.2", "d1.3", "d2.3", "d3.3"], prim = "reorder"}
// CHECK-SAME: {order = ["r0.0", "r1.0", "r2.0", "d1.2", "d2.2", "d3.2", "r0.1", "r1.1", "r2.1", "d1.3", "d2.3", "d3.3"], prim = "reorder"}
// CHECK-SAME: {axes = ["d1.0", "d2.0", "d3.0"], prim = "fuse"}
// CHECK-SAME: {axis = "d1.0+d2.0+d3.0", enabled = {choices = [true, false], knob = "tile.parallel"}, prim = "parallel"}
// CHECK-SAME: {axis = "d3.3", enabled = {choices = [true, false], knob = "tile.vectorize"}, prim = "vectorize"}
// CHECK-SAME: {axis = "r2.1", factor = {choices = [1, 2], knob = "tile.unroll"}, prim = "unroll"}]}
// CHECK-SAME: {name = "reduce", steps = [{axis = "d3", factors = {choices = [array<i64: 8>], knob = "reduce.vector"}, prim = "split"}
// CHECK-SAME: {order = {choices = {{\[}}["d0", "d1", "d2", "d3.0", "r0", "r1", "r2", "d3.1"], ["d0", "d1", "d2", "d3.0", "d3.1", "r0", "r1", "r2"]], knob = "reduce.order"}, prim = "reorder"}
// CHECK-SAME: {axis = "d1", enabled = {choices = [true, false], knob = "reduce.parallel"}, prim = "parallel"}
// CHECK-SAME: {axis = "d3.1", enabled = {choices = [true, false], knob = "reduce.order"}, prim = "vectorize"}
// CHECK-SAME: {axis = "r2", factor = {choices = [1, 2], knob = "reduce.unroll"}, prim = "unroll"}]}]
// A depthwise convolution: the same two sketches; its reduce axis of
// extent 1 is not tiled.
// CHECK-LABEL: func.func @depthwise
// CHECK: name = "conv2d"
// CHECK-SAME: sketches = [{name = "tile", steps = [{axis = "d1", factors = {knob = "tile.d1", parts = 4 : i64}, prim = "split"}
// CHECK-SAME: {order = ["r1.0", "r2.0", "d1.2", "d2.2", "d3.2", "r1.1", "r2.1", "d1.3", "d2.3", "d3.3"], prim = "reorder"}
// CHECK-SAME: {name = "reduce", steps = [{axis = "d3", factors = {choices = [array<i64: 8>, array<i64: 16>], knob = "reduce.vector"}, prim = "split"}
// Pooling reads every input element once per window (no reuse): "reduce"
// only.
// CHECK-LABEL: func.func @pool
// CHECK: name = "max_pool2d"
// CHECK-SAME: sketches = [{name = "reduce", steps = [{axis = "d3", factors = {choices = [array<i64: 8>], knob = "reduce.vector"}, prim = "split"}
// CHECK-NOT: name = "tile"
// CHECK-SAME: : () -> tensor<1x32x14x14xf32>
// Softmax: its row max and sum reduce over the last axis (the row is the
// innermost axis of extent >= 2, d1: the kept dimension d2 has extent 1);
// the exp and the division are injective: vector rows and a parallel axis.
// CHECK-LABEL: func.func @softmax
// CHECK: name = "softmax_max"
// CHECK-SAME: sketches = [{name = "reduce", steps = [{axis = "d1", factors = {choices = [array<i64: 8>, array<i64: 16>, array<i64: 32>], knob = "reduce.vector"}, prim = "split"}
// CHECK-SAME: {order = {choices = {{\[}}["d0", "d1.0", "r0", "d1.1"], ["d0", "d1.0", "d1.1", "r0"]], knob = "reduce.order"}, prim = "reorder"}
// CHECK-SAME: {axis = "r0", factor = {choices = [1, 2, 4, 8], knob = "reduce.unroll"}, prim = "unroll"}]}]
// CHECK: name = "softmax_exp"
// CHECK-SAME: sketches = [{name = "inject", steps = [{axis = "d2", factors = {choices = [array<i64: 8>, array<i64: 16>, array<i64: 32>], knob = "inject.vector"}, prim = "split"}, {axis = "d2.1", prim = "vectorize"}, {axis = "d0", enabled = {choices = [true, false], knob = "inject.parallel"}, prim = "parallel"}]}]
// CHECK: name = "softmax_sum"
// CHECK-SAME: sketches = [{name = "reduce"
// CHECK: name = "softmax"
// CHECK-SAME: sketches = [{name = "inject"
// A batched product: "tile" with a local accumulator (8 loops inside the
// last S.1) and "reduce".
// CHECK-LABEL: func.func @bmm
// CHECK: name = "batch_matmul"
// CHECK-SAME: sketches = [{name = "tile", steps = [{axis = "d0", factors = {knob = "tile.d0", parts = 4 : i64}, prim = "split"}
// CHECK-SAME: {order = ["r0.0", "d0.2", "d1.2", "d2.2", "r0.1", "d0.3", "d1.3", "d2.3"], prim = "reorder"}
// CHECK-SAME: {axis = "d2.1", enabled = {choices = [false, true], knob = "tile.cache_write"}, prim = "cache_write", scope = "local"}
// CHECK-SAME: {axis = "r0.1", factor = {choices = [1, 2, 4, 8], knob = "tile.unroll"}, prim = "unroll"}]}
// CHECK-SAME: {name = "reduce"
// An injective group (add + relu after te-inline's fusion): "inject"; the
// parallel axis is off by default below 2^15 elements.
// CHECK-LABEL: func.func @injective
// CHECK: name = "relu"
// CHECK-SAME: sketches = [{name = "inject", steps = [{axis = "d3", factors = {choices = [array<i64: 8>, array<i64: 16>], knob = "inject.vector"}, prim = "split"}, {axis = "d3.1", prim = "vectorize"}, {axis = "d1", enabled = {choices = [false, true], knob = "inject.parallel"}, prim = "parallel"}]}]
// Under min-iterations (4096): no sketches.
// CHECK-LABEL: func.func @tiny
// CHECK-NOT: sketches
// CHECK: return

// TEMPLATE-LABEL: func.func @bmm
// TEMPLATE: name = "batch_matmul"
// TEMPLATE-SAME: schedule = [{axis = "d1", factors = {choices = [array<i64: 36>], knob = "mc"}, prim = "split"}
// TEMPLATE-SAME: sketches = [{name = "tile"

// TUNED-NOT: sketches
// TUNED: "tir.for"
// REMARK: remark: te-autotune: conv 1x32x14x14 r16x3x3 f32: 3 trials, 0 errors, default {{.*}}"sketch":
// REMARK-NOT: error

// TARGET: option 'target' of pass 'te-sketch'

func.func @conv_nchw(%arg0: tensor<1x16x14x14xf32>, %arg1: tensor<32x16x3x3xf32>) -> tensor<1x32x14x14xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index):
    %1 = arith.addi %arg4, %arg7 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %3 = arith.addi %arg5, %arg8 : index
    %c-1_0 = arith.constant -1 : index
    %4 = arith.addi %3, %c-1_0 : index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sge, %2, %c0 : index
    %c28 = arith.constant 14 : index
    %6 = arith.cmpi slt, %2, %c28 : index
    %7 = arith.cmpi sge, %4, %c0 : index
    %c28_1 = arith.constant 14 : index
    %8 = arith.cmpi slt, %4, %c28_1 : index
    %9 = arith.andi %5, %6 : i1
    %10 = arith.andi %9, %7 : i1
    %11 = arith.andi %10, %8 : i1
    %12 = arith.select %11, %2, %c0 : index
    %13 = arith.select %11, %4, %c0 : index
          %15 = "te.read"(%arg0, %arg2, %arg6, %12, %13) : (tensor<1x16x14x14xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0.000000e+00 : f32
    %16 = arith.select %11, %15, %cst : f32
    %17 = "te.read"(%arg1, %arg3, %arg6, %arg7, %arg8) : (tensor<32x16x3x3xf32>, index, index, index, index) -> f32
    %18 = arith.mulf %16, %17 : f32
    gpu.yield %18 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "conv", reduce_extents = array<i64: 16, 3, 3>} : () -> tensor<1x32x14x14xf32>
  return %0 : tensor<1x32x14x14xf32>
}
func.func @depthwise(%arg0: tensor<1x32x28x28xf32>, %arg1: tensor<32x1x3x3xf32>) -> tensor<1x32x28x28xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index):
    %1 = arith.addi %arg4, %arg7 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %3 = arith.addi %arg5, %arg8 : index
    %c-1_0 = arith.constant -1 : index
    %4 = arith.addi %3, %c-1_0 : index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sge, %2, %c0 : index
    %c28 = arith.constant 28 : index
    %6 = arith.cmpi slt, %2, %c28 : index
    %7 = arith.cmpi sge, %4, %c0 : index
    %c28_1 = arith.constant 28 : index
    %8 = arith.cmpi slt, %4, %c28_1 : index
    %9 = arith.andi %5, %6 : i1
    %10 = arith.andi %9, %7 : i1
    %11 = arith.andi %10, %8 : i1
    %12 = arith.select %11, %2, %c0 : index
    %13 = arith.select %11, %4, %c0 : index
    %14 = arith.addi %arg3, %arg6 : index
    %15 = "te.read"(%arg0, %arg2, %14, %12, %13) : (tensor<1x32x28x28xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0.000000e+00 : f32
    %16 = arith.select %11, %15, %cst : f32
    %17 = "te.read"(%arg1, %arg3, %arg6, %arg7, %arg8) : (tensor<32x1x3x3xf32>, index, index, index, index) -> f32
    %18 = arith.mulf %16, %17 : f32
    gpu.yield %18 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "conv2d", reduce_extents = array<i64: 1, 3, 3>} : () -> tensor<1x32x28x28xf32>
  return %0 : tensor<1x32x28x28xf32>
}
func.func @pool(%arg0: tensor<1x32x28x28xf32>) -> tensor<1x32x14x14xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index):
    %c2 = arith.constant 2 : index
    %1 = arith.muli %arg3, %c2 : index
    %2 = arith.addi %1, %arg5 : index
    %c-1 = arith.constant -1 : index
    %3 = arith.addi %2, %c-1 : index
    %c2_0 = arith.constant 2 : index
    %4 = arith.muli %arg4, %c2_0 : index
    %5 = arith.addi %4, %arg6 : index
    %c-1_1 = arith.constant -1 : index
    %6 = arith.addi %5, %c-1_1 : index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sge, %3, %c0 : index
    %8 = arith.cmpi sge, %6, %c0 : index
    %9 = arith.andi %7, %8 : i1
    %10 = arith.select %9, %3, %c0 : index
    %11 = arith.select %9, %6, %c0 : index
    %12 = "te.read"(%arg0, %arg1, %arg2, %10, %11) : (tensor<1x32x28x28xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0xFF800000 : f32
    %13 = arith.select %9, %12, %cst : f32
    gpu.yield %13 : f32
  }) {combiner = "max", init = 0xFF800000 : f32, name = "max_pool2d", reduce_extents = array<i64: 3, 3>} : () -> tensor<1x32x14x14xf32>
  return %0 : tensor<1x32x14x14xf32>
}
func.func @softmax(%arg0: tensor<8x64x128xf32>) -> tensor<8x64x128xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    %4 = "te.read"(%arg0, %arg1, %arg2, %arg4) : (tensor<8x64x128xf32>, index, index, index) -> f32
    gpu.yield %4 : f32
  }) {combiner = "max", init = 0xFF800000 : f32, name = "softmax_max", reduce_extents = array<i64: 128>} : () -> tensor<8x64x1xf32>
  %1 = "te.compute"() ({
  ^bb0(%arg1: index, %arg2: index, %arg3: index):
    %c0 = arith.constant 0 : index
    %4 = "te.read"(%arg0, %arg1, %arg2, %arg3) : (tensor<8x64x128xf32>, index, index, index) -> f32
    %5 = "te.read"(%0, %arg1, %arg2, %c0) : (tensor<8x64x1xf32>, index, index, index) -> f32
    %6 = arith.subf %4, %5 : f32
    %7 = math.exp %6 : f32
    gpu.yield %7 : f32
  }) {name = "softmax_exp", reduce_extents = array<i64>} : () -> tensor<8x64x128xf32>
  %2 = "te.compute"() ({
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    %4 = "te.read"(%1, %arg1, %arg2, %arg4) : (tensor<8x64x128xf32>, index, index, index) -> f32
    gpu.yield %4 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "softmax_sum", reduce_extents = array<i64: 128>} : () -> tensor<8x64x1xf32>
  %3 = "te.compute"() ({
  ^bb0(%arg1: index, %arg2: index, %arg3: index):
    %c0 = arith.constant 0 : index
    %4 = "te.read"(%1, %arg1, %arg2, %arg3) : (tensor<8x64x128xf32>, index, index, index) -> f32
    %5 = "te.read"(%2, %arg1, %arg2, %c0) : (tensor<8x64x1xf32>, index, index, index) -> f32
    %6 = arith.divf %4, %5 : f32
    gpu.yield %6 : f32
  }) {name = "softmax", reduce_extents = array<i64>} : () -> tensor<8x64x128xf32>
  return %3 : tensor<8x64x128xf32>
}
func.func @bmm(%arg0: tensor<4x32x64xf32>, %arg1: tensor<4x64x32xf32>) -> tensor<4x32x32xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
    %1 = "te.read"(%arg0, %arg2, %arg3, %arg5) : (tensor<4x32x64xf32>, index, index, index) -> f32
    %2 = "te.read"(%arg1, %arg2, %arg5, %arg4) : (tensor<4x64x32xf32>, index, index, index) -> f32
    %3 = arith.mulf %1, %2 : f32
    gpu.yield %3 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "batch_matmul", reduce_extents = array<i64: 64>} : () -> tensor<4x32x32xf32>
  return %0 : tensor<4x32x32xf32>
}
func.func @injective(%arg0: tensor<1x32x28x28xf32>, %arg1: tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %1 = "te.read"(%arg0, %c0, %arg3, %arg4, %arg5) : (tensor<1x32x28x28xf32>, index, index, index, index) -> f32
    %2 = "te.read"(%arg1, %c0_0, %arg3, %arg4, %arg5) : (tensor<1x32x28x28xf32>, index, index, index, index) -> f32
    %3 = arith.addf %1, %2 : f32
    %cst = arith.constant 0.000000e+00 : f32
    %4 = arith.maximumf %3, %cst : f32
    gpu.yield %4 : f32
  }) {name = "relu", reduce_extents = array<i64>} : () -> tensor<1x32x28x28xf32>
  return %0 : tensor<1x32x28x28xf32>
}
func.func @tiny(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %1 = "te.read"(%arg0, %i, %j) : (tensor<8x8xf32>, index, index) -> f32
    gpu.yield %1 : f32
  }) {name = "tiny", reduce_extents = array<i64>} : () -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
