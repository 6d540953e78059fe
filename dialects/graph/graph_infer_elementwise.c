/* Shape inference of the graph dialect's elementwise family: constants,
 * unary and broadcasting binary arithmetic, integer and bitwise ops, casts,
 * comparisons and `where`. Helpers and the rule-table type: graph_infer.h. */
#include "dialects/graph/graph_infer.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked_math.h"
#include "core/text.h"

static bool infer_constant(ctx_t *c, shape_t *out, MlirType *elem) {
  MlirAttribute value = gi_attr(c, "value");
  MlirType rt = mlirValueGetType(mlirOperationGetResult(c->op, 0));
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAElements(value))
    return false; /* IRDL requires an elements attribute */
  MlirType vt = mlirAttributeGetType(value);
  if (!mlirTypeEqual(vt, rt)) {
    char sv[STR], sr[STR];
    return gi_fail(c, "'value' type %s does not match result type %s", gi_type_str(vt, sv),
                   gi_type_str(rt, sr));
  }
  *elem = gi_elem_of(vt);
  return gi_read_shape(c, vt, "'value'", out);
}

bool gi_infer_unary(ctx_t *c, shape_t *out, MlirType *elem) {
  return gi_operand_shape(c, 0, "input", out);
}

static bool infer_unary_float(ctx_t *c, shape_t *out, MlirType *elem) {
  return gi_infer_unary(c, out, elem) && gi_expect_float(c, *elem);
}

static bool infer_gelu(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"none", "tanh"};
  int mode;
  return infer_unary_float(c, out, elem) && gi_attr_choice(c, "approximate", modes, 2, &mode);
}

static bool infer_leaky_relu(ctx_t *c, shape_t *out, MlirType *elem) {
  double alpha;
  return gi_infer_unary(c, out, elem) && gi_attr_f32(c, "alpha", &alpha);
}

static double scalar_value(MlirAttribute a) {
  return mlirAttributeIsAFloat(a) ? mlirFloatAttrGetValueDouble(a)
                                  : (double)mlirIntegerAttrGetValueInt(a);
}

static bool infer_clip(ctx_t *c, shape_t *out, MlirType *elem) {
  MlirAttribute lo, hi;
  if (!gi_infer_unary(c, out, elem) || !gi_attr_scalar_of(c, "min", *elem, &lo) ||
      !gi_attr_scalar_of(c, "max", *elem, &hi))
    return false;
  if (scalar_value(lo) > scalar_value(hi))
    return gi_fail(c, "'min' must not be greater than 'max'");
  return true;
}

bool gi_infer_broadcast(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  if (!gi_operand_shape(c, 0, "lhs", &a) || !gi_operand_shape(c, 1, "rhs", &b) ||
      !gi_same_elem(c, 0, "lhs", 1, "rhs"))
    return false;
  if (!strata_graph_broadcast_shape(&a, &b, out))
    return gi_not_broadcastable(c, "operands", &a, &b);
  return true;
}

static bool infer_mod(ctx_t *c, shape_t *out, MlirType *elem) {
  bool fmod;
  return gi_infer_broadcast(c, out, elem) && gi_attr_bool(c, "fmod", &fmod);
}

static bool expect_int(ctx_t *c, MlirType elem) {
  if (mlirTypeIsAInteger(elem))
    return true;
  char s[STR];
  return gi_fail(c, "operand element type must be an integer type, got %s", gi_type_str(elem, s));
}

/* shift_left/right, bitwise_and/or/xor: broadcasting, integers only. */
static bool infer_shift(ctx_t *c, shape_t *out, MlirType *elem) {
  return gi_infer_broadcast(c, out, elem) && expect_int(c, *elem);
}

static bool infer_unary_int(ctx_t *c, shape_t *out, MlirType *elem) {
  return gi_infer_unary(c, out, elem) && expect_int(c, *elem);
}

/* bitcast: any shape kept; a float and a signless integer (or two floats)
 * of one bit width. */
static bool infer_bitcast(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!gi_operand_shape(c, 0, "input", out))
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
    return gi_fail(c,
                   "bitcast from %s to %s: the types must be a float and a signless integer, "
                   "or two floats, of one bit width",
                   gi_type_str(from, a), gi_type_str(to, b));
  return true;
}

static bool infer_cast(ctx_t *c, shape_t *out, MlirType *elem) {
  *elem = (MlirType){NULL}; /* any element type */
  return gi_operand_shape(c, 0, "input", out);
}

/* ---- Comparison, selection, indexing, up-sampling ------------------------ */

/* equal / greater / less: broadcasting like the binary ops, result i1. */
static bool infer_compare(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!gi_infer_broadcast(c, out, elem))
    return false;
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 1);
  return true;
}

static bool infer_where(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t cs, xs, ys, xy;
  if (!gi_operand_shape(c, 0, "condition", &cs) || !gi_operand_shape(c, 1, "x", &xs) ||
      !gi_operand_shape(c, 2, "y", &ys) || !gi_same_elem(c, 1, "x", 2, "y"))
    return false;
  MlirType ce = gi_elem_of(gi_operand_type(c, 0));
  if (!mlirTypeIsAInteger(ce) || mlirIntegerTypeGetWidth(ce) != 1) {
    char s[STR];
    return gi_fail(c, "operand 'condition' must have element type i1, got %s", gi_type_str(ce, s));
  }
  if (!strata_graph_broadcast_shape(&xs, &ys, &xy))
    return gi_not_broadcastable(c, "'x' and 'y'", &xs, &ys);
  if (!strata_graph_broadcast_shape(&cs, &xy, out))
    return gi_not_broadcastable(c, "'condition' and the values", &cs, &xy);
  *elem = gi_elem_of(gi_operand_type(c, 1));
  return true;
}

/* gather, gather_elements: data (rank >= 1), indices (i32/i64), axis. */

static const gi_rule_t rules[] = {
    {"constant", infer_constant},
    {"relu", gi_infer_unary},
    {"neg", gi_infer_unary},
    {"abs", gi_infer_unary},
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
    {"add", gi_infer_broadcast},
    {"sub", gi_infer_broadcast},
    {"mul", gi_infer_broadcast},
    {"div", gi_infer_broadcast},
    {"maximum", gi_infer_broadcast},
    {"minimum", gi_infer_broadcast},
    {"pow", gi_infer_broadcast},
    {"mod", infer_mod},
    {"shift_left", infer_shift},
    {"shift_right", infer_shift},
    {"bitwise_and", infer_shift},
    {"bitwise_or", infer_shift},
    {"bitwise_xor", infer_shift},
    {"bitwise_not", infer_unary_int},
    {"bitcast", infer_bitcast},
    {"cast", infer_cast},
    {"equal", infer_compare},
    {"greater", infer_compare},
    {"less", infer_compare},
    {"where", infer_where},
};

const gi_rule_table_t gi_elementwise_rules = {rules, sizeof rules / sizeof rules[0]};
