// convert-graph-to-te: every graph op becomes te.compute ops (or, for
// graph.constant, an arith.constant); one function per op family, every
// graph op at least once. The output verifies (strata-opt runs the te checks
// after the pipeline) and lowers on through te -> tir -> llvm.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir,strata-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: llvm.func @conv2d
// LLVM-NOT: te.compute
// LLVM-NOT: graph.

// graph.constant -> arith.constant with the same elements attribute.
// CHECK-LABEL: func.func @constant(
// CHECK-NEXT: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: arith.constant dense_resource<weights> : tensor<2xf32>
// CHECK-NOT: graph.
func.func @constant() -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = "graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "graph.constant"() {value = dense_resource<weights> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// IR without graph ops is left as it is.
// CHECK-LABEL: func.func @no_graph_ops(
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: return
func.func @no_graph_ops(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 1 : index
  return %x : tensor<4xf32>
}

// Elementwise unary: one map compute each, the dynamic batch dim passed as
// a `dims` operand from tensor.dim; names unique within the function.
// CHECK-LABEL: func.func @unary(
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x8xf32>
// CHECK: %[[RELU:.*]] = "te.compute"(%[[N]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: %[[X:.*]] = "te.read"(%arg0, %[[I]], %[[J]]) : (tensor<?x8xf32>, index, index) -> f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:.*]] = arith.maximumf %[[X]], %[[Z]] : f32
// CHECK-NEXT: gpu.yield %[[R]] : f32
// CHECK-NEXT: }) {name = "relu", reduce_extents = array<i64>} : (index) -> tensor<?x8xf32>
// CHECK: "te.read"(%[[RELU]]
// CHECK: arith.negf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: name = "sigmoid"
// CHECK: math.tanh
// CHECK: name = "tanh"
// CHECK: math.exp
// CHECK: name = "exp"
// CHECK: math.log
// CHECK: name = "log"
// CHECK: math.sqrt
// CHECK: name = "sqrt"
// CHECK: math.erf
// CHECK: name = "erf"
// CHECK: arith.negf
// CHECK: name = "neg"
// CHECK: math.absf
// CHECK: name = "abs"
// gelu "none": 0.5 x (1 + erf(x / sqrt(2)))
// CHECK: arith.constant 0.707106769 : f32
// CHECK: math.erf
// CHECK: name = "gelu"
// gelu "tanh": 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
// CHECK: arith.constant 4.471500e-02 : f32
// CHECK: arith.constant 0.797884583 : f32
// CHECK: math.tanh
// CHECK: name = "gelu_1"
// CHECK: arith.cmpf olt
// CHECK: arith.constant 0.00999999977 : f32
// CHECK: arith.select
// CHECK: name = "leaky_relu"
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: arith.constant 6.000000e+00 : f32
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: name = "clip"
// Integers: maxsi / subi, abs as max(x, 0 - x).
// CHECK: arith.maxsi
// CHECK: name = "relu_1"
// CHECK: arith.subi
// CHECK: arith.maxsi
// CHECK: name = "abs_1"
// CHECK: arith.subi
// CHECK: name = "neg_1"
// CHECK: arith.constant -3 : i32
// CHECK: arith.constant 3 : i32
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: name = "clip_1"
// CHECK-NOT: graph.
func.func @unary(%x: tensor<?x8xf32>, %i: tensor<4xi32>) -> tensor<?x8xf32> {
  %0 = "graph.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = "graph.sigmoid"(%0) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %2 = "graph.tanh"(%1) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %3 = "graph.exp"(%2) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %4 = "graph.log"(%3) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %5 = "graph.sqrt"(%4) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %6 = "graph.erf"(%5) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %7 = "graph.neg"(%6) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %8 = "graph.abs"(%7) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %9 = "graph.gelu"(%8) {approximate = "none"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %10 = "graph.gelu"(%9) {approximate = "tanh"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %11 = "graph.leaky_relu"(%10) {alpha = 0.01 : f32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %12 = "graph.clip"(%11) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %13 = "graph.relu"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %14 = "graph.abs"(%13) : (tensor<4xi32>) -> tensor<4xi32>
  %15 = "graph.neg"(%14) : (tensor<4xi32>) -> tensor<4xi32>
  %16 = "graph.clip"(%15) {min = -3 : i32, max = 3 : i32} : (tensor<4xi32>) -> tensor<4xi32>
  return %12 : tensor<?x8xf32>
}

// Trigonometric, hyperbolic and rounding functions: the math op of the same
// name (round: math.roundeven, ONNX rounds halves to even).
// CHECK-LABEL: func.func @unary_math(
// CHECK: math.sin %{{.*}} : f32
// CHECK: name = "sin"
// CHECK: math.cos %{{.*}} : f32
// CHECK: name = "cos"
// CHECK: math.tan %{{.*}} : f32
// CHECK: name = "tan"
// CHECK: math.asin %{{.*}} : f32
// CHECK: name = "asin"
// CHECK: math.acos %{{.*}} : f32
// CHECK: name = "acos"
// CHECK: math.atan %{{.*}} : f32
// CHECK: name = "atan"
// CHECK: math.sinh %{{.*}} : f32
// CHECK: name = "sinh"
// CHECK: math.cosh %{{.*}} : f32
// CHECK: name = "cosh"
// CHECK: math.asinh %{{.*}} : f32
// CHECK: name = "asinh"
// CHECK: math.acosh %{{.*}} : f32
// CHECK: name = "acosh"
// CHECK: math.atanh %{{.*}} : f32
// CHECK: name = "atanh"
// CHECK: math.roundeven %{{.*}} : f32
// CHECK: name = "round"
// CHECK: math.ceil %{{.*}} : f32
// CHECK: name = "ceil"
// CHECK: math.floor %{{.*}} : f32
// CHECK: name = "floor"
// CHECK-NOT: graph.
func.func @unary_math(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.sin"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.cos"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.tan"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "graph.asin"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "graph.acos"(%3) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "graph.atan"(%4) : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "graph.sinh"(%5) : (tensor<4xf32>) -> tensor<4xf32>
  %7 = "graph.cosh"(%6) : (tensor<4xf32>) -> tensor<4xf32>
  %8 = "graph.asinh"(%7) : (tensor<4xf32>) -> tensor<4xf32>
  %9 = "graph.acosh"(%8) : (tensor<4xf32>) -> tensor<4xf32>
  %10 = "graph.atanh"(%9) : (tensor<4xf32>) -> tensor<4xf32>
  %11 = "graph.round"(%10) : (tensor<4xf32>) -> tensor<4xf32>
  %12 = "graph.ceil"(%11) : (tensor<4xf32>) -> tensor<4xf32>
  %13 = "graph.floor"(%12) : (tensor<4xf32>) -> tensor<4xf32>
  return %13 : tensor<4xf32>
}

// Binary ops broadcast as numpy: size-1 and missing dims read index 0, a
// dynamic dim that may be 1 at run time reads `dim == 1 ? 0 : i`.
// CHECK-LABEL: func.func @binary(
// CHECK: "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: %[[A:.*]] = "te.read"(%arg0, %[[I]], %[[J]]) : (tensor<2x3xf32>, index, index) -> f32
// CHECK-NEXT: %[[B:.*]] = "te.read"(%arg1, %[[J]]) : (tensor<3xf32>, index) -> f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT: gpu.yield %[[S]] : f32
// CHECK-NEXT: }) {name = "add", reduce_extents = array<i64>} : () -> tensor<2x3xf32>
// CHECK: arith.subf
// CHECK: name = "sub"
// CHECK: arith.mulf
// CHECK: name = "mul"
// CHECK: %[[N:.*]] = tensor.dim %arg2, %{{.*}} : tensor<?x1x3xf32>
// CHECK: "te.compute"(%[[N]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: "te.read"(%arg2, %[[I]], %[[Z]], %[[K]]) : (tensor<?x1x3xf32>, index, index, index) -> f32
// CHECK-NEXT: "te.read"(%{{.*}}, %[[J]], %[[K]]) : (tensor<2x3xf32>, index, index) -> f32
// CHECK-NEXT: arith.divf
// CHECK: name = "div"
// CHECK: "te.read"(%arg3, %{{.*}}, %{{.*}}) : (tensor<4x1xf32>, index, index) -> f32
// CHECK: arith.maximumf
// CHECK: name = "maximum"
// CHECK: arith.minimumf
// CHECK: name = "minimum"
// Both dims dynamic: the result dim is their max; reads select index 0
// where the operand's dim is 1.
// CHECK: arith.maxsi
// CHECK: "te.compute"
// CHECK: tensor.dim %arg4
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK: math.powf
// CHECK: name = "pow"
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<?x1x3xf32>, %d: tensor<4x1xf32>, %e: tensor<?x3xf32>) -> tensor<?x4x3xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "graph.sub"(%b, %0) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.mul"(%1, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.div"(%c, %2) : (tensor<?x1x3xf32>, tensor<2x3xf32>) -> tensor<?x2x3xf32>
  %4 = "graph.maximum"(%d, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %5 = "graph.minimum"(%c, %4) : (tensor<?x1x3xf32>, tensor<4x3xf32>) -> tensor<?x4x3xf32>
  %6 = "graph.pow"(%e, %e) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %5 : tensor<?x4x3xf32>
}

// pow by a constant 2 or 3 (one value) is multiplied out; any other
// exponent is math.powf.
// CHECK-LABEL: func.func @pow_constant(
// CHECK: %[[X:.*]] = "te.read"(%arg0
// CHECK-NEXT: "te.read"
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[C:.*]] = arith.mulf %[[S]], %[[X]] : f32
// CHECK-NEXT: gpu.yield %[[C]]
// CHECK: %[[Y:.*]] = "te.read"(%arg0
// CHECK-NEXT: "te.read"
// CHECK-NEXT: %[[Q:.*]] = arith.mulf %[[Y]], %[[Y]] : f32
// CHECK-NEXT: gpu.yield %[[Q]]
// CHECK: math.powf
func.func @pow_constant(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %three = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %two = "graph.constant"() {value = dense<2.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %half = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %0 = "graph.pow"(%a, %three) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = "graph.pow"(%a, %two) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.pow"(%a, %half) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// mod: the remainder; floored (fmod = false) adds rhs when the remainder is
// non-zero and its sign differs from rhs's; truncated (fmod = true) is the
// remainder alone; unsigned operands (computed zero-extended) use remui.
// CHECK-LABEL: func.func @mod(
// CHECK: %[[R:.*]] = arith.remf %[[X:.*]], %[[Y:.*]] : f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[NZ:.*]] = arith.cmpf une, %[[R]], %[[Z]] : f32
// CHECK-NEXT: %[[RN:.*]] = arith.cmpf olt, %[[R]], %[[Z]] : f32
// CHECK-NEXT: %[[YN:.*]] = arith.cmpf olt, %[[Y]], %[[Z]] : f32
// CHECK-NEXT: %[[D:.*]] = arith.xori %[[RN]], %[[YN]] : i1
// CHECK-NEXT: %[[F:.*]] = arith.andi %[[NZ]], %[[D]] : i1
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[R]], %[[Y]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[F]], %[[S]], %[[R]] : f32
// CHECK-NEXT: gpu.yield %[[M]] : f32
// CHECK: name = "mod"
// CHECK: %[[R2:.*]] = arith.remsi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: gpu.yield %[[R2]] : i32
// CHECK: name = "mod_1"
// CHECK: name = "to_signless"
// CHECK: %[[R3:.*]] = arith.remui %{{.*}}, %{{.*}} : i16
// CHECK-NEXT: gpu.yield %[[R3]] : i16
// CHECK: name = "mod_2"
// CHECK: name = "from_signless"
func.func @mod(%x: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui8>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xui8>) {
  %0 = "graph.mod"(%x, %x) {fmod = false} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.mod"(%i, %i) {fmod = true} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "graph.mod"(%u, %u) {fmod = false} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xui8>
}

// Shifts: shli / shrui, 0 where the amount is the bit width or more.
// CHECK-LABEL: func.func @shifts(
// CHECK: %[[S:.*]] = arith.shli %[[X:.*]], %[[Y:.*]] : i32
// CHECK-NEXT: %[[W:.*]] = arith.constant 32 : i32
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[Y]], %[[W]] : i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[OK]], %[[S]], %[[Z]] : i32
// CHECK-NEXT: gpu.yield %[[R]] : i32
// CHECK: name = "shift_left"
// A signed right shift is arithmetic; out of range it gives x >> 31 (the
// sign fill: -1 for a negative x, 0 otherwise).
// CHECK: %[[S:.*]] = arith.shrsi %[[X:.*]], %[[Y:.*]] : i32
// CHECK-NEXT: %[[W:.*]] = arith.constant 32 : i32
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[Y]], %[[W]] : i32
// CHECK-NEXT: %[[C:.*]] = arith.constant 31 : i32
// CHECK-NEXT: %[[F:.*]] = arith.shrsi %[[X]], %[[C]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[OK]], %[[S]], %[[F]] : i32
// CHECK: name = "shift_right"
func.func @shifts(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "graph.shift_left"(%x, %x) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = "graph.shift_right"(%0, %x) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %1 : tensor<4xi32>
}

// An unsigned right shift is logical (on the zero-extended values), 0 out of range.
// CHECK-LABEL: func.func @shift_unsigned(
// CHECK: %[[S:.*]] = arith.shrui %[[X:.*]], %[[Y:.*]] : i64
// CHECK-NEXT: %[[W:.*]] = arith.constant 64 : i64
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[Y]], %[[W]] : i64
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[R:.*]] = arith.select %[[OK]], %[[S]], %[[Z]] : i64
// CHECK: name = "shift_right"
func.func @shift_unsigned(%x: tensor<4xui32>) -> tensor<4xui32> {
  %0 = "graph.shift_right"(%x, %x) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// Contractions: one reduce axis K (combiner add, init 0); dense reads the
// weight transposed; its bias is a second compute.
// CHECK-LABEL: func.func @contractions(
// CHECK: %[[N:.*]] = tensor.dim %arg0
// CHECK: "te.compute"(%[[N]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: %[[A:.*]] = "te.read"(%arg0, %[[I]], %[[K]]) : (tensor<?x64xf32>, index, index) -> f32
// CHECK-NEXT: %[[B:.*]] = "te.read"(%arg1, %[[K]], %[[J]]) : (tensor<64x32xf32>, index, index) -> f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: gpu.yield %[[M]] : f32
// CHECK-NEXT: }) {combiner = "add", init = 0.000000e+00 : f32, name = "matmul", reduce_extents = array<i64: 64>} : (index) -> tensor<?x32xf32>
// CHECK: %[[D:.*]] = "te.compute"
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: "te.read"(%arg0, %[[I]], %[[K]])
// CHECK-NEXT: "te.read"(%arg2, %[[J]], %[[K]]) : (tensor<10x64xf32>, index, index) -> f32
// CHECK: name = "dense", reduce_extents = array<i64: 64>} : (index) -> tensor<?x10xf32>
// CHECK: "te.compute"
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: "te.read"(%[[D]], %[[I]], %[[J]])
// CHECK-NEXT: "te.read"(%arg3, %[[J]]) : (tensor<10xf32>, index) -> f32
// CHECK-NEXT: arith.addf
// CHECK: name = "dense_bias", reduce_extents = array<i64>}
// Batch dims broadcast (a batch of 1 reads index 0).
// CHECK: "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[B:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: "te.read"(%arg4, %[[B]], %[[I]], %[[K]])
// CHECK-NEXT: "te.read"(%arg5, %[[Z]], %[[K]], %[[J]])
// CHECK: name = "batch_matmul", reduce_extents = array<i64: 16>} : () -> tensor<8x4x5xf32>
func.func @contractions(%a: tensor<?x64xf32>, %b: tensor<64x32xf32>, %w: tensor<10x64xf32>, %bias: tensor<10xf32>,
                        %ba: tensor<8x4x16xf32>, %bb: tensor<1x16x5xf32>) -> (tensor<?x32xf32>, tensor<?x10xf32>, tensor<8x4x5xf32>) {
  %0 = "graph.matmul"(%a, %b) : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
  %1 = "graph.dense"(%a, %w, %bias) : (tensor<?x64xf32>, tensor<10x64xf32>, tensor<10xf32>) -> tensor<?x10xf32>
  %2 = "graph.batch_matmul"(%ba, %bb) : (tensor<8x4x16xf32>, tensor<1x16x5xf32>) -> tensor<8x4x5xf32>
  return %0, %1, %2 : tensor<?x32xf32>, tensor<?x10xf32>, tensor<8x4x5xf32>
}

// conv2d: reduce axes (ic, kh, kw); ih = oh*sh - pt + kh*dh, bounds checked
// where padding can be reached, the read clamped and its value selected
// against 0. Groups pick the input channel (o / (O/groups)) * I + ic.
// CHECK-LABEL: func.func @conv2d(
// CHECK: %[[N:.*]] = tensor.dim %arg0
// CHECK: %[[CONV:.*]] = "te.compute"(%[[N]]) ({
// CHECK-NEXT: ^bb0(%[[n:.*]]: index, %[[o:.*]]: index, %[[oh:.*]]: index, %[[ow:.*]]: index, %[[ic:.*]]: index, %[[kh:.*]]: index, %[[kw:.*]]: index):
// CHECK: %[[H0:.*]] = arith.muli %[[oh]], %{{.*}} : index
// CHECK: %[[H1:.*]] = arith.addi %[[H0]], %[[kh]] : index
// CHECK: %[[IH:.*]] = arith.addi %[[H1]], %{{.*}} : index
// CHECK: arith.cmpi sge, %[[IH]]
// CHECK: arith.cmpi slt, %[[IH]]
// CHECK: arith.andi
// CHECK: arith.andi
// CHECK: %[[V:.*]] = arith.andi
// CHECK: %[[CH:.*]] = arith.select %[[V]], %[[IH]]
// CHECK: %[[CW:.*]] = arith.select %[[V]]
// CHECK: %[[X:.*]] = "te.read"(%arg0, %[[n]], %[[ic]], %[[CH]], %[[CW]])
// CHECK: %[[XV:.*]] = arith.select %[[V]], %[[X]], %{{.*}} : f32
// CHECK: %[[W:.*]] = "te.read"(%arg1, %[[o]], %[[ic]], %[[kh]], %[[kw]])
// CHECK: arith.mulf %[[XV]], %[[W]] : f32
// CHECK: name = "conv2d", reduce_extents = array<i64: 3, 7, 7>} : (index) -> tensor<?x64x112x112xf32>
// CHECK: "te.read"(%[[CONV]]
// CHECK: "te.read"(%arg2
// CHECK: name = "conv2d_bias"
// NHWC / HWIO, groups 4, dilation 2, no padding: no bounds checks.
// CHECK: "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[n:.*]]: index, %[[oh:.*]]: index, %[[ow:.*]]: index, %[[o:.*]]: index, %[[ic:.*]]: index, %[[kh:.*]]: index, %[[kw:.*]]: index):
// CHECK-NOT: arith.cmpi
// CHECK: arith.divui %[[o]]
// CHECK: "te.read"(%arg3, %[[n]],
// CHECK-NEXT: "te.read"(%arg4, %[[kh]], %[[kw]], %[[ic]], %[[o]])
// CHECK: name = "conv2d_1", reduce_extents = array<i64: 16, 3, 3>} : () -> tensor<1x52x52x64xf32>
// CHECK: arith.cmpi
// CHECK: name = "conv2d_2", reduce_extents = array<i64: 16, 3, 3>} : () -> tensor<1x55x55x64xf32>
func.func @conv2d(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %b: tensor<64xf32>,
                  %xh: tensor<1x56x56x64xf32>, %wh: tensor<3x3x16x64xf32>) -> (tensor<?x64x112x112xf32>, tensor<1x55x55x64xf32>) {
  %0 = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, padding = array<i64: 3, 3, 3, 3>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
  %1 = "graph.conv2d"(%xh, %wh) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 2, 2>, groups = 4 : i64, data_layout = "NHWC", kernel_layout = "HWIO"}
      : (tensor<1x56x56x64xf32>, tensor<3x3x16x64xf32>) -> tensor<1x52x52x64xf32>
  %2 = "graph.conv2d"(%xh, %wh) {strides = array<i64: 1, 1>, padding = array<i64: 2, 2, 1, 1>,
      dilation = array<i64: 2, 2>, groups = 4 : i64, data_layout = "NHWC", kernel_layout = "HWIO"}
      : (tensor<1x56x56x64xf32>, tensor<3x3x16x64xf32>) -> tensor<1x55x55x64xf32>
  return %0, %2 : tensor<?x64x112x112xf32>, tensor<1x55x55x64xf32>
}

// Pools: max with init -inf and padding selecting -inf; avg as a sum
// then a division by the window's count (a constant when no window is
// clipped, else computed per position); global: sum over H, W then / (H*W).
// CHECK-LABEL: func.func @pooling(
// CHECK: arith.cmpi sge
// CHECK-NOT: arith.cmpi slt
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[NEG]] : f32
// CHECK: {combiner = "max", init = 0xFF800000 : f32, name = "max_pool2d", reduce_extents = array<i64: 3, 3>} : (index) -> tensor<?x64x56x56xf32>
// CHECK: name = "avg_pool2d_sum", reduce_extents = array<i64: 2, 2>}
// CHECK: "te.read"
// CHECK-NEXT: arith.constant 4.000000e+00 : f32
// CHECK-NEXT: arith.divf
// CHECK: name = "avg_pool2d", reduce_extents = array<i64>}
// ceil_mode without count_include_pad: the count is clipped to the input.
// CHECK: name = "avg_pool2d_sum_1", reduce_extents = array<i64: 2, 2>} : () -> tensor<1x1x3x3xf32>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.sitofp
// CHECK: arith.divf
// CHECK: name = "avg_pool2d_1"
// CHECK: combiner = "add", init = 0.000000e+00 : f32, name = "global_avg_pool2d_sum", reduce_extents = array<i64: 112, 112>}
// CHECK: arith.constant 1.254400e+04 : f32
// CHECK: name = "global_avg_pool2d"
func.func @pooling(%x: tensor<?x64x112x112xf32>, %y: tensor<1x1x5x5xf32>) -> (tensor<?x64x56x56xf32>, tensor<?x64x56x56xf32>, tensor<1x1x3x3xf32>, tensor<?x64x1x1xf32>) {
  %0 = "graph.max_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>,
      dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
  %1 = "graph.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      ceil_mode = false, count_include_pad = true, layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
  %2 = "graph.avg_pool2d"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      ceil_mode = true, count_include_pad = false, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %3 = "graph.global_avg_pool2d"(%x) {layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x1x1xf32>
  return %0, %1, %2, %3 : tensor<?x64x56x56xf32>, tensor<?x64x56x56xf32>, tensor<1x1x3x3xf32>, tensor<?x64x1x1xf32>
}

// max_pool2d_indices: the maxima (a max reduction), then the least
// row-major flat index (((n*C + c)*H + h)*W + w) of an element inside the
// input equal to its window's maximum (a min reduction, init INT64_MAX);
// storage_order 1 rewrites it column-major in a map compute.
// CHECK-LABEL: func.func @pooling_indices(
// CHECK: {combiner = "max", {{.*}}name = "max_pool2d_indices_max", reduce_extents = array<i64: 3, 3>} : (index) -> tensor<?x64x56x56xf32>
// CHECK: arith.cmpf oeq
// CHECK: arith.andi
// CHECK: arith.index_cast %{{.*}} : index to i64
// CHECK: arith.select
// CHECK: {combiner = "min", init = 9223372036854775807 : i64, name = "max_pool2d_indices", reduce_extents = array<i64: 3, 3>} : (index) -> tensor<?x64x56x56xi64>
// CHECK: name = "max_pool2d_indices_1", reduce_extents = array<i64: 2, 2>} : () -> tensor<1x1x2x2xi64>
// CHECK: arith.remui
// CHECK: name = "max_pool2d_indices_col", reduce_extents = array<i64>} : () -> tensor<1x1x2x2xi64>
func.func @pooling_indices(%x: tensor<?x64x112x112xf32>, %y: tensor<1x1x5x5xf32>) -> (tensor<?x64x56x56xi64>, tensor<1x1x2x2xi64>) {
  %0 = "graph.max_pool2d_indices"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>,
      dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 0 : i64, layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xi64>
  %1 = "graph.max_pool2d_indices"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 1 : i64, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x2x2xi64>
  return %0, %1 : tensor<?x64x56x56xi64>, tensor<1x1x2x2xi64>
}

// batch_norm: (x - mean) / sqrt(var + eps) * gamma + beta along `axis`.
// softmax: max, exp(x - max), sum, divide (four computes; the reductions
// keep the axis as a dim of 1).
// CHECK-LABEL: func.func @normalization(
// CHECK: ^bb0(%{{.*}}: index, %[[C:.*]]: index, %{{.*}}: index, %{{.*}}: index):
// CHECK: "te.read"(%arg1, %[[C]]) : (tensor<64xf32>, index) -> f32
// CHECK: math.sqrt
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: name = "batch_norm"
// CHECK: %[[MAX:.*]] = "te.compute"() ({
// CHECK: {combiner = "max", init = 0xFF800000 : f32, name = "softmax_max", reduce_extents = array<i64: 10>} : () -> tensor<2x1xf32>
// CHECK: %[[EXP:.*]] = "te.compute"() ({
// CHECK: "te.read"(%[[MAX]]
// CHECK: math.exp
// CHECK: name = "softmax_exp", reduce_extents = array<i64>} : () -> tensor<2x10xf32>
// CHECK: %[[SUM:.*]] = "te.compute"() ({
// CHECK: "te.read"(%[[EXP]]
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "softmax_sum", reduce_extents = array<i64: 10>} : () -> tensor<2x1xf32>
// CHECK: "te.read"(%[[EXP]]
// CHECK: "te.read"(%[[SUM]]
// CHECK: arith.divf
// CHECK: name = "softmax", reduce_extents = array<i64>} : () -> tensor<2x10xf32>
func.func @normalization(%x: tensor<?x64x56x56xf32>, %p: tensor<64xf32>, %l: tensor<2x10xf32>) -> (tensor<?x64x56x56xf32>, tensor<2x10xf32>) {
  %0 = "graph.batch_norm"(%x, %p, %p, %p, %p) {epsilon = 1.0e-05 : f32, axis = 1 : i64}
      : (tensor<?x64x56x56xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x56x56xf32>
  %1 = "graph.softmax"(%l) {axis = 1 : i64} : (tensor<2x10xf32>) -> tensor<2x10xf32>
  return %0, %1 : tensor<?x64x56x56xf32>, tensor<2x10xf32>
}

// Data movement: reshape linearizes/delinearizes (a leading run of equal
// dims maps directly), transpose permutes, concat selects between two
// clamped reads, slice reads start + i*step, pad selects the pad value.
// CHECK-LABEL: func.func @data_movement(
// CHECK: "te.compute"(%{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: "te.read"(%arg0, %[[I]], %[[J]], %{{.*}}, %{{.*}})
// CHECK: name = "reshape", reduce_extents = array<i64>} : (index) -> tensor<?x512xf32>
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK: name = "reshape_1"
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: "te.read"(%arg1, %[[J]], %[[K]], %[[I]])
// CHECK: name = "transpose"
// CHECK: ^bb0(%{{.*}}: index, %[[C:.*]]: index, %{{.*}}: index, %{{.*}}: index):
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[C]], %{{.*}} : index
// CHECK: arith.select %[[IN]], %[[C]]
// CHECK: arith.subi %[[C]]
// CHECK: %[[A:.*]] = "te.read"(%arg2
// CHECK: %[[B:.*]] = "te.read"(%arg3
// CHECK: arith.select %[[IN]], %[[A]], %[[B]] : f32
// CHECK: name = "concat"
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK: arith.addi %[[J]]
// CHECK: arith.muli %[[K]]
// CHECK: name = "slice"
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi slt
// CHECK: arith.select
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: arith.select
// CHECK: name = "pad", reduce_extents = array<i64>} : () -> tensor<1x64x31x31xf32>
// CHECK: name = "flatten", reduce_extents = array<i64>} : (index) -> tensor<?x512xf32>
func.func @data_movement(%x: tensor<?x512x1x1xf32>, %y: tensor<2x3x4xf32>, %a: tensor<1x64x28x28xf32>, %b: tensor<1x32x28x28xf32>)
    -> (tensor<?x512xf32>, tensor<6x4xf32>, tensor<4x2x3xf32>, tensor<1x96x28x28xf32>, tensor<2x2x2xf32>, tensor<1x64x31x31xf32>, tensor<?x512xf32>) {
  %0 = "graph.reshape"(%x) : (tensor<?x512x1x1xf32>) -> tensor<?x512xf32>
  %1 = "graph.reshape"(%y) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %2 = "graph.transpose"(%y) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %3 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<1x64x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x96x28x28xf32>
  %4 = "graph.slice"(%y) {starts = array<i64: 0, 1, 0>, ends = array<i64: 2, 9223372036854775807, 4>, steps = array<i64: 1, 1, 2>}
      : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
  %5 = "graph.pad"(%a) {pads = array<i64: 0, 0, 1, 1, 0, 0, 2, 2>, pad_value = 0.0 : f32}
      : (tensor<1x64x28x28xf32>) -> tensor<1x64x31x31xf32>
  %6 = "graph.flatten"(%x) {axis = 1 : i64} : (tensor<?x512x1x1xf32>) -> tensor<?x512xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?x512xf32>, tensor<6x4xf32>, tensor<4x2x3xf32>, tensor<1x96x28x28xf32>, tensor<2x2x2xf32>, tensor<1x64x31x31xf32>, tensor<?x512xf32>
}

// Reductions: reduced axes become reduce axes (ascending); mean divides by
// the element count in a second compute.
// CHECK-LABEL: func.func @reductions(
// CHECK: ^bb0(%[[N:.*]]: index, %[[C:.*]]: index, %{{.*}}: index, %{{.*}}: index, %[[R0:.*]]: index, %[[R1:.*]]: index):
// CHECK-NEXT: "te.read"(%arg0, %[[N]], %[[C]], %[[R0]], %[[R1]])
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "reduce_sum", reduce_extents = array<i64: 7, 7>} : (index) -> tensor<?x64x1x1xf32>
// CHECK: name = "reduce_mean_sum", reduce_extents = array<i64: 7, 7>} : (index) -> tensor<?x64xf32>
// CHECK: arith.constant 4.900000e+01 : f32
// CHECK: arith.divf
// CHECK: name = "reduce_mean", reduce_extents = array<i64>} : (index) -> tensor<?x64xf32>
// CHECK: {combiner = "max", init = 0xFF800000 : f32, name = "reduce_max", reduce_extents = array<i64: 64>} : (index) -> tensor<?x7x7xf32>
// A dynamic reduced dim is a dynamic extent (-1) passed in `dims`.
// CHECK: %[[D:.*]] = tensor.dim %arg0
// CHECK: "te.compute"(%[[D]]) ({
// CHECK: {combiner = "min", init = 0x7F800000 : f32, name = "reduce_min", reduce_extents = array<i64: -1, 64, 7, 7>} : (index) -> tensor<f32>
// CHECK: {combiner = "mul", init = 1 : i32, name = "reduce_prod", reduce_extents = array<i64: 3>} : () -> tensor<2x1xi32>
func.func @reductions(%x: tensor<?x64x7x7xf32>, %i: tensor<2x3xi32>) -> (tensor<?x64x1x1xf32>, tensor<?x64xf32>, tensor<?x7x7xf32>, tensor<f32>, tensor<2x1xi32>) {
  %0 = "graph.reduce_sum"(%x) {axes = array<i64: 2, 3>, keepdims = true} : (tensor<?x64x7x7xf32>) -> tensor<?x64x1x1xf32>
  %1 = "graph.reduce_mean"(%x) {axes = array<i64: 3, 2>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<?x64xf32>
  %2 = "graph.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<?x7x7xf32>
  %3 = "graph.reduce_min"(%x) {axes = array<i64: 0, 1, 2, 3>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<f32>
  %4 = "graph.reduce_prod"(%i) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xi32>) -> tensor<2x1xi32>
  return %0, %1, %2, %3, %4 : tensor<?x64x1x1xf32>, tensor<?x64xf32>, tensor<?x7x7xf32>, tensor<f32>, tensor<2x1xi32>
}

// argmax / argmin: the extreme along the axis (kept as a dim of 1), then the
// first (combiner min) or last (max, select_last_index) index whose element
// equals it or is NaN.
// CHECK-LABEL: func.func @arg_reductions(
// CHECK: %[[DIM:.*]] = tensor.dim %arg0
// CHECK: %[[MAX:.*]] = "te.compute"(%[[DIM]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %{{.*}}: index, %[[R:.*]]: index):
// CHECK-NEXT: "te.read"(%arg0, %[[I]], %[[R]])
// CHECK: {combiner = "max", init = 0xFF800000 : f32, name = "argmax_max", reduce_extents = array<i64: 5>} : (index) -> tensor<?x1xf32>
// CHECK: "te.compute"(%[[DIM]]) ({
// CHECK-NEXT: ^bb0(%[[I2:.*]]: index, %{{.*}}: index, %[[R2:.*]]: index):
// CHECK: %[[V:.*]] = "te.read"(%arg0, %[[I2]], %[[R2]])
// CHECK-NEXT: %[[M:.*]] = "te.read"(%[[MAX]], %[[I2]], %{{.*}})
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[V]], %[[M]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : f32
// CHECK-NEXT: %[[OK:.*]] = arith.ori %[[EQ]], %[[NAN]] : i1
// CHECK-NEXT: %[[K:.*]] = arith.index_cast %[[R2]] : index to i64
// CHECK-NEXT: %[[NO:.*]] = arith.constant 9223372036854775807 : i64
// CHECK-NEXT: arith.select %[[OK]], %[[K]], %[[NO]] : i64
// CHECK: {combiner = "min", init = 9223372036854775807 : i64, name = "argmax", reduce_extents = array<i64: 5>} : (index) -> tensor<?x1xi64>
// CHECK: {combiner = "min", init = 2147483647 : i32, name = "argmin_min", reduce_extents = array<i64: 3>} : () -> tensor<1x4xi32>
// CHECK: arith.cmpi eq
// CHECK: {combiner = "max", init = -1 : i64, name = "argmin", reduce_extents = array<i64: 3>} : () -> tensor<4xi64>
func.func @arg_reductions(%x: tensor<?x5xf32>, %i: tensor<3x4xi32>) -> (tensor<?x1xi64>, tensor<4xi64>) {
  %0 = "graph.argmax"(%x) {axis = 1 : i64, keepdims = true, select_last_index = false} : (tensor<?x5xf32>) -> tensor<?x1xi64>
  %1 = "graph.argmin"(%i) {axis = 0 : i64, keepdims = false, select_last_index = true} : (tensor<3x4xi32>) -> tensor<4xi64>
  return %0, %1 : tensor<?x1xi64>, tensor<4xi64>
}

// cumsum: a reduce axis j over the whole axis; the term is x[.., j, ..]
// where j <= i (exclusive: j < i; reverse: j >= i, j > i), else 0.
// CHECK-LABEL: func.func @cumsum(
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[R:.*]]: index):
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi sge, %[[J]], %[[R]] : index
// CHECK-NEXT: %[[V:.*]] = "te.read"(%arg0, %[[I]], %[[R]])
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[S:.*]] = arith.select %[[IN]], %[[V]], %[[Z]] : f32
// CHECK-NEXT: gpu.yield %[[S]] : f32
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "cumsum", reduce_extents = array<i64: 5>} : (index) -> tensor<?x5xf32>
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : index
// CHECK: name = "cumsum_1"
func.func @cumsum(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %0 = "graph.cumsum"(%x) {axis = 1 : i64, exclusive = false, reverse = false} : (tensor<?x5xf32>) -> tensor<?x5xf32>
  %1 = "graph.cumsum"(%0) {axis = 0 : i64, exclusive = true, reverse = true} : (tensor<?x5xf32>) -> tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

// gather_elements: data read at the output index with the axis' index
// taken from indices (sign-extended, wrapped when negative, clamped).
// CHECK-LABEL: func.func @gather_elements(
// CHECK: %[[E:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x8xf32>
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: %[[V:.*]] = "te.read"(%arg1, %[[I]], %[[J]]) : (tensor<3x2xi32>, index, index) -> i32
// CHECK-NEXT: %[[K:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK: %[[W:.*]] = arith.addi %[[K]], %[[E]] : index
// CHECK: arith.select
// CHECK: arith.minsi
// CHECK: %[[C:.*]] = arith.maxsi
// CHECK-NEXT: "te.read"(%arg0, %[[C]], %[[J]]) : (tensor<?x8xf32>, index, index) -> f32
// CHECK: name = "gather_elements"
func.func @gather_elements(%d: tensor<?x8xf32>, %i: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %0 = "graph.gather_elements"(%d, %i) {axis = 0 : i64} : (tensor<?x8xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// scatter_elements: a reduction over the updates along the axis of those
// scattering to the output index (their normalized index equals the output's
// along the axis): "none" keeps the last position (combiner max, -1 for
// none) and reads that update, else data; "add" sums them onto data.
// CHECK-LABEL: func.func @scatter_elements(
// CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[R:.*]]: index):
// CHECK-NEXT: %[[T:.*]] = "te.read"(%arg1, %[[R]], %[[J]]) : (tensor<2x3xi64>, index, index) -> i64
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %{{.*}}, %[[I]] : index
// CHECK-NEXT: %[[P:.*]] = arith.index_cast %[[R]] : index to i64
// CHECK-NEXT: %[[NONE:.*]] = arith.constant -1 : i64
// CHECK-NEXT: arith.select %[[HIT]], %[[P]], %[[NONE]] : i64
// CHECK: {combiner = "max", init = -1 : i64, name = "scatter_elements_last", reduce_extents = array<i64: 2>} : () -> tensor<4x3xi64>
// CHECK: %[[OLD:.*]] = "te.read"(%arg0
// CHECK-NEXT: %[[LAST:.*]] = "te.read"(%{{.*}}) : (tensor<4x3xi64>, index, index) -> i64
// CHECK: %[[HAS:.*]] = arith.cmpi sge, %[[LAST]], %{{.*}} : i64
// CHECK: %[[U:.*]] = "te.read"(%arg2
// CHECK-NEXT: arith.select %[[HAS]], %[[U]], %[[OLD]] : f32
// CHECK: name = "scatter_elements"
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "scatter_elements_combine", reduce_extents = array<i64: 2>} : () -> tensor<4x3xf32>
// CHECK: arith.addf
// CHECK: name = "scatter_elements_1"
func.func @scatter_elements(%d: tensor<4x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = "graph.scatter_elements"(%d, %i, %u) {axis = 0 : i64, reduction = "none"} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %1 = "graph.scatter_elements"(%d, %i, %u) {axis = 0 : i64, reduction = "add"} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// cast picks the arith conversion; layout_transform maps the output index to
// logical indices (dst_layout) and back to physical ones (src_layout).
// CHECK-LABEL: func.func @types_and_layouts(
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: name = "cast"
// CHECK: arith.fptosi %{{.*}} : f16 to i8
// CHECK: name = "cast_1"
// CHECK: ^bb0(%[[N:.*]]: index, %[[CO:.*]]: index, %[[H:.*]]: index, %[[W:.*]]: index, %[[CI:.*]]: index):
// CHECK: %[[M:.*]] = arith.muli %[[CO]]
// CHECK: %[[C:.*]] = arith.addi %[[M]], %[[CI]]
// CHECK: "te.read"(%arg0, %[[N]], %[[C]], %[[H]], %[[W]])
// CHECK: name = "layout_transform", reduce_extents = array<i64>} : (index) -> tensor<?x4x7x7x8xf32>
// CHECK: ^bb0(%[[N:.*]]: index, %[[C:.*]]: index, %[[H:.*]]: index, %[[W:.*]]: index):
// CHECK: %[[CO:.*]] = arith.divui %[[C]]
// CHECK: %[[CI:.*]] = arith.remui %[[C]]
// CHECK: "te.read"(%{{.*}}, %[[N]], %[[CO]], %[[H]], %[[W]], %[[CI]])
// CHECK: name = "layout_transform_1", reduce_extents = array<i64>} : (index) -> tensor<?x32x7x7xf32>
// CHECK-NOT: graph.
func.func @types_and_layouts(%x: tensor<?x32x7x7xf32>) -> (tensor<?x32x7x7xi8>, tensor<?x4x7x7x8xf32>, tensor<?x32x7x7xf32>) {
  %0 = "graph.cast"(%x) : (tensor<?x32x7x7xf32>) -> tensor<?x32x7x7xf16>
  %1 = "graph.cast"(%0) : (tensor<?x32x7x7xf16>) -> tensor<?x32x7x7xi8>
  %2 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCHW8c"} : (tensor<?x32x7x7xf32>) -> tensor<?x4x7x7x8xf32>
  %3 = "graph.layout_transform"(%2) {src_layout = "NCHW8c", dst_layout = "NCHW"} : (tensor<?x4x7x7x8xf32>) -> tensor<?x32x7x7xf32>
  return %1, %2, %3 : tensor<?x32x7x7xi8>, tensor<?x4x7x7x8xf32>, tensor<?x32x7x7xf32>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F00000040"
    }
  }
#-}

// conv2d with static NCHW / OIHW fp32 shapes and groups 1 becomes im2col +
// a matrix product: col[n, q, p] (q = ic*9 + kh*3 + kw, p = oh*8 + ow, zero
// in the padding; computed as [n, ic, kh, kw, oh, ow], no divisions, and
// viewed as [n, q, p]), wmat[o, q] (a collapse_shape view of the weights), the
// product over q, and a view back to [n, o, oh, ow] (expand_shape)
// followed by the bias.
// CHECK-LABEL: func.func @conv2d_gemm(
// CHECK: "te.compute"() ({
// CHECK-NOT: arith.divui
// CHECK: arith.select
// CHECK: name = "conv2d_im2col", reduce_extents = array<i64>} : () -> tensor<1x4x3x3x8x8xf32>
// CHECK: %[[COL:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2, 3], [4, 5]] : tensor<1x4x3x3x8x8xf32> into tensor<1x36x64xf32>
// CHECK: %[[WM:.*]] = tensor.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : tensor<8x4x3x3xf32> into tensor<8x36xf32>
// CHECK: %[[MM:.*]] = "te.compute"() ({
// CHECK-NEXT: ^bb0(%[[n:.*]]: index, %[[o:.*]]: index, %[[p:.*]]: index, %[[q:.*]]: index):
// CHECK-NEXT: %[[A:.*]] = "te.read"(%[[WM]], %[[o]], %[[q]])
// CHECK-NEXT: %[[B:.*]] = "te.read"(%[[COL]], %[[n]], %[[q]], %[[p]])
// CHECK-NEXT: arith.mulf %[[A]], %[[B]] : f32
// CHECK: name = "conv2d", reduce_extents = array<i64: 36>} : () -> tensor<1x8x64xf32>
// CHECK: %[[OUT:.*]] = tensor.expand_shape %[[MM]] {{\[}}[0], [1], [2, 3]] output_shape [1, 8, 8, 8] : tensor<1x8x64xf32> into tensor<1x8x8x8xf32>
// CHECK: "te.read"(%[[OUT]]
// CHECK: name = "conv2d_bias"
func.func @conv2d_gemm(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>,
        dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// A 1x1 unpadded stride-1 convolution reads x itself through a view.
// CHECK-LABEL: func.func @conv2d_1x1(
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<1x4x8x8xf32> into tensor<1x4x64xf32>
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1
// CHECK-NOT: im2col
// CHECK: "te.read"(%[[W]]
// CHECK: "te.read"(%[[X]]
func.func @conv2d_1x1(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32> {
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
        dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// conv_transpose3d: one gather reduction over (ic, kd, kh, kw) reading the
// input at the transposed positions of D, H and W, then the bias compute.
// CHECK-LABEL: func.func @conv_transpose3d(
// CHECK: ^bb0(%[[N:.*]]: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[KD:.*]]: index, %[[KH:.*]]: index, %[[KW:.*]]: index):
// CHECK: "te.read"(%arg0, %[[N]], {{.*}}) : (tensor<?x4x3x3x2xf32>, index, index, index, index, index) -> f32
// CHECK: "te.read"(%arg1, {{.*}}, %[[KD]], %[[KH]], %[[KW]]) : (tensor<4x1x2x3x2xf32>, index, index, index, index, index) -> f32
// CHECK: {combiner = "add", init = 0.000000e+00 : f32, name = "conv_transpose3d", reduce_extents = array<i64: 2, 2, 3, 2>} : (index) -> tensor<?x2x6x6x4xf32>
// CHECK: name = "conv_transpose3d_bias"
func.func @conv_transpose3d(%x: tensor<?x4x3x3x2xf32>, %w: tensor<4x1x2x3x2xf32>, %b: tensor<2xf32>) -> tensor<?x2x6x6x4xf32> {
  %0 = "graph.conv_transpose3d"(%x, %w, %b) {strides = array<i64: 2, 1, 2>, padding = array<i64: 1, 0, 0, 0, 1, 1>, dilation = array<i64: 1, 2, 1>, output_padding = array<i64: 1, 0, 1>, groups = 2 : i64} : (tensor<?x4x3x3x2xf32>, tensor<4x1x2x3x2xf32>, tensor<2xf32>) -> tensor<?x2x6x6x4xf32>
  return %0 : tensor<?x2x6x6x4xf32>
}

// grid_sample: one compute over [N, C, Ho, Wo] reading the grid's x and y
// at (n, ho, wo), then the input at the taps (y along H, x along W).
// bilinear, zeros: 2 x 2 reads, each masked to 0 outside the input.
// CHECK-LABEL: func.func @grid_sample_bilinear(
// CHECK: ^bb0(%[[N:.*]]: index, %[[C:.*]]: index, %[[HO:.*]]: index, %[[WO:.*]]: index):
// CHECK: "te.read"(%arg1, %[[N]], %[[HO]], %[[WO]], %{{.*}}) : (tensor<?x6x7x2xf32>, index, index, index, index) -> f32
// CHECK: math.floor
// CHECK: "te.read"(%arg1, %[[N]], %[[HO]], %[[WO]], %{{.*}}) : (tensor<?x6x7x2xf32>, index, index, index, index) -> f32
// CHECK-COUNT-4: "te.read"(%arg0, %[[N]], %[[C]], %{{.*}}, %{{.*}}) : (tensor<?x3x4x5xf32>, index, index, index, index) -> f32
// CHECK-NOT: te.read
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: {name = "grid_sample", reduce_extents = array<i64>} : (index) -> tensor<?x3x6x7xf32>
func.func @grid_sample_bilinear(%x: tensor<?x3x4x5xf32>, %g: tensor<?x6x7x2xf32>) -> tensor<?x3x6x7xf32> {
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<?x3x4x5xf32>, tensor<?x6x7x2xf32>) -> tensor<?x3x6x7xf32>
  return %0 : tensor<?x3x6x7xf32>
}

// bicubic, reflection: the coordinates and the 4 taps of each axis are
// reflected (floor of the flips, parity), 4 x 4 reads, f64 throughout.
// CHECK-LABEL: func.func @grid_sample_bicubic_reflection(
// CHECK: arith.xori
// CHECK-COUNT-16: "te.read"(%arg0, {{.*}}) : (tensor<1x2x4x4xf64>, index, index, index, index) -> f64
// CHECK: {name = "grid_sample", reduce_extents = array<i64>} : () -> tensor<1x2x3x3xf64>
func.func @grid_sample_bicubic_reflection(%x: tensor<1x2x4x4xf64>, %g: tensor<1x3x3x2xf64>) -> tensor<1x2x3x3xf64> {
  %0 = "graph.grid_sample"(%x, %g) {mode = "bicubic", padding_mode = "reflection", align_corners = true} : (tensor<1x2x4x4xf64>, tensor<1x3x3x2xf64>) -> tensor<1x2x3x3xf64>
  return %0 : tensor<1x2x3x3xf64>
}

// 3-D (volumetric) nearest, border: the grid's x, y, z (last index 0, 1,
// 2) sample W, H, D; one read of the input.
// CHECK-LABEL: func.func @grid_sample_volumetric(
// CHECK: ^bb0(%[[N:.*]]: index, %[[C:.*]]: index, %[[DO:.*]]: index, %[[HO:.*]]: index, %[[WO:.*]]: index):
// CHECK-COUNT-3: "te.read"(%arg1, %[[N]], %[[DO]], %[[HO]], %[[WO]], %{{.*}}) : (tensor<2x5x6x7x3xf32>, index, index, index, index, index) -> f32
// CHECK: "te.read"(%arg0, %[[N]], %[[C]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x3x4x4x4xf32>, index, index, index, index, index) -> f32
// CHECK-NOT: te.read
// CHECK: {name = "grid_sample", reduce_extents = array<i64>} : () -> tensor<2x3x5x6x7xf32>
func.func @grid_sample_volumetric(%x: tensor<2x3x4x4x4xf32>, %g: tensor<2x5x6x7x3xf32>) -> tensor<2x3x5x6x7xf32> {
  %0 = "graph.grid_sample"(%x, %g) {mode = "nearest", padding_mode = "border", align_corners = false} : (tensor<2x3x4x4x4xf32>, tensor<2x5x6x7x3xf32>) -> tensor<2x3x5x6x7xf32>
  return %0 : tensor<2x3x5x6x7xf32>
}
