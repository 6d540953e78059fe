// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,tir-sink-init,canonicalize,cse)' 2>&1 | FileCheck %s

// A window reduction reordered [i, r, j] (the depthwise convolution's
// vector-row order): convert-te-to-tir hoists its init into a nest
// [i, j].init before the reduction. tir-sink-init moves the init's j loop
// back to the start of the reduction's i body: row i is zeroed right before
// it is reduced into, and no separate pass over the output remains.
// CHECK-LABEL: func.func @window
// CHECK-NOT: name = "i.init"
// CHECK: "tir.for"(%c0, %c4, %c1) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: "tir.for"(%c0, %c8, %c1) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: memref.store %cst, %[[W:.*]][%[[I]], %[[J]]]
// CHECK: name = "j.init"
// CHECK: name = "r"
// CHECK: te.compute = "win"
func.func @window(%x: tensor<4x10xf32>) -> tensor<4x8xf32> {
  %w = "te.compute"() ({
  ^bb0(%i: index, %j: index, %r: index):
    %p = arith.addi %j, %r : index
    %v = "te.read"(%x, %i, %p) : (tensor<4x10xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "win", reduce_extents = array<i64: 3>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "r"],
      schedule = [{prim = "reorder", order = ["i", "r", "j"]}]} : () -> tensor<4x8xf32>
  return %w : tensor<4x8xf32>
}

// A tensorized product in k blocks: its tiles accumulate through subviews
// of the product buffer whose offsets are i.0 * 4 and j.0 * 16, not the
// loop variables, so the init nest stays where it is.
// CHECK-LABEL: func.func @tiled
// CHECK: name = "i.0.init"
// CHECK: te.compute = "matmul"
func.func @tiled(%a: tensor<8x12xf32>, %b: tensor<12x32xf32>) -> tensor<8x32xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<8x12xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<12x32xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 12>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [{prim = "split", axis = "i", factors = array<i64: 4>},
                  {prim = "split", axis = "j", factors = array<i64: 16>},
                  {prim = "split", axis = "k", factors = array<i64: 4>},
                  {prim = "reorder", order = ["i.0", "j.0", "k.0", "i.1", "j.1", "k.1"]},
                  {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic}]} : () -> tensor<8x32xf32>
  return %c : tensor<8x32xf32>
}

// A tensorized product with an outer loop b that indexes the product
// exactly (the direct convolution's output rows, lowering/
// graph_to_te_conv_direct.c: [n, ob, oh] around the pixel tiles): the
// tiles' subviews of the product have offset b and size 1 along dimension
// 0, so the init's loops below b (matched by bounds down to i.0, but
// indexed i.0 * 4) move to the start of the product's b body: each slice
// is zeroed right before its tiles accumulate into it.
// CHECK-LABEL: func.func @tiled_rows
// CHECK-NOT: name = "b.init"
// CHECK: "tir.for"(%c0, %c3, %c1) ({
// CHECK-NEXT: ^bb0(%[[B:.*]]: index):
// CHECK-NEXT: "tir.for"
// CHECK: memref.store %cst, %{{.*}}[%[[B]],
// CHECK: name = "i.0.init"
// CHECK: hwi.call_tile
// CHECK: name = "b"
// CHECK-SAME: te.compute = "bmm"
func.func @tiled_rows(%a: tensor<3x8x12xf32>, %b: tensor<12x32xf32>) -> tensor<3x8x32xf32> {
  %c = "te.compute"() ({
  ^bb0(%n: index, %i: index, %j: index, %k: index):
    %x = "te.read"(%a, %n, %i, %k) : (tensor<3x8x12xf32>, index, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<12x32xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "bmm", reduce_extents = array<i64: 12>, combiner = "add", init = 0.0 : f32,
      axis_names = ["b", "i", "j", "k"],
      schedule = [{prim = "split", axis = "i", factors = array<i64: 4>},
                  {prim = "split", axis = "j", factors = array<i64: 16>},
                  {prim = "split", axis = "k", factors = array<i64: 4>},
                  {prim = "reorder", order = ["b", "i.0", "j.0", "k.0", "i.1", "j.1", "k.1"]},
                  {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic}]} : () -> tensor<3x8x32xf32>
  return %c : tensor<3x8x32xf32>
}
