/* The ONNX importer's values (import_state.h, onnx_internal.h): the table
 * of ONNX value names -> SSA values, import-time constants or sequences
 * (open addressing on the name), the materialization of a constant as a
 * graph.constant on first use (inline dense, or a dense_resource blob the
 * context owns), and what a mapping reads and defines through its node:
 * errors, attributes, inputs (tensors, constants, sequences) and outputs. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/import_state.h"

/* ---------------------------------------------------------------------- */
/* Value table                                                             */

static uint64_t hash_str(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

onnx_value_t *onnx_value_lookup(onnx_importer_t *imp, const char *name) {
  if (!imp->cap)
    return NULL;
  for (size_t i = hash_str(name) & (imp->cap - 1);; i = (i + 1) & (imp->cap - 1)) {
    onnx_value_t *e = &imp->entries[i];
    if (!e->name)
      return NULL;
    if (!strcmp(e->name, name))
      return e;
  }
}

/* Returns the entry for name, creating (or replacing: SSA names in ONNX are
 * unique, but be robust) it. */
onnx_value_t *onnx_value_define(onnx_importer_t *imp, const char *name) {
  if (2 * (imp->count + 1) > imp->cap) {
    size_t old_cap = imp->cap;
    onnx_value_t *old = imp->entries;
    imp->cap = old_cap ? 2 * old_cap : 256;
    imp->entries = calloc(imp->cap, sizeof *imp->entries);
    imp->count = 0;
    for (size_t i = 0; i < old_cap; ++i) {
      if (!old[i].name)
        continue;
      size_t j = hash_str(old[i].name) & (imp->cap - 1);
      while (imp->entries[j].name)
        j = (j + 1) & (imp->cap - 1);
      imp->entries[j] = old[i];
      imp->count++;
    }
    free(old);
  }
  size_t i = hash_str(name) & (imp->cap - 1);
  while (imp->entries[i].name && strcmp(imp->entries[i].name, name))
    i = (i + 1) & (imp->cap - 1);
  onnx_value_t *e = &imp->entries[i];
  if (e->name) {
    if (e->has_const)
      onnx_const_free(&e->cst);
    onnx_seq_free(e->seq);
    free(e->name);
  } else {
    imp->count++;
  }
  memset(e, 0, sizeof *e);
  e->name = strdup(name);
  return e;
}

void onnx_value_table_free(onnx_importer_t *imp) {
  for (size_t i = 0; i < imp->cap; ++i) {
    if (!imp->entries[i].name)
      continue;
    free(imp->entries[i].name);
    if (imp->entries[i].has_const)
      onnx_const_free(&imp->entries[i].cst);
    onnx_seq_free(imp->entries[i].seq);
  }
  free(imp->entries);
}

/* ---------------------------------------------------------------------- */
/* Constants as graph.constant                                             */

static void free_blob(void *user, const void *data, size_t size, size_t align) {
  (void)data, (void)size, (void)align;
  free(user);
}

/* Resource names must be identifiers of a sort: keep [A-Za-z0-9_.]. */
static void resource_name(onnx_importer_t *imp, const char *hint, char *buf, size_t size) {
  size_t j = 0;
  for (const char *p = hint ? hint : ""; *p && j + 1 < size; ++p)
    buf[j++] = ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                (*p >= '0' && *p <= '9') || *p == '_' || *p == '.')
                   ? *p
                   : '_';
  buf[j] = '\0';
  if (!j || (buf[0] >= '0' && buf[0] <= '9') || buf[0] == '.')
    snprintf(buf, size, "onnx_const_%u", imp->resource_id++);
}

/* onnx_constant's error when its copy of the values cannot be allocated. */
static MlirValue constant_oom(strata_builder_t *b, const onnx_const_t *c) {
  char shape[128];
  strata_graph_shape_str(&c->shape, shape, sizeof shape);
  strata_emit_error_at(b->loc, "cannot allocate a constant of %lld elements (%s %s)",
                       (long long)c->numel, onnx_type_name(c->onnx_type), shape);
  return (MlirValue){NULL};
}

MlirValue onnx_constant(onnx_importer_t *imp, strata_builder_t *b, const onnx_const_t *c,
                        const char *name) {
  MlirType elem = onnx_elem_type(imp->ctx, c->onnx_type);
  MlirType type = strata_graph_shape_to_type(&c->shape, elem);
  size_t esize = onnx_type_size(c->onnx_type);
  size_t bytes = (size_t)c->numel * esize;
  bool splat = c->numel > 1;
  for (int64_t i = 1; splat && i < c->numel; ++i)
    splat = !memcmp((const char *)c->data, (const char *)c->data + (size_t)i * esize, esize);
  MlirAttribute value;
  if (c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING) {
    MlirStringRef *v = malloc(sizeof *v * (size_t)(c->numel ? c->numel : 1));
    if (!v)
      return constant_oom(b, c);
    for (int64_t i = 0; i < c->numel; ++i)
      v[i] = mlirStringRefCreateFromCString(onnx_const_get_s(c, i));
    value = mlirDenseElementsAttrStringGet(type, (intptr_t)c->numel, v);
    free(v);
  } else if (c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__BOOL) {
    int *v = malloc(sizeof(int) * (size_t)(c->numel ? c->numel : 1));
    if (!v)
      return constant_oom(b, c);
    for (int64_t i = 0; i < c->numel; ++i)
      v[i] = ((const uint8_t *)c->data)[i] != 0;
    value = mlirDenseElementsAttrBoolGet(type, (intptr_t)c->numel, v);
    free(v);
  } else if (onnx_narrow_bits(c->onnx_type)) {
    /* one byte per element, as MLIR stores these types: inline always */
    value = mlirDenseElementsAttrRawBufferGet(type, bytes, c->data);
  } else if (splat) {
    MlirAttribute s = mlirTypeIsAFloat(elem)
                          ? mlirFloatAttrDoubleGet(imp->ctx, elem, onnx_const_get_f(c, 0))
                          : mlirIntegerAttrGet(elem, onnx_const_get_i(c, 0));
    value = mlirDenseElementsAttrSplatGet(type, s);
  } else if (c->numel <= ONNX_INLINE_MAX_ELEMENTS) {
    value = mlirDenseElementsAttrRawBufferGet(type, bytes, c->data);
  } else {
    /* A blob owned by the context: MLIR calls free_blob when the context
     * (its resource manager) releases it, so the copy lives exactly as long
     * as any attribute referring to it. */
    char rname[128];
    resource_name(imp, name, rname, sizeof rname);
    void *copy = malloc(bytes);
    if (!copy)
      return constant_oom(b, c);
    memcpy(copy, c->data, bytes);
    value = mlirUnmanagedDenseResourceElementsAttrGet(
        type, mlirStringRefCreateFromCString(rname), copy, bytes, esize, false, free_blob, copy);
  }
  MlirNamedAttribute attr = strata_named(imp->ctx, "value", value);
  return strata_build_value(b, "graph.constant", 0, NULL, type, 1, &attr);
}

MlirValue onnx_value_materialize(onnx_importer_t *imp, onnx_value_t *e) {
  if (mlirValueIsNull(e->value) && e->has_const) {
    strata_builder_t b = {imp->body, {NULL}, e->loc};
    e->value = onnx_constant(imp, &b, &e->cst, e->name);
  }
  return e->value;
}

/* ---------------------------------------------------------------------- */
/* Node context helpers                                                    */

bool onnx_emit_errorv(MlirLocation loc, const char *fmt, va_list ap) {
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  mlirEmitError(loc, msg);
  return false;
}

bool onnx_error(onnx_node_t *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  onnx_emit_errorv(n->loc, fmt, ap);
  va_end(ap);
  return false;
}

bool onnx_failed(const onnx_node_t *n) { return n->imp->errors > n->errors_before; }

bool onnx_missing_value(onnx_node_t *n, const char *what) {
  if (onnx_failed(n))
    return false;
  return onnx_error(n, "cannot build %s: a value it needs is missing (an absent input, or one "
                       "that could not be computed)", what);
}

const Onnx__AttributeProto *onnx_attr(const onnx_node_t *n, const char *name) {
  for (size_t i = 0; i < n->node->n_attribute; ++i)
    if (n->node->attribute[i]->name && !strcmp(n->node->attribute[i]->name, name))
      return n->node->attribute[i];
  return NULL;
}

int64_t onnx_attr_int(const onnx_node_t *n, const char *name, int64_t def) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  return a ? a->i : def;
}

float onnx_attr_float(const onnx_node_t *n, const char *name, float def) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  return a ? a->f : def;
}

const char *onnx_attr_string(const onnx_node_t *n, const char *name, const char *def,
                             char *buf, size_t size) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  if (!a)
    return def;
  size_t len = a->s.len < size - 1 ? a->s.len : size - 1;
  if (len) /* an attribute without its string field has no data */
    memcpy(buf, a->s.data, len);
  buf[len] = '\0';
  return buf;
}

int onnx_attr_ints(onnx_node_t *n, const char *name, int64_t *out, int max) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  if (!a)
    return -1;
  if (a->n_ints > (size_t)max) {
    onnx_error(n, "attribute '%s' has %zu values, at most %d are supported", name, a->n_ints, max);
    return -2;
  }
  for (size_t i = 0; i < a->n_ints; ++i)
    out[i] = a->ints[i];
  return (int)a->n_ints;
}

MlirValue onnx_input(onnx_node_t *n, int i) {
  if (i >= n->num_inputs || !n->present[i])
    return (MlirValue){NULL};
  onnx_value_t *e = n->entry[i];
  if (e->seq) {
    onnx_error(n, "input %d ('%s') is %s, operator '%s' takes a tensor there", i, e->name,
               e->seq->optional ? "an optional" : "a sequence", n->node->op_type);
    return (MlirValue){NULL};
  }
  return onnx_value_materialize(n->imp, e);
}

MlirValue onnx_named_value(onnx_node_t *n, const char *name, const char *what) {
  onnx_value_t *e = onnx_value_lookup(n->imp, name);
  if (!e) {
    onnx_error(n, "%s '%s' is not defined (not a graph input, an initializer or an output of "
                  "an earlier node)", what, name);
    return (MlirValue){NULL};
  }
  if (e->seq) {
    onnx_error(n, "%s '%s' is %s, a tensor is needed", what, name,
               e->seq->optional ? "an optional" : "a sequence");
    return (MlirValue){NULL};
  }
  return onnx_value_materialize(n->imp, e);
}

/* ---------------------------------------------------------------------- */
/* Sequences and optionals                                                 */

bool onnx_input_is_seq(const onnx_node_t *n, int i) {
  return i < n->num_inputs && n->present[i] && ((onnx_value_t *)n->entry[i])->seq;
}

onnx_seq_t *onnx_input_seq(onnx_node_t *n, int i, bool optional) {
  const char *what = optional ? "an optional" : "a sequence";
  if (!onnx_need_input(n, i))
    return NULL;
  onnx_value_t *e = n->entry[i];
  if (!e->seq || e->seq->optional != optional) {
    onnx_error(n, "input %d ('%s') must be %s", i, e->name, what);
    return NULL;
  }
  return e->seq;
}

/* Entry e as an item the caller owns. */
bool onnx_value_item(onnx_importer_t *imp, onnx_value_t *e, onnx_item_t *out) {
  memset(out, 0, sizeof *out);
  if (e->seq) {
    out->seq = onnx_seq_copy(e->seq);
    return true;
  }
  if (e->has_const && !e->bound) {
    onnx_item_t view = {e->value, true, e->cst, NULL, false};
    onnx_item_copy(&view, out);
    return true;
  }
  out->value = onnx_value_materialize(imp, e);
  if (e->has_const && !mlirValueIsNull(out->value)) { /* a known value stays known */
    out->has_const = out->bound = true;
    out->cst = onnx_const_copy(&e->cst);
  }
  return !mlirValueIsNull(out->value);
}

bool onnx_input_item(onnx_node_t *n, int i, onnx_item_t *out) {
  memset(out, 0, sizeof *out);
  if (!onnx_need_input(n, i))
    return false;
  return onnx_value_item(n->imp, n->entry[i], out);
}

void onnx_set_item_output(onnx_node_t *n, int i, onnx_item_t *it) {
  if ((size_t)i >= n->node->n_output || !n->node->output[i][0]) {
    onnx_item_free(it);
    return;
  }
  onnx_value_t *e = onnx_value_define(n->imp, n->node->output[i]);
  e->value = it->value;
  e->seq = it->seq;
  if (it->has_const) {
    e->has_const = true;
    e->bound = it->bound;
    e->cst = it->cst;
    e->loc = n->loc;
  }
  memset(it, 0, sizeof *it);
}

MlirValue onnx_item_value(onnx_node_t *n, onnx_item_t *it) {
  if (mlirValueIsNull(it->value) && it->has_const)
    it->value = onnx_constant(n->imp, &n->b, &it->cst, NULL);
  return it->value;
}

bool onnx_need_input(onnx_node_t *n, int i) {
  if (i < n->num_inputs && n->present[i])
    return true;
  return onnx_error(n, "missing input %d", i);
}

MlirValue onnx_in0(onnx_node_t *n) {
  return onnx_need_input(n, 0) ? onnx_input(n, 0) : (MlirValue){NULL};
}

MlirValue onnx_in0_shape(onnx_node_t *n, strata_graph_shape_t *s) {
  MlirValue x = onnx_in0(n);
  if (!mlirValueIsNull(x))
    onnx_shape(x, s);
  return x;
}

MlirValue onnx_in0_axis(onnx_node_t *n, strata_graph_shape_t *s, int64_t def, int64_t *axis) {
  MlirValue x = onnx_in0_shape(n, s);
  if (mlirValueIsNull(x) || !onnx_axis(n, onnx_attr_int(n, "axis", def), s->rank, axis))
    return (MlirValue){NULL};
  return x;
}

bool onnx_out(onnx_node_t *n, MlirValue v) {
  if (mlirValueIsNull(v))
    return false;
  onnx_set_output(n, 0, v);
  return true;
}

/* The constant behind input i, checked to hold integers (or floats) and at
 * most `max` values; NULL after emitting the error. */
static const onnx_const_t *const_input(onnx_node_t *n, int i, const char *what, bool floats,
                                       int64_t max) {
  const onnx_const_t *c = n->in_const[i];
  if (!c) {
    onnx_error(n, "input '%s' must be a constant (an initializer or a Constant) known at "
                  "import time", what);
    return NULL;
  }
  bool ok = floats ? c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT ||
                         c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE
                   : c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__INT64 ||
                         c->onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__INT32;
  if (!ok) {
    onnx_error(n, "input '%s' must hold %s, not %s", what, floats ? "floats" : "integers",
               onnx_type_name(c->onnx_type));
    return NULL;
  }
  if (c->numel > max) {
    onnx_error(n, "input '%s' has %lld values, at most %lld are supported", what,
               (long long)c->numel, (long long)max);
    return NULL;
  }
  return c;
}

int64_t onnx_const_ints(onnx_node_t *n, int i, const char *what, int64_t *out, int64_t max) {
  if (!onnx_need_input(n, i))
    return -1;
  const onnx_const_t *c = const_input(n, i, what, false, max);
  if (!c)
    return -1;
  for (int64_t k = 0; k < c->numel; ++k)
    out[k] = onnx_const_get_i(c, k);
  return c->numel;
}

int64_t onnx_const_floats(onnx_node_t *n, int i, const char *what, double *out, int64_t max) {
  if (i >= n->num_inputs || !n->present[i])
    return 0;
  if (n->in_const[i] && n->in_const[i]->numel == 0)
    return 0;
  const onnx_const_t *c = const_input(n, i, what, true, max);
  if (!c)
    return -1;
  for (int64_t k = 0; k < c->numel; ++k)
    out[k] = onnx_const_get_f(c, k);
  return c->numel;
}

bool onnx_const_scalar(onnx_node_t *n, int i, const char *what, double *out) {
  if (!onnx_need_input(n, i))
    return false;
  const onnx_const_t *c = n->in_const[i];
  if (!c || c->numel != 1)
    return onnx_error(n, "input '%s' must be a constant scalar known at import time", what);
  *out = onnx_const_get_f(c, 0);
  return true;
}

int onnx_num_outputs(const onnx_node_t *n) {
  int k = (int)n->node->n_output;
  while (k > 0 && !n->node->output[k - 1][0])
    --k;
  return k;
}

void onnx_set_output(onnx_node_t *n, int i, MlirValue v) {
  if ((size_t)i >= n->node->n_output || !n->node->output[i][0])
    return;
  onnx_value_t *e = onnx_value_define(n->imp, n->node->output[i]);
  e->value = v;
}

void onnx_set_const_output(onnx_node_t *n, int i, onnx_const_t *c) {
  if ((size_t)i >= n->node->n_output || !n->node->output[i][0]) {
    onnx_const_free(c);
    return;
  }
  onnx_value_t *e = onnx_value_define(n->imp, n->node->output[i]);
  e->has_const = true;
  e->cst = *c;
  e->loc = n->loc;
  c->data = NULL;
}

void onnx_set_known_output(onnx_node_t *n, int i, MlirValue v, onnx_const_t *c) {
  onnx_set_output(n, i, v);
  if ((size_t)i >= n->node->n_output || !n->node->output[i][0] || mlirValueIsNull(v)) {
    onnx_const_free(c);
    return;
  }
  onnx_value_t *e = onnx_value_lookup(n->imp, n->node->output[i]);
  e->has_const = true;
  e->bound = true; /* never folded into the computation */
  e->cst = *c;
  c->data = NULL;
}

/* v's type if v is a ranked tensor, else a null type. */
static MlirType ranked_type(MlirValue v) {
  if (mlirValueIsNull(v))
    return (MlirType){NULL};
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) ? t : (MlirType){NULL};
}

bool onnx_shape(MlirValue v, strata_graph_shape_t *s) {
  MlirType t = ranked_type(v);
  if (!mlirTypeIsNull(t) && strata_graph_shape_from_type(t, s))
    return true;
  memset(s, 0, sizeof *s);
  return false;
}

MlirType onnx_type_of(MlirValue v) {
  return mlirValueIsNull(v) ? (MlirType){NULL} : mlirValueGetType(v);
}

MlirType onnx_elem(MlirValue v) {
  MlirType t = ranked_type(v);
  return mlirTypeIsNull(t) ? t : mlirShapedTypeGetElementType(t);
}

intptr_t onnx_rank(MlirValue v) {
  MlirType t = ranked_type(v);
  return mlirTypeIsNull(t) ? 0 : (intptr_t)mlirShapedTypeGetRank(t);
}

bool onnx_axis(onnx_node_t *n, int64_t axis, int64_t rank, int64_t *out) {
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank)
    return onnx_error(n, "axis %lld is out of range for rank %lld", (long long)axis,
                      (long long)rank);
  *out = a;
  return true;
}
