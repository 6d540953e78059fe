/* convert-graph-to-te for the table ops, calls of the runtime's table
 * kernels (runtime/table_kernels.h) through g2t_call_buffer_kernel on
 * flattened (collapsed) operands:
 *   graph.unique            the input's elements as int64 (integers
 *                           sign-extended, floats as the bits of their f64
 *                           value: an elementwise compute "unique_key"),
 *                           then strata_unique with [outer, len, inner]
 *                           around the axis, sorted and the part; the
 *                           values part comes back in that encoding and is
 *                           decoded by a compute "unique_value", then
 *                           expanded to the result's shape
 *   graph.tfidf_vectorizer  i32 input sign-extended to i64 (string handles
 *                           as they are), the pool, ngram_counts,
 *                           ngram_indexes and weights as constants, the
 *                           lengths and mode as scalars; the f32 result is
 *                           expanded to [N, M] for a 2-D input
 *   graph.label_lookup      the input as int64 (as for unique; string
 *                           handles as they are), the keys as an i64
 *                           constant (f64 keys as bits) or, for strings,
 *                           as bytes; strata_label_lookup, expanded back. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "lowering/graph_to_te.h"
#include "runtime/table_kernels.h"
#include "strata/diagnostics.h"

MlirValue g2t_flatten(g2t_t *g, MlirValue v) {
  strata_graph_shape_t s = g2t_shape(v);
  if (s.rank == 1)
    return v;
  int64_t total = strata_graph_num_elements(&s);
  int64_t group = s.rank;
  return g2t_collapse(g, v, &total, 1, &group);
}

/* v (1-D) converted elementwise by a compute `name` between element type
 * t and i64 (to i64 when `to_i64`, else back): integers widened (or cut),
 * floats as the bits of their f64 value; v itself when t is i64. */
static MlirValue convert_i64(g2t_t *g, const char *name, MlirValue v, MlirType t, bool to_i64) {
  MlirType i64 = mlirIntegerTypeGet(g->ctx, 64), f64 = mlirF64TypeGet(g->ctx);
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 64)
    return v;
  strata_graph_shape_t s = g2t_shape(v);
  g2t_compute_t c = g2t_compute_begin(g, name, g2t_tensor(&s, to_i64 ? i64 : t), NULL, 0, NULL,
                                      NULL, NULL, (MlirAttribute){NULL});
  MlirValue e = g2t_read(&c, v, c.idx);
  bool narrow_float = mlirTypeIsAFloat(t) && !mlirTypeIsAF64(t);
  if (mlirTypeIsAFloat(t) && to_i64) {
    if (narrow_float)
      e = g2t_cast(&c.in, "arith.extf", e, f64);
    e = g2t_cast(&c.in, "arith.bitcast", e, i64);
  } else if (mlirTypeIsAFloat(t)) {
    e = g2t_cast(&c.in, "arith.bitcast", e, f64);
    if (narrow_float)
      e = g2t_cast(&c.in, "arith.truncf", e, t);
  } else if (to_i64) {
    e = g2t_cast(&c.in, mlirIntegerTypeGetWidth(t) == 1 ? "arith.extui" : "arith.extsi", e, i64);
  } else {
    e = g2t_cast(&c.in, "arith.trunci", e, t);
  }
  return g2t_compute_end(&c, e);
}

static MlirValue to_i64(g2t_t *g, const char *name, MlirValue v) {
  return convert_i64(g, name, v, g2t_elem(v), true);
}

static MlirValue from_i64(g2t_t *g, const char *name, MlirValue v, MlirType t) {
  return convert_i64(g, name, v, t, false);
}

/* ---- graph.unique -------------------------------------------------------------- */

MlirLogicalResult g2t_lower_unique(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  if (!g2t_kernel_static_shapes(g))
    return mlirLogicalResultFailure();
  MlirType elem = g2t_elem(x);
  if (!mlirTypeIsAFloat(elem) && !mlirTypeIsAInteger(elem)) {
    char buf[64];
    return strata_emit_error(g->op, "element type %s is not supported by Unique's kernel",
                             strata_type_str(elem, buf, sizeof buf));
  }
  strata_graph_shape_t s = g2t_shape(x), rs;
  strata_graph_shape_from_type(rtype, &rs);
  int64_t outer = 1, len = strata_graph_num_elements(&s), inner = 1;
  MlirAttribute axis_attr = g2t_attr(g->op, "axis");
  if (!mlirAttributeIsNull(axis_attr))
    strata_graph_axis_split(&s, (intptr_t)mlirIntegerAttrGetValueInt(axis_attr), &outer, &len,
                            &inner);
  static const char *const parts[] = {"values", "indices", "inverse", "counts"};
  MlirStringRef part_name = mlirStringAttrGetValue(g2t_attr(g->op, "part"));
  int64_t part = 0;
  while (part < 3 && !strata_str_eq(part_name, parts[part]))
    ++part;

  MlirType i64 = mlirIntegerTypeGet(g->ctx, 64);
  MlirValue keys = to_i64(g, "unique_key", g2t_flatten(g, x));
  double scalars[6] = {mlirTypeIsAFloat(elem) ? STRATA_UNIQUE_FLOAT : STRATA_UNIQUE_INTEGER,
                       (double)outer,
                       (double)len,
                       (double)inner,
                       g2t_attr_bool(g->op, "sorted") ? 1 : 0,
                       (double)part};
  MlirValue args[7] = {keys};
  for (int k = 0; k < 6; ++k)
    args[k + 1] = g2t_scalar(&g->b, i64, scalars[k]);
  int64_t count = strata_graph_num_elements(&rs);
  MlirType result = mlirRankedTensorTypeGet(1, &count, i64, mlirAttributeGetNull());
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_unique", 7, args, 1, &result, &r);
  if (part == STRATA_UNIQUE_VALUES) {
    r = from_i64(g, "unique_value", r, elem);
    if (rs.rank != 1)
      r = g2t_expand(g, r, rtype, 1, (const int64_t[]){rs.rank});
  }
  *out = r;
  return mlirLogicalResultSuccess();
}

/* ---- graph.tfidf_vectorizer ---------------------------------------------------- */

/* A 1-D constant of the values of a dense array attribute (i64 or f32). */
static MlirValue array_constant(g2t_t *g, MlirAttribute a, bool is_f32) {
  int64_t n = mlirDenseArrayGetNumElements(a);
  MlirType elem = is_f32 ? mlirF32TypeGet(g->ctx) : mlirIntegerTypeGet(g->ctx, 64);
  MlirType type = mlirRankedTensorTypeGet(1, &n, elem, mlirAttributeGetNull());
  void *vals = malloc((size_t)(n + 1) * 8);
  for (int64_t k = 0; k < n; ++k)
    if (is_f32)
      ((float *)vals)[k] = mlirDenseF32ArrayGetElement(a, (intptr_t)k);
    else
      ((int64_t *)vals)[k] = mlirDenseI64ArrayGetElement(a, (intptr_t)k);
  MlirAttribute dense = is_f32 ? mlirDenseElementsAttrFloatGet(type, (intptr_t)n, vals)
                               : mlirDenseElementsAttrInt64Get(type, (intptr_t)n, vals);
  free(vals);
  MlirNamedAttribute value = strata_named(g->ctx, "value", dense);
  return strata_build_value(&g->b, "arith.constant", 0, NULL, type, 1, &value);
}

MlirLogicalResult g2t_lower_tfidf_vectorizer(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  if (!g2t_kernel_static_shapes(g))
    return mlirLogicalResultFailure();
  strata_graph_shape_t s = g2t_shape(x), rs;
  strata_graph_shape_from_type(rtype, &rs);
  int64_t rows = s.rank == 2 ? s.dims[0] : 1;
  /* After string retyping a string input is i64 handles: pool_strings
   * tells them apart from integers. */
  MlirAttribute strings = g2t_attr(g->op, "pool_strings");
  bool is_string = !mlirAttributeIsNull(strings);
  MlirValue ints = array_constant(g, is_string ? mlirDenseI64ArrayGet(g->ctx, 0, NULL)
                                               : g2t_attr(g->op, "pool_int64s"),
                                  false);
  MlirValue bytes = g2t_string_bytes(g, is_string ? strings : mlirArrayAttrGet(g->ctx, 0, NULL));
  MlirStringRef mode_name = mlirStringAttrGetValue(g2t_attr(g->op, "mode"));
  int64_t mode = strata_str_eq(mode_name, "IDF")     ? STRATA_TFIDF_IDF
                 : strata_str_eq(mode_name, "TFIDF") ? STRATA_TFIDF_TFIDF
                                                     : STRATA_TFIDF_TF;
  MlirType i64 = mlirIntegerTypeGet(g->ctx, 64);
  MlirValue args[12] = {
      to_i64(g, "tfidf_input", g2t_flatten(g, x)),
      g2t_scalar(&g->b, i64, (double)rows),
      g2t_scalar(&g->b, i64, is_string ? 1 : 0),
      ints,
      bytes,
      array_constant(g, g2t_attr(g->op, "ngram_counts"), false),
      array_constant(g, g2t_attr(g->op, "ngram_indexes"), false),
      array_constant(g, g2t_attr(g->op, "weights"), true),
      g2t_scalar(&g->b, i64, (double)g2t_attr_int(g->op, "min_gram_length")),
      g2t_scalar(&g->b, i64, (double)g2t_attr_int(g->op, "max_gram_length")),
      g2t_scalar(&g->b, i64, (double)g2t_attr_int(g->op, "max_skip_count")),
      g2t_scalar(&g->b, i64, (double)mode),
  };
  int64_t count = strata_graph_num_elements(&rs);
  MlirType result = mlirRankedTensorTypeGet(1, &count, mlirF32TypeGet(g->ctx),
                                            mlirAttributeGetNull());
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_tfidf_vectorizer", 12, args, 1, &result, &r);
  if (rs.rank == 2)
    r = g2t_expand(g, r, rtype, 1, (const int64_t[]){2});
  *out = r;
  return mlirLogicalResultSuccess();
}

/* ---- graph.label_lookup ---------------------------------------------------------- */

/* The keys as the kernel takes them: numbers as i64 (f64 keys as their
 * bits), string keys as bytes with `count` placeholder i64 entries. */
static void lookup_keys(g2t_t *g, MlirAttribute keys, MlirValue *ints, MlirValue *bytes,
                        int64_t *kind) {
  if (mlirAttributeIsAArray(keys)) {
    intptr_t n = mlirArrayAttrGetNumElements(keys);
    int64_t *zeros = calloc((size_t)n + 1, sizeof *zeros);
    *ints = array_constant(g, mlirDenseI64ArrayGet(g->ctx, n, zeros), false);
    free(zeros);
    *bytes = g2t_string_bytes(g, keys);
    *kind = STRATA_LOOKUP_STRING;
    return;
  }
  *bytes = g2t_string_bytes(g, mlirArrayAttrGet(g->ctx, 0, NULL));
  if (mlirAttributeIsADenseI64Array(keys)) {
    *ints = array_constant(g, keys, false);
    *kind = STRATA_UNIQUE_INTEGER;
    return;
  }
  intptr_t n = mlirDenseArrayGetNumElements(keys);
  int64_t *bits = malloc(sizeof *bits * ((size_t)n + 1));
  for (intptr_t k = 0; k < n; ++k) {
    double v = mlirDenseF64ArrayGetElement(keys, k);
    memcpy(&bits[k], &v, sizeof v);
  }
  *ints = array_constant(g, mlirDenseI64ArrayGet(g->ctx, n, bits), false);
  free(bits);
  *kind = STRATA_UNIQUE_FLOAT;
}

MlirLogicalResult g2t_lower_label_lookup(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  if (!g2t_kernel_static_shapes(g))
    return mlirLogicalResultFailure();
  strata_graph_shape_t rs;
  strata_graph_shape_from_type(rtype, &rs);
  if (rs.rank == 0)
    return strata_emit_error(g->op, "a 0-d input is not supported by the lookup kernel (reshape "
                                    "it to [1])");
  MlirValue ints, bytes;
  int64_t kind;
  lookup_keys(g, g2t_attr(g->op, "keys"), &ints, &bytes, &kind);
  MlirType i64 = mlirIntegerTypeGet(g->ctx, 64);
  MlirValue args[4] = {to_i64(g, "lookup_input", g2t_flatten(g, x)),
                       g2t_scalar(&g->b, i64, (double)kind), ints, bytes};
  int64_t count = strata_graph_num_elements(&rs);
  MlirType result = mlirRankedTensorTypeGet(1, &count, i64, mlirAttributeGetNull());
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_label_lookup", 4, args, 1, &result, &r);
  if (rs.rank != 1)
    r = g2t_expand(g, r, rtype, 1, (const int64_t[]){rs.rank});
  *out = r;
  return mlirLogicalResultSuccess();
}
