// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir)' | FileCheck %s
// The output lowers on to the llvm dialect (tir -> scf -> upstream passes).
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: llvm.func @map2d
// LLVM-LABEL: llvm.func @_mlir_ciface_map2d
// LLVM-NOT: tir.
// LLVM-NOT: te.read

// Constants become private constant globals at module level (placed before
// the function that uses them; equal constants share one global).
// CHECK: memref.global "private" constant @__constant_0 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>

// An elementwise map: one serial tir.for per spatial axis (default names
// d0, d1), written in place into the destination argument.
// CHECK-LABEL: func.func @map2d
// CHECK-SAME: (%[[A:.*]]: memref<8x16xf32>, %[[OUT:.*]]: memref<8x16xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: "tir.for"(%[[C0]], %[[C8]], %[[C1]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: "tir.for"(%[[C0]], %[[C16]], %[[C1]]) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]] : memref<8x16xf32>
// CHECK-NEXT: %[[Y:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT: memref.store %[[Y]], %[[OUT]][%[[I]], %[[J]]] : memref<8x16xf32>
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "d1"} : (index, index, index) -> ()
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "d0", te.compute = "exp"} : (index, index, index) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @map2d(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x16xf32>, index, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "exp", reduce_extents = array<i64>} : () -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// A matmul: init stored before the reduce loop, then load-add-store inside
// it; axis names from axis_names.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8x2xf32>, %[[C:.*]]: memref<4x2xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: "tir.for"(%{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: "tir.for"(%{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: memref.store %[[ZERO]], %[[C]][%[[I]], %[[J]]] : memref<4x2xf32>
// CHECK-NEXT: "tir.for"(%{{.*}}, %[[C8]], %{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[K:.*]]: index):
// CHECK-NEXT: %[[X:.*]] = memref.load %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[B]][%[[K]], %[[J]]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[ACC:.*]] = memref.load %[[C]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[M]] : f32
// CHECK-NEXT: memref.store %[[S]], %[[C]][%[[I]], %[[J]]]
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "k"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "j"}
// CHECK-NEXT: gpu.yield
// CHECK-NEXT: }) {kind = "serial", name = "i", te.compute = "matmul"}
// CHECK-NEXT: return
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<8x2xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "matmul", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      axis_names = ["i", "j", "k"]} : () -> tensor<4x2xf32>
  return %c : tensor<4x2xf32>
}

// Max reductions (float: maximumf; integer: maxsi); a rank-0 result with
// only a reduce axis.
// CHECK-LABEL: func.func @rowmax
// CHECK-SAME: (%[[A:.*]]: memref<3x5xf32>, %[[B:.*]]: memref<7xi32>, %[[O1:.*]]: memref<3xf32>, %[[O2:.*]]: memref<i32>)
// CHECK: "tir.for"
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: memref.store %[[NEGINF]], %[[O1]][%{{.*}}] : memref<3xf32>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: }) {kind = "serial", name = "r0"}
// CHECK: }) {kind = "serial", name = "d0", te.compute = "rowmax"}
// CHECK: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: memref.store %[[MIN]], %[[O2]][] : memref<i32>
// CHECK-NEXT: "tir.for"
// CHECK: %[[ACC:.*]] = memref.load %[[O2]][] : memref<i32>
// CHECK-NEXT: %[[MX:.*]] = arith.maxsi %[[ACC]], %{{.*}} : i32
// CHECK-NEXT: memref.store %[[MX]], %[[O2]][] : memref<i32>
// CHECK: }) {kind = "serial", name = "r0", te.compute = "imax"}
func.func @rowmax(%a: tensor<3x5xf32>, %b: tensor<7xi32>) -> (tensor<3xf32>, tensor<i32>) {
  %r = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<3x5xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "rowmax", reduce_extents = array<i64: 5>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<3xf32>
  %s = "te.compute"() ({
  ^bb0(%k: index):
    %x = "te.read"(%b, %k) : (tensor<7xi32>, index) -> i32
    gpu.yield %x : i32
  }) {name = "imax", reduce_extents = array<i64: 7>, combiner = "max", init = -2147483648 : i32} : () -> tensor<i32>
  return %r, %s : tensor<3xf32>, tensor<i32>
}

// Broadcast: a 2-D input and a 1-D bias read at different indices.
// CHECK-LABEL: func.func @bias_add
// CHECK-SAME: (%[[X:.*]]: memref<4x6xf32>, %[[BIAS:.*]]: memref<6xf32>, %[[OUT:.*]]: memref<4x6xf32>)
// CHECK: ^bb0(%[[I:.*]]: index):
// CHECK: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[V:.*]] = memref.load %[[X]][%[[I]], %[[J]]] : memref<4x6xf32>
// CHECK-NEXT: %[[W:.*]] = memref.load %[[BIAS]][%[[J]]] : memref<6xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[V]], %[[W]] : f32
// CHECK-NEXT: memref.store %[[S]], %[[OUT]][%[[I]], %[[J]]]
func.func @bias_add(%x: tensor<4x6xf32>, %bias: tensor<6xf32>) -> tensor<4x6xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<4x6xf32>, index, index) -> f32
    %w = "te.read"(%bias, %j) : (tensor<6xf32>, index) -> f32
    %s = arith.addf %v, %w : f32
    gpu.yield %s : f32
  }) {name = "bias_add", reduce_extents = array<i64>} : () -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// A chain: the intermediate gets a global buffer, freed before the return;
// the last compute writes into the destination; a scalar captured from the
// function body stays where it is.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[T:.*]] = "tir.alloc_buffer"() {scope = "global"} : () -> memref<16xf32>
// CHECK: "tir.for"
// CHECK: memref.load %[[A]]
// CHECK: arith.maximumf %{{.*}}, %[[ZERO]] : f32
// CHECK: memref.store %{{.*}}, %[[T]][
// CHECK: te.compute = "relu"
// CHECK: "tir.for"
// CHECK: memref.load %[[T]]
// CHECK: memref.store %{{.*}}, %[[OUT]][
// CHECK: te.compute = "double"
// CHECK-NEXT: memref.dealloc %[[T]] : memref<16xf32>
// CHECK-NEXT: return
func.func @chain(%a: tensor<16xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %t = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<16xf32>, index) -> f32
    %y = arith.maximumf %x, %zero : f32
    gpu.yield %y : f32
  }) {name = "relu", reduce_extents = array<i64>} : () -> tensor<16xf32>
  %u = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%t, %i) : (tensor<16xf32>, index) -> f32
    %y = arith.addf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "double", reduce_extents = array<i64>} : () -> tensor<16xf32>
  return %u : tensor<16xf32>
}

// Returned arguments and values returned twice are copied; scalar results
// stay results.
// CHECK-LABEL: func.func @passthrough
// CHECK-SAME: (%[[A:.*]]: memref<2x3xf32>, %[[N:.*]]: index, %[[D0:.*]]: memref<2x3xf32>, %[[D1:.*]]: memref<2x3xf32>, %[[D2:.*]]: memref<2x3xf32>) -> index attributes {llvm.emit_c_interface}
// CHECK: memref.store %{{.*}}, %[[D1]][
// CHECK: te.compute = "neg"
// CHECK-NEXT: memref.copy %[[A]], %[[D0]] : memref<2x3xf32> to memref<2x3xf32>
// CHECK-NEXT: memref.copy %[[D1]], %[[D2]] : memref<2x3xf32> to memref<2x3xf32>
// CHECK-NEXT: return %[[N]] : index
func.func @passthrough(%a: tensor<2x3xf32>, %n: index) -> (tensor<2x3xf32>, tensor<2x3xf32>, index, tensor<2x3xf32>) {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<2x3xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<2x3xf32>
  return %a, %r, %n, %r : tensor<2x3xf32>, tensor<2x3xf32>, index, tensor<2x3xf32>
}

// A constant tensor read by a compute, and returned (copied from the global).
// CHECK-LABEL: func.func @weights
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>, %[[W:.*]]: memref<4xf32>)
// CHECK: %[[G:.*]] = memref.get_global @__constant_0 : memref<4xf32>
// CHECK: memref.load %[[G]][
// CHECK: memref.copy %[[G]], %[[W]]
func.func @weights(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<4xf32>, index) -> f32
    %y = "te.read"(%w, %i) : (tensor<4xf32>, index) -> f32
    %z = arith.mulf %x, %y : f32
    gpu.yield %z : f32
  }) {name = "scale", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return %r, %w : tensor<4xf32>, tensor<4xf32>
}

// The same constant in another function reuses the global.
// CHECK-LABEL: func.func @weights_again
// CHECK: memref.get_global @__constant_0 : memref<4xf32>
// CHECK: memref.copy
func.func @weights_again() -> tensor<4xf32> {
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  return %w : tensor<4xf32>
}

// A dynamic batch dimension: tensor.dim becomes memref.dim, the loop runs
// to it; an intermediate buffer is sized by it.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: (%[[X:.*]]: memref<?x4xf32>, %[[OUT:.*]]: memref<?x4xf32>)
// CHECK: %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x4xf32>
// CHECK: %[[T:.*]] = "tir.alloc_buffer"(%[[N]]) {scope = "global"} : (index) -> memref<?x4xf32>
// CHECK: "tir.for"(%{{.*}}, %[[N]], %{{.*}})
// CHECK: name = "n", te.compute = "square"
// CHECK: "tir.for"(%{{.*}}, %[[N]], %{{.*}})
// CHECK: memref.store %{{.*}}, %[[OUT]][
// CHECK: te.compute = "inc"
// CHECK: memref.dealloc %[[T]] : memref<?x4xf32>
func.func @dynamic_batch(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %t = "te.compute"(%n) ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<?x4xf32>, index, index) -> f32
    %s = arith.mulf %v, %v : f32
    gpu.yield %s : f32
  }) {name = "square", reduce_extents = array<i64>, axis_names = ["n", "c"]} : (index) -> tensor<?x4xf32>
  %u = "te.compute"(%n) ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%t, %i, %j) : (tensor<?x4xf32>, index, index) -> f32
    %one = arith.constant 1.0 : f32
    %s = arith.addf %v, %one : f32
    gpu.yield %s : f32
  }) {name = "inc", reduce_extents = array<i64>} : (index) -> tensor<?x4xf32>
  return %u : tensor<?x4xf32>
}

// The schedule is carried verbatim to the outermost loop; the private
// kernel gets the same convention without the C interface, and its call
// passes the destination.
// CHECK-LABEL: func.func private @kernel
// CHECK-SAME: (%{{.*}}: memref<32x32xf32>, %{{.*}}: memref<32x32xf32>) {
// CHECK: "tir.for"
// CHECK: }) {kind = "serial", name = "d0", te.compute = "tiled", te.schedule = [{axes = ["d0", "d1"], factors = array<i64: 8, 8>, prim = "tile"}, {axis = "d0.0", prim = "parallel"}]}
func.func private @kernel(%a: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %j, %i) : (tensor<32x32xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "tiled", reduce_extents = array<i64>,
      schedule = [{prim = "tile", axes = ["d0", "d1"], factors = array<i64: 8, 8>},
                  {prim = "parallel", axis = "d0.0"}]} : () -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[A:.*]]: memref<32x32xf32>, %[[OUT:.*]]: memref<32x32xf32>) attributes {llvm.emit_c_interface}
// CHECK-NEXT: %[[T:.*]] = "tir.alloc_buffer"() {scope = "global"} : () -> memref<32x32xf32>
// CHECK-NEXT: call @kernel(%[[A]], %[[T]]) : (memref<32x32xf32>, memref<32x32xf32>) -> ()
// CHECK-NEXT: call @kernel(%[[T]], %[[OUT]]) : (memref<32x32xf32>, memref<32x32xf32>) -> ()
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: return
func.func @caller(%a: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %t = func.call @kernel(%a) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %u = func.call @kernel(%t) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  return %u : tensor<32x32xf32>
}

// tensor.dim inside a compute body becomes memref.dim there.
// CHECK-LABEL: func.func @flip
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[OUT:.*]]: memref<?xf32>)
// CHECK: "tir.for"(%{{.*}}, %[[N]], %{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: %[[D:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xf32>
// CHECK: %[[LAST:.*]] = arith.subi %[[D]], %{{.*}} : index
// CHECK: %[[J:.*]] = arith.subi %[[LAST]], %[[I]] : index
// CHECK: memref.load %[[X]][%[[J]]] : memref<?xf32>
func.func @flip(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %r = "te.compute"(%n) ({
  ^bb0(%i: index):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d = tensor.dim %x, %c0 : tensor<?xf32>
    %last = arith.subi %d, %c1 : index
    %j = arith.subi %last, %i : index
    %v = "te.read"(%x, %j) : (tensor<?xf32>, index) -> f32
    gpu.yield %v : f32
  }) {name = "flip", reduce_extents = array<i64>} : (index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// tensor.collapse_shape becomes a memref.collapse_shape view: the compute
// reads the weights through it, no copy.
// CHECK-LABEL: func.func @collapse
// CHECK: %[[V:.*]] = memref.collapse_shape %arg0 {{\[}}[0], [1, 2]] : memref<4x2x3xf32> into memref<4x6xf32>
// CHECK: memref.load %[[V]]
func.func @collapse(%w: tensor<4x2x3xf32>) -> tensor<4x6xf32> {
  %v = tensor.collapse_shape %w [[0], [1, 2]] : tensor<4x2x3xf32> into tensor<4x6xf32>
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%v, %i, %j) : (tensor<4x6xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// A compute whose only use is a returned tensor.expand_shape is computed
// straight into the destination (through a collapse_shape view of it): no
// copy at the return. An expand_shape read by another compute is a view.
// CHECK-LABEL: func.func @expand_in_place
// CHECK-SAME: %[[DST:arg[0-9]+]]: memref<2x3x2xf32>
// CHECK: %[[C:.*]] = memref.collapse_shape %[[DST]] {{\[}}[0], [1, 2]] : memref<2x3x2xf32> into memref<2x6xf32>
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK-NOT: memref.copy
// CHECK: return
// CHECK-LABEL: func.func @expand_view
// CHECK: %[[E:.*]] = memref.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [2, 3, 2] : memref<2x6xf32> into memref<2x3x2xf32>
// CHECK: memref.load %[[E]]
func.func @expand_in_place(%x: tensor<2x6xf32>) -> tensor<2x3x2xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<2x6xf32>, index, index) -> f32
    %n = arith.negf %v : f32
    gpu.yield %n : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<2x6xf32>
  %e = tensor.expand_shape %r [[0], [1, 2]] output_shape [2, 3, 2] : tensor<2x6xf32> into tensor<2x3x2xf32>
  return %e : tensor<2x3x2xf32>
}

func.func @expand_view(%x: tensor<2x6xf32>) -> tensor<2x3x2xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<2x6xf32>, index, index) -> f32
    %n = arith.negf %v : f32
    gpu.yield %n : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<2x6xf32>
  %e = tensor.expand_shape %r [[0], [1, 2]] output_shape [2, 3, 2] : tensor<2x6xf32> into tensor<2x3x2xf32>
  %s = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %v = "te.read"(%e, %i, %j, %k) : (tensor<2x3x2xf32>, index, index, index) -> f32
    %n = arith.negf %v : f32
    gpu.yield %n : f32
  }) {name = "neg2", reduce_extents = array<i64>} : () -> tensor<2x3x2xf32>
  return %s : tensor<2x3x2xf32>
}
