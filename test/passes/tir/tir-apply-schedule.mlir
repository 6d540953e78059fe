// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule)' | FileCheck %s

// A matmul trace: tile i, j by 8, 16 (37 and 53 are not multiples: min
// bounds), move k between the outer and inner tiles (the init store is
// hoisted into its own nest, loops ".init"), fuse the outer tiles and run
// them in parallel, vectorize j.1 (and its init loop j.1.init), unroll k
// by 4 (remainder loop k.tail);
// te.schedule is removed, te.compute stays on the root.
// CHECK-LABEL: func.func @matmul
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : index
// CHECK-DAG: %[[C28:.*]] = arith.constant 28 : index
// CHECK-DAG: %[[C29:.*]] = arith.constant 29 : index
// CHECK: "tir.for"(%{{[^,]*}}, %[[C20]], %{{[^,]*}}) ({
// CHECK-NEXT: ^bb0(%[[F:.*]]: index):
// CHECK-NEXT: %[[J0:.*]] = arith.remui %[[F]], %[[C4]] : index
// CHECK-NEXT: %[[I0:.*]] = arith.divui %[[F]], %[[C4]] : index
// CHECK: %[[UBI:.*]] = arith.minsi
// CHECK: %[[UBJ:.*]] = arith.minsi
// CHECK-NEXT: "tir.for"(%{{[^,]*}}, %[[UBI]], %{{[^,]*}}) ({
// CHECK: "tir.for"(%{{[^,]*}}, %[[UBJ]], %{{[^,]*}}) ({
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<37x53xf32>
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "vectorized", name = "j.1.init"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "i.1.init"}
// CHECK-NEXT: "tir.for"
// CHECK-NEXT: ^bb0(%[[K:.*]]: index):
// CHECK-NEXT: %[[K0:.*]] = arith.muli %[[K]], %[[C4]] : index
// CHECK-NEXT: "tir.for"(%{{[^,]*}}, %[[UBI]], %{{[^,]*}}) ({
// CHECK: }) {kind = "vectorized", name = "j.1"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "i.1"}
// CHECK-NEXT: %[[K1:.*]] = arith.addi %[[K0]], %{{.*}} : index
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[K1]]] : memref<37x29xf32>
// CHECK: }) {kind = "serial", name = "k", unroll_factor = 4 : i64}
// CHECK-NEXT: "tir.for"(%[[C28]], %[[C29]], %{{[^,]*}}) ({
// CHECK: }) {kind = "serial", name = "k.tail"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "parallel", name = "i.0+j.0", te.compute = "matmul"} :
// CHECK-NEXT: return
func.func @matmul(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<29x53xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 29>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [
        {prim = "tile", axes = ["i", "j"], factors = array<i64: 8, 16>},
        {prim = "reorder", order = ["k", "i.1", "j.1"]},
        {prim = "fuse", axes = ["i.0", "j.0"]},
        {prim = "parallel", axis = "i.0+j.0"},
        {prim = "vectorize", axis = "j.1"},
        {prim = "unroll", axis = "k", factor = 4}
      ]} : () -> tensor<37x53xf32>
  return %c : tensor<37x53xf32>
}

// A step with `enabled = false` is skipped (an optional step, e.g. packing
// when the tuner's "pack" knob says no); `enabled = true` applies it.
// CHECK-LABEL: func.func @optional_steps
// CHECK-NOT: "tir.alloc_buffer"
// CHECK: }) {kind = "serial", name = "d1.1"}
// CHECK: }) {kind = "parallel", name = "d1.0"
func.func @optional_steps(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x16xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>,
      schedule = [
        {prim = "split", axis = "d1", factors = array<i64: 4>, enabled = true},
        {prim = "cache_read", input = 0, scope = "packed", width = 4, enabled = false},
        {prim = "reorder", order = ["d1.0", "d0", "d1.1"]},
        {prim = "vectorize", axis = "d1.1", enabled = false},
        {prim = "parallel", axis = "d1.0"}
      ]} : () -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
