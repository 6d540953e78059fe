// RUN: strata-opt %s --pass-pipeline='builtin.module(te-epilogue-view)' | FileCheck %s

// A conv's epilogue (bias, residual add, relu) reads the product [1, 4, 6]
// through its [1, 4, 2, 3] view: it is rewritten on the product's indices,
// the residual read through a collapse_shape of it, the bias read at the
// channel index, and the result expanded back by a copy of the view.
// CHECK-LABEL: func.func @conv_epilogue
// CHECK: %[[MM:.*]] = "te.compute"()
// CHECK: name = "mm"
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<1x4x2x3xf32> into tensor<1x4x6xf32>
// CHECK-NEXT: %[[E:.*]] = "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[N:.*]]: index, %[[O:.*]]: index, %[[P:.*]]: index):
// CHECK: %[[V:.*]] = "te.read"(%[[MM]], %[[N]], %[[O]], %[[P]]) : (tensor<1x4x6xf32>, index, index, index) -> f32
// CHECK-NEXT: %[[B:.*]] = "te.read"(%arg2, %[[O]]) : (tensor<4xf32>, index) -> f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[V]], %[[B]]
// CHECK-NEXT: %[[R:.*]] = "te.read"(%[[X]], %[[N]], %[[O]], %[[P]]) : (tensor<1x4x6xf32>, index, index, index) -> f32
// CHECK: name = "relu"{{.*}} : () -> tensor<1x4x6xf32>
// CHECK-NEXT: %[[OUT:.*]] = tensor.expand_shape %[[E]] {{\[}}[0], [1], [2, 3]] output_shape [1, 4, 2, 3] : tensor<1x4x6xf32> into tensor<1x4x2x3xf32>
// CHECK-NEXT: return %[[OUT]]
func.func @conv_epilogue(%x: tensor<1x4x2x3xf32>, %w: tensor<4x4xf32>, %bias: tensor<4xf32>) -> tensor<1x4x2x3xf32> {
  %col = tensor.collapse_shape %x [[0], [1], [2, 3]] : tensor<1x4x2x3xf32> into tensor<1x4x6xf32>
  %mm = "te.compute"() ({
  ^bb0(%n: index, %o: index, %p: index, %q: index):
    %a = "te.read"(%w, %o, %q) : (tensor<4x4xf32>, index, index) -> f32
    %b = "te.read"(%col, %n, %q, %p) : (tensor<1x4x6xf32>, index, index, index) -> f32
    %m = arith.mulf %a, %b : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<1x4x6xf32>
  %v = tensor.expand_shape %mm [[0], [1], [2, 3]] output_shape [1, 4, 2, 3] : tensor<1x4x6xf32> into tensor<1x4x2x3xf32>
  %e = "te.compute"() ({
  ^bb0(%n: index, %o: index, %h: index, %ww: index):
    %c0 = arith.constant 0 : index
    %y = "te.read"(%v, %c0, %o, %h, %ww) : (tensor<1x4x2x3xf32>, index, index, index, index) -> f32
    %bb = "te.read"(%bias, %o) : (tensor<4xf32>, index) -> f32
    %s = arith.addf %y, %bb : f32
    %r = "te.read"(%x, %c0, %o, %h, %ww) : (tensor<1x4x2x3xf32>, index, index, index, index) -> f32
    %t = arith.addf %s, %r : f32
    %z = arith.constant 0.0 : f32
    %u = arith.maximumf %t, %z : f32
    gpu.yield %u : f32
  }) {name = "relu", reduce_extents = array<i64>} : () -> tensor<1x4x2x3xf32>
  return %e : tensor<1x4x2x3xf32>
}

// An index of the collapsed group used another way (a read of a per-row
// tensor at h): left alone.
// CHECK-LABEL: func.func @row_broadcast
// CHECK: name = "rowadd"{{.*}} : () -> tensor<1x4x2x3xf32>
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @row_broadcast(%x: tensor<1x4x2x3xf32>, %w: tensor<4x4xf32>, %row: tensor<2xf32>) -> tensor<1x4x2x3xf32> {
  %col = tensor.collapse_shape %x [[0], [1], [2, 3]] : tensor<1x4x2x3xf32> into tensor<1x4x6xf32>
  %mm = "te.compute"() ({
  ^bb0(%n: index, %o: index, %p: index, %q: index):
    %a = "te.read"(%w, %o, %q) : (tensor<4x4xf32>, index, index) -> f32
    %b = "te.read"(%col, %n, %q, %p) : (tensor<1x4x6xf32>, index, index, index) -> f32
    %m = arith.mulf %a, %b : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<1x4x6xf32>
  %v = tensor.expand_shape %mm [[0], [1], [2, 3]] output_shape [1, 4, 2, 3] : tensor<1x4x6xf32> into tensor<1x4x2x3xf32>
  %e = "te.compute"() ({
  ^bb0(%n: index, %o: index, %h: index, %ww: index):
    %y = "te.read"(%v, %n, %o, %h, %ww) : (tensor<1x4x2x3xf32>, index, index, index, index) -> f32
    %rr = "te.read"(%row, %h) : (tensor<2xf32>, index) -> f32
    %s = arith.addf %y, %rr : f32
    gpu.yield %s : f32
  }) {name = "rowadd", reduce_extents = array<i64>} : () -> tensor<1x4x2x3xf32>
  return %e : tensor<1x4x2x3xf32>
}

// A product's rows [3, 5] viewed as [1, 3, 5] (a transformer projection):
// the group {0, 1} only puts a unit dim back, so the row index may be used
// any way (here a per-row statistic read at [0, s, 0]): rewritten on the
// product's indices, the statistic read at the new row index.
// CHECK-LABEL: func.func @unit_rows
// CHECK: %[[MM:.*]] = "te.compute"()
// CHECK: name = "mm"
// CHECK: %[[E:.*]] = "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[S:.*]]: index, %[[J:.*]]: index):
// CHECK: "te.read"(%[[MM]], %[[S]], %[[J]]) : (tensor<3x5xf32>, index, index) -> f32
// CHECK: "te.read"(%arg1, %{{.*}}, %[[S]], %{{.*}}) : (tensor<1x3x1xf32>, index, index, index) -> f32
// CHECK: name = "sub"{{.*}} : () -> tensor<3x5xf32>
// CHECK-NEXT: tensor.expand_shape %[[E]] {{\[}}[0, 1], [2]] output_shape [1, 3, 5]
func.func @unit_rows(%w: tensor<3x4xf32>, %stat: tensor<1x3x1xf32>) -> tensor<1x3x5xf32> {
  %x = arith.constant dense<1.0> : tensor<4x5xf32>
  %mm = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %a = "te.read"(%w, %i, %k) : (tensor<3x4xf32>, index, index) -> f32
    %b = "te.read"(%x, %k, %j) : (tensor<4x5xf32>, index, index) -> f32
    %m = arith.mulf %a, %b : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<3x5xf32>
  %v = tensor.expand_shape %mm [[0, 1], [2]] output_shape [1, 3, 5] : tensor<3x5xf32> into tensor<1x3x5xf32>
  %e = "te.compute"() ({
  ^bb0(%u: index, %s: index, %j: index):
    %c0 = arith.constant 0 : index
    %y = "te.read"(%v, %c0, %s, %j) : (tensor<1x3x5xf32>, index, index, index) -> f32
    %st = "te.read"(%stat, %c0, %s, %c0) : (tensor<1x3x1xf32>, index, index, index) -> f32
    %d = arith.subf %y, %st : f32
    gpu.yield %d : f32
  }) {name = "sub", reduce_extents = array<i64>} : () -> tensor<1x3x5xf32>
  return %e : tensor<1x3x5xf32>
}

// A compute of another shape reading such a unit-dims view (the FFN's
// GELU inlined into the next product's rows [3, 5]) is not an epilogue of
// the view's shape, but its read goes through the view to the product:
// it then reads the product at its own indices.
// CHECK-LABEL: func.func @read_through_unit_view
// CHECK: %[[MM:.*]] = "te.compute"()
// CHECK: name = "mm"
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK: "te.read"(%[[MM]], %[[I]], %[[J]]) : (tensor<3x5xf32>, index, index) -> f32
// CHECK: name = "rows"
func.func @read_through_unit_view(%w: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %x = arith.constant dense<1.0> : tensor<4x5xf32>
  %mm = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %a = "te.read"(%w, %i, %k) : (tensor<3x4xf32>, index, index) -> f32
    %b = "te.read"(%x, %k, %j) : (tensor<4x5xf32>, index, index) -> f32
    %m = arith.mulf %a, %b : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<3x5xf32>
  %v = tensor.expand_shape %mm [[0, 1], [2]] output_shape [1, 3, 5] : tensor<3x5xf32> into tensor<1x3x5xf32>
  %e = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %c0 = arith.constant 0 : index
    %y = "te.read"(%v, %c0, %i, %j) : (tensor<1x3x5xf32>, index, index, index) -> f32
    %z = math.erf %y : f32
    gpu.yield %z : f32
  }) {name = "rows", reduce_extents = array<i64>} : () -> tensor<3x5xf32>
  return %e : tensor<3x5xf32>
}
