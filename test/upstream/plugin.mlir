// Upstream mlir-opt loads Strata's dialects from the IRDL file and runs
// Strata passes from the plugin, mixed with upstream passes.
// UNSUPPORTED: asan
// RUN: mlir-opt-22 --irdl-file=%irdl --load-pass-plugin=%plugin \
// RUN:   --pass-pipeline='builtin.module(strata-dce,func.func(canonicalize))' %s | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-NOT: graph.exp
// CHECK: %[[R:.*]] = "graph.relu"
// CHECK-NOT: graph.exp
// CHECK: return %[[R]]
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.exp"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
