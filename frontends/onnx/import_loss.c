/* ONNX loss operators -> graph dialect, composed from existing graph ops at
 * import time: NegativeLogLikelihoodLoss, and SoftmaxCrossEntropyLoss as
 * the same loss of log_softmax along the class axis (its optional second
 * output, log_prob).
 *
 * For scores x [N, C, d1, ...] and a target t [N, d1, ...], the picked
 * entry x[n, t[n, d], d] is a one-hot selection (t == class index, a
 * [1, C, 1, ...] constant) summed over the class axis; out-of-range
 * targets pick nothing. The per-position weight is weight[t] (a gather),
 * or 1; positions whose target is ignore_index get weight 0, so they add
 * nothing to the loss nor to the mean's denominator. Reductions: none (the
 * per-position loss), sum, mean (the sum divided by the sum of the applied
 * weights, or the plain mean when no weight applies). */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

typedef enum { LOSS_NONE, LOSS_SUM, LOSS_MEAN } loss_reduction_t;

/* The inputs and attributes shared by both operators, checked. */
typedef struct {
  MlirValue target; /* [N, d1, ...], int32 or int64 */
  MlirValue weight; /* [C], or null */
  int64_t classes;  /* C (static) */
  loss_reduction_t reduction;
  bool has_ignore_index;
  int64_t ignore_index;
} loss_args_t;

static bool read_reduction(onnx_node_t *n, loss_reduction_t *out) {
  static const char *const names[] = {"none", "sum", "mean"};
  char buf[64];
  const char *r = onnx_attr_string(n, "reduction", "mean", buf, sizeof buf);
  for (int i = 0; i < 3; ++i)
    if (!strcmp(r, names[i])) {
      *out = (loss_reduction_t)i;
      return true;
    }
  return onnx_error(n, "reduction must be \"none\", \"sum\" or \"mean\", got \"%s\"", r);
}

static bool is_index_type(MlirType t) {
  return !mlirTypeIsNull(t) && mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t) &&
         (mlirIntegerTypeGetWidth(t) == 32 || mlirIntegerTypeGetWidth(t) == 64);
}

/* Checks the target (input 1) and weight (input 2) against the scores x
 * [N, C, d1, ...] and reads the attributes. */
static bool read_loss_args(onnx_node_t *n, MlirValue x, loss_args_t *a) {
  memset(a, 0, sizeof *a);
  if (!onnx_need_input(n, 1))
    return false;
  strata_graph_shape_t xs, ts, expected;
  onnx_shape(x, &xs);
  if (xs.rank < 2)
    return onnx_error(n, "the scores must have rank >= 2 ([N, C, d1, ...]), got rank %lld",
                      (long long)xs.rank);
  if (!mlirTypeIsAFloat(onnx_elem(x)))
    return onnx_error(n, "the scores must have a floating-point element type");
  a->target = onnx_input(n, 1);
  if (mlirValueIsNull(a->target))
    return false;
  if (!is_index_type(onnx_elem(a->target)))
    return onnx_error(n, "the target must have element type int32 or int64");
  onnx_shape(a->target, &ts);
  expected.rank = xs.rank - 1;
  expected.dims[0] = xs.dims[0];
  for (intptr_t i = 2; i < xs.rank; ++i)
    expected.dims[i - 1] = xs.dims[i];
  char s1[128], s2[128], s3[128];
  if (!strata_graph_shapes_compatible(&ts, &expected))
    return onnx_error(n, "the target has shape %s, expected %s ([N, d1, ...] of the scores %s)",
                      strata_graph_shape_str(&ts, s1, sizeof s1),
                      strata_graph_shape_str(&expected, s2, sizeof s2),
                      strata_graph_shape_str(&xs, s3, sizeof s3));
  a->classes = xs.dims[1];
  if (a->classes == STRATA_GRAPH_DYN)
    return onnx_error(n, "the class dimension (axis 1 of the scores) must be static");
  if (n->num_inputs > 2 && n->present[2]) {
    a->weight = onnx_input(n, 2);
    if (mlirValueIsNull(a->weight))
      return false;
    strata_graph_shape_t ws;
    onnx_shape(a->weight, &ws);
    if (ws.rank != 1 || (ws.dims[0] != a->classes && ws.dims[0] != STRATA_GRAPH_DYN))
      return onnx_error(n, "the weight has shape %s, expected [%lld] (one per class)",
                        strata_graph_shape_str(&ws, s1, sizeof s1), (long long)a->classes);
  }
  a->has_ignore_index = onnx_attr(n, "ignore_index") != NULL;
  a->ignore_index = onnx_attr_int(n, "ignore_index", 0);
  return read_reduction(n, &a->reduction);
}

/* The constant [1, C, 1, ...] (rank `rank`) holding 0..C-1, of the
 * target's element type. */
static MlirValue class_indices(onnx_node_t *n, MlirValue target, int64_t classes,
                               intptr_t rank) {
  bool wide = mlirIntegerTypeGetWidth(onnx_elem(target)) == 64;
  onnx_const_t c = {wide ? ONNX__TENSOR_PROTO__DATA_TYPE__INT64 : ONNX__TENSOR_PROTO__DATA_TYPE__INT32,
                    {rank, {0}}, classes, malloc((size_t)classes * (wide ? 8 : 4) + 1)};
  for (intptr_t i = 0; i < rank; ++i)
    c.shape.dims[i] = i == 1 ? classes : 1;
  for (int64_t k = 0; k < classes; ++k) {
    if (wide)
      ((int64_t *)c.data)[k] = k;
    else
      ((int32_t *)c.data)[k] = (int32_t)k;
  }
  MlirValue v = onnx_constant(n->imp, &n->b, &c, NULL);
  onnx_const_free(&c);
  return v;
}

/* The weight applied at every position [N, d1, ...]: weight[t] (or 1),
 * 0 where t is ignore_index; null when no weight applies (no weight input,
 * no ignore_index). `like` is a float tensor of the target's rank. */
static MlirValue position_weights(onnx_node_t *n, MlirValue like, const loss_args_t *a) {
  MlirValue w = (MlirValue){NULL};
  if (!mlirValueIsNull(a->weight)) {
    w = onnx_gather(n, a->weight, a->target, 0);
  }
  if (!a->has_ignore_index)
    return w;
  MlirValue ignored = onnx_binary(n, "graph.equal", a->target,
                                  onnx_splat_like(n, a->target, (double)a->ignore_index));
  MlirValue kept = mlirValueIsNull(w) ? onnx_splat_like(n, like, 1.0) : w;
  MlirValue ops[3] = {ignored, onnx_splat_like(n, like, 0.0), kept};
  return onnx_build(n, "graph.where", 3, ops, (MlirType){NULL}, 0, NULL);
}

/* The loss of log-probabilities lp [N, C, d1, ...] for the checked args. */
static MlirValue nll_loss(onnx_node_t *n, MlirValue lp, const loss_args_t *a) {
  intptr_t rank = onnx_rank(lp);
  strata_graph_shape_t ts;
  onnx_shape(a->target, &ts);
  /* t as [N, 1, d1, ...], compared with the class indices: one-hot [N, C, d1, ...]. */
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  dims[0] = ts.dims[0];
  dims[1] = 1;
  for (intptr_t i = 1; i < ts.rank; ++i)
    dims[i + 1] = ts.dims[i];
  MlirValue one_hot = onnx_binary(n, "graph.equal", onnx_reshape(n, a->target, rank, dims),
                                  class_indices(n, a->target, a->classes, rank));
  MlirValue ops[3] = {one_hot, lp, onnx_splat_like(n, lp, 0.0)};
  MlirValue masked = onnx_build(n, "graph.where", 3, ops, (MlirType){NULL}, 0, NULL);
  const int64_t class_axis = 1;
  MlirValue loss = onnx_unary(n, "graph.neg",
                              onnx_reduce(n, "graph.reduce_sum", masked, 1, &class_axis, false));
  MlirValue w = position_weights(n, loss, a);
  if (!mlirValueIsNull(w))
    loss = onnx_binary(n, "graph.mul", loss, w);
  if (a->reduction == LOSS_NONE || mlirValueIsNull(loss))
    return loss;
  int64_t all[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < ts.rank; ++i)
    all[i] = i;
  if (a->reduction == LOSS_MEAN && mlirValueIsNull(w))
    return onnx_reduce(n, "graph.reduce_mean", loss, ts.rank, all, false);
  MlirValue sum = onnx_reduce(n, "graph.reduce_sum", loss, ts.rank, all, false);
  if (a->reduction == LOSS_SUM)
    return sum;
  return onnx_binary(n, "graph.div", sum, onnx_reduce(n, "graph.reduce_sum", w, ts.rank, all, false));
}

static bool map_negative_log_likelihood_loss(onnx_node_t *n) {
  loss_args_t a;
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !read_loss_args(n, x, &a))
    return false;
  return onnx_out(n, nll_loss(n, x, &a));
}

static bool map_softmax_cross_entropy_loss(onnx_node_t *n) {
  loss_args_t a;
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !read_loss_args(n, x, &a))
    return false;
  MlirValue lp = onnx_log_softmax(n, x, 1);
  if (mlirValueIsNull(lp) || !onnx_out(n, nll_loss(n, lp, &a)))
    return false;
  if (onnx_num_outputs(n) > 1)
    onnx_set_output(n, 1, lp);
  return true;
}

const onnx_mapping_t strata_onnx_loss_ops[] = {
    {"NegativeLogLikelihoodLoss", map_negative_log_likelihood_loss},
    {"SoftmaxCrossEntropyLoss", map_softmax_cross_entropy_loss},
    {NULL, NULL},
};
