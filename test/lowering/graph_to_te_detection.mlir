// convert-graph-to-te on the object-detection ops
// (lowering/graph_to_te_detection.c): no compute, a call of the runtime's
// buffer kernel on the operands flattened (tensor.collapse_shape) and cast
// to dynamic extents (tensor.cast), their dims and the attributes as
// scalars (non_max_suppression: batches, classes, boxes, center_point_box,
// max_output_boxes_per_class, iou_threshold, score_threshold; roi_align: N,
// C, H, W, the ROI count, max mode 1 / avg 0, output height and width,
// sampling_ratio, spatial_scale, half_pixel 1 / output_half_pixel 0); the
// result is cast back to its static size and expanded to the op's shape.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// convert-te-to-tir then passes the collapsed destination to the kernel, as
// a dynamic memref, and the module lowers on to the llvm dialect, calling
// the kernels' C interface.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir)' | FileCheck %s --check-prefix=TIR
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @nms(%arg0: tensor<2x6x4xf32>, %arg1: tensor<2x3x6xf32>) -> tensor<5x3xi64>
// CHECK: %[[B:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : tensor<2x6x4xf32> into tensor<48xf32>
// CHECK: %[[S:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1, 2]] : tensor<2x3x6xf32> into tensor<36xf32>
// CHECK: %[[NB:.*]] = arith.constant 2 : i64
// CHECK: %[[NC:.*]] = arith.constant 3 : i64
// CHECK: %[[NN:.*]] = arith.constant 6 : i64
// CHECK: %[[CPB:.*]] = arith.constant 1 : i64
// CHECK: %[[MAX:.*]] = arith.constant 3 : i64
// CHECK: %[[IOU:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[SCORE:.*]] = arith.constant 2.500000e-01 : f32
// CHECK: %[[BD:.*]] = tensor.cast %[[B]] : tensor<48xf32> to tensor<?xf32>
// CHECK: %[[SD:.*]] = tensor.cast %[[S]] : tensor<36xf32> to tensor<?xf32>
// CHECK: %[[R:.*]] = call @strata_non_max_suppression(%[[BD]], %[[SD]], %[[NB]], %[[NC]], %[[NN]], %[[CPB]], %[[MAX]], %[[IOU]], %[[SCORE]]) : (tensor<?xf32>, tensor<?xf32>, i64, i64, i64, i64, i64, f32, f32) -> tensor<?xi64>
// CHECK: %[[RS:.*]] = tensor.cast %[[R]] : tensor<?xi64> to tensor<15xi64>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[RS]] {{\[\[}}0, 1]] output_shape [5, 3] : tensor<15xi64> into tensor<5x3xi64>
// CHECK: return %[[E]] : tensor<5x3xi64>
func.func @nms(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>) -> tensor<5x3xi64> {
  %0 = "graph.non_max_suppression"(%b, %s) {center_point_box = 1 : i64, iou_threshold = 0.5 : f32, max_output_boxes_per_class = 3 : i64, score_threshold = 0.25 : f32} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>) -> tensor<5x3xi64>
  return %0 : tensor<5x3xi64>
}

// CHECK-LABEL: func.func @roi(%arg0: tensor<1x3x10x10xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<4xi64>) -> tensor<4x3x2x7xf32>
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2, 3]] : tensor<1x3x10x10xf32> into tensor<300xf32>
// CHECK: %[[ROIS:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<4x4xf32> into tensor<16xf32>
// CHECK: %[[N:.*]] = arith.constant 1 : i64
// CHECK: %[[C:.*]] = arith.constant 3 : i64
// CHECK: %[[H:.*]] = arith.constant 10 : i64
// CHECK: %[[W:.*]] = arith.constant 10 : i64
// CHECK: %[[NR:.*]] = arith.constant 4 : i64
// CHECK: %[[MODE:.*]] = arith.constant 1 : i64
// CHECK: %[[OH:.*]] = arith.constant 2 : i64
// CHECK: %[[OW:.*]] = arith.constant 7 : i64
// CHECK: %[[RATIO:.*]] = arith.constant 0 : i64
// CHECK: %[[SCALE:.*]] = arith.constant 6.250000e-02 : f32
// CHECK: %[[HALF:.*]] = arith.constant 1 : i64
// CHECK: %[[XD:.*]] = tensor.cast %[[X]] : tensor<300xf32> to tensor<?xf32>
// CHECK: %[[RD:.*]] = tensor.cast %[[ROIS]] : tensor<16xf32> to tensor<?xf32>
// CHECK: %[[ID:.*]] = tensor.cast %arg2 : tensor<4xi64> to tensor<?xi64>
// CHECK: %[[R:.*]] = call @strata_roi_align(%[[XD]], %[[RD]], %[[ID]], %[[N]], %[[C]], %[[H]], %[[W]], %[[NR]], %[[MODE]], %[[OH]], %[[OW]], %[[RATIO]], %[[SCALE]], %[[HALF]]) : (tensor<?xf32>, tensor<?xf32>, tensor<?xi64>, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32, i64) -> tensor<?xf32>
// CHECK: %[[RS:.*]] = tensor.cast %[[R]] : tensor<?xf32> to tensor<168xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[RS]] {{\[\[}}0, 1, 2, 3]] output_shape [4, 3, 2, 7] : tensor<168xf32> into tensor<4x3x2x7xf32>
// CHECK: return %[[E]] : tensor<4x3x2x7xf32>
// CHECK-DAG: func.func private @strata_non_max_suppression(tensor<?xf32>, tensor<?xf32>, i64, i64, i64, i64, i64, f32, f32) -> tensor<?xi64> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @strata_roi_align(tensor<?xf32>, tensor<?xf32>, tensor<?xi64>, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32, i64) -> tensor<?xf32> attributes {llvm.emit_c_interface}

// TIR-LABEL: func.func @nms(%arg0: memref<2x6x4xf32>, %arg1: memref<2x3x6xf32>, %arg2: memref<5x3xi64>)
// TIR: %[[DST:.*]] = memref.collapse_shape %arg2 {{\[\[}}0, 1]] : memref<5x3xi64> into memref<15xi64>
// TIR: %[[DD:.*]] = memref.cast %[[DST]] : memref<15xi64> to memref<?xi64>
// TIR: call @strata_non_max_suppression(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[DD]]) : (memref<?xf32>, memref<?xf32>, i64, i64, i64, i64, i64, f32, f32, memref<?xi64>) -> ()
// TIR-LABEL: func.func @roi(%arg0: memref<1x3x10x10xf32>, %arg1: memref<4x4xf32>, %arg2: memref<4xi64>, %arg3: memref<4x3x2x7xf32>)
// TIR: %[[DST:.*]] = memref.collapse_shape %arg3 {{\[\[}}0, 1, 2, 3]] : memref<4x3x2x7xf32> into memref<168xf32>
// TIR: %[[DD:.*]] = memref.cast %[[DST]] : memref<168xf32> to memref<?xf32>
// TIR: call @strata_roi_align({{.*}}, %[[DD]]) : (memref<?xf32>, memref<?xf32>, memref<?xi64>, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32, i64, memref<?xf32>) -> ()
// TIR-DAG: func.func private @strata_non_max_suppression(memref<?xf32>, memref<?xf32>, i64, i64, i64, i64, i64, f32, f32, memref<?xi64>) attributes {llvm.emit_c_interface}
// TIR-DAG: func.func private @strata_roi_align(memref<?xf32>, memref<?xf32>, memref<?xi64>, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32, i64, memref<?xf32>) attributes {llvm.emit_c_interface}

// LLVM: llvm.call @_mlir_ciface_strata_non_max_suppression({{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, f32, f32, !llvm.ptr) -> ()
// LLVM: llvm.call @_mlir_ciface_strata_roi_align({{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32, i64, !llvm.ptr) -> ()
func.func @roi(%x: tensor<1x3x10x10xf32>, %r: tensor<4x4xf32>, %i: tensor<4xi64>) -> tensor<4x3x2x7xf32> {
  %0 = "graph.roi_align"(%x, %r, %i) {coordinate_transformation_mode = "half_pixel", mode = "max", output_height = 2 : i64, output_width = 7 : i64, sampling_ratio = 0 : i64, spatial_scale = 0.0625 : f32} : (tensor<1x3x10x10xf32>, tensor<4x4xf32>, tensor<4xi64>) -> tensor<4x3x2x7xf32>
  return %0 : tensor<4x3x2x7xf32>
}
