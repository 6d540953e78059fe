/* The object-detection kernels that JIT-compiled code calls: ONNX
 * NonMaxSuppression and RoiAlign as buffer kernels (the calling convention:
 * runtime/kernel_abi.h; every buffer is a flattened 1-D memref, its dims
 * passed as i64 scalars). strata_nms_select is the one implementation of
 * the box selection: the kernel runs it, and so does the ONNX importer to
 * size the result from the inputs known at import time. */
#ifndef STRATA_RUNTIME_DETECTION_KERNELS_H
#define STRATA_RUNTIME_DETECTION_KERNELS_H

#include <stdint.h>

#include "runtime/kernel_abi.h"

/* ONNX NonMaxSuppression on contiguous row-major boxes [batches, n, 4] and
 * scores [batches, classes, n]. Per batch and class: the boxes whose score
 * is > score_threshold, by score descending (equal scores: lower box index
 * first), are kept in turn unless their IoU with a box already kept in that
 * class is > iou_threshold, until max_output (<= 0: none) are kept.
 * center_point_box 0: a box is [y1, x1, y2, x2], any two opposite corners;
 * 1: [x_center, y_center, width, height]. Writes the first `capacity` kept
 * (batch, class, box) triples to out (3 values each; out may be NULL when
 * capacity is 0) and returns how many were kept in all. */
int64_t strata_nms_select(const float *boxes, const float *scores, int64_t batches,
                          int64_t classes, int64_t n, int64_t center_point_box,
                          int64_t max_output, float iou_threshold, float score_threshold,
                          int64_t *out, int64_t capacity);

/* NonMaxSuppression on flattened boxes and scores (shapes as above); out
 * holds K rows of 3 (out->size = 3K, K fixed at compile time). When the
 * kept count differs from K, writes what fits, zeroes the rest and prints
 * a line to stderr. */
void _mlir_ciface_strata_non_max_suppression(strata_memref_f32_t *boxes,
                                             strata_memref_f32_t *scores, int64_t batches,
                                             int64_t classes, int64_t n,
                                             int64_t center_point_box, int64_t max_output,
                                             float iou_threshold, float score_threshold,
                                             strata_memref_i64_t *out);

/* ONNX RoiAlign: x [n, c, h, w], rois [num_rois, 4] as (x1, y1, x2, y2),
 * batch_indices [num_rois] -> out [num_rois, c, output_height,
 * output_width]. Each output bin averages (mode_max 0) or takes the max of
 * (mode_max 1, ONNX's definition: the max over the sample points of the
 * largest of each point's four weighted taps) sampling_ratio x
 * sampling_ratio bilinear samples (sampling_ratio 0: ceil(roi size / output
 * size) per axis); ROI corners are scaled by spatial_scale and moved by
 * -0.5 when half_pixel (else the ROI is at least 1 x 1). A batch index
 * outside [0, n) gives zeros for its ROI and a line on stderr. */
void _mlir_ciface_strata_roi_align(strata_memref_f32_t *x, strata_memref_f32_t *rois,
                                   strata_memref_i64_t *batch_indices, int64_t n, int64_t c,
                                   int64_t h, int64_t w, int64_t num_rois, int64_t mode_max,
                                   int64_t output_height, int64_t output_width,
                                   int64_t sampling_ratio, float spatial_scale,
                                   int64_t half_pixel, strata_memref_f32_t *out);

/* The kernels above by symbol name, for the JIT to register
 * (runtime/kernel_registry.c); ends with a NULL name. */
extern const strata_kernel_symbol_t strata_detection_kernels[];

#endif
