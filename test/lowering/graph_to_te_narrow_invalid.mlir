// The errors of convert-graph-to-te on the narrow float types
// (lowering/graph_to_te_narrow.c), one case each.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-graph-to-te)'

func.func @arithmetic(%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  // expected-error @+1 {{'graph.add' op element type f8E4M3FN is not supported by convert-graph-to-te for this op: the 8-bit and 4-bit floats are only cast, bitcast and moved (cast to f32 to compute)}}
  %0 = "graph.add"(%x, %x) : (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}

// -----

func.func @round_mode(%x: tensor<4xf32>) -> tensor<4xf8E8M0FNU> {
  // expected-error @+1 {{'graph.cast' op 'round_mode' must be "up", "down" or "nearest"}}
  %0 = "graph.cast"(%x) {round_mode = "even"} : (tensor<4xf32>) -> tensor<4xf8E8M0FNU>
  return %0 : tensor<4xf8E8M0FNU>
}

// -----

func.func @saturate(%x: tensor<4xf32>) -> tensor<4xf8E4M3FNUZ> {
  // expected-error @+1 {{'graph.cast' op 'saturate' must be a bool attribute}}
  %0 = "graph.cast"(%x) {saturate = 0 : i64} : (tensor<4xf32>) -> tensor<4xf8E4M3FNUZ>
  return %0 : tensor<4xf8E4M3FNUZ>
}
