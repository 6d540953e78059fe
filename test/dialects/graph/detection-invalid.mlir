// Every error the graph verifier (dialects/graph/graph_verify.c and graph_infer_*.c) can emit for the
// object-detection ops (graph.non_max_suppression, graph.roi_align), one
// case each, plus a structural error IRDL reports.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// ---- non_max_suppression ---------------------------------------------------

func.func @nms_boxes_rank(%b: tensor<6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op operand 'boxes' must have rank 3, got 2}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_scores_rank(%b: tensor<2x6x4xf32>, %s: tensor<3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op operand 'scores' must have rank 3, got 2}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_boxes_f16(%b: tensor<2x6x4xf16>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op operand 'boxes' must be a tensor of f32, got f16}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf16>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_scores_f64(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf64>) {
  // expected-error @+1 {{'graph.non_max_suppression' op operand 'scores' must be a tensor of f32, got f64}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf64>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_center_kind(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op 'center_point_box' must be an i64 integer attribute}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i32, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_max_negative(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op 'max_output_boxes_per_class' must be at least 0, got -1}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = -1 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_iou_kind(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op 'iou_threshold' must be an f32 float attribute}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f64, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_center(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op 'center_point_box' must be 0 or 1, got 2}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 2 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_iou_range(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op 'iou_threshold' must be in [0, 1], got 1.5}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 1.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_coordinates(%b: tensor<2x6x5xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op operand 'boxes' must hold 4 coordinates in its last dim, got 5}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x5xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_batch(%b: tensor<2x6x4xf32>, %s: tensor<3x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op batch of 'scores' (3) differs from 'boxes' (2)}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<3x3x6xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_box_count(%b: tensor<2x6x4xf32>, %s: tensor<2x3x7xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op operand 'scores' has 7 boxes (dim 2) but 'boxes' has 6 (dim 1)}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x7xf32>) -> tensor<5x3xi64>
  return
}

// -----

func.func @nms_too_many(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op result has 13 rows, more than the 12 boxes that can be selected}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 2 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<13x3xi64>
  return
}

// -----

func.func @nms_result_type(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op result element type i32 does not match expected i64}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi32>
  return
}

// -----

func.func @nms_result_shape(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) {
  // expected-error @+1 {{'graph.non_max_suppression' op result shape [5, 2] does not match inferred [?, 3]}}
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x2xi64>
  return
}

// -----

// ---- roi_align ---------------------------------------------------------------

func.func @roi_missing_attr(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op attribute "spatial_scale" is expected but not provided}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_x_rank(%x: tensor<3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op operand 'x' must have rank 4, got 3}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_rois_rank(%x: tensor<1x3x10x10xf32>, %r: tensor<16xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op operand 'rois' must have rank 2, got 1}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<16xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_indices_rank(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4x1xi64>) {
  // expected-error @+1 {{'graph.roi_align' op operand 'batch_indices' must have rank 1, got 2}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4x1xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_x_f64(%x: tensor<1x3x10x10xf64>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op operand 'x' must be a tensor of f32, got f64}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf64>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_rois_f16(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf16>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op element type of 'rois' (f16) differs from 'x' (f32)}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf16>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_mode(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op 'mode' must be one of "avg", "max", got "sum"}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "sum", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_coord(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op 'coordinate_transformation_mode' must be one of "half_pixel", "output_half_pixel", got "align_corners"}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "align_corners", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_height(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op 'output_height' must be at least 1, got 0}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 0 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_width(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op 'output_width' must be at least 1, got 0}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 0 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_ratio(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op 'sampling_ratio' must be at least 0, got -1}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = -1 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_scale_kind(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op 'spatial_scale' must be an f32 float attribute}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f64} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_indices_i32(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{'graph.roi_align' op operand 'batch_indices' must be a tensor of i64, got i32}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi32>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_coordinates(%x: tensor<1x3x10x10xf32>, %r: tensor<4x5xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op operand 'rois' must hold 4 coordinates in its last dim, got 5}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x5xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_count(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'graph.roi_align' op operand 'batch_indices' has 3 entries but 'rois' has 4}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<3xi64>) -> tensor<4x3x5x5xf32>
  return
}

// -----

func.func @roi_result_shape(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'graph.roi_align' op result shape [4, 3, 5, 4] does not match inferred [4, 3, 5, 5]}}
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x4xf32>
  return
}
