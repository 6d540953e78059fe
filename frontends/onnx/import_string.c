/* ONNX operators on string tensors (!graph.string elements): StringNormalizer,
 * StringConcat, StringSplit and RegexFullMatch (opset 20), and the list of operators that may take a string input at all (the
 * importer checks every node against it, so that an operator without string
 * semantics, Relu say, gets a located error rather than IR that fails
 * later). Cast and CastLike to and from STRING are graph.cast
 * (import_elementwise.c); operators that only move elements (Reshape,
 * Transpose, Concat, Gather, ...) work on strings as on any element type. */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"
#include "runtime/string_kernels.h"
#include "runtime/text_kernels.h"

const char *const strata_onnx_string_input_ops[] = {
    "Cast",    "CastLike", "StringNormalizer", "Identity", "Reshape", "Squeeze",
    "Unsqueeze", "Flatten", "Transpose", "Concat",   "Slice",   "Gather",
    "Shape",   "Size",     "TfIdfVectorizer", "Equal", "StringConcat", "StringSplit",
    "RegexFullMatch", "LabelEncoder", "ArrayFeatureExtractor", NULL};

/* StringNormalizer: graph.string_normalizer. Its result length (the strings
 * that are not stopwords, at least 1) depends on the data: it is counted
 * here from the input's value known at import time (a bound graph input),
 * as NonZero's count is; the compiled model expects inputs keeping as many
 * strings (the kernel reports a mismatch on stderr). */
static bool map_string_normalizer(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  if (!strata_graph_is_string(mlirValueGetType(x)))
    return onnx_error(n, "input 'X' must be a string tensor");
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (!(s.rank == 1 || (s.rank == 2 && s.dims[0] == 1)))
    return onnx_error(n, "input 'X' must have shape [C] or [1, C]");
  char buf[16], lbuf[64];
  const char *action = onnx_attr_string(n, "case_change_action", "NONE", buf, sizeof buf);
  if (!action[0]) /* an empty value (as some exporters write) is the default */
    action = "NONE";
  if (strcmp(action, "NONE") && strcmp(action, "LOWER") && strcmp(action, "UPPER"))
    return onnx_error(n, "case_change_action must be NONE, LOWER or UPPER, got '%s'", action);
  const char *locale = onnx_attr_string(n, "locale", "", lbuf, sizeof lbuf);
  if (locale[0] && strncmp(locale, "en", 2) && strcmp(locale, "C"))
    return onnx_error(n, "locale '%s' is not supported (case is changed and compared for "
                         "ASCII letters, as in 'en_US' or 'C')",
                      locale);
  bool sensitive = onnx_attr_int(n, "is_case_sensitive", 0) != 0;
  const Onnx__AttributeProto *words = onnx_attr(n, "stopwords");
  const onnx_const_t *known = n->in_const[0];
  if (!known || known->onnx_type != ONNX__TENSOR_PROTO__DATA_TYPE__STRING)
    return onnx_error(n, "input 'X' must be known at import time (the number of strings it "
                         "keeps fixes the result's size)");
  /* The kernel's own count, on the stopwords as it gets them (NUL-terminated
   * back to back). */
  size_t count = words ? words->n_strings : 0, nbytes = 0;
  for (size_t k = 0; k < count; ++k)
    nbytes += words->strings[k].len + 1;
  char *bytes = malloc(nbytes + 1);
  const char **strings = malloc(sizeof *strings * (size_t)(known->numel + 1));
  for (size_t k = 0, at = 0; k < count; at += words->strings[k++].len + 1) {
    if (words->strings[k].len)
      memcpy(bytes + at, words->strings[k].data, words->strings[k].len);
    bytes[at + words->strings[k].len] = '\0';
  }
  for (int64_t i = 0; i < known->numel; ++i)
    strings[i] = onnx_const_get_s(known, i);
  int64_t flags = (!strcmp(action, "LOWER") ? STRATA_STRING_CASE_LOWER
                   : !strcmp(action, "UPPER") ? STRATA_STRING_CASE_UPPER
                                              : STRATA_STRING_CASE_NONE) |
                  (sensitive ? STRATA_STRING_CASE_SENSITIVE : 0);
  int64_t kept = strata_string_normalized_length(strings, known->numel, bytes, nbytes, flags);
  free(bytes);
  free(strings);
  strata_graph_shape_t r = s;
  r.dims[r.rank - 1] = kept;

  MlirAttribute *list = malloc(sizeof *list * (count + 1));
  for (size_t k = 0; k < count; ++k)
    list[k] = mlirStringAttrGet(n->ctx, mlirStringRefCreate((const char *)words->strings[k].data,
                                                            words->strings[k].len));
  MlirNamedAttribute attrs[3] = {
      onnx_str_attr(n, "case_change_action", action),
      onnx_bool_attr(n, "is_case_sensitive", sensitive),
      strata_named(n->ctx, "stopwords", mlirArrayAttrGet(n->ctx, (intptr_t)count, list)),
  };
  free(list);
  return onnx_out(n, onnx_build(n, "graph.string_normalizer", 1, &x,
                                strata_graph_shape_to_type(&r, onnx_elem(x)), 3, attrs));
}

/* ---- StringConcat, StringSplit, RegexFullMatch ------------------------------ */

/* Input i, which must be a string tensor (named `what`); null after an error. */
static MlirValue string_input(onnx_node_t *n, int i, const char *what) {
  if (!onnx_need_input(n, i))
    return (MlirValue){NULL};
  MlirValue x = onnx_input(n, i);
  if (mlirValueIsNull(x))
    return x;
  if (!strata_graph_is_string(mlirValueGetType(x))) {
    onnx_error(n, "input '%s' must be a string tensor", what);
    return (MlirValue){NULL};
  }
  return x;
}

/* String attribute `name` as its bytes (up to a NUL), "" when absent. */
static MlirStringRef attr_bytes(onnx_node_t *n, const char *name) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  if (!a || !a->s.len)
    return mlirStringRefCreate("", 0);
  const char *data = (const char *)a->s.data;
  return mlirStringRefCreate(data, strnlen(data, a->s.len));
}

/* x reshaped to [1] when it is 0-d (the string kernels take 1-D and up). */
static MlirValue at_least_1d(onnx_node_t *n, MlirValue x, strata_graph_shape_t *s) {
  onnx_shape(x, s);
  if (s->rank != 0)
    return x;
  int64_t one = 1;
  return onnx_reshape(n, x, 1, &one);
}

/* StringConcat: graph.string_concat (broadcasting). */
static bool map_string_concat(onnx_node_t *n) {
  MlirValue x = string_input(n, 0, "X"), y = string_input(n, 1, "Y");
  if (mlirValueIsNull(x) || mlirValueIsNull(y))
    return false;
  return onnx_out(n, onnx_binary(n, "graph.string_concat", x, y));
}

/* StringSplit: graph.string_split per output (Y the pieces, Z the counts).
 * The pieces' width (the most pieces of any string) depends on the data:
 * it is counted here from the input's value known at import time (a bound
 * graph input), by the kernel's own splitting, as StringNormalizer's
 * length is. */
static bool map_string_split(onnx_node_t *n) {
  MlirValue x = string_input(n, 0, "X");
  if (mlirValueIsNull(x))
    return false;
  const onnx_const_t *known = n->in_const[0];
  if (!known || known->onnx_type != ONNX__TENSOR_PROTO__DATA_TYPE__STRING)
    return onnx_error(n, "input 'X' must be known at import time (the most pieces a string "
                         "splits into fixes the output's width)");
  MlirStringRef delim = attr_bytes(n, "delimiter");
  int64_t maxsplit = onnx_attr(n, "maxsplit") ? onnx_attr_int(n, "maxsplit", -1) : -1;
  int64_t width = 0;
  for (int64_t i = 0; i < known->numel; ++i) {
    const char *str = onnx_const_get_s(known, i);
    int64_t c = strata_string_split_one(str, strlen(str), delim.data, delim.length, maxsplit,
                                        NULL, NULL);
    width = c > width ? c : width;
  }
  strata_graph_shape_t s, flat;
  x = at_least_1d(n, x, &s);
  if (mlirValueIsNull(x))
    return false;
  onnx_shape(x, &flat);
  if (flat.rank >= STRATA_GRAPH_MAX_RANK)
    return onnx_error(n, "input 'X' of rank %lld is not supported (the pieces add a dim; at most "
                         "%d)",
                      (long long)flat.rank, STRATA_GRAPH_MAX_RANK);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  for (int i = 0; i < 2 && i < onnx_num_outputs(n); ++i) {
    if (!n->node->output[i][0])
      continue;
    strata_graph_shape_t r = flat, want = s;
    if (i == 0) {
      r.dims[r.rank++] = width;
      want.dims[want.rank++] = width;
    }
    MlirNamedAttribute attrs[3] = {
        strata_named(n->ctx, "delimiter", mlirStringAttrGet(n->ctx, delim)),
        onnx_i64_attr(n, "maxsplit", maxsplit),
        onnx_str_attr(n, "part", i == 0 ? "pieces" : "counts"),
    };
    MlirValue v = onnx_build(n, "graph.string_split", 1, &x,
                             strata_graph_shape_to_type(&r, i == 0 ? onnx_elem(x) : i64), 3,
                             attrs);
    if (!mlirValueIsNull(v) && s.rank == 0)
      v = onnx_reshape(n, v, want.rank, want.dims);
    if (mlirValueIsNull(v))
      return false;
    onnx_set_output(n, i, v);
  }
  return true;
}

/* RegexFullMatch: graph.regex_full_match; the pattern must be in the RE2
 * subset runtime/text_kernels.h translates, and compile. */
static bool map_regex_full_match(onnx_node_t *n) {
  MlirValue x = string_input(n, 0, "X");
  if (mlirValueIsNull(x))
    return false;
  MlirStringRef pattern = attr_bytes(n, "pattern");
  char err[200];
  char *posix = strata_regex_to_posix(pattern.data, pattern.length, err, sizeof err);
  if (!posix)
    return onnx_error(n, "pattern '%.*s' is not supported: %s", (int)pattern.length,
                      pattern.data, err);
  regex_t re;
  int rc = regcomp(&re, posix, REG_EXTENDED | REG_NOSUB);
  free(posix);
  if (rc != 0) {
    regerror(rc, &re, err, sizeof err);
    return onnx_error(n, "pattern '%.*s' does not compile: %s", (int)pattern.length, pattern.data,
                      err);
  }
  regfree(&re);
  strata_graph_shape_t s;
  x = at_least_1d(n, x, &s);
  if (mlirValueIsNull(x))
    return false;
  MlirNamedAttribute attr = strata_named(n->ctx, "pattern", mlirStringAttrGet(n->ctx, pattern));
  MlirValue v = onnx_build(n, "graph.regex_full_match", 1, &x, (MlirType){NULL}, 1, &attr);
  if (!mlirValueIsNull(v) && s.rank == 0)
    v = onnx_reshape(n, v, 0, NULL);
  return onnx_out(n, v);
}

const onnx_mapping_t strata_onnx_string_ops[] = {
    {"StringNormalizer", map_string_normalizer},
    {"StringConcat", map_string_concat},
    {"StringSplit", map_string_split},
    {"RegexFullMatch", map_regex_full_match},
    {NULL, NULL},
};
