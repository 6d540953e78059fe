// Every error the graph verifier (dialects/graph/graph_verify.c and graph_infer_*.c) can emit, one case
// each (several for the shape rule of the main ops), plus the structural
// errors IRDL itself reports.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// ---- Structure (IRDL) ------------------------------------------------------

func.func @unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.unranked_tensor'}}
  %0 = "graph.relu"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @concat_is_binary(%a: tensor<2xf32>) {
  // expected-error @+1 {{expects exactly 2 operands, but got 3}}
  %0 = "graph.concat"(%a, %a, %a) {axis = 0 : i64} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @missing_attribute(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute "axis" is expected but not provided}}
  %0 = "graph.softmax"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// ---- Result types ------------------------------------------------------------

// -----

func.func @result_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'graph.add' op result shape [3, 2] does not match inferred [2, 3]}}
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @result_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result shape [2, 3, 1] does not match inferred [2, 3]}}
  %0 = "graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
  return
}

// -----

func.func @result_element_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result element type f16 does not match expected f32}}
  %0 = "graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return
}

// -----

func.func @operand_rank_limit(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  // expected-error @+1 {{operand 'input' has rank 17, more than the supported 16}}
  %0 = "graph.relu"(%x) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return
}

// -----

func.func @result_rank_limit(%x: tensor<1xf32>) {
  // expected-error @+1 {{result has rank 17, more than the supported 16}}
  %0 = "graph.reshape"(%x) : (tensor<1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return
}

// ---- constant ----------------------------------------------------------------

// -----

func.func @constant_type() {
  // expected-error @+1 {{'value' type tensor<2xf32> does not match result type tensor<3xf32>}}
  %0 = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}

// ---- Elementwise -------------------------------------------------------------

// -----

func.func @float_only(%x: tensor<4xi32>) {
  // expected-error @+1 {{'graph.sigmoid' op operand element type must be a float type, got i32}}
  %0 = "graph.sigmoid"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @float_only_math(%x: tensor<4xi32>) {
  // expected-error @+1 {{'graph.floor' op operand element type must be a float type, got i32}}
  %0 = "graph.floor"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @mod_fmod_kind(%x: tensor<4xi32>) {
  // expected-error @+1 {{'graph.mod' op 'fmod' must be a bool attribute (true or false)}}
  %0 = "graph.mod"(%x, %x) {fmod = 1 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @bitwise_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.bitwise_xor' op operand element type must be an integer type, got f32}}
  %0 = "graph.bitwise_xor"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @bitwise_not_float(%x: tensor<4xf16>) {
  // expected-error @+1 {{'graph.bitwise_not' op operand element type must be an integer type, got f16}}
  %0 = "graph.bitwise_not"(%x) : (tensor<4xf16>) -> tensor<4xf16>
  return
}

// -----

func.func @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.bitcast' op bitcast from f32 to i64: the types must be a float and a signless integer, or two floats, of one bit width}}
  %0 = "graph.bitcast"(%x) : (tensor<4xf32>) -> tensor<4xi64>
  return
}

// -----

func.func @bitcast_unsigned(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.bitcast' op bitcast from f32 to ui32: the types must be a float and a signless integer, or two floats, of one bit width}}
  %0 = "graph.bitcast"(%x) : (tensor<4xf32>) -> tensor<4xui32>
  return
}

// -----

func.func @bitcast_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.bitcast' op result shape [2, 2] does not match inferred [4]}}
  %0 = "graph.bitcast"(%x) : (tensor<4xf32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @shift_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.shift_left' op operand element type must be an integer type, got f32}}
  %0 = "graph.shift_left"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @gelu_mode(%x: tensor<4xf32>) {
  // expected-error @+1 {{'approximate' must be one of "none", "tanh", got "fast"}}
  %0 = "graph.gelu"(%x) {approximate = "fast"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @leaky_relu_f64(%x: tensor<4xf32>) {
  // expected-error @+1 {{'alpha' must be an f32 float attribute}}
  %0 = "graph.leaky_relu"(%x) {alpha = 0.1 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @clip_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'min' type i32 does not match element type f32}}
  %0 = "graph.clip"(%x) {min = 0 : i32, max = 6.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @clip_order(%x: tensor<4xf32>) {
  // expected-error @+1 {{'min' must not be greater than 'max'}}
  %0 = "graph.clip"(%x) {min = 6.0 : f32, max = 0.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @broadcast(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{operands are not broadcast-compatible: [2, 3] vs [4]}}
  %0 = "graph.mul"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_dynamic(%a: tensor<?x3xf32>, %b: tensor<4x1xf32>) {
  // ? broadcasts against 4 to 4: a static result of another size is wrong.
  // expected-error @+1 {{result shape [5, 3] does not match inferred [4, 3]}}
  %0 = "graph.add"(%a, %b) : (tensor<?x3xf32>, tensor<4x1xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @element_types(%a: tensor<3xf32>, %b: tensor<3xf16>) {
  // expected-error @+1 {{element type of 'rhs' (f16) differs from 'lhs' (f32)}}
  %0 = "graph.add"(%a, %b) : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xf32>
  return
}

// ---- Contractions ------------------------------------------------------------

// -----

func.func @matmul_rank(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{operand 'lhs' must have rank 2, got 3}}
  %0 = "graph.matmul"(%a, %b) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @matmul_inner(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{inner dimensions differ: lhs has 3, rhs has 4}}
  %0 = "graph.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @batch_matmul_rank(%a: tensor<3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+1 {{operand 'lhs' must have rank at least 3, got 2}}
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @batch_matmul_batch(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+1 {{batch dimensions are not broadcast-compatible: [2] vs [3]}}
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @batch_matmul_result(%a: tensor<2x3x4xf32>, %b: tensor<1x4x5xf32>) {
  // expected-error @+1 {{result shape [2, 3, 4] does not match inferred [2, 3, 5]}}
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<2x3x4xf32>, tensor<1x4x5xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @dense_inner(%x: tensor<?x64xf32>, %w: tensor<10x32xf32>) {
  // expected-error @+1 {{inner dimensions differ: input has 64, weight has 32}}
  %0 = "graph.dense"(%x, %w) : (tensor<?x64xf32>, tensor<10x32xf32>) -> tensor<?x10xf32>
  return
}

// -----

func.func @dense_bias(%x: tensor<?x64xf32>, %w: tensor<10x64xf32>, %b: tensor<64xf32>) {
  // expected-error @+1 {{operand 'bias' shape [64] does not match expected [10]}}
  %0 = "graph.dense"(%x, %w, %b) : (tensor<?x64xf32>, tensor<10x64xf32>, tensor<64xf32>) -> tensor<?x10xf32>
  return
}

// ---- conv2d ------------------------------------------------------------------

// -----

func.func @conv_result(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{result shape [1, 4, 8, 8] does not match inferred [1, 4, 6, 6]}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

func.func @conv_strides_length(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'strides' must have 2 elements, got 3}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_strides_positive(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'strides' must be at least 1, got 0}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 0, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_padding_negative(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'padding' must be at least 0, got -1}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, -1, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_strides_i32(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'strides' must be an array<i64: ...> attribute}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i32: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_groups_i32(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'groups' must be an i64 integer attribute}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i32, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_groups_zero(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'groups' must be at least 1, got 0}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 0 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_input_groups(%x: tensor<1x6x8x8xf32>, %w: tensor<4x1x3x3xf32>) {
  // expected-error @+1 {{input channels 6 are not divisible by groups 4}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 4 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x6x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_weight_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{weight has 4 input channels, expected 2 (input channels / groups)}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 2 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_output_groups(%x: tensor<1x4x8x8xf32>, %w: tensor<6x1x3x3xf32>) {
  // expected-error @+1 {{output channels 6 are not divisible by groups 4}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 4 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv_bad_layout(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'data_layout' is not a valid layout: "NCHW8C"}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW8C", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_layout_axes(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'kernel_layout' must have the axes OIHW, each once (e.g. "OIHW"), got "OIDW"}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIDW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_layout_rank(%x: tensor<1x4x8x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{operand 'input' has rank 5 but 'data_layout' has 4 axes}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_block_dim(%x: tensor<1x4x8x8x4xf32>, %w: tensor<4x4x3x3x8x8xf32>) {
  // expected-error @+1 {{dimension 4 of operand 'input' must be 8 (block 'c' of 'data_layout'), got 4}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW8c", kernel_layout = "OIHW8i8o"}
      : (tensor<1x4x8x8x4xf32>, tensor<4x4x3x3x8x8xf32>) -> tensor<1x4x6x6x8xf32>
  return
}

// -----

func.func @conv_output_block(%x: tensor<1x2x8x8x8xf32>, %w: tensor<12x16x3x3xf32>) {
  // 12 output channels do not fill blocks of 8.
  // expected-error @+1 {{size 12 of axis 'C' is not divisible by its block 8 in 'data_layout'}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW8c", kernel_layout = "OIHW"}
      : (tensor<1x2x8x8x8xf32>, tensor<12x16x3x3xf32>) -> tensor<1x2x6x6x8xf32>
  return
}

// -----

func.func @conv_window(%x: tensor<1x4x2x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{output size along 'H' would be 0 (window larger than the padded input)}}
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x2x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x1x6xf32>
  return
}

// -----

func.func @conv_bias_type(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>, %b: tensor<4xf16>) {
  // expected-error @+1 {{element type of 'bias' (f16) differs from 'input' (f32)}}
  %0 = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<4xf16>) -> tensor<1x4x6x6xf32>
  return
}

// ---- Pooling -----------------------------------------------------------------

// -----

func.func @pool_result(%x: tensor<1x1x5x5xf32>) {
  // Without ceil_mode 5 gives 2 windows of 2 (stride 2).
  // expected-error @+1 {{result shape [1, 1, 3, 3] does not match inferred [1, 1, 2, 2]}}
  %0 = "graph.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  return
}

// -----

func.func @pool_indices_storage_order(%x: tensor<1x1x4x4xf32>) {
  // expected-error @+1 {{'storage_order' must be 0 or 1, got 2}}
  %0 = "graph.max_pool2d_indices"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 2 : i64, layout = "NCHW"} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xi64>
  return
}

// -----

func.func @pool_indices_f32_result(%x: tensor<1x1x4x4xf32>) {
  // expected-error @+1 {{result element type f32 does not match expected i64}}
  %0 = "graph.max_pool2d_indices"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 0 : i64, layout = "NCHW"} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @pool_ceil_mode_i64(%x: tensor<1x1x5x5xf32>) {
  // expected-error @+1 {{'ceil_mode' must be a bool attribute (true or false)}}
  %0 = "graph.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = 0 : i64, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @pool_window(%x: tensor<1x1x3x3xf32>) {
  // expected-error @+1 {{output size along 'W' would be -1 (window larger than the padded input)}}
  %0 = "graph.avg_pool2d"(%x) {kernel = array<i64: 1, 5>, strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      ceil_mode = false, count_include_pad = true, layout = "NCHW"} : (tensor<1x1x3x3xf32>) -> tensor<1x1x3x1xf32>
  return
}

// -----

// ---- conv3d / max_pool3d / avg_pool3d ---------------------------------------

func.func @conv3d_result(%x: tensor<1x2x5x6x7xf32>, %w: tensor<4x2x3x3x3xf32>) {
  // expected-error @+1 {{result shape [1, 4, 5, 6, 7] does not match inferred [1, 4, 3, 4, 5]}}
  %0 = "graph.conv3d"(%x, %w) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>,
      dilation = array<i64: 1, 1, 1>, groups = 1 : i64, data_layout = "NCDHW", kernel_layout = "OIDHW"}
      : (tensor<1x2x5x6x7xf32>, tensor<4x2x3x3x3xf32>) -> tensor<1x4x5x6x7xf32>
  return
}

// -----

func.func @conv3d_padding_length(%x: tensor<1x2x5x6x7xf32>, %w: tensor<4x2x3x3x3xf32>) {
  // expected-error @+1 {{'padding' must have 6 elements, got 4}}
  %0 = "graph.conv3d"(%x, %w) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1, 1>, groups = 1 : i64, data_layout = "NCDHW", kernel_layout = "OIDHW"}
      : (tensor<1x2x5x6x7xf32>, tensor<4x2x3x3x3xf32>) -> tensor<1x4x3x4x5xf32>
  return
}

// -----

func.func @conv3d_2d_layout(%x: tensor<1x2x5x6x7xf32>, %w: tensor<4x2x3x3x3xf32>) {
  // expected-error @+1 {{'data_layout' must have the axes NCDHW, each once (e.g. "NCDHW"), got "NCHW"}}
  %0 = "graph.conv3d"(%x, %w) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>,
      dilation = array<i64: 1, 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIDHW"}
      : (tensor<1x2x5x6x7xf32>, tensor<4x2x3x3x3xf32>) -> tensor<1x4x3x4x5xf32>
  return
}

// -----

func.func @pool3d_window(%x: tensor<1x1x3x3x3xf32>) {
  // expected-error @+1 {{output size along 'D' would be -1 (window larger than the padded input)}}
  %0 = "graph.max_pool3d"(%x) {kernel = array<i64: 5, 1, 1>, strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>,
      dilation = array<i64: 1, 1, 1>, ceil_mode = false, layout = "NCDHW"} : (tensor<1x1x3x3x3xf32>) -> tensor<1x1x1x3x3xf32>
  return
}

// -----

func.func @avg_pool3d_kernel_length(%x: tensor<1x1x3x3x3xf32>) {
  // expected-error @+1 {{'kernel' must have 3 elements, got 2}}
  %0 = "graph.avg_pool3d"(%x) {kernel = array<i64: 1, 1>, strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>,
      ceil_mode = false, count_include_pad = false, layout = "NCDHW"} : (tensor<1x1x3x3x3xf32>) -> tensor<1x1x3x3x3xf32>
  return
}

// -----

func.func @global_pool_result(%x: tensor<1x7x7x8xf32>) {
  // expected-error @+1 {{result shape [1, 8, 1, 1] does not match inferred [1, 1, 1, 8]}}
  %0 = "graph.global_avg_pool2d"(%x) {layout = "NHWC"} : (tensor<1x7x7x8xf32>) -> tensor<1x8x1x1xf32>
  return
}

// ---- Normalization -----------------------------------------------------------

// -----

func.func @batch_norm_param(%x: tensor<?x64x7x7xf32>, %p: tensor<64xf32>, %q: tensor<32xf32>) {
  // expected-error @+1 {{operand 'var' shape [32] does not match expected [64]}}
  %0 = "graph.batch_norm"(%x, %p, %p, %p, %q) {epsilon = 1.0e-05 : f32, axis = 1 : i64}
      : (tensor<?x64x7x7xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<32xf32>) -> tensor<?x64x7x7xf32>
  return
}

// -----

func.func @batch_norm_epsilon(%x: tensor<?x64x7x7xf32>, %p: tensor<64xf32>) {
  // expected-error @+1 {{'epsilon' must be non-negative, got -1}}
  %0 = "graph.batch_norm"(%x, %p, %p, %p, %p) {epsilon = -1.0 : f32, axis = 1 : i64}
      : (tensor<?x64x7x7xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x7x7xf32>
  return
}

// -----

func.func @softmax_axis(%x: tensor<2x10xf32>) {
  // expected-error @+1 {{'axis' value 2 is out of range [0, 2)}}
  %0 = "graph.softmax"(%x) {axis = 2 : i64} : (tensor<2x10xf32>) -> tensor<2x10xf32>
  return
}

// -----

func.func @softmax_negative_axis(%x: tensor<2x10xf32>) {
  // Axes are normalized: frontends turn -1 into rank - 1.
  // expected-error @+1 {{'axis' value -1 is out of range [0, 2)}}
  %0 = "graph.softmax"(%x) {axis = -1 : i64} : (tensor<2x10xf32>) -> tensor<2x10xf32>
  return
}

// ---- Data movement -----------------------------------------------------------

// -----

func.func @reshape_count(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{result shape [5, 5] cannot hold the 24 elements of the input}}
  %0 = "graph.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<5x5xf32>
  return
}

// -----

func.func @reshape_dynamic_count(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{result shape [?, 5] cannot hold the 24 elements of the input}}
  %0 = "graph.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<?x5xf32>
  return
}

// -----

func.func @transpose_perm(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'perm' contains 0 more than once}}
  %0 = "graph.transpose"(%x) {perm = array<i64: 0, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x2x3xf32>
  return
}

// -----

func.func @transpose_result(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{result shape [2, 3, 4] does not match inferred [4, 2, 3]}}
  %0 = "graph.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @concat_dims(%a: tensor<1x64x28x28xf32>, %b: tensor<1x32x14x14xf32>) {
  // expected-error @+1 {{operands differ in dimension 2: 28 vs 14}}
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<1x64x28x28xf32>, tensor<1x32x14x14xf32>) -> tensor<1x96x28x28xf32>
  return
}

// -----

func.func @concat_rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{operand 'rhs' must have rank 2, got 1}}
  %0 = "graph.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @concat_result(%a: tensor<1x64x28x28xf32>, %b: tensor<1x32x28x28xf32>) {
  // expected-error @+1 {{result shape [1, 64, 28, 28] does not match inferred [1, 96, 28, 28]}}
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<1x64x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x64x28x28xf32>
  return
}

// -----

func.func @slice_order(%x: tensor<8xf32>) {
  // expected-error @+1 {{'ends' value 2 is less than start 4 in dimension 0}}
  %0 = "graph.slice"(%x) {starts = array<i64: 4>, ends = array<i64: 2>, steps = array<i64: 1>} : (tensor<8xf32>) -> tensor<0xf32>
  return
}

// -----

func.func @slice_start(%x: tensor<8xf32>) {
  // expected-error @+1 {{start 9 is beyond dimension 0 of size 8}}
  %0 = "graph.slice"(%x) {starts = array<i64: 9>, ends = array<i64: 10>, steps = array<i64: 1>} : (tensor<8xf32>) -> tensor<0xf32>
  return
}

// -----

func.func @slice_step(%x: tensor<8xf32>) {
  // expected-error @+1 {{'steps' must be at least 1, got -1}}
  %0 = "graph.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 8>, steps = array<i64: -1>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @slice_result(%x: tensor<8xf32>) {
  // [1:8:3] has 3 elements (1, 4, 7).
  // expected-error @+1 {{result shape [2] does not match inferred [3]}}
  %0 = "graph.slice"(%x) {starts = array<i64: 1>, ends = array<i64: 8>, steps = array<i64: 3>} : (tensor<8xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_length(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'pads' must have 4 elements, got 2}}
  %0 = "graph.pad"(%x) {pads = array<i64: 1, 1>, pad_value = 0.0 : f32} : (tensor<2x3xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @pad_value(%x: tensor<2x3xi8>) {
  // expected-error @+1 {{'pad_value' type f32 does not match element type i8}}
  %0 = "graph.pad"(%x) {pads = array<i64: 1, 1, 1, 1>, pad_value = 0.0 : f32} : (tensor<2x3xi8>) -> tensor<4x5xi8>
  return
}

// -----

func.func @pad_mode_unknown(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mode' must be one of "constant", "reflect", "edge", got "wrap"}}
  %0 = "graph.pad"(%x) {pads = array<i64: 1, 1, 1, 1>, pad_value = 0.0 : f32, mode = "wrap"} : (tensor<2x3xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @pad_mode_kind(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mode' must be a string attribute}}
  %0 = "graph.pad"(%x) {pads = array<i64: 1, 1, 1, 1>, pad_value = 0.0 : f32, mode = 1 : i64} : (tensor<2x3xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @pad_reflect_too_wide(%x: tensor<2x3xf32>) {
  // A reflected pad must be smaller than the dim: 3 >= 3 on dim 1.
  // expected-error @+1 {{reflect pads must be less than the dimension size: dimension 1 has size 3, pads 0 and 3}}
  %0 = "graph.pad"(%x) {pads = array<i64: 1, 0, 1, 3>, pad_value = 0.0 : f32, mode = "reflect"} : (tensor<2x3xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @pad_reflect_size1(%x: tensor<1x3xf32>) {
  // expected-error @+1 {{reflect pads must be less than the dimension size: dimension 0 has size 1, pads 1 and 0}}
  %0 = "graph.pad"(%x) {pads = array<i64: 1, 0, 0, 0>, pad_value = 0.0 : f32, mode = "reflect"} : (tensor<1x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_edge_empty(%x: tensor<0x3xf32>) {
  // expected-error @+1 {{edge padding of dimension 0, which has size 0}}
  %0 = "graph.pad"(%x) {pads = array<i64: 0, 0, 1, 0>, pad_value = 0.0 : f32, mode = "edge"} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @flatten_axis(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'axis' value 4 is out of range [0, 4)}}
  %0 = "graph.flatten"(%x) {axis = 4 : i64} : (tensor<2x3x4xf32>) -> tensor<24x1xf32>
  return
}

// -----

func.func @flatten_result(%x: tensor<?x3x4xf32>) {
  // expected-error @+1 {{result shape [?, 24] does not match inferred [?, 12]}}
  %0 = "graph.flatten"(%x) {axis = 1 : i64} : (tensor<?x3x4xf32>) -> tensor<?x24xf32>
  return
}

// ---- Reductions --------------------------------------------------------------

// -----

func.func @reduce_no_axes(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'axes' must have between 1 and 2 elements, got 0}}
  %0 = "graph.reduce_sum"(%x) {axes = array<i64>, keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  return
}

// -----

func.func @reduce_axis_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'axes' value 2 is out of range [0, 2)}}
  %0 = "graph.reduce_max"(%x) {axes = array<i64: 2>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_keepdims(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result shape [2] does not match inferred [2, 1]}}
  %0 = "graph.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// ---- Types and layouts -------------------------------------------------------

// -----

func.func @cast_shape(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result shape [3, 2] does not match inferred [2, 3]}}
  %0 = "graph.cast"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf16>
  return
}

// -----

func.func @layout_axes(%x: tensor<1x32x7x7xf32>) {
  // expected-error @+1 {{'src_layout' "NCHW" and 'dst_layout' "NCDHW" have different axes}}
  %0 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCDHW"} : (tensor<1x32x7x7xf32>) -> tensor<1x32x1x7x7xf32>
  return
}

// -----

func.func @layout_invalid(%x: tensor<1x32x7x7xf32>) {
  // A block of an axis the layout lacks.
  // expected-error @+1 {{'dst_layout' is not a valid layout: "NCHW8d"}}
  %0 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCHW8d"} : (tensor<1x32x7x7xf32>) -> tensor<1x4x7x7x8xf32>
  return
}

// -----

func.func @layout_divisible(%x: tensor<1x30x7x7xf32>) {
  // expected-error @+1 {{size 30 of axis 'C' is not divisible by its block 8 in 'dst_layout'}}
  %0 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCHW8c"} : (tensor<1x30x7x7xf32>) -> tensor<1x4x7x7x8xf32>
  return
}

// -----

func.func @layout_result(%x: tensor<1x32x7x7xf32>) {
  // expected-error @+1 {{result shape [1, 4, 7, 7, 8] does not match inferred [1, 2, 7, 7, 16]}}
  %0 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCHW16c"} : (tensor<1x32x7x7xf32>) -> tensor<1x4x7x7x8xf32>
  return
}

// ---- Comparison and selection --------------------------------------------------

// -----

func.func @compare_result_not_i1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'graph.equal' op result element type f32 does not match expected i1}}
  %0 = "graph.equal"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @compare_not_broadcastable(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'graph.less' op operands are not broadcast-compatible: [2, 3] vs [4]}}
  %0 = "graph.less"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xi1>
  return
}

// -----

func.func @where_condition_type(%c: tensor<2x3xi8>, %x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.where' op operand 'condition' must have element type i1, got i8}}
  %0 = "graph.where"(%c, %x, %x) : (tensor<2x3xi8>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @where_value_types(%c: tensor<2x3xi1>, %x: tensor<2x3xf32>, %y: tensor<2x3xf16>) {
  // expected-error @+1 {{'graph.where' op element type of 'y' (f16) differs from 'x' (f32)}}
  %0 = "graph.where"(%c, %x, %y) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<2x3xf32>
  return
}

// -----

func.func @where_values_not_broadcastable(%c: tensor<2x3xi1>, %x: tensor<2x3xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'graph.where' op 'x' and 'y' are not broadcast-compatible: [2, 3] vs [2]}}
  %0 = "graph.where"(%c, %x, %y) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @where_condition_not_broadcastable(%c: tensor<4x1xi1>, %x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.where' op 'condition' and the values are not broadcast-compatible: [4, 1] vs [2, 3]}}
  %0 = "graph.where"(%c, %x, %x) : (tensor<4x1xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @where_result_shape(%c: tensor<3xi1>, %x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.where' op result shape [3] does not match inferred [2, 3]}}
  %0 = "graph.where"(%c, %x, %x) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// ---- Gather and expand -----------------------------------------------------------

// -----

func.func @gather_index_type(%d: tensor<5x3xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'graph.gather' op operand 'indices' must have element type i32 or i64, got f32}}
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_elements_rank(%d: tensor<5x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'graph.gather_elements' op operand 'indices' must have rank 2, got 1}}
  %0 = "graph.gather_elements"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_elements_dim(%d: tensor<5x3xf32>, %i: tensor<2x4xi64>) {
  // expected-error @+1 {{'graph.gather_elements' op dim 1 of 'indices' is 4, more than data's 3}}
  %0 = "graph.gather_elements"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_elements_index_type(%d: tensor<5x3xf32>, %i: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.gather_elements' op operand 'indices' must have element type i32 or i64, got f32}}
  %0 = "graph.gather_elements"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @scatter_elements_updates(%d: tensor<5x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x2xf32>) {
  // expected-error @+1 {{'graph.scatter_elements' op operand 'updates' shape [2, 2] does not match expected [2, 3]}}
  %0 = "graph.scatter_elements"(%d, %i, %u) {axis = 0 : i64, reduction = "none"} : (tensor<5x3xf32>, tensor<2x3xi64>, tensor<2x2xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @scatter_elements_reduction(%d: tensor<5x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'reduction' must be one of "none", "add", "mul", "max", "min", got "sub"}}
  %0 = "graph.scatter_elements"(%d, %i, %u) {axis = 0 : i64, reduction = "sub"} : (tensor<5x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @scatter_elements_updates_type(%d: tensor<5x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xi32>) {
  // expected-error @+1 {{element type of 'updates' (i32) differs from 'data' (f32)}}
  %0 = "graph.scatter_elements"(%d, %i, %u) {axis = 0 : i64, reduction = "none"} : (tensor<5x3xf32>, tensor<2x3xi64>, tensor<2x3xi32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @gather_axis(%d: tensor<5x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'graph.gather' op 'axis' value 2 is out of range [0, 2)}}
  %0 = "graph.gather"(%d, %i) {axis = 2 : i64} : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_scalar_data(%d: tensor<f32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'graph.gather' op operand 'data' must have rank at least 1, got 0}}
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<f32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_rank(%d: tensor<1x1x1x1x1x1x1x1x2xf32>, %i: tensor<1x1x1x1x1x1x1x1x2xi64>) {
  // expected-error @+1 {{'graph.gather' op result rank 17 is more than the supported 16}}
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<1x1x1x1x1x1x1x1x2xf32>, tensor<1x1x1x1x1x1x1x1x2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_result_shape(%d: tensor<5x3xf32>, %i: tensor<2x4xi32>) {
  // expected-error @+1 {{'graph.gather' op result shape [2, 3] does not match inferred [2, 4, 3]}}
  %0 = "graph.gather"(%d, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<2x4xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @expand_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.expand' op result rank 1 is less than the input's 2}}
  %0 = "graph.expand"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @expand_shape(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.expand' op input shape [2, 3] cannot be broadcast to the result shape [4, 3]}}
  %0 = "graph.expand"(%x) : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @expand_shrink(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.expand' op input shape [2, 3] cannot be broadcast to the result shape [2, 1]}}
  %0 = "graph.expand"(%x) : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// ---- conv_transpose2d ---------------------------------------------------------------

// -----

func.func @convt_rank(%x: tensor<1x4x5xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'graph.conv_transpose2d' op operand 'input' must have rank 4, got 3}}
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<1x4x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @convt3d_rank(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'graph.conv_transpose3d' op operand 'input' must have rank 5, got 4}}
  %0 = "graph.conv_transpose3d"(%x, %w) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>, dilation = array<i64: 1, 1, 1>, output_padding = array<i64: 0, 0, 0>, groups = 1 : i64} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @convt3d_strides(%x: tensor<1x4x5x5x5xf32>, %w: tensor<4x2x3x3x3xf32>) {
  // expected-error @+1 {{'strides' must have 3 elements, got 2}}
  %0 = "graph.conv_transpose3d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>, dilation = array<i64: 1, 1, 1>, output_padding = array<i64: 0, 0, 0>, groups = 1 : i64} : (tensor<1x4x5x5x5xf32>, tensor<4x2x3x3x3xf32>) -> tensor<1x2x7x7x7xf32>
  return
}

// -----

func.func @convt_weight_channels(%x: tensor<1x4x5x5xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{'graph.conv_transpose2d' op weight has 3 input channels (dim 0), expected 4}}
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<1x4x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @convt_groups(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'graph.conv_transpose2d' op input channels 4 are not divisible by groups 3}}
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 3 : i64} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x6x7x7xf32>
  return
}

// -----

func.func @convt_output_padding(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'graph.conv_transpose2d' op 'output_padding' must be at least 0, got -1}}
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: -1, 0>, groups = 1 : i64} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @convt_too_much_padding(%x: tensor<1x4x1x1xf32>, %w: tensor<4x2x1x1xf32>) {
  // expected-error @+1 {{'graph.conv_transpose2d' op output size along 'H' would be -1 (window larger than the padded input)}}
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 1, 0, 1, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<1x4x1x1xf32>, tensor<4x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return
}

// -----

func.func @convt_bias(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'graph.conv_transpose2d' op operand 'bias' shape [4] does not match expected [2]}}
  %0 = "graph.conv_transpose2d"(%x, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, groups = 1 : i64} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @convt_result_shape(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'graph.conv_transpose2d' op result shape [1, 2, 7, 7] does not match inferred [1, 2, 12, 12]}}
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// ---- resize --------------------------------------------------------------------------

// -----

func.func @resize_mode(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op 'mode' must be one of "nearest", "linear", "cubic", got "bicubic"}}
  %0 = "graph.resize"(%x) {mode = "bicubic", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_coordinate_mode(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op 'coordinate_transformation_mode' must be one of "half_pixel", "asymmetric", "align_corners", "pytorch_half_pixel", "tf_crop_and_resize", "half_pixel_symmetric", got "tf_half_pixel_for_nn"}}
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "tf_half_pixel_for_nn", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_crop_roi(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op tf_crop_and_resize needs 'roi', an array<f64> of 8 values (starts, then ends)}}
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "tf_crop_and_resize", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_cubic_coeff(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op 'cubic_coeff_a' must be a float attribute}}
  %0 = "graph.resize"(%x) {mode = "cubic", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>, cubic_coeff_a = "a"} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_nearest_mode(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op 'nearest_mode' must be one of "round_prefer_floor", "round_prefer_ceil", "floor", "ceil", got "round"}}
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "round", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_rank(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op result rank 2 differs from the input's 4}}
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @resize_linear_int(%x: tensor<1x1x2x2xi32>) {
  // expected-error @+1 {{'graph.resize' op operand element type must be a float type, got i32}}
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xi32>) -> tensor<1x1x4x4xi32>
  return
}

// -----

func.func @resize_scales_kind(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op 'scales' must be an array<f64: ...> attribute}}
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f32: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_scales_count(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op 'scales' must have 4 elements, got 2}}
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f64: 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_scales_positive(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op 'scales' must be positive, got 0}}
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 0.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @resize_size(%x: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'graph.resize' op result dimension 3 is 5 but input size 2 times scale 2 is 4}}
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x5xf32>
  return
}

// -----

func.func @resize_antialias_bool(%x: tensor<1x1x4x4xf32>) {
  // expected-error @+1 {{'graph.resize' op 'antialias' must be a bool attribute}}
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "half_pixel", nearest_mode = "floor", antialias = 1 : i64, scales = array<f64: 1.0, 1.0, 0.5, 0.5>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

func.func @argmax_axis(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'graph.argmax' op 'axis' value 2 is out of range [0, 2)}}
  %0 = "graph.argmax"(%x) {axis = 2 : i64, keepdims = true, select_last_index = false} : (tensor<3x4xf32>) -> tensor<3x1xi64>
  return
}

// -----

func.func @argmin_result_type(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'graph.argmin' op result element type i32 does not match expected i64}}
  %0 = "graph.argmin"(%x) {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<3x4xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @cumsum_exclusive(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'graph.cumsum' op 'exclusive' must be a bool attribute (true or false)}}
  %0 = "graph.cumsum"(%x) {axis = 1 : i64, exclusive = 1 : i64, reverse = false} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @grid_sample_input_rank(%x: tensor<1x2x3x3x3x3xf32>, %g: tensor<1x3x4x2xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op operand 'input' must have rank 3, 4 or 5 (1 to 3 spatial dims), got 6}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3x3x3xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_grid_rank(%x: tensor<1x2x3x3xf32>, %g: tensor<1x3x2xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op operand 'grid' must have rank 4, got 3}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3xf32>, tensor<1x3x2xf32>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_elem(%x: tensor<1x2x3x3xf32>, %g: tensor<1x3x4x2xf16>) {
  // expected-error @+1 {{'graph.grid_sample' op element type of 'grid' (f16) differs from 'input' (f32)}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3xf32>, tensor<1x3x4x2xf16>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_float(%x: tensor<1x2x3x3xi32>, %g: tensor<1x3x4x2xi32>) {
  // expected-error @+1 {{'graph.grid_sample' op operand element type must be a float type, got i32}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3xi32>, tensor<1x3x4x2xi32>) -> tensor<1x2x3x4xi32>
  return
}

// -----

func.func @grid_sample_mode(%x: tensor<1x2x3x3xf32>, %g: tensor<1x3x4x2xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op 'mode' must be one of "bilinear", "nearest", "bicubic", got "linear"}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "linear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_padding(%x: tensor<1x2x3x3xf32>, %g: tensor<1x3x4x2xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op 'padding_mode' must be one of "zeros", "border", "reflection", got "wrap"}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "wrap", align_corners = false} : (tensor<1x2x3x3xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_align(%x: tensor<1x2x3x3xf32>, %g: tensor<1x3x4x2xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op 'align_corners' must be a bool attribute (true or false)}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = 1 : i64} : (tensor<1x2x3x3xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_coords(%x: tensor<1x2x3x3xf32>, %g: tensor<1x3x4x3xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op operand 'grid' must hold 2 coordinates in its last dim, got 3}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3xf32>, tensor<1x3x4x3xf32>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_batch(%x: tensor<1x2x3x3xf32>, %g: tensor<2x3x4x2xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op batch of 'grid' (2) differs from 'input' (1)}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3xf32>, tensor<2x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return
}

// -----

func.func @grid_sample_result(%x: tensor<1x2x3x3xf32>, %g: tensor<1x3x4x2xf32>) {
  // expected-error @+1 {{'graph.grid_sample' op result shape [1, 2, 4, 3] does not match inferred [1, 2, 3, 4]}}
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<1x2x3x3xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x4x3xf32>
  return
}

// -----

func.func @string_normalizer_numeric(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.string_normalizer' op operand 'input' must be a tensor of !graph.string, got f32}}
  %0 = "graph.string_normalizer"(%x) {case_change_action = "NONE", is_case_sensitive = false, stopwords = []} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @string_normalizer_rank(%x: tensor<2x3x!graph.string>) {
  // expected-error @+1 {{'graph.string_normalizer' op operand 'input' must have shape [C] or [1, C], got [2, 3]}}
  %0 = "graph.string_normalizer"(%x) {case_change_action = "NONE", is_case_sensitive = false, stopwords = []} : (tensor<2x3x!graph.string>) -> tensor<2x3x!graph.string>
  return
}

// -----

func.func @string_normalizer_action(%x: tensor<3x!graph.string>) {
  // expected-error @+1 {{'graph.string_normalizer' op 'case_change_action' must be one of "NONE", "LOWER", "UPPER", got "TITLE"}}
  %0 = "graph.string_normalizer"(%x) {case_change_action = "TITLE", is_case_sensitive = false, stopwords = []} : (tensor<3x!graph.string>) -> tensor<3x!graph.string>
  return
}

// -----

func.func @string_normalizer_stopwords(%x: tensor<3x!graph.string>) {
  // expected-error @+1 {{'graph.string_normalizer' op 'stopwords' must be an array of strings (element 1 is not)}}
  %0 = "graph.string_normalizer"(%x) {case_change_action = "NONE", is_case_sensitive = false, stopwords = ["a", 3]} : (tensor<3x!graph.string>) -> tensor<3x!graph.string>
  return
}

// -----

func.func @string_normalizer_result_rank(%x: tensor<1x3x!graph.string>) {
  // expected-error @+1 {{'graph.string_normalizer' op result shape [3] does not match inferred [1, ?]}}
  %0 = "graph.string_normalizer"(%x) {case_change_action = "NONE", is_case_sensitive = false, stopwords = []} : (tensor<1x3x!graph.string>) -> tensor<3x!graph.string>
  return
}

// -----

func.func @string_concat_numeric(%x: tensor<2xf32>) {
  // expected-error @+1 {{'graph.string_concat' op operand 'lhs' must be a tensor of !graph.string, got f32}}
  %0 = "graph.string_concat"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @string_split_numeric(%x: tensor<2xi64>) {
  // expected-error @+1 {{'graph.string_split' op operand 'input' must be a tensor of !graph.string, got i64}}
  %0 = "graph.string_split"(%x) {delimiter = "", maxsplit = -1 : i64, part = "counts"} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

func.func @string_split_part(%x: tensor<2x!graph.string>) {
  // expected-error @+1 {{'graph.string_split' op 'part' must be one of "pieces", "counts", got "words"}}
  %0 = "graph.string_split"(%x) {delimiter = "", maxsplit = -1 : i64, part = "words"} : (tensor<2x!graph.string>) -> tensor<2xi64>
  return
}

// -----

func.func @string_split_delimiter(%x: tensor<2x!graph.string>) {
  // IRDL's own check.
  // expected-error @+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
  %0 = "graph.string_split"(%x) {delimiter = 1 : i64, maxsplit = -1 : i64, part = "counts"} : (tensor<2x!graph.string>) -> tensor<2xi64>
  return
}

// -----

func.func @string_split_rank(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x!graph.string>) {
  // expected-error @+1 {{'graph.string_split' op operand 'input' has rank 16; the pieces need one more dim (at most 16)}}
  %0 = "graph.string_split"(%x) {delimiter = "", maxsplit = -1 : i64, part = "pieces"} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x!graph.string>) -> tensor<1x!graph.string>
  return
}

// -----

func.func @string_split_counts_type(%x: tensor<2x!graph.string>) {
  // expected-error @+1 {{'graph.string_split' op result element type i32 does not match expected i64}}
  %0 = "graph.string_split"(%x) {delimiter = "", maxsplit = -1 : i64, part = "counts"} : (tensor<2x!graph.string>) -> tensor<2xi32>
  return
}

// -----

func.func @regex_numeric(%x: tensor<2xf32>) {
  // expected-error @+1 {{'graph.regex_full_match' op operand 'input' must be a tensor of !graph.string, got f32}}
  %0 = "graph.regex_full_match"(%x) {pattern = "a"} : (tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @regex_pattern(%x: tensor<2x!graph.string>) {
  // IRDL's own check.
  // expected-error @+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
  %0 = "graph.regex_full_match"(%x) {pattern = 1 : i64} : (tensor<2x!graph.string>) -> tensor<2xi1>
  return
}

// -----

func.func @label_lookup_keys(%x: tensor<2x!graph.string>) {
  // expected-error @+1 {{'graph.label_lookup' op 'keys' must be an array of strings for !graph.string input}}
  %0 = "graph.label_lookup"(%x) {keys = array<i64: 1>} : (tensor<2x!graph.string>) -> tensor<2xi64>
  return
}

// -----

func.func @label_lookup_int_keys(%x: tensor<2xi64>) {
  // expected-error @+1 {{'graph.label_lookup' op 'keys' must be an array<i64: ...> attribute for i64 input}}
  %0 = "graph.label_lookup"(%x) {keys = ["a"]} : (tensor<2xi64>) -> tensor<2xi64>
  return
}

// -----

func.func @label_lookup_float_keys(%x: tensor<2xf32>) {
  // expected-error @+1 {{'graph.label_lookup' op 'keys' must be an array<f64: ...> attribute for f32 input}}
  %0 = "graph.label_lookup"(%x) {keys = array<i64: 1>} : (tensor<2xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @label_lookup_input(%x: tensor<2xui8>) {
  // expected-error @+1 {{'graph.label_lookup' op operand 'input' must be a tensor of !graph.string, signless integers or floats, got ui8}}
  %0 = "graph.label_lookup"(%x) {keys = array<i64: 1>} : (tensor<2xui8>) -> tensor<2xi64>
  return
}
