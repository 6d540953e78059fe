// ONNX node test test_matmul_2d.
// RUN: strata-run %s --input %onnx_node/test_matmul_2d/test_data_set_0/input_0.pb --input %onnx_node/test_matmul_2d/test_data_set_0/input_1.pb --expected %onnx_node/test_matmul_2d/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%a: tensor<3x4xf32>, %b: tensor<4x3xf32>) -> tensor<3x3xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<3x4xf32>, tensor<4x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
