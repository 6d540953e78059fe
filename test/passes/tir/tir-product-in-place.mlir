// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,tir-product-in-place,canonicalize,cse)' 2>&1 | FileCheck %s

// A tensorized 10x40x12 matmul whose whole k (12) is inside the 4x16 tile,
// with a bias + relu epilogue fused into its tiles: the zero-fill nest and
// the product buffer go; each tile overwrites its subview of the result
// (%arg3), which the epilogue then rewrites in place.
// CHECK-LABEL: func.func @whole_k
// CHECK-NOT: tir.alloc_buffer
// CHECK-NOT: name = "{{.*}}.init"
// CHECK: %[[C:.*]] = memref.subview %arg3[%[[I0:.*]], %[[J0:.*]]] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK-NEXT: "hwi.call_tile"(%{{.*}}, %{{.*}}, %[[C]]) {intrinsic = @fma_f32_4x16_generic, overwrite}
// CHECK: %[[V:.*]] = memref.load %arg3[%[[I:.*]], %[[J:.*]]]
// CHECK: memref.store %{{.*}}, %arg3[%[[I]], %[[J]]]
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @whole_k(%a: tensor<10x12xf32>, %b: tensor<12x40xf32>, %bias: tensor<40xf32>) -> tensor<10x40xf32> {
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
                  {prim = "reorder", order = ["i.0", "j.0", "i.1", "j.1", "k"]},
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

// k split in blocks of 4 (k.0 has 3 iterations around the tile): every
// tile adds to C, so the zero-fill and the product buffer stay.
// CHECK-LABEL: func.func @k_blocks
// CHECK: %[[P:.*]] = "tir.alloc_buffer"()
// CHECK: name = "i.0.init"
// CHECK: "hwi.call_tile"(%{{.*}}, %{{.*}}, %{{.*}}) {intrinsic = @fma_f32_4x16_generic} :
// CHECK: memref.dealloc %[[P]]
func.func @k_blocks(%a: tensor<10x12xf32>, %b: tensor<12x40xf32>) -> tensor<10x40xf32> {
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
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %v, %z : f32
    gpu.yield %m : f32
  }) {name = "relu", reduce_extents = array<i64>, axis_names = ["i", "j"]} : () -> tensor<10x40xf32>
  return %r : tensor<10x40xf32>
}

// The consumer reads the product transposed, so it stays a nest of its own:
// the tiles still overwrite (no zero-fill), but into the product buffer,
// which the transpose then reads.
// CHECK-LABEL: func.func @transposed
// CHECK: %[[P:.*]] = "tir.alloc_buffer"()
// CHECK-NOT: name = "{{.*}}.init"
// CHECK: "hwi.call_tile"(%{{.*}}, %{{.*}}, %{{.*}}) {intrinsic = @fma_f32_4x16_generic, overwrite}
// CHECK: memref.load %[[P]]
// CHECK: te.compute = "tr"
// CHECK: memref.dealloc %[[P]]
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
    %z = arith.constant 1.0 : f32
    %s = arith.addf %v, %z : f32
    gpu.yield %s : f32
  }) {name = "tr", reduce_extents = array<i64>, axis_names = ["j", "i"]} : () -> tensor<16x8xf32>
  return %t : tensor<16x8xf32>
}

// A product read by a second tensorized product (a chain of two matmuls,
// as a pointwise convolution feeding the next): the second product reads
// the first one's buffer through subviews, after the first product's nest.
// The first product's tiles still overwrite (no zero-fill: every element is
// written before the second nest reads it), and its buffer stays, as the
// second product reads X itself. (The second product accumulates into the
// function's result, not a buffer of its own: its zero-fill stays.)
// CHECK-LABEL: func.func @chain
// CHECK: %[[X:.*]] = "tir.alloc_buffer"()
// CHECK-NOT: name = "i.0.init"
// CHECK: %[[C:.*]] = memref.subview %[[X]]
// CHECK-NEXT: "hwi.call_tile"(%{{.*}}, %{{.*}}, %[[C]]) {intrinsic = @fma_f32_4x16_generic, overwrite}
// CHECK: %[[A2:.*]] = memref.subview %[[X]]
// CHECK-NEXT: memref.subview
// CHECK-NEXT: memref.subview
// CHECK-NEXT: "hwi.call_tile"(%[[A2]], %{{.*}}, %{{.*}}) {intrinsic = @fma_f32_4x16_generic} :
// CHECK: memref.dealloc %[[X]]
func.func @chain(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %d: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<8x12xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<12x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm1", reduce_extents = array<i64: 12>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [{prim = "split", axis = "i", factors = array<i64: 4>},
                  {prim = "split", axis = "j", factors = array<i64: 16>},
                  {prim = "reorder", order = ["i.0", "j.0", "i.1", "j.1", "k"]},
                  {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic}]} : () -> tensor<8x16xf32>
  %e = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%c, %i, %k) : (tensor<8x16xf32>, index, index) -> f32
    %y = "te.read"(%d, %k, %j) : (tensor<16x32xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm2", reduce_extents = array<i64: 16>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"],
      schedule = [{prim = "split", axis = "i", factors = array<i64: 4>},
                  {prim = "split", axis = "j", factors = array<i64: 16>},
                  {prim = "reorder", order = ["i.0", "j.0", "i.1", "j.1", "k"]},
                  {prim = "tensorize", axis = "i.1", intrinsic = @fma_f32_4x16_generic}]} : () -> tensor<8x32xf32>
  return %e : tensor<8x32xf32>
}
