// RUN: strata-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s

// The bit-level graph ops (lowering/graph_to_te_elementwise.c): bitwise
// and / or / xor are arith.andi / ori / xori on the broadcast operands,
// bitwise_not an xori with all ones, bitcast an arith.bitcast.

// CHECK-LABEL: func.func @bitwise
// CHECK:       te.compute
// CHECK:         arith.andi %{{.*}}, %{{.*}} : i16
// CHECK:       te.compute
// CHECK:         arith.ori %{{.*}}, %{{.*}} : i16
// CHECK:       te.compute
// CHECK:         arith.xori %{{.*}}, %{{.*}} : i16
// CHECK:       te.compute
// CHECK:         %[[ONES:.*]] = arith.constant -1 : i16
// CHECK:         arith.xori %{{.*}}, %[[ONES]] : i16
func.func @bitwise(%a: tensor<2x3xi16>, %b: tensor<3xi16>) -> tensor<2x3xi16> {
  %0 = "graph.bitwise_and"(%a, %b) : (tensor<2x3xi16>, tensor<3xi16>) -> tensor<2x3xi16>
  %1 = "graph.bitwise_or"(%0, %a) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  %2 = "graph.bitwise_xor"(%1, %b) : (tensor<2x3xi16>, tensor<3xi16>) -> tensor<2x3xi16>
  %3 = "graph.bitwise_not"(%2) : (tensor<2x3xi16>) -> tensor<2x3xi16>
  return %3 : tensor<2x3xi16>
}

// -----

// ui64 operands are reinterpreted as i64 (exact for bitwise ops).
// CHECK-LABEL: func.func @bitwise_ui64
// CHECK:         arith.andi %{{.*}}, %{{.*}} : i64
func.func @bitwise_ui64(%a: tensor<4xui64>, %b: tensor<4xui64>) -> tensor<4xui64> {
  %0 = "graph.bitwise_and"(%a, %b) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}

// -----

// CHECK-LABEL: func.func @bitcast
// CHECK:       te.compute
// CHECK:         arith.bitcast %{{.*}} : f32 to i32
func.func @bitcast(%x: tensor<?x4xf32>) -> tensor<?x4xi32> {
  %0 = "graph.bitcast"(%x) : (tensor<?x4xf32>) -> tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}
