/* convert-graph-to-te for the object-detection ops: graph.non_max_suppression
 * and graph.roi_align become calls of the runtime's buffer kernels
 * (runtime/detection_kernels.h) through g2t_call_buffer_kernel, no compute:
 * the operands flattened to 1-D (tensor.collapse_shape, a view), their dims
 * and the attributes passed as scalars, the 1-D result expanded back to the
 * op's static type (tensor.expand_shape). A selection whose size depends on
 * the data (non_max_suppression's K) has the size the op's type fixes; the
 * kernel reports a run that selects another count. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "lowering/graph_to_te.h"
#include "strata/diagnostics.h"

/* Operand i flattened to 1-D (itself when it is 1-D already). */
static MlirValue flat_operand(g2t_t *g, intptr_t i) {
  MlirValue v = mlirOperationGetOperand(g->op, i);
  strata_graph_shape_t s = g2t_shape(v);
  if (s.rank == 1)
    return v;
  int64_t total = strata_graph_num_elements(&s), sizes = s.rank;
  return g2t_collapse(g, v, &total, 1, &sizes);
}

/* The 1-D type holding the op's result, flattened. */
static MlirType flat_result_type(g2t_t *g) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  strata_graph_shape_t s;
  strata_graph_shape_from_type(rt, &s);
  int64_t total = strata_graph_num_elements(&s);
  return mlirRankedTensorTypeGet(1, &total, mlirShapedTypeGetElementType(rt),
                                 mlirAttributeGetNull());
}

/* The kernel's flat result r expanded back to the op's result type. */
static MlirValue unflatten(g2t_t *g, MlirValue r) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  int64_t sizes = mlirShapedTypeGetRank(rt);
  return g2t_expand(g, r, rt, 1, &sizes);
}

static MlirValue i64_scalar(g2t_t *g, int64_t v) {
  return g2t_scalar(&g->b, mlirIntegerTypeGet(g->ctx, 64), (double)v);
}

static MlirValue f32_attr_scalar(g2t_t *g, const char *name) {
  return g2t_scalar(&g->b, mlirF32TypeGet(g->ctx),
                    mlirFloatAttrGetValueDouble(g2t_attr(g->op, name)));
}

/* ---- graph.non_max_suppression ---------------------------------------------- */

MlirLogicalResult g2t_lower_non_max_suppression(g2t_t *g, MlirValue *out) {
  if (!g2t_kernel_static_shapes(g))
    return mlirLogicalResultFailure();
  strata_graph_shape_t scores = g2t_shape(mlirOperationGetOperand(g->op, 1));
  MlirValue args[9] = {
      flat_operand(g, 0),
      flat_operand(g, 1),
      i64_scalar(g, scores.dims[0]),
      i64_scalar(g, scores.dims[1]),
      i64_scalar(g, scores.dims[2]),
      i64_scalar(g, g2t_attr_int(g->op, "center_point_box")),
      i64_scalar(g, g2t_attr_int(g->op, "max_output_boxes_per_class")),
      f32_attr_scalar(g, "iou_threshold"),
      f32_attr_scalar(g, "score_threshold"),
  };
  MlirType result = flat_result_type(g);
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_non_max_suppression", 9, args, 1, &result, &r);
  *out = unflatten(g, r);
  return mlirLogicalResultSuccess();
}

/* ---- graph.roi_align ------------------------------------------------------------ */

MlirLogicalResult g2t_lower_roi_align(g2t_t *g, MlirValue *out) {
  if (!g2t_kernel_static_shapes(g))
    return mlirLogicalResultFailure();
  strata_graph_shape_t x = g2t_shape(mlirOperationGetOperand(g->op, 0));
  strata_graph_shape_t rois = g2t_shape(mlirOperationGetOperand(g->op, 1));
  MlirStringRef mode = mlirStringAttrGetValue(g2t_attr(g->op, "mode"));
  MlirStringRef coord =
      mlirStringAttrGetValue(g2t_attr(g->op, "coordinate_transformation_mode"));
  MlirValue args[14] = {
      flat_operand(g, 0),
      flat_operand(g, 1),
      mlirOperationGetOperand(g->op, 2),
      i64_scalar(g, x.dims[0]),
      i64_scalar(g, x.dims[1]),
      i64_scalar(g, x.dims[2]),
      i64_scalar(g, x.dims[3]),
      i64_scalar(g, rois.dims[0]),
      i64_scalar(g, strata_str_eq(mode, "max")),
      i64_scalar(g, g2t_attr_int(g->op, "output_height")),
      i64_scalar(g, g2t_attr_int(g->op, "output_width")),
      i64_scalar(g, g2t_attr_int(g->op, "sampling_ratio")),
      f32_attr_scalar(g, "spatial_scale"),
      i64_scalar(g, strata_str_eq(coord, "half_pixel")),
  };
  MlirType result = flat_result_type(g);
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_roi_align", 14, args, 1, &result, &r);
  *out = unflatten(g, r);
  return mlirLogicalResultSuccess();
}
