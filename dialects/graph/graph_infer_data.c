/* Shape inference of the graph dialect's data-movement family: reshape,
 * shape, transpose, concat, slice, pad, flatten, reductions, cumsum, layout
 * transforms, gather/scatter and expand. Helpers: graph_infer.h. */
#include "dialects/graph/graph_infer.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked_math.h"
#include "core/text.h"

static bool infer_reshape(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x, t;
  if (!gi_operand_shape(c, 0, "input", &x) ||
      !gi_read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", out))
    return false;
  if (mlirOperationGetNumOperands(c->op) > 1) { /* the run-time target */
    MlirType te = gi_elem_of(gi_operand_type(c, 1));
    char b[STR];
    if (!gi_operand_shape(c, 1, "shape", &t) || !gi_expect_rank(c, "shape", &t, 1))
      return false;
    if (!mlirTypeIsAInteger(te) || mlirIntegerTypeGetWidth(te) != 64)
      return gi_fail(c, "operand 'shape' must be a tensor of i64, got %s", gi_type_str(te, b));
    if (t.dims[0] != DYN && t.dims[0] != out->rank)
      return gi_fail(c, "operand 'shape' has %lld values for a result of rank %lld",
                     (long long)t.dims[0], (long long)out->rank);
  }
  /* Compare element counts as far as static dims allow: the result's static
   * dims must divide the input's count, and equal it if all are static. */
  int64_t n = strata_graph_num_elements(&x), known;
  bool dynamic = false;
  for (intptr_t i = 0; i < out->rank; ++i)
    dynamic |= out->dims[i] == DYN;
  if (!strata_graph_static_product(out, &known))
    return gi_too_large(c, "result", out);
  if (n != DYN && (dynamic ? known != 0 && n % known != 0 : known != n)) {
    char s[STR];
    return gi_fail(c, "result shape %s cannot hold the %lld elements of the input",
                   gi_shape_str(out, s), (long long)n);
  }
  return true;
}

/* shape: [rank(input)] of i64, the input's dims at run time. */
static bool infer_shape_of(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  if (!gi_operand_shape(c, 0, "input", &x))
    return false;
  *out = (shape_t){.rank = 1, .dims = {x.rank}};
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

static bool infer_transpose(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t perm[MAX_LIST];
  intptr_t n;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_i64s(c, "perm", x.rank, x.rank, perm, &n) ||
      !gi_distinct_axes(c, "perm", perm, n, x.rank))
    return false;
  out->rank = x.rank;
  for (intptr_t i = 0; i < x.rank; ++i)
    out->dims[i] = x.dims[perm[i]];
  return true;
}

static bool infer_concat(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  int64_t axis;
  if (!gi_operand_shape(c, 0, "lhs", &a) || !gi_operand_shape(c, 1, "rhs", &b) ||
      !gi_expect_rank(c, "rhs", &b, a.rank) || !gi_same_elem(c, 0, "lhs", 1, "rhs") ||
      !gi_attr_i64(c, "axis", &axis) || !gi_in_range(c, "axis", axis, a.rank))
    return false;
  *out = a;
  for (intptr_t d = 0; d < a.rank; ++d) {
    if (d == axis && (a.dims[d] == DYN || b.dims[d] == DYN))
      out->dims[d] = DYN;
    else if (d == axis && !strata_add_i64(a.dims[d], b.dims[d], &out->dims[d]))
      return gi_fail(c,
                     "concatenated dimension %lld is too large: %lld + %lld does not fit in 64 "
                     "bits",
                     (long long)d, (long long)a.dims[d], (long long)b.dims[d]);
    else if (d == axis)
      continue;
    else if (!gi_dims_agree(a.dims[d], b.dims[d]))
      return gi_fail(c, "operands differ in dimension %lld: %lld vs %lld", (long long)d,
                     (long long)a.dims[d], (long long)b.dims[d]);
    else if (a.dims[d] == DYN)
      out->dims[d] = b.dims[d];
  }
  return true;
}

static bool infer_slice(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t starts[MAX_LIST], ends[MAX_LIST], steps[MAX_LIST];
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_i64s_min(c, "starts", x.rank, 0, starts) ||
      !gi_attr_i64s_min(c, "ends", x.rank, 0, ends) ||
      !gi_attr_i64s_min(c, "steps", x.rank, 1, steps))
    return false;
  out->rank = x.rank;
  for (intptr_t d = 0; d < x.rank; ++d) {
    if (ends[d] < starts[d])
      return gi_fail(c, "'ends' value %lld is less than start %lld in dimension %lld",
                     (long long)ends[d], (long long)starts[d], (long long)d);
    if (x.dims[d] == DYN) {
      out->dims[d] = DYN;
      continue;
    }
    if (starts[d] > x.dims[d])
      return gi_fail(c, "start %lld is beyond dimension %lld of size %lld", (long long)starts[d],
                     (long long)d, (long long)x.dims[d]);
    int64_t end = ends[d] < x.dims[d] ? ends[d] : x.dims[d]; /* clamped: "to the end" */
    out->dims[d] = (end - starts[d] + steps[d] - 1) / steps[d];
  }
  return true;
}

static bool infer_pad(ctx_t *c, shape_t *out, MlirType *elem) {
  int64_t pads[MAX_LIST];
  MlirAttribute value;
  if (!gi_operand_shape(c, 0, "input", out) ||
      !gi_attr_i64s_min(c, "pads", 2 * out->rank, 0, pads) ||
      !gi_attr_scalar_of(c, "pad_value", *elem, &value))
    return false;
  /* Optional discardable `mode` (absent: "constant"); pad_value stays
   * mandatory but only "constant" reads it. */
  enum { PAD_CONSTANT, PAD_REFLECT, PAD_EDGE };
  static const char *const modes[] = {"constant", "reflect", "edge"};
  int mode = PAD_CONSTANT;
  MlirAttribute m = gi_attr(c, "mode");
  if (!mlirAttributeIsNull(m)) {
    if (!mlirAttributeIsAString(m))
      return gi_fail(c, "'mode' must be a string attribute");
    if (!gi_attr_choice(c, "mode", modes, 3, &mode))
      return false;
  }
  for (intptr_t d = 0; d < out->rank; ++d) {
    int64_t lo = pads[d], hi = pads[out->rank + d], n = out->dims[d];
    if (n == DYN || (lo == 0 && hi == 0))
      continue; /* dynamic dims: a run-time precondition */
    if (mode == PAD_REFLECT && (lo >= n || hi >= n))
      return gi_fail(c,
                     "reflect pads must be less than the dimension size: dimension %lld has size "
                     "%lld, pads %lld and %lld",
                     (long long)d, (long long)n, (long long)lo, (long long)hi);
    if (mode == PAD_EDGE && n == 0)
      return gi_fail(c, "edge padding of dimension %lld, which has size 0", (long long)d);
  }
  for (intptr_t d = 0; d < out->rank; ++d) {
    int64_t n = out->dims[d];
    if (n != DYN && (!strata_add_i64(n, pads[d], &out->dims[d]) ||
                     !strata_add_i64(out->dims[d], pads[out->rank + d], &out->dims[d])))
      return gi_fail(c,
                     "padded dimension %lld is too large: %lld + %lld + %lld does not fit in 64 "
                     "bits",
                     (long long)d, (long long)n, (long long)pads[d],
                     (long long)pads[out->rank + d]);
  }
  return true;
}

/* Product of dims [from, to) of s, DYN if any is dynamic. */
static int64_t dims_product(const shape_t *s, intptr_t from, intptr_t to) {
  shape_t part = {.rank = to - from};
  memcpy(part.dims, s->dims + from, sizeof(int64_t) * (size_t)part.rank);
  return strata_graph_num_elements(&part);
}

static bool infer_flatten(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t axis;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_i64(c, "axis", &axis) ||
      !gi_in_range(c, "axis", axis, x.rank + 1))
    return false;
  *out = (shape_t){
      .rank = 2,
      .dims = {dims_product(&x, 0, (intptr_t)axis), dims_product(&x, (intptr_t)axis, x.rank)}};
  return true;
}

static bool infer_reduce(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t axes[MAX_LIST];
  intptr_t n;
  bool keepdims;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_i64s(c, "axes", 1, x.rank, axes, &n) ||
      !gi_distinct_axes(c, "axes", axes, n, x.rank) || !gi_attr_bool(c, "keepdims", &keepdims))
    return false;
  out->rank = 0;
  for (intptr_t d = 0; d < x.rank; ++d) {
    bool reduced = false;
    for (intptr_t i = 0; i < n; ++i)
      reduced |= axes[i] == d;
    if (!reduced)
      out->dims[out->rank++] = x.dims[d];
    else if (keepdims)
      out->dims[out->rank++] = 1;
  }
  return true;
}

/* argmax, argmin: the input shape with `axis` 1 (keepdims) or removed; i64. */
static bool infer_arg_reduce(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t axis;
  bool keepdims, last;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_expect_min_rank(c, "input", &x, 1) ||
      !gi_attr_i64(c, "axis", &axis) || !gi_in_range(c, "axis", axis, x.rank) ||
      !gi_attr_bool(c, "keepdims", &keepdims) || !gi_attr_bool(c, "select_last_index", &last))
    return false;
  out->rank = 0;
  for (intptr_t d = 0; d < x.rank; ++d)
    if (d != axis)
      out->dims[out->rank++] = x.dims[d];
    else if (keepdims)
      out->dims[out->rank++] = 1;
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

static bool infer_cumsum(ctx_t *c, shape_t *out, MlirType *elem) {
  int64_t axis;
  bool exclusive, reverse;
  return gi_infer_unary(c, out, elem) && gi_expect_min_rank(c, "input", out, 1) &&
         gi_attr_i64(c, "axis", &axis) && gi_in_range(c, "axis", axis, out->rank) &&
         gi_attr_bool(c, "exclusive", &exclusive) && gi_attr_bool(c, "reverse", &reverse);
}

static bool infer_layout_transform(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  layout_t src, dst;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_layout(c, "src_layout", NULL, &src) ||
      !gi_attr_layout(c, "dst_layout", NULL, &dst))
    return false;
  char primals[STRATA_GRAPH_MAX_RANK + 1];
  int n = 0;
  for (int d = 0; d < src.rank; ++d)
    if (src.blocks[d] == 0)
      primals[n++] = src.axes[d];
  primals[n] = '\0';
  if (!strata_graph_layout_has_primals(&dst, primals)) {
    MlirStringRef s = gi_attr_str(c, "src_layout"), t = gi_attr_str(c, "dst_layout");
    return gi_fail(c, "'src_layout' \"%.*s\" and 'dst_layout' \"%.*s\" have different axes",
                   (int)s.length, s.data, (int)t.length, t.data);
  }
  if (!gi_shape_in_layout(c, "input", &x, "src_layout", &src))
    return false;
  int64_t logical[26];
  strata_graph_layout_to_logical(&src, &x, logical);
  return gi_to_physical(c, &dst, "dst_layout", logical, out);
}

static bool gather_operands(ctx_t *c, shape_t *d, shape_t *ix, int64_t *axis) {
  if (!gi_operand_shape(c, 0, "data", d) || !gi_operand_shape(c, 1, "indices", ix) ||
      !gi_expect_min_rank(c, "data", d, 1) || !gi_attr_i64(c, "axis", axis) ||
      !gi_in_range(c, "axis", *axis, d->rank))
    return false;
  MlirType ie = gi_elem_of(gi_operand_type(c, 1));
  if (!mlirTypeIsAInteger(ie) || !mlirIntegerTypeIsSignless(ie) ||
      (mlirIntegerTypeGetWidth(ie) != 32 && mlirIntegerTypeGetWidth(ie) != 64)) {
    char s[STR];
    return gi_fail(c, "operand 'indices' must have element type i32 or i64, got %s",
                   gi_type_str(ie, s));
  }
  return true;
}

static bool infer_gather(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t d, ix;
  int64_t axis;
  if (!gather_operands(c, &d, &ix, &axis))
    return false;
  if (d.rank - 1 + ix.rank > STRATA_GRAPH_MAX_RANK)
    return gi_fail(c, "result rank %lld is more than the supported %d",
                   (long long)(d.rank - 1 + ix.rank), STRATA_GRAPH_MAX_RANK);
  out->rank = 0;
  for (intptr_t i = 0; i < axis; ++i)
    out->dims[out->rank++] = d.dims[i];
  for (intptr_t i = 0; i < ix.rank; ++i)
    out->dims[out->rank++] = ix.dims[i];
  for (intptr_t i = axis + 1; i < d.rank; ++i)
    out->dims[out->rank++] = d.dims[i];
  return true;
}

/* The result has the indices' shape; off the axis they index data
 * directly, so no dim may exceed data's. */
/* gather_elements, scatter_elements: indices of data's rank, no dim off
 * the axis larger than data's. */
static bool element_indices(ctx_t *c, shape_t *d, shape_t *ix, int64_t *axis) {
  if (!gather_operands(c, d, ix, axis) || !gi_expect_rank(c, "indices", ix, d->rank))
    return false;
  for (intptr_t i = 0; i < d->rank; ++i)
    if (i != *axis && ix->dims[i] != DYN && d->dims[i] != DYN && ix->dims[i] > d->dims[i])
      return gi_fail(c, "dim %lld of 'indices' is %lld, more than data's %lld", (long long)i,
                     (long long)ix->dims[i], (long long)d->dims[i]);
  return true;
}

static bool infer_gather_elements(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t d, ix;
  int64_t axis;
  if (!element_indices(c, &d, &ix, &axis))
    return false;
  *out = ix;
  return true;
}

static bool infer_scatter_elements(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const reductions[] = {"none", "add", "mul", "max", "min"};
  shape_t d, ix;
  int64_t axis;
  int reduction;
  if (!element_indices(c, &d, &ix, &axis) || !gi_expect_shape(c, 2, "updates", &ix) ||
      !gi_same_elem(c, 0, "data", 2, "updates") ||
      !gi_attr_choice(c, "reduction", reductions, 5, &reduction))
    return false;
  *out = d;
  return true;
}

static bool infer_expand(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x, b;
  if (!gi_operand_shape(c, 0, "input", &x) ||
      !gi_read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", out))
    return false;
  if (out->rank < x.rank)
    return gi_fail(c, "result rank %lld is less than the input's %lld", (long long)out->rank,
                   (long long)x.rank);
  if (!strata_graph_broadcast_shape(&x, out, &b) || !strata_graph_shapes_compatible(&b, out)) {
    char sa[STR], sb[STR];
    return gi_fail(c, "input shape %s cannot be broadcast to the result shape %s",
                   gi_shape_str(&x, sa), gi_shape_str(out, sb));
  }
  return true;
}

/* conv_transpose2d (NCHW, IOHW) and conv_transpose3d (NCDHW, IODHW). */
/* (in - 1) * stride - pad_begin - pad_end + dilation * (kernel - 1) +
 * output_padding + 1, or STRATA_GRAPH_TOO_LARGE if any step overflows. */

static const gi_rule_t rules[] = {
    {"reshape", infer_reshape},
    {"shape", infer_shape_of},
    {"transpose", infer_transpose},
    {"concat", infer_concat},
    {"slice", infer_slice},
    {"pad", infer_pad},
    {"flatten", infer_flatten},
    {"reduce_sum", infer_reduce},
    {"reduce_mean", infer_reduce},
    {"reduce_max", infer_reduce},
    {"reduce_min", infer_reduce},
    {"reduce_prod", infer_reduce},
    {"argmax", infer_arg_reduce},
    {"argmin", infer_arg_reduce},
    {"cumsum", infer_cumsum},
    {"layout_transform", infer_layout_transform},
    {"gather", infer_gather},
    {"gather_elements", infer_gather_elements},
    {"scatter_elements", infer_scatter_elements},
    {"expand", infer_expand},
};

const gi_rule_table_t gi_data_rules = {rules, sizeof rules / sizeof rules[0]};
