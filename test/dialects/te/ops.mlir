// Round trip of every te op (generic form: IRDL ops print generically), through
// strata-opt (IRDL + C checks), twice, and through upstream mlir-opt with the
// IRDL definitions alone.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: mlir-opt-22 --irdl-file=%irdl %s | FileCheck %s

// A matmul: two spatial axes, one reduce axis, named axes and a schedule
// trace that uses every primitive with fixed decisions and knobs.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[C:.*]] = "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: %[[X:.*]] = "te.read"(%arg0, %[[I]], %[[K]]) : (tensor<64x32xf32>, index, index) -> f32
// CHECK-NEXT: %[[Y:.*]] = "te.read"(%arg1, %[[K]], %[[J]]) : (tensor<32x128xf32>, index, index) -> f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: gpu.yield %[[M]] : f32
// CHECK-NEXT: }) {axis_names = ["i", "j", "k"], combiner = "add", init = 0.000000e+00 : f32, name = "matmul", reduce_extents = array<i64: 32>
// CHECK-SAME: schedule = [{axis = "i", factors = {choices = [array<i64: 4>, array<i64: 8>], knob = "tile_i"}, prim = "split"}
// CHECK-SAME: {axis = "j", factors = {knob = "tile_j", parts = 3 : i64}, prim = "split"}
// CHECK-SAME: {axis = "k", factors = array<i64: 4>, prim = "split"}
// CHECK-SAME: {order = ["i.0", "j.0", "k.0", "i.1", "k.1", "j.1", "j.2"], prim = "reorder"}
// CHECK-SAME: {axes = ["i.0", "j.0"], prim = "fuse"}
// CHECK-SAME: {axis = "i.0+j.0", prim = "parallel"}
// CHECK-SAME: {axis = "j.2", prim = "vectorize"}
// CHECK-SAME: {axis = "k.1", factor = {choices = [1, 2, 4], knob = "unroll_k"}, prim = "unroll"}
// CHECK-SAME: {axis = "j.0", input = 1 : i64, prim = "cache_read", scope = "packed"}
// CHECK-SAME: {prim = "cache_write", scope = "local"}
// CHECK-SAME: {axis = "i.1", intrinsic = @fma_4x64_avx512, prim = "tensorize"}]
// CHECK-SAME: : () -> tensor<64x128xf32>
func.func @matmul(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x32xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<32x128xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 32>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "split", axis = "i", factors = {knob = "tile_i", choices = [array<i64: 4>, array<i64: 8>]}},
        {prim = "split", axis = "j", factors = {knob = "tile_j", parts = 3}},
        {prim = "split", axis = "k", factors = array<i64: 4>},
        {prim = "reorder", order = ["i.0", "j.0", "k.0", "i.1", "k.1", "j.1", "j.2"]},
        {prim = "fuse", axes = ["i.0", "j.0"]},
        {prim = "parallel", axis = "i.0+j.0"},
        {prim = "vectorize", axis = "j.2"},
        {prim = "unroll", axis = "k.1", factor = {knob = "unroll_k", choices = [1, 2, 4]}},
        {prim = "cache_read", input = 1, scope = "packed", axis = "j.0"},
        {prim = "cache_write", scope = "local"},
        {prim = "tensorize", axis = "i.1", intrinsic = @fma_4x64_avx512}
      ]} : () -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}

// An elementwise map with dynamic result dims (one dims operand each), and
// a consumer inlined / computed at the producer with tile and compute_at.
// CHECK-LABEL: func.func @relu_dynamic
// CHECK: "te.compute"(%arg1, %arg2) ({
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK: arith.maximumf
// CHECK: gpu.yield %{{.*}} : f32
// CHECK-NEXT: }) {name = "relu", reduce_extents = array<i64>, schedule = [{prim = "compute_inline"}]} : (index, index) -> tensor<?x?xf32>
// CHECK: "te.compute"(%arg1) ({
// CHECK: }) {name = "scale", reduce_extents = array<i64>, schedule = [{axes = ["d0", "d1"], factors = array<i64: 8, 16>, prim = "tile"}, {axis = {choices = ["d0.0", "d1.0"], knob = "at"}, prim = "compute_at", target = "relu"}]} : (index) -> tensor<?x16xf32>
func.func @relu_dynamic(%a: tensor<?x?xf32>, %m: index, %n: index) -> (tensor<?x?xf32>, tensor<?x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %r = "te.compute"(%m, %n) ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<?x?xf32>, index, index) -> f32
    %y = arith.maximumf %x, %zero : f32
    gpu.yield %y : f32
  }) {name = "relu", reduce_extents = array<i64>, schedule = [{prim = "compute_inline"}]} : (index, index) -> tensor<?x?xf32>
  %s = "te.compute"(%m) ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<?x?xf32>, index, index) -> f32
    %y = arith.addf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "scale", reduce_extents = array<i64>,
      schedule = [{prim = "tile", axes = ["d0", "d1"], factors = array<i64: 8, 16>},
                  {prim = "compute_at", target = "relu", axis = {knob = "at", choices = ["d0.0", "d1.0"]}}]} : (index) -> tensor<?x16xf32>
  return %r, %s : tensor<?x?xf32>, tensor<?x16xf32>
}

// A row max with a dynamic reduce extent (-1: its size is the last dims
// operand) and an integer sum with a static one.
// CHECK-LABEL: func.func @reductions
// CHECK: "te.compute"(%arg2) ({
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK: }) {combiner = "max", init = 0xFF800000 : f32, name = "rowmax", reduce_extents = array<i64: -1>} : (index) -> tensor<8xf32>
// CHECK: "te.compute"() ({
// CHECK: }) {combiner = "add", init = 0 : i32, name = "isum", reduce_extents = array<i64: 4, 2>} : () -> tensor<3xi32>
func.func @reductions(%a: tensor<8x?xf32>, %b: tensor<3x4x2xi32>, %k: index) -> (tensor<8xf32>, tensor<3xi32>) {
  %r = "te.compute"(%k) ({
  ^bb0(%i: index, %r0: index):
    %x = "te.read"(%a, %i, %r0) : (tensor<8x?xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "rowmax", reduce_extents = array<i64: -1>, combiner = "max", init = 0xFF800000 : f32} : (index) -> tensor<8xf32>
  %s = "te.compute"() ({
  ^bb0(%i: index, %r0: index, %r1: index):
    %x = "te.read"(%b, %i, %r0, %r1) : (tensor<3x4x2xi32>, index, index, index) -> i32
    gpu.yield %x : i32
  }) {name = "isum", reduce_extents = array<i64: 4, 2>, combiner = "add", init = 0 : i32} : () -> tensor<3xi32>
  return %r, %s : tensor<8xf32>, tensor<3xi32>
}
