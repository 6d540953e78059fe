// ONNX node test test_averagepool_2d_pads_count_include_pad.
// RUN: strata-run %s --input %onnx_node/test_averagepool_2d_pads_count_include_pad/test_data_set_0/input_0.pb --expected %onnx_node/test_averagepool_2d_pads_count_include_pad/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<1x3x28x28xf32>) -> tensor<1x3x30x30xf32> {
  %0 = "graph.avg_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 1, 1>,
        padding = array<i64: 2, 2, 2, 2>, ceil_mode = false, count_include_pad = true, layout = "NCHW"}
      : (tensor<1x3x28x28xf32>) -> tensor<1x3x30x30xf32>
  return %0 : tensor<1x3x30x30xf32>
}
