// ONNX node test test_sigmoid.
// RUN: strata-run %s --input %onnx_node/test_sigmoid/test_data_set_0/input_0.pb --expected %onnx_node/test_sigmoid/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %0 = "graph.sigmoid"(%x) : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}
