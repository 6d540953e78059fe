// ONNX node test test_flatten_axis2.
// RUN: strata-run %s --input %onnx_node/test_flatten_axis2/test_data_set_0/input_0.pb --expected %onnx_node/test_flatten_axis2/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
  %0 = "graph.flatten"(%x) {axis = 2 : i64} : (tensor<2x3x4x5xf32>) -> tensor<6x20xf32>
  return %0 : tensor<6x20xf32>
}
