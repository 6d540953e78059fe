// The errors of convert-graph-to-te for the object-detection ops
// (lowering/graph_to_te_detection.c): the kernels' buffers are sized from
// static shapes, so a dynamic operand or result is a located error.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-graph-to-te)'

func.func @nms_dynamic(%b: tensor<?x6x4xf32>, %s: tensor<?x3x6xf32>) -> tensor<5x3xi64> {
  // expected-error @+1 {{'graph.non_max_suppression' op needs static shapes (the kernel's buffers are sized when the op is lowered)}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<?x6x4xf32>, tensor<?x3x6xf32>) -> tensor<5x3xi64>
  return %0 : tensor<5x3xi64>
}

// -----

func.func @roi_dynamic(%x: tensor<1x3x10x10xf32>, %r: tensor<?x4xf32>, %i: tensor<?xi64>) -> tensor<?x3x2x2xf32> {
  // expected-error @+1 {{'graph.roi_align' op needs static shapes (the kernel's buffers are sized when the op is lowered)}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 2 : i64, output_width = 2 : i64, sampling_ratio = 1 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x3x2x2xf32>
  return %0 : tensor<?x3x2x2xf32>
}
