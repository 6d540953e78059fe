// te-sketch's "direct" sketch (passes/te/te_sketch_direct.c): a direct
// convolution's template (split the row by the tile's rows, reorder,
// tensorize, parallel; lowering/graph_to_te_conv_direct.c) with an
// epilogue gets its own decisions as knobs, tensorized, so the epilogue
// stays fused into the register tiles: the tile (avx512f tiles with the
// template's 64 columns: 4x64, 6x64), the input-channel block (all 64, 32,
// 16), where the reduce loops run (the template's place, outside the row,
// outside the channel block), the parallel loop (the template's d1 or d2)
// and unrolling the taps. Its epilogue gets no sketch.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-sketch{target=avx512f})' | FileCheck %s
// A template with an input-channel block keeps it as the first choice, and
// its reduce loops' place comes first.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-sketch{target=avx512f})' | FileCheck %s --check-prefix=BLOCKED
// On a graph convolution (this host's tiles): strata-tune measures the
// sketch's candidates (random search, a fixed seed) without errors, and
// the same seed measures the same candidates in the same order.
// RUN: rm -f %t.a.db* %t.b.db*
// RUN: strata-tune tune %S/Inputs/direct-conv.mlir --db %t.a.db --trials 8 --round 8 --strategy random --seed 5 --threads 1 --repeats 1 --validate 0 --model-repeat 0 --target strata-test | FileCheck %s --check-prefix=TUNE
// RUN: strata-tune tune %S/Inputs/direct-conv.mlir --db %t.b.db --trials 8 --round 8 --strategy random --seed 5 --threads 1 --repeats 1 --validate 0 --model-repeat 0 --target strata-test > /dev/null
// RUN: strata-tune export %t.a.db | grep direct.tile | sed -e 's/.*"decisions":\({[^}]*}\).*/\1/' > %t.a.txt
// RUN: strata-tune export %t.b.db | grep direct.tile | sed -e 's/.*"decisions":\({[^}]*}\).*/\1/' > %t.b.txt
// RUN: diff %t.a.txt %t.b.txt
// RUN: FileCheck %s --check-prefix=TRACES < %t.a.txt

// CHECK-LABEL: func.func @conv
// CHECK: name = "conv_direct"
// CHECK-SAME: schedule = [{axis = "d3", factors = array<i64: 4>, prim = "split"}
// CHECK-SAME: sketches = [{name = "direct", steps = [
// CHECK-SAME: {axis = "d3", factors = {choices = [array<i64: 4>, array<i64: 6>], knob = "direct.tile"}, prim = "split"}
// CHECK-SAME: {axis = "r2", factors = {choices = [array<i64: 64>, array<i64: 32>, array<i64: 16>], knob = "direct.icb"}, prim = "split"}
// CHECK-SAME: {order = {choices = {{\[}}
// CHECK-SAME: ["d0", "d1", "d2", "d3.0", "r2.0", "r0", "r1", "d3.1", "d4", "r2.1"]
// CHECK-SAME: ["d0", "d1", "d2", "r2.0", "r0", "r1", "d3.0", "d3.1", "d4", "r2.1"]
// CHECK-SAME: ["d0", "d1", "r2.0", "r0", "r1", "d2", "d3.0", "d3.1", "d4", "r2.1"]
// CHECK-SAME: knob = "direct.order"}, prim = "reorder"}
// CHECK-SAME: {axis = "d3.1", intrinsic = {choices = [@fma_f32_4x64_avx512f, @fma_f32_6x64_avx512f], knob = "direct.tile"}, prim = "tensorize"}
// CHECK-SAME: {axis = "d1", enabled = {choices = [true, false], knob = "direct.parallel"}, prim = "parallel"}
// CHECK-SAME: {axis = "d2", enabled = {choices = [false, true], knob = "direct.parallel"}, prim = "parallel"}
// CHECK-SAME: {axis = "r1", enabled = {choices = [false, true], knob = "direct.unroll"}, prim = "unroll"}]}]
// CHECK: name = "conv_nchw"
// CHECK-NOT: sketches
// CHECK: return

// BLOCKED-LABEL: func.func @blocked
// BLOCKED: sketches = [{name = "direct", steps = [
// BLOCKED-SAME: {axis = "r2", factors = {choices = [array<i64: 32>, array<i64: 64>, array<i64: 16>], knob = "direct.icb"}, prim = "split"}
// BLOCKED-SAME: {order = {choices = {{\[}}["d0", "d1", "r2.0", "r0", "r1", "d2", "d3.0", "d3.1", "d4", "r2.1"], ["d0", "d1", "d2", "d3.0", "r2.0", "r0", "r1", "d3.1", "d4", "r2.1"], ["d0", "d1", "d2", "r2.0", "r0", "r1", "d3.0", "d3.1", "d4", "r2.1"]], knob = "direct.order"}

// TUNE: kernel {{[0-9]+}}: conv2d_direct
// TUNE: conv2d_direct {{.*}} f32 1 {{[0-9]+}} 0 
// TRACES: "sketch":"default","direct.tile"
// TRACES: "sketch":"direct","direct.tile"

func.func @conv(%xp: tensor<1x10x1x10x64xf32>, %wp: tensor<2x3x3x64x64xf32>) -> tensor<1x128x8x8xf32> {
  %cv = "te.compute"() ({
  ^bb0(%n: index, %ob: index, %oh: index, %ow: index, %oi: index, %kh: index, %kw: index, %c: index):
    %h = arith.addi %oh, %kh : index
    %w = arith.addi %ow, %kw : index
    %z = arith.constant 0 : index
    %x = "te.read"(%xp, %n, %h, %z, %w, %c) : (tensor<1x10x1x10x64xf32>, index, index, index, index, index) -> f32
    %k = "te.read"(%wp, %ob, %kh, %kw, %c, %oi) : (tensor<2x3x3x64x64xf32>, index, index, index, index, index) -> f32
    %m = arith.mulf %x, %k : f32
    gpu.yield %m : f32
  }) {name = "conv_direct", reduce_extents = array<i64: 3, 3, 64>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d3", factors = array<i64: 4>},
                  {prim = "reorder", order = ["d0", "d1", "d2", "d3.0", "r0", "r1", "d3.1", "d4", "r2"]},
                  {prim = "tensorize", axis = "d3.1", intrinsic = @fma_f32_4x64_avx512f},
                  {prim = "parallel", axis = "d1"}]} : () -> tensor<1x2x8x8x64xf32>
  %out = "te.compute"() ({
  ^bb0(%n: index, %o: index, %oh: index, %ow: index):
    %c64 = arith.constant 64 : index
    %ob = arith.divui %o, %c64 : index
    %oi = arith.remui %o, %c64 : index
    %v = "te.read"(%cv, %n, %ob, %oh, %ow, %oi) : (tensor<1x2x8x8x64xf32>, index, index, index, index, index) -> f32
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %v, %zero : f32
    gpu.yield %r : f32
  }) {name = "conv_nchw", reduce_extents = array<i64>} : () -> tensor<1x128x8x8xf32>
  return %out : tensor<1x128x8x8xf32>
}

func.func @blocked(%xp: tensor<1x10x1x10x64xf32>, %wp: tensor<2x3x3x64x64xf32>) -> tensor<1x128x8x8xf32> {
  %cv = "te.compute"() ({
  ^bb0(%n: index, %ob: index, %oh: index, %ow: index, %oi: index, %kh: index, %kw: index, %c: index):
    %h = arith.addi %oh, %kh : index
    %w = arith.addi %ow, %kw : index
    %z = arith.constant 0 : index
    %x = "te.read"(%xp, %n, %h, %z, %w, %c) : (tensor<1x10x1x10x64xf32>, index, index, index, index, index) -> f32
    %k = "te.read"(%wp, %ob, %kh, %kw, %c, %oi) : (tensor<2x3x3x64x64xf32>, index, index, index, index, index) -> f32
    %m = arith.mulf %x, %k : f32
    gpu.yield %m : f32
  }) {name = "conv_direct", reduce_extents = array<i64: 3, 3, 64>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d3", factors = array<i64: 4>},
                  {prim = "split", axis = "r2", factors = array<i64: 32>},
                  {prim = "reorder", order = ["d0", "d1", "r2.0", "r0", "r1", "d2", "d3.0", "d3.1", "d4", "r2.1"]},
                  {prim = "tensorize", axis = "d3.1", intrinsic = @fma_f32_4x64_avx512f},
                  {prim = "parallel", axis = "d1"}]} : () -> tensor<1x2x8x8x64xf32>
  %out = "te.compute"() ({
  ^bb0(%n: index, %o: index, %oh: index, %ow: index):
    %c64 = arith.constant 64 : index
    %ob = arith.divui %o, %c64 : index
    %oi = arith.remui %o, %c64 : index
    %v = "te.read"(%cv, %n, %ob, %oh, %ow, %oi) : (tensor<1x2x8x8x64xf32>, index, index, index, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "conv_nchw", reduce_extents = array<i64>} : () -> tensor<1x128x8x8xf32>
  return %out : tensor<1x128x8x8xf32>
}
