// ONNX node test test_gemm_default_no_bias.
// RUN: strata-run %s --input %onnx_node/test_gemm_default_no_bias/test_data_set_0/input_0.pb --input %onnx_node/test_gemm_default_no_bias/test_data_set_0/input_1.pb --expected %onnx_node/test_gemm_default_no_bias/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%a: tensor<2x10xf32>, %b: tensor<10x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<2x10xf32>, tensor<10x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
