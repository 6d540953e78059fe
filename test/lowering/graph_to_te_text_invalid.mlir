// convert-graph-to-te's errors on the opset-20 string ops and
// label_lookup: their kernels take the input flattened to 1-D, so a 0-d
// input is an error (the ONNX importer reshapes scalars to [1]); dynamic
// shapes are an error too, as for every buffer kernel.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-graph-to-te)'

func.func @split_scalar(%x: tensor<!graph.string>) -> tensor<i64> {
  // expected-error @+1 {{'graph.string_split' op a 0-d input is not supported by the string kernels (reshape it to [1])}}
  %0 = "graph.string_split"(%x) {delimiter = "", maxsplit = -1 : i64, part = "counts"} : (tensor<!graph.string>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @regex_scalar(%x: tensor<!graph.string>) -> tensor<i1> {
  // expected-error @+1 {{'graph.regex_full_match' op a 0-d input is not supported by the string kernels (reshape it to [1])}}
  %0 = "graph.regex_full_match"(%x) {pattern = "a"} : (tensor<!graph.string>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @lookup_scalar(%x: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{'graph.label_lookup' op a 0-d input is not supported by the lookup kernel (reshape it to [1])}}
  %0 = "graph.label_lookup"(%x) {keys = array<i64: 1>} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @split_dynamic(%x: tensor<?x!graph.string>) -> tensor<?xi64> {
  // expected-error @+1 {{'graph.string_split' op needs static shapes (the kernel's buffers are sized when the op is lowered)}}
  %0 = "graph.string_split"(%x) {delimiter = "", maxsplit = -1 : i64, part = "counts"} : (tensor<?x!graph.string>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
