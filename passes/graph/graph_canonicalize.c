/* graph-canonicalize: simplifies graph-dialect IR to a fixed point.
 *
 * Graph ops are IRDL-defined (no folders, no canonicalization patterns), so
 * this pass implements the usual ones in C:
 *   - no-op elimination: reshape/flatten/cast to the input's own type,
 *     identity transpose, whole-tensor slice, zero pad, layout_transform
 *     with src == dst, x + 0, 0 + x, x - 0, x * 1, 1 * x, x / 1, relu(relu x);
 *   - chain merging: transpose(transpose x) -> one transpose (or x),
 *     reshape/flatten(reshape/flatten x) -> one reshape (or x);
 *   - constant folding of elementwise unary/binary ops (numpy broadcasting),
 *     reshape, transpose and cast whose operands are all small dense
 *     graph.constants, computed in double and stored in the element type.
 * A rewrite replaces the op's result and erases that op only; operands left
 * without uses stay for strata-dce. A value is only ever replaced by one of
 * exactly the same type, so users (e.g. func.return) keep verifying.
 *
 * The driver is a plain loop: collect the graph ops (pre-order), try the
 * rewrite table on each, repeat until a sweep changes nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/graph/graph.h"
#include "dialects/op_checks.h"
#include "passes/graph/graph_passes.h"
#include "strata/pass.h"

typedef strata_graph_shape_t shape_t;

/* Settings of one run. */
typedef struct {
  int64_t fold_limit; /* max elements of a folded constant (and its inputs); 0: no folding */
} config_t;

/* ---- Small IR helpers ---------------------------------------------------- */

static MlirValue operand(MlirOperation op, intptr_t i) {
  return mlirOperationGetOperand(op, i);
}

static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }

static MlirContext context_of(MlirOperation op) { return mlirOperationGetContext(op); }

/* The op defining `v` if it is named `name`, else a null op. */
static MlirOperation defined_by(MlirValue v, const char *name) {
  if (!mlirValueIsAOpResult(v))
    return (MlirOperation){NULL};
  MlirOperation def = mlirOpResultGetOwner(v);
  return strata_op_is(def, name) ? def : (MlirOperation){NULL};
}

/* Replaces op's (single) result by `v` and erases op, if `v` has exactly the
 * result's type; otherwise changes nothing. Returns whether it replaced. */
static bool replace_with(MlirOperation op, MlirValue v) {
  if (!mlirTypeEqual(mlirValueGetType(v), mlirValueGetType(result(op))))
    return false;
  mlirValueReplaceAllUsesOfWith(result(op), v);
  mlirOperationDestroy(op);
  return true;
}

/* Builds `name`(operands) {attrs} -> op's result type before op, with op's
 * location, and replaces op by it -- if the new op is valid by the graph
 * shape rules (else it is erased again and nothing changes). */
static bool replace_with_new(MlirOperation op, const char *name, intptr_t num_operands,
                             const MlirValue *operands, intptr_t num_attrs,
                             const MlirNamedAttribute *attrs) {
  strata_builder_t b = strata_builder_before(op);
  MlirType type = mlirValueGetType(result(op));
  MlirOperation repl = strata_build_op(&b, name, num_operands, operands, 1, &type,
                                       num_attrs, attrs);
  shape_t inferred, declared;
  MlirType elem;
  if (!strata_graph_infer_result(repl, &inferred, &elem) ||
      !strata_graph_shape_from_type(type, &declared) ||
      !strata_graph_shapes_compatible(&inferred, &declared) ||
      (!mlirTypeIsNull(elem) && !mlirTypeEqual(elem, mlirShapedTypeGetElementType(type)))) {
    mlirOperationDestroy(repl);
    return false;
  }
  return replace_with(op, result(repl));
}

/* Longest i64 list attribute read: pad's 2 * rank. */
enum { MAX_LIST = 2 * STRATA_GRAPH_MAX_RANK };

/* Reads the `array<i64: ...>` attribute `name` into out[0..*n). Returns
 * false if it is absent, of another kind or longer than MAX_LIST. */
static bool i64_list(MlirOperation op, const char *name, int64_t *out, intptr_t *n) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a) ||
      mlirDenseArrayGetNumElements(a) > MAX_LIST)
    return false;
  *n = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < *n; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return true;
}

static bool is_identity_perm(const int64_t *perm, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i)
    if (perm[i] != i)
      return false;
  return true;
}

/* ---- Constants ------------------------------------------------------------
 * A foldable constant: graph.constant with a dense (not resource) value of
 * static shape and element type f32, f64 or an integer of 8/16/32/64 bits. */

typedef enum { ELEM_F32, ELEM_F64, ELEM_SINT, ELEM_UINT } elem_kind_t;

typedef struct {
  elem_kind_t kind;
  unsigned width; /* bits */
} elem_t;

typedef struct {
  MlirAttribute value;
  shape_t shape;
  int64_t count;
  elem_t elem;
} constant_t;

/* Integers are folded through double: only magnitudes up to 2^53 are exact. */
static const double EXACT_INT_LIMIT = 9007199254740992.0;

static bool elem_of(MlirType t, elem_t *out) {
  if (mlirTypeIsAF32(t)) {
    *out = (elem_t){ELEM_F32, 32};
    return true;
  }
  if (mlirTypeIsAF64(t)) {
    *out = (elem_t){ELEM_F64, 64};
    return true;
  }
  if (!mlirTypeIsAInteger(t))
    return false;
  unsigned w = mlirIntegerTypeGetWidth(t);
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return false;
  *out = (elem_t){mlirIntegerTypeIsUnsigned(t) ? ELEM_UINT : ELEM_SINT, w};
  return true;
}

static bool is_float(elem_t e) { return e.kind == ELEM_F32 || e.kind == ELEM_F64; }

/* True if `v` is a foldable graph.constant; fills *c. */
static bool as_constant(MlirValue v, constant_t *c) {
  MlirOperation def = defined_by(v, "graph.constant");
  if (mlirOperationIsNull(def))
    return false;
  MlirAttribute value = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(value) ||
      !(mlirAttributeIsADenseFPElements(value) || mlirAttributeIsADenseIntElements(value)))
    return false;
  MlirType type = mlirAttributeGetType(value);
  if (!mlirShapedTypeHasStaticShape(type) || !strata_graph_shape_from_type(type, &c->shape) ||
      !elem_of(mlirShapedTypeGetElementType(type), &c->elem))
    return false;
  c->value = value;
  c->count = strata_graph_num_elements(&c->shape);
  return true;
}

/* Element `i` of a non-splat constant, as a double. */
static double element_at(const constant_t *c, intptr_t i) {
  MlirAttribute a = c->value;
  bool u = c->elem.kind == ELEM_UINT;
  switch (c->elem.kind == ELEM_F32 ? 0 : c->elem.kind == ELEM_F64 ? 1 : c->elem.width) {
  case 0: return mlirDenseElementsAttrGetFloatValue(a, i);
  case 1: return mlirDenseElementsAttrGetDoubleValue(a, i);
  case 8: return u ? (double)mlirDenseElementsAttrGetUInt8Value(a, i)
                   : (double)mlirDenseElementsAttrGetInt8Value(a, i);
  case 16: return u ? (double)mlirDenseElementsAttrGetUInt16Value(a, i)
                    : (double)mlirDenseElementsAttrGetInt16Value(a, i);
  case 32: return u ? (double)mlirDenseElementsAttrGetUInt32Value(a, i)
                    : (double)mlirDenseElementsAttrGetInt32Value(a, i);
  default:
    return u ? (double)mlirDenseElementsAttrGetUInt64Value(a, i)
             : (double)mlirDenseElementsAttrGetInt64Value(a, i);
  }
}

/* The value of a splat constant, as a double. */
static double splat_value(const constant_t *c) {
  MlirAttribute s = mlirDenseElementsAttrGetSplatValue(c->value);
  if (is_float(c->elem))
    return mlirFloatAttrGetValueDouble(s);
  MlirType t = mlirAttributeGetType(s);
  if (mlirIntegerTypeIsUnsigned(t))
    return (double)mlirIntegerAttrGetValueUInt(s);
  if (mlirIntegerTypeIsSigned(t))
    return (double)mlirIntegerAttrGetValueSInt(s);
  return (double)mlirIntegerAttrGetValueInt(s);
}

/* Reads all elements into out[0..count). Returns false if an integer is not
 * exactly representable as a double. */
static bool load_values(const constant_t *c, double *out) {
  bool splat = mlirDenseElementsAttrIsSplat(c->value);
  double s = splat ? splat_value(c) : 0.0;
  for (int64_t i = 0; i < c->count; ++i) {
    out[i] = splat ? s : element_at(c, (intptr_t)i);
    if (!is_float(c->elem) && fabs(out[i]) > EXACT_INT_LIMIT)
      return false;
  }
  return true;
}

/* True if `v` is a foldable constant all of whose elements equal x. */
static bool is_constant_all(MlirValue v, double x) {
  constant_t c;
  if (!as_constant(v, &c))
    return false;
  if (mlirDenseElementsAttrIsSplat(c.value))
    return splat_value(&c) == x;
  for (int64_t i = 0; i < c.count; ++i)
    if (element_at(&c, (intptr_t)i) != x)
      return false;
  return true;
}

/* True if `v` (a double) can be stored in element type `e` without change
 * of meaning: any value for floats (rounded, possibly to inf); an integral
 * value in range for integers. */
static bool representable(double v, elem_t e) {
  if (is_float(e))
    return true;
  if (!isfinite(v) || v != trunc(v))
    return false;
  double hi = e.width == 64 ? EXACT_INT_LIMIT : ldexp(1.0, (int)e.width - (e.kind == ELEM_UINT ? 0 : 1)) - 1;
  double lo = e.kind == ELEM_UINT ? 0.0 : e.width == 64 ? -EXACT_INT_LIMIT : -hi - 1;
  return v >= lo && v <= hi;
}

/* Stores v in element type e at p (host layout, as the raw dense buffer). */
static void store_raw(unsigned char *p, double v, elem_t e) {
  switch (e.kind == ELEM_F32 ? 0 : e.kind == ELEM_F64 ? 1 : e.width) {
  case 0: { float f = (float)v; memcpy(p, &f, 4); break; }
  case 1: memcpy(p, &v, 8); break;
  case 8: { int8_t x = e.kind == ELEM_UINT ? (int8_t)(uint8_t)v : (int8_t)v; memcpy(p, &x, 1); break; }
  case 16: { int16_t x = e.kind == ELEM_UINT ? (int16_t)(uint16_t)v : (int16_t)v; memcpy(p, &x, 2); break; }
  case 32: { int32_t x = e.kind == ELEM_UINT ? (int32_t)(uint32_t)v : (int32_t)v; memcpy(p, &x, 4); break; }
  default: { int64_t x = e.kind == ELEM_UINT ? (int64_t)(uint64_t)v : (int64_t)v; memcpy(p, &x, 8); break; }
  }
}

/* The dense attribute of `type` holding values[0..n) (a splat if they are
 * all equal), or a null attribute if some value is not representable. */
static MlirAttribute make_dense(MlirType type, const double *values, int64_t n) {
  elem_t e;
  MlirType et = mlirShapedTypeGetElementType(type);
  if (!elem_of(et, &e))
    return (MlirAttribute){NULL};
  bool splat = true;
  for (int64_t i = 0; i < n; ++i) {
    if (!representable(values[i], e))
      return (MlirAttribute){NULL};
    /* memcmp, not ==: 0.0 and -0.0 differ, NaN equals itself. */
    splat &= memcmp(&values[i], &values[0], sizeof(double)) == 0;
  }
  MlirContext ctx = mlirTypeGetContext(type);
  if (splat && n > 0)
    return mlirDenseElementsAttrSplatGet(
        type, is_float(e) ? mlirFloatAttrDoubleGet(ctx, et, values[0])
                          : mlirIntegerAttrGet(et, (int64_t)values[0]));
  size_t size = (size_t)e.width / 8;
  unsigned char *buf = malloc(size * (size_t)(n > 0 ? n : 1));
  for (int64_t i = 0; i < n; ++i)
    store_raw(buf + size * (size_t)i, values[i], e);
  MlirAttribute a = mlirDenseElementsAttrRawBufferGet(type, size * (size_t)n, buf);
  free(buf);
  return a;
}

/* ---- No-op elimination and chain merging --------------------------------
 * Each rewrite takes a graph op of the name its table row gives; on success
 * it has replaced and erased the op and returns true. */

typedef bool (*rewrite_fn)(MlirOperation op, const config_t *cfg);

/* A reshape whose result type does not fix its shape: a target computed
 * at run time (the `shape` operand) with more than one `?` dim, which may
 * permute dynamic dims even between equal types. */
static bool runtime_target(MlirOperation op) {
  MlirType t = mlirValueGetType(result(op));
  intptr_t dynamic = 0;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    dynamic += mlirShapedTypeIsDynamicDim(t, i);
  return mlirOperationGetNumOperands(op) > 1 && dynamic > 1;
}

/* reshape, flatten, cast: result type == input type. */
static bool rw_same_type(MlirOperation op, const config_t *cfg) {
  return !runtime_target(op) && replace_with(op, operand(op, 0));
}

static bool rw_identity_transpose(MlirOperation op, const config_t *cfg) {
  int64_t perm[MAX_LIST];
  intptr_t n;
  return i64_list(op, "perm", perm, &n) && is_identity_perm(perm, n) &&
         replace_with(op, operand(op, 0));
}

/* transpose(transpose(x, p1), p2) = transpose(x, p1[p2[i]]), or x. */
static bool rw_transpose_chain(MlirOperation op, const config_t *cfg) {
  MlirOperation inner = defined_by(operand(op, 0), "graph.transpose");
  int64_t p1[MAX_LIST], p2[MAX_LIST], perm[MAX_LIST];
  intptr_t n1, n2;
  if (mlirOperationIsNull(inner) || !i64_list(inner, "perm", p1, &n1) ||
      !i64_list(op, "perm", p2, &n2) || n1 != n2)
    return false;
  for (intptr_t i = 0; i < n2; ++i) {
    if (p2[i] < 0 || p2[i] >= n1)
      return false;
    perm[i] = p1[p2[i]];
  }
  MlirValue x = operand(inner, 0);
  if (is_identity_perm(perm, n2))
    return replace_with(op, x);
  MlirContext ctx = context_of(op);
  MlirNamedAttribute attr = strata_named(ctx, "perm", mlirDenseI64ArrayGet(ctx, n2, perm));
  return replace_with_new(op, "graph.transpose", 1, &x, 1, &attr);
}

/* reshape/flatten(reshape/flatten(x)) = reshape(x), or x. */
static bool rw_reshape_chain(MlirOperation op, const config_t *cfg) {
  MlirOperation inner = defined_by(operand(op, 0), "graph.reshape");
  if (mlirOperationIsNull(inner))
    inner = defined_by(operand(op, 0), "graph.flatten");
  if (mlirOperationIsNull(inner))
    return false;
  /* the outer op's run-time target, if any, stays its target */
  MlirValue ops[2] = {operand(inner, 0), mlirOperationGetNumOperands(op) > 1 ? operand(op, 1)
                                                                               : (MlirValue){NULL}};
  if (!runtime_target(op) && replace_with(op, ops[0]))
    return true;
  return replace_with_new(op, "graph.reshape", mlirValueIsNull(ops[1]) ? 1 : 2, ops, 0, NULL);
}

/* slice with starts 0, steps 1 and ends at (or past) every dim. */
static bool rw_full_slice(MlirOperation op, const config_t *cfg) {
  int64_t starts[MAX_LIST], ends[MAX_LIST], steps[MAX_LIST];
  intptr_t ns, ne, nt;
  shape_t x;
  if (!strata_graph_shape_from_type(mlirValueGetType(operand(op, 0)), &x) ||
      !i64_list(op, "starts", starts, &ns) || !i64_list(op, "ends", ends, &ne) ||
      !i64_list(op, "steps", steps, &nt) || ns != x.rank || ne != x.rank || nt != x.rank)
    return false;
  for (intptr_t d = 0; d < x.rank; ++d) {
    bool to_end = ends[d] == INT64_MAX || (x.dims[d] != STRATA_GRAPH_DYN && ends[d] >= x.dims[d]);
    if (starts[d] != 0 || steps[d] != 1 || !to_end)
      return false;
  }
  return replace_with(op, operand(op, 0));
}

static bool rw_zero_pad(MlirOperation op, const config_t *cfg) {
  int64_t pads[MAX_LIST];
  intptr_t n;
  if (!i64_list(op, "pads", pads, &n))
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (pads[i] != 0)
      return false;
  return replace_with(op, operand(op, 0));
}

static bool rw_same_layout(MlirOperation op, const config_t *cfg) {
  MlirAttribute src = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("src_layout"));
  MlirAttribute dst = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dst_layout"));
  return !mlirAttributeIsNull(src) && mlirAttributeEqual(src, dst) &&
         replace_with(op, operand(op, 0));
}

/* op(x, c) -> x when c is all `neutral` (and op(c, x) -> x if commutative);
 * replace_with refuses when broadcasting made the result differ from x. */
static bool drop_neutral(MlirOperation op, double neutral, bool commutative) {
  return (is_constant_all(operand(op, 1), neutral) && replace_with(op, operand(op, 0))) ||
         (commutative && is_constant_all(operand(op, 0), neutral) &&
          replace_with(op, operand(op, 1)));
}

static bool rw_add_zero(MlirOperation op, const config_t *cfg) { return drop_neutral(op, 0.0, true); }
static bool rw_sub_zero(MlirOperation op, const config_t *cfg) { return drop_neutral(op, 0.0, false); }
static bool rw_mul_one(MlirOperation op, const config_t *cfg) { return drop_neutral(op, 1.0, true); }
static bool rw_div_one(MlirOperation op, const config_t *cfg) { return drop_neutral(op, 1.0, false); }

static bool rw_relu_relu(MlirOperation op, const config_t *cfg) {
  return !mlirOperationIsNull(defined_by(operand(op, 0), "graph.relu")) &&
         replace_with(op, operand(op, 0));
}

/* ---- Constant folding ---------------------------------------------------- */

static double f_relu(double x) { return x < 0 ? 0.0 : x; }
static double f_neg(double x) { return -x; }
static double f_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static double f_add(double a, double b) { return a + b; }
static double f_sub(double a, double b) { return a - b; }
static double f_mul(double a, double b) { return a * b; }
static double f_div(double a, double b) { return a / b; }
/* Integer division truncates; by zero it is not foldable (NaN is rejected
 * when the result is stored). */
static double f_idiv(double a, double b) { return b == 0 ? NAN : trunc(a / b); }
/* NaN-propagating, as numpy's maximum/minimum. */
static double f_max(double a, double b) { return isnan(a) || a > b ? a : b; }
static double f_min(double a, double b) { return isnan(a) || a < b ? a : b; }

static const struct {
  const char *name;
  double (*fn)(double);
} unary_ops[] = {
    {"graph.relu", f_relu}, {"graph.neg", f_neg},   {"graph.abs", fabs},
    {"graph.sigmoid", f_sigmoid}, {"graph.tanh", tanh}, {"graph.exp", exp},
    {"graph.log", log},     {"graph.sqrt", sqrt},
};

static const struct {
  const char *name;
  double (*fn)(double, double);
  double (*int_fn)(double, double); /* integer element types; NULL: fn */
} binary_ops[] = {
    {"graph.add", f_add, NULL},     {"graph.sub", f_sub, NULL},
    {"graph.mul", f_mul, NULL},     {"graph.div", f_div, f_idiv},
    {"graph.maximum", f_max, NULL}, {"graph.minimum", f_min, NULL},
    {"graph.pow", pow, NULL},
};

/* Row-major strides of `in` as seen from an output of `out`'s rank under
 * numpy broadcasting: 0 for missing leading dims and stretched dims of 1. */
static void broadcast_strides(const shape_t *in, const shape_t *out, int64_t *strides) {
  int64_t stride = 1;
  for (intptr_t d = out->rank - 1; d >= 0; --d) {
    intptr_t k = d - (out->rank - in->rank);
    if (k < 0 || in->dims[k] == 1) {
      strides[d] = 0;
    } else {
      strides[d] = stride;
    }
    if (k >= 0)
      stride *= in->dims[k];
  }
}

/* Advances a row-major multi-index over `shape`; returns false at the end. */
static bool next_index(int64_t *idx, const shape_t *shape) {
  for (intptr_t d = shape->rank - 1; d >= 0; --d) {
    if (++idx[d] < shape->dims[d])
      return true;
    idx[d] = 0;
  }
  return false;
}

/* Values of operand i in in[i], result shape in *out. Computes out_values;
 * returns false if the op cannot be folded. */
typedef bool (*fold_fn)(MlirOperation op, const constant_t *c, double *const *in,
                        const shape_t *out, int64_t out_count, double *out_values);

static bool fold_unary(MlirOperation op, const constant_t *c, double *const *in,
                       const shape_t *out, int64_t out_count, double *out_values) {
  for (size_t k = 0; k < sizeof unary_ops / sizeof unary_ops[0]; ++k) {
    if (!strata_op_is(op, unary_ops[k].name))
      continue;
    if (c[0].count != out_count)
      return false;
    for (int64_t i = 0; i < out_count; ++i)
      out_values[i] = unary_ops[k].fn(in[0][i]);
    return true;
  }
  return false;
}

static bool fold_binary(MlirOperation op, const constant_t *c, double *const *in,
                        const shape_t *out, int64_t out_count, double *out_values) {
  shape_t bshape;
  if (!strata_graph_broadcast_shape(&c[0].shape, &c[1].shape, &bshape) ||
      bshape.rank != out->rank ||
      memcmp(bshape.dims, out->dims, sizeof(int64_t) * (size_t)out->rank) != 0)
    return false;
  for (size_t k = 0; k < sizeof binary_ops / sizeof binary_ops[0]; ++k) {
    if (!strata_op_is(op, binary_ops[k].name))
      continue;
    double (*fn)(double, double) =
        !is_float(c[0].elem) && binary_ops[k].int_fn ? binary_ops[k].int_fn : binary_ops[k].fn;
    int64_t sa[STRATA_GRAPH_MAX_RANK], sb[STRATA_GRAPH_MAX_RANK], idx[STRATA_GRAPH_MAX_RANK] = {0};
    broadcast_strides(&c[0].shape, out, sa);
    broadcast_strides(&c[1].shape, out, sb);
    for (int64_t i = 0; i < out_count; ++i, next_index(idx, out)) {
      int64_t ia = 0, ib = 0;
      for (intptr_t d = 0; d < out->rank; ++d) {
        ia += idx[d] * sa[d];
        ib += idx[d] * sb[d];
      }
      out_values[i] = fn(in[0][ia], in[1][ib]);
    }
    return true;
  }
  return false;
}

/* reshape keeps the row-major element order; cast converts on storing. */
static bool fold_copy(MlirOperation op, const constant_t *c, double *const *in,
                      const shape_t *out, int64_t out_count, double *out_values) {
  if (c[0].count != out_count)
    return false;
  bool to_int = false;
  elem_t e;
  if (elem_of(mlirShapedTypeGetElementType(mlirValueGetType(result(op))), &e))
    to_int = !is_float(e);
  for (int64_t i = 0; i < out_count; ++i)
    out_values[i] = to_int ? trunc(in[0][i]) : in[0][i]; /* float -> int truncates */
  return true;
}

/* out[i0..ir] = in[j] with j's index along perm[d] equal to i_d. */
static bool fold_transpose(MlirOperation op, const constant_t *c, double *const *in,
                           const shape_t *out, int64_t out_count, double *out_values) {
  int64_t perm[MAX_LIST], in_strides[STRATA_GRAPH_MAX_RANK], idx[STRATA_GRAPH_MAX_RANK] = {0};
  intptr_t n;
  const shape_t *x = &c[0].shape;
  if (!i64_list(op, "perm", perm, &n) || n != x->rank || out->rank != x->rank)
    return false;
  int64_t stride = 1;
  for (intptr_t d = x->rank - 1; d >= 0; --d) {
    in_strides[d] = stride;
    stride *= x->dims[d];
  }
  for (intptr_t d = 0; d < n; ++d)
    if (perm[d] < 0 || perm[d] >= n || out->dims[d] != x->dims[perm[d]])
      return false;
  for (int64_t i = 0; i < out_count; ++i, next_index(idx, out)) {
    int64_t j = 0;
    for (intptr_t d = 0; d < n; ++d)
      j += idx[d] * in_strides[perm[d]];
    out_values[i] = in[0][j];
  }
  return true;
}

static bool is_unary_foldable(MlirOperation op) {
  for (size_t k = 0; k < sizeof unary_ops / sizeof unary_ops[0]; ++k)
    if (strata_op_is(op, unary_ops[k].name))
      return true;
  return false;
}

static fold_fn folder_for(MlirOperation op) {
  if (is_unary_foldable(op))
    return fold_unary;
  for (size_t k = 0; k < sizeof binary_ops / sizeof binary_ops[0]; ++k)
    if (strata_op_is(op, binary_ops[k].name))
      return fold_binary;
  if (strata_op_is(op, "graph.reshape") || strata_op_is(op, "graph.cast"))
    return fold_copy;
  if (strata_op_is(op, "graph.transpose"))
    return fold_transpose;
  return NULL;
}

/* An op of a foldable kind whose operands are all foldable constants of at
 * most fold-limit elements, with a static result of at most fold-limit
 * elements, becomes a graph.constant. */
static bool rw_fold(MlirOperation op, const config_t *cfg) {
  fold_fn fold = folder_for(op);
  intptr_t nops = mlirOperationGetNumOperands(op);
  MlirType type = mlirValueGetType(result(op));
  shape_t out;
  if (!fold || cfg->fold_limit == 0 || nops < 1 || nops > 2 ||
      !mlirShapedTypeHasStaticShape(type) || !strata_graph_shape_from_type(type, &out))
    return false;
  int64_t out_count = strata_graph_num_elements(&out);
  elem_t out_elem;
  if (out_count > cfg->fold_limit || !elem_of(mlirShapedTypeGetElementType(type), &out_elem))
    return false;
  constant_t c[2];
  for (intptr_t i = 0; i < nops; ++i)
    if (!as_constant(operand(op, i), &c[i]) || c[i].count > cfg->fold_limit)
      return false;

  double *in[2] = {NULL, NULL};
  double *values = malloc(sizeof(double) * (size_t)(out_count > 0 ? out_count : 1));
  bool ok = true;
  for (intptr_t i = 0; i < nops && ok; ++i) {
    in[i] = malloc(sizeof(double) * (size_t)(c[i].count > 0 ? c[i].count : 1));
    ok = load_values(&c[i], in[i]);
  }
  ok = ok && fold(op, c, in, &out, out_count, values);
  MlirAttribute value = ok ? make_dense(type, values, out_count) : (MlirAttribute){NULL};
  free(in[0]);
  free(in[1]);
  free(values);
  if (mlirAttributeIsNull(value))
    return false;

  strata_builder_t b = strata_builder_before(op);
  MlirNamedAttribute attr = strata_named(context_of(op), "value", value);
  return replace_with(op, strata_build_value(&b, "graph.constant", 0, NULL, type, 1, &attr));
}

/* ---- Driver -------------------------------------------------------------- */

/* Rewrites tried in order on ops of the given name; the first that fires
 * wins. NULL name: any graph op (the folder picks what it knows). */
static const struct {
  const char *name;
  rewrite_fn fn;
} rewrites[] = {
    {"graph.reshape", rw_same_type},
    {"graph.flatten", rw_same_type},
    {"graph.cast", rw_same_type},
    {"graph.reshape", rw_reshape_chain},
    {"graph.flatten", rw_reshape_chain},
    {"graph.transpose", rw_identity_transpose},
    {"graph.transpose", rw_transpose_chain},
    {"graph.slice", rw_full_slice},
    {"graph.pad", rw_zero_pad},
    {"graph.layout_transform", rw_same_layout},
    {"graph.add", rw_add_zero},
    {"graph.sub", rw_sub_zero},
    {"graph.mul", rw_mul_one},
    {"graph.div", rw_div_one},
    {"graph.relu", rw_relu_relu},
    {NULL, rw_fold},
};

static bool rewrite_op(MlirOperation op, const config_t *cfg) {
  for (size_t k = 0; k < sizeof rewrites / sizeof rewrites[0]; ++k)
    if ((!rewrites[k].name || strata_op_is(op, rewrites[k].name)) && rewrites[k].fn(op, cfg))
      return true;
  return false;
}

static MlirWalkResult collect_graph_op(MlirOperation op, void *data) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 6 && memcmp(name.data, "graph.", 6) == 0 &&
      mlirOperationGetNumResults(op) == 1)
    strata_op_list_push(data, op);
  return MlirWalkResultAdvance;
}

/* One sweep over the graph ops present at its start. A rewrite erases only
 * the op it is applied to, so the other collected ops stay valid (graph ops
 * have no regions). Returns whether anything changed. */
static bool sweep(MlirOperation root, const config_t *cfg) {
  strata_op_list_t list = {0};
  mlirOperationWalk(root, collect_graph_op, &list, MlirWalkPreOrder);
  bool changed = false;
  for (size_t i = 0; i < list.count; ++i)
    changed |= rewrite_op(list.ops[i], cfg);
  strata_op_list_free(&list);
  return changed;
}

/* The pass; its record (argument, summary, options): passes/graph/graph_passes.def. */
MlirLogicalResult graph_canonicalize_run(MlirOperation op, const strata_pass_options_t *opts) {
  config_t cfg = {.fold_limit = strata_pass_options_get_int(opts, "fold-limit")};
  while (sweep(op, &cfg)) {
  }
  return mlirLogicalResultSuccess();
}
