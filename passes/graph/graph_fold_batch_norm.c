/* graph-fold-batch-norm: folds a per-output-channel affine map that follows
 * a product with constant weights into those weights and the bias (TVM's
 * FoldScaleAxis, ONNX Runtime's conv_bn_fusion, conv_mul_fusion and
 * conv_add_fusion).
 *
 * Producers: graph.conv2d (data_layout "NCHW", kernel_layout "OIHW", any
 * groups), graph.dense (weight [N, K]) and graph.matmul (rhs [K, N]; scale
 * only: it has no bias), fp32, with a constant weight (and bias, if any).
 * Consumers, each the only user of the product:
 *   batch_norm(y, gamma, beta, mean, var) on the channel axis:
 *       s = gamma / sqrt(var + eps), t = beta - mean * s;
 *   mul(y, c) / mul(c, y): s = c;  div(y, c): s = 1 / c;
 *   add(y, c) / add(c, y): t = c;  sub(y, c): t = -c;
 * with constant parameters whose shape is per-channel ([O], [O, 1, 1],
 * [1, O, 1, 1], ... aligned with the channel axis) or a scalar, and a
 * result of exactly y's type. The weight rows of channel o are scaled by
 * s[o] and the bias becomes b[o] * s[o] + t[o] (a new bias when there was
 * none). The product is rebuilt with new constants (dense<...> up to 64
 * elements, otherwise a dense_resource blob the context owns, so no size
 * limit) and replaces the consumer; the old product and constants left
 * without users are erased. Chains (conv -> batch_norm -> mul -> add) fold
 * one step per rewrite until nothing changes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include "core/builder.h"
#include "core/f32_constant.h"
#include "core/op_list.h"
#include "dialects/graph/graph.h"
#include "dialects/op_checks.h"
#include "passes/graph/graph_passes.h"
#include "strata/pass.h"

typedef strata_graph_shape_t shape_t;

static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }

static bool has_one_use(MlirValue v) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  return !mlirOpOperandIsNull(u) && mlirOpOperandIsNull(mlirOpOperandGetNextUse(u));
}

/* The graph.constant defining v, or a null op. */
static MlirOperation constant_op(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return (MlirOperation){NULL};
  MlirOperation def = mlirOpResultGetOwner(v);
  return strata_op_is(def, "graph.constant") ? def : (MlirOperation){NULL};
}

static bool is_f32_static(MlirValue v, shape_t *shape) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
         mlirTypeIsAF32(mlirShapedTypeGetElementType(t)) &&
         strata_graph_shape_from_type(t, shape);
}

/* Reads an f32 graph.constant (dense, splat or dense_resource) into a new
 * array of its element count; null if v is not one. */
static float *read_constant(MlirValue v, int64_t *count) {
  MlirOperation def = constant_op(v);
  shape_t shape;
  if (mlirOperationIsNull(def) || !is_f32_static(v, &shape))
    return NULL;
  MlirAttribute a = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a))
    return NULL;
  int64_t n = strata_graph_num_elements(&shape);
  float *out = strata_f32_attr_read(a, n);
  if (out)
    *count = n;
  return out;
}

/* A new graph.constant of `shape` x f32 holding `values` (taken: freed here
 * or owned by the context's blob), built before `at`. */
static MlirValue new_constant(MlirOperation at, const shape_t *shape, float *values,
                              const char *name) {
  MlirContext ctx = mlirOperationGetContext(at);
  MlirType type = strata_graph_shape_to_type(shape, mlirF32TypeGet(ctx));
  int64_t n = strata_graph_num_elements(shape);
  MlirAttribute value = strata_f32_attr_build(type, n, values, name);
  strata_builder_t b = strata_builder_before(at);
  MlirNamedAttribute attr = strata_named(ctx, "value", value);
  return strata_build_value(&b, "graph.constant", 0, NULL, type, 1, &attr);
}

/* ---- The affine map of a consumer ----------------------------------------
 * scale/shift per channel (length `channels`); `has_shift` if shift is not
 * all zero (a bias is then needed). */
typedef struct {
  float *scale, *shift;
  bool has_shift;
} affine_t;

/* True if a constant of `shape` holds one value per channel of a result of
 * rank `rank` whose channel axis is `axis`, or one value in all. */
static bool per_channel_shape(const shape_t *shape, intptr_t rank, intptr_t axis,
                              int64_t channels) {
  if (shape->rank > rank)
    return false;
  intptr_t offset = rank - shape->rank; /* numpy alignment: at the last dim */
  bool scalar = true;
  for (intptr_t d = 0; d < shape->rank; ++d)
    scalar &= shape->dims[d] == 1;
  if (scalar)
    return true;
  for (intptr_t d = 0; d < shape->rank; ++d) {
    int64_t want = d + offset == axis ? channels : 1;
    if (shape->dims[d] != want)
      return false;
  }
  return true;
}

/* The per-channel values of a constant operand (a scalar is repeated), or
 * null if it is not a per-channel f32 constant. */
static float *channel_values(MlirValue v, intptr_t rank, intptr_t axis, int64_t channels) {
  shape_t shape;
  if (!is_f32_static(v, &shape) || !per_channel_shape(&shape, rank, axis, channels))
    return NULL;
  int64_t n = 0;
  float *raw = read_constant(v, &n);
  if (!raw || n == channels)
    return raw;
  float *out = malloc(sizeof(float) * (size_t)channels);
  for (int64_t c = 0; out && c < channels; ++c)
    out[c] = raw[0];
  free(raw);
  return out;
}

static bool batch_norm_map(MlirOperation bn, intptr_t rank, intptr_t axis, int64_t channels,
                           affine_t *m) {
  MlirAttribute ax = mlirOperationGetAttributeByName(bn, mlirStringRefCreateFromCString("axis"));
  int64_t a = mlirAttributeIsNull(ax) ? 1 : mlirIntegerAttrGetValueInt(ax);
  if ((a < 0 ? a + rank : a) != axis || mlirOperationGetNumOperands(bn) != 5)
    return false;
  MlirAttribute ep = mlirOperationGetAttributeByName(bn, mlirStringRefCreateFromCString("epsilon"));
  double eps = mlirAttributeIsNull(ep) ? 1e-5 : mlirFloatAttrGetValueDouble(ep);
  float *p[4] = {NULL, NULL, NULL, NULL};
  bool ok = true;
  for (int i = 0; i < 4; ++i) {
    shape_t s;
    ok = ok && is_f32_static(operand(bn, 1 + i), &s) && s.rank == 1 && s.dims[0] == channels &&
         (p[i] = channel_values(operand(bn, 1 + i), 1, 0, channels)) != NULL;
  }
  if (ok) {
    m->scale = malloc(sizeof(float) * (size_t)channels);
    m->shift = malloc(sizeof(float) * (size_t)channels);
    for (int64_t c = 0; c < channels; ++c) {
      /* In double, as a reference interpreter computes batch_norm. */
      double s = (double)p[0][c] / sqrt((double)p[3][c] + eps);
      m->scale[c] = (float)s;
      m->shift[c] = (float)((double)p[1][c] - (double)p[2][c] * s);
    }
    m->has_shift = true;
  }
  for (int i = 0; i < 4; ++i)
    free(p[i]);
  return ok;
}

/* The affine map `user` applies to y (its operand `y_index`), or false. */
static bool consumer_map(MlirOperation user, intptr_t y_index, intptr_t rank, intptr_t axis,
                         int64_t channels, affine_t *m) {
  *m = (affine_t){0};
  if (strata_op_is(user, "graph.batch_norm"))
    return y_index == 0 && batch_norm_map(user, rank, axis, channels, m);
  bool mul = strata_op_is(user, "graph.mul"), add = strata_op_is(user, "graph.add");
  bool div = strata_op_is(user, "graph.div"), sub = strata_op_is(user, "graph.sub");
  if (!(mul || add || div || sub) || ((div || sub) && y_index != 0))
    return false;
  float *c = channel_values(operand(user, 1 - y_index), rank, axis, channels);
  if (!c)
    return false;
  for (int64_t i = 0; div && i < channels; ++i)
    if (c[i] == 0.0f) { /* x / 0 stays as written (inf or nan) */
      free(c);
      return false;
    }
  float *ones = malloc(sizeof(float) * (size_t)channels);
  for (int64_t i = 0; i < channels; ++i) {
    ones[i] = 1.0f;
    if (div)
      c[i] = 1.0f / c[i];
    if (sub)
      c[i] = -c[i];
  }
  if (mul || div) {
    m->scale = c;
    m->shift = calloc((size_t)channels, sizeof(float));
    free(ones);
  } else {
    m->scale = ones;
    m->shift = c;
    m->has_shift = true;
  }
  return true;
}

/* ---- The producer ------------------------------------------------------- */
typedef struct {
  intptr_t axis;      /* channel axis of the result */
  int64_t channels;   /* O (conv2d), N (dense, matmul) */
  bool rows;          /* weight row o is channel o (conv2d, dense); else column (matmul) */
  bool can_bias;      /* the op takes a bias operand */
} producer_t;

static bool string_attr_is(MlirOperation op, const char *name, const char *want) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return mlirAttributeIsNull(a) || (mlirAttributeIsAString(a) &&
                                    strata_str_eq(mlirStringAttrGetValue(a), want));
}

static bool producer_of(MlirOperation op, const shape_t *y, producer_t *p) {
  shape_t w;
  if (mlirOperationGetNumOperands(op) < 2 || !is_f32_static(operand(op, 1), &w) ||
      mlirOperationIsNull(constant_op(operand(op, 1))))
    return false;
  if (strata_op_is(op, "graph.conv2d")) {
    if (!string_attr_is(op, "data_layout", "NCHW") || !string_attr_is(op, "kernel_layout", "OIHW") ||
        y->rank != 4 || w.rank != 4)
      return false;
    *p = (producer_t){1, y->dims[1], true, true};
  } else if (strata_op_is(op, "graph.dense")) {
    if (w.rank != 2)
      return false;
    *p = (producer_t){y->rank - 1, w.dims[0], true, true};
  } else if (strata_op_is(op, "graph.matmul")) {
    *p = (producer_t){1, w.dims[1], false, false};
  } else {
    return false;
  }
  if (mlirOperationGetNumOperands(op) > 2) {
    shape_t b;
    return is_f32_static(operand(op, 2), &b) && b.rank == 1 && b.dims[0] == p->channels &&
           !mlirOperationIsNull(constant_op(operand(op, 2)));
  }
  return true;
}

/* Rebuilds `prod` with the map folded in and replaces `user` by it. */
static void fold(MlirOperation prod, MlirOperation user, const producer_t *p, const affine_t *m) {
  int64_t n = 0, bn = 0;
  float *w = read_constant(operand(prod, 1), &n);
  float *bias = mlirOperationGetNumOperands(prod) > 2 ? read_constant(operand(prod, 2), &bn) : NULL;
  int64_t per = n / p->channels;
  for (int64_t i = 0; i < n; ++i)
    w[i] *= m->scale[p->rows ? i / per : i % p->channels];
  shape_t ws, bs = {1, {p->channels}};
  strata_graph_shape_from_type(mlirValueGetType(operand(prod, 1)), &ws);
  intptr_t num = 2;
  MlirValue ops[3] = {operand(prod, 0), new_constant(prod, &ws, w, "folded_weight"), {NULL}};
  if (bias || m->has_shift) {
    float *nb = malloc(sizeof(float) * (size_t)p->channels);
    for (int64_t c = 0; c < p->channels; ++c)
      nb[c] = (bias ? bias[c] : 0.0f) * m->scale[c] + m->shift[c];
    ops[num++] = new_constant(prod, &bs, nb, "folded_bias");
  }
  free(bias);
  MlirOperationState st = mlirOperationStateGet(
      mlirIdentifierStr(mlirOperationGetName(prod)), mlirOperationGetLocation(prod));
  mlirOperationStateAddOperands(&st, num, ops);
  MlirType rt = mlirValueGetType(result(prod));
  mlirOperationStateAddResults(&st, 1, &rt);
  intptr_t na = mlirOperationGetNumAttributes(prod);
  MlirNamedAttribute *attrs = malloc(sizeof *attrs * (size_t)(na > 0 ? na : 1));
  for (intptr_t i = 0; i < na; ++i)
    attrs[i] = mlirOperationGetAttribute(prod, i);
  mlirOperationStateAddAttributes(&st, na, attrs);
  free(attrs);
  MlirOperation folded = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(prod), prod, folded);
  /* The constants both ops read, each once: erased below if now unused. */
  MlirOperation consts[8];
  int nc = 0;
  for (int k = 0; k < 2; ++k) {
    MlirOperation op = k ? prod : user;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      MlirOperation def = constant_op(operand(op, i));
      bool seen = mlirOperationIsNull(def);
      for (int q = 0; q < nc && !seen; ++q)
        seen = mlirOperationEqual(consts[q], def);
      if (!seen && nc < 8)
        consts[nc++] = def;
    }
  }
  mlirValueReplaceAllUsesOfWith(result(user), result(folded));
  mlirOperationDestroy(user);
  mlirOperationDestroy(prod);
  for (int q = 0; q < nc; ++q)
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(result(consts[q]))))
      mlirOperationDestroy(consts[q]);
}

/* Folds the only user of `prod` into it; returns whether it did. */
static bool try_fold(MlirOperation prod) {
  MlirValue y = result(prod);
  shape_t ys;
  producer_t p;
  if (mlirOperationGetNumResults(prod) != 1 || !has_one_use(y) || !is_f32_static(y, &ys) ||
      !producer_of(prod, &ys, &p) || p.channels <= 0)
    return false;
  MlirOpOperand use = mlirValueGetFirstUse(y);
  MlirOperation user = mlirOpOperandGetOwner(use);
  if (mlirOperationGetNumResults(user) != 1 ||
      !mlirTypeEqual(mlirValueGetType(result(user)), mlirValueGetType(y)))
    return false;
  affine_t m;
  if (!consumer_map(user, mlirOpOperandGetOperandNumber(use), ys.rank, p.axis, p.channels, &m))
    return false;
  bool ok = p.can_bias || !m.has_shift;
  if (ok)
    fold(prod, user, &p, &m);
  free(m.scale);
  free(m.shift);
  return ok;
}

static MlirWalkResult collect(MlirOperation op, void *data) {
  if (strata_op_is(op, "graph.conv2d") || strata_op_is(op, "graph.dense") ||
      strata_op_is(op, "graph.matmul"))
    strata_op_list_push(data, op);
  return MlirWalkResultAdvance;
}

/* The pass; its record (argument, summary, options): passes/graph/graph_passes.def. */
MlirLogicalResult graph_fold_batch_norm_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  /* try_fold erases only the product it is given and its user. */
  while (strata_op_list_rewrite_walked(module, collect, MlirWalkPreOrder, try_fold)) {
  }
  return mlirLogicalResultSuccess();
}
