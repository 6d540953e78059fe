/* ONNX object-detection operators: NonMaxSuppression
 * (graph.non_max_suppression) and RoiAlign (graph.roi_align), both run by
 * library kernels (runtime/detection_kernels.h).
 *
 * NonMaxSuppression's scalar inputs (max_output_boxes_per_class,
 * iou_threshold, score_threshold) become attributes, so they must be known
 * at import time (constants or graph inputs bound to values). Its result
 * size, the number of selected boxes, depends on the data: as for NonZero,
 * it is computed here from boxes and scores known at import time, by the
 * kernel's own selection (strata_nms_select); the compiled model expects
 * inputs selecting as many boxes (the kernel reports a mismatch on stderr). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"
#include "runtime/detection_kernels.h"

/* Optional scalar input i: *out is NULL when the input is omitted or
 * empty (the default applies), else its one value; false after an error
 * naming the input (its value not known at import time, several values). */
static bool optional_scalar(onnx_node_t *n, int i, const char *what, const onnx_const_t **out) {
  *out = NULL;
  if (i >= n->num_inputs || !n->present[i])
    return true;
  const onnx_const_t *c = n->in_const[i];
  if (!c)
    return onnx_error(n, "input '%s' must be known at import time (a constant or a bound graph "
                         "input: it becomes an attribute of graph.non_max_suppression)",
                      what);
  if (c->numel > 1)
    return onnx_error(n, "input '%s' must hold one value, got %lld", what, (long long)c->numel);
  *out = c->numel == 1 ? c : NULL;
  return true;
}

/* The contents of known input i (numel values) as floats in *out (free
 * it); false after an error naming the input when they are not known. */
static bool known_floats(onnx_node_t *n, int i, const char *what, int64_t numel, float **out) {
  const onnx_const_t *c = n->in_const[i];
  *out = NULL;
  if (!c || c->numel != numel)
    return onnx_error(n, "input '%s' must be known at import time (the boxes selected fix the "
                         "result's size)",
                      what);
  *out = malloc(sizeof **out * (size_t)(numel + 1));
  for (int64_t k = 0; k < numel; ++k)
    (*out)[k] = (float)onnx_const_get_f(c, k);
  return true;
}

/* Whether v is a static tensor of rank `rank` with f32 elements (else an
 * error naming input `what`). */
static bool static_f32(onnx_node_t *n, MlirValue v, const char *what, intptr_t rank,
                       strata_graph_shape_t *s) {
  onnx_shape(v, s);
  if (!mlirTypeIsAF32(onnx_elem(v)))
    return onnx_error(n, "input '%s' must be a float tensor", what);
  if (s->rank != rank || strata_graph_num_elements(s) < 0)
    return onnx_error(n, "input '%s' must be a %lld-D tensor of static shape", what,
                      (long long)rank);
  return true;
}

/* NonMaxSuppression (10, 11). */
static bool map_non_max_suppression(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue boxes = onnx_input(n, 0), scores = onnx_input(n, 1);
  strata_graph_shape_t bs, ss;
  if (!static_f32(n, boxes, "boxes", 3, &bs) || !static_f32(n, scores, "scores", 3, &ss))
    return false;
  if (bs.dims[2] != 4 || bs.dims[0] != ss.dims[0] || bs.dims[1] != ss.dims[2])
    return onnx_error(n, "boxes [B, N, 4] and scores [B, C, N] do not match");
  int64_t center = onnx_attr_int(n, "center_point_box", 0);
  if (center != 0 && center != 1)
    return onnx_error(n, "center_point_box must be 0 or 1, got %lld", (long long)center);
  const onnx_const_t *max_c, *iou_c, *score_c;
  if (!optional_scalar(n, 2, "max_output_boxes_per_class", &max_c) ||
      !optional_scalar(n, 3, "iou_threshold", &iou_c) ||
      !optional_scalar(n, 4, "score_threshold", &score_c))
    return false;
  /* The reference's defaults: no output, IoU 0, no score threshold. A
   * negative maximum selects nothing, one above N as much as N (exporters
   * write INT64_MAX). */
  int64_t max_boxes = max_c ? onnx_const_get_i(max_c, 0) : 0;
  max_boxes = max_boxes < 0 ? 0 : max_boxes > bs.dims[1] ? bs.dims[1] : max_boxes;
  double iou = iou_c ? onnx_const_get_f(iou_c, 0) : 0;
  double score = score_c ? onnx_const_get_f(score_c, 0) : -INFINITY;
  if (!(iou >= 0 && iou <= 1))
    return onnx_error(n, "iou_threshold must be in [0, 1], got %g", iou);

  float *bv, *sv = NULL;
  if (!known_floats(n, 0, "boxes", strata_graph_num_elements(&bs), &bv) ||
      !known_floats(n, 1, "scores", strata_graph_num_elements(&ss), &sv)) {
    free(bv);
    return false;
  }
  int64_t count = strata_nms_select(bv, sv, bs.dims[0], ss.dims[1], bs.dims[1], center,
                                    max_boxes, (float)iou, (float)score, NULL, 0);
  free(bv);
  free(sv);

  MlirNamedAttribute attrs[4] = {
      onnx_i64_attr(n, "center_point_box", center),
      onnx_i64_attr(n, "max_output_boxes_per_class", max_boxes),
      onnx_f32_attr(n, "iou_threshold", iou),
      onnx_f32_attr(n, "score_threshold", score),
  };
  int64_t dims[2] = {count, 3};
  MlirType rt = mlirRankedTensorTypeGet(2, dims, mlirIntegerTypeGet(n->ctx, 64),
                                        mlirAttributeGetNull());
  MlirValue ops[2] = {boxes, scores};
  return onnx_out(n, onnx_build(n, "graph.non_max_suppression", 2, ops, rt, 4, attrs));
}

/* RoiAlign (10, 16): X and rois of float16 or double are computed in f32
 * (the kernel's type) and the result cast back. */
static bool map_roi_align(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1) || !onnx_need_input(n, 2))
    return false;
  MlirValue x = onnx_input(n, 0), rois = onnx_input(n, 1), bi = onnx_input(n, 2);
  MlirType elem = onnx_elem(x), f32 = mlirF32TypeGet(n->ctx);
  if (!mlirTypeIsAFloat(elem))
    return onnx_error(n, "input 'X' must be a float tensor");
  char mbuf[16], cbuf[32];
  const char *mode = onnx_attr_string(n, "mode", "avg", mbuf, sizeof mbuf);
  if (strcmp(mode, "avg") && strcmp(mode, "max"))
    return onnx_error(n, "mode must be 'avg' or 'max', got '%s'", mode);
  /* RoiAlign-10 has no coordinate_transformation_mode: it samples as
   * "output_half_pixel" does; 16 added the attribute, default half_pixel. */
  const char *coord = "output_half_pixel";
  if (n->opset >= 16)
    coord = onnx_attr_string(n, "coordinate_transformation_mode", "half_pixel", cbuf, sizeof cbuf);
  if (strcmp(coord, "half_pixel") && strcmp(coord, "output_half_pixel"))
    return onnx_error(n, "coordinate_transformation_mode must be 'half_pixel' or "
                         "'output_half_pixel', got '%s'",
                      coord);
  int64_t oh = onnx_attr_int(n, "output_height", 1), ow = onnx_attr_int(n, "output_width", 1);
  int64_t ratio = onnx_attr_int(n, "sampling_ratio", 0);
  if (oh < 1 || ow < 1)
    return onnx_error(n, "output_height and output_width must be at least 1, got %lld x %lld",
                      (long long)oh, (long long)ow);
  if (ratio < 0)
    return onnx_error(n, "sampling_ratio must be at least 0, got %lld", (long long)ratio);
  MlirNamedAttribute attrs[6] = {
      onnx_str_attr(n, "mode", mode),
      onnx_i64_attr(n, "output_height", oh),
      onnx_i64_attr(n, "output_width", ow),
      onnx_i64_attr(n, "sampling_ratio", ratio),
      onnx_f32_attr(n, "spatial_scale", onnx_attr_float(n, "spatial_scale", 1.0f)),
      onnx_str_attr(n, "coordinate_transformation_mode", coord),
  };
  MlirValue ops[3] = {onnx_cast_to(n, x, f32), onnx_cast_to(n, rois, f32),
                      onnx_cast_to(n, bi, mlirIntegerTypeGet(n->ctx, 64))};
  MlirValue y = onnx_build(n, "graph.roi_align", 3, ops, (MlirType){NULL}, 6, attrs);
  return onnx_out(n, mlirValueIsNull(y) ? y : onnx_cast_to(n, y, elem));
}

const onnx_mapping_t strata_onnx_detection_ops[] = {
    {"NonMaxSuppression", map_non_max_suppression},
    {"RoiAlign", map_roi_align},
    {NULL, NULL},
};
