/* ONNX GridSample -> graph.grid_sample: 1-D to 3-D (input [N, C, D1..Dk],
 * grid [N, O1..Ok, k], k = 1..3: 2-D is [N, C, H, W] with grid
 * [N, Ho, Wo, 2], 3-D volumetric) with every mode (bilinear/nearest/bicubic, opset 20's
 * linear/cubic spellings too), padding_mode (zeros/border/reflection) and
 * align_corners. The sampling itself is the graph op's lowering. */
#include <string.h>

#include "frontends/onnx/onnx_internal.h"

/* The graph op's mode for an ONNX mode name (opset 16 and 20 names); NULL
 * for an unknown one. */
static const char *grid_sample_mode(const char *onnx_mode) {
  static const struct {
    const char *onnx, *graph;
  } modes[] = {{"bilinear", "bilinear"}, {"linear", "bilinear"}, {"nearest", "nearest"},
               {"bicubic", "bicubic"},   {"cubic", "bicubic"}};
  for (size_t i = 0; i < sizeof modes / sizeof modes[0]; ++i)
    if (!strcmp(onnx_mode, modes[i].onnx))
      return modes[i].graph;
  return NULL;
}

static bool map_grid_sample(onnx_node_t *n) {
  if (!mlirContextIsRegisteredOperation(n->ctx,
                                        mlirStringRefCreateFromCString("graph.grid_sample")))
    return onnx_error(n, "unsupported operator 'GridSample'");
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = onnx_input(n, 0), grid = onnx_input(n, 1);
  if (onnx_rank(x) < 3 || onnx_rank(x) > 5)
    return onnx_error(n, "only 1-D, 2-D and 3-D GridSample (an input of rank 3 to 5) is "
                         "supported (input rank %lld)", (long long)onnx_rank(x));
  char mbuf[32], pbuf[32];
  const char *onnx_mode =
      onnx_attr_string(n, "mode", n->opset < 20 ? "bilinear" : "linear", mbuf, sizeof mbuf);
  const char *mode = grid_sample_mode(onnx_mode);
  if (!mode)
    return onnx_error(n, "unsupported GridSample mode '%s'", onnx_mode);
  const char *padding = onnx_attr_string(n, "padding_mode", "zeros", pbuf, sizeof pbuf);
  if (strcmp(padding, "zeros") && strcmp(padding, "border") && strcmp(padding, "reflection"))
    return onnx_error(n, "unsupported GridSample padding_mode '%s'", padding);
  MlirValue ops[2] = {x, grid};
  MlirNamedAttribute a[3] = {
      onnx_str_attr(n, "mode", mode), onnx_str_attr(n, "padding_mode", padding),
      onnx_bool_attr(n, "align_corners", onnx_attr_int(n, "align_corners", 0) != 0)};
  return onnx_out(n, onnx_build(n, "graph.grid_sample", 2, ops, (MlirType){NULL}, 3, a));
}

const onnx_mapping_t strata_onnx_grid_sample_ops[] = {
    {"GridSample", map_grid_sample},
    {NULL, NULL},
};
