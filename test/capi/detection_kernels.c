/* C API test: the object-detection kernels that compiled code calls
 * (runtime/detection_kernels.h). NonMaxSuppression's selection
 * (strata_nms_select: both box formats, flipped corners, classes and
 * batches, the score threshold, max 0, counting without output) and its
 * kernel through memref descriptors (a strided output, the message when the
 * count differs from the compiled size); RoiAlign in both modes and
 * coordinate transformations, adaptive sampling, a strided input and a
 * batch index out of range; the kernel symbol table. */
// RUN: capi-detection_kernels 2>&1 | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "runtime/detection_kernels.h"

/* ONNX's NonMaxSuppression example: [y1, x1, y2, x2] boxes, 0 and 1
 * overlapping 3 and 4 (IoU > 0.5 with the better one), 5 apart. */
static const float boxes[6 * 4] = {0, 0,   1, 1,   0, 0.1f, 1, 1.1f, 0, -0.1f, 1, 0.9f,
                                   0, 10,  1, 11,  0, 10.1f, 1, 11.1f, 0, 100, 1, 101};
static const float scores[6] = {0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f};

static void print_rows(const char *label, const int64_t *sel, int64_t count) {
  printf("%s: %lld", label, (long long)count);
  for (int64_t k = 0; k < count; ++k)
    printf(" [%lld %lld %lld]", (long long)sel[3 * k], (long long)sel[3 * k + 1],
           (long long)sel[3 * k + 2]);
  printf("\n");
}

static void select_print(const char *label, const float *b, const float *s, int64_t batches,
                         int64_t classes, int64_t n, int64_t center, int64_t max, float iou,
                         float score) {
  int64_t sel[3 * 16];
  int64_t count = strata_nms_select(b, s, batches, classes, n, center, max, iou, score, sel, 16);
  print_rows(label, sel, count);
}

static strata_memref_f32_t f32_memref(float *data, int64_t size, int64_t stride) {
  return (strata_memref_f32_t){data, data, 0, size, stride};
}

/* Runs the NonMaxSuppression kernel on the example into `rows` rows. */
static void nms_kernel(const char *label, int64_t rows) {
  float b[24], s[6];
  int64_t out[3 * 8];
  memcpy(b, boxes, sizeof b);
  memcpy(s, scores, sizeof s);
  for (int k = 0; k < 3 * 8; ++k)
    out[k] = -1;
  strata_memref_f32_t bm = f32_memref(b, 24, 1), sm = f32_memref(s, 6, 1);
  strata_memref_i64_t om = {out, out, 0, 3 * rows, 1};
  fflush(stdout); /* keep stdout and stderr in order through 2>&1 */
  _mlir_ciface_strata_non_max_suppression(&bm, &sm, 1, 1, 6, 0, 3, 0.5f, 0.0f, &om);
  print_rows(label, out, rows);
}

/* Runs RoiAlign on x [n, c, h, w] (x_stride apart) and prints the output. */
static void roi_align(const char *label, float *x, int64_t x_stride, int64_t n, int64_t c,
                      int64_t h, int64_t w, float *rois, int64_t *batch, int64_t num_rois,
                      int64_t mode_max, int64_t oh, int64_t ow, int64_t ratio, float scale,
                      int64_t half_pixel) {
  float out[64];
  int64_t size = num_rois * c * oh * ow;
  strata_memref_f32_t xm = f32_memref(x, n * c * h * w, x_stride);
  strata_memref_f32_t rm = f32_memref(rois, 4 * num_rois, 1), om = f32_memref(out, size, 1);
  strata_memref_i64_t bm = {batch, batch, 0, num_rois, 1};
  fflush(stdout);
  _mlir_ciface_strata_roi_align(&xm, &rm, &bm, n, c, h, w, num_rois, mode_max, oh, ow, ratio,
                                scale, half_pixel, &om);
  printf("%s:", label);
  for (int64_t k = 0; k < size; ++k)
    printf(" %.6g", out[k]);
  printf("\n");
}

int main(void) {
  // CHECK: corners: 3 [0 0 3] [0 0 0] [0 0 5]
  select_print("corners", boxes, scores, 1, 1, 6, 0, 3, 0.5f, 0.0f);
  // CHECK: limit 2: 2 [0 0 3] [0 0 0]
  select_print("limit 2", boxes, scores, 1, 1, 6, 0, 2, 0.5f, 0.0f);
  // CHECK: max 0: 0
  select_print("max 0", boxes, scores, 1, 1, 6, 0, 0, 0.5f, 0.0f);
  /* Scores must be above the threshold: 0.3 and 0.5 are not > 0.5. */
  // CHECK: score 0.5: 2 [0 0 3] [0 0 0]
  select_print("score 0.5", boxes, scores, 1, 1, 6, 0, 3, 0.5f, 0.5f);
  /* IoU 1 suppresses nothing (never > 1): every box, best first. */
  // CHECK: iou 1: 6 [0 0 3] [0 0 0] [0 0 1] [0 0 2] [0 0 4] [0 0 5]
  select_print("iou 1", boxes, scores, 1, 1, 6, 0, 10, 1.0f, -1.0f);

  /* The same boxes as [x_center, y_center, width, height]. */
  float centers[24];
  for (int k = 0; k < 6; ++k) {
    const float *b = boxes + 4 * k;
    float *c = centers + 4 * k;
    c[0] = (b[1] + b[3]) / 2;
    c[1] = (b[0] + b[2]) / 2;
    c[2] = b[3] - b[1];
    c[3] = b[2] - b[0];
  }
  // CHECK: centers: 3 [0 0 3] [0 0 0] [0 0 5]
  select_print("centers", centers, scores, 1, 1, 6, 1, 3, 0.5f, 0.0f);
  /* Corners given the other way round are the same boxes. */
  float flipped[24];
  for (int k = 0; k < 6; ++k) {
    const float *b = boxes + 4 * k;
    float *f = flipped + 4 * k;
    f[0] = b[2];
    f[1] = b[3];
    f[2] = b[0];
    f[3] = b[1];
  }
  // CHECK: flipped: 3 [0 0 3] [0 0 0] [0 0 5]
  select_print("flipped", flipped, scores, 1, 1, 6, 0, 3, 0.5f, 0.0f);

  /* Two batches (the second with the scores reversed) of two classes
   * (the second class scoring all boxes equal: lower index first; the
   * reversed scores put box 2 first, then box 5 away from it). */
  float b2[48], s2[24];
  memcpy(b2, boxes, sizeof boxes);
  memcpy(b2 + 24, boxes, sizeof boxes);
  for (int k = 0; k < 6; ++k) {
    s2[k] = scores[k];
    s2[6 + k] = 0.5f;
    s2[12 + k] = scores[5 - k];
    s2[18 + k] = 0.5f;
  }
  // CHECK: batches: 8 [0 0 3] [0 0 0] [0 1 0] [0 1 3] [1 0 2] [1 0 5] [1 1 0] [1 1 3]
  select_print("batches", b2, s2, 2, 2, 6, 0, 2, 0.5f, 0.0f);
  // CHECK: count only: 3
  printf("count only: %lld\n",
         (long long)strata_nms_select(boxes, scores, 1, 1, 6, 0, 3, 0.5f, 0.0f, NULL, 0));

  // CHECK: kernel: 3 [0 0 3] [0 0 0] [0 0 5]
  nms_kernel("kernel", 3);
  // CHECK: strata: NonMaxSuppression selected 3 boxes but the output was compiled for 2 (its size is fixed at import time from the inputs' values)
  // CHECK-NEXT: too small: 2 [0 0 3] [0 0 0]
  nms_kernel("too small", 2);
  // CHECK: strata: NonMaxSuppression selected 3 boxes but the output was compiled for 4
  // CHECK-NEXT: too large: 4 [0 0 3] [0 0 0] [0 0 5] [0 0 0]
  nms_kernel("too large", 4);
  /* A strided output descriptor: every other element. */
  float b[24], s[6];
  memcpy(b, boxes, sizeof b);
  memcpy(s, scores, sizeof s);
  int64_t strided[12];
  for (int k = 0; k < 12; ++k)
    strided[k] = -1;
  strata_memref_f32_t bm = f32_memref(b, 24, 1), sm = f32_memref(s, 6, 1);
  strata_memref_i64_t om = {strided, strided, 1, 6, 2};
  _mlir_ciface_strata_non_max_suppression(&bm, &sm, 1, 1, 6, 0, 2, 0.5f, 0.0f, &om);
  // CHECK: strided: -1 0 -1 0 -1 3 -1 0 -1 0 -1 0
  printf("strided:");
  for (int k = 0; k < 12; ++k)
    printf(" %lld", (long long)strided[k]);
  printf("\n");

  /* RoiAlign on a 3 x 4 plane x[i][j] = 4i + j (one channel) and its
   * negation (a second channel). */
  float x[24], xs[48];
  for (int k = 0; k < 12; ++k) {
    x[k] = (float)k;
    x[12 + k] = -(float)k;
  }
  for (int k = 0; k < 48; ++k)
    xs[k] = k % 2 ? -1000.0f : x[k / 2];
  float whole[4] = {0, 0, 3, 2};
  int64_t zero = 0;
  /* output_half_pixel: the ROI [0, 3] x [0, 2], 2 x 2 samples per bin of
   * the 1 x 2 output, bilinear on a linear plane: 4 * mean(y) + mean(x)
   * (y 0.5, 1.5; x 0.375, 1.125 in the first bin: 4.75). half_pixel moves
   * the ROI to [-0.5, 2.5] x [-0.5, 1.5], samples below 0 read at 0. */
  // CHECK: avg half_pixel: 2.3125 3.75 -2.3125 -3.75
  roi_align("avg half_pixel", x, 1, 1, 2, 3, 4, whole, &zero, 1, 0, 1, 2, 2, 1.0f, 1);
  // CHECK: avg output_half_pixel: 4.75 6.25 -4.75 -6.25
  roi_align("avg output_half_pixel", x, 1, 1, 2, 3, 4, whole, &zero, 1, 0, 1, 2, 2, 1.0f, 0);
  /* max: the largest weighted tap of any sample (ONNX's definition). */
  // CHECK: max: 3.9375 4.375 -0 -0.0625
  roi_align("max", x, 1, 1, 2, 3, 4, whole, &zero, 1, 1, 1, 2, 2, 1.0f, 0);
  /* Adaptive sampling (ceil(roi size / output size) per axis) and
   * spatial_scale 0.5 on ROI coordinates twice the plane's. */
  float twice[4] = {0, 0, 6, 4};
  // CHECK: adaptive scaled: 4.75 6.25 -4.75 -6.25
  roi_align("adaptive scaled", x, 1, 1, 2, 3, 4, twice, &zero, 1, 0, 1, 2, 0, 0.5f, 0);
  /* The same through a strided input descriptor. */
  // CHECK: strided input: 4.75 6.25 -4.75 -6.25
  roi_align("strided input", xs, 2, 1, 2, 3, 4, whole, &zero, 1, 0, 1, 2, 2, 1.0f, 0);
  /* A batch index outside [0, n): zeros and a message. */
  int64_t bad[2] = {0, 1};
  float two[8] = {0, 0, 3, 2, 0, 0, 3, 2};
  // CHECK: strata: RoiAlign batch index 1 of ROI 1 is outside [0, 1)
  // CHECK-NEXT: bad batch: 4.75 6.25 -4.75 -6.25 0 0 0 0
  roi_align("bad batch", x, 1, 1, 2, 3, 4, two, bad, 2, 0, 1, 2, 2, 1.0f, 0);

  /* The symbol table names each kernel after its C symbol. */
  int count = 0;
  for (const strata_kernel_symbol_t *t = strata_detection_kernels; t->name; ++t, ++count)
    printf("symbol %s\n", t->name);
  const strata_kernel_symbol_t *t = strata_detection_kernels;
  int match = t[0].address == (void *)_mlir_ciface_strata_non_max_suppression &&
              t[1].address == (void *)_mlir_ciface_strata_roi_align;
  // CHECK: symbol _mlir_ciface_strata_non_max_suppression
  // CHECK-NEXT: symbol _mlir_ciface_strata_roi_align
  // CHECK-NEXT: symbols: 2 addresses match: 1
  printf("symbols: %d addresses match: %d\n", count, match);
  return 0;
}
