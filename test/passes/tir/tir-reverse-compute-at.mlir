// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,tir-reverse-compute-at{compute=relu target=matmul loop=k.0},canonicalize,cse)' 2>&1 | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,canonicalize,cse)' 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: not strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,tir-reverse-compute-at{compute=relu target=matmul loop=j.0})' 2>&1 | FileCheck %s --check-prefix=NOTILE

// The epilogue (bias + relu) of a tensorized 10x40x12 matmul whose k is
// split in blocks of 4 (k.0, around the 4x16 tile): it moves to the end of
// k.0's body, over the tile's subview (rows [i0, i0 + m), columns
// [j0, j0 + n)), under a guard that runs it only in k.0's last iteration
// (extent k.0 + 2 - 3), when the tile holds its final sums.
// CHECK-LABEL: func.func @mm_relu
// CHECK: %[[P:.*]] = "tir.alloc_buffer"() {scope = "global"} : () -> memref<10x40xf32>
// CHECK: %[[C:.*]] = memref.subview %[[P]][%[[I0:.*]], %[[J0:.*]]] [%[[M:.*]], %[[N:.*]]] [1, 1]
// CHECK-NEXT: "hwi.call_tile"(%{{.*}}, %{{.*}}, %[[C]]) {intrinsic = @fma_f32_4x16_generic}
// CHECK-NEXT: %[[G:.*]] = arith.addi %[[K0:.*]], %c-1 : index
// CHECK-NEXT: "tir.for"(%c0, %[[G]], %c1) ({
// CHECK: "tir.for"(%c0, %[[M]], %c1) ({
// CHECK-NEXT: ^bb0(%[[TI:.*]]: index):
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[I0]], %[[TI]] : index
// CHECK-NEXT: "tir.for"(%c0, %[[N]], %c1) ({
// CHECK-NEXT: ^bb0(%[[TJ:.*]]: index):
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[J0]], %[[TJ]] : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[P]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[B:.*]] = memref.load %arg2[%[[J]]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[V]], %[[B]]
// CHECK-NEXT: %[[R:.*]] = arith.maximumf %[[S]], %cst
// CHECK-NEXT: memref.store %[[R]], %arg3[%[[I]], %[[J]]]
// CHECK: {kind = "vectorized", name = "relu.j"}
// CHECK: {kind = "serial", name = "relu.i"}
// CHECK: {kind = "serial", name = "k.0.last"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "k.0"}
// CHECK-NOT: te.compute = "relu"
// CHECK: return
// tir-fuse-epilogue makes the same choice: the loop holding the call.
// AUTO-LABEL: func.func @mm_relu
// AUTO: "hwi.call_tile"
// AUTO: name = "relu.j"
// AUTO: name = "k.0.last"
// AUTO-NOT: te.compute = "relu"
// NOTILE: error: 'tir.for' op cannot compute 'relu' at 'j.0' of compute 'matmul': the tile is not directly in loop 'j.0' (its region would be unknown at the end of the loop's body)
func.func @mm_relu(%a: tensor<10x12xf32>, %b: tensor<12x40xf32>, %bias: tensor<40xf32>) -> tensor<10x40xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<10x12xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<12x40xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 12>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [{prim = "split", axis = "i", factors = array<i64: 4>},
                  {prim = "split", axis = "j", factors = array<i64: 16>},
                  {prim = "split", axis = "k", factors = array<i64: 4>},
                  {prim = "reorder", order = ["i.0", "j.0", "k.0", "i.1", "j.1", "k.1"]},
                  {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic}]} : () -> tensor<10x40xf32>
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%c, %i, %j) : (tensor<10x40xf32>, index, index) -> f32
    %w = "te.read"(%bias, %j) : (tensor<40xf32>, index) -> f32
    %s = arith.addf %v, %w : f32
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %s, %z : f32
    gpu.yield %m : f32
  }) {name = "relu", reduce_extents = array<i64>, axis_names = ["i", "j"]} : () -> tensor<10x40xf32>
  return %r : tensor<10x40xf32>
}


// An untensorized window reduction (a depthwise convolution's shape): the
// one store inside row loop `i` writes win[i, 0..8) (j is a dense range,
// the reduction loop r sits above it), so the clip runs per row at the end
// of i's body, over a constant range; no guard (the store depends on i).
// AUTO-LABEL: func.func @window_clip
// AUTO: "tir.for"(%c0, %c4, %c1) ({
// AUTO-NEXT: ^bb0(%[[I:.*]]: index):
// AUTO: name = "r"
// AUTO-NEXT: "tir.for"(%c0, %c8, %c1) ({
// AUTO-NEXT: ^bb0(%[[J:.*]]: index):
// AUTO-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]]
// AUTO: memref.store %{{.*}}, %arg1[%[[I]], %[[J]]]
// AUTO-NEXT: gpu.yield
// AUTO-NEXT: }) {kind = "vectorized", name = "clip.j"}
// AUTO-NEXT: gpu.yield
// AUTO-NEXT: }) {kind = "serial", name = "i", te.compute = "win"}
// AUTO-NOT: te.compute = "clip"
func.func @window_clip(%x: tensor<4x10xf32>) -> tensor<4x8xf32> {
  %w = "te.compute"() ({
  ^bb0(%i: index, %j: index, %r: index):
    %p = arith.addi %j, %r : index
    %v = "te.read"(%x, %i, %p) : (tensor<4x10xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "win", reduce_extents = array<i64: 3>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "r"],
      schedule = [{prim = "reorder", order = ["i", "r", "j"]}]} : () -> tensor<4x8xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%w, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %lo = arith.constant 0.0 : f32
    %hi = arith.constant 6.0 : f32
    %a = arith.maximumf %v, %lo : f32
    %b = arith.minimumf %a, %hi : f32
    gpu.yield %b : f32
  }) {name = "clip", reduce_extents = array<i64>, axis_names = ["i", "j"]} : () -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}


// Not elementwise on the product: the consumer reads it transposed. It
// stays a nest of its own (tir-fuse-epilogue says nothing).
// AUTO-LABEL: func.func @transposed
// AUTO: te.compute = "tr"
func.func @transposed(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>) -> tensor<16x8xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<8x4xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<4x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [{prim = "split", axis = "i", factors = array<i64: 4>},
                  {prim = "split", axis = "j", factors = array<i64: 16>},
                  {prim = "reorder", order = ["i.0", "j.0", "i.1", "j.1", "k"]},
                  {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic}]} : () -> tensor<8x16xf32>
  %t = "te.compute"() ({
  ^bb0(%j: index, %i: index):
    %v = "te.read"(%c, %i, %j) : (tensor<8x16xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "tr", reduce_extents = array<i64>, axis_names = ["j", "i"]} : () -> tensor<16x8xf32>
  return %t : tensor<16x8xf32>
}
