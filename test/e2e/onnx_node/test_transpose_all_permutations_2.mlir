// ONNX node test test_transpose_all_permutations_2.
// RUN: strata-run %s --input %onnx_node/test_transpose_all_permutations_2/test_data_set_0/input_0.pb --expected %onnx_node/test_transpose_all_permutations_2/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<2x3x4xf32>) -> tensor<3x2x4xf32> {
  %0 = "graph.transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  return %0 : tensor<3x2x4xf32>
}
