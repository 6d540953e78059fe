// End-to-end: graph.resize (nearest with every nearest_mode, linear; every
// coordinate_transformation_mode; up- and down-sampling, non-integral
// scales, sizes given as the result type with scale = out / in) compiled by
// Strata (strata-run) against strata-reference (written from the ONNX
// reference implementation) on the same random inputs (uniform in [-1, 1),
// seed 7).
// Tolerances: nearest is exact (rtol 0, atol 0: it copies elements); linear
// rtol 1e-5, atol 1e-6: both blend in double and round to f32 once, the
// order of the products differs.

// RUN: strata-reference %s --entry nearest_up2_asym_floor --seed 7 --output %t.nearest_up2_asym_floor.npy
// RUN: strata-run %s --entry nearest_up2_asym_floor --seed 7 --expected %t.nearest_up2_asym_floor.npy --rtol 0 --atol 0
func.func @nearest_up2_asym_floor(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x6x8xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "asymmetric", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x8xf32>
  return %0 : tensor<1x2x6x8xf32>
}

// RUN: strata-reference %s --entry nearest_up3_half_rpf --seed 7 --output %t.nearest_up3_half_rpf.npy
// RUN: strata-run %s --entry nearest_up3_half_rpf --seed 7 --expected %t.nearest_up3_half_rpf.npy --rtol 0 --atol 0
func.func @nearest_up3_half_rpf(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 3.0, 3.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32>
  return %0 : tensor<1x1x6x6xf32>
}

// RUN: strata-reference %s --entry nearest_down_half_rpf --seed 7 --output %t.nearest_down_half_rpf.npy
// RUN: strata-run %s --entry nearest_down_half_rpf --seed 7 --expected %t.nearest_down_half_rpf.npy --rtol 0 --atol 0
func.func @nearest_down_half_rpf(%x: tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.6, 0.6>} : (tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}

// RUN: strata-reference %s --entry nearest_sizes_half_rpc --seed 7 --output %t.nearest_sizes_half_rpc.npy
// RUN: strata-run %s --entry nearest_sizes_half_rpc --seed 7 --expected %t.nearest_sizes_half_rpc.npy --rtol 0 --atol 0
func.func @nearest_sizes_half_rpc(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x7x8xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_ceil", scales = array<f64: 1.0, 1.0, 1.75, 2.0>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x7x8xf32>
  return %0 : tensor<1x1x7x8xf32>
}

// RUN: strata-reference %s --entry nearest_sizes_align_floor --seed 7 --output %t.nearest_sizes_align_floor.npy
// RUN: strata-run %s --entry nearest_sizes_align_floor --seed 7 --expected %t.nearest_sizes_align_floor.npy --rtol 0 --atol 0
func.func @nearest_sizes_align_floor(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x8x8xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "align_corners", nearest_mode = "floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x8x8xf32>
  return %0 : tensor<1x1x8x8xf32>
}

// RUN: strata-reference %s --entry nearest_asym_ceil --seed 7 --output %t.nearest_asym_ceil.npy
// RUN: strata-run %s --entry nearest_asym_ceil --seed 7 --expected %t.nearest_asym_ceil.npy --rtol 0 --atol 0
func.func @nearest_asym_ceil(%x: tensor<2x3x5xf32>) -> tensor<2x3x8xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "asymmetric", nearest_mode = "ceil", scales = array<f64: 1.0, 1.0, 1.6>} : (tensor<2x3x5xf32>) -> tensor<2x3x8xf32>
  return %0 : tensor<2x3x8xf32>
}

// RUN: strata-reference %s --entry nearest_batch_channels --seed 7 --output %t.nearest_batch_channels.npy
// RUN: strata-run %s --entry nearest_batch_channels --seed 7 --expected %t.nearest_batch_channels.npy --rtol 0 --atol 0
func.func @nearest_batch_channels(%x: tensor<2x3x4x4xf32>) -> tensor<2x3x2x6xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "pytorch_half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.5, 1.5>} : (tensor<2x3x4x4xf32>) -> tensor<2x3x2x6xf32>
  return %0 : tensor<2x3x2x6xf32>
}

// RUN: strata-reference %s --entry linear_up2_half --seed 7 --output %t.linear_up2_half.npy
// RUN: strata-run %s --entry linear_up2_half --seed 7 --expected %t.linear_up2_half.npy --rtol 1e-5 --atol 1e-6
func.func @linear_up2_half(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// RUN: strata-reference %s --entry linear_down_half --seed 7 --output %t.linear_down_half.npy
// RUN: strata-run %s --entry linear_down_half --seed 7 --expected %t.linear_down_half.npy --rtol 1e-5 --atol 1e-6
func.func @linear_down_half(%x: tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.6, 0.6>} : (tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}

// RUN: strata-reference %s --entry linear_align --seed 7 --output %t.linear_align.npy
// RUN: strata-run %s --entry linear_align --seed 7 --expected %t.linear_align.npy --rtol 1e-5 --atol 1e-6
func.func @linear_align(%x: tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "align_corners", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.6, 0.6>} : (tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}

// RUN: strata-reference %s --entry linear_align_up --seed 7 --output %t.linear_align_up.npy
// RUN: strata-run %s --entry linear_align_up --seed 7 --expected %t.linear_align_up.npy --rtol 1e-5 --atol 1e-6
func.func @linear_align_up(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x5x7xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "align_corners", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 1.6666666666666667, 2.3333333333333335>} : (tensor<1x2x3x3xf32>) -> tensor<1x2x5x7xf32>
  return %0 : tensor<1x2x5x7xf32>
}

// RUN: strata-reference %s --entry linear_asym --seed 7 --output %t.linear_asym.npy
// RUN: strata-run %s --entry linear_asym --seed 7 --expected %t.linear_asym.npy --rtol 1e-5 --atol 1e-6
func.func @linear_asym(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x5x9xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "asymmetric", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 1.6666666666666667, 2.25>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x9xf32>
  return %0 : tensor<1x2x5x9xf32>
}

// RUN: strata-reference %s --entry linear_pytorch_half --seed 7 --output %t.linear_pytorch_half.npy
// RUN: strata-run %s --entry linear_pytorch_half --seed 7 --expected %t.linear_pytorch_half.npy --rtol 1e-5 --atol 1e-6
func.func @linear_pytorch_half(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x1xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "pytorch_half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.75, 0.25>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x1xf32>
  return %0 : tensor<1x1x3x1xf32>
}

// RUN: strata-reference %s --entry linear_rank3 --seed 7 --output %t.linear_rank3.npy
// RUN: strata-run %s --entry linear_rank3 --seed 7 --expected %t.linear_rank3.npy --rtol 1e-5 --atol 1e-6
func.func @linear_rank3(%x: tensor<3x5x6xf32>) -> tensor<3x10x4xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 2.0, 0.6666666666666666>} : (tensor<3x5x6xf32>) -> tensor<3x10x4xf32>
  return %0 : tensor<3x10x4xf32>
}

// cubic (Keys, a = -0.75 / -0.5 with exclude_outside), up and down; f64 blend
// in both, so the same tolerances as linear.
// RUN: strata-reference %s --entry cubic_half_up --seed 7 --output %t.cubic_half_up.npy
// RUN: strata-run %s --entry cubic_half_up --seed 7 --expected %t.cubic_half_up.npy --rtol 1e-5 --atol 1e-6
func.func @cubic_half_up(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x6xf32> {
  %0 = "graph.resize"(%x) {mode = "cubic", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 2.0, 1.5>, cubic_coeff_a = -0.75 : f64, exclude_outside = false} : (tensor<1x2x4x4xf32>) -> tensor<1x2x8x6xf32>
  return %0 : tensor<1x2x8x6xf32>
}

// RUN: strata-reference %s --entry cubic_exclude_down --seed 7 --output %t.cubic_exclude_down.npy
// RUN: strata-run %s --entry cubic_exclude_down --seed 7 --expected %t.cubic_exclude_down.npy --rtol 1e-5 --atol 1e-6
func.func @cubic_exclude_down(%x: tensor<1x1x5x7xf32>) -> tensor<1x1x3x4xf32> {
  %0 = "graph.resize"(%x) {mode = "cubic", coordinate_transformation_mode = "asymmetric", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.6, 0.5714285714285714>, cubic_coeff_a = -0.5 : f64, exclude_outside = true} : (tensor<1x1x5x7xf32>) -> tensor<1x1x3x4xf32>
  return %0 : tensor<1x1x3x4xf32>
}

// tf_crop_and_resize: roi crops (and reaches outside the input: those
// elements are extrapolation_value), linear and nearest.
// RUN: strata-reference %s --entry crop_linear --seed 7 --output %t.crop_linear.npy
// RUN: strata-run %s --entry crop_linear --seed 7 --expected %t.crop_linear.npy --rtol 1e-5 --atol 1e-6
func.func @crop_linear(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "tf_crop_and_resize", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.75, 0.75>, roi = array<f64: 0.0, 0.0, 0.4, -0.2, 1.0, 1.0, 0.6, 0.8>, extrapolation_value = 10.0 : f64} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// RUN: strata-reference %s --entry crop_nearest --seed 7 --output %t.crop_nearest.npy
// RUN: strata-run %s --entry crop_nearest --seed 7 --expected %t.crop_nearest.npy --rtol 0 --atol 0
func.func @crop_nearest(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x1x5xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "tf_crop_and_resize", nearest_mode = "round_prefer_ceil", scales = array<f64: 1.0, 1.0, 0.25, 1.25>, roi = array<f64: 0.0, 0.0, 0.1, 0.1, 1.0, 1.0, 0.9, 1.3>, extrapolation_value = -1.0 : f64} : (tensor<1x1x4x4xf32>) -> tensor<1x1x1x5xf32>
  return %0 : tensor<1x1x1x5xf32>
}

// half_pixel_symmetric: half_pixel shifted by in/2 * (1 - out / (in * scale))
// (here 5 * 0.7 = 3.5 rounded down to 3, so the shift is not 0).
// RUN: strata-reference %s --entry linear_half_symmetric --seed 7 --output %t.linear_half_symmetric.npy
// RUN: strata-run %s --entry linear_half_symmetric --seed 7 --expected %t.linear_half_symmetric.npy --rtol 1e-5 --atol 1e-6
func.func @linear_half_symmetric(%x: tensor<1x1x5x4xf32>) -> tensor<1x1x3x9xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "half_pixel_symmetric", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.7, 2.3>} : (tensor<1x1x5x4xf32>) -> tensor<1x1x3x9xf32>
  return %0 : tensor<1x1x3x9xf32>
}

// RUN: strata-reference %s --entry nearest_half_symmetric --seed 7 --output %t.nearest_half_symmetric.npy
// RUN: strata-run %s --entry nearest_half_symmetric --seed 7 --expected %t.nearest_half_symmetric.npy --rtol 0 --atol 0
func.func @nearest_half_symmetric(%x: tensor<1x1x5x4xf32>) -> tensor<1x1x3x9xf32> {
  %0 = "graph.resize"(%x) {mode = "nearest", coordinate_transformation_mode = "half_pixel_symmetric", nearest_mode = "round_prefer_ceil", scales = array<f64: 1.0, 1.0, 0.7, 2.3>} : (tensor<1x1x5x4xf32>) -> tensor<1x1x3x9xf32>
  return %0 : tensor<1x1x3x9xf32>
}

// antialias: a downsampled dim's filter stretched by 1 / scale (linear by
// 0.3: 8 taps; cubic by 0.6: 8 taps), an upsampled dim as without it.
// RUN: strata-reference %s --entry linear_antialias --seed 7 --output %t.linear_antialias.npy
// RUN: strata-run %s --entry linear_antialias --seed 7 --expected %t.linear_antialias.npy --rtol 1e-5 --atol 1e-6
func.func @linear_antialias(%x: tensor<1x2x10x3xf32>) -> tensor<1x2x3x5xf32> {
  %0 = "graph.resize"(%x) {mode = "linear", antialias = true, coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.3, 1.7>} : (tensor<1x2x10x3xf32>) -> tensor<1x2x3x5xf32>
  return %0 : tensor<1x2x3x5xf32>
}

// RUN: strata-reference %s --entry cubic_antialias --seed 7 --output %t.cubic_antialias.npy
// RUN: strata-run %s --entry cubic_antialias --seed 7 --expected %t.cubic_antialias.npy --rtol 1e-5 --atol 1e-6
func.func @cubic_antialias(%x: tensor<1x1x7x6xf32>) -> tensor<1x1x4x3xf32> {
  %0 = "graph.resize"(%x) {mode = "cubic", antialias = true, cubic_coeff_a = -0.5 : f64, exclude_outside = false, coordinate_transformation_mode = "align_corners", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.6, 0.5>} : (tensor<1x1x7x6xf32>) -> tensor<1x1x4x3xf32>
  return %0 : tensor<1x1x4x3xf32>
}

// RUN: strata-reference %s --entry cubic_antialias_exclude --seed 7 --output %t.cubic_antialias_exclude.npy
// RUN: strata-run %s --entry cubic_antialias_exclude --seed 7 --expected %t.cubic_antialias_exclude.npy --rtol 1e-5 --atol 1e-6
func.func @cubic_antialias_exclude(%x: tensor<1x1x8x3xf32>) -> tensor<1x1x6x3xf32> {
  %0 = "graph.resize"(%x) {mode = "cubic", antialias = true, cubic_coeff_a = -0.75 : f64, exclude_outside = true, coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 0.75, 1.0>} : (tensor<1x1x8x3xf32>) -> tensor<1x1x6x3xf32>
  return %0 : tensor<1x1x6x3xf32>
}
