// convert-graph-to-te on ui64 tensors, which have no wider type to be
// zero-extended to: maximum compares values with the sign bit flipped
// (arith.xori with -2^63 around the op), add wraps on the values
// reinterpreted as i64, mod and div use remui and divui on them, cast uses
// uitofp from ui64 and fptoui to it.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s

// CHECK-LABEL: func.func @maximum_ui64
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : ui64 to i64
// CHECK-NEXT: arith.constant -9223372036854775808 : i64
// CHECK-NEXT: arith.xori
// CHECK: name = "to_signless"
// CHECK: arith.maxsi
// CHECK: name = "maximum"
// CHECK: arith.constant -9223372036854775808 : i64
// CHECK-NEXT: arith.xori
// CHECK-NEXT: builtin.unrealized_conversion_cast %{{.*}} : i64 to ui64
// CHECK: name = "from_signless"
func.func @maximum_ui64(%a: tensor<4xui64>, %b: tensor<4xui64>) -> tensor<4xui64> {
  %0 = "graph.maximum"(%a, %b) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

// CHECK-LABEL: func.func @add_ui64
// CHECK-NOT: arith.xori
// CHECK: arith.addi
// CHECK-NOT: arith.xori
// CHECK: return
func.func @add_ui64(%a: tensor<4xui64>, %b: tensor<4xui64>) -> tensor<4xui64> {
  %0 = "graph.add"(%a, %b) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

// mod reinterprets ui64 as i64 and uses remui.
// CHECK-LABEL: func.func @mod_ui64
// CHECK-NOT: arith.xori
// CHECK: arith.remui %{{.*}}, %{{.*}} : i64
// CHECK-NOT: arith.xori
// CHECK: return
func.func @mod_ui64(%a: tensor<4xui64>, %b: tensor<4xui64>) -> tensor<4xui64> {
  %0 = "graph.mod"(%a, %b) {fmod = false} : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

// CHECK-LABEL: func.func @cast_ui64
// CHECK: arith.uitofp %{{.*}} : i64 to f32
// CHECK: arith.fptoui %{{.*}} : f32 to i64
func.func @cast_ui64(%a: tensor<4xui64>) -> tensor<4xui64> {
  %0 = "graph.cast"(%a) : (tensor<4xui64>) -> tensor<4xf32>
  %1 = "graph.cast"(%0) : (tensor<4xf32>) -> tensor<4xui64>
  return %1 : tensor<4xui64>
}

// ui32 (computed on zero-extended i64) converts to float with uitofp too.
// CHECK-LABEL: func.func @cast_ui32
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.uitofp %{{.*}} : i64 to f32
func.func @cast_ui32(%a: tensor<4xui32>) -> tensor<4xf32> {
  %0 = "graph.cast"(%a) : (tensor<4xui32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @div_ui64
// CHECK-NOT: arith.xori
// CHECK: arith.divui
// CHECK-NOT: arith.divsi
// CHECK: return
func.func @div_ui64(%a: tensor<4xui64>, %b: tensor<4xui64>) -> tensor<4xui64> {
  %0 = "graph.div"(%a, %b) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}
