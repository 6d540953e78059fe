// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-dce)' | FileCheck %s

// A chain of unused Strata ops disappears entirely, in one run.
// CHECK-LABEL: func.func @dead_chain
// CHECK-NEXT: return %arg0
func.func @dead_chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.exp"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.tanh"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  return %x : tensor<4xf32>
}

// Used ops stay; only the unused branch goes.
// CHECK-LABEL: func.func @keep_used
// CHECK-NEXT: %[[R:.*]] = "graph.relu"
// CHECK-NEXT: return %[[R]]
func.func @keep_used(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.exp"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Upstream ops are not Strata's to remove (canonicalize handles them).
// CHECK-LABEL: func.func @upstream_untouched
// CHECK-NEXT: arith.constant
// CHECK-NEXT: return
func.func @upstream_untouched() {
  %c = arith.constant 1 : i32
  return
}
