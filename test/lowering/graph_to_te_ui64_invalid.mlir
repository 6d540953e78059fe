// convert-graph-to-te rejects ops on ui64 that neither wrap, move nor only
// order values (they would need a wider type or unsigned variants).
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-graph-to-te)'

func.func @relu_ui64(%a: tensor<4xui64>) -> tensor<4xui64> {
  // expected-error @+1 {{'graph.relu' op element type ui64 is not supported by convert-graph-to-te for this op (no wider type to compute in)}}
  %0 = "graph.relu"(%a) : (tensor<4xui64>) -> tensor<4xui64>
  return %0 : tensor<4xui64>
}
