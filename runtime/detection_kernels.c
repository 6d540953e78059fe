/* ONNX NonMaxSuppression and RoiAlign as library kernels (see
 * detection_kernels.h), written after the ONNX reference implementation:
 * same comparisons, same order of selection, same sampling. */
#include "runtime/detection_kernels.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* The elements of a 1-D f32 memref as a contiguous array: the memref's own
 * data when its stride is 1, else a copy in *owned (free it after use). */
static const float *f32_contiguous(const strata_memref_f32_t *m, float **owned,
                                   const char *what) {
  *owned = NULL;
  if (m->stride == 1 || m->size <= 1)
    return m->aligned + m->offset;
  *owned = strata_kernel_malloc(sizeof(float) * (size_t)m->size, what);
  for (int64_t k = 0; k < m->size; ++k)
    (*owned)[k] = m->aligned[m->offset + k * m->stride];
  return *owned;
}

/* ---- NonMaxSuppression ------------------------------------------------------ */

typedef struct {
  float score;
  int64_t index;
} candidate_t;

/* Score descending, then box index ascending (the reference's order). */
static int by_score(const void *a, const void *b) {
  const candidate_t *x = a, *y = b;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

typedef struct {
  float x_min, y_min, x_max, y_max;
} corners_t;

/* min and max of a and b, a when equal (the reference's max_min). */
static void order(float a, float b, float *lo, float *hi) {
  if (a >= b) {
    *lo = b;
    *hi = a;
  } else {
    *lo = a;
    *hi = b;
  }
}

static corners_t corners_of(const float *box, int64_t center_point_box) {
  corners_t c;
  if (center_point_box) { /* [x_center, y_center, width, height] */
    float half_w = box[2] / 2, half_h = box[3] / 2;
    c.x_min = box[0] - half_w;
    c.x_max = box[0] + half_w;
    c.y_min = box[1] - half_h;
    c.y_max = box[1] + half_h;
  } else { /* [y1, x1, y2, x2] */
    order(box[1], box[3], &c.x_min, &c.x_max);
    order(box[0], box[2], &c.y_min, &c.y_max);
  }
  return c;
}

/* Whether box a suppresses box b: their IoU is > iou_threshold (empty
 * intersections and degenerate boxes never suppress). */
static bool suppresses(corners_t a, corners_t b, float iou_threshold) {
  float ix_min = fmaxf(a.x_min, b.x_min), ix_max = fminf(a.x_max, b.x_max);
  if (ix_max <= ix_min)
    return false;
  float iy_min = fmaxf(a.y_min, b.y_min), iy_max = fminf(a.y_max, b.y_max);
  if (iy_max <= iy_min)
    return false;
  float inter = (ix_max - ix_min) * (iy_max - iy_min);
  if (inter <= 0)
    return false;
  float area_a = (a.x_max - a.x_min) * (a.y_max - a.y_min);
  float area_b = (b.x_max - b.x_min) * (b.y_max - b.y_min);
  float uni = area_a + area_b - inter;
  if (area_a <= 0 || area_b <= 0 || uni <= 0)
    return false;
  return inter / uni > iou_threshold;
}

int64_t strata_nms_select(const float *boxes, const float *scores, int64_t batches,
                          int64_t classes, int64_t n, int64_t center_point_box,
                          int64_t max_output, float iou_threshold, float score_threshold,
                          int64_t *out, int64_t capacity) {
  if (max_output <= 0 || n <= 0)
    return 0;
  candidate_t *cand = strata_kernel_malloc(sizeof *cand * (size_t)n, "NonMaxSuppression");
  int64_t *kept = strata_kernel_malloc(sizeof *kept * (size_t)n, "NonMaxSuppression");
  int64_t total = 0;
  for (int64_t b = 0; b < batches; ++b) {
    const float *bb = boxes + b * n * 4;
    for (int64_t c = 0; c < classes; ++c) {
      const float *sc = scores + (b * classes + c) * n;
      int64_t count = 0;
      for (int64_t i = 0; i < n; ++i)
        if (sc[i] > score_threshold)
          cand[count++] = (candidate_t){sc[i], i};
      qsort(cand, (size_t)count, sizeof *cand, by_score);
      int64_t nkept = 0;
      for (int64_t k = 0; k < count && nkept < max_output; ++k) {
        corners_t box = corners_of(bb + cand[k].index * 4, center_point_box);
        bool selected = true;
        for (int64_t j = 0; j < nkept && selected; ++j)
          selected = !suppresses(box, corners_of(bb + kept[j] * 4, center_point_box),
                                 iou_threshold);
        if (!selected)
          continue;
        kept[nkept++] = cand[k].index;
        if (total < capacity) {
          out[3 * total] = b;
          out[3 * total + 1] = c;
          out[3 * total + 2] = cand[k].index;
        }
        ++total;
      }
    }
  }
  free(kept);
  free(cand);
  return total;
}

void _mlir_ciface_strata_non_max_suppression(strata_memref_f32_t *boxes,
                                             strata_memref_f32_t *scores, int64_t batches,
                                             int64_t classes, int64_t n,
                                             int64_t center_point_box, int64_t max_output,
                                             float iou_threshold, float score_threshold,
                                             strata_memref_i64_t *out) {
  float *boxes_copy, *scores_copy;
  const float *bx = f32_contiguous(boxes, &boxes_copy, "NonMaxSuppression");
  const float *sc = f32_contiguous(scores, &scores_copy, "NonMaxSuppression");
  int64_t rows = out->size / 3;
  int64_t *sel = strata_kernel_malloc(sizeof *sel * (size_t)(3 * rows), "NonMaxSuppression");
  int64_t count = strata_nms_select(bx, sc, batches, classes, n, center_point_box, max_output,
                                    iou_threshold, score_threshold, sel, rows);
  int64_t written = count < rows ? 3 * count : 3 * rows;
  for (int64_t k = 0; k < out->size; ++k)
    out->aligned[out->offset + k * out->stride] = k < written ? sel[k] : 0;
  free(sel);
  free(boxes_copy);
  free(scores_copy);
  if (count != rows)
    fprintf(stderr,
            "strata: NonMaxSuppression selected %lld boxes but the output was compiled for %lld "
            "(its size is fixed at import time from the inputs' values)\n",
            (long long)count, (long long)rows);
}

/* ---- RoiAlign ------------------------------------------------------------- */

/* One bilinear sample: four taps of one channel's plane. */
typedef struct {
  int64_t pos[4];
  double weight[4];
} sample_t;

/* The sample at (y, x) of an h x w plane: taps clamped to the last row and
 * column, all weights 0 when (y, x) is more than one pixel outside. */
static sample_t sample_at(double y, double x, int64_t h, int64_t w) {
  sample_t s = {{0, 0, 0, 0}, {0, 0, 0, 0}};
  if (y < -1.0 || y > (double)h || x < -1.0 || x > (double)w)
    return s;
  y = y > 0 ? y : 0;
  x = x > 0 ? x : 0;
  int64_t y_low = (int64_t)y, x_low = (int64_t)x, y_high, x_high;
  if (y_low >= h - 1) {
    y_high = y_low = h - 1;
    y = (double)y_low;
  } else {
    y_high = y_low + 1;
  }
  if (x_low >= w - 1) {
    x_high = x_low = w - 1;
    x = (double)x_low;
  } else {
    x_high = x_low + 1;
  }
  double ly = y - (double)y_low, lx = x - (double)x_low, hy = 1.0 - ly, hx = 1.0 - lx;
  s.pos[0] = y_low * w + x_low;
  s.pos[1] = y_low * w + x_high;
  s.pos[2] = y_high * w + x_low;
  s.pos[3] = y_high * w + x_high;
  s.weight[0] = hy * hx;
  s.weight[1] = hy * lx;
  s.weight[2] = ly * hx;
  s.weight[3] = ly * lx;
  return s;
}

/* One output bin of one channel from its samples. */
static double pool_bin(const float *plane, const sample_t *samples, int64_t count,
                       bool mode_max) {
  double acc = 0;
  for (int64_t k = 0; k < count; ++k) {
    const sample_t *s = &samples[k];
    if (!mode_max) {
      for (int t = 0; t < 4; ++t)
        acc += s->weight[t] * plane[s->pos[t]];
      continue;
    }
    double v = s->weight[0] * plane[s->pos[0]];
    for (int t = 1; t < 4; ++t)
      v = fmax(v, s->weight[t] * plane[s->pos[t]]);
    acc = k == 0 ? v : fmax(acc, v);
  }
  return mode_max ? acc : acc / (double)(count > 0 ? count : 1);
}

void _mlir_ciface_strata_roi_align(strata_memref_f32_t *x, strata_memref_f32_t *rois,
                                   strata_memref_i64_t *batch_indices, int64_t n, int64_t c,
                                   int64_t h, int64_t w, int64_t num_rois, int64_t mode_max,
                                   int64_t output_height, int64_t output_width,
                                   int64_t sampling_ratio, float spatial_scale,
                                   int64_t half_pixel, strata_memref_f32_t *out) {
  float *x_copy, *rois_copy;
  const float *xd = f32_contiguous(x, &x_copy, "RoiAlign");
  const float *rd = f32_contiguous(rois, &rois_copy, "RoiAlign");
  int64_t bins = output_height * output_width;
  int64_t samples_cap = 1;
  sample_t *samples = strata_kernel_malloc(sizeof *samples, "RoiAlign");
  for (int64_t r = 0; r < num_rois; ++r) {
    int64_t batch = batch_indices->aligned[batch_indices->offset + r * batch_indices->stride];
    int64_t base = r * c * bins;
    if (batch < 0 || batch >= n) {
      fprintf(stderr, "strata: RoiAlign batch index %lld of ROI %lld is outside [0, %lld)\n",
              (long long)batch, (long long)r, (long long)n);
      for (int64_t k = 0; k < c * bins; ++k)
        out->aligned[out->offset + (base + k) * out->stride] = 0;
      continue;
    }
    const float *roi = rd + 4 * r;
    double offset = half_pixel ? 0.5 : 0.0;
    double start_w = roi[0] * (double)spatial_scale - offset;
    double start_h = roi[1] * (double)spatial_scale - offset;
    double roi_w = roi[2] * (double)spatial_scale - offset - start_w;
    double roi_h = roi[3] * (double)spatial_scale - offset - start_h;
    if (!half_pixel) { /* malformed ROIs are forced to 1 x 1 */
      roi_w = fmax(roi_w, 1.0);
      roi_h = fmax(roi_h, 1.0);
    }
    double bin_h = roi_h / (double)output_height, bin_w = roi_w / (double)output_width;
    int64_t grid_h = sampling_ratio > 0 ? sampling_ratio : (int64_t)ceil(bin_h);
    int64_t grid_w = sampling_ratio > 0 ? sampling_ratio : (int64_t)ceil(bin_w);
    grid_h = grid_h > 0 ? grid_h : 0; /* an empty ROI has no samples */
    grid_w = grid_w > 0 ? grid_w : 0;
    int64_t per_bin = grid_h * grid_w;
    if (per_bin * bins > samples_cap) {
      free(samples);
      samples_cap = per_bin * bins;
      samples = strata_kernel_malloc(sizeof *samples * (size_t)samples_cap, "RoiAlign");
    }
    for (int64_t ph = 0; ph < output_height; ++ph)
      for (int64_t pw = 0; pw < output_width; ++pw)
        for (int64_t iy = 0; iy < grid_h; ++iy) {
          double y = start_h + (double)ph * bin_h + ((double)iy + 0.5) * bin_h / (double)grid_h;
          for (int64_t ix = 0; ix < grid_w; ++ix) {
            double xx =
                start_w + (double)pw * bin_w + ((double)ix + 0.5) * bin_w / (double)grid_w;
            samples[(ph * output_width + pw) * per_bin + iy * grid_w + ix] =
                sample_at(y, xx, h, w);
          }
        }
    for (int64_t ch = 0; ch < c; ++ch) {
      const float *plane = xd + (batch * c + ch) * h * w;
      for (int64_t bin = 0; bin < bins; ++bin) {
        double v = pool_bin(plane, samples + bin * per_bin, per_bin, mode_max != 0);
        out->aligned[out->offset + (base + ch * bins + bin) * out->stride] = (float)v;
      }
    }
  }
  free(samples);
  free(x_copy);
  free(rois_copy);
}

/* ---- Registration ---------------------------------------------------------- */

const strata_kernel_symbol_t strata_detection_kernels[] = {
    {"_mlir_ciface_strata_non_max_suppression", (void *)_mlir_ciface_strata_non_max_suppression},
    {"_mlir_ciface_strata_roi_align", (void *)_mlir_ciface_strata_roi_align},
    {NULL, NULL},
};
