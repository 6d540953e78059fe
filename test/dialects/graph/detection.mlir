// Round trip of the object-detection ops (graph.non_max_suppression,
// graph.roi_align; generic form) through strata-opt (IRDL + the C checks of
// dialects/graph/graph_verify.c and graph_infer_*.c), twice, and through upstream mlir-opt with the
// IRDL definitions alone: both box formats, a data-dependent result size
// (any K up to what can be selected, 0 included), an unbounded score
// threshold, both RoiAlign modes and coordinate transformations, `?` dims.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: mlir-opt-22 --irdl-file=%irdl %s | FileCheck %s

// CHECK-LABEL: func.func @non_max_suppression(
// CHECK: "graph.non_max_suppression"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {center_point_box = 0 : i64, iou_threshold = 5.000000e-01 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.000000e+00 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
// CHECK-NEXT: "graph.non_max_suppression"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {center_point_box = 1 : i64, iou_threshold = 1.000000e+00 : f32, max_output_boxes_per_class = 0 : i64, score_threshold = 0xFF800000 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<0x3xi64>
// CHECK-NEXT: "graph.non_max_suppression"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {center_point_box = 0 : i64, iou_threshold = 0.000000e+00 : f32, max_output_boxes_per_class = 10 : i64, score_threshold = 2.500000e-01 : f32} : (tensor<?x6x4xf32>, tensor<?x3x?xf32>) -> tensor<?x3xi64>
func.func @non_max_suppression(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>, %db: tensor<?x6x4xf32>, %ds: tensor<?x3x?xf32>) {
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 0 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.0 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  %1 = "graph.non_max_suppression"(%b, %s) {center_point_box = 1 : i64, iou_threshold = 1.0 : f32, max_output_boxes_per_class = 0 : i64, score_threshold = 0xFF800000 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<0x3xi64>
  %2 = "graph.non_max_suppression"(%db, %ds) {center_point_box = 0 : i64, iou_threshold = 0.0 : f32, max_output_boxes_per_class = 10 : i64, score_threshold = 0.25 : f32} : (tensor<?x6x4xf32>, tensor<?x3x?xf32>) -> tensor<?x3xi64>
  return
}

// CHECK-LABEL: func.func @roi_align(
// CHECK: "graph.roi_align"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.000000e+00 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
// CHECK-NEXT: "graph.roi_align"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {coordinate_transformation_mode = "output_half_pixel", mode = "max", output_height = 2 : i64, output_width = 7 : i64, sampling_ratio = 0 : i64, spatial_scale = 6.250000e-02 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x2x7xf32>
// CHECK-NEXT: "graph.roi_align"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 1 : i64, output_width = 1 : i64, sampling_ratio = 0 : i64, spatial_scale = 1.000000e+00 : f32} : (tensor<?x3x?x?xf32>, tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x3x1x1xf32>
func.func @roi_align(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>, %dx: tensor<?x3x?x?xf32>, %dr: tensor<?x4xf32>, %di: tensor<?xi64>) {
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 5 : i64, output_width = 5 : i64, sampling_ratio = 2 : i64, spatial_scale = 1.0 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x5x5xf32>
  %1 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "output_half_pixel", mode = "max", output_height = 2 : i64, output_width = 7 : i64, sampling_ratio = 0 : i64, spatial_scale = 0.0625 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x2x7xf32>
  %2 = "graph.roi_align"(%dx, %dr, %di) {coordinate_transformation_mode = "half_pixel", mode = "avg", output_height = 1 : i64, output_width = 1 : i64, sampling_ratio = 0 : i64, spatial_scale = 1.0 : f32} : (tensor<?x3x?x?xf32>, tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x3x1x1xf32>
  return
}
