/* ONNX Resize (10, 11, 13, 18, 19) and Upsample (7, 9) -> graph.resize.
 * The node's scales or sizes are known at import time; the graph op always
 * has every axis: `axes` (opset 18) names a subset in any order, the others
 * keep scale 1 and their size (and roi 0..1). keep_aspect_ratio_policy
 * not_larger / not_smaller (with sizes) picks one scale for the named axes,
 * the min or max of size/in, and sizes round(in * scale) (half up). Modes,
 * coordinate transforms, antialias and the cubic options are attributes of
 * graph.resize, whose lowering does the sampling. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

/* Before Resize-11 (and for Upsample) the coordinates are asymmetric and
 * nearest rounds down. */
enum { POLICY_STRETCH, POLICY_NOT_LARGER, POLICY_NOT_SMALLER };

/* The attributes of a Resize/Upsample node, checked and normalized. */
typedef struct {
  bool v10; /* Resize-10 or Upsample: inputs X, scales */
  bool exclude, antialias;
  int policy;
  int naxes;                         /* the axes the scales/sizes/roi name */
  int64_t axes[STRATA_GRAPH_MAX_RANK]; /* in [0, rank), distinct */
  char mbuf[32], cbuf[32], nbuf[32];
  const char *mode, *coord, *nearest;
} resize_attrs_t;

/* The `axes` attribute (opset 18) of a node of rank r into ra->axes
 * (normalized, distinct); absent: every axis in order. */
static bool resize_axes(onnx_node_t *n, int64_t r, resize_attrs_t *ra) {
  int na = onnx_attr_ints(n, "axes", ra->axes, STRATA_GRAPH_MAX_RANK);
  if (na == -2)
    return false;
  if (na < 0) {
    ra->naxes = (int)r;
    for (int i = 0; i < r; ++i)
      ra->axes[i] = i;
    return true;
  }
  bool seen[STRATA_GRAPH_MAX_RANK] = {false};
  for (int i = 0; i < na; ++i) {
    int64_t a = ra->axes[i];
    if (a < -r || a >= r)
      return onnx_error(n, "Resize 'axes' value %lld is out of range for rank %lld",
                        (long long)a, (long long)r);
    a = a < 0 ? a + r : a;
    if (seen[a])
      return onnx_error(n, "Resize 'axes' names axis %lld twice", (long long)a);
    seen[a] = true;
    ra->axes[i] = a;
  }
  ra->naxes = na;
  return true;
}

/* Reads and checks the attributes of Resize/Upsample node n (rank r). */
static bool resize_attrs(onnx_node_t *n, int64_t r, resize_attrs_t *ra) {
  bool upsample = !strcmp(n->node->op_type, "Upsample");
  bool v10 = ra->v10 = upsample || n->opset < 11;
  char kbuf[32];
  const char *mode = onnx_attr_string(n, "mode", "nearest", ra->mbuf, sizeof ra->mbuf);
  const char *coord = v10 ? "asymmetric"
                          : onnx_attr_string(n, "coordinate_transformation_mode", "half_pixel",
                                             ra->cbuf, sizeof ra->cbuf);
  const char *nearest = v10 ? "floor"
                            : onnx_attr_string(n, "nearest_mode", "round_prefer_floor", ra->nbuf,
                                               sizeof ra->nbuf);
  if (strcmp(mode, "nearest") && strcmp(mode, "linear") && strcmp(mode, "cubic"))
    return onnx_error(n, "unsupported %s mode '%s'", n->node->op_type, mode);
  if (!strcmp(coord, "tf_half_pixel_for_nn") && !strcmp(mode, "nearest") &&
      (!strcmp(nearest, "round_prefer_floor") || !strcmp(nearest, "floor"))) {
    /* x_ori = (x + 0.5)/scale = h + 0.5 with h the half_pixel coordinate:
     * round_prefer_floor(h + 0.5) == ceil(h) and floor(h + 0.5) ==
     * round_prefer_ceil(h), exactly. */
    coord = "half_pixel";
    nearest = !strcmp(nearest, "floor") ? "round_prefer_ceil" : "ceil";
  }
  if (strcmp(coord, "half_pixel") && strcmp(coord, "asymmetric") &&
      strcmp(coord, "align_corners") && strcmp(coord, "pytorch_half_pixel") &&
      (v10 || (strcmp(coord, "tf_crop_and_resize") && strcmp(coord, "half_pixel_symmetric"))))
    return onnx_error(n, "unsupported Resize coordinate_transformation_mode '%s'", coord);
  if (strcmp(nearest, "round_prefer_floor") && strcmp(nearest, "round_prefer_ceil") &&
      strcmp(nearest, "floor") && strcmp(nearest, "ceil"))
    return onnx_error(n, "unsupported Resize nearest_mode '%s'", nearest);
  /* antialias filters linear and cubic downsampling; nearest ignores it */
  ra->antialias = !v10 && strcmp(mode, "nearest") && onnx_attr_int(n, "antialias", 0) != 0;
  ra->exclude = !v10 && onnx_attr_int(n, "exclude_outside", 0) != 0;
  if (!strcmp(mode, "linear") && ra->exclude)
    return onnx_error(n, "unsupported Resize exclude_outside = 1");
  const char *policy = onnx_attr_string(n, "keep_aspect_ratio_policy", "stretch", kbuf, sizeof kbuf);
  if (!strcmp(policy, "stretch"))
    ra->policy = POLICY_STRETCH;
  else if (!strcmp(policy, "not_larger"))
    ra->policy = POLICY_NOT_LARGER;
  else if (!strcmp(policy, "not_smaller"))
    ra->policy = POLICY_NOT_SMALLER;
  else
    return onnx_error(n, "unsupported Resize keep_aspect_ratio_policy '%s'", policy);
  ra->mode = mode, ra->coord = coord, ra->nearest = nearest;
  return resize_axes(n, r, ra);
}

/* The scales (attribute before Upsample-9, else input) or sizes of the
 * node, as given: one per named axis. *ns / *nz: how many of each. */
static bool resize_inputs(onnx_node_t *n, const resize_attrs_t *ra, int64_t r, double *scales,
                          int64_t *ns, int64_t *sizes, int64_t *nz) {
  *ns = *nz = 0;
  if (!strcmp(n->node->op_type, "Upsample") && n->opset < 9) {
    const Onnx__AttributeProto *a = onnx_attr(n, "scales");
    if (!a)
      return onnx_error(n, "missing attribute 'scales'");
    if ((int64_t)a->n_floats != r)
      return onnx_error(n, "'scales' has %zu values, expected %lld", a->n_floats, (long long)r);
    for (int64_t d = 0; d < r; ++d)
      scales[d] = a->floats[d];
    *ns = r;
    return true;
  }
  *ns = onnx_const_floats(n, ra->v10 ? 1 : 2, "scales", scales, STRATA_GRAPH_MAX_RANK);
  if (*ns < 0)
    return false;
  if (!ra->v10 && n->num_inputs > 3 && n->present[3] &&
      (!n->in_const[3] || n->in_const[3]->numel > 0)) {
    *nz = onnx_const_ints(n, 3, "sizes", sizes, STRATA_GRAPH_MAX_RANK);
    if (*nz < 0)
      return false;
  }
  if (*ns > 0 && *nz > 0)
    return onnx_error(n, "only one of 'scales' and 'sizes' may be given");
  if (*ns == 0 && *nz == 0)
    return onnx_error(n, "one of 'scales' and 'sizes' must be given");
  const char *what = ra->naxes == r ? "the input rank" : "the number of axes";
  if (*ns > 0 && *ns != ra->naxes)
    return onnx_error(n, "'scales' has %lld values, expected %lld (%s)", (long long)*ns,
                      (long long)ra->naxes, what);
  if (*nz > 0 && *nz != ra->naxes)
    return onnx_error(n, "'sizes' has %lld values, expected %lld (%s)", (long long)*nz,
                      (long long)ra->naxes, what);
  return true;
}

/* The scales and result dims osz of every axis of input xs: the named axes
 * from the node's scales or sizes (and keep_aspect_ratio_policy), the
 * others unchanged. */
static bool resize_scales(onnx_node_t *n, const strata_graph_shape_t *xs,
                          const resize_attrs_t *ra, double *scales, int64_t *osz) {
  int64_t r = xs->rank;
  double given[STRATA_GRAPH_MAX_RANK];
  int64_t sizes[STRATA_GRAPH_MAX_RANK];
  int64_t ns, nz;
  if (!resize_inputs(n, ra, r, given, &ns, sizes, &nz))
    return false;
  for (int64_t d = 0; d < r; ++d)
    scales[d] = 1.0, osz[d] = xs->dims[d];
  double keep = ra->policy == POLICY_NOT_LARGER ? INFINITY : 0;
  for (int i = 0; i < ra->naxes; ++i) {
    int64_t d = ra->axes[i], in = xs->dims[d];
    if (nz > 0) {
      if (sizes[i] < 1)
        return onnx_error(n, "'sizes' must be positive, got %lld", (long long)sizes[i]);
      if (in == STRATA_GRAPH_DYN)
        return onnx_error(n, "Resize by 'sizes' needs static input dims (dim %lld is dynamic)",
                          (long long)d);
      osz[d] = sizes[i];
      scales[d] = (double)sizes[i] / (double)in;
      keep = ra->policy == POLICY_NOT_LARGER ? fmin(keep, scales[d]) : fmax(keep, scales[d]);
      continue;
    }
    scales[d] = given[i];
    if (!(scales[d] > 0))
      return onnx_error(n, "'scales' must be positive, got %g", scales[d]);
    double out = in == STRATA_GRAPH_DYN ? 0 : floor((double)in * scales[d]);
    if (!(out < 0x1p62))
      return onnx_error(n, "dim %lld of size %lld times scale %g is too large", (long long)d,
                        (long long)in, scales[d]);
    osz[d] = in == STRATA_GRAPH_DYN ? STRATA_GRAPH_DYN : (int64_t)out;
    if (osz[d] == 0)
      return onnx_error(n, "dim %lld of size %lld times scale %g is empty", (long long)d,
                        (long long)in, scales[d]);
  }
  if (nz > 0 && ra->policy != POLICY_STRETCH) {
    /* one scale for the named axes; sizes round half up */
    for (int i = 0; i < ra->naxes; ++i) {
      int64_t d = ra->axes[i];
      scales[d] = keep;
      osz[d] = (int64_t)(keep * (double)xs->dims[d] + 0.5);
      if (osz[d] < 1)
        return onnx_error(n, "dim %lld of size %lld times scale %g is empty", (long long)d,
                          (long long)xs->dims[d], keep);
    }
  }
  return true;
}

/* tf_crop_and_resize's roi (input 1, import-time values): starts then ends
 * of the named axes, into roi[0..2r) for every axis (0 and 1 elsewhere). */
static bool resize_roi(onnx_node_t *n, const resize_attrs_t *ra, int64_t r, double *roi) {
  double given[2 * STRATA_GRAPH_MAX_RANK];
  int64_t nr = n->num_inputs > 1 && n->present[1]
                   ? onnx_const_floats(n, 1, "roi", given, 2 * STRATA_GRAPH_MAX_RANK)
                   : 0;
  if (nr < 0)
    return false;
  if (nr != 2 * ra->naxes)
    return onnx_error(n, "tf_crop_and_resize needs 'roi' with %lld values, got %lld",
                      (long long)(2 * ra->naxes), (long long)nr);
  for (int64_t d = 0; d < r; ++d)
    roi[d] = 0.0, roi[r + d] = 1.0;
  for (int i = 0; i < ra->naxes; ++i) {
    roi[ra->axes[i]] = given[i];
    roi[r + ra->axes[i]] = given[ra->naxes + i];
  }
  return true;
}

static bool map_resize(onnx_node_t *n) {
  if (!mlirContextIsRegisteredOperation(n->ctx, mlirStringRefCreateFromCString("graph.resize")))
    return onnx_error(n, "unsupported operator '%s'", n->node->op_type);
  if (!onnx_need_input(n, 0))
    return false;
  MlirValue x = onnx_input(n, 0);
  strata_graph_shape_t xs;
  onnx_shape(x, &xs);
  int64_t r = xs.rank;
  resize_attrs_t ra;
  if (!resize_attrs(n, r, &ra))
    return false;
  const char *mode = ra.mode, *coord = ra.coord;
  double scales[STRATA_GRAPH_MAX_RANK];
  int64_t osz[STRATA_GRAPH_MAX_RANK];
  if (!resize_scales(n, &xs, &ra, scales, osz))
    return false;
  strata_graph_shape_t os = {.rank = r};
  memcpy(os.dims, osz, sizeof(int64_t) * (size_t)r);
  MlirNamedAttribute a[9] = {
      onnx_str_attr(n, "mode", mode), onnx_str_attr(n, "coordinate_transformation_mode", coord),
      onnx_str_attr(n, "nearest_mode", ra.nearest),
      strata_named(n->ctx, "scales", mlirDenseF64ArrayGet(n->ctx, r, scales))};
  intptr_t na2 = 4;
  MlirType f64 = mlirF64TypeGet(n->ctx);
  if (!strcmp(mode, "cubic")) {
    a[na2++] = strata_named(n->ctx, "cubic_coeff_a",
                            mlirFloatAttrDoubleGet(n->ctx, f64,
                                                   onnx_attr_float(n, "cubic_coeff_a", -0.75f)));
    a[na2++] = strata_named(n->ctx, "exclude_outside", mlirBoolAttrGet(n->ctx, ra.exclude));
  }
  if (ra.antialias)
    a[na2++] = onnx_bool_attr(n, "antialias", true);
  if (!strcmp(coord, "tf_crop_and_resize")) {
    double roi[2 * STRATA_GRAPH_MAX_RANK];
    if (!resize_roi(n, &ra, r, roi))
      return false;
    a[na2++] = strata_named(n->ctx, "roi", mlirDenseF64ArrayGet(n->ctx, 2 * r, roi));
    a[na2++] = strata_named(n->ctx, "extrapolation_value",
                            mlirFloatAttrDoubleGet(n->ctx, f64,
                                                   onnx_attr_float(n, "extrapolation_value", 0.0f)));
  }
  return onnx_out(n, onnx_build(n, "graph.resize", 1, &x,
                                strata_graph_shape_to_type(&os, onnx_elem(x)), na2, a));
}

const onnx_mapping_t strata_onnx_resize_ops[] = {
    {"Resize", map_resize},
    {"Upsample", map_resize},
    {NULL, NULL},
};
