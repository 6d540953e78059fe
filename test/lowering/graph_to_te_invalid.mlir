// Every error convert-graph-to-te emits that valid graph IR can reach, one
// case each: element types it does not compute on, dynamic dims it cannot
// size, conversions it does not know.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-graph-to-te)'

func.func @signed(%x: tensor<4xsi8>) -> tensor<4xsi8> {
  // expected-error @+1 {{'graph.relu' op element type si8 is not supported by convert-graph-to-te: integers must be signless or unsigned}}
  %0 = "graph.relu"(%x) : (tensor<4xsi8>) -> tensor<4xsi8>
  return %0 : tensor<4xsi8>
}

// -----

func.func @avg_pool_int(%x: tensor<2x3x4x4xi32>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'graph.avg_pool2d' op needs a float element type, got i32}}
  %0 = "graph.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      ceil_mode = false, count_include_pad = true, layout = "NCHW"} : (tensor<2x3x4x4xi32>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @global_avg_pool_int(%x: tensor<2x3x4x4xi32>) -> tensor<2x3x1x1xi32> {
  // expected-error @+1 {{'graph.global_avg_pool2d' op needs a float element type, got i32}}
  %0 = "graph.global_avg_pool2d"(%x) {layout = "NCHW"} : (tensor<2x3x4x4xi32>) -> tensor<2x3x1x1xi32>
  return %0 : tensor<2x3x1x1xi32>
}

// -----

func.func @softmax_int(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'graph.softmax' op needs a float element type, got i32}}
  %0 = "graph.softmax"(%x) {axis = 1 : i64} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @batch_norm_int(%x: tensor<2x3xi32>, %p: tensor<3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'graph.batch_norm' op needs a float element type, got i32}}
  %0 = "graph.batch_norm"(%x, %p, %p, %p, %p) {epsilon = 1.0e-05 : f32, axis = 1 : i64}
      : (tensor<2x3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @cast_index(%x: tensor<2x3xindex>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'graph.cast' op cast from index to f32 is not supported}}
  %0 = "graph.cast"(%x) : (tensor<2x3xindex>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reshape_two_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?x1xf32> {
  // expected-error @+1 {{'graph.reshape' op a reshape to 2 dynamic dims is not supported by convert-graph-to-te (at most one)}}
  %0 = "graph.reshape"(%x) : (tensor<?x?xf32>) -> tensor<?x?x1xf32>
  return %0 : tensor<?x?x1xf32>
}

// -----

func.func @conv_dynamic_height(%x: tensor<1x3x?x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x?x6xf32> {
  // expected-error @+1 {{'graph.conv2d' op dynamic dim 2 ('H') of the input is not supported by convert-graph-to-te: only N may be dynamic}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>,
      groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x?x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x?x6xf32>
  return %0 : tensor<1x4x?x6xf32>
}

// -----

func.func @conv_dynamic_weight(%x: tensor<1x3x8x8xf32>, %w: tensor<?x3x3x3xf32>) -> tensor<1x?x6x6xf32> {
  // expected-error @+1 {{'graph.conv2d' op a weight with dynamic dims is not supported by convert-graph-to-te}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>,
      groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x8x8xf32>, tensor<?x3x3x3xf32>) -> tensor<1x?x6x6xf32>
  return %0 : tensor<1x?x6x6xf32>
}

// -----

func.func @pool_dynamic_channels(%x: tensor<1x8x8x?xf32>) -> tensor<1x4x4x?xf32> {
  // expected-error @+1 {{'graph.max_pool2d' op dynamic dim 3 ('C') of the input is not supported by convert-graph-to-te: only N may be dynamic}}
  %0 = "graph.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NHWC"} : (tensor<1x8x8x?xf32>) -> tensor<1x4x4x?xf32>
  return %0 : tensor<1x4x4x?xf32>
}

// -----

func.func @pool_dynamic_blocked_batch(%x: tensor<?x3x8x8x2xf32>) -> tensor<?x3x4x4x2xf32> {
  // expected-error @+1 {{'graph.max_pool2d' op a dynamic blocked N axis is not supported}}
  %0 = "graph.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW2n"} : (tensor<?x3x8x8x2xf32>) -> tensor<?x3x4x4x2xf32>
  return %0 : tensor<?x3x4x4x2xf32>
}

// -----

func.func @grid_sample_dynamic_spatial(%x: tensor<1x1x?x4xf32>, %g: tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32> {
  // expected-error @+1 {{'graph.grid_sample' op dynamic spatial dims of the input are not supported by convert-graph-to-te}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x1x?x4xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

func.func @string_add(%x: tensor<2x!graph.string>) -> tensor<2x!graph.string> {
  // expected-error @+1 {{'graph.add' op string tensors are not supported by convert-graph-to-te in this op (only constant, cast, equal, string_normalizer, string_concat, string_split, regex_full_match, label_lookup, tfidf_vectorizer and ops that move elements: reshape, transpose, concat, slice, flatten, gather, expand)}}
  %0 = "graph.add"(%x, %x) : (tensor<2x!graph.string>, tensor<2x!graph.string>) -> tensor<2x!graph.string>
  return %0 : tensor<2x!graph.string>
}

// -----

// cubic reads 4 taps per resized dim: 4^4 corners is over the 64 reads.
func.func @resize_too_many_reads(%x: tensor<2x2x2x2xf32>) -> tensor<4x4x4x4xf32> {
  // expected-error @+1 {{cubic resize is not supported by convert-graph-to-te (more than 64 reads per element)}}
  %0 = "graph.resize"(%x) {mode = "cubic", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 2.0, 2.0, 2.0, 2.0>} : (tensor<2x2x2x2xf32>) -> tensor<4x4x4x4xf32>
  return %0 : tensor<4x4x4x4xf32>
}

// -----

// antialiased linear downsampling by 0.05 spans 40 taps.
func.func @resize_antialias_taps(%x: tensor<1x1x1x40xf32>) -> tensor<1x1x1x2xf32> {
  // expected-error @+1 {{antialiased resize of dim 3 by scale 0.05 is not supported by convert-graph-to-te (more than 16 taps)}}
  %0 = "graph.resize"(%x) {mode = "linear", antialias = true, coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 1.0, 0.05>} : (tensor<1x1x1x40xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}
