/* ONNX operators of domain ai.onnx.ml (classical machine learning) ->
 * graph dialect, composed from graph ops so they compile to tensor code:
 *   Binarizer              x > threshold (graph.greater), cast to x's type
 *   ArrayFeatureExtractor  graph.gather of the flattened indices along the
 *                          last axis (a 1-D x gives [1, k], as onnxruntime)
 *   LabelEncoder           graph.label_lookup (each element's key position,
 *                          -1 when absent) -> where(pos < 0, V, pos) ->
 *                          graph.gather from a constant of the V values
 *                          followed by the default; keys and values from
 *                          the *_strings / *_int64s / *_floats attributes
 *                          or keys_tensor / values_tensor (opset 4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

/* ---- Binarizer, ArrayFeatureExtractor -------------------------------------- */

static bool map_binarizer(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  MlirType elem = onnx_elem(x);
  if (!mlirTypeIsAFloat(elem) && !mlirTypeIsAInteger(elem))
    return onnx_error(n, "input 'X' must be a float or integer tensor");
  double threshold = 0;
  const Onnx__AttributeProto *t = onnx_attr(n, "threshold");
  if (t)
    threshold = t->f;
  MlirValue above = onnx_binary(n, "graph.greater", x, onnx_splat_like(n, x, threshold));
  return onnx_out(n, onnx_cast_to(n, above, elem));
}

static bool map_array_feature_extractor(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = onnx_input(n, 0), y = onnx_input(n, 1);
  if (mlirValueIsNull(x) || mlirValueIsNull(y))
    return false;
  strata_graph_shape_t xs, ys;
  onnx_shape(x, &xs);
  onnx_shape(y, &ys);
  int64_t k = strata_graph_num_elements(&ys);
  if (xs.rank < 1 || k < 0)
    return onnx_error(n, "input 'X' must have rank >= 1 and 'Y' a static shape");
  MlirType ye = onnx_elem(y);
  if (!mlirTypeIsAInteger(ye) || mlirIntegerTypeGetWidth(ye) != 64)
    return onnx_error(n, "input 'Y' must be an int64 tensor");
  if (ys.rank != 1)
    y = onnx_reshape(n, y, 1, &k);
  MlirValue r = onnx_gather(n, x, y, xs.rank - 1);
  if (!mlirValueIsNull(r) && xs.rank == 1)
    r = onnx_reshape(n, r, 2, (const int64_t[]){1, k});
  return onnx_out(n, r);
}

/* ---- LabelEncoder ------------------------------------------------------------- */

/* A list of keys or values: from a tensor attribute (kind the ONNX type of
 * its elements) or a list attribute. */
typedef struct {
  int32_t type; /* ONNX element type; 0 when absent */
  onnx_const_t c; /* owned */
} ml_list_t;

/* The list of the first attribute present among `<prefix>_tensor`,
 * `<prefix>_strings`, `<prefix>_int64s`, `<prefix>_floats`. */
static bool read_list(onnx_node_t *n, const char *prefix, ml_list_t *out) {
  memset(out, 0, sizeof *out);
  char name[64];
  snprintf(name, sizeof name, "%s_tensor", prefix);
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  if (a && a->t) {
    char err[160];
    if (!onnx_const_from_proto(a->t, &out->c, err, sizeof err))
      return onnx_error(n, "attribute '%s': %s", name, err);
    out->type = out->c.onnx_type;
    return true;
  }
  static const struct {
    const char *suffix;
    int32_t type;
  } kinds[] = {{"strings", ONNX__TENSOR_PROTO__DATA_TYPE__STRING},
               {"int64s", ONNX__TENSOR_PROTO__DATA_TYPE__INT64},
               {"floats", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT}};
  for (size_t k = 0; k < 3; ++k) {
    snprintf(name, sizeof name, "%s_%s", prefix, kinds[k].suffix);
    if (!(a = onnx_attr(n, name)))
      continue;
    size_t count = k == 0 ? a->n_strings : k == 1 ? a->n_ints : a->n_floats;
    Onnx__TensorProto tp = ONNX__TENSOR_PROTO__INIT;
    int64_t dim = (int64_t)count;
    tp.n_dims = 1;
    tp.dims = &dim;
    tp.data_type = kinds[k].type;
    tp.n_string_data = k == 0 ? count : 0;
    tp.string_data = k == 0 ? a->strings : NULL;
    tp.n_int64_data = k == 1 ? count : 0;
    tp.int64_data = k == 1 ? a->ints : NULL;
    tp.n_float_data = k == 2 ? count : 0;
    tp.float_data = k == 2 ? a->floats : NULL;
    char err[160];
    if (!onnx_const_from_proto(&tp, &out->c, err, sizeof err))
      return onnx_error(n, "attribute '%s': %s", name, err);
    out->type = kinds[k].type;
    return true;
  }
  return onnx_error(n, "one of the attributes %s_tensor, %s_strings, %s_int64s, %s_floats is "
                       "required",
                    prefix, prefix, prefix, prefix);
}

/* The keys as label_lookup's attribute for input elements `elem`. */
static bool keys_attr(onnx_node_t *n, const ml_list_t *keys, MlirType elem, MlirAttribute *out) {
  bool str = keys->type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING;
  bool flt = !str && keys->type != ONNX__TENSOR_PROTO__DATA_TYPE__INT64 &&
             keys->type != ONNX__TENSOR_PROTO__DATA_TYPE__INT32 &&
             keys->type != ONNX__TENSOR_PROTO__DATA_TYPE__INT16 &&
             keys->type != ONNX__TENSOR_PROTO__DATA_TYPE__INT8;
  bool in_str = strata_graph_is_string(elem), in_flt = mlirTypeIsAFloat(elem);
  if (str != in_str || (!str && flt != in_flt))
    return onnx_error(n, "the keys (ONNX type %s) do not match input 'X's element type",
                      onnx_type_name(keys->type));
  int64_t nk = keys->c.numel;
  if (str) {
    MlirAttribute *list = malloc(sizeof *list * (size_t)(nk + 1));
    for (int64_t k = 0; k < nk; ++k)
      list[k] = mlirStringAttrGet(n->ctx, mlirStringRefCreateFromCString(
                                              onnx_const_get_s(&keys->c, k)));
    *out = mlirArrayAttrGet(n->ctx, (intptr_t)nk, list);
    free(list);
    return true;
  }
  void *vals = malloc(8 * (size_t)(nk + 1));
  for (int64_t k = 0; k < nk; ++k)
    if (flt)
      ((double *)vals)[k] = onnx_const_get_f(&keys->c, k);
    else
      ((int64_t *)vals)[k] = onnx_const_get_i(&keys->c, k);
  *out = flt ? mlirDenseF64ArrayGet(n->ctx, (intptr_t)nk, vals)
             : mlirDenseI64ArrayGet(n->ctx, (intptr_t)nk, vals);
  free(vals);
  return true;
}

/* The values followed by the default, [V + 1], as a graph.constant. */
static MlirValue table_constant(onnx_node_t *n, const ml_list_t *values) {
  int64_t nv = values->c.numel;
  int32_t type = values->type;
  onnx_const_t t = {type, {1, {nv + 1}}, nv + 1, NULL};
  const Onnx__AttributeProto *dt = onnx_attr(n, "default_tensor");
  onnx_const_t def = {0};
  char err[160];
  if (dt && dt->t && !onnx_const_from_proto(dt->t, &def, err, sizeof err)) {
    onnx_error(n, "attribute 'default_tensor': %s", err);
    return (MlirValue){NULL};
  }
  if (def.data && (def.onnx_type != type || def.numel != 1)) {
    onnx_const_free(&def);
    onnx_error(n, "'default_tensor' must hold one value of the values' type");
    return (MlirValue){NULL};
  }
  if (type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING) {
    char buf[256];
    const char *d = def.data ? onnx_const_get_s(&def, 0)
                             : onnx_attr_string(n, "default_string", "_Unused", buf, sizeof buf);
    size_t bytes = strlen(d) + 1;
    for (int64_t k = 0; k < nv; ++k)
      bytes += strlen(onnx_const_get_s(&values->c, k)) + 1;
    t.data = malloc(sizeof(char *) * (size_t)(nv + 1) + bytes);
    char **ptrs = t.data, *at = (char *)(ptrs + nv + 1);
    for (int64_t k = 0; k <= nv; ++k) {
      const char *s = k < nv ? onnx_const_get_s(&values->c, k) : d;
      size_t len = strlen(s) + 1;
      memcpy(at, s, len);
      ptrs[k] = at;
      at += len;
    }
  } else {
    t.data = calloc((size_t)(nv + 1), onnx_type_size(type));
    for (int64_t k = 0; k < nv; ++k)
      onnx_const_set_f(&t, k, onnx_const_get_f(&values->c, k));
    bool integer = type != ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT &&
                   type != ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE &&
                   type != ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16;
    if (integer) /* exact, not through double */
      for (int64_t k = 0; k <= nv; ++k)
        onnx_const_set_i(&t, k,
                         k < nv ? onnx_const_get_i(&values->c, k)
                         : def.data ? onnx_const_get_i(&def, 0)
                                    : onnx_attr_int(n, "default_int64", -1));
    else
      onnx_const_set_f(&t, nv,
                       def.data ? onnx_const_get_f(&def, 0)
                       : onnx_attr(n, "default_float") ? onnx_attr(n, "default_float")->f
                                                       : -0.0);
  }
  onnx_const_free(&def);
  MlirValue v = onnx_constant(n->imp, &n->b, &t, NULL);
  onnx_const_free(&t);
  return v;
}

static bool map_label_encoder(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  ml_list_t keys, values;
  if (!read_list(n, "keys", &keys))
    return false;
  if (!read_list(n, "values", &values)) {
    onnx_const_free(&keys.c);
    return false;
  }
  MlirAttribute kattr = {NULL};
  bool ok = keys.c.numel == values.c.numel;
  if (!ok)
    onnx_error(n, "%lld keys but %lld values", (long long)keys.c.numel,
               (long long)values.c.numel);
  ok = ok && keys_attr(n, &keys, onnx_elem(x), &kattr);
  MlirValue table = ok ? table_constant(n, &values) : (MlirValue){NULL};
  int64_t nv = values.c.numel;
  onnx_const_free(&keys.c);
  onnx_const_free(&values.c);
  if (mlirValueIsNull(table))
    return false;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (s.rank == 0)
    x = onnx_reshape(n, x, 1, (const int64_t[]){1});
  MlirNamedAttribute a = strata_named(n->ctx, "keys", kattr);
  MlirValue pos = onnx_build(n, "graph.label_lookup", 1, &x, NULL_TYPE, 1, &a);
  MlirValue missing = onnx_binary(n, "graph.less", pos, onnx_splat_like(n, pos, 0));
  MlirValue ops[3] = {missing, onnx_splat_like(n, pos, (double)nv), pos};
  MlirValue at = mlirValueIsNull(missing) ? missing
                                          : onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0,
                                                       NULL);
  MlirValue r = mlirValueIsNull(at) ? at : onnx_gather(n, table, at, 0);
  if (!mlirValueIsNull(r) && s.rank == 0)
    r = onnx_reshape(n, r, 0, NULL);
  return onnx_out(n, r);
}

const onnx_mapping_t strata_onnx_ml_ops[] = {
    {"Binarizer", map_binarizer},
    {"ArrayFeatureExtractor", map_array_feature_extractor},
    {"LabelEncoder", map_label_encoder},
    {NULL, NULL},
};
