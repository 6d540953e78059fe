// ONNX node test test_softmax_axis_1.
// RUN: strata-run %s --input %onnx_node/test_softmax_axis_1/test_data_set_0/input_0.pb --expected %onnx_node/test_softmax_axis_1/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %0 = "graph.softmax"(%x) {axis = 1 : i64} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}
