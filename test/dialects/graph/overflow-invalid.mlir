// Shape arithmetic that overflows int64 is an error ("too large"), not
// undefined behaviour with a wrapped number in the message (issue 19). Each
// case below wrapped before checked arithmetic (core/checked_math.h).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// An operand whose element count does not fit in 64 bits.
func.func @operand_too_large(%x: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  // expected-error @+1 {{'graph.relu' op operand #0 shape [4611686018427387904, 4] is too large: its element count does not fit in 64 bits}}
  %0 = "graph.relu"(%x) : (tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32>
  return %0 : tensor<4611686018427387904x4xf32>
}

// -----

// The static dims of a partly dynamic result.
func.func @reshape_result_too_large(%x: tensor<?xf32>) -> tensor<?x4611686018427387904x4xf32> {
  // expected-error @+1 {{'graph.reshape' op result #0 shape [?, 4611686018427387904, 4] is too large}}
  %0 = "graph.reshape"(%x) : (tensor<?xf32>) -> tensor<?x4611686018427387904x4xf32>
  return %0 : tensor<?x4611686018427387904x4xf32>
}

// -----

// 2^62 + 2^62 along the concatenated axis.
func.func @concat_too_large(%x: tensor<4611686018427387904xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'graph.concat' op concatenated dimension 0 is too large: 4611686018427387904 + 4611686018427387904 does not fit in 64 bits}}
  %0 = "graph.concat"(%x, %x) {axis = 0 : i64} : (tensor<4611686018427387904xf32>, tensor<4611686018427387904xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @pad_too_large(%x: tensor<2x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{'graph.pad' op padded dimension 0 is too large: 2 + 9223372036854775807 + 0 does not fit in 64 bits}}
  %0 = "graph.pad"(%x) {pads = array<i64: 9223372036854775807, 0, 0, 0>, pad_value = 0.0 : f32} : (tensor<2x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// in + padding overflows in the window size.
func.func @pool_too_large(%x: tensor<1x1x8x8xf32>) -> tensor<1x1x?x8xf32> {
  // expected-error @+1 {{'graph.max_pool2d' op output size along 'H' is too large: it does not fit in 64 bits}}
  %0 = "graph.max_pool2d"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 1, 1>, layout = "NCHW", padding = array<i64: 9223372036854775807, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x8x8xf32>) -> tensor<1x1x?x8xf32>
  return %0 : tensor<1x1x?x8xf32>
}

// -----

// (in - 1) * stride overflows in a transposed convolution.
func.func @conv_transpose_too_large(%x: tensor<1x1x8x8xf32>, %w: tensor<1x1x1x1xf32>) -> tensor<1x1x?x8xf32> {
  // expected-error @+1 {{'graph.conv_transpose2d' op output size along 'H' is too large}}
  %0 = "graph.conv_transpose2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 4611686018427387904, 1>} : (tensor<1x1x8x8xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x?x8xf32>
  return %0 : tensor<1x1x?x8xf32>
}

// -----

// batches (2^40, from boxes) * classes (2^30) * 1: more than any static
// count, so 5 rows are accepted (the wrapped product, 0, rejected them).
func.func @nms_bound_overflows(%b: tensor<1099511627776x1x4xf32>, %s: tensor<?x1073741824x1xf32>) -> tensor<5x3xi64> {
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 1 : i64, score_threshold = 0.0 : f32} : (tensor<1099511627776x1x4xf32>, tensor<?x1073741824x1xf32>) -> tensor<5x3xi64>
  return %0 : tensor<5x3xi64>
}
