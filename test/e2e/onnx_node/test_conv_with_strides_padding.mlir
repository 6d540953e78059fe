// ONNX node test test_conv_with_strides_padding.
// RUN: strata-run %s --input %onnx_node/test_conv_with_strides_padding/test_data_set_0/input_0.pb --input %onnx_node/test_conv_with_strides_padding/test_data_set_0/input_1.pb --expected %onnx_node/test_conv_with_strides_padding/test_data_set_0/output_0.pb --rtol 1e-3 --atol 1e-7 | FileCheck %s
// CHECK: result 0: matches
func.func @main(%x: tensor<1x1x7x5xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x4x3xf32> {
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>,
        dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x1x7x5xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x3xf32>
  return %0 : tensor<1x1x4x3xf32>
}
