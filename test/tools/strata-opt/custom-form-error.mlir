// Strata's dialects are IRDL-defined and have only the generic form. MLIR's
// parser rejects an op written in custom form without saying anything
// (upstream mlir-opt --irdl-file too); the tools point at the op and show
// the generic form. Comments and strings that mention op names are not ops.
// RUN: not strata-opt %s 2>&1 | FileCheck %s
// RUN: not strata-run %s 2>&1 | FileCheck %s --check-prefix=TOOL

// CHECK: custom-form-error.mlir:[[# @LINE + 5]]:8: error: custom op 'graph.relu' has no custom assembly form: Strata's dialects are defined in IRDL and have only the generic form, e.g. %0 = "graph.relu"(%a) {attrs} : (operand types) -> result types
// TOOL: custom-form-error.mlir:[[# @LINE + 4]]:8: error: custom op 'graph.relu' has no custom assembly form
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // graph.add in a comment is not an op
  %s = "graph.relu"(%x) {note = "graph.tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  %0 = graph.relu %s : tensor<4xf32>
  return %0 : tensor<4xf32>
}
