// ONNX node test test_batchnorm_example.
// RUN: strata-run %s --input %onnx_node/test_batchnorm_example/test_data_set_0/input_0.pb --input %onnx_node/test_batchnorm_example/test_data_set_0/input_1.pb --input %onnx_node/test_batchnorm_example/test_data_set_0/input_2.pb --input %onnx_node/test_batchnorm_example/test_data_set_0/input_3.pb --input %onnx_node/test_batchnorm_example/test_data_set_0/input_4.pb --expected %onnx_node/test_batchnorm_example/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<2x3x4x5xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4x5xf32> {
  %0 = "graph.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f32, axis = 1 : i64}
      : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}
