/* ONNX operators on string tensors (!graph.string elements): StringNormalizer,
 * and the list of operators that may take a string input at all (the
 * importer checks every node against it, so that an operator without string
 * semantics, Relu say, gets a located error rather than IR that fails
 * later). Cast and CastLike to and from STRING are graph.cast
 * (import_elementwise.c); operators that only move elements (Reshape,
 * Transpose, Concat, Gather, ...) work on strings as on any element type. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "frontends/onnx/onnx_internal.h"
#include "runtime/string_kernels.h"

const char *const strata_onnx_string_input_ops[] = {
    "Cast",    "CastLike", "StringNormalizer", "Identity", "Reshape", "Squeeze",
    "Unsqueeze", "Flatten", "Transpose", "Concat",   "Slice",   "Gather",
    "Shape",   "Size",     "TfIdfVectorizer", NULL};

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

const onnx_mapping_t strata_onnx_string_ops[] = {
    {"StringNormalizer", map_string_normalizer},
    {NULL, NULL},
};
