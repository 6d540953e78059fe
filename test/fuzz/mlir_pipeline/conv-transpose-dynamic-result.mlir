func.func @conv_transpose_too_large(%x: tensor<1x1x8x8xf32>, %w: tensor<1x1x1x1xf32>) -> tensor<1x1x?x8xf32> {
  %0 = "graph.conv_transpose2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64:    1686018427387904, 1>} : (tensor<1x1x8x8xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x?x8xf32>
  return %0 : tensor<1x1x?x8xf32>
}
