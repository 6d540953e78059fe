/* The model API's inputs and outputs (include/strata/model.h): their names
 * (ONNX graph names, argument locations), their types and shapes, the
 * output shapes for given inputs, and the checks every run makes, whose
 * messages say what was expected and what was given. */
#include "model/model_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "onnx.pb-c.h"
#include "runtime/read_file.h"

static MlirStringRef attr_string(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                                               : mlirStringRefCreate(NULL, 0);
}

/* The public func.func ops of the module, in order, through `visit`. */
static MlirOperation for_each_public_function(MlirOperation module,
                                              bool (*visit)(MlirOperation, MlirStringRef, void *),
                                              void *user) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(op));
    MlirStringRef vis = attr_string(op, "sym_visibility");
    bool is_public = vis.length == 0 || (vis.length == 6 && !memcmp(vis.data, "public", 6));
    if (kind.length == 9 && !memcmp(kind.data, "func.func", 9) && is_public &&
        visit(op, attr_string(op, "sym_name"), user))
      return op;
    op = next;
  }
  return (MlirOperation){NULL};
}

static bool list_name(MlirOperation op, MlirStringRef name, void *user) {
  strata_text_t *t = user;
  strata_text_append_c(t, t->len ? ", " : "");
  strata_text_append(t, name.data, name.length);
  return false;
}

strata_status_t strata_model_entry_error(strata_model_t *m, const char *error) {
  if (strncmp(error, "no public function", 18) != 0 &&
      strncmp(error, "several public functions", 24) != 0) /* a type there is no tensor of */
    return strata_model_status(STRATA_STATUS_UNSUPPORTED, "%s", error);
  strata_text_t names = {0};
  for_each_public_function(m->module, list_name, &names);
  strata_status_t s = strata_model_status(STRATA_STATUS_NOT_FOUND, "%s (public functions: %s)",
                                          error, names.len ? strata_text_str(&names) : "none");
  strata_text_free(&names);
  return s;
}

static bool drop_unless_entry(MlirOperation op, MlirStringRef name, void *user) {
  const char *entry = user;
  if (name.length != strlen(entry) || memcmp(name.data, entry, name.length) != 0)
    mlirOperationDestroy(op);
  return false;
}

void strata_model_drop_other_functions(MlirOperation module, const char *entry) {
  for_each_public_function(module, drop_unless_entry, (void *)entry);
}

static bool is_entry(MlirOperation op, MlirStringRef name, void *user) {
  const char *entry = user;
  return name.length == strlen(entry) && memcmp(name.data, entry, name.length) == 0;
}

/* The name in an argument's location: "x" of the importer's "graph input
 * 'x'", or a plain name location's text; NULL when there is none. */
static char *location_name(MlirLocation loc) {
  if (!mlirLocationIsAName(loc))
    return NULL;
  char *text = strata_ref_dup(mlirIdentifierStr(mlirLocationNameGetName(loc)));
  static const char prefix[] = "graph input '";
  size_t n = text ? strlen(text) : 0;
  if (n > sizeof prefix && !strncmp(text, prefix, sizeof prefix - 1) && text[n - 1] == '\'') {
    memmove(text, text + sizeof prefix - 1, n - sizeof prefix);
    text[n - sizeof prefix] = '\0';
  }
  return text;
}

/* The graph output names of an ONNX model, when they map one to one onto
 * the results (no sequence outputs); false otherwise. */
static bool onnx_output_names(strata_model_t *m, const char *path) {
  size_t len = 0;
  uint8_t *bytes = (uint8_t *)strata_read_file(path, &len);
  Onnx__ModelProto *model = bytes ? onnx__model_proto__unpack(NULL, len, bytes) : NULL;
  free(bytes);
  bool ok = model && model->graph && (int)model->graph->n_output == m->sig.num_outputs;
  for (int i = 0; ok && i < m->sig.num_outputs; ++i)
    m->names[STRATA_MAX_ARGS + i] = strdup(model->graph->output[i]->name ? model->graph->output[i]->name : "");
  if (model)
    onnx__model_proto__free_unpacked(model, NULL);
  return ok;
}

strata_status_t strata_model_name_arguments(strata_model_t *m, const char *onnx_path) {
  MlirOperation func = for_each_public_function(m->module, is_entry, m->sig.name);
  MlirBlock body = mlirOperationIsNull(func) || mlirRegionIsNull(mlirOperationGetRegion(func, 0))
                       ? (MlirBlock){NULL}
                       : mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (int i = 0; i < m->sig.num_inputs; ++i) {
    if (!mlirBlockIsNull(body) && i < mlirBlockGetNumArguments(body))
      m->names[i] = location_name(mlirValueGetLocation(mlirBlockGetArgument(body, i)));
  }
  if (onnx_path)
    onnx_output_names(m, onnx_path);
  for (int i = 0; i < 2 * STRATA_MAX_ARGS; ++i) {
    bool in = i < STRATA_MAX_ARGS;
    int k = in ? i : i - STRATA_MAX_ARGS;
    if (m->names[i] || k >= (in ? m->sig.num_inputs : m->sig.num_outputs))
      continue;
    char buf[32];
    snprintf(buf, sizeof buf, "%s%d", in ? "input" : "output", k);
    if (!(m->names[i] = strdup(buf)))
      return strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  return NULL;
}

/* --- Queries -------------------------------------------------------------- */
int strata_model_num_inputs(const strata_model_t *m) { return m ? m->sig.num_inputs : 0; }
int strata_model_num_outputs(const strata_model_t *m) { return m ? m->sig.num_outputs : 0; }

static strata_status_t info(const strata_model_t *m, int i, bool input, strata_tensor_info_t *out) {
  int n = input ? strata_model_num_inputs(m) : strata_model_num_outputs(m);
  if (!m || !out)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT, "model and info must not be NULL");
  if (i < 0 || i >= n)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "no %s %d: '%s' has %d %s%s", input ? "input" : "output", i,
                               m->sig.name, n, input ? "input" : "output", n == 1 ? "" : "s");
  const strata_arg_spec_t *a = input ? &m->sig.inputs[i] : &m->sig.outputs[i];
  out->name = m->names[input ? i : STRATA_MAX_ARGS + i];
  out->dtype = a->dtype;
  out->rank = a->rank;
  memcpy(out->shape, a->shape, sizeof out->shape);
  return NULL;
}

strata_status_t strata_model_input_info(const strata_model_t *m, int i, strata_tensor_info_t *out) {
  return info(m, i, true, out);
}

strata_status_t strata_model_output_info(const strata_model_t *m, int i,
                                         strata_tensor_info_t *out) {
  return info(m, i, false, out);
}

/* --- Checks ------------------------------------------------------------------ */
/* "f32 [2, ?, 3]" (-1 extents as '?') into buf. */
static const char *type_text(strata_dtype_t dtype, int rank, const int64_t *shape, char *buf,
                             size_t size) {
  size_t n = (size_t)snprintf(buf, size, "%s [", strata_dtype_name(dtype));
  for (int d = 0; d < rank && n < size; ++d)
    n += shape[d] < 0 ? (size_t)snprintf(buf + n, size - n, "%s?", d ? ", " : "")
                      : (size_t)snprintf(buf + n, size - n, "%s%lld", d ? ", " : "",
                                         (long long)shape[d]);
  if (n < size)
    snprintf(buf + n, size - n, "]");
  return buf;
}

/* Whether view v fits spec (static extents equal; rank within bounds). */
static bool fits(const strata_arg_spec_t *spec, const strata_tensor_view_t *v) {
  if (v->dtype != spec->dtype || v->rank != spec->rank)
    return false;
  for (int d = 0; d < spec->rank; ++d)
    if (v->shape[d] < 0 || (spec->shape[d] >= 0 && spec->shape[d] != v->shape[d]))
      return false;
  return true;
}

static strata_status_t mismatch(const strata_model_t *m, const char *kind, int i,
                                const strata_arg_spec_t *spec, const strata_tensor_view_t *v,
                                const char *name) {
  char want[160], got[160];
  type_text(spec->dtype, spec->rank, spec->shape, want, sizeof want);
  if (v->rank < 0 || v->rank > STRATA_MAX_RANK)
    snprintf(got, sizeof got, "rank %d", v->rank);
  else
    type_text(v->dtype, v->rank, v->shape, got, sizeof got);
  return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                             "%s %d ('%s') of '%s': expected %s, got %s", kind, i, name,
                             m->sig.name, want, got);
}

static strata_status_t check_inputs(const strata_model_t *m, const strata_tensor_view_t *inputs,
                                    int num_inputs) {
  if (!m)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT, "no model");
  if (num_inputs != m->sig.num_inputs || (num_inputs > 0 && !inputs))
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "'%s' takes %d input%s; got %d", m->sig.name, m->sig.num_inputs,
                               m->sig.num_inputs == 1 ? "" : "s", inputs ? num_inputs : 0);
  for (int i = 0; i < num_inputs; ++i)
    if (!fits(&m->sig.inputs[i], &inputs[i]))
      return mismatch(m, "input", i, &m->sig.inputs[i], &inputs[i], m->names[i]);
  return NULL;
}

strata_status_t strata_model_output_shapes(const strata_model_t *m,
                                           const strata_tensor_view_t *inputs, int num_inputs,
                                           strata_tensor_view_t *outputs, int num_outputs) {
  strata_status_t s = check_inputs(m, inputs, num_inputs);
  if (s)
    return s;
  if (num_outputs != m->sig.num_outputs || (num_outputs > 0 && !outputs))
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "'%s' returns %d output%s; got room for %d", m->sig.name,
                               m->sig.num_outputs, m->sig.num_outputs == 1 ? "" : "s",
                               outputs ? num_outputs : 0);
  strata_tensor_t *args = calloc((size_t)num_inputs + 1, sizeof *args);
  if (!args)
    return strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  for (int i = 0; i < num_inputs; ++i) {
    args[i].rank = inputs[i].rank;
    memcpy(args[i].shape, inputs[i].shape, sizeof args[i].shape);
  }
  for (int r = 0; r < num_outputs && !s; ++r) {
    outputs[r].dtype = m->sig.outputs[r].dtype;
    outputs[r].rank = m->sig.outputs[r].rank;
    if (!strata_signature_output_shape(&m->sig, args, r, outputs[r].shape))
      s = strata_model_status(STRATA_STATUS_UNSUPPORTED,
                              "output %d ('%s') of '%s' has a dynamic extent no input gives",
                              r, m->names[STRATA_MAX_ARGS + r], m->sig.name);
  }
  free(args);
  return s;
}

strata_status_t strata_model_check_run(const strata_model_t *m, const strata_tensor_view_t *inputs,
                                       int num_inputs, const strata_tensor_view_t *outputs,
                                       int num_outputs) {
  strata_tensor_view_t expected[STRATA_MAX_ARGS];
  strata_status_t s = strata_model_output_shapes(m, inputs, num_inputs, expected, num_outputs);
  if (s)
    return s;
  for (int r = 0; r < num_outputs; ++r) {
    strata_arg_spec_t spec = {.dtype = expected[r].dtype, .rank = expected[r].rank};
    memcpy(spec.shape, expected[r].shape, sizeof spec.shape);
    if (!fits(&spec, &outputs[r]))
      return mismatch(m, "output", r, &spec, &outputs[r], m->names[STRATA_MAX_ARGS + r]);
  }
  for (int i = 0; i < num_inputs + num_outputs; ++i) {
    bool in = i < num_inputs;
    const strata_tensor_view_t *v = in ? &inputs[i] : &outputs[i - num_inputs];
    int k = in ? i : i - num_inputs;
    size_t bytes = 0;
    if (!strata_tensor_bytes(v->dtype, v->rank, v->shape, &bytes))
      return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT, "%s %d ('%s') is too large",
                                 in ? "input" : "output", k,
                                 m->names[in ? k : STRATA_MAX_ARGS + k]);
    if (!v->data && bytes > 0)
      return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT, "%s %d ('%s') has no data",
                                 in ? "input" : "output", k,
                                 m->names[in ? k : STRATA_MAX_ARGS + k]);
  }
  return NULL;
}
