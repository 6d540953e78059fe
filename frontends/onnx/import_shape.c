/* ONNX data-movement, shape and constant operators -> graph dialect:
 * Reshape/Flatten/Squeeze/Unsqueeze (graph.reshape/flatten), Transpose,
 * Concat (N inputs -> chain of binary graph.concat), Split and Slice
 * (graph.slice), Pad (constant, reflect, edge; negative pads become a slice), Gather,
 * Expand, Tile and DepthToSpace/SpaceToDepth (reshapes around an expand or
 * a transpose), Identity-like Dropout, reductions (ArgMax/ArgMin, CumSum, TopK by ranks too), and the import-time operators:
 * Constant, Shape, Size and ConstantOfShape are folded into constants
 * (Shape of dynamic dims and Reshape to a target computed at run time:
 * import_runtime_shape.c).
 * Each operator reads its parameters from attributes or constant inputs as
 * its opset version dictates. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})
#define END_OF_DIM INT64_MAX

/* Parameters that moved from an attribute to an input at opset `since`:
 * reads the one the node's opset uses. Returns the count, -1 if absent, -2
 * on error. */
static int64_t ints_param(onnx_node_t *n, int64_t since, const char *attr, int input,
                          int64_t *vals, int64_t max) {
  if (n->opset < since)
    return onnx_attr_ints(n, attr, vals, (int)max);
  if (input >= n->num_inputs || !n->present[input])
    return -1;
  int64_t k = onnx_const_ints(n, input, attr, vals, max);
  return k < 0 ? -2 : k;
}

/* --- Constants known at import time ---------------------------------------- */
static bool const_i64_output(onnx_node_t *n, int i, intptr_t rank, const int64_t *dims,
                             const int64_t *vals, int64_t count) {
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__INT64, {rank, {0}}, count, NULL};
  if (rank > 0) /* a scalar has no dims (and may pass dims = NULL) */
    memcpy(c.shape.dims, dims, sizeof(int64_t) * (size_t)rank);
  c.data = malloc(sizeof(int64_t) * (size_t)(count ? count : 1));
  if (count > 0)
    memcpy(c.data, vals, sizeof(int64_t) * (size_t)count);
  onnx_set_const_output(n, i, &c);
  return true;
}

static bool map_constant(onnx_node_t *n) {
  const Onnx__AttributeProto *a;
  char err[256];
  onnx_const_t c;
  if ((a = onnx_attr(n, "value")) && a->t) {
    if (!onnx_const_from_proto(a->t, &c, err, sizeof err))
      return onnx_error(n, "%s", err);
    onnx_set_const_output(n, 0, &c);
    return true;
  }
  if ((a = onnx_attr(n, "value_int"))) {
    int64_t v = a->i;
    return const_i64_output(n, 0, 0, NULL, &v, 1);
  }
  if ((a = onnx_attr(n, "value_ints"))) {
    int64_t d = (int64_t)a->n_ints;
    return const_i64_output(n, 0, 1, &d, a->ints, d);
  }
  bool one = (a = onnx_attr(n, "value_float")) != NULL;
  if (one || (a = onnx_attr(n, "value_floats"))) {
    int64_t count = one ? 1 : (int64_t)a->n_floats;
    onnx_const_t f = {ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, {one ? 0 : 1, {count}}, count, NULL};
    f.data = malloc(sizeof(float) * (size_t)(count ? count : 1));
    if (count) /* an empty list has no array */
      memcpy(f.data, one ? &a->f : a->floats, sizeof(float) * (size_t)count);
    onnx_set_const_output(n, 0, &f);
    return true;
  }
  return onnx_error(n, "only tensor, float and int Constant values are supported");
}

static bool map_shape(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  int64_t start = 0, end = s.rank;
  if (n->opset >= 15) {
    start = onnx_attr_int(n, "start", 0);
    end = onnx_attr_int(n, "end", s.rank);
    start = start < 0 ? start + s.rank : start;
    end = end < 0 ? end + s.rank : end;
    start = start < 0 ? 0 : start > s.rank ? s.rank : start;
    end = end < start ? start : end > s.rank ? s.rank : end;
  }
  for (int64_t i = start; i < end; ++i)
    if (s.dims[i] == STRATA_GRAPH_DYN) /* computed at run time */
      return onnx_runtime_shape(n, x, start, end);
  int64_t count = end - start;
  return const_i64_output(n, 0, 1, &count, s.dims + start, count);
}

static bool map_size(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  int64_t numel = strata_graph_num_elements(&s);
  if (numel == STRATA_GRAPH_DYN)
    return onnx_error(n, "Size of a tensor with a dynamic dimension is not supported");
  return const_i64_output(n, 0, 0, NULL, &numel, 1);
}

static bool map_constant_of_shape(onnx_node_t *n) {
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  int64_t rank = onnx_const_ints(n, 0, "input", dims, STRATA_GRAPH_MAX_RANK);
  if (rank < 0)
    return false;
  onnx_const_t v = {ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, {0, {0}}, 1, NULL};
  const Onnx__AttributeProto *a = onnx_attr(n, "value");
  char err[256];
  if (a && a->t) {
    if (!onnx_const_from_proto(a->t, &v, err, sizeof err))
      return onnx_error(n, "%s", err);
    if (v.numel != 1) {
      onnx_const_free(&v);
      return onnx_error(n, "attribute 'value' must hold one element");
    }
  } else {
    v.data = calloc(1, sizeof(float));
  }
  onnx_const_t c = {v.onnx_type, {(intptr_t)rank, {0}}, 1, NULL};
  for (int64_t i = 0; i < rank; ++i) {
    if (dims[i] < 0) {
      onnx_const_free(&v);
      return onnx_error(n, "negative dimension %lld", (long long)dims[i]);
    }
    c.shape.dims[i] = dims[i];
  }
  size_t es = onnx_type_size(v.onnx_type), bytes;
  /* The result is built at import time: its size is checked, and capped
   * (2 GiB) so that a small file cannot ask for any amount of memory. */
  if (!strata_dims_product(dims, (size_t)rank, &c.numel) ||
      !strata_bytes_for(c.numel, es, &bytes) || bytes > ((size_t)1 << 31)) {
    onnx_const_free(&v);
    return onnx_error(n, "the result's shape has more than 2 GiB of elements (built at import "
                         "time)");
  }
  c.data = malloc(bytes ? bytes : 1);
  if (!c.data) {
    onnx_const_free(&v);
    return onnx_error(n, "out of memory for the result (%zu bytes)", bytes);
  }
  for (int64_t i = 0; i < c.numel; ++i)
    memcpy((char *)c.data + (size_t)i * es, v.data, es);
  onnx_const_free(&v);
  onnx_set_const_output(n, 0, &c);
  return true;
}

/* A constant input re-shaped without touching its data (Reshape, Squeeze,
 * Unsqueeze, Flatten, Identity of constants): keeps shape computations
 * foldable at import time. */
static bool fold_reshape(onnx_node_t *n, intptr_t rank, const int64_t *dims) {
  onnx_const_t c = onnx_const_copy(n->fold[0]);
  c.shape.rank = rank;
  memcpy(c.shape.dims, dims, sizeof(int64_t) * (size_t)rank);
  onnx_set_const_output(n, 0, &c);
  return true;
}

/* Output 0 = y, input 0 reshaped: when input 0's value is known at import
 * time (a bound input, not a constant: those fold), y's is too, so that
 * the operators sized by values (NonZero, Unique, StringNormalizer, ...)
 * can read it after a reshape; y is still computed at run time. */
static bool keep_known(onnx_node_t *n, MlirValue y) {
  const onnx_const_t *known = n->in_const[0];
  if (!known || mlirValueIsNull(y) || !mlirShapedTypeHasStaticShape(mlirValueGetType(y)))
    return onnx_out(n, y);
  onnx_const_t c = onnx_const_copy(known);
  onnx_shape(y, &c.shape);
  onnx_set_known_output(n, 0, y, &c);
  return true;
}

/* Reshape to dims: folded for a constant input, graph.reshape otherwise. */
static bool reshape_to(onnx_node_t *n, intptr_t rank, const int64_t *dims) {
  bool static_dims = true;
  for (intptr_t i = 0; i < rank; ++i)
    static_dims &= dims[i] != STRATA_GRAPH_DYN;
  if (n->fold[0] && static_dims) {
    strata_graph_shape_t s = {rank, {0}};
    memcpy(s.dims, dims, sizeof(int64_t) * (size_t)rank);
    if (strata_graph_num_elements(&s) == n->fold[0]->numel)
      return fold_reshape(n, rank, dims);
  }
  return keep_known(n, onnx_reshape(n, onnx_in0(n), rank, dims));
}

/* --- Reshape family ------------------------------------------------------ */
static bool map_reshape(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  int64_t t[STRATA_GRAPH_MAX_RANK];
  if (n->opset >= 5 && n->num_inputs > 1 && n->present[1] && !n->in_const[1])
    return onnx_reshape_runtime(n, x, onnx_input(n, 1)); /* a target computed at run time */
  int64_t rank = ints_param(n, 5, "shape", 1, t, STRATA_GRAPH_MAX_RANK);
  if (rank == -2)
    return false;
  if (rank < 0)
    return onnx_error(n, "missing the target shape");
  bool allowzero = n->opset >= 14 && onnx_attr_int(n, "allowzero", 0);
  int infer = -1;
  int64_t known = 1;
  bool known_static = true;
  for (int64_t i = 0; i < rank; ++i) {
    if (t[i] == 0 && !allowzero) {
      if (i >= s.rank)
        return onnx_error(n, "shape[%lld] = 0 copies a dim the input does not have", (long long)i);
      t[i] = s.dims[i];
    }
    if (t[i] == -1) {
      if (infer >= 0)
        return onnx_error(n, "the target shape has more than one -1");
      infer = (int)i;
      continue;
    }
    if (t[i] < 0 && t[i] != STRATA_GRAPH_DYN)
      return onnx_error(n, "invalid target dim %lld", (long long)t[i]);
    if (t[i] == STRATA_GRAPH_DYN)
      known_static = false;
    else if (!strata_mul_i64(known, t[i], &known))
      return onnx_error(n, "the target shape's element count overflows 64 bits");
  }
  if (infer >= 0) {
    int64_t total = strata_graph_num_elements(&s);
    if (total == STRATA_GRAPH_DYN || !known_static)
      t[infer] = STRATA_GRAPH_DYN;
    else if (known == 0 || total % known)
      return onnx_error(n, "cannot reshape %lld elements with a -1 dim and %lld other elements",
                        (long long)total, (long long)known);
    else
      t[infer] = total / known;
  }
  return reshape_to(n, (intptr_t)rank, t);
}

static bool map_flatten(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  int64_t rank = onnx_rank(x), axis = onnx_attr_int(n, "axis", 1);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis > rank)
    return onnx_error(n, "axis %lld is out of range for rank %lld",
                      (long long)onnx_attr_int(n, "axis", 1), (long long)rank);
  if (n->fold[0]) {
    int64_t a = 1, b = 1;
    for (int64_t i = 0; i < rank; ++i)
      *(i < axis ? &a : &b) *= n->fold[0]->shape.dims[i];
    int64_t d[2] = {a, b};
    return fold_reshape(n, 2, d);
  }
  MlirNamedAttribute attr = onnx_i64_attr(n, "axis", axis);
  return keep_known(n, onnx_build(n, "graph.flatten", 1, &x, NULL_TYPE, 1, &attr));
}

/* Squeeze and Unsqueeze: the input's shape into *s and the axes (an
 * attribute before opset 13, input 1 from it) into axes; the count, -1 when
 * there are none, -2 on error (reported). */
static int64_t squeeze_axes(onnx_node_t *n, strata_graph_shape_t *s, int64_t *axes) {
  if (mlirValueIsNull(onnx_in0_shape(n, s)))
    return -2;
  return ints_param(n, 13, "axes", 1, axes, STRATA_GRAPH_MAX_RANK);
}

static bool map_squeeze(onnx_node_t *n) {
  strata_graph_shape_t s;
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  int64_t na = squeeze_axes(n, &s, axes);
  if (na == -2)
    return false;
  bool drop[STRATA_GRAPH_MAX_RANK] = {false};
  if (na < 0) {
    for (intptr_t i = 0; i < s.rank; ++i)
      drop[i] = s.dims[i] == 1;
  } else {
    for (int64_t i = 0; i < na; ++i) {
      int64_t a;
      if (!onnx_axis(n, axes[i], s.rank, &a))
        return false;
      if (s.dims[a] != 1 && s.dims[a] != STRATA_GRAPH_DYN)
        return onnx_error(n, "cannot squeeze dim %lld of size %lld", (long long)a,
                          (long long)s.dims[a]);
      drop[a] = true;
    }
  }
  int64_t d[STRATA_GRAPH_MAX_RANK];
  intptr_t k = 0;
  for (intptr_t i = 0; i < s.rank; ++i)
    if (!drop[i])
      d[k++] = s.dims[i];
  return reshape_to(n, k, d);
}

static bool map_unsqueeze(onnx_node_t *n) {
  strata_graph_shape_t s;
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  int64_t na = squeeze_axes(n, &s, axes);
  if (na == -2)
    return false;
  if (na < 0)
    return onnx_error(n, "missing 'axes'");
  int64_t r = s.rank + na;
  if (r > STRATA_GRAPH_MAX_RANK)
    return onnx_error(n, "the result rank %lld exceeds %d", (long long)r, STRATA_GRAPH_MAX_RANK);
  bool ins[STRATA_GRAPH_MAX_RANK] = {false};
  for (int64_t i = 0; i < na; ++i) {
    int64_t a;
    if (!onnx_axis(n, axes[i], r, &a))
      return false;
    if (ins[a])
      return onnx_error(n, "axis %lld is repeated", (long long)axes[i]);
    ins[a] = true;
  }
  int64_t d[STRATA_GRAPH_MAX_RANK];
  for (int64_t i = 0, j = 0; i < r; ++i)
    d[i] = ins[i] ? 1 : s.dims[j++];
  return reshape_to(n, (intptr_t)r, d);
}

static bool map_identity_like(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  if (n->fold[0]) {
    strata_graph_shape_t s = n->fold[0]->shape;
    fold_reshape(n, s.rank, s.dims);
  } else {
    keep_known(n, x);
  }
  return true;
}

/* Identity also passes a sequence or an optional on (opset 14, 16). */
static bool map_identity(onnx_node_t *n) {
  if (!onnx_input_is_seq(n, 0))
    return map_identity_like(n);
  onnx_item_t it;
  if (!onnx_input_item(n, 0, &it))
    return false;
  onnx_set_item_output(n, 0, &it);
  return true;
}

static bool map_dropout(onnx_node_t *n) {
  if (n->opset >= 12 && n->num_inputs > 2 && n->present[2]) {
    double training;
    if (!onnx_const_scalar(n, 2, "training_mode", &training))
      return false;
    /* Training with ratio 0 drops nothing: the inference form (an absent
     * ratio defaults to 0.5). */
    double ratio = 0.5;
    if (training != 0 && n->present[1] && !onnx_const_scalar(n, 1, "ratio", &ratio))
      return false;
    if (training != 0 && ratio != 0)
      return onnx_error(n, "training_mode is not supported (inference only, or ratio 0)");
  }
  if (!map_identity_like(n))
    return false;
  if (onnx_num_outputs(n) > 1) {
    /* The mask of inference: all true. */
    strata_graph_shape_t s;
    onnx_shape(onnx_input(n, 0), &s);
    int64_t numel = strata_graph_num_elements(&s);
    if (numel == STRATA_GRAPH_DYN)
      return onnx_error(n, "the mask output of a dynamic shape is not supported");
    onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, s, numel, malloc((size_t)numel + 1)};
    memset(c.data, 1, (size_t)numel);
    onnx_set_const_output(n, 1, &c);
  }
  return true;
}

static bool map_transpose(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  intptr_t r = onnx_rank(x);
  int64_t perm[STRATA_GRAPH_MAX_RANK];
  int np = onnx_attr_ints(n, "perm", perm, STRATA_GRAPH_MAX_RANK);
  if (np == -2)
    return false;
  if (np < 0) {
    for (intptr_t i = 0; i < r; ++i)
      perm[i] = r - 1 - i;
    np = (int)r;
  }
  MlirNamedAttribute a = onnx_ints_attr(n, "perm", np, perm);
  return onnx_out(n, onnx_build(n, "graph.transpose", 1, &x, NULL_TYPE, 1, &a));
}

/* The concatenation of 1-D contents in[0..n->num_inputs) of one type into
 * *r; false if they are not all such. */
static bool concat_contents(const onnx_node_t *n, const onnx_const_t *const *in,
                            onnx_const_t *r) {
  int64_t total = 0;
  if (!in[0] || in[0]->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING)
    return false;
  int32_t type = in[0]->onnx_type;
  for (int i = 0; i < n->num_inputs; ++i) {
    const onnx_const_t *c = in[i];
    if (!c || c->shape.rank != 1 || c->onnx_type != type)
      return false;
    total += c->numel;
  }
  size_t es = onnx_type_size(type);
  *r = (onnx_const_t){type, {1, {total}}, total, malloc(es * (size_t)(total ? total : 1))};
  size_t off = 0;
  for (int i = 0; i < n->num_inputs; ++i) {
    memcpy((char *)r->data + off, in[i]->data, es * (size_t)in[i]->numel);
    off += es * (size_t)in[i]->numel;
  }
  return true;
}

/* Concat of constants with rank <= 1 (shape arithmetic): folded. */
static bool fold_concat(onnx_node_t *n) {
  onnx_const_t r;
  if (!concat_contents(n, n->fold, &r))
    return false;
  onnx_set_const_output(n, 0, &r);
  return true;
}

static bool map_concat(onnx_node_t *n) {
  if (!onnx_need_input(n, 0))
    return false;
  for (int i = 1; i < n->num_inputs; ++i)
    if (!onnx_need_input(n, i))
      return false;
  if (fold_concat(n))
    return true;
  MlirValue acc = onnx_input(n, 0);
  int64_t axis;
  if (!onnx_attr(n, "axis"))
    return onnx_error(n, "missing attribute 'axis'");
  if (!onnx_axis(n, onnx_attr_int(n, "axis", 0), onnx_rank(acc), &axis))
    return false;
  MlirNamedAttribute a = onnx_i64_attr(n, "axis", axis);
  for (int i = 1; i < n->num_inputs; ++i) {
    MlirValue ops[2] = {acc, onnx_input(n, i)};
    acc = onnx_build(n, "graph.concat", 2, ops, NULL_TYPE, 1, &a);
  }
  /* 1-D inputs known from bound graph inputs: the result is known too */
  onnx_const_t known;
  if (mlirValueIsNull(acc) || !concat_contents(n, n->in_const, &known))
    return onnx_out(n, acc);
  onnx_set_known_output(n, 0, acc, &known);
  return true;
}

/* graph.slice with full-rank starts/ends/steps. */
static MlirValue slice(onnx_node_t *n, MlirValue x, intptr_t r, const int64_t *starts,
                       const int64_t *ends, const int64_t *steps) {
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", r, starts), onnx_ints_attr(n, "ends", r, ends),
                             onnx_ints_attr(n, "steps", r, steps)};
  return onnx_build(n, "graph.slice", 1, &x, NULL_TYPE, 3, a);
}

static void full_slice(const strata_graph_shape_t *s, int64_t *starts, int64_t *ends, int64_t *steps) {
  for (intptr_t i = 0; i < s->rank; ++i)
    starts[i] = 0, ends[i] = END_OF_DIM, steps[i] = 1;
}

/* The contents of a slice (step > 0) of the 1-D contents d, in *r; false
 * when d is not 1-D or the slice is not within it. */
static bool slice_contents(const onnx_const_t *d, intptr_t rank, const int64_t *starts,
                           const int64_t *ends, const int64_t *steps, onnx_const_t *r) {
  if (!d || rank != 1 || d->shape.rank != 1 || ends[0] > d->numel)
    return false;
  int64_t count = ends[0] > starts[0] ? (ends[0] - starts[0] + steps[0] - 1) / steps[0] : 0;
  size_t es = onnx_type_size(d->onnx_type);
  *r = (onnx_const_t){d->onnx_type, {1, {count}}, count, malloc(es * (size_t)(count + 1))};
  for (int64_t i = 0; i < count; ++i)
    memcpy((char *)r->data + (size_t)i * es,
           (const char *)d->data + (size_t)(starts[0] + i * steps[0]) * es, es);
  return true;
}

/* Slice of a 1-D constant (shape arithmetic: a prefix of Shape): folded. */
static bool fold_slice(onnx_node_t *n, intptr_t rank, const int64_t *starts, const int64_t *ends,
                       const int64_t *steps) {
  onnx_const_t r;
  if (!slice_contents(n->fold[0], rank, starts, ends, steps, &r))
    return false;
  onnx_set_const_output(n, 0, &r);
  return true;
}

/* Output i = v, a slice of input 0: when input 0's 1-D value is known at
 * import time (a bound graph input, or computed from one), v's is too, so
 * that shape arithmetic on it (Split or Slice of a size input, then Concat,
 * Expand, ConstantOfShape) stays known. */
static bool set_slice_output(onnx_node_t *n, int i, MlirValue v, intptr_t rank,
                             const int64_t *starts, const int64_t *ends, const int64_t *steps) {
  onnx_const_t r;
  if (mlirValueIsNull(v))
    return false;
  if (slice_contents(n->in_const[0], rank, starts, ends, steps, &r))
    onnx_set_known_output(n, i, v, &r);
  else
    onnx_set_output(n, i, v);
  return true;
}

static bool map_split(onnx_node_t *n) {
  strata_graph_shape_t s;
  int64_t axis;
  MlirValue x = onnx_in0_axis(n, &s, 0, &axis);
  if (mlirValueIsNull(x))
    return false;
  int num = (int)n->node->n_output;
  int64_t sizes[ONNX_MAX_IO];
  int64_t ns = ints_param(n, 13, "split", 1, sizes, ONNX_MAX_IO);
  if (ns == -2)
    return false;
  int64_t dim = s.dims[axis];
  if (ns < 0) {
    if (n->opset >= 18 && onnx_attr(n, "num_outputs"))
      num = (int)onnx_attr_int(n, "num_outputs", num);
    if (dim == STRATA_GRAPH_DYN)
      return onnx_error(n, "splitting a dynamic dim needs explicit sizes");
    if (num <= 0)
      return onnx_error(n, "no outputs to split into");
    int64_t chunk = (dim + num - 1) / num;
    if (n->opset < 18 && dim % num)
      return onnx_error(n, "dim %lld does not split evenly into %d outputs", (long long)dim, num);
    for (int i = 0; i < num; ++i) {
      int64_t left = dim - chunk * i;
      sizes[i] = left < chunk ? (left > 0 ? left : 0) : chunk;
    }
    ns = num;
  }
  if (ns != (int64_t)n->node->n_output)
    return onnx_error(n, "%lld split sizes for %zu outputs", (long long)ns, n->node->n_output);
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  full_slice(&s, starts, ends, steps);
  int64_t pos = 0;
  for (int64_t i = 0; i < ns; ++i) {
    starts[axis] = pos;
    ends[axis] = pos + sizes[i];
    pos += sizes[i];
    if (!n->node->output[i][0])
      continue;
    MlirValue v = slice(n, x, s.rank, starts, ends, steps);
    if (!set_slice_output(n, (int)i, v, s.rank, starts, ends, steps))
      return false;
  }
  if (dim != STRATA_GRAPH_DYN && pos != dim)
    return onnx_error(n, "split sizes add up to %lld, the dim is %lld", (long long)pos,
                      (long long)dim);
  return true;
}

static bool have_op(onnx_node_t *n, const char *name);

/* Clamps an ONNX slice bound for a static dim (step > 0). */
static int64_t clamp_bound(int64_t v, int64_t dim) {
  if (v < 0)
    v += dim;
  return v < 0 ? 0 : v > dim ? dim : v;
}

static bool map_slice(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  int64_t st[STRATA_GRAPH_MAX_RANK], en[STRATA_GRAPH_MAX_RANK], ax[STRATA_GRAPH_MAX_RANK],
      sp[STRATA_GRAPH_MAX_RANK];
  int64_t k, ke, ka = -1, ks = -1;
  if (n->opset < 10) {
    k = onnx_attr_ints(n, "starts", st, STRATA_GRAPH_MAX_RANK);
    ke = onnx_attr_ints(n, "ends", en, STRATA_GRAPH_MAX_RANK);
    ka = onnx_attr_ints(n, "axes", ax, STRATA_GRAPH_MAX_RANK);
  } else {
    k = onnx_const_ints(n, 1, "starts", st, STRATA_GRAPH_MAX_RANK);
    ke = onnx_const_ints(n, 2, "ends", en, STRATA_GRAPH_MAX_RANK);
    if (k < 0 || ke < 0)
      return false;
    if (n->num_inputs > 3 && n->present[3] &&
        (ka = onnx_const_ints(n, 3, "axes", ax, STRATA_GRAPH_MAX_RANK)) < 0)
      return false;
    if (n->num_inputs > 4 && n->present[4] &&
        (ks = onnx_const_ints(n, 4, "steps", sp, STRATA_GRAPH_MAX_RANK)) < 0)
      return false;
  }
  if (k < 0 || ke != k || (ka >= 0 && ka != k) || (ks >= 0 && ks != k))
    return onnx_error(n, "starts, ends, axes and steps must have the same length");
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  full_slice(&s, starts, ends, steps);
  bool seen[STRATA_GRAPH_MAX_RANK] = {false};
  int64_t rev_axis[STRATA_GRAPH_MAX_RANK], rev_b[STRATA_GRAPH_MAX_RANK],
      rev_e[STRATA_GRAPH_MAX_RANK], rev_step[STRATA_GRAPH_MAX_RANK];
  int num_rev = 0;
  for (int64_t i = 0; i < k; ++i) {
    int64_t a = i;
    if (ka >= 0 && !onnx_axis(n, ax[i], s.rank, &a))
      return false;
    if (a >= s.rank)
      return onnx_error(n, "more starts than dims");
    if (seen[a])
      return onnx_error(n, "axis %lld is repeated", (long long)a);
    seen[a] = true;
    int64_t step = ks >= 0 ? sp[i] : 1;
    if (step == 0)
      return onnx_error(n, "step 0 is not allowed");
    int64_t d = s.dims[a];
    if (step < 0) {
      /* A negative step is a gather of the indices start, start + step, ...
       * (> end) along the axis, after the slice of the other axes. */
      if (d == STRATA_GRAPH_DYN)
        return onnx_error(n, "a negative step on a dynamic dim is not supported");
      int64_t b = st[i] < 0 ? st[i] + d : st[i], e = en[i] < 0 ? en[i] + d : en[i];
      b = b < 0 ? 0 : b > d - 1 ? d - 1 : b;
      e = e < -1 ? -1 : e > d - 1 ? d - 1 : e;
      rev_axis[num_rev] = a;
      rev_b[num_rev] = b;
      rev_e[num_rev] = d == 0 ? 0 : e;
      rev_step[num_rev++] = step;
      continue;
    }
    if (d == STRATA_GRAPH_DYN) {
      if (st[i] < 0 || en[i] < 0)
        return onnx_error(n, "negative bounds on a dynamic dim are not supported");
      starts[a] = st[i], ends[a] = en[i];
    } else {
      starts[a] = clamp_bound(st[i], d);
      ends[a] = clamp_bound(en[i], d);
      if (ends[a] < starts[a])
        ends[a] = starts[a];
    }
    steps[a] = step;
  }
  if (num_rev == 0 && fold_slice(n, s.rank, starts, ends, steps))
    return true;
  MlirValue v = slice(n, x, s.rank, starts, ends, steps);
  if (num_rev && !have_op(n, "graph.gather"))
    v = (MlirValue){NULL};
  for (int r = 0; r < num_rev && !mlirValueIsNull(v); ++r) {
    int64_t cnt = 0, *idx = malloc(sizeof(int64_t) * (size_t)(s.dims[rev_axis[r]] + 1));
    for (int64_t j = rev_b[r]; j > rev_e[r]; j += rev_step[r])
      idx[cnt++] = j;
    onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__INT64, {1, {cnt}}, cnt, idx};
    v = onnx_gather(n, v, onnx_constant(n->imp, &n->b, &c, NULL), rev_axis[r]);
    free(idx);
  }
  if (num_rev)
    return onnx_out(n, v);
  return set_slice_output(n, 0, v, s.rank, starts, ends, steps);
}

static bool map_pad(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  char buf[32];
  const char *mode = onnx_attr_string(n, "mode", "constant", buf, sizeof buf);
  bool constant = !strcmp(mode, "constant"), wrap = !strcmp(mode, "wrap");
  if (!constant && !wrap && strcmp(mode, "reflect") && strcmp(mode, "edge"))
    return onnx_error(n, "unsupported Pad mode '%s' (only 'constant', 'reflect', 'edge', 'wrap')",
                      mode);
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t p[2 * STRATA_GRAPH_MAX_RANK], ax[STRATA_GRAPH_MAX_RANK];
  int64_t np;
  double value = 0;
  if (n->opset < 11) {
    np = onnx_attr_ints(n, n->opset < 2 ? "paddings" : "pads", p, 2 * STRATA_GRAPH_MAX_RANK);
    value = onnx_attr_float(n, "value", 0.0f);
  } else {
    np = onnx_const_ints(n, 1, "pads", p, 2 * STRATA_GRAPH_MAX_RANK);
    if (np < 0)
      return false;
    if (n->num_inputs > 2 && n->present[2] && !onnx_const_scalar(n, 2, "constant_value", &value))
      return false;
  }
  if (np == -2)
    return false;
  int64_t pads[2 * STRATA_GRAPH_MAX_RANK] = {0};
  int64_t na = -1;
  if (n->opset >= 18 && n->num_inputs > 3 && n->present[3] &&
      (na = onnx_const_ints(n, 3, "axes", ax, STRATA_GRAPH_MAX_RANK)) < 0)
    return false;
  if (na >= 0) {
    if (np != 2 * na)
      return onnx_error(n, "pads has %lld values for %lld axes", (long long)np, (long long)na);
    for (int64_t i = 0; i < na; ++i) {
      int64_t a;
      if (!onnx_axis(n, ax[i], s.rank, &a))
        return false;
      pads[a] = p[i];
      pads[s.rank + a] = p[na + i];
    }
  } else {
    if (np != 2 * s.rank)
      return onnx_error(n, "pads has %lld values, expected %lld", (long long)np,
                        (long long)(2 * s.rank));
    memcpy(pads, p, sizeof(int64_t) * (size_t)np);
  }
  /* Negative pads crop: pad the positive part, then slice. */
  int64_t pos[2 * STRATA_GRAPH_MAX_RANK];
  bool crop = false;
  for (intptr_t i = 0; i < 2 * s.rank; ++i) {
    if (pads[i] == INT64_MIN) /* cropped by -pads[i] below */
      return onnx_error(n, "pad %lld is out of range", (long long)pads[i]);
    pos[i] = pads[i] > 0 ? pads[i] : 0;
    crop |= pads[i] < 0;
  }
  /* graph.pad's `mode` is optional ("constant" when absent); pad_value is
   * required but unused by reflect/edge. */
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "pads", 2 * s.rank, pos),
                             onnx_scalar_attr(n, "pad_value", onnx_elem(x), value),
                             onnx_str_attr(n, "mode", mode)};
  MlirValue y = wrap ? onnx_pad_wrap(n, x, pos)
                     : onnx_build(n, "graph.pad", 1, &x, NULL_TYPE, constant ? 2 : 3, a);
  if (crop && !mlirValueIsNull(y)) {
    strata_graph_shape_t ys;
    onnx_shape(y, &ys);
    int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
    full_slice(&ys, starts, ends, steps);
    for (intptr_t i = 0; i < s.rank; ++i) {
      if (pads[i] < 0)
        starts[i] = -pads[i];
      if (pads[s.rank + i] < 0) {
        if (ys.dims[i] == STRATA_GRAPH_DYN)
          return onnx_error(n, "negative pads on a dynamic dim are not supported");
        ends[i] = ys.dims[i] + pads[s.rank + i];
      }
    }
    y = slice(n, y, s.rank, starts, ends, steps);
  }
  return onnx_out(n, y);
}

/* --- Reductions ------------------------------------------------------------ */
/* ArgMax / ArgMin: axis (default 0), keepdims, select_last_index. */
static bool arg_reduction(onnx_node_t *n, const char *opname) {
  MlirValue x = onnx_in0(n);
  int64_t axis;
  if (mlirValueIsNull(x) || !onnx_axis(n, onnx_attr_int(n, "axis", 0), onnx_rank(x), &axis))
    return false;
  MlirNamedAttribute a[3] = {
      onnx_i64_attr(n, "axis", axis),
      onnx_bool_attr(n, "keepdims", onnx_attr_int(n, "keepdims", 1) != 0),
      onnx_bool_attr(n, "select_last_index", onnx_attr_int(n, "select_last_index", 0) != 0)};
  return onnx_out(n, onnx_build(n, opname, 1, &x, NULL_TYPE, 3, a));
}
/* CumSum: the axis input must be known at import time. */
static bool map_cumsum(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  int64_t axis;
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1) || onnx_const_ints(n, 1, "axis", &axis, 1) < 0 ||
      !onnx_axis(n, axis, onnx_rank(x), &axis))
    return false;
  MlirNamedAttribute a[3] = {onnx_i64_attr(n, "axis", axis),
                             onnx_bool_attr(n, "exclusive", onnx_attr_int(n, "exclusive", 0) != 0),
                             onnx_bool_attr(n, "reverse", onnx_attr_int(n, "reverse", 0) != 0)};
  return onnx_out(n, onnx_build(n, "graph.cumsum", 1, &x, NULL_TYPE, 3, a));
}

static MlirValue sum_over(onnx_node_t *n, MlirValue x, int64_t axis) {
  MlirNamedAttribute a[2] = {onnx_ints_attr(n, "axes", 1, &axis),
                             onnx_bool_attr(n, "keepdims", false)};
  return onnx_build(n, "graph.reduce_sum", 1, &x, NULL_TYPE, 2, a);
}

/* TopK by ranks, without sorting: along the axis (static size n), element
 * i's rank is the number of elements j that come before it (larger, or
 * smaller with largest = 0; equal ones with j < i first), a pairwise
 * comparison over an [.., n, n, ..] space summed over j; output k holds the
 * element (and the index) whose rank is k. The outputs are sorted. */
static bool map_top_k(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  int64_t k = onnx_attr_int(n, "k", -1), axis; /* an attribute before opset 10 */
  if (mlirValueIsNull(x) || (n->opset >= 10 && onnx_const_ints(n, 1, "K", &k, 1) < 0) ||
      !onnx_axis(n, onnx_attr_int(n, "axis", -1), onnx_rank(x), &axis))
    return false;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t size = s.dims[axis];
  if (size == STRATA_GRAPH_DYN)
    return onnx_error(n, "TopK along a dynamic dim is not supported");
  if (k < 0 || k > size)
    return onnx_error(n, "K = %lld is out of range for a dim of %lld", (long long)k,
                      (long long)size);
  bool largest = onnx_attr_int(n, "largest", 1) != 0;
  intptr_t r = s.rank;
  /* i along axis, j along axis + 1 */
  MlirValue xi = onnx_insert_unit_dim(n, x, axis + 1), xj = onnx_insert_unit_dim(n, x, axis);
  MlirValue ii = onnx_iota(n, r + 1, axis, size), jj = onnx_iota(n, r + 1, axis + 1, size);
  MlirValue ties_first = onnx_binary(n, "graph.less", jj, ii);
  MlirValue equal = onnx_binary(n, "graph.equal", xj, xi);
  MlirValue tie_before[3] = {equal, ties_first, onnx_splat_like(n, ties_first, 0.0)};
  MlirValue tie = onnx_build(n, "graph.where", 3, tie_before, NULL_TYPE, 0, NULL);
  MlirValue strictly = onnx_binary(n, largest ? "graph.greater" : "graph.less", xj, xi);
  MlirValue before_ops[3] = {strictly, onnx_splat_like(n, strictly, 1.0), tie};
  MlirValue before = onnx_build(n, "graph.where", 3, before_ops, NULL_TYPE, 0, NULL);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue rank = sum_over(n, onnx_cast_to(n, before, i64), axis + 1);
  /* output k along axis, element i along axis + 1 */
  MlirValue picked = onnx_binary(n, "graph.equal", onnx_insert_unit_dim(n, rank, axis),
                                 onnx_iota(n, r + 1, axis, k));
  MlirValue vals[3] = {picked, xj, onnx_splat_like(n, xj, 0.0)};
  MlirValue idxs[3] = {picked, jj, onnx_splat_like(n, jj, 0.0)};
  MlirValue values = sum_over(n, onnx_build(n, "graph.where", 3, vals, NULL_TYPE, 0, NULL), axis + 1);
  MlirValue indices = sum_over(n, onnx_build(n, "graph.where", 3, idxs, NULL_TYPE, 0, NULL), axis + 1);
  if (mlirValueIsNull(values) || mlirValueIsNull(indices))
    return false;
  onnx_set_output(n, 0, values);
  onnx_set_output(n, 1, indices);
  return true;
}

static bool map_argmax(onnx_node_t *n) { return arg_reduction(n, "graph.argmax"); }
static bool map_argmin(onnx_node_t *n) { return arg_reduction(n, "graph.argmin"); }

typedef enum { RED_PLAIN, RED_SQUARE, RED_L1, RED_L2, RED_LOG, RED_LOGEXP } red_kind_t;

static bool reduction(onnx_node_t *n, const char *opname, int64_t axes_input_since, red_kind_t kind) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  intptr_t r = onnx_rank(x);
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  int64_t na = ints_param(n, axes_input_since, "axes", 1, axes, STRATA_GRAPH_MAX_RANK);
  if (na == -2)
    return false;
  bool keepdims = onnx_attr_int(n, "keepdims", 1) != 0;
  if (na <= 0) {
    if (na == 0 && onnx_attr_int(n, "noop_with_empty_axes", 0))
      return onnx_out(n, x);
    for (intptr_t i = 0; i < r; ++i)
      axes[i] = i;
    na = r;
  }
  for (int64_t i = 0; i < na; ++i)
    if (!onnx_axis(n, axes[i], r, &axes[i]))
      return false;
  if (kind == RED_SQUARE || kind == RED_L2)
    x = onnx_binary(n, "graph.mul", x, x);
  else if (kind == RED_L1)
    x = onnx_unary(n, "graph.abs", x);
  else if (kind == RED_LOGEXP)
    x = onnx_unary(n, "graph.exp", x);
  MlirValue y = x;
  if (na > 0) {
    MlirNamedAttribute a[2] = {onnx_ints_attr(n, "axes", na, axes),
                               onnx_bool_attr(n, "keepdims", keepdims)};
    y = onnx_build(n, opname, 1, &x, NULL_TYPE, 2, a);
  }
  if (kind == RED_L2)
    y = onnx_unary(n, "graph.sqrt", y);
  else if (kind == RED_LOG || kind == RED_LOGEXP)
    y = onnx_unary(n, "graph.log", y);
  return onnx_out(n, y);
}

static bool map_reduce_sum(onnx_node_t *n) { return reduction(n, "graph.reduce_sum", 13, RED_PLAIN); }
static bool map_reduce_mean(onnx_node_t *n) { return reduction(n, "graph.reduce_mean", 18, RED_PLAIN); }
static bool map_reduce_max(onnx_node_t *n) { return reduction(n, "graph.reduce_max", 18, RED_PLAIN); }
static bool map_reduce_min(onnx_node_t *n) { return reduction(n, "graph.reduce_min", 18, RED_PLAIN); }
static bool map_reduce_prod(onnx_node_t *n) { return reduction(n, "graph.reduce_prod", 18, RED_PLAIN); }
static bool map_reduce_sum_square(onnx_node_t *n) { return reduction(n, "graph.reduce_sum", 18, RED_SQUARE); }
static bool map_reduce_l1(onnx_node_t *n) { return reduction(n, "graph.reduce_sum", 18, RED_L1); }
static bool map_reduce_l2(onnx_node_t *n) { return reduction(n, "graph.reduce_sum", 18, RED_L2); }
static bool map_reduce_log_sum(onnx_node_t *n) { return reduction(n, "graph.reduce_sum", 18, RED_LOG); }
static bool map_reduce_log_sum_exp(onnx_node_t *n) { return reduction(n, "graph.reduce_sum", 18, RED_LOGEXP); }

/* --- Gather, Expand ------------------------------------------------------------ */
static bool have_op(onnx_node_t *n, const char *name) {
  if (mlirContextIsRegisteredOperation(n->ctx, mlirStringRefCreateFromCString(name)))
    return true;
  return onnx_error(n, "unsupported operator '%s'", n->node->op_type);
}

/* Gather of a 1-D constant by constant indices (shape arithmetic): folded. */
static bool fold_gather(onnx_node_t *n, int64_t axis) {
  const onnx_const_t *d = n->fold[0], *ix = n->fold[1];
  if (!d || !ix || d->shape.rank != 1 || axis != 0 || ix->shape.rank > 1)
    return false;
  size_t es = onnx_type_size(d->onnx_type);
  onnx_const_t r = {d->onnx_type, ix->shape, ix->numel, malloc(es * (size_t)(ix->numel + 1))};
  for (int64_t i = 0; i < ix->numel; ++i) {
    int64_t j = onnx_const_get_i(ix, i);
    j = j < 0 ? j + d->numel : j;
    if (j < 0 || j >= d->numel) {
      onnx_const_free(&r);
      return false;
    }
    memcpy((char *)r.data + (size_t)i * es, (const char *)d->data + (size_t)j * es, es);
  }
  onnx_set_const_output(n, 0, &r);
  return true;
}

static bool map_gather_elements(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue ops[2] = {onnx_input(n, 0), onnx_input(n, 1)};
  int64_t axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", 0), onnx_rank(ops[0]), &axis))
    return false;
  MlirNamedAttribute a = onnx_i64_attr(n, "axis", axis);
  return onnx_out(n, onnx_build(n, "graph.gather_elements", 2, ops, NULL_TYPE, 1, &a));
}

/* The scatter operators' `reduction` attribute (default none); NULL after
 * an error naming an unsupported one. */
static const char *scatter_reduction(onnx_node_t *n, char *buf, size_t size) {
  static const char *const known[] = {"none", "add", "mul", "max", "min"};
  const char *reduction = onnx_attr_string(n, "reduction", "none", buf, size);
  for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i)
    if (!strcmp(reduction, known[i]))
      return reduction;
  onnx_error(n, "unsupported reduction '%s' (none, add, mul, max or min)", reduction);
  return NULL;
}

/* ScatterElements (and Scatter, its name before opset 11): reduction none
 * (default), add, mul (16), max, min (18). */
static bool map_scatter_elements(onnx_node_t *n) {
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  MlirValue ops[3] = {onnx_input(n, 0), onnx_input(n, 1), onnx_input(n, 2)};
  int64_t axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", 0), onnx_rank(ops[0]), &axis))
    return false;
  char buf[16];
  const char *reduction = scatter_reduction(n, buf, sizeof buf);
  if (!reduction)
    return false;
  MlirNamedAttribute a[2] = {onnx_i64_attr(n, "axis", axis),
                             onnx_str_attr(n, "reduction", reduction)};
  return onnx_out(n, onnx_build(n, "graph.scatter_elements", 3, ops, NULL_TYPE, 2, a));
}

/* ReverseSequence: out[.., t, .., b, ..] = x at time len[b] - 1 - t when
 * t < len[b], else at t: a gather_elements along the time axis of indices
 * computed at run time from sequence_lens (iota, less, sub, where). */
static bool map_reverse_sequence(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t time_axis = onnx_attr_int(n, "time_axis", 0), batch_axis = onnx_attr_int(n, "batch_axis", 1);
  if (s.rank < 2 || !((time_axis == 0 && batch_axis == 1) || (time_axis == 1 && batch_axis == 0)))
    return onnx_error(n, "time_axis and batch_axis must be 0 and 1 (in either order)");
  for (intptr_t i = 0; i < s.rank; ++i)
    if (s.dims[i] == STRATA_GRAPH_DYN)
      return onnx_error(n, "ReverseSequence with dynamic dims is not supported");
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < s.rank; ++i)
    dims[i] = i == batch_axis ? s.dims[batch_axis] : 1;
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue lens = onnx_reshape(n, onnx_cast_to(n, onnx_input(n, 1), i64), s.rank, dims);
  MlirValue t = onnx_iota(n, s.rank, time_axis, s.dims[time_axis]);
  MlirValue reversed = onnx_binary(n, "graph.sub",
                                   onnx_binary(n, "graph.sub", lens, onnx_splat_like(n, lens, 1.0)), t);
  MlirValue sel[3] = {onnx_binary(n, "graph.less", t, lens), reversed, t};
  MlirValue idx = onnx_build(n, "graph.where", 3, sel, NULL_TYPE, 0, NULL);
  idx = onnx_build(n, "graph.expand", 1, &idx, strata_graph_shape_to_type(&s, i64), 0, NULL);
  MlirValue ops[2] = {x, idx};
  MlirNamedAttribute a = onnx_i64_attr(n, "axis", time_axis);
  return onnx_out(n, onnx_build(n, "graph.gather_elements", 2, ops, NULL_TYPE, 1, &a));
}

/* MaxUnpool: X's values written at their flat Indices (as MaxPool gives
 * them) into zeros of the unpooled shape ((in - 1) * stride - pads +
 * kernel per spatial dim): a scatter_elements on the flattened tensors; an
 * output_shape input larger than that pads zeros at the end (the ONNX
 * reference's result). */
static bool map_max_unpool(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  strata_graph_shape_t s, out;
  onnx_shape(x, &s);
  for (intptr_t i = 0; i < s.rank; ++i)
    if (s.dims[i] == STRATA_GRAPH_DYN)
      return onnx_error(n, "MaxUnpool with dynamic dims is not supported");
  out = s;
  int64_t kernel[STRATA_GRAPH_MAX_RANK], strides[STRATA_GRAPH_MAX_RANK];
  int64_t pads[2 * STRATA_GRAPH_MAX_RANK] = {0};
  intptr_t sp = s.rank - 2;
  if (sp < 1 || onnx_attr_ints(n, "kernel_shape", kernel, STRATA_GRAPH_MAX_RANK) != sp)
    return onnx_error(n, "kernel_shape must have %lld values", (long long)sp);
  int ns = onnx_attr_ints(n, "strides", strides, STRATA_GRAPH_MAX_RANK);
  int np = onnx_attr_ints(n, "pads", pads, 2 * STRATA_GRAPH_MAX_RANK);
  for (intptr_t i = 0; i < sp; ++i)
    out.dims[2 + i] = (s.dims[2 + i] - 1) * (ns > 0 ? strides[i] : 1) -
                      (np > 0 ? pads[i] + pads[sp + i] : 0) + kernel[i];
  int64_t want[STRATA_GRAPH_MAX_RANK], end_pads[2 * STRATA_GRAPH_MAX_RANK] = {0};
  bool padded = false;
  if (n->num_inputs > 2 && n->present[2]) {
    int64_t k = onnx_const_ints(n, 2, "output_shape", want, STRATA_GRAPH_MAX_RANK);
    if (k < 0)
      return false;
    if (k != s.rank)
      return onnx_error(n, "output_shape has %lld values, expected %lld", (long long)k,
                        (long long)s.rank);
    for (intptr_t i = 0; i < s.rank; ++i) {
      if (want[i] < out.dims[i])
        return onnx_error(n, "output_shape dim %lld (%lld) is smaller than the unpooled %lld",
                          (long long)i, (long long)want[i], (long long)out.dims[i]);
      end_pads[s.rank + i] = want[i] - out.dims[i];
      padded |= want[i] != out.dims[i];
    }
  }
  int64_t total = strata_graph_num_elements(&out), in_total = strata_graph_num_elements(&s);
  MlirValue flat_x = onnx_reshape(n, x, 1, &in_total);
  MlirValue flat_i = onnx_reshape(n, onnx_input(n, 1), 1, &in_total);
  MlirValue zeros = onnx_splat_like(n, flat_x, 0.0);
  zeros = onnx_build(n, "graph.expand", 1, &zeros,
                     strata_graph_shape_to_type(&(strata_graph_shape_t){1, {total}}, onnx_elem(x)),
                     0, NULL);
  MlirValue ops[3] = {zeros, flat_i, flat_x};
  MlirNamedAttribute a[2] = {onnx_i64_attr(n, "axis", 0), onnx_str_attr(n, "reduction", "none")};
  MlirValue y = onnx_build(n, "graph.scatter_elements", 3, ops, NULL_TYPE, 2, a);
  y = onnx_reshape(n, y, out.rank, out.dims);
  if (padded) {
    MlirNamedAttribute pa[2] = {onnx_ints_attr(n, "pads", 2 * s.rank, end_pads),
                                onnx_scalar_attr(n, "pad_value", onnx_elem(x), 0.0)};
    y = onnx_build(n, "graph.pad", 1, &y, NULL_TYPE, 2, pa);
  }
  return onnx_out(n, y);
}

/* The ND operators' flat index (GatherND, ScatterND): for indices
 * [b..., q..., m] into data [b..., D_0..D_{m-1}, rest...] (b = batch_dims
 * leading dims shared with data), the i64 tensor [b..., q...] of
 * positions in data viewed as [prod(b) * prod(D), rest...]: the batch
 * position (iota along each batch dim) and each index component (negative
 * ones wrapped) times its stride, summed. Shapes must be static. */
static MlirValue nd_flat_index(onnx_node_t *n, MlirValue data, MlirValue indices, int64_t batch_dims,
                               int64_t *m_out) {
  strata_graph_shape_t ds, is;
  onnx_shape(data, &ds);
  onnx_shape(indices, &is);
  if (strata_graph_num_elements(&ds) < 0 || strata_graph_num_elements(&is) < 0) {
    onnx_error(n, "%s with dynamic dims is not supported", n->node->op_type);
    return (MlirValue){NULL};
  }
  int64_t m = is.rank ? is.dims[is.rank - 1] : 0;
  if (is.rank < 1 || batch_dims < 0 || batch_dims >= is.rank || m < 1 ||
      batch_dims + m > ds.rank) {
    onnx_error(n, "indices of rank %lld with last dim %lld do not fit data of rank %lld "
                  "(batch_dims %lld)", (long long)is.rank, (long long)m, (long long)ds.rank,
               (long long)batch_dims);
    return (MlirValue){NULL};
  }
  *m_out = m;
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue idx = onnx_cast_to(n, indices, i64);
  intptr_t qr = is.rank - 1; /* rank of the result index tensor */
  int64_t comp_dims[STRATA_GRAPH_MAX_RANK];
  memcpy(comp_dims, is.dims, sizeof(int64_t) * (size_t)qr);
  MlirValue flat = {NULL};
  int64_t stride = 1;
  for (int64_t k = batch_dims + m - 1; k >= 0; --k) {
    MlirValue part;
    if (k >= batch_dims) { /* index component k - batch_dims */
      int64_t starts[STRATA_GRAPH_MAX_RANK] = {0}, ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
      for (intptr_t i = 0; i < is.rank; ++i)
        ends[i] = END_OF_DIM, steps[i] = 1;
      starts[qr] = k - batch_dims, ends[qr] = k - batch_dims + 1;
      part = onnx_reshape(n, slice(n, idx, is.rank, starts, ends, steps), qr, comp_dims);
      MlirValue sel[3] = {onnx_binary(n, "graph.less", part, onnx_splat_like(n, part, 0.0)),
                          onnx_binary(n, "graph.add", part, onnx_splat_like(n, part, (double)ds.dims[k])),
                          part};
      part = onnx_build(n, "graph.where", 3, sel, NULL_TYPE, 0, NULL);
    } else { /* the batch position along dim k */
      part = onnx_iota(n, qr, k, is.dims[k]);
    }
    if (stride != 1)
      part = onnx_binary(n, "graph.mul", part, onnx_splat_like(n, part, (double)stride));
    flat = mlirValueIsNull(flat) ? part : onnx_binary(n, "graph.add", flat, part);
    if (!strata_mul_i64(stride, ds.dims[k], &stride)) {
      onnx_error(n, "the data's element count overflows 64 bits");
      return (MlirValue){NULL};
    }
  }
  /* a batch iota alone has 1s where the other dims are: broadcast */
  MlirType full = mlirRankedTensorTypeGet(qr, comp_dims, i64, mlirAttributeGetNull());
  if (mlirValueIsNull(flat) || mlirTypeEqual(mlirValueGetType(flat), full))
    return flat;
  return onnx_build(n, "graph.expand", 1, &flat, full, 0, NULL);
}

/* data viewed as [prod(dims[0..lead)), dims[lead..]...] (static). */
static MlirValue merge_leading(onnx_node_t *n, MlirValue data, intptr_t lead) {
  strata_graph_shape_t s;
  onnx_shape(data, &s);
  int64_t dims[STRATA_GRAPH_MAX_RANK] = {1};
  if (!strata_dims_product(s.dims, (size_t)lead, &dims[0])) {
    onnx_error(n, "the leading %lld dims of the data have no static int64 product",
               (long long)lead);
    return (MlirValue){NULL};
  }
  for (intptr_t i = lead; i < s.rank; ++i)
    dims[1 + i - lead] = s.dims[i];
  return onnx_reshape(n, data, 1 + s.rank - lead, dims);
}

/* GatherND: a gather along axis 0 of data with its batch and indexed dims
 * merged, at the flat index (nd_flat_index). */
static bool map_gather_nd(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue data = onnx_input(n, 0);
  int64_t m, b = onnx_attr_int(n, "batch_dims", 0);
  MlirValue flat = nd_flat_index(n, data, onnx_input(n, 1), b, &m);
  if (mlirValueIsNull(flat))
    return false;
  MlirValue merged = merge_leading(n, data, (intptr_t)(b + m));
  if (mlirValueIsNull(merged))
    return false;
  return onnx_out(n, onnx_gather(n, merged, flat, 0));
}

/* ScatterND: a scatter_elements along axis 0 of data viewed as [prod(D),
 * rest] with updates viewed as [positions, rest] at the flat index
 * (broadcast along rest); reduction none, add or mul. */
static bool map_scatter_nd(onnx_node_t *n) {
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  char buf[16];
  const char *reduction = scatter_reduction(n, buf, sizeof buf);
  if (!reduction)
    return false;
  MlirValue data = onnx_input(n, 0);
  int64_t m;
  MlirValue flat = nd_flat_index(n, data, onnx_input(n, 1), 0, &m);
  if (mlirValueIsNull(flat))
    return false;
  strata_graph_shape_t ds, fs;
  onnx_shape(data, &ds);
  onnx_shape(flat, &fs);
  /* data [D..., rest...] as [prod(D), prod(rest)] (a dim may be 0) */
  int64_t lead, rest, positions = strata_graph_num_elements(&fs);
  if (!strata_dims_product(ds.dims, (size_t)m, &lead) ||
      !strata_dims_product(ds.dims + m, (size_t)(ds.rank - m), &rest))
    return onnx_error(n, "the data's element count overflows 64 bits");
  int64_t view[2] = {lead, rest};
  strata_graph_shape_t upd = {2, {positions, rest}};
  int64_t col[2] = {positions, 1};
  MlirValue idx = onnx_reshape(n, flat, 2, col);
  idx = onnx_build(n, "graph.expand", 1, &idx, strata_graph_shape_to_type(&upd, onnx_elem(idx)),
                   0, NULL);
  MlirValue ops[3] = {onnx_reshape(n, data, 2, view), idx,
                      onnx_reshape(n, onnx_input(n, 2), 2, upd.dims)};
  MlirNamedAttribute a[2] = {onnx_i64_attr(n, "axis", 0), onnx_str_attr(n, "reduction", reduction)};
  MlirValue y = onnx_build(n, "graph.scatter_elements", 3, ops, NULL_TYPE, 2, a);
  return onnx_out(n, onnx_reshape(n, y, ds.rank, ds.dims));
}

/* The positions (i64 [count]) of the true elements of a 1-D i1 mask, in
 * order, computed at run time: element j is the k-th true one when
 * mask[j] and the exclusive cumsum of the mask at j is k; positions are
 * summed over j for each k. `count` (the number of true elements) must be
 * known at import time. */
static MlirValue true_positions(onnx_node_t *n, MlirValue mask, int64_t count) {
  strata_graph_shape_t s;
  onnx_shape(mask, &s);
  int64_t len = s.dims[0];
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue ones = onnx_cast_to(n, mask, i64);
  MlirNamedAttribute ca[3] = {onnx_i64_attr(n, "axis", 0), onnx_bool_attr(n, "exclusive", true),
                              onnx_bool_attr(n, "reverse", false)};
  MlirValue before = onnx_build(n, "graph.cumsum", 1, &ones, NULL_TYPE, 3, ca);
  int64_t row[2] = {1, len};
  MlirValue k = onnx_iota(n, 2, 0, count), j = onnx_iota(n, 2, 1, len);
  MlirValue rank_is_k = onnx_binary(n, "graph.equal", onnx_reshape(n, before, 2, row), k);
  MlirValue is_true = onnx_reshape(n, mask, 2, row);
  MlirValue both[3] = {is_true, rank_is_k, onnx_splat_like(n, is_true, 0.0)};
  MlirValue hit = onnx_build(n, "graph.where", 3, both, NULL_TYPE, 0, NULL);
  MlirValue pick[3] = {hit, j, onnx_splat_like(n, j, 0.0)};
  MlirValue picked = onnx_build(n, "graph.where", 3, pick, NULL_TYPE, 0, NULL);
  int64_t axis = 1;
  MlirNamedAttribute ra[2] = {onnx_ints_attr(n, "axes", 1, &axis), onnx_bool_attr(n, "keepdims", false)};
  return onnx_build(n, "graph.reduce_sum", 1, &picked, NULL_TYPE, 2, ra);
}

/* The number of nonzero elements of input i, known at import time. */
static bool known_nonzeros(onnx_node_t *n, int i, const char *what, int64_t limit,
                           int64_t *count) {
  const onnx_const_t *c = n->in_const[i];
  if (!c)
    return onnx_error(n, "input '%s' must be known at import time (it fixes the result's size)",
                      what);
  *count = 0;
  for (int64_t k = 0; k < c->numel && k < limit; ++k)
    *count += onnx_const_get_f(c, k) != 0;
  return true;
}

/* Compress: the slices along `axis` (the flattened input without one)
 * where condition is true, as a gather of their positions. The number of
 * true conditions is taken from the condition known at import time; the
 * positions are computed at run time. */
static bool map_compress(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  strata_graph_shape_t s, cs;
  onnx_shape(x, &s);
  int64_t axis = 0;
  if (onnx_attr(n, "axis")) {
    if (!onnx_axis(n, onnx_attr_int(n, "axis", 0), s.rank, &axis))
      return false;
  } else {
    int64_t total = strata_graph_num_elements(&s);
    if (total < 0)
      return onnx_error(n, "Compress without axis of a dynamic shape is not supported");
    x = onnx_reshape(n, x, 1, &total);
    onnx_shape(x, &s);
  }
  MlirValue cond = onnx_input(n, 1);
  onnx_shape(cond, &cs);
  if (cs.rank != 1 || cs.dims[0] == STRATA_GRAPH_DYN || s.dims[axis] == STRATA_GRAPH_DYN ||
      cs.dims[0] > s.dims[axis])
    return onnx_error(n, "condition must be 1-D, static and no longer than the axis");
  int64_t count = 0;
  if (!known_nonzeros(n, 1, "condition", cs.dims[0], &count))
    return false;
  MlirValue mask = onnx_cast_to(n, cond, mlirIntegerTypeGet(n->ctx, 1));
  return onnx_out(n, onnx_gather(n, x, true_positions(n, mask, count), axis));
}

/* NonZero: [rank, count] coordinates of the nonzero elements in row-major
 * order: their flat positions (true_positions) unraveled by division and
 * remainder. The count is taken from the input known at import time. */
static bool map_nonzero(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  int64_t total = strata_graph_num_elements(&s), count = 0;
  if (total < 0)
    return onnx_error(n, "NonZero of a dynamic shape is not supported");
  if (!known_nonzeros(n, 0, "X", total, &count))
    return false;
  MlirValue flat = onnx_reshape(n, x, 1, &total);
  if (mlirValueIsNull(flat))
    return false;
  MlirValue mask = flat;
  if (!(mlirTypeIsAInteger(onnx_elem(flat)) && mlirIntegerTypeGetWidth(onnx_elem(flat)) == 1)) {
    MlirValue zero = onnx_binary(n, "graph.equal", flat, onnx_splat_like(n, flat, 0.0));
    MlirValue not_zero[3] = {zero, onnx_splat_like(n, zero, 0.0), onnx_splat_like(n, zero, 1.0)};
    mask = onnx_build(n, "graph.where", 3, not_zero, NULL_TYPE, 0, NULL);
  }
  MlirValue pos = true_positions(n, mask, count), coords = {NULL};
  int64_t stride = total, row[2] = {1, count};
  MlirNamedAttribute fa = onnx_bool_attr(n, "fmod", true), ca = onnx_i64_attr(n, "axis", 0);
  for (intptr_t d = 0; d < (s.rank ? s.rank : 1); ++d) {
    int64_t dim = s.rank ? s.dims[d] : 1;
    stride /= dim ? dim : 1;
    MlirValue c = onnx_binary(n, "graph.div", pos, onnx_splat_like(n, pos, (double)stride));
    MlirValue ops[2] = {c, onnx_splat_like(n, c, (double)dim)};
    c = onnx_reshape(n, onnx_build(n, "graph.mod", 2, ops, NULL_TYPE, 1, &fa), 2, row);
    MlirValue cat[2] = {coords, c};
    coords = mlirValueIsNull(coords) ? c : onnx_build(n, "graph.concat", 2, cat, NULL_TYPE, 1, &ca);
  }
  return onnx_out(n, coords);
}

static bool map_gather(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue data = onnx_input(n, 0);
  int64_t axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", 0), onnx_rank(data), &axis))
    return false;
  if (fold_gather(n, axis))
    return true;
  if (!have_op(n, "graph.gather"))
    return false;
  MlirValue idx;
  const onnx_const_t *ic = n->fold[1];
  strata_graph_shape_t ds;
  onnx_shape(data, &ds);
  if (ic && ds.dims[axis] != STRATA_GRAPH_DYN) {
    /* Constant indices: normalize negative ones (and check the range) now. */
    onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__INT64, ic->shape, ic->numel,
                      malloc(sizeof(int64_t) * (size_t)(ic->numel + 1))};
    for (int64_t i = 0; i < ic->numel; ++i) {
      int64_t j = onnx_const_get_i(ic, i);
      j = j < 0 ? j + ds.dims[axis] : j;
      if (j < 0 || j >= ds.dims[axis]) {
        onnx_const_free(&c);
        return onnx_error(n, "index %lld is out of range for a dim of %lld",
                          (long long)onnx_const_get_i(ic, i), (long long)ds.dims[axis]);
      }
      ((int64_t *)c.data)[i] = j;
    }
    idx = onnx_constant(n->imp, &n->b, &c, NULL);
    onnx_const_free(&c);
  } else {
    idx = onnx_input(n, 1);
  }
  return onnx_out(n, onnx_gather(n, data, idx, axis));
}

static bool map_expand(onnx_node_t *n) {
  strata_graph_shape_t s, t = {0, {0}}, r;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  int64_t k = onnx_const_ints(n, 1, "shape", t.dims, STRATA_GRAPH_MAX_RANK);
  if (k < 0)
    return false;
  t.rank = (intptr_t)k;
  if (!strata_graph_broadcast_shape(&s, &t, &r)) {
    char a[128], b[128];
    return onnx_error(n, "cannot expand %s to %s", strata_graph_shape_str(&s, a, sizeof a),
                      strata_graph_shape_str(&t, b, sizeof b));
  }
  if (strata_graph_shapes_compatible(&r, &s) && r.rank == s.rank)
    return onnx_out(n, x);
  if (!have_op(n, "graph.expand"))
    return false;
  return onnx_out(n, onnx_build(n, "graph.expand", 1, &x, strata_graph_shape_to_type(&r, onnx_elem(x)),
                           0, NULL));
}

/* --- Tile, DepthToSpace, SpaceToDepth: reshapes, expand, transpose --------- */
/* Tile: each axis with repeat r > 1 becomes [1, d] (or [1] if d is 1),
 * expanded to [r, d], and the whole reshaped to [r0*d0, r1*d1, ...]. */
static bool map_tile(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  int64_t reps[STRATA_GRAPH_MAX_RANK];
  int64_t k = onnx_const_ints(n, 1, "repeats", reps, STRATA_GRAPH_MAX_RANK);
  if (k < 0)
    return false;
  if (k != s.rank)
    return onnx_error(n, "repeats has %lld values, expected %lld (the input rank)", (long long)k,
                      (long long)s.rank);
  int64_t split[2 * STRATA_GRAPH_MAX_RANK], expanded[2 * STRATA_GRAPH_MAX_RANK];
  int64_t out[STRATA_GRAPH_MAX_RANK];
  intptr_t m = 0;
  for (intptr_t i = 0; i < s.rank; ++i) {
    if (reps[i] < 1)
      return onnx_error(n, "repeats must be >= 1, got %lld", (long long)reps[i]);
    out[i] = s.dims[i];
    if (reps[i] == 1) {
      split[m] = expanded[m] = s.dims[i];
      ++m;
      continue;
    }
    if (s.dims[i] == STRATA_GRAPH_DYN)
      return onnx_error(n, "repeating dynamic dim %lld is not supported", (long long)i);
    if (!strata_mul_i64(reps[i], s.dims[i], &out[i]))
      return onnx_error(n, "repeats[%lld] = %lld times dim %lld overflows int64", (long long)i,
                        (long long)reps[i], (long long)s.dims[i]);
    split[m] = 1, expanded[m++] = reps[i];
    if (s.dims[i] != 1)
      split[m] = expanded[m] = s.dims[i], ++m;
  }
  if (m > STRATA_GRAPH_MAX_RANK)
    return onnx_error(n, "tiling %lld dims is not supported (at most %d after splitting)",
                      (long long)s.rank, STRATA_GRAPH_MAX_RANK / 2);
  MlirValue v = onnx_reshape(n, x, m, split);
  strata_graph_shape_t es = {m, {0}};
  memcpy(es.dims, expanded, sizeof(int64_t) * (size_t)m);
  v = onnx_build(n, "graph.expand", 1, &v, strata_graph_shape_to_type(&es, onnx_elem(x)), 0, NULL);
  return onnx_out(n, onnx_reshape(n, v, s.rank, out));
}

/* DepthToSpace / SpaceToDepth on [N, C, H, W] (C, H, W static): a reshape
 * to 6-D, a transpose, a reshape to the result. `mode` DCR (the default:
 * depth, then column, then row) or CRD, for both (SpaceToDepth since
 * opset 28). */
static bool depth_space(onnx_node_t *n, bool to_space) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  if (s.rank != 4)
    return onnx_error(n, "%s needs a 4-D input, got rank %lld", n->node->op_type,
                      (long long)s.rank);
  int64_t b = onnx_attr_int(n, "blocksize", 0);
  if (b < 1)
    return onnx_error(n, "blocksize must be >= 1, got %lld", (long long)b);
  int64_t N = s.dims[0], C = s.dims[1], H = s.dims[2], W = s.dims[3];
  if (C == STRATA_GRAPH_DYN || H == STRATA_GRAPH_DYN || W == STRATA_GRAPH_DYN)
    return onnx_error(n, "%s with dynamic C, H or W is not supported", n->node->op_type);
  int64_t split[6], perm[6], out[4];
  char buf[8];
  const char *mode = onnx_attr_string(n, "mode", "DCR", buf, sizeof buf);
  bool dcr = !strcmp(mode, "DCR");
  if (!dcr && strcmp(mode, "CRD"))
    return onnx_error(n, "unsupported mode '%s' (DCR or CRD)", mode);
  if (to_space) {
    if (C % (b * b))
      return onnx_error(n, "channels %lld are not divisible by blocksize^2 = %lld",
                        (long long)C, (long long)(b * b));
    int64_t c = C / (b * b);
    /* DCR: [N, b, b, c, H, W] -> [N, c, H, b, W, b]; CRD: [N, c, b, b, H, W] -> same */
    int64_t dcr_split[6] = {N, b, b, c, H, W}, dcr_perm[6] = {0, 3, 4, 1, 5, 2};
    int64_t crd_split[6] = {N, c, b, b, H, W}, crd_perm[6] = {0, 1, 4, 2, 5, 3};
    memcpy(split, dcr ? dcr_split : crd_split, sizeof split);
    memcpy(perm, dcr ? dcr_perm : crd_perm, sizeof perm);
    out[0] = N, out[1] = c, out[2] = H * b, out[3] = W * b;
  } else {
    if (H % b || W % b)
      return onnx_error(n, "spatial dims %lldx%lld are not divisible by blocksize %lld",
                        (long long)H, (long long)W, (long long)b);
    /* [N, C, H/b, b, W/b, b] -> DCR: [N, b, b, C, H/b, W/b]; CRD: [N, C, b, b, H/b, W/b] */
    int64_t sd_split[6] = {N, C, H / b, b, W / b, b};
    int64_t dcr_perm[6] = {0, 3, 5, 1, 2, 4}, crd_perm[6] = {0, 1, 3, 5, 2, 4};
    memcpy(split, sd_split, sizeof split);
    memcpy(perm, dcr ? dcr_perm : crd_perm, sizeof perm);
    out[0] = N, out[1] = C * b * b, out[2] = H / b, out[3] = W / b;
  }
  MlirValue v = onnx_reshape(n, x, 6, split);
  MlirNamedAttribute a = onnx_ints_attr(n, "perm", 6, perm);
  v = onnx_build(n, "graph.transpose", 1, &v, NULL_TYPE, 1, &a);
  return onnx_out(n, onnx_reshape(n, v, 4, out));
}
static bool map_depth_to_space(onnx_node_t *n) { return depth_space(n, true); }
static bool map_space_to_depth(onnx_node_t *n) { return depth_space(n, false); }

const onnx_mapping_t strata_onnx_shape_ops[] = {
    {"Constant", map_constant},
    {"Shape", map_shape},
    {"Size", map_size},
    {"ConstantOfShape", map_constant_of_shape},
    {"Reshape", map_reshape},
    {"Flatten", map_flatten},
    {"Squeeze", map_squeeze},
    {"Unsqueeze", map_unsqueeze},
    {"Dropout", map_dropout},
    {"Identity", map_identity},
    {"Transpose", map_transpose},
    {"Concat", map_concat},
    {"Split", map_split},
    {"Slice", map_slice},
    {"Pad", map_pad},
    {"ReduceSum", map_reduce_sum},
    {"ReduceMean", map_reduce_mean},
    {"ReduceMax", map_reduce_max},
    {"ReduceMin", map_reduce_min},
    {"ReduceProd", map_reduce_prod},
    {"ArgMax", map_argmax},
    {"ArgMin", map_argmin},
    {"CumSum", map_cumsum},
    {"TopK", map_top_k},
    {"ReduceSumSquare", map_reduce_sum_square},
    {"ReduceL1", map_reduce_l1},
    {"ReduceL2", map_reduce_l2},
    {"ReduceLogSum", map_reduce_log_sum},
    {"ReduceLogSumExp", map_reduce_log_sum_exp},
    {"Gather", map_gather},
    {"GatherElements", map_gather_elements},
    {"ScatterElements", map_scatter_elements},
    {"Scatter", map_scatter_elements},
    {"ReverseSequence", map_reverse_sequence},
    {"Compress", map_compress},
    {"NonZero", map_nonzero},
    {"GatherND", map_gather_nd},
    {"ScatterND", map_scatter_nd},
    {"MaxUnpool", map_max_unpool},
    {"Expand", map_expand},
    {"Tile", map_tile},
    {"DepthToSpace", map_depth_to_space},
    {"SpaceToDepth", map_space_to_depth},
    {NULL, NULL},
};
