/* The graph dialect's checks that IRDL cannot express, and its shape
 * inference. One inference function per op (or per family: elementwise
 * unary, broadcasting binary, pooling, reductions) reads the operand shapes
 * and attributes, checks attribute values (lengths, ranges, layouts,
 * element types), and computes the result shape and element type; the
 * verifier then compares the result type with it (a `?` matches anything).
 * The same functions serve strata_graph_infer_result (graph.h), silently.
 * Shape arithmetic lives in graph_shapes.c. Rules: docs/dialects/graph.md. */
#include "dialects/graph/graph.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked_math.h"
#include "core/text.h"
#include "dialects/verify.h"
#include "strata/diagnostics.h"

typedef strata_graph_shape_t shape_t;
typedef strata_graph_layout_t layout_t;
#define DYN STRATA_GRAPH_DYN

enum { MSG = 512, STR = 160, MAX_LIST = 2 * STRATA_GRAPH_MAX_RANK };

/* One check of one op: errors are reported only when `emit` is set. */
typedef struct {
  MlirOperation op;
  bool emit;
} ctx_t;

static bool fail(ctx_t *c, const char *fmt, ...) STRATA_PRINTF(2, 3);

/* Reports an error (when emitting) and returns false. */
static bool fail(ctx_t *c, const char *fmt, ...) {
  if (c->emit) {
    char msg[MSG];
    STRATA_VFORMAT(msg, fmt);
    strata_emit_error(c->op, "%s", msg);
  }
  return false;
}

/* ---- Operands and types ------------------------------------------------- */

static MlirType operand_type(ctx_t *c, intptr_t i) {
  return mlirValueGetType(mlirOperationGetOperand(c->op, i));
}

static MlirType elem_of(MlirType t) { return mlirShapedTypeGetElementType(t); }

static const char *type_str(MlirType t, char *buf) { return strata_type_str(t, buf, STR); }

static const char *shape_str(const shape_t *s, char *buf) {
  return strata_graph_shape_str(s, buf, STR);
}

/* The shape of a ranked tensor type; `what` names it in the message. */
static bool read_shape(ctx_t *c, MlirType t, const char *what, shape_t *s) {
  if (!mlirTypeIsARankedTensor(t))
    return false; /* IRDL has reported it already */
  if (!strata_graph_shape_from_type(t, s))
    return fail(c, "%s has rank %lld, more than the supported %d", what,
                (long long)mlirShapedTypeGetRank(t), STRATA_GRAPH_MAX_RANK);
  return true;
}

/* Reports a shape whose static dims multiply past int64_t. */
static bool too_large(ctx_t *c, const char *what, const shape_t *s) {
  char b[STR];
  return fail(c, "%s shape %s is too large: its element count does not fit in 64 bits", what,
              shape_str(s, b));
}

/* Every operand and result shape's static dims multiply without overflow,
 * so the rules below may multiply the dims of one shape freely. */
static bool types_fit(ctx_t *c) {
  intptr_t no = mlirOperationGetNumOperands(c->op), nr = mlirOperationGetNumResults(c->op);
  for (intptr_t i = 0; i < no + nr; ++i) {
    MlirType t = i < no ? operand_type(c, i) : mlirValueGetType(mlirOperationGetResult(c->op, i - no));
    shape_t s;
    int64_t n;
    if (!mlirTypeIsARankedTensor(t) || !strata_graph_shape_from_type(t, &s) ||
        strata_graph_static_product(&s, &n))
      continue;
    char what[32];
    snprintf(what, sizeof what, i < no ? "operand #%ld" : "result #%ld", (long)(i < no ? i : i - no));
    return too_large(c, what, &s);
  }
  return true;
}

/* The shape of operand `i`, named `name` in messages. */
static bool operand_shape(ctx_t *c, intptr_t i, const char *name, shape_t *s) {
  char what[64];
  snprintf(what, sizeof what, "operand '%s'", name);
  return read_shape(c, operand_type(c, i), what, s);
}

static bool expect_rank(ctx_t *c, const char *name, const shape_t *s, intptr_t rank) {
  if (s->rank != rank)
    return fail(c, "operand '%s' must have rank %lld, got %lld", name, (long long)rank,
                (long long)s->rank);
  return true;
}

static bool expect_min_rank(ctx_t *c, const char *name, const shape_t *s, intptr_t rank) {
  if (s->rank < rank)
    return fail(c, "operand '%s' must have rank at least %lld, got %lld", name,
                (long long)rank, (long long)s->rank);
  return true;
}

/* Operands i and j have the same element type. */
static bool same_elem(ctx_t *c, intptr_t i, const char *ni, intptr_t j, const char *nj) {
  MlirType a = elem_of(operand_type(c, i)), b = elem_of(operand_type(c, j));
  if (mlirTypeEqual(a, b))
    return true;
  char sa[STR], sb[STR];
  return fail(c, "element type of '%s' (%s) differs from '%s' (%s)", nj, type_str(b, sb), ni,
              type_str(a, sa));
}

/* Operand `i` has exactly the shape `want` (`?` matching anything). */
static bool expect_shape(ctx_t *c, intptr_t i, const char *name, const shape_t *want) {
  shape_t s;
  if (!operand_shape(c, i, name, &s))
    return false;
  if (strata_graph_shapes_compatible(&s, want))
    return true;
  char a[STR], b[STR];
  return fail(c, "operand '%s' shape %s does not match expected %s", name, shape_str(&s, a),
              shape_str(want, b));
}

static bool expect_float(ctx_t *c, MlirType elem) {
  if (mlirTypeIsAFloat(elem))
    return true;
  char s[STR];
  return fail(c, "operand element type must be a float type, got %s", type_str(elem, s));
}

static bool not_broadcastable(ctx_t *c, const char *what, const shape_t *a, const shape_t *b) {
  char sa[STR], sb[STR];
  return fail(c, "%s are not broadcast-compatible: %s vs %s", what, shape_str(a, sa),
              shape_str(b, sb));
}

/* Static dims a and b (of `what`) are equal; `?` matches anything. */
static bool dims_agree(int64_t a, int64_t b) { return a == b || a == DYN || b == DYN; }

/* ---- Attributes --------------------------------------------------------- */

static MlirAttribute attr(ctx_t *c, const char *name) {
  return mlirOperationGetAttributeByName(c->op, mlirStringRefCreateFromCString(name));
}

static bool attr_i64(ctx_t *c, const char *name, int64_t *v) {
  MlirAttribute a = attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ||
      !mlirTypeIsAInteger(mlirAttributeGetType(a)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(a)) != 64)
    return fail(c, "'%s' must be an i64 integer attribute", name);
  *v = mlirIntegerAttrGetValueInt(a);
  return true;
}

static bool attr_bool(ctx_t *c, const char *name, bool *v) {
  MlirAttribute a = attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsABool(a))
    return fail(c, "'%s' must be a bool attribute (true or false)", name);
  *v = mlirBoolAttrGetValue(a);
  return true;
}

static bool attr_f32(ctx_t *c, const char *name, double *v) {
  MlirAttribute a = attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a) || !mlirTypeIsAF32(mlirAttributeGetType(a)))
    return fail(c, "'%s' must be an f32 float attribute", name);
  *v = mlirFloatAttrGetValueDouble(a);
  return true;
}

/* A string attribute's value; empty if absent (IRDL requires it). */
static MlirStringRef attr_str(ctx_t *c, const char *name) {
  MlirAttribute a = attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return mlirStringRefCreate("", 0);
  return mlirStringAttrGetValue(a);
}

/* An array<i64: ...> of min_n..max_n elements, copied to vals. */
static bool attr_i64s(ctx_t *c, const char *name, intptr_t min_n, intptr_t max_n,
                      int64_t vals[MAX_LIST], intptr_t *n) {
  MlirAttribute a = attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return fail(c, "'%s' must be an array<i64: ...> attribute", name);
  intptr_t len = mlirDenseArrayGetNumElements(a);
  if (len < min_n || len > max_n) {
    if (min_n == max_n)
      return fail(c, "'%s' must have %lld elements, got %lld", name, (long long)min_n,
                  (long long)len);
    return fail(c, "'%s' must have between %lld and %lld elements, got %lld", name,
                (long long)min_n, (long long)max_n, (long long)len);
  }
  for (intptr_t i = 0; i < len; ++i)
    vals[i] = mlirDenseI64ArrayGetElement(a, i);
  *n = len;
  return true;
}

/* Every value of vals[0..n) is >= min. */
static bool at_least(ctx_t *c, const char *name, const int64_t *vals, intptr_t n, int64_t min) {
  for (intptr_t i = 0; i < n; ++i)
    if (vals[i] < min)
      return fail(c, "'%s' must be at least %lld, got %lld", name, (long long)min,
                  (long long)vals[i]);
  return true;
}

/* An array attribute of exactly n values, each >= min. */
static bool attr_i64s_min(ctx_t *c, const char *name, intptr_t n, int64_t min,
                          int64_t vals[MAX_LIST]) {
  intptr_t len;
  return attr_i64s(c, name, n, n, vals, &len) && at_least(c, name, vals, n, min);
}

static bool in_range(ctx_t *c, const char *name, int64_t v, int64_t bound) {
  if (v < 0 || v >= bound)
    return fail(c, "'%s' value %lld is out of range [0, %lld)", name, (long long)v,
                (long long)bound);
  return true;
}

/* vals[0..n) are distinct axes in [0, bound). */
static bool distinct_axes(ctx_t *c, const char *name, const int64_t *vals, intptr_t n,
                          int64_t bound) {
  for (intptr_t i = 0; i < n; ++i) {
    if (!in_range(c, name, vals[i], bound))
      return false;
    for (intptr_t j = 0; j < i; ++j)
      if (vals[j] == vals[i])
        return fail(c, "'%s' contains %lld more than once", name, (long long)vals[i]);
  }
  return true;
}

/* A scalar IntegerAttr/FloatAttr whose type is the element type `elem`. */
static bool attr_scalar_of(ctx_t *c, const char *name, MlirType elem, MlirAttribute *out) {
  MlirAttribute a = attr(c, name);
  if (mlirAttributeIsNull(a))
    return false; /* IRDL requires it */
  if (!mlirTypeEqual(mlirAttributeGetType(a), elem)) {
    char sa[STR], se[STR];
    return fail(c, "'%s' type %s does not match element type %s", name,
                type_str(mlirAttributeGetType(a), sa), type_str(elem, se));
  }
  *out = a;
  return true;
}

/* The index of string attribute `name` in choices[0..n). */
static bool attr_choice(ctx_t *c, const char *name, const char *const *choices, int n,
                        int *index) {
  MlirStringRef v = attr_str(c, name);
  char list[STR] = "";
  for (int i = 0; i < n; ++i) {
    if (strlen(choices[i]) == v.length && memcmp(choices[i], v.data, v.length) == 0) {
      *index = i;
      return true;
    }
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s\"%s\"", i ? ", " : "", choices[i]);
  }
  return fail(c, "'%s' must be one of %s, got \"%.*s\"", name, list, (int)v.length, v.data);
}

/* A layout attribute whose primal axes are exactly `primals` (NULL: any). */
static bool attr_layout(ctx_t *c, const char *name, const char *primals, layout_t *l) {
  MlirStringRef v = attr_str(c, name);
  if (!strata_graph_layout_parse(v, l))
    return fail(c, "'%s' is not a valid layout: \"%.*s\"", name, (int)v.length, v.data);
  if (primals && !strata_graph_layout_has_primals(l, primals))
    return fail(c, "'%s' must have the axes %s, each once (e.g. \"%s\"), got \"%.*s\"", name,
                primals, primals, (int)v.length, v.data);
  return true;
}

/* Operand shape `s` (named `name`) is laid out as `l` (attribute `lname`):
 * one dim per axis, each block dim equal to its block size. */
static bool shape_in_layout(ctx_t *c, const char *name, const shape_t *s, const char *lname,
                            const layout_t *l) {
  if (s->rank != l->rank)
    return fail(c, "operand '%s' has rank %lld but '%s' has %d axes", name, (long long)s->rank,
                lname, l->rank);
  for (int d = 0; d < l->rank; ++d)
    if (l->blocks[d] && !dims_agree(s->dims[d], l->blocks[d]))
      return fail(c, "dimension %d of operand '%s' must be %lld (block '%c' of '%s'), got %lld", d,
                  name, (long long)l->blocks[d], l->axes[d], lname, (long long)s->dims[d]);
  return true;
}

/* The physical shape in layout `l` (attribute `lname`) of logical sizes. */
static bool to_physical(ctx_t *c, const layout_t *l, const char *lname, const int64_t logical[26],
                        shape_t *out) {
  char axis = 0;
  if (!strata_graph_layout_from_logical(l, logical, out, &axis))
    return fail(c, "size %lld of axis '%c' is not divisible by its block %lld in '%s'",
                (long long)logical[axis - 'A'], axis,
                (long long)strata_graph_layout_block(l, axis), lname);
  return true;
}

/* ---- Per-op inference ----------------------------------------------------
 * Each function reads operands and attributes, checks them, and sets the
 * result shape; *elem arrives as operand 0's element type (null for ops
 * without operands) and may be changed (null: any element type). */

typedef bool (*infer_fn)(ctx_t *c, shape_t *out, MlirType *elem);

static bool infer_constant(ctx_t *c, shape_t *out, MlirType *elem) {
  MlirAttribute value = attr(c, "value");
  MlirType rt = mlirValueGetType(mlirOperationGetResult(c->op, 0));
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAElements(value))
    return false; /* IRDL requires an elements attribute */
  MlirType vt = mlirAttributeGetType(value);
  if (!mlirTypeEqual(vt, rt)) {
    char sv[STR], sr[STR];
    return fail(c, "'value' type %s does not match result type %s", type_str(vt, sv),
                type_str(rt, sr));
  }
  *elem = elem_of(vt);
  return read_shape(c, vt, "'value'", out);
}

static bool infer_unary(ctx_t *c, shape_t *out, MlirType *elem) {
  return operand_shape(c, 0, "input", out);
}

static bool infer_unary_float(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_unary(c, out, elem) && expect_float(c, *elem);
}

static bool infer_gelu(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"none", "tanh"};
  int mode;
  return infer_unary_float(c, out, elem) && attr_choice(c, "approximate", modes, 2, &mode);
}

static bool infer_leaky_relu(ctx_t *c, shape_t *out, MlirType *elem) {
  double alpha;
  return infer_unary(c, out, elem) && attr_f32(c, "alpha", &alpha);
}

static double scalar_value(MlirAttribute a) {
  return mlirAttributeIsAFloat(a) ? mlirFloatAttrGetValueDouble(a)
                                  : (double)mlirIntegerAttrGetValueInt(a);
}

static bool infer_clip(ctx_t *c, shape_t *out, MlirType *elem) {
  MlirAttribute lo, hi;
  if (!infer_unary(c, out, elem) || !attr_scalar_of(c, "min", *elem, &lo) ||
      !attr_scalar_of(c, "max", *elem, &hi))
    return false;
  if (scalar_value(lo) > scalar_value(hi))
    return fail(c, "'min' must not be greater than 'max'");
  return true;
}

static bool infer_broadcast(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  if (!operand_shape(c, 0, "lhs", &a) || !operand_shape(c, 1, "rhs", &b) ||
      !same_elem(c, 0, "lhs", 1, "rhs"))
    return false;
  if (!strata_graph_broadcast_shape(&a, &b, out))
    return not_broadcastable(c, "operands", &a, &b);
  return true;
}

static bool infer_mod(ctx_t *c, shape_t *out, MlirType *elem) {
  bool fmod;
  return infer_broadcast(c, out, elem) && attr_bool(c, "fmod", &fmod);
}

static bool expect_int(ctx_t *c, MlirType elem) {
  if (mlirTypeIsAInteger(elem))
    return true;
  char s[STR];
  return fail(c, "operand element type must be an integer type, got %s", type_str(elem, s));
}

/* shift_left/right, bitwise_and/or/xor: broadcasting, integers only. */
static bool infer_shift(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_broadcast(c, out, elem) && expect_int(c, *elem);
}

static bool infer_unary_int(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_unary(c, out, elem) && expect_int(c, *elem);
}

/* bitcast: any shape kept; a float and a signless integer (or two floats)
 * of one bit width. */
static bool infer_bitcast(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!operand_shape(c, 0, "input", out))
    return false;
  MlirType from = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(c->op, 0)));
  MlirType to = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(c->op, 0)));
  *elem = to;
  bool ok = true;
  unsigned w[2];
  MlirType t[2] = {from, to};
  for (int i = 0; i < 2; ++i) {
    if (mlirTypeIsAFloat(t[i]))
      w[i] = mlirFloatTypeGetWidth(t[i]);
    else if (mlirTypeIsAInteger(t[i]) && mlirIntegerTypeIsSignless(t[i]))
      w[i] = mlirIntegerTypeGetWidth(t[i]);
    else
      ok = false;
  }
  char a[STR], b[STR];
  if (!ok || w[0] != w[1] || (mlirTypeIsAInteger(from) && mlirTypeIsAInteger(to)))
    return fail(c, "bitcast from %s to %s: the types must be a float and a signless integer, "
                "or two floats, of one bit width", type_str(from, a), type_str(to, b));
  return true;
}

static bool inner_dims(ctx_t *c, const char *na, int64_t a, const char *nb, int64_t b) {
  if (!dims_agree(a, b))
    return fail(c, "inner dimensions differ: %s has %lld, %s has %lld", na, (long long)a, nb,
                (long long)b);
  return true;
}

static bool infer_matmul(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  if (!operand_shape(c, 0, "lhs", &a) || !operand_shape(c, 1, "rhs", &b) ||
      !expect_rank(c, "lhs", &a, 2) || !expect_rank(c, "rhs", &b, 2) ||
      !same_elem(c, 0, "lhs", 1, "rhs") || !inner_dims(c, "lhs", a.dims[1], "rhs", b.dims[0]))
    return false;
  *out = (shape_t){.rank = 2, .dims = {a.dims[0], b.dims[1]}};
  return true;
}

static bool infer_batch_matmul(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  if (!operand_shape(c, 0, "lhs", &a) || !operand_shape(c, 1, "rhs", &b) ||
      !expect_min_rank(c, "lhs", &a, 3) || !expect_min_rank(c, "rhs", &b, 3) ||
      !same_elem(c, 0, "lhs", 1, "rhs") ||
      !inner_dims(c, "lhs", a.dims[a.rank - 1], "rhs", b.dims[b.rank - 2]))
    return false;
  shape_t ba = {.rank = a.rank - 2}, bb = {.rank = b.rank - 2};
  memcpy(ba.dims, a.dims, sizeof(int64_t) * (size_t)ba.rank);
  memcpy(bb.dims, b.dims, sizeof(int64_t) * (size_t)bb.rank);
  if (!strata_graph_broadcast_shape(&ba, &bb, out))
    return not_broadcastable(c, "batch dimensions", &ba, &bb);
  out->dims[out->rank++] = a.dims[a.rank - 2];
  out->dims[out->rank++] = b.dims[b.rank - 1];
  return true;
}

/* The optional bias (operand 2) of dense/conv2d: [n], same element type. */
static bool check_bias(ctx_t *c, int64_t n) {
  if (mlirOperationGetNumOperands(c->op) < 3)
    return true;
  shape_t want = {.rank = 1, .dims = {n}};
  return same_elem(c, 0, "input", 2, "bias") && expect_shape(c, 2, "bias", &want);
}

static bool infer_dense(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x, w;
  if (!operand_shape(c, 0, "input", &x) || !operand_shape(c, 1, "weight", &w) ||
      !expect_min_rank(c, "input", &x, 1) || !expect_rank(c, "weight", &w, 2) ||
      !same_elem(c, 0, "input", 1, "weight") ||
      !inner_dims(c, "input", x.dims[x.rank - 1], "weight", w.dims[1]) || !check_bias(c, w.dims[0]))
    return false;
  *out = x;
  out->dims[out->rank - 1] = w.dims[0];
  return true;
}

/* Reports an output extent <= 0 along `axis` (the window does not fit). */
static bool window_fits(ctx_t *c, char axis, int64_t size) {
  if (size == STRATA_GRAPH_TOO_LARGE)
    return fail(c, "output size along '%c' is too large: it does not fit in 64 bits", axis);
  if (size != DYN && size <= 0)
    return fail(c, "output size along '%c' would be %lld (window larger than the padded input)",
                axis, (long long)size);
  return true;
}

/* The spatial axes of a window op: "DHW" for the *3d ops, "HW" otherwise;
 * the default data/kernel layouts name them. */
static const char *spatial_axes(ctx_t *c) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(c->op));
  return name.length > 2 && !memcmp(name.data + name.length - 2, "3d", 2) ? "DHW" : "HW";
}

/* Output sizes along the spatial axes `sp` (in[] holds logical sizes):
 * padding = [begin per axis..., end per axis...]. */
static bool window_out(ctx_t *c, const char *sp, int64_t in[26], const int64_t *kernel,
                       const int64_t *strides, const int64_t *pads, const int64_t *dil,
                       bool ceil_mode) {
  int ns = (int)strlen(sp);
  for (int i = 0; i < ns; ++i) {
    int64_t *v = &in[sp[i] - 'A'];
    *v = strata_graph_window_out_size(*v, kernel[i], strides[i], pads[i], pads[ns + i], dil[i],
                                      ceil_mode);
    if (!window_fits(c, sp[i], *v))
      return false;
  }
  return true;
}

/* conv2d (NCHW / OIHW axes) and conv3d (NCDHW / OIDHW). */
static bool infer_conv(ctx_t *c, shape_t *out, MlirType *elem) {
  const char *sp = spatial_axes(c);
  intptr_t ns = (intptr_t)strlen(sp);
  char dprim[8], kprim[8];
  snprintf(dprim, sizeof dprim, "NC%s", sp);
  snprintf(kprim, sizeof kprim, "OI%s", sp);
  shape_t x, w;
  layout_t dl, kl;
  int64_t strides[MAX_LIST], pads[MAX_LIST], dil[MAX_LIST], groups;
  if (!operand_shape(c, 0, "input", &x) || !operand_shape(c, 1, "weight", &w) ||
      !same_elem(c, 0, "input", 1, "weight") || !attr_i64s_min(c, "strides", ns, 1, strides) ||
      !attr_i64s_min(c, "padding", 2 * ns, 0, pads) || !attr_i64s_min(c, "dilation", ns, 1, dil) ||
      !attr_i64(c, "groups", &groups) || !at_least(c, "groups", &groups, 1, 1) ||
      !attr_layout(c, "data_layout", dprim, &dl) || !attr_layout(c, "kernel_layout", kprim, &kl) ||
      !shape_in_layout(c, "input", &x, "data_layout", &dl) ||
      !shape_in_layout(c, "weight", &w, "kernel_layout", &kl))
    return false;
  int64_t in[26], k[26];
  strata_graph_layout_to_logical(&dl, &x, in);
  strata_graph_layout_to_logical(&kl, &w, k);
  int64_t ch = in['C' - 'A'], oc = k['O' - 'A'], ic = k['I' - 'A'];
  if (ch != DYN && ch % groups != 0)
    return fail(c, "input channels %lld are not divisible by groups %lld", (long long)ch,
                (long long)groups);
  if (ch != DYN && !dims_agree(ic, ch / groups))
    return fail(c, "weight has %lld input channels, expected %lld (input channels / groups)",
                (long long)ic, (long long)(ch / groups));
  if (oc != DYN && oc % groups != 0)
    return fail(c, "output channels %lld are not divisible by groups %lld", (long long)oc,
                (long long)groups);
  int64_t kernel[3];
  for (intptr_t i = 0; i < ns; ++i)
    kernel[i] = k[sp[i] - 'A'];
  in['C' - 'A'] = oc;
  return window_out(c, sp, in, kernel, strides, pads, dil, false) && check_bias(c, oc) &&
         to_physical(c, &dl, "data_layout", in, out);
}

/* max_pool2d/3d (with dilation) and avg_pool2d/3d (with count_include_pad). */
static bool infer_pool(ctx_t *c, shape_t *out, bool is_max) {
  const char *sp = spatial_axes(c);
  intptr_t ns = (intptr_t)strlen(sp);
  char prim[8];
  snprintf(prim, sizeof prim, "NC%s", sp);
  shape_t x;
  layout_t l;
  int64_t kernel[MAX_LIST], strides[MAX_LIST], pads[MAX_LIST], dil[MAX_LIST] = {1, 1, 1};
  bool ceil_mode, include_pad;
  if (!operand_shape(c, 0, "input", &x) || !attr_i64s_min(c, "kernel", ns, 1, kernel) ||
      !attr_i64s_min(c, "strides", ns, 1, strides) ||
      !attr_i64s_min(c, "padding", 2 * ns, 0, pads) ||
      (is_max && !attr_i64s_min(c, "dilation", ns, 1, dil)) ||
      !attr_bool(c, "ceil_mode", &ceil_mode) ||
      (!is_max && !attr_bool(c, "count_include_pad", &include_pad)) ||
      !attr_layout(c, "layout", prim, &l) || !shape_in_layout(c, "input", &x, "layout", &l))
    return false;
  int64_t in[26];
  strata_graph_layout_to_logical(&l, &x, in);
  return window_out(c, sp, in, kernel, strides, pads, dil, ceil_mode) &&
         to_physical(c, &l, "layout", in, out);
}

static bool infer_max_pool(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_pool(c, out, true);
}

/* max_pool2d_indices: max_pool2d's shape, i64 elements. */
static bool infer_max_pool_indices(ctx_t *c, shape_t *out, MlirType *elem) {
  int64_t order;
  if (!infer_pool(c, out, true) || !attr_i64(c, "storage_order", &order))
    return false;
  if (order != 0 && order != 1)
    return fail(c, "'storage_order' must be 0 or 1, got %lld", (long long)order);
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

static bool infer_avg_pool(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_pool(c, out, false);
}

static bool infer_global_avg_pool2d(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  layout_t l;
  if (!operand_shape(c, 0, "input", &x) || !attr_layout(c, "layout", "NCHW", &l) ||
      !shape_in_layout(c, "input", &x, "layout", &l))
    return false;
  int64_t in[26];
  strata_graph_layout_to_logical(&l, &x, in);
  in['H' - 'A'] = in['W' - 'A'] = 1;
  return to_physical(c, &l, "layout", in, out);
}

static bool infer_batch_norm(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const params[] = {"gamma", "beta", "mean", "var"};
  int64_t axis;
  double eps;
  if (!operand_shape(c, 0, "input", out) || !expect_min_rank(c, "input", out, 1) ||
      !attr_i64(c, "axis", &axis) || !in_range(c, "axis", axis, out->rank) ||
      !attr_f32(c, "epsilon", &eps))
    return false;
  if (!(eps >= 0))
    return fail(c, "'epsilon' must be non-negative, got %g", eps);
  shape_t want = {.rank = 1, .dims = {out->dims[axis]}};
  for (intptr_t i = 0; i < 4; ++i)
    if (!same_elem(c, 0, "input", i + 1, params[i]) || !expect_shape(c, i + 1, params[i], &want))
      return false;
  return true;
}

static bool infer_softmax(ctx_t *c, shape_t *out, MlirType *elem) {
  int64_t axis;
  return operand_shape(c, 0, "input", out) && attr_i64(c, "axis", &axis) &&
         in_range(c, "axis", axis, out->rank);
}

static bool infer_reshape(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x, t;
  if (!operand_shape(c, 0, "input", &x) ||
      !read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", out))
    return false;
  if (mlirOperationGetNumOperands(c->op) > 1) { /* the run-time target */
    MlirType te = elem_of(operand_type(c, 1));
    char b[STR];
    if (!operand_shape(c, 1, "shape", &t) || !expect_rank(c, "shape", &t, 1))
      return false;
    if (!mlirTypeIsAInteger(te) || mlirIntegerTypeGetWidth(te) != 64)
      return fail(c, "operand 'shape' must be a tensor of i64, got %s", type_str(te, b));
    if (t.dims[0] != DYN && t.dims[0] != out->rank)
      return fail(c, "operand 'shape' has %lld values for a result of rank %lld",
                  (long long)t.dims[0], (long long)out->rank);
  }
  /* Compare element counts as far as static dims allow: the result's static
   * dims must divide the input's count, and equal it if all are static. */
  int64_t n = strata_graph_num_elements(&x), known;
  bool dynamic = false;
  for (intptr_t i = 0; i < out->rank; ++i)
    dynamic |= out->dims[i] == DYN;
  if (!strata_graph_static_product(out, &known))
    return too_large(c, "result", out);
  if (n != DYN && (dynamic ? known != 0 && n % known != 0 : known != n)) {
    char s[STR];
    return fail(c, "result shape %s cannot hold the %lld elements of the input",
                shape_str(out, s), (long long)n);
  }
  return true;
}

/* shape: [rank(input)] of i64, the input's dims at run time. */
static bool infer_shape_of(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  if (!operand_shape(c, 0, "input", &x))
    return false;
  *out = (shape_t){.rank = 1, .dims = {x.rank}};
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

static bool infer_transpose(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t perm[MAX_LIST];
  intptr_t n;
  if (!operand_shape(c, 0, "input", &x) || !attr_i64s(c, "perm", x.rank, x.rank, perm, &n) ||
      !distinct_axes(c, "perm", perm, n, x.rank))
    return false;
  out->rank = x.rank;
  for (intptr_t i = 0; i < x.rank; ++i)
    out->dims[i] = x.dims[perm[i]];
  return true;
}

static bool infer_concat(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  int64_t axis;
  if (!operand_shape(c, 0, "lhs", &a) || !operand_shape(c, 1, "rhs", &b) ||
      !expect_rank(c, "rhs", &b, a.rank) || !same_elem(c, 0, "lhs", 1, "rhs") ||
      !attr_i64(c, "axis", &axis) || !in_range(c, "axis", axis, a.rank))
    return false;
  *out = a;
  for (intptr_t d = 0; d < a.rank; ++d) {
    if (d == axis && (a.dims[d] == DYN || b.dims[d] == DYN))
      out->dims[d] = DYN;
    else if (d == axis && !strata_add_i64(a.dims[d], b.dims[d], &out->dims[d]))
      return fail(c, "concatenated dimension %lld is too large: %lld + %lld does not fit in 64 "
                     "bits",
                  (long long)d, (long long)a.dims[d], (long long)b.dims[d]);
    else if (d == axis)
      continue;
    else if (!dims_agree(a.dims[d], b.dims[d]))
      return fail(c, "operands differ in dimension %lld: %lld vs %lld", (long long)d,
                  (long long)a.dims[d], (long long)b.dims[d]);
    else if (a.dims[d] == DYN)
      out->dims[d] = b.dims[d];
  }
  return true;
}

static bool infer_slice(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t starts[MAX_LIST], ends[MAX_LIST], steps[MAX_LIST];
  if (!operand_shape(c, 0, "input", &x) || !attr_i64s_min(c, "starts", x.rank, 0, starts) ||
      !attr_i64s_min(c, "ends", x.rank, 0, ends) || !attr_i64s_min(c, "steps", x.rank, 1, steps))
    return false;
  out->rank = x.rank;
  for (intptr_t d = 0; d < x.rank; ++d) {
    if (ends[d] < starts[d])
      return fail(c, "'ends' value %lld is less than start %lld in dimension %lld",
                  (long long)ends[d], (long long)starts[d], (long long)d);
    if (x.dims[d] == DYN) {
      out->dims[d] = DYN;
      continue;
    }
    if (starts[d] > x.dims[d])
      return fail(c, "start %lld is beyond dimension %lld of size %lld", (long long)starts[d],
                  (long long)d, (long long)x.dims[d]);
    int64_t end = ends[d] < x.dims[d] ? ends[d] : x.dims[d]; /* clamped: "to the end" */
    out->dims[d] = (end - starts[d] + steps[d] - 1) / steps[d];
  }
  return true;
}

static bool infer_pad(ctx_t *c, shape_t *out, MlirType *elem) {
  int64_t pads[MAX_LIST];
  MlirAttribute value;
  if (!operand_shape(c, 0, "input", out) || !attr_i64s_min(c, "pads", 2 * out->rank, 0, pads) ||
      !attr_scalar_of(c, "pad_value", *elem, &value))
    return false;
  /* Optional discardable `mode` (absent: "constant"); pad_value stays
   * mandatory but only "constant" reads it. */
  enum { PAD_CONSTANT, PAD_REFLECT, PAD_EDGE };
  static const char *const modes[] = {"constant", "reflect", "edge"};
  int mode = PAD_CONSTANT;
  MlirAttribute m = attr(c, "mode");
  if (!mlirAttributeIsNull(m)) {
    if (!mlirAttributeIsAString(m))
      return fail(c, "'mode' must be a string attribute");
    if (!attr_choice(c, "mode", modes, 3, &mode))
      return false;
  }
  for (intptr_t d = 0; d < out->rank; ++d) {
    int64_t lo = pads[d], hi = pads[out->rank + d], n = out->dims[d];
    if (n == DYN || (lo == 0 && hi == 0))
      continue; /* dynamic dims: a run-time precondition */
    if (mode == PAD_REFLECT && (lo >= n || hi >= n))
      return fail(c, "reflect pads must be less than the dimension size: dimension %lld has size "
                  "%lld, pads %lld and %lld",
                  (long long)d, (long long)n, (long long)lo, (long long)hi);
    if (mode == PAD_EDGE && n == 0)
      return fail(c, "edge padding of dimension %lld, which has size 0", (long long)d);
  }
  for (intptr_t d = 0; d < out->rank; ++d) {
    int64_t n = out->dims[d];
    if (n != DYN && (!strata_add_i64(n, pads[d], &out->dims[d]) ||
                     !strata_add_i64(out->dims[d], pads[out->rank + d], &out->dims[d])))
      return fail(c, "padded dimension %lld is too large: %lld + %lld + %lld does not fit in 64 "
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
  if (!operand_shape(c, 0, "input", &x) || !attr_i64(c, "axis", &axis) ||
      !in_range(c, "axis", axis, x.rank + 1))
    return false;
  *out = (shape_t){.rank = 2,
                   .dims = {dims_product(&x, 0, (intptr_t)axis), dims_product(&x, (intptr_t)axis, x.rank)}};
  return true;
}

static bool infer_reduce(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  int64_t axes[MAX_LIST];
  intptr_t n;
  bool keepdims;
  if (!operand_shape(c, 0, "input", &x) || !attr_i64s(c, "axes", 1, x.rank, axes, &n) ||
      !distinct_axes(c, "axes", axes, n, x.rank) || !attr_bool(c, "keepdims", &keepdims))
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
  if (!operand_shape(c, 0, "input", &x) || !expect_min_rank(c, "input", &x, 1) ||
      !attr_i64(c, "axis", &axis) || !in_range(c, "axis", axis, x.rank) ||
      !attr_bool(c, "keepdims", &keepdims) || !attr_bool(c, "select_last_index", &last))
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
  return infer_unary(c, out, elem) && expect_min_rank(c, "input", out, 1) &&
         attr_i64(c, "axis", &axis) && in_range(c, "axis", axis, out->rank) &&
         attr_bool(c, "exclusive", &exclusive) && attr_bool(c, "reverse", &reverse);
}

static bool infer_cast(ctx_t *c, shape_t *out, MlirType *elem) {
  *elem = (MlirType){NULL}; /* any element type */
  return operand_shape(c, 0, "input", out);
}

static bool infer_layout_transform(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  layout_t src, dst;
  if (!operand_shape(c, 0, "input", &x) || !attr_layout(c, "src_layout", NULL, &src) ||
      !attr_layout(c, "dst_layout", NULL, &dst))
    return false;
  char primals[STRATA_GRAPH_MAX_RANK + 1];
  int n = 0;
  for (int d = 0; d < src.rank; ++d)
    if (src.blocks[d] == 0)
      primals[n++] = src.axes[d];
  primals[n] = '\0';
  if (!strata_graph_layout_has_primals(&dst, primals)) {
    MlirStringRef s = attr_str(c, "src_layout"), t = attr_str(c, "dst_layout");
    return fail(c, "'src_layout' \"%.*s\" and 'dst_layout' \"%.*s\" have different axes",
                (int)s.length, s.data, (int)t.length, t.data);
  }
  if (!shape_in_layout(c, "input", &x, "src_layout", &src))
    return false;
  int64_t logical[26];
  strata_graph_layout_to_logical(&src, &x, logical);
  return to_physical(c, &dst, "dst_layout", logical, out);
}

/* ---- Comparison, selection, indexing, up-sampling ------------------------ */

/* equal / greater / less: broadcasting like the binary ops, result i1. */
static bool infer_compare(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!infer_broadcast(c, out, elem))
    return false;
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 1);
  return true;
}

static bool infer_where(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t cs, xs, ys, xy;
  if (!operand_shape(c, 0, "condition", &cs) || !operand_shape(c, 1, "x", &xs) ||
      !operand_shape(c, 2, "y", &ys) || !same_elem(c, 1, "x", 2, "y"))
    return false;
  MlirType ce = elem_of(operand_type(c, 0));
  if (!mlirTypeIsAInteger(ce) || mlirIntegerTypeGetWidth(ce) != 1) {
    char s[STR];
    return fail(c, "operand 'condition' must have element type i1, got %s", type_str(ce, s));
  }
  if (!strata_graph_broadcast_shape(&xs, &ys, &xy))
    return not_broadcastable(c, "'x' and 'y'", &xs, &ys);
  if (!strata_graph_broadcast_shape(&cs, &xy, out))
    return not_broadcastable(c, "'condition' and the values", &cs, &xy);
  *elem = elem_of(operand_type(c, 1));
  return true;
}

/* gather, gather_elements: data (rank >= 1), indices (i32/i64), axis. */
static bool gather_operands(ctx_t *c, shape_t *d, shape_t *ix, int64_t *axis) {
  if (!operand_shape(c, 0, "data", d) || !operand_shape(c, 1, "indices", ix) ||
      !expect_min_rank(c, "data", d, 1) || !attr_i64(c, "axis", axis) ||
      !in_range(c, "axis", *axis, d->rank))
    return false;
  MlirType ie = elem_of(operand_type(c, 1));
  if (!mlirTypeIsAInteger(ie) || !mlirIntegerTypeIsSignless(ie) ||
      (mlirIntegerTypeGetWidth(ie) != 32 && mlirIntegerTypeGetWidth(ie) != 64)) {
    char s[STR];
    return fail(c, "operand 'indices' must have element type i32 or i64, got %s",
                type_str(ie, s));
  }
  return true;
}

static bool infer_gather(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t d, ix;
  int64_t axis;
  if (!gather_operands(c, &d, &ix, &axis))
    return false;
  if (d.rank - 1 + ix.rank > STRATA_GRAPH_MAX_RANK)
    return fail(c, "result rank %lld is more than the supported %d",
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
  if (!gather_operands(c, d, ix, axis) || !expect_rank(c, "indices", ix, d->rank))
    return false;
  for (intptr_t i = 0; i < d->rank; ++i)
    if (i != *axis && ix->dims[i] != DYN && d->dims[i] != DYN && ix->dims[i] > d->dims[i])
      return fail(c, "dim %lld of 'indices' is %lld, more than data's %lld", (long long)i,
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
  if (!element_indices(c, &d, &ix, &axis) || !expect_shape(c, 2, "updates", &ix) ||
      !same_elem(c, 0, "data", 2, "updates") ||
      !attr_choice(c, "reduction", reductions, 5, &reduction))
    return false;
  *out = d;
  return true;
}

static bool infer_expand(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x, b;
  if (!operand_shape(c, 0, "input", &x) ||
      !read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", out))
    return false;
  if (out->rank < x.rank)
    return fail(c, "result rank %lld is less than the input's %lld", (long long)out->rank,
                (long long)x.rank);
  if (!strata_graph_broadcast_shape(&x, out, &b) || !strata_graph_shapes_compatible(&b, out)) {
    char sa[STR], sb[STR];
    return fail(c, "input shape %s cannot be broadcast to the result shape %s", shape_str(&x, sa),
                shape_str(out, sb));
  }
  return true;
}

/* conv_transpose2d (NCHW, IOHW) and conv_transpose3d (NCDHW, IODHW). */
/* (in - 1) * stride - pad_begin - pad_end + dilation * (kernel - 1) +
 * output_padding + 1, or STRATA_GRAPH_TOO_LARGE if any step overflows. */
static int64_t transposed_size(int64_t in, int64_t kernel, int64_t stride, int64_t pad_begin,
                               int64_t pad_end, int64_t dilation, int64_t output_padding) {
  int64_t a, b, r;
  if (!strata_mul_i64(in - 1, stride, &a) || !strata_mul_i64(dilation, kernel - 1, &b) ||
      !strata_add_i64(a, -pad_begin, &r) || !strata_add_i64(r, -pad_end, &r) ||
      !strata_add_i64(r, b, &r) || !strata_add_i64(r, output_padding, &r) ||
      !strata_add_i64(r, 1, &r))
    return STRATA_GRAPH_TOO_LARGE;
  return r;
}

static bool infer_conv_transpose2d(ctx_t *c, shape_t *out, MlirType *elem) {
  const char *sp = spatial_axes(c);
  intptr_t ns = (intptr_t)strlen(sp);
  shape_t x, w;
  int64_t strides[MAX_LIST], pads[MAX_LIST], dil[MAX_LIST], opad[MAX_LIST], groups;
  if (!operand_shape(c, 0, "input", &x) || !operand_shape(c, 1, "weight", &w) ||
      !expect_rank(c, "input", &x, 2 + ns) || !expect_rank(c, "weight", &w, 2 + ns) ||
      !same_elem(c, 0, "input", 1, "weight") || !attr_i64s_min(c, "strides", ns, 1, strides) ||
      !attr_i64s_min(c, "padding", 2 * ns, 0, pads) || !attr_i64s_min(c, "dilation", ns, 1, dil) ||
      !attr_i64s_min(c, "output_padding", ns, 0, opad) || !attr_i64(c, "groups", &groups) ||
      !at_least(c, "groups", &groups, 1, 1))
    return false;
  int64_t ch = x.dims[1];
  if (ch != DYN && ch % groups != 0)
    return fail(c, "input channels %lld are not divisible by groups %lld", (long long)ch,
                (long long)groups);
  if (!dims_agree(w.dims[0], ch))
    return fail(c, "weight has %lld input channels (dim 0), expected %lld", (long long)w.dims[0],
                (long long)ch);
  int64_t oc = DYN;
  if (w.dims[1] != DYN && !strata_mul_i64(w.dims[1], groups, &oc))
    return fail(c, "output channels are too large: %lld * %lld groups does not fit in 64 bits",
                (long long)w.dims[1], (long long)groups);
  *out = (shape_t){.rank = 2 + ns, .dims = {x.dims[0], oc}};
  for (intptr_t k = 0; k < ns; ++k) {
    int64_t in = x.dims[2 + k], kk = w.dims[2 + k], o = DYN;
    if (in != DYN && kk != DYN)
      o = transposed_size(in, kk, strides[k], pads[k], pads[k + ns], dil[k], opad[k]);
    if (!window_fits(c, sp[k], o))
      return false;
    out->dims[2 + k] = o;
  }
  return check_bias(c, oc);
}

static bool infer_resize(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"nearest", "linear", "cubic"};
  static const char *const coords[] = {"half_pixel", "asymmetric", "align_corners",
                                       "pytorch_half_pixel", "tf_crop_and_resize",
                                       "half_pixel_symmetric"};
  static const char *const nearest[] = {"round_prefer_floor", "round_prefer_ceil", "floor",
                                        "ceil"};
  shape_t x;
  int mode, coord, near;
  if (!operand_shape(c, 0, "input", &x) ||
      !read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", out) ||
      !attr_choice(c, "mode", modes, 3, &mode) ||
      !attr_choice(c, "coordinate_transformation_mode", coords, 6, &coord) ||
      !attr_choice(c, "nearest_mode", nearest, 4, &near))
    return false;
  if (out->rank != x.rank)
    return fail(c, "result rank %lld differs from the input's %lld", (long long)out->rank,
                (long long)x.rank);
  if (mode >= 1 && !expect_float(c, *elem))
    return false;
  /* optional: cubic_coeff_a (float), exclude_outside (bool), antialias
   * (bool), and for
   * tf_crop_and_resize roi (array<f64>, starts then ends) and
   * extrapolation_value (float) */
  MlirAttribute ca = attr(c, "cubic_coeff_a");
  if (!mlirAttributeIsNull(ca) && !mlirAttributeIsAFloat(ca))
    return fail(c, "'cubic_coeff_a' must be a float attribute");
  MlirAttribute ex = attr(c, "exclude_outside");
  if (!mlirAttributeIsNull(ex) && !mlirAttributeIsABool(ex))
    return fail(c, "'exclude_outside' must be a bool attribute");
  MlirAttribute aa = attr(c, "antialias");
  if (!mlirAttributeIsNull(aa) && !mlirAttributeIsABool(aa))
    return fail(c, "'antialias' must be a bool attribute");
  MlirAttribute ev = attr(c, "extrapolation_value");
  if (!mlirAttributeIsNull(ev) && !mlirAttributeIsAFloat(ev))
    return fail(c, "'extrapolation_value' must be a float attribute");
  if (coord == 4) {
    MlirAttribute roi = attr(c, "roi");
    if (mlirAttributeIsNull(roi) || !mlirAttributeIsADenseF64Array(roi) ||
        mlirDenseArrayGetNumElements(roi) != 2 * x.rank)
      return fail(c, "tf_crop_and_resize needs 'roi', an array<f64> of %lld values (starts, "
                     "then ends)", (long long)(2 * x.rank));
  }
  MlirAttribute a = attr(c, "scales");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseF64Array(a))
    return fail(c, "'scales' must be an array<f64: ...> attribute");
  if (mlirDenseArrayGetNumElements(a) != x.rank)
    return fail(c, "'scales' must have %lld elements, got %lld", (long long)x.rank,
                (long long)mlirDenseArrayGetNumElements(a));
  for (intptr_t d = 0; d < x.rank; ++d) {
    double s = mlirDenseF64ArrayGetElement(a, d);
    if (!(s > 0))
      return fail(c, "'scales' must be positive, got %g", s);
    /* The result size is floor(in * scale) (ONNX scales), given (ONNX
     * sizes, scale = out / in) or in * scale rounded half up (sizes with
     * keep_aspect_ratio_policy): in * scale - out is in [-0.5, 1), allowing
     * for the rounding of out / in. */
    double excess = (double)x.dims[d] * s - (double)out->dims[d];
    if (x.dims[d] != DYN && out->dims[d] != DYN &&
        (out->dims[d] < 1 || excess < -0.5 - 1e-6 || excess >= 1.0))
      return fail(c, "result dimension %lld is %lld but input size %lld times scale %g is %g",
                  (long long)d, (long long)out->dims[d], (long long)x.dims[d], s,
                  (double)x.dims[d] * s);
  }
  return true;
}

/* ---- Sampling ------------------------------------------------------------ */

/* grid_sample: input [N, C, H, W], grid [N, Ho, Wo, 2] -> [N, C, Ho, Wo]. */
static bool infer_grid_sample(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"bilinear", "nearest", "bicubic"};
  static const char *const paddings[] = {"zeros", "border", "reflection"};
  shape_t x, g;
  int mode, padding;
  bool align;
  if (!operand_shape(c, 0, "input", &x) || !operand_shape(c, 1, "grid", &g) ||
      !same_elem(c, 0, "input", 1, "grid") || !expect_float(c, *elem) ||
      !attr_choice(c, "mode", modes, 3, &mode) ||
      !attr_choice(c, "padding_mode", paddings, 3, &padding) ||
      !attr_bool(c, "align_corners", &align))
    return false;
  /* input [N, C, D1..Dk] with k = 1, 2 or 3; grid [N, O1..Ok, k] */
  if (x.rank < 3 || x.rank > 5)
    return fail(c, "operand 'input' must have rank 3, 4 or 5 (1 to 3 spatial dims), got %lld",
                (long long)x.rank);
  int64_t k = x.rank - 2;
  if (!expect_rank(c, "grid", &g, x.rank))
    return false;
  if (g.dims[k + 1] != DYN && g.dims[k + 1] != k)
    return fail(c, "operand 'grid' must hold %lld coordinates in its last dim, got %lld",
                (long long)k, (long long)g.dims[k + 1]);
  if (!dims_agree(x.dims[0], g.dims[0]))
    return fail(c, "batch of 'grid' (%lld) differs from 'input' (%lld)", (long long)g.dims[0],
                (long long)x.dims[0]);
  out->rank = x.rank;
  out->dims[0] = x.dims[0] != DYN ? x.dims[0] : g.dims[0];
  out->dims[1] = x.dims[1];
  for (int64_t d = 0; d < k; ++d)
    out->dims[2 + d] = g.dims[1 + d];
  return true;
}

/* ---- Strings ------------------------------------------------------------- */

/* string_normalizer: input [C] or [1, C] of !graph.string -> [?] or [1, ?]
 * (the kept count is data-dependent: any static size is accepted). */
static bool infer_string_normalizer(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const actions[] = {"NONE", "LOWER", "UPPER"};
  shape_t x;
  int action;
  bool sensitive;
  if (!operand_shape(c, 0, "input", &x) || !attr_choice(c, "case_change_action", actions, 3,
                                                        &action) ||
      !attr_bool(c, "is_case_sensitive", &sensitive))
    return false;
  char s[STR];
  if (!strata_graph_is_string(*elem))
    return fail(c, "operand 'input' must be a tensor of !graph.string, got %s",
                type_str(*elem, s));
  if (x.rank != 1 && !(x.rank == 2 && dims_agree(x.dims[0], 1)))
    return fail(c, "operand 'input' must have shape [C] or [1, C], got %s", shape_str(&x, s));
  MlirAttribute words = attr(c, "stopwords");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(words); ++i)
    if (!mlirAttributeIsAString(mlirArrayAttrGetElement(words, i)))
      return fail(c, "'stopwords' must be an array of strings (element %ld is not)", (long)i);
  out->rank = x.rank;
  out->dims[0] = x.rank == 2 ? 1 : DYN;
  if (x.rank == 2)
    out->dims[1] = DYN;
  return true;
}

/* ---- ONNX string operators of opset 19/20, LabelEncoder's lookup ---------- */

static bool expect_string(ctx_t *c, const char *name, MlirType elem) {
  char s[STR];
  if (strata_graph_is_string(elem))
    return true;
  return fail(c, "operand '%s' must be a tensor of !graph.string, got %s", name,
              type_str(elem, s));
}

/* string_concat: lhs, rhs of !graph.string, broadcasting. */
static bool infer_string_concat(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_broadcast(c, out, elem) && expect_string(c, "lhs", *elem);
}

/* string_split: input [...] -> pieces [..., ?] (strings) or counts [...] (i64). */
static bool infer_string_split(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const parts[] = {"pieces", "counts"};
  int part;
  int64_t maxsplit;
  if (!operand_shape(c, 0, "input", out) || !expect_string(c, "input", *elem) ||
      !attr_choice(c, "part", parts, 2, &part) || !attr_i64(c, "maxsplit", &maxsplit))
    return false;
  if (part == 1) {
    *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
    return true;
  }
  if (out->rank >= STRATA_GRAPH_MAX_RANK)
    return fail(c, "operand 'input' has rank %lld; the pieces need one more dim (at most %d)",
                (long long)out->rank, STRATA_GRAPH_MAX_RANK);
  out->dims[out->rank++] = DYN;
  return true;
}

/* regex_full_match: input [...] of strings -> i1 [...] (IRDL checks that
 * the pattern is a string; the ONNX importer, that it translates). */
static bool infer_regex_full_match(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!operand_shape(c, 0, "input", out) || !expect_string(c, "input", *elem))
    return false;
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 1);
  return true;
}

/* label_lookup: input [...] (strings, integers or floats) with keys of the
 * matching kind -> i64 [...]. */
static bool infer_label_lookup(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!operand_shape(c, 0, "input", out))
    return false;
  MlirAttribute keys = attr(c, "keys");
  char s[STR];
  bool ok;
  const char *want;
  if (strata_graph_is_string(*elem)) {
    want = "an array of strings";
    ok = mlirAttributeIsAArray(keys);
    for (intptr_t i = 0; ok && i < mlirArrayAttrGetNumElements(keys); ++i)
      ok = mlirAttributeIsAString(mlirArrayAttrGetElement(keys, i));
  } else if (mlirTypeIsAInteger(*elem) && mlirIntegerTypeIsSignless(*elem)) {
    want = "an array<i64: ...> attribute";
    ok = mlirAttributeIsADenseI64Array(keys);
  } else if (mlirTypeIsAFloat(*elem)) {
    want = "an array<f64: ...> attribute";
    ok = mlirAttributeIsADenseF64Array(keys);
  } else {
    return fail(c, "operand 'input' must be a tensor of !graph.string, signless integers or "
                   "floats, got %s",
                type_str(*elem, s));
  }
  if (!ok)
    return fail(c, "'keys' must be %s for %s input", want, type_str(*elem, s));
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

/* ---- Tables and counting -------------------------------------------------- */

/* unique: input (static, rank >= 1, integers or floats) -> the part `part`
 * names: values [.., ?, ..] (along axis; [?] flattened) of the input's
 * type, indices and counts i64 [?], inverse i64 [len] (the axis' size, or
 * the element count). The unique count is data-dependent: `?`. */
static bool infer_unique(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const parts[] = {"values", "indices", "inverse", "counts"};
  shape_t x;
  int part;
  bool sorted;
  if (!operand_shape(c, 0, "input", &x) || !expect_min_rank(c, "input", &x, 1) ||
      !attr_choice(c, "part", parts, 4, &part) || !attr_bool(c, "sorted", &sorted))
    return false;
  char s[STR];
  if (!mlirTypeIsAFloat(*elem) && !mlirTypeIsAInteger(*elem))
    return fail(c, "operand 'input' must have integer or float elements, got %s",
                type_str(*elem, s));
  int64_t total = strata_graph_num_elements(&x);
  if (total < 0)
    return fail(c, "operand 'input' must have a static shape, got %s", shape_str(&x, s));
  bool has_axis = !mlirAttributeIsNull(attr(c, "axis"));
  int64_t axis = 0;
  if (has_axis && (!attr_i64(c, "axis", &axis) || !in_range(c, "axis", axis, x.rank)))
    return false;
  int64_t len = has_axis ? x.dims[axis] : total;
  out->rank = 1;
  out->dims[0] = part == 2 ? len : DYN;
  if (part == 0 && has_axis) {
    *out = x;
    out->dims[axis] = DYN;
  }
  if (part != 0)
    *elem = mlirIntegerTypeGet(mlirTypeGetContext(*elem), 64);
  return true;
}

/* image_decode: input [n] (ui8 or i8, static) -> [?, ?, C] of its
 * element type, C = 1 for "Grayscale", else 3. */
static bool infer_image_decode(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const formats[] = {"RGB", "BGR", "Grayscale"};
  shape_t x;
  int format;
  char s[STR];
  if (!operand_shape(c, 0, "input", &x) || !expect_rank(c, "input", &x, 1) ||
      !attr_choice(c, "pixel_format", formats, 3, &format))
    return false;
  if (!mlirTypeIsAInteger(*elem) || mlirIntegerTypeGetWidth(*elem) != 8 || x.dims[0] == DYN)
    return fail(c, "operand 'input' must be a static 1-D tensor of 8-bit integers, got %s",
                type_str(mlirValueGetType(mlirOperationGetOperand(c->op, 0)), s));
  *out = (shape_t){3, {DYN, DYN, format == 2 ? 1 : 3}};
  return true;
}

/* Copies a non-empty array<i64> attribute's values into a new array
 * (freed by the caller); NULL after an error. */
static int64_t *attr_i64_list(ctx_t *c, const char *name, intptr_t *n) {
  MlirAttribute a = attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a)) {
    fail(c, "'%s' must be an array<i64: ...> attribute", name);
    return NULL;
  }
  *n = mlirDenseArrayGetNumElements(a);
  if (*n == 0) {
    fail(c, "'%s' must not be empty", name);
    return NULL;
  }
  int64_t *vals = malloc(sizeof *vals * (size_t)*n);
  for (intptr_t i = 0; i < *n; ++i)
    vals[i] = mlirDenseI64ArrayGetElement(a, i);
  return vals;
}

/* The pool size of a tfidf_vectorizer on string or integer input. */
static bool tfidf_pool(ctx_t *c, bool is_string, int64_t *size) {
  const char *name = is_string ? "pool_strings" : "pool_int64s";
  const char *other = is_string ? "pool_int64s" : "pool_strings";
  if (!mlirAttributeIsNull(attr(c, other)))
    return fail(c, "'%s' does not apply to %s input", other, is_string ? "string" : "integer");
  MlirAttribute pool = attr(c, name);
  bool ok = !mlirAttributeIsNull(pool) &&
            (is_string ? mlirAttributeIsAArray(pool) : mlirAttributeIsADenseI64Array(pool));
  for (intptr_t i = 0; ok && is_string && i < mlirArrayAttrGetNumElements(pool); ++i)
    ok = mlirAttributeIsAString(mlirArrayAttrGetElement(pool, i));
  if (!ok)
    return fail(c, "'%s' must be %s (the pool of %s input)", name,
                is_string ? "an array of strings" : "an array<i64: ...> attribute",
                is_string ? "string" : "integer");
  *size = is_string ? mlirArrayAttrGetNumElements(pool) : mlirDenseArrayGetNumElements(pool);
  return true;
}

/* tfidf_vectorizer: input [C] or [N, C] of i32, i64 or !graph.string ->
 * f32 [M] or [N, M], M = max(ngram_indexes) + 1. */
static bool infer_tfidf_vectorizer(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"TF", "IDF", "TFIDF"};
  shape_t x;
  int mode;
  int64_t min_len, max_len, skip, pool_size = 0;
  if (!operand_shape(c, 0, "input", &x) || !attr_choice(c, "mode", modes, 3, &mode) ||
      !attr_i64(c, "min_gram_length", &min_len) || !attr_i64(c, "max_gram_length", &max_len) ||
      !attr_i64(c, "max_skip_count", &skip) || !at_least(c, "max_skip_count", &skip, 1, 0))
    return false;
  char s[STR];
  if (x.rank != 1 && x.rank != 2)
    return fail(c, "operand 'input' must have shape [C] or [N, C], got %s", shape_str(&x, s));
  bool is_string = strata_graph_is_string(*elem);
  if (!is_string && !(mlirTypeIsAInteger(*elem) && mlirIntegerTypeIsSignless(*elem) &&
                      (mlirIntegerTypeGetWidth(*elem) == 32 || mlirIntegerTypeGetWidth(*elem) == 64)))
    return fail(c, "operand 'input' must be a tensor of i32, i64 or !graph.string, got %s",
                type_str(*elem, s));
  if (min_len < 1 || max_len < min_len)
    return fail(c, "'min_gram_length' (%lld) and 'max_gram_length' (%lld) must satisfy 1 <= min "
                   "<= max",
                (long long)min_len, (long long)max_len);
  if (!tfidf_pool(c, is_string, &pool_size))
    return false;
  intptr_t nlevels, nindexes;
  int64_t *levels = attr_i64_list(c, "ngram_counts", &nlevels);
  if (!levels)
    return false;
  int64_t grams = 0;
  for (intptr_t i = 0; i < nlevels; ++i) {
    int64_t start = levels[i], end = i + 1 < nlevels ? levels[i + 1] : pool_size;
    if (start < 0 || start > end || end > pool_size) {
      free(levels);
      return fail(c, "'ngram_counts' must be non-decreasing offsets into the pool of %lld items, "
                     "got %lld at %ld",
                  (long long)pool_size, (long long)start, (long)i);
    }
    grams += (end - start) / (i + 1);
  }
  free(levels);
  int64_t *indexes = attr_i64_list(c, "ngram_indexes", &nindexes);
  if (!indexes)
    return false;
  int64_t columns = 0;
  for (intptr_t i = 0; i < nindexes; ++i)
    columns = indexes[i] >= columns ? (indexes[i] < INT64_MAX ? indexes[i] + 1 : INT64_MAX)
                                    : columns;
  bool negative = false;
  for (intptr_t i = 0; i < nindexes; ++i)
    negative |= indexes[i] < 0;
  free(indexes);
  if (negative)
    return fail(c, "'ngram_indexes' values must be at least 0");
  if (nindexes != grams)
    return fail(c, "'ngram_indexes' must have one column per n-gram of the pool (%lld), got %lld",
                (long long)grams, (long long)nindexes);
  MlirAttribute w = attr(c, "weights");
  if (!mlirAttributeIsADenseF32Array(w))
    return fail(c, "'weights' must be an array<f32: ...> attribute");
  intptr_t nweights = mlirDenseArrayGetNumElements(w);
  if (nweights != 0 && nweights != nindexes)
    return fail(c, "'weights' must be empty or have one value per n-gram (%lld), got %lld",
                (long long)nindexes, (long long)nweights);
  *out = x;
  out->dims[x.rank - 1] = columns;
  *elem = mlirF32TypeGet(mlirTypeGetContext(*elem));
  return true;
}

/* ---- Detection ----------------------------------------------------------- */

/* Operand i's element type is f32 (what the detection kernels compute on). */
static bool expect_f32_operand(ctx_t *c, intptr_t i, const char *name) {
  MlirType e = elem_of(operand_type(c, i));
  if (mlirTypeIsAF32(e))
    return true;
  char s[STR];
  return fail(c, "operand '%s' must be a tensor of f32, got %s", name, type_str(e, s));
}

/* non_max_suppression: boxes [B, N, 4], scores [B, C, N] -> [K, 3] i64 (K is
 * data-dependent: any static size up to B * C * min(N, max) is accepted). */
static bool infer_non_max_suppression(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t b, s, r;
  int64_t center, max_out;
  double iou, score;
  if (!operand_shape(c, 0, "boxes", &b) || !operand_shape(c, 1, "scores", &s) ||
      !expect_rank(c, "boxes", &b, 3) || !expect_rank(c, "scores", &s, 3) ||
      !expect_f32_operand(c, 0, "boxes") || !expect_f32_operand(c, 1, "scores") ||
      !attr_i64(c, "center_point_box", &center) ||
      !attr_i64(c, "max_output_boxes_per_class", &max_out) ||
      !at_least(c, "max_output_boxes_per_class", &max_out, 1, 0) ||
      !attr_f32(c, "iou_threshold", &iou) || !attr_f32(c, "score_threshold", &score) ||
      !read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", &r))
    return false;
  if (center != 0 && center != 1)
    return fail(c, "'center_point_box' must be 0 or 1, got %lld", (long long)center);
  if (!(iou >= 0 && iou <= 1))
    return fail(c, "'iou_threshold' must be in [0, 1], got %g", iou);
  if (!dims_agree(b.dims[2], 4))
    return fail(c, "operand 'boxes' must hold 4 coordinates in its last dim, got %lld",
                (long long)b.dims[2]);
  if (!dims_agree(b.dims[0], s.dims[0]))
    return fail(c, "batch of 'scores' (%lld) differs from 'boxes' (%lld)", (long long)s.dims[0],
                (long long)b.dims[0]);
  if (!dims_agree(b.dims[1], s.dims[2]))
    return fail(c, "operand 'scores' has %lld boxes (dim 2) but 'boxes' has %lld (dim 1)",
                (long long)s.dims[2], (long long)b.dims[1]);
  int64_t batches = b.dims[0] != DYN ? b.dims[0] : s.dims[0];
  int64_t n = b.dims[1] != DYN ? b.dims[1] : s.dims[2];
  if (r.rank == 2 && r.dims[0] != DYN && batches != DYN && s.dims[1] != DYN && n != DYN) {
    int64_t most;
    bool fits = strata_mul_i64(batches, s.dims[1], &most) &&
                strata_mul_i64(most, n < max_out ? n : max_out, &most);
    if (fits && r.dims[0] > most) /* else more than any static size */
      return fail(c, "result has %lld rows, more than the %lld boxes that can be selected",
                  (long long)r.dims[0], (long long)most);
  }
  *out = (shape_t){.rank = 2, .dims = {DYN, 3}};
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

/* roi_align: x [N, C, H, W], rois [R, 4], batch_indices [R] i64
 * -> [R, C, output_height, output_width]. */
static bool infer_roi_align(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"avg", "max"};
  static const char *const coords[] = {"half_pixel", "output_half_pixel"};
  shape_t x, r, bi;
  int mode, coord;
  int64_t oh, ow, ratio;
  double scale;
  if (!operand_shape(c, 0, "x", &x) || !operand_shape(c, 1, "rois", &r) ||
      !operand_shape(c, 2, "batch_indices", &bi) || !expect_rank(c, "x", &x, 4) ||
      !expect_rank(c, "rois", &r, 2) || !expect_rank(c, "batch_indices", &bi, 1) ||
      !expect_f32_operand(c, 0, "x") || !same_elem(c, 0, "x", 1, "rois") ||
      !attr_choice(c, "mode", modes, 2, &mode) ||
      !attr_choice(c, "coordinate_transformation_mode", coords, 2, &coord) ||
      !attr_i64(c, "output_height", &oh) || !at_least(c, "output_height", &oh, 1, 1) ||
      !attr_i64(c, "output_width", &ow) || !at_least(c, "output_width", &ow, 1, 1) ||
      !attr_i64(c, "sampling_ratio", &ratio) || !at_least(c, "sampling_ratio", &ratio, 1, 0) ||
      !attr_f32(c, "spatial_scale", &scale))
    return false;
  MlirType ie = elem_of(operand_type(c, 2));
  char s[STR];
  if (!mlirTypeIsAInteger(ie) || mlirIntegerTypeGetWidth(ie) != 64)
    return fail(c, "operand 'batch_indices' must be a tensor of i64, got %s", type_str(ie, s));
  if (!dims_agree(r.dims[1], 4))
    return fail(c, "operand 'rois' must hold 4 coordinates in its last dim, got %lld",
                (long long)r.dims[1]);
  if (!dims_agree(r.dims[0], bi.dims[0]))
    return fail(c, "operand 'batch_indices' has %lld entries but 'rois' has %lld",
                (long long)bi.dims[0], (long long)r.dims[0]);
  *out = (shape_t){.rank = 4,
                   .dims = {r.dims[0] != DYN ? r.dims[0] : bi.dims[0], x.dims[1], oh, ow}};
  return true;
}

/* ---- Dispatch ------------------------------------------------------------ */

typedef struct {
  const char *name; /* without the "graph." prefix */
  infer_fn infer;
} op_rule_t;

static const op_rule_t rules[] = {
    {"constant", infer_constant},
    {"relu", infer_unary},
    {"neg", infer_unary},
    {"abs", infer_unary},
    {"sigmoid", infer_unary_float},
    {"tanh", infer_unary_float},
    {"exp", infer_unary_float},
    {"log", infer_unary_float},
    {"sqrt", infer_unary_float},
    {"erf", infer_unary_float},
    {"sin", infer_unary_float},
    {"cos", infer_unary_float},
    {"tan", infer_unary_float},
    {"asin", infer_unary_float},
    {"acos", infer_unary_float},
    {"atan", infer_unary_float},
    {"sinh", infer_unary_float},
    {"cosh", infer_unary_float},
    {"asinh", infer_unary_float},
    {"acosh", infer_unary_float},
    {"atanh", infer_unary_float},
    {"round", infer_unary_float},
    {"ceil", infer_unary_float},
    {"floor", infer_unary_float},
    {"gelu", infer_gelu},
    {"leaky_relu", infer_leaky_relu},
    {"clip", infer_clip},
    {"add", infer_broadcast},
    {"sub", infer_broadcast},
    {"mul", infer_broadcast},
    {"div", infer_broadcast},
    {"maximum", infer_broadcast},
    {"minimum", infer_broadcast},
    {"pow", infer_broadcast},
    {"mod", infer_mod},
    {"shift_left", infer_shift},
    {"shift_right", infer_shift},
    {"bitwise_and", infer_shift},
    {"bitwise_or", infer_shift},
    {"bitwise_xor", infer_shift},
    {"bitwise_not", infer_unary_int},
    {"bitcast", infer_bitcast},
    {"matmul", infer_matmul},
    {"batch_matmul", infer_batch_matmul},
    {"dense", infer_dense},
    {"conv2d", infer_conv},
    {"conv3d", infer_conv},
    {"max_pool2d", infer_max_pool},
    {"max_pool3d", infer_max_pool},
    {"max_pool2d_indices", infer_max_pool_indices},
    {"avg_pool2d", infer_avg_pool},
    {"avg_pool3d", infer_avg_pool},
    {"global_avg_pool2d", infer_global_avg_pool2d},
    {"batch_norm", infer_batch_norm},
    {"softmax", infer_softmax},
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
    {"cast", infer_cast},
    {"layout_transform", infer_layout_transform},
    {"equal", infer_compare},
    {"greater", infer_compare},
    {"less", infer_compare},
    {"where", infer_where},
    {"gather", infer_gather},
    {"gather_elements", infer_gather_elements},
    {"scatter_elements", infer_scatter_elements},
    {"expand", infer_expand},
    {"conv_transpose2d", infer_conv_transpose2d},
    {"conv_transpose3d", infer_conv_transpose2d},
    {"resize", infer_resize},
    {"grid_sample", infer_grid_sample},
    {"string_normalizer", infer_string_normalizer},
    {"string_concat", infer_string_concat},
    {"string_split", infer_string_split},
    {"regex_full_match", infer_regex_full_match},
    {"label_lookup", infer_label_lookup},
    {"unique", infer_unique},
    {"image_decode", infer_image_decode},
    {"tfidf_vectorizer", infer_tfidf_vectorizer},
    {"non_max_suppression", infer_non_max_suppression},
    {"roi_align", infer_roi_align},
};

static const op_rule_t *find_rule(MlirOperation op) {
  static const char prefix[] = "graph.";
  const size_t np = sizeof prefix - 1;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length <= np || memcmp(name.data, prefix, np) != 0)
    return NULL;
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; ++i)
    if (strlen(rules[i].name) == name.length - np &&
        memcmp(rules[i].name, name.data + np, name.length - np) == 0)
      return &rules[i];
  return NULL;
}

/* Runs the op's rule; false if it has none or the rule failed. */
static bool infer(ctx_t *c, shape_t *shape, MlirType *elem) {
  const op_rule_t *rule = find_rule(c->op);
  if (!rule || mlirOperationGetNumResults(c->op) != 1)
    return false;
  *elem = mlirOperationGetNumOperands(c->op) > 0 ? elem_of(operand_type(c, 0)) : (MlirType){NULL};
  return types_fit(c) && rule->infer(c, shape, elem);
}

bool strata_graph_infer_result(MlirOperation op, strata_graph_shape_t *shape, MlirType *elem) {
  ctx_t c = {op, false};
  return infer(&c, shape, elem);
}

MlirLogicalResult strata_graph_verify_op(MlirOperation op) {
  ctx_t c = {op, true};
  if (!find_rule(op))
    return mlirLogicalResultSuccess(); /* not a graph op this file knows */
  shape_t want, got;
  MlirType elem;
  if (!infer(&c, &want, &elem))
    return mlirLogicalResultFailure();
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!read_shape(&c, rt, "result", &got))
    return mlirLogicalResultFailure();
  char a[STR], b[STR];
  if (!mlirTypeIsNull(elem) && !mlirTypeEqual(elem, elem_of(rt)))
    return strata_emit_error(op, "result element type %s does not match expected %s",
                             type_str(elem_of(rt), a), type_str(elem, b));
  if (!strata_graph_shapes_compatible(&got, &want))
    return strata_emit_error(op, "result shape %s does not match inferred %s", shape_str(&got, a),
                             shape_str(&want, b));
  return mlirLogicalResultSuccess();
}
