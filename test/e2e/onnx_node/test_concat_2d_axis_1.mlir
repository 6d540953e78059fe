// ONNX node test test_concat_2d_axis_1.
// RUN: strata-run %s --input %onnx_node/test_concat_2d_axis_1/test_data_set_0/input_0.pb --input %onnx_node/test_concat_2d_axis_1/test_data_set_0/input_1.pb --expected %onnx_node/test_concat_2d_axis_1/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
