/* Shape inference of the graph dialect's string and table family: string
 * normalisation, concatenation and splitting, regex matching, label lookup,
 * unique, image decoding and TF-IDF. Helpers: graph_infer.h. */
#include "dialects/graph/graph_infer.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked_math.h"
#include "core/text.h"

/* ---- Strings ------------------------------------------------------------- */

/* string_normalizer: input [C] or [1, C] of !graph.string -> [?] or [1, ?]
 * (the kept count is data-dependent: any static size is accepted). */
static bool infer_string_normalizer(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const actions[] = {"NONE", "LOWER", "UPPER"};
  shape_t x;
  int action;
  bool sensitive;
  if (!gi_operand_shape(c, 0, "input", &x) ||
      !gi_attr_choice(c, "case_change_action", actions, 3, &action) ||
      !gi_attr_bool(c, "is_case_sensitive", &sensitive))
    return false;
  char s[STR];
  if (!strata_graph_is_string(*elem))
    return gi_fail(c, "operand 'input' must be a tensor of !graph.string, got %s",
                   gi_type_str(*elem, s));
  if (x.rank != 1 && !(x.rank == 2 && gi_dims_agree(x.dims[0], 1)))
    return gi_fail(c, "operand 'input' must have shape [C] or [1, C], got %s", gi_shape_str(&x, s));
  MlirAttribute words = gi_attr(c, "stopwords");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(words); ++i)
    if (!mlirAttributeIsAString(mlirArrayAttrGetElement(words, i)))
      return gi_fail(c, "'stopwords' must be an array of strings (element %ld is not)", (long)i);
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
  return gi_fail(c, "operand '%s' must be a tensor of !graph.string, got %s", name,
                 gi_type_str(elem, s));
}

/* string_concat: lhs, rhs of !graph.string, broadcasting. */
static bool infer_string_concat(ctx_t *c, shape_t *out, MlirType *elem) {
  return gi_infer_broadcast(c, out, elem) && expect_string(c, "lhs", *elem);
}

/* string_split: input [...] -> pieces [..., ?] (strings) or counts [...] (i64). */
static bool infer_string_split(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const parts[] = {"pieces", "counts"};
  int part;
  int64_t maxsplit;
  if (!gi_operand_shape(c, 0, "input", out) || !expect_string(c, "input", *elem) ||
      !gi_attr_choice(c, "part", parts, 2, &part) || !gi_attr_i64(c, "maxsplit", &maxsplit))
    return false;
  if (part == 1) {
    *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
    return true;
  }
  if (out->rank >= STRATA_GRAPH_MAX_RANK)
    return gi_fail(c, "operand 'input' has rank %lld; the pieces need one more dim (at most %d)",
                   (long long)out->rank, STRATA_GRAPH_MAX_RANK);
  out->dims[out->rank++] = DYN;
  return true;
}

/* regex_full_match: input [...] of strings -> i1 [...] (IRDL checks that
 * the pattern is a string; the ONNX importer, that it translates). */
static bool infer_regex_full_match(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!gi_operand_shape(c, 0, "input", out) || !expect_string(c, "input", *elem))
    return false;
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 1);
  return true;
}

/* label_lookup: input [...] (strings, integers or floats) with keys of the
 * matching kind -> i64 [...]. */
static bool infer_label_lookup(ctx_t *c, shape_t *out, MlirType *elem) {
  if (!gi_operand_shape(c, 0, "input", out))
    return false;
  MlirAttribute keys = gi_attr(c, "keys");
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
    return gi_fail(c,
                   "operand 'input' must be a tensor of !graph.string, signless integers or "
                   "floats, got %s",
                   gi_type_str(*elem, s));
  }
  if (!ok)
    return gi_fail(c, "'keys' must be %s for %s input", want, gi_type_str(*elem, s));
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
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_expect_min_rank(c, "input", &x, 1) ||
      !gi_attr_choice(c, "part", parts, 4, &part) || !gi_attr_bool(c, "sorted", &sorted))
    return false;
  char s[STR];
  if (!mlirTypeIsAFloat(*elem) && !mlirTypeIsAInteger(*elem))
    return gi_fail(c, "operand 'input' must have integer or float elements, got %s",
                   gi_type_str(*elem, s));
  int64_t total = strata_graph_num_elements(&x);
  if (total < 0)
    return gi_fail(c, "operand 'input' must have a static shape, got %s", gi_shape_str(&x, s));
  bool has_axis = !mlirAttributeIsNull(gi_attr(c, "axis"));
  int64_t axis = 0;
  if (has_axis && (!gi_attr_i64(c, "axis", &axis) || !gi_in_range(c, "axis", axis, x.rank)))
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
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_expect_rank(c, "input", &x, 1) ||
      !gi_attr_choice(c, "pixel_format", formats, 3, &format))
    return false;
  if (!mlirTypeIsAInteger(*elem) || mlirIntegerTypeGetWidth(*elem) != 8 || x.dims[0] == DYN)
    return gi_fail(c, "operand 'input' must be a static 1-D tensor of 8-bit integers, got %s",
                   gi_type_str(mlirValueGetType(mlirOperationGetOperand(c->op, 0)), s));
  *out = (shape_t){3, {DYN, DYN, format == 2 ? 1 : 3}};
  return true;
}

/* Copies a non-empty array<i64> attribute's values into a new array
 * (freed by the caller); NULL after an error. */
static int64_t *attr_i64_list(ctx_t *c, const char *name, intptr_t *n) {
  MlirAttribute a = gi_attr(c, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a)) {
    gi_fail(c, "'%s' must be an array<i64: ...> attribute", name);
    return NULL;
  }
  *n = mlirDenseArrayGetNumElements(a);
  if (*n == 0) {
    gi_fail(c, "'%s' must not be empty", name);
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
  if (!mlirAttributeIsNull(gi_attr(c, other)))
    return gi_fail(c, "'%s' does not apply to %s input", other, is_string ? "string" : "integer");
  MlirAttribute pool = gi_attr(c, name);
  bool ok = !mlirAttributeIsNull(pool) &&
            (is_string ? mlirAttributeIsAArray(pool) : mlirAttributeIsADenseI64Array(pool));
  for (intptr_t i = 0; ok && is_string && i < mlirArrayAttrGetNumElements(pool); ++i)
    ok = mlirAttributeIsAString(mlirArrayAttrGetElement(pool, i));
  if (!ok)
    return gi_fail(c, "'%s' must be %s (the pool of %s input)", name,
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
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_choice(c, "mode", modes, 3, &mode) ||
      !gi_attr_i64(c, "min_gram_length", &min_len) ||
      !gi_attr_i64(c, "max_gram_length", &max_len) || !gi_attr_i64(c, "max_skip_count", &skip) ||
      !gi_at_least(c, "max_skip_count", &skip, 1, 0))
    return false;
  char s[STR];
  if (x.rank != 1 && x.rank != 2)
    return gi_fail(c, "operand 'input' must have shape [C] or [N, C], got %s", gi_shape_str(&x, s));
  bool is_string = strata_graph_is_string(*elem);
  if (!is_string &&
      !(mlirTypeIsAInteger(*elem) && mlirIntegerTypeIsSignless(*elem) &&
        (mlirIntegerTypeGetWidth(*elem) == 32 || mlirIntegerTypeGetWidth(*elem) == 64)))
    return gi_fail(c, "operand 'input' must be a tensor of i32, i64 or !graph.string, got %s",
                   gi_type_str(*elem, s));
  if (min_len < 1 || max_len < min_len)
    return gi_fail(c,
                   "'min_gram_length' (%lld) and 'max_gram_length' (%lld) must satisfy 1 <= min "
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
      return gi_fail(c,
                     "'ngram_counts' must be non-decreasing offsets into the pool of %lld items, "
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
    columns =
        indexes[i] >= columns ? (indexes[i] < INT64_MAX ? indexes[i] + 1 : INT64_MAX) : columns;
  bool negative = false;
  for (intptr_t i = 0; i < nindexes; ++i)
    negative |= indexes[i] < 0;
  free(indexes);
  if (negative)
    return gi_fail(c, "'ngram_indexes' values must be at least 0");
  if (nindexes != grams)
    return gi_fail(c,
                   "'ngram_indexes' must have one column per n-gram of the pool (%lld), got %lld",
                   (long long)grams, (long long)nindexes);
  MlirAttribute w = gi_attr(c, "weights");
  if (!mlirAttributeIsADenseF32Array(w))
    return gi_fail(c, "'weights' must be an array<f32: ...> attribute");
  intptr_t nweights = mlirDenseArrayGetNumElements(w);
  if (nweights != 0 && nweights != nindexes)
    return gi_fail(c, "'weights' must be empty or have one value per n-gram (%lld), got %lld",
                   (long long)nindexes, (long long)nweights);
  *out = x;
  out->dims[x.rank - 1] = columns;
  *elem = mlirF32TypeGet(mlirTypeGetContext(*elem));
  return true;
}

static const gi_rule_t rules[] = {
    {"string_normalizer", infer_string_normalizer}, {"string_concat", infer_string_concat},
    {"string_split", infer_string_split},           {"regex_full_match", infer_regex_full_match},
    {"label_lookup", infer_label_lookup},           {"unique", infer_unique},
    {"image_decode", infer_image_decode},           {"tfidf_vectorizer", infer_tfidf_vectorizer},
};

const gi_rule_table_t gi_text_rules = {rules, sizeof rules / sizeof rules[0]};
