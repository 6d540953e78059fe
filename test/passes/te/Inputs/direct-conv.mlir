// A 3x3 convolution with bias and relu that convert-graph-to-te lowers to
// a direct convolution (te-sketch-direct.mlir).
func.func @conv(%x: tensor<1x32x14x14xf32>, %w: tensor<64x32x3x3xf32>, %b: tensor<64xf32>) -> tensor<1x64x14x14xf32> {
  %0 = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x32x14x14xf32>, tensor<64x32x3x3xf32>, tensor<64xf32>) -> tensor<1x64x14x14xf32>
  %1 = "graph.relu"(%0) : (tensor<1x64x14x14xf32>) -> tensor<1x64x14x14xf32>
  return %1 : tensor<1x64x14x14xf32>
}
