// ONNX node test test_globalaveragepool.
// RUN: strata-run %s --input %onnx_node/test_globalaveragepool/test_data_set_0/input_0.pb --expected %onnx_node/test_globalaveragepool/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<1x3x5x5xf32>) -> tensor<1x3x1x1xf32> {
  %0 = "graph.global_avg_pool2d"(%x) {layout = "NCHW"} : (tensor<1x3x5x5xf32>) -> tensor<1x3x1x1xf32>
  return %0 : tensor<1x3x1x1xf32>
}
