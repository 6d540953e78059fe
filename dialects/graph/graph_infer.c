/* The checking helpers of graph shape inference (graph_infer.h): operand
 * shapes and element types, attribute readers with range checks, layouts.
 * Each reports through gi_fail, which emits only in the verifier. */
#include "dialects/graph/graph_infer.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked_math.h"
#include "core/text.h"
#include "dialects/verify.h"
/* Reports an error (when emitting) and returns false. */
bool gi_fail(ctx_t *c, const char *fmt, ...) {
  if (c->emit) {
    char msg[MSG];
    STRATA_VFORMAT(msg, fmt);
    strata_emit_error(c->op, "%s", msg);
  }
  return false;
}

/* ---- Operands and types ------------------------------------------------- */

MlirType gi_operand_type(ctx_t *c, intptr_t i) {
  return mlirValueGetType(mlirOperationGetOperand(c->op, i));
}

const char *gi_shape_str(const shape_t *s, char *buf) {
  return strata_graph_shape_str(s, buf, STR);
}

/* The shape of a ranked tensor type; `what` names it in the message. */
bool gi_read_shape(ctx_t *c, MlirType t, const char *what, shape_t *s) {
  if (!mlirTypeIsARankedTensor(t))
    return false; /* IRDL has reported it already */
  if (!strata_graph_shape_from_type(t, s))
    return gi_fail(c, "%s has rank %lld, more than the supported %d", what,
                   (long long)mlirShapedTypeGetRank(t), STRATA_GRAPH_MAX_RANK);
  return true;
}

/* Reports a shape whose static dims multiply past int64_t. */
bool gi_too_large(ctx_t *c, const char *what, const shape_t *s) {
  char b[STR];
  return gi_fail(c, "%s shape %s is too large: its element count does not fit in 64 bits", what,
                 gi_shape_str(s, b));
}

/* Every operand and result shape's static dims multiply without overflow,
 * so the rules below may multiply the dims of one shape freely. */
bool gi_types_fit(ctx_t *c) {
  intptr_t no = mlirOperationGetNumOperands(c->op), nr = mlirOperationGetNumResults(c->op);
  for (intptr_t i = 0; i < no + nr; ++i) {
    MlirType t =
        i < no ? gi_operand_type(c, i) : mlirValueGetType(mlirOperationGetResult(c->op, i - no));
    shape_t s;
    int64_t n;
    if (!mlirTypeIsARankedTensor(t) || !strata_graph_shape_from_type(t, &s) ||
        strata_graph_static_product(&s, &n))
      continue;
    char what[32];
    snprintf(what, sizeof what, i < no ? "operand #%ld" : "result #%ld",
             (long)(i < no ? i : i - no));
    return gi_too_large(c, what, &s);
  }
  return true;
}

/* The shape of operand `i`, named `name` in messages. */
bool gi_operand_shape(ctx_t *c, intptr_t i, const char *name, shape_t *s) {
  char what[64];
  snprintf(what, sizeof what, "operand '%s'", name);
  return gi_read_shape(c, gi_operand_type(c, i), what, s);
}

bool gi_expect_rank(ctx_t *c, const char *name, const shape_t *s, intptr_t rank) {
  if (s->rank != rank)
    return gi_fail(c, "operand '%s' must have rank %lld, got %lld", name, (long long)rank,
                   (long long)s->rank);
  return true;
}

bool gi_expect_min_rank(ctx_t *c, const char *name, const shape_t *s, intptr_t rank) {
  if (s->rank < rank)
    return gi_fail(c, "operand '%s' must have rank at least %lld, got %lld", name, (long long)rank,
                   (long long)s->rank);
  return true;
}

/* Operands i and j have the same element type. */
bool gi_same_elem(ctx_t *c, intptr_t i, const char *ni, intptr_t j, const char *nj) {
  MlirType a = gi_elem_of(gi_operand_type(c, i)), b = gi_elem_of(gi_operand_type(c, j));
  if (mlirTypeEqual(a, b))
    return true;
  char sa[STR], sb[STR];
  return gi_fail(c, "element type of '%s' (%s) differs from '%s' (%s)", nj, gi_type_str(b, sb), ni,
                 gi_type_str(a, sa));
}

/* Operand `i` has exactly the shape `want` (`?` matching anything). */
bool gi_expect_shape(ctx_t *c, intptr_t i, const char *name, const shape_t *want) {
  shape_t s;
  if (!gi_operand_shape(c, i, name, &s))
    return false;
  if (strata_graph_shapes_compatible(&s, want))
    return true;
  char a[STR], b[STR];
  return gi_fail(c, "operand '%s' shape %s does not match expected %s", name, gi_shape_str(&s, a),
                 gi_shape_str(want, b));
}

bool gi_expect_float(ctx_t *c, MlirType elem) {
  if (mlirTypeIsAFloat(elem))
    return true;
  char s[STR];
  return gi_fail(c, "operand element type must be a float type, got %s", gi_type_str(elem, s));
}

bool gi_not_broadcastable(ctx_t *c, const char *what, const shape_t *a, const shape_t *b) {
  char sa[STR], sb[STR];
  return gi_fail(c, "%s are not broadcast-compatible: %s vs %s", what, gi_shape_str(a, sa),
                 gi_shape_str(b, sb));
}

/* ---- Attributes --------------------------------------------------------- */

MlirAttribute gi_attr(ctx_t *c, const char *name) {
  return mlirOperationGetAttributeByName(c->op, mlirStringRefCreateFromCString(name));
}

bool gi_attr_i64(ctx_t *c, const char *name, int64_t *v) {
  MlirAttribute a = gi_attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ||
      !mlirTypeIsAInteger(mlirAttributeGetType(a)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(a)) != 64)
    return gi_fail(c, "'%s' must be an i64 integer attribute", name);
  *v = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool gi_attr_bool(ctx_t *c, const char *name, bool *v) {
  MlirAttribute a = gi_attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsABool(a))
    return gi_fail(c, "'%s' must be a bool attribute (true or false)", name);
  *v = mlirBoolAttrGetValue(a);
  return true;
}

bool gi_attr_f32(ctx_t *c, const char *name, double *v) {
  MlirAttribute a = gi_attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a) ||
      !mlirTypeIsAF32(mlirAttributeGetType(a)))
    return gi_fail(c, "'%s' must be an f32 float attribute", name);
  *v = mlirFloatAttrGetValueDouble(a);
  return true;
}

/* A string attribute's value; empty if absent (IRDL requires it). */
MlirStringRef gi_attr_str(ctx_t *c, const char *name) {
  MlirAttribute a = gi_attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return mlirStringRefCreate("", 0);
  return mlirStringAttrGetValue(a);
}

/* An array<i64: ...> of min_n..max_n elements, copied to vals. */
bool gi_attr_i64s(ctx_t *c, const char *name, intptr_t min_n, intptr_t max_n,
                  int64_t vals[MAX_LIST], intptr_t *n) {
  MlirAttribute a = gi_attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return gi_fail(c, "'%s' must be an array<i64: ...> attribute", name);
  intptr_t len = mlirDenseArrayGetNumElements(a);
  if (len < min_n || len > max_n) {
    if (min_n == max_n)
      return gi_fail(c, "'%s' must have %lld elements, got %lld", name, (long long)min_n,
                     (long long)len);
    return gi_fail(c, "'%s' must have between %lld and %lld elements, got %lld", name,
                   (long long)min_n, (long long)max_n, (long long)len);
  }
  for (intptr_t i = 0; i < len; ++i)
    vals[i] = mlirDenseI64ArrayGetElement(a, i);
  *n = len;
  return true;
}

/* Every value of vals[0..n) is >= min. */
bool gi_at_least(ctx_t *c, const char *name, const int64_t *vals, intptr_t n, int64_t min) {
  for (intptr_t i = 0; i < n; ++i)
    if (vals[i] < min)
      return gi_fail(c, "'%s' must be at least %lld, got %lld", name, (long long)min,
                     (long long)vals[i]);
  return true;
}

/* An array attribute of exactly n values, each >= min. */
bool gi_attr_i64s_min(ctx_t *c, const char *name, intptr_t n, int64_t min, int64_t vals[MAX_LIST]) {
  intptr_t len;
  return gi_attr_i64s(c, name, n, n, vals, &len) && gi_at_least(c, name, vals, n, min);
}

bool gi_in_range(ctx_t *c, const char *name, int64_t v, int64_t bound) {
  if (v < 0 || v >= bound)
    return gi_fail(c, "'%s' value %lld is out of range [0, %lld)", name, (long long)v,
                   (long long)bound);
  return true;
}

/* vals[0..n) are distinct axes in [0, bound). */
bool gi_distinct_axes(ctx_t *c, const char *name, const int64_t *vals, intptr_t n, int64_t bound) {
  for (intptr_t i = 0; i < n; ++i) {
    if (!gi_in_range(c, name, vals[i], bound))
      return false;
    for (intptr_t j = 0; j < i; ++j)
      if (vals[j] == vals[i])
        return gi_fail(c, "'%s' contains %lld more than once", name, (long long)vals[i]);
  }
  return true;
}

/* A scalar IntegerAttr/FloatAttr whose type is the element type `elem`. */
bool gi_attr_scalar_of(ctx_t *c, const char *name, MlirType elem, MlirAttribute *out) {
  MlirAttribute a = gi_attr(c, name);
  if (mlirAttributeIsNull(a))
    return false; /* IRDL requires it */
  if (!mlirTypeEqual(mlirAttributeGetType(a), elem)) {
    char sa[STR], se[STR];
    return gi_fail(c, "'%s' type %s does not match element type %s", name,
                   gi_type_str(mlirAttributeGetType(a), sa), gi_type_str(elem, se));
  }
  *out = a;
  return true;
}

/* The index of string attribute `name` in choices[0..n). */
bool gi_attr_choice(ctx_t *c, const char *name, const char *const *choices, int n, int *index) {
  MlirStringRef v = gi_attr_str(c, name);
  char list[STR] = "";
  for (int i = 0; i < n; ++i) {
    if (strlen(choices[i]) == v.length && memcmp(choices[i], v.data, v.length) == 0) {
      *index = i;
      return true;
    }
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s\"%s\"", i ? ", " : "", choices[i]);
  }
  return gi_fail(c, "'%s' must be one of %s, got \"%.*s\"", name, list, (int)v.length, v.data);
}

/* A layout attribute whose primal axes are exactly `primals` (NULL: any). */
bool gi_attr_layout(ctx_t *c, const char *name, const char *primals, layout_t *l) {
  MlirStringRef v = gi_attr_str(c, name);
  if (!strata_graph_layout_parse(v, l))
    return gi_fail(c, "'%s' is not a valid layout: \"%.*s\"", name, (int)v.length, v.data);
  if (primals && !strata_graph_layout_has_primals(l, primals))
    return gi_fail(c, "'%s' must have the axes %s, each once (e.g. \"%s\"), got \"%.*s\"", name,
                   primals, primals, (int)v.length, v.data);
  return true;
}

/* Operand shape `s` (named `name`) is laid out as `l` (attribute `lname`):
 * one dim per axis, each block dim equal to its block size. */
bool gi_shape_in_layout(ctx_t *c, const char *name, const shape_t *s, const char *lname,
                        const layout_t *l) {
  if (s->rank != l->rank)
    return gi_fail(c, "operand '%s' has rank %lld but '%s' has %d axes", name, (long long)s->rank,
                   lname, l->rank);
  for (int d = 0; d < l->rank; ++d)
    if (l->blocks[d] && !gi_dims_agree(s->dims[d], l->blocks[d]))
      return gi_fail(c, "dimension %d of operand '%s' must be %lld (block '%c' of '%s'), got %lld",
                     d, name, (long long)l->blocks[d], l->axes[d], lname, (long long)s->dims[d]);
  return true;
}

/* The physical shape in layout `l` (attribute `lname`) of logical sizes. */
bool gi_to_physical(ctx_t *c, const layout_t *l, const char *lname, const int64_t logical[26],
                    shape_t *out) {
  char axis = 0;
  if (!strata_graph_layout_from_logical(l, logical, out, &axis))
    return gi_fail(c, "size %lld of axis '%c' is not divisible by its block %lld in '%s'",
                   (long long)logical[axis - 'A'], axis,
                   (long long)strata_graph_layout_block(l, axis), lname);
  return true;
}
