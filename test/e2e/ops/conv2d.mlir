// End-to-end: graph.conv2d compiled by Strata (strata-run) against
// strata-reference on the same random inputs (uniform in [-1, 1), seed 7).
// Cases: strides, symmetric/asymmetric padding, dilation (square and
// per-axis), groups (2, 3, depthwise, depthwise with multiplier 2, dilated
// depthwise), bias, batch 2, 1x1 kernels, odd spatial sizes (7x9, 13x7),
// NCHW/OIHW, NHWC with HWIO/OHWI, and the blocked NCHW4c/OIHW4i4o.
// Tolerances: rtol 1e-4, atol 1e-5. Each output sums at most C/groups*KH*KW
// = 45 products of values in [-1, 1) (plus a bias); f32 accumulation in any
// order is within ~45 * 2^-24 * |partial sums| < 1e-5 of the double
// reference, usually far less; atol covers outputs that cancel to near 0.

// RUN: strata-reference %s --entry conv_basic --seed 7 --output %t.conv_basic.npy
// RUN: strata-run %s --entry conv_basic --seed 7 --expected %t.conv_basic.npy --rtol 1e-4 --atol 1e-5
func.func @conv_basic(%a: tensor<1x3x7x9xf32>, %b: tensor<4x3x3x3xf32>) -> tensor<1x4x5x7xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x7x9xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x7xf32>
  return %0 : tensor<1x4x5x7xf32>
}

// RUN: strata-reference %s --entry conv_bias --seed 7 --output %t.conv_bias.npy
// RUN: strata-run %s --entry conv_bias --seed 7 --expected %t.conv_bias.npy --rtol 1e-4 --atol 1e-5
func.func @conv_bias(%a: tensor<1x3x7x9xf32>, %b: tensor<4x3x3x3xf32>, %c: tensor<4xf32>) -> tensor<1x4x5x7xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x7x9xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x5x7xf32>
  return %0 : tensor<1x4x5x7xf32>
}

// RUN: strata-reference %s --entry conv_stride2_pad1 --seed 7 --output %t.conv_stride2_pad1.npy
// RUN: strata-run %s --entry conv_stride2_pad1 --seed 7 --expected %t.conv_stride2_pad1.npy --rtol 1e-4 --atol 1e-5
func.func @conv_stride2_pad1(%a: tensor<1x3x7x9xf32>, %b: tensor<4x3x3x3xf32>, %c: tensor<4xf32>) -> tensor<1x4x4x5xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x7x9xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x5xf32>
  return %0 : tensor<1x4x4x5xf32>
}

// RUN: strata-reference %s --entry conv_asym_pad_stride --seed 7 --output %t.conv_asym_pad_stride.npy
// RUN: strata-run %s --entry conv_asym_pad_stride --seed 7 --expected %t.conv_asym_pad_stride.npy --rtol 1e-4 --atol 1e-5
func.func @conv_asym_pad_stride(%a: tensor<1x3x7x9xf32>, %b: tensor<5x3x3x3xf32>) -> tensor<1x5x4x8xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 2, 1>, padding = array<i64: 1, 0, 2, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x7x9xf32>, tensor<5x3x3x3xf32>) -> tensor<1x5x4x8xf32>
  return %0 : tensor<1x5x4x8xf32>
}

// RUN: strata-reference %s --entry conv_dilation2 --seed 7 --output %t.conv_dilation2.npy
// RUN: strata-run %s --entry conv_dilation2 --seed 7 --expected %t.conv_dilation2.npy --rtol 1e-4 --atol 1e-5
func.func @conv_dilation2(%a: tensor<1x3x9x11xf32>, %b: tensor<4x3x3x3xf32>) -> tensor<1x4x9x11xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 2, 2, 2, 2>, dilation = array<i64: 2, 2>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x9x11xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x9x11xf32>
  return %0 : tensor<1x4x9x11xf32>
}

// RUN: strata-reference %s --entry conv_dilation_2x1 --seed 7 --output %t.conv_dilation_2x1.npy
// RUN: strata-run %s --entry conv_dilation_2x1 --seed 7 --expected %t.conv_dilation_2x1.npy --rtol 1e-4 --atol 1e-5
func.func @conv_dilation_2x1(%a: tensor<1x2x9x8xf32>, %b: tensor<3x2x3x2xf32>) -> tensor<1x3x5x4xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 2, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x9x8xf32>, tensor<3x2x3x2xf32>) -> tensor<1x3x5x4xf32>
  return %0 : tensor<1x3x5x4xf32>
}

// RUN: strata-reference %s --entry conv_big_kernel --seed 7 --output %t.conv_big_kernel.npy
// RUN: strata-run %s --entry conv_big_kernel --seed 7 --expected %t.conv_big_kernel.npy --rtol 1e-4 --atol 1e-5
func.func @conv_big_kernel(%a: tensor<2x3x13x7xf32>, %b: tensor<5x3x5x3xf32>, %c: tensor<5xf32>) -> tensor<2x5x5x3xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 3, 2>, padding = array<i64: 2, 1, 2, 1>, dilation = array<i64: 1, 2>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<2x3x13x7xf32>, tensor<5x3x5x3xf32>, tensor<5xf32>) -> tensor<2x5x5x3xf32>
  return %0 : tensor<2x5x5x3xf32>
}

// RUN: strata-reference %s --entry conv_1x1 --seed 7 --output %t.conv_1x1.npy
// RUN: strata-run %s --entry conv_1x1 --seed 7 --expected %t.conv_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @conv_1x1(%a: tensor<2x8x5x5xf32>, %b: tensor<16x8x1x1xf32>, %c: tensor<16xf32>) -> tensor<2x16x5x5xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<2x8x5x5xf32>, tensor<16x8x1x1xf32>, tensor<16xf32>) -> tensor<2x16x5x5xf32>
  return %0 : tensor<2x16x5x5xf32>
}

// RUN: strata-reference %s --entry conv_1x1_spatial --seed 7 --output %t.conv_1x1_spatial.npy
// RUN: strata-run %s --entry conv_1x1_spatial --seed 7 --expected %t.conv_1x1_spatial.npy --rtol 1e-4 --atol 1e-5
func.func @conv_1x1_spatial(%a: tensor<1x4x1x1xf32>, %b: tensor<3x4x1x1xf32>) -> tensor<1x3x1x1xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x1x1xf32>, tensor<3x4x1x1xf32>) -> tensor<1x3x1x1xf32>
  return %0 : tensor<1x3x1x1xf32>
}

// RUN: strata-reference %s --entry conv_batch2 --seed 7 --output %t.conv_batch2.npy
// RUN: strata-run %s --entry conv_batch2 --seed 7 --expected %t.conv_batch2.npy --rtol 1e-4 --atol 1e-5
func.func @conv_batch2(%a: tensor<2x3x6x6xf32>, %b: tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<2x3x6x6xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x6xf32>
  return %0 : tensor<2x4x6x6xf32>
}

// RUN: strata-reference %s --entry conv_groups2 --seed 7 --output %t.conv_groups2.npy
// RUN: strata-run %s --entry conv_groups2 --seed 7 --expected %t.conv_groups2.npy --rtol 1e-4 --atol 1e-5
func.func @conv_groups2(%a: tensor<1x4x6x7xf32>, %b: tensor<6x2x3x3xf32>, %c: tensor<6xf32>) -> tensor<1x6x6x7xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 2 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x6x7xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x6x7xf32>
  return %0 : tensor<1x6x6x7xf32>
}

// RUN: strata-reference %s --entry conv_groups3_stride2 --seed 7 --output %t.conv_groups3_stride2.npy
// RUN: strata-run %s --entry conv_groups3_stride2 --seed 7 --expected %t.conv_groups3_stride2.npy --rtol 1e-4 --atol 1e-5
func.func @conv_groups3_stride2(%a: tensor<1x6x9x9xf32>, %b: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 3 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x6x9x9xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// RUN: strata-reference %s --entry conv_depthwise --seed 7 --output %t.conv_depthwise.npy
// RUN: strata-run %s --entry conv_depthwise --seed 7 --expected %t.conv_depthwise.npy --rtol 1e-4 --atol 1e-5
func.func @conv_depthwise(%a: tensor<1x4x7x7xf32>, %b: tensor<4x1x3x3xf32>, %c: tensor<4xf32>) -> tensor<1x4x7x7xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 4 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x7x7xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x7x7xf32>
  return %0 : tensor<1x4x7x7xf32>
}

// RUN: strata-reference %s --entry conv_depthwise_mult2 --seed 7 --output %t.conv_depthwise_mult2.npy
// RUN: strata-run %s --entry conv_depthwise_mult2 --seed 7 --expected %t.conv_depthwise_mult2.npy --rtol 1e-4 --atol 1e-5
func.func @conv_depthwise_mult2(%a: tensor<1x4x7x7xf32>, %b: tensor<8x1x3x3xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 4 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x4x7x7xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// RUN: strata-reference %s --entry conv_depthwise_dilated --seed 7 --output %t.conv_depthwise_dilated.npy
// RUN: strata-run %s --entry conv_depthwise_dilated --seed 7 --expected %t.conv_depthwise_dilated.npy --rtol 1e-4 --atol 1e-5
func.func @conv_depthwise_dilated(%a: tensor<1x3x9x9xf32>, %b: tensor<3x1x3x3xf32>) -> tensor<1x3x9x9xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 2, 2, 2, 2>, dilation = array<i64: 2, 2>, groups = 3 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x3x9x9xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x9x9xf32>
  return %0 : tensor<1x3x9x9xf32>
}

// RUN: strata-reference %s --entry conv_nhwc_hwio --seed 7 --output %t.conv_nhwc_hwio.npy
// RUN: strata-run %s --entry conv_nhwc_hwio --seed 7 --expected %t.conv_nhwc_hwio.npy --rtol 1e-4 --atol 1e-5
func.func @conv_nhwc_hwio(%a: tensor<1x7x9x3xf32>, %b: tensor<3x3x3x4xf32>, %c: tensor<4xf32>) -> tensor<1x7x9x4xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NHWC", kernel_layout = "HWIO"} : (tensor<1x7x9x3xf32>, tensor<3x3x3x4xf32>, tensor<4xf32>) -> tensor<1x7x9x4xf32>
  return %0 : tensor<1x7x9x4xf32>
}

// RUN: strata-reference %s --entry conv_nhwc_ohwi_stride2 --seed 7 --output %t.conv_nhwc_ohwi_stride2.npy
// RUN: strata-run %s --entry conv_nhwc_ohwi_stride2 --seed 7 --expected %t.conv_nhwc_ohwi_stride2.npy --rtol 1e-4 --atol 1e-5
func.func @conv_nhwc_ohwi_stride2(%a: tensor<1x7x9x3xf32>, %b: tensor<4x3x3x3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NHWC", kernel_layout = "OHWI"} : (tensor<1x7x9x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// RUN: strata-reference %s --entry conv_nhwc_grouped --seed 7 --output %t.conv_nhwc_grouped.npy
// RUN: strata-run %s --entry conv_nhwc_grouped --seed 7 --expected %t.conv_nhwc_grouped.npy --rtol 1e-4 --atol 1e-5
func.func @conv_nhwc_grouped(%a: tensor<1x6x6x4xf32>, %b: tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 2 : i64, data_layout = "NHWC", kernel_layout = "HWIO"} : (tensor<1x6x6x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// TVM blocked layouts: input NCHW4c (C = 8), kernel OIHW4i4o (O = I = 8).
// RUN: strata-reference %s --entry conv_nchw4c_oihw4i4o --seed 7 --output %t.conv_nchw4c_oihw4i4o.npy
// RUN: strata-run %s --entry conv_nchw4c_oihw4i4o --seed 7 --expected %t.conv_nchw4c_oihw4i4o.npy --rtol 1e-4 --atol 1e-5
func.func @conv_nchw4c_oihw4i4o(%a: tensor<1x2x6x6x4xf32>, %b: tensor<2x2x3x3x4x4xf32>, %c: tensor<8xf32>) -> tensor<1x2x6x6x4xf32> {
  %0 = "graph.conv2d"(%a, %b, %c) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW4c", kernel_layout = "OIHW4i4o"} : (tensor<1x2x6x6x4xf32>, tensor<2x2x3x3x4x4xf32>, tensor<8xf32>) -> tensor<1x2x6x6x4xf32>
  return %0 : tensor<1x2x6x6x4xf32>
}
