/* ai.onnx.ml TreeEnsemble (opset 5) -> graph dialect as tensor code, the
 * GEMM strategy of Hummingbird rather than an interpreter:
 *   F = gather(X, nodes_featureids, axis 1)        [N, I]  one column per node
 *   C = each node's condition on F (its mode: <=, <, >=, >, ==, != against
 *       nodes_splits; BRANCH_MEMBER: F in the node's set of
 *       membership_values, an equal against [1, I, K] reduced by max;
 *       NaN goes true where nodes_missing_value_tracks_true)
 *   reached = (cast(C) @ W == T)                     [N, L]  W[i, l] is +1 when
 *       leaf l's path takes node i's true branch, -1 its false branch, T[l]
 *       the true branches on the path, so the sum equals T[l] exactly when
 *       every condition on the path has the path's value
 *   Y = cast(reached) @ V                            [N, n_targets], V[l, t]
 *       the leaf's weight for its target; AVERAGE divides by the trees
 *       count; post_transform SOFTMAX and LOGISTIC follow.
 * The paths are walked here from tree_roots (a node or leaf reached twice,
 * as in a cycle or a shared subtree, is an error). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

enum { LEQ, LT, GTE, GT, EQ, NEQ, MEMBER, NMODES };

typedef struct {
  int64_t nodes, leaves, targets, features;
  const int64_t *feature, *true_id, *false_id, *true_leaf, *false_leaf, *target, *tracks;
  onnx_const_t modes, splits, weights, members; /* owned */
  double *w, *t;                                /* [nodes, leaves], [leaves] */
  bool *seen_node, *seen_leaf;
} tree_t;

/* Integer list attribute `name` with `want` values (want < 0: any, set). */
static bool ints(onnx_node_t *n, const char *name, int64_t *want, const int64_t **out) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  int64_t count = a ? (int64_t)a->n_ints : 0;
  if (*want >= 0 && count != *want)
    return onnx_error(n, "attribute '%s' has %lld values, expected %lld", name, (long long)count,
                      (long long)*want);
  *want = count;
  *out = a ? a->ints : NULL;
  return true;
}

static bool tensor_attr(onnx_node_t *n, const char *name, int64_t want, onnx_const_t *out) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  memset(out, 0, sizeof *out);
  char err[160];
  if (!a || !a->t)
    return onnx_error(n, "attribute '%s' (a tensor) is required", name);
  if (!onnx_const_from_proto(a->t, out, err, sizeof err))
    return onnx_error(n, "attribute '%s': %s", name, err);
  if (want >= 0 && out->numel != want)
    return onnx_error(n, "attribute '%s' has %lld values, expected %lld", name,
                      (long long)out->numel, (long long)want);
  return true;
}

/* Walks node i with `trues` true branches and the path in dirs[0..depth). */
static bool walk(onnx_node_t *n, tree_t *t, int64_t id, bool is_leaf, int64_t *path, int8_t *dirs,
                 int64_t depth, int64_t trues) {
  if (id < 0 || id >= (is_leaf ? t->leaves : t->nodes))
    return onnx_error(n, "%s id %lld is out of range", is_leaf ? "leaf" : "node", (long long)id);
  bool *seen = is_leaf ? &t->seen_leaf[id] : &t->seen_node[id];
  if (*seen)
    return onnx_error(n, "%s %lld is reached twice (the trees must not share or cycle)",
                      is_leaf ? "leaf" : "node", (long long)id);
  *seen = true;
  if (is_leaf) {
    for (int64_t k = 0; k < depth; ++k)
      t->w[path[k] * t->leaves + id] = dirs[k];
    t->t[id] = (double)trues;
    return true;
  }
  path[depth] = id;
  dirs[depth] = 1;
  if (!walk(n, t, t->true_id[id], t->true_leaf[id] != 0, path, dirs, depth + 1, trues + 1))
    return false;
  dirs[depth] = -1;
  return walk(n, t, t->false_id[id], t->false_leaf[id] != 0, path, dirs, depth + 1, trues);
}

/* A constant [dims] of ONNX type `type` (float, double, bool, int64) holding vals. */
static MlirValue constant(onnx_node_t *n, int32_t type, intptr_t rank, const int64_t *dims,
                          const double *vals) {
  onnx_const_t c = {type, {rank, {0}}, 1, NULL};
  for (intptr_t d = 0; d < rank; ++d) {
    c.shape.dims[d] = dims[d];
    c.numel *= dims[d];
  }
  c.data = calloc((size_t)(c.numel + 1), onnx_type_size(type));
  bool is_float = type == ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT ||
                  type == ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE;
  for (int64_t k = 0; k < c.numel; ++k)
    if (is_float)
      onnx_const_set_f(&c, k, vals[k]);
    else
      onnx_const_set_i(&c, k, (int64_t)vals[k]);
  MlirValue v = onnx_constant(n->imp, &n->b, &c, NULL);
  onnx_const_free(&c);
  return v;
}

static MlirValue where(onnx_node_t *n, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue ops[3] = {c, a, b};
  return onnx_failed(n) ? (MlirValue){NULL} : onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0,
                                                         NULL);
}

/* F's condition under mode m against S (F [N, I], S [1, I]). */
static MlirValue mode_condition(onnx_node_t *n, tree_t *t, int m, MlirValue f, MlirValue s,
                                int32_t type) {
  const char *strict = m == LEQ || m == LT ? "graph.less" : "graph.greater";
  if (m <= GT) {
    MlirValue c = onnx_binary(n, strict, f, s);
    if (m == LT || m == GT)
      return c;
    return where(n, c, c, onnx_binary(n, "graph.equal", f, s));
  }
  MlirValue eq = onnx_binary(n, "graph.equal", f, s);
  if (m == EQ)
    return eq;
  if (m == NEQ)
    return where(n, eq, onnx_splat_like(n, eq, 0), onnx_splat_like(n, eq, 1));
  /* MEMBER: each member node's set (membership_values split at NaN, in node
   * order), padded with NaN (equal to nothing) to [1, I, K]. */
  int64_t k = 1, cur = 0;
  for (int64_t j = 0; j < t->members.numel; ++j) {
    double v = onnx_const_get_f(&t->members, j);
    cur = isnan(v) ? 0 : cur + 1;
    k = cur > k ? cur : k;
  }
  double *set = malloc(sizeof *set * (size_t)(t->nodes * k + 1));
  for (int64_t j = 0; j < t->nodes * k; ++j)
    set[j] = NAN;
  int64_t j = 0;
  for (int64_t i = 0; i < t->nodes; ++i) {
    if (onnx_const_get_i(&t->modes, i) != MEMBER)
      continue;
    for (int64_t c = 0; j < t->members.numel; ++j) {
      double v = onnx_const_get_f(&t->members, j);
      if (isnan(v)) {
        ++j;
        break;
      }
      set[i * k + c++] = v;
    }
  }
  MlirValue sets = constant(n, type, 3, (const int64_t[]){1, t->nodes, k}, set);
  free(set);
  MlirValue f3 = onnx_insert_unit_dim(n, f, 2);
  MlirValue hit = onnx_cast_to(n, onnx_binary(n, "graph.equal", f3, sets), onnx_elem(f));
  MlirValue any = onnx_reduce(n, "graph.reduce_max", hit, 1, (const int64_t[]){2}, false);
  return onnx_binary(n, "graph.greater", any, onnx_splat_like(n, any, 0.5));
}

/* C [N, I]: each node's condition by its mode, NaN per tracks. */
static MlirValue conditions(onnx_node_t *n, tree_t *t, MlirValue f, int32_t type) {
  double *s = malloc(sizeof *s * (size_t)(t->nodes + 1));
  for (int64_t i = 0; i < t->nodes; ++i)
    s[i] = onnx_const_get_f(&t->splits, i);
  int64_t dims[2] = {1, t->nodes};
  MlirValue splits = constant(n, type, 2, dims, s);
  MlirValue acc = {NULL};
  for (int m = 0; m < NMODES; ++m) {
    bool any = false;
    for (int64_t i = 0; i < t->nodes; ++i)
      any |= (s[i] = onnx_const_get_i(&t->modes, i) == m) != 0;
    if (!any)
      continue;
    MlirValue c = mode_condition(n, t, m, f, splits, type);
    acc = mlirValueIsNull(acc) ? c
                               : where(n, constant(n, ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, 2,
                                                   dims, s),
                                       c, acc);
  }
  bool tracks = false;
  for (int64_t i = 0; i < t->nodes; ++i)
    tracks |= (s[i] = t->tracks && t->tracks[i]) != 0;
  if (tracks) { /* NaN (F != F) goes true where tracked, else keeps acc */
    MlirValue number = onnx_binary(n, "graph.equal", f, f);
    MlirValue track = constant(n, ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, 2, dims, s);
    acc = where(n, number, acc, where(n, track, onnx_splat_like(n, number, 1), acc));
  }
  free(s);
  return acc;
}

/* Reads and checks the attributes into t; walks the trees. */
static bool read_tree(onnx_node_t *n, tree_t *t) {
  int64_t none = -1, roots_n = -1;
  const int64_t *roots;
  t->nodes = -1;
  if (!ints(n, "nodes_featureids", &t->nodes, &t->feature) ||
      !ints(n, "nodes_truenodeids", &t->nodes, &t->true_id) ||
      !ints(n, "nodes_falsenodeids", &t->nodes, &t->false_id) ||
      !ints(n, "nodes_trueleafs", &t->nodes, &t->true_leaf) ||
      !ints(n, "nodes_falseleafs", &t->nodes, &t->false_leaf) ||
      !ints(n, "tree_roots", &roots_n, &roots) || !ints(n, "leaf_targetids", &none, &t->target))
    return false;
  t->leaves = none;
  int64_t tracks_n = onnx_attr(n, "nodes_missing_value_tracks_true") ? t->nodes : -1;
  if (tracks_n >= 0 && !ints(n, "nodes_missing_value_tracks_true", &tracks_n, &t->tracks))
    return false;
  if (!tensor_attr(n, "nodes_modes", t->nodes, &t->modes) ||
      !tensor_attr(n, "nodes_splits", t->nodes, &t->splits) ||
      !tensor_attr(n, "leaf_weights", t->leaves, &t->weights))
    return false;
  if (onnx_attr(n, "membership_values") &&
      !tensor_attr(n, "membership_values", -1, &t->members))
    return false;
  t->targets = onnx_attr_int(n, "n_targets", 0);
  if (t->targets < 1 || t->nodes < 1 || t->leaves < 1 || roots_n < 1)
    return onnx_error(n, "n_targets, the nodes, the leaves and tree_roots must not be empty");
  /* The path matrix is dense [nodes, leaves] over all trees (Hummingbird
   * keeps one per tree): capped at 2^24 entries, as are [leaves, targets]. */
  if (t->nodes > (1 << 24) / t->leaves || t->targets > (1 << 24) / t->leaves)
    return onnx_error(n, "%lld nodes x %lld leaves (or x %lld targets) is over the 2^24 "
                         "entries of the GEMM strategy's matrices",
                      (long long)t->nodes, (long long)t->leaves, (long long)t->targets);
  for (int64_t i = 0; i < t->nodes; ++i) {
    int64_t m = onnx_const_get_i(&t->modes, i);
    if (m < 0 || m >= NMODES || t->feature[i] < 0 || t->feature[i] >= t->features)
      return onnx_error(n, "node %lld: mode %lld or feature %lld is out of range", (long long)i,
                        (long long)m, (long long)t->feature[i]);
  }
  for (int64_t l = 0; l < t->leaves; ++l)
    if (t->target[l] < 0 || t->target[l] >= t->targets)
      return onnx_error(n, "leaf %lld: target %lld is out of range", (long long)l,
                        (long long)t->target[l]);
  t->w = calloc((size_t)(t->nodes * t->leaves + 1), sizeof *t->w);
  t->t = malloc(sizeof *t->t * (size_t)(t->leaves + 1));
  t->seen_node = calloc((size_t)t->nodes + 1, 1);
  t->seen_leaf = calloc((size_t)t->leaves + 1, 1);
  int64_t *path = malloc(sizeof *path * (size_t)(t->nodes + 1));
  int8_t *dirs = malloc((size_t)t->nodes + 1);
  for (int64_t l = 0; l < t->leaves; ++l)
    t->t[l] = -1; /* a leaf no root reaches: never */
  bool ok = true;
  for (int64_t r = 0; ok && r < roots_n; ++r)
    ok = walk(n, t, roots[r], false, path, dirs, 0, 0);
  free(path);
  free(dirs);
  return ok;
}

static void free_tree(tree_t *t) {
  onnx_const_free(&t->modes);
  onnx_const_free(&t->splits);
  onnx_const_free(&t->weights);
  onnx_const_free(&t->members);
  free(t->w);
  free(t->t);
  free(t->seen_node);
  free(t->seen_leaf);
}

/* Y = cast(cast(C) @ W == T) @ V, aggregated and transformed. */
static MlirValue tree_output(onnx_node_t *n, tree_t *t, MlirValue c, int32_t type, int64_t trees) {
  MlirType elem = onnx_elem_type(n->ctx, type);
  MlirValue sums = onnx_matmul(n, onnx_cast_to(n, c, elem),
                               constant(n, type, 2, (const int64_t[]){t->nodes, t->leaves}, t->w));
  MlirValue reached = onnx_binary(n, "graph.equal", sums,
                                  constant(n, type, 2, (const int64_t[]){1, t->leaves}, t->t));
  double *v = calloc((size_t)(t->leaves * t->targets + 1), sizeof *v);
  for (int64_t l = 0; l < t->leaves; ++l)
    v[l * t->targets + t->target[l]] += onnx_const_get_f(&t->weights, l);
  MlirValue y = onnx_matmul(n, onnx_cast_to(n, reached, elem),
                            constant(n, type, 2, (const int64_t[]){t->leaves, t->targets}, v));
  free(v);
  if (onnx_attr_int(n, "aggregate_function", 1) == 0) /* AVERAGE */
    y = onnx_binary(n, "graph.div", y, onnx_splat_like(n, y, (double)trees));
  int64_t post = onnx_attr_int(n, "post_transform", 0);
  if (post == 2)
    y = onnx_unary(n, "graph.sigmoid", y);
  if (post == 1 && !mlirValueIsNull(y)) {
    MlirNamedAttribute axis = onnx_i64_attr(n, "axis", 1);
    y = onnx_build(n, "graph.softmax", 1, &y, NULL_TYPE, 1, &axis);
  }
  return y;
}

static bool map_tree_ensemble(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  MlirType elem = onnx_elem(x);
  if (s.rank != 2 || s.dims[1] == STRATA_GRAPH_DYN || !(mlirTypeIsAF32(elem) || mlirTypeIsAF64(elem)))
    return onnx_error(n, "input 'X' must be float or double [N, F] with a static F");
  int64_t agg = onnx_attr_int(n, "aggregate_function", 1),
          post = onnx_attr_int(n, "post_transform", 0);
  if (agg != 0 && agg != 1)
    return onnx_error(n, "aggregate_function %lld is not supported (AVERAGE 0 and SUM 1 are)",
                      (long long)agg);
  if (post < 0 || post > 2)
    return onnx_error(n, "post_transform %lld is not supported (NONE, SOFTMAX and LOGISTIC are)",
                      (long long)post);
  int32_t type = mlirTypeIsAF32(elem) ? ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT
                                      : ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE;
  tree_t t;
  memset(&t, 0, sizeof t);
  t.features = s.dims[1];
  if (!read_tree(n, &t)) {
    free_tree(&t);
    return false;
  }
  double *ids = malloc(sizeof *ids * (size_t)(t.nodes + 1));
  for (int64_t i = 0; i < t.nodes; ++i)
    ids[i] = (double)t.feature[i];
  MlirValue feature_ids = constant(n, ONNX__TENSOR_PROTO__DATA_TYPE__INT64, 1, &t.nodes, ids);
  free(ids);
  MlirValue f = onnx_gather(n, x, feature_ids, 1);
  MlirValue c = mlirValueIsNull(f) ? f : conditions(n, &t, f, type);
  MlirValue y = mlirValueIsNull(c) ? c
                                   : tree_output(n, &t, c, type,
                                                 (int64_t)onnx_attr(n, "tree_roots")->n_ints);
  free_tree(&t);
  return onnx_out(n, y);
}

const onnx_mapping_t strata_onnx_tree_ops[] = {
    {"TreeEnsemble", map_tree_ensemble},
    {NULL, NULL},
};
