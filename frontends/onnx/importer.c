/* The ONNX importer's driver (importer.h): reads a ModelProto with
 * protobuf-c, checks what it imports (opsets, operators, names), defines
 * the initializers, builds the module and its one public func.func (graph
 * inputs that are not initializers -> arguments, graph outputs -> results;
 * a sequence or optional one -> its tensors; graph inputs given a value
 * for specialization are bound to it), imports the nodes in order
 * (import_graph.c) and finishes the function's signature. The other files
 * of the importer: onnx_const.c (constants), import_values.c (the value
 * table and the node context), import_build.c (building ops),
 * import_graph.c (locations, dispatch, nodes and bodies), import_<family>.c
 * (the operators). */
#include "frontends/onnx/importer.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include "core/op_list.h"
#include "frontends/onnx/import_state.h"
#include "frontends/onnx/nesting.h"
#include "runtime/read_file.h"
#include "strata/strata.h"

static bool file_error(onnx_importer_t *imp, const char *fmt, ...) STRATA_PRINTF(2, 3);
static bool file_error(onnx_importer_t *imp, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  onnx_emit_errorv(imp->file_loc, fmt, ap);
  va_end(ap);
  return false;
}

/* The tensor type of a graph input/output from its ValueInfoProto. */
static bool value_info_type(onnx_importer_t *imp, const Onnx__ValueInfoProto *vi,
                            const char *what, MlirType *out) {
  MlirLocation loc = onnx_named_location(imp, what, vi->name);
  const Onnx__TypeProto *tp = vi->type;
  if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !tp->tensor_type) {
    strata_emit_error_at(loc, "only tensor types are supported");
    return false;
  }
  const Onnx__TypeProto__Tensor *tt = tp->tensor_type;
  MlirType elem = onnx_elem_type(imp->ctx, tt->elem_type);
  if (mlirTypeIsNull(elem)) {
    strata_emit_error_at(loc, "unsupported element type '%s'", onnx_type_name(tt->elem_type));
    return false;
  }
  if (!tt->shape) {
    strata_emit_error_at(loc, "the tensor has no shape (unranked tensors are not supported)");
    return false;
  }
  if (tt->shape->n_dim > STRATA_GRAPH_MAX_RANK) {
    strata_emit_error_at(loc, "rank %zu exceeds %d", tt->shape->n_dim, STRATA_GRAPH_MAX_RANK);
    return false;
  }
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (size_t i = 0; i < tt->shape->n_dim; ++i) {
    const Onnx__TensorShapeProto__Dimension *d = tt->shape->dim[i];
    dims[i] = d->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE &&
                      d->dim_value >= 0
                  ? d->dim_value
                  : STRATA_GRAPH_DYN;
  }
  *out = mlirRankedTensorTypeGet((intptr_t)tt->shape->n_dim, dims, elem, mlirAttributeGetNull());
  return true;
}

static void function_name(const char *graph_name, char *buf, size_t size) {
  size_t j = 0;
  for (const char *p = graph_name ? graph_name : ""; *p && j + 1 < size; ++p)
    buf[j++] = ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                (*p >= '0' && *p <= '9') || *p == '_')
                   ? *p
                   : '_';
  buf[j] = '\0';
  if (!j || (buf[0] >= '0' && buf[0] <= '9'))
    snprintf(buf, size, "main");
}

/* Gives graph input e the value in TensorProto file `path` (kept as an
 * argument too: operators needing it at import time use the value). */
static bool bind_input(onnx_importer_t *imp, onnx_value_t *e, const char *path, MlirType type) {
  MlirLocation loc = onnx_named_location(imp, "graph input", e->name);
  size_t len = 0;
  uint8_t *bytes = (uint8_t *)strata_read_file(path, &len);
  if (!bytes)
    return strata_emit_error_at(loc, "cannot open the value '%s': %s", path, strerror(errno)),
           false;
  Onnx__TensorProto *tp = onnx__tensor_proto__unpack(NULL, len, bytes);
  free(bytes);
  if (!tp)
    return strata_emit_error_at(loc, "'%s' is not a serialized onnx.TensorProto", path), false;
  char err[256];
  onnx_const_t c;
  bool ok = onnx_const_from_proto(tp, &c, err, sizeof err);
  onnx__tensor_proto__free_unpacked(tp, NULL);
  if (!ok)
    return strata_emit_error_at(loc, "%s: %s", path, err), false;
  strata_graph_shape_t want;
  strata_graph_shape_from_type(type, &want);
  /* The ONNX backend test data (ONNX 1.12's, at least) stores bfloat16 tensors
   * as uint16 ones holding the bit patterns (NumPy has no bfloat16). */
  if (c.onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__UINT16 &&
      mlirTypeIsABF16(mlirShapedTypeGetElementType(type)))
    c.onnx_type = ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16;
  if (!strata_graph_shapes_compatible(&want, &c.shape) ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(type), onnx_elem_type(imp->ctx, c.onnx_type))) {
    char have[64], want_s[64];
    strata_graph_shape_str(&c.shape, have, sizeof have);
    strata_graph_shape_str(&want, want_s, sizeof want_s);
    const char *elem = onnx_type_name(c.onnx_type);
    onnx_const_free(&c);
    char wt[32];
    return strata_emit_error_at(loc,
                                "the value in '%s' does not have the input's type: it holds %s "
                                "%s, the input is %s %s",
                                path, elem, have,
                                strata_type_str(mlirShapedTypeGetElementType(type), wt, sizeof wt),
                                want_s),
           false;
  }
  e->has_const = true;
  e->bound = true;
  e->cst = c;
  e->loc = loc;
  return true;
}

/* What a graph input/output's declared type holds. */
static strata_onnx_kind_t value_kind(const Onnx__ValueInfoProto *vi) {
  const Onnx__TypeProto *tp = vi->type;
  if (tp && tp->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE)
    return STRATA_ONNX_SEQUENCE;
  if (tp && tp->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE)
    return STRATA_ONNX_OPTIONAL;
  return STRATA_ONNX_TENSOR;
}

static const char *kind_name(strata_onnx_kind_t k) {
  return k == STRATA_ONNX_SEQUENCE ? "a sequence" : k == STRATA_ONNX_OPTIONAL ? "an optional"
                                                                             : "a tensor";
}

/* Pointers to the tensors of s in order, nested sequences flattened,
 * stored from out[at]; returns the new count, -1 past max. */
static int seq_leaves(onnx_seq_t *s, onnx_item_t **out, int at, int max) {
  for (int i = 0; i < s->count && at >= 0; ++i) {
    if (s->items[i].seq)
      at = seq_leaves(s->items[i].seq, out, at, max);
    else if (at == max)
      return -1;
    else
      out[at++] = &s->items[i];
  }
  return at;
}

/* The element tensor type of a sequence/optional type (through nesting),
 * or NULL. */
static const Onnx__TypeProto__Tensor *leaf_tensor_type(const Onnx__TypeProto *tp) {
  while (tp) {
    if (tp->value_case == ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE)
      return tp->tensor_type;
    if (tp->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE)
      tp = tp->sequence_type ? tp->sequence_type->elem_type : NULL;
    else if (tp->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE)
      tp = tp->optional_type ? tp->optional_type->elem_type : NULL;
    else
      return NULL;
  }
  return NULL;
}

/* Sequence or optional graph input k, resolved from the value given for it
 * (its length and tensor shapes fix the function's arguments). */
static onnx_seq_t *seq_input(onnx_importer_t *imp, const Onnx__ValueInfoProto *vi, int k,
                             bool optional) {
  MlirLocation loc = onnx_named_location(imp, "graph input", vi->name);
  const char *what = optional ? "an optional" : "a sequence";
  if (k >= imp->num_bound || !imp->bound_pb[k]) {
    strata_emit_error_at(loc, "the graph input is %s, which is resolved at import time: its "
                              "value (a serialized onnx.%s) must be given", what,
                         optional ? "OptionalProto" : "SequenceProto");
    return NULL;
  }
  const Onnx__TypeProto__Tensor *tt = leaf_tensor_type(vi->type);
  if (!tt) {
    strata_emit_error_at(loc, "only sequences and optionals of tensors are supported");
    return NULL;
  }
  char err[512];
  onnx_seq_t *s = onnx_seq_read_pb(imp->bound_pb[k], optional, err, sizeof err);
  if (!s) {
    strata_emit_error_at(loc, "%s", err);
    return NULL;
  }
  s->elem_type = tt->elem_type;
  onnx_item_t *leaves[ONNX_MAX_IO * 4];
  int n = seq_leaves(s, leaves, 0, ONNX_MAX_IO * 4);
  for (int j = 0; j < n; ++j) {
    int32_t t = leaves[j]->cst.onnx_type;
    if (t != tt->elem_type || mlirTypeIsNull(onnx_elem_type(imp->ctx, t))) {
      strata_emit_error_at(loc, "tensor %d of the value in '%s' is %s, the input holds %s", j,
                           imp->bound_pb[k], onnx_type_name(t), onnx_type_name(tt->elem_type));
      onnx_seq_free(s);
      return NULL;
    }
  }
  return s;
}

/* Erases the graph ops nothing uses (graph ops have no side effects): the
 * elements of a sequence that no node reads, a SequenceMap body's unused
 * values. Users go before their producers (reverse order). */
static void erase_dead_graph_ops(MlirBlock body) {
  strata_op_list_t ops = {0};
  strata_op_list_block(&ops, body);
  for (size_t n = ops.count; n-- > 0;) {
    MlirOperation op = ops.ops[n];
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    bool unused = name.length > 6 && !memcmp(name.data, "graph.", 6);
    for (intptr_t r = 0; unused && r < mlirOperationGetNumResults(op); ++r)
      unused = mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, r)));
    if (unused)
      mlirOperationDestroy(op);
  }
  strata_op_list_free(&ops);
}

/* The default domain's opset (1 if none is imported) into *opset; false
 * after an error for an opset newer than the importer knows. */
static bool read_opsets(onnx_importer_t *imp, const Onnx__ModelProto *model, int64_t *opset) {
  *opset = 1;
  for (size_t i = 0; i < model->n_opset_import; ++i) {
    const Onnx__OperatorSetIdProto *o = model->opset_import[i];
    bool training = o->domain && !strcmp(o->domain, ONNX_TRAINING_DOMAIN);
    if (!onnx_is_default_domain(o->domain) && !training)
      continue; /* its nodes, if any, are unsupported operators */
    int64_t max = training ? STRATA_ONNX_MAX_TRAINING_OPSET : STRATA_ONNX_MAX_OPSET;
    if (o->version > max)
      return file_error(imp, "opset %lld of domain '%s' is not supported (the newest the "
                             "importer knows is %lld)",
                        (long long)o->version, training ? ONNX_TRAINING_DOMAIN : "ai.onnx",
                        (long long)max);
    if (!training)
      *opset = o->version;
  }
  return true;
}

enum { MAX_ARGS = ONNX_MAX_IO * 4 };

/* The function being built: its arguments (each one from a graph input;
 * a sequence or optional input gives one per tensor) and its results. */
typedef struct {
  MlirType arg_types[MAX_ARGS];
  MlirLocation arg_locs[MAX_ARGS];
  int arg_input[MAX_ARGS]; /* the graph input (ordinal) of each argument */
  const char *input_names[STRATA_ONNX_MAX_GRAPH_IO];
  intptr_t num_args;
  MlirValue results[MAX_ARGS];
  MlirType result_types[MAX_ARGS];
  intptr_t num_results;
} signature_t;

/* What must hold before anything is built: a graph, known opsets (the
 * default domain's into *opset), supported operators, no sparse
 * initializers, named values. False after an error. */
static bool check_model(onnx_importer_t *imp, const Onnx__ModelProto *model, int64_t *opset) {
  const Onnx__GraphProto *g = model->graph;
  if (!g)
    return file_error(imp, "the model has no graph");
  if (!read_opsets(imp, model, opset))
    return false;
  /* Operators first: a model using one Strata cannot import is reported as
   * such (at that node), before anything else about it (e.g. the string
   * inputs that only that operator would have consumed). */
  for (size_t i = 0; i < g->n_node; ++i)
    if (!onnx_find_mapping(g->node[i]))
      return onnx_unsupported_operator(imp, g->node[i], i);
  if (g->n_sparse_initializer)
    return file_error(imp, "sparse initializers are not supported");
  size_t unnamed;
  const char *kind = onnx_unnamed_value(g, &unnamed);
  if (kind)
    return file_error(imp, "%s%s #%zu has no name", strcmp(kind, "initializer") ? "graph " : "",
                      kind, unnamed);
  return true;
}

/* Initializers: import-time constants, materialized on first use. */
static bool define_initializers(onnx_importer_t *imp, const Onnx__GraphProto *g) {
  char err[512];
  for (size_t i = 0; i < g->n_initializer; ++i) {
    const Onnx__TensorProto *tp = g->initializer[i];
    const char *name = tp->name;
    onnx_const_t c;
    if (!onnx_const_from_proto(tp, &c, err, sizeof err)) {
      strata_emit_error_at(onnx_named_location(imp, "initializer", name), "%s", err);
      return false;
    }
    onnx_value_t *e = onnx_value_define(imp, name);
    e->has_const = true;
    e->cst = c;
    e->loc = onnx_named_location(imp, "initializer", name);
  }
  return true;
}

/* Graph input vi, the k-th that is not an initializer, as arguments: a
 * tensor is one; a sequence or optional one is its tensors, resolved from
 * the value given for it (and defined in the value table). */
static bool add_input(onnx_importer_t *imp, const Onnx__ValueInfoProto *vi, int k,
                      strata_onnx_layout_t *layout, signature_t *sig) {
  sig->input_names[k] = vi->name;
  layout->inputs[k].kind = value_kind(vi);
  MlirLocation loc = onnx_named_location(imp, "graph input", vi->name);
  if (layout->inputs[k].kind == STRATA_ONNX_TENSOR) {
    if (!value_info_type(imp, vi, "graph input", &sig->arg_types[sig->num_args]))
      return false;
    sig->arg_locs[sig->num_args] = loc;
    sig->arg_input[sig->num_args++] = k;
    layout->inputs[k].count = 1;
    return true;
  }
  onnx_seq_t *seq = seq_input(imp, vi, k, layout->inputs[k].kind == STRATA_ONNX_OPTIONAL);
  if (!seq)
    return false;
  onnx_value_define(imp, vi->name)->seq = seq;
  onnx_item_t *leaves[MAX_ARGS];
  int n = seq_leaves(seq, leaves, 0, MAX_ARGS);
  if (n < 0 || sig->num_args + n > MAX_ARGS)
    return file_error(imp, "too many graph inputs");
  for (int j = 0; j < n; ++j) {
    sig->arg_types[sig->num_args] = strata_graph_shape_to_type(
        &leaves[j]->cst.shape, onnx_elem_type(imp->ctx, leaves[j]->cst.onnx_type));
    sig->arg_locs[sig->num_args] = loc;
    sig->arg_input[sig->num_args++] = k;
  }
  layout->inputs[k].count = n;
  return true;
}

/* Arguments: the graph inputs that are not initializers. */
static bool collect_arguments(onnx_importer_t *imp, const Onnx__GraphProto *g,
                              strata_onnx_layout_t *layout, signature_t *sig) {
  int num_inputs = 0;
  for (size_t i = 0; i < g->n_input; ++i) {
    const Onnx__ValueInfoProto *vi = g->input[i];
    if (onnx_value_lookup(imp, vi->name))
      continue;
    if (sig->num_args == MAX_ARGS || num_inputs == STRATA_ONNX_MAX_GRAPH_IO)
      return file_error(imp, "too many graph inputs");
    if (!add_input(imp, vi, num_inputs++, layout, sig))
      return false;
  }
  layout->num_inputs = num_inputs;
  return true;
}

/* The module with the public func.func named after graph g, taking the
 * arguments (its type is set when the results are known); *func is the
 * function, and imp->body its body. */
static MlirOperation create_function(onnx_importer_t *imp, const Onnx__GraphProto *g,
                                     const signature_t *sig, MlirOperation *func) {
  MlirModule module = mlirModuleCreateEmpty(imp->file_loc);
  strata_builder_t mb = strata_builder_at_end(mlirModuleGetBody(module), imp->file_loc);
  char fname[256];
  function_name(g->name, fname, sizeof fname);
  MlirNamedAttribute fattrs[1] = {
      strata_named(imp->ctx, "sym_name", strata_string_attr(imp->ctx, fname))};
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), imp->file_loc);
  mlirOperationStateAddAttributes(&st, 1, fattrs);
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(sig->num_args, sig->arg_types, sig->arg_locs);
  mlirRegionAppendOwnedBlock(region, body);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  *func = strata_build_insert(&mb, mlirOperationCreate(&st));
  imp->body = body;
  return mlirModuleGetOperation(module);
}

/* Gives the graph inputs their arguments: a tensor input its argument (and
 * the value given for it, if any); a sequence's tensors theirs (their
 * values were only needed for the length and the shapes). */
static bool bind_arguments(onnx_importer_t *imp, const strata_onnx_layout_t *layout,
                           const signature_t *sig) {
  for (intptr_t i = 0; i < sig->num_args;) {
    int k = sig->arg_input[i];
    if (layout->inputs[k].kind != STRATA_ONNX_TENSOR) {
      onnx_item_t *leaves[MAX_ARGS];
      int n = seq_leaves(onnx_value_lookup(imp, sig->input_names[k])->seq, leaves, 0, MAX_ARGS);
      for (int j = 0; j < n; ++j) {
        onnx_const_free(&leaves[j]->cst);
        leaves[j]->has_const = false;
        leaves[j]->value = mlirBlockGetArgument(imp->body, i++);
      }
      continue;
    }
    onnx_value_t *e = onnx_value_define(imp, sig->input_names[k]);
    e->value = mlirBlockGetArgument(imp->body, i);
    if (k < imp->num_bound && imp->bound_pb[k] &&
        !bind_input(imp, e, imp->bound_pb[k], sig->arg_types[i]))
      return false;
    ++i;
  }
  return true;
}

/* A tensor graph output declaring a shape must agree with the computed
 * type (result_type). */
static bool check_declared_type(onnx_importer_t *imp, const Onnx__ValueInfoProto *vi,
                                MlirLocation loc, MlirType result_type) {
  if (!vi->type || vi->type->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE ||
      !vi->type->tensor_type || !vi->type->tensor_type->shape)
    return true;
  MlirType declared;
  if (!value_info_type(imp, vi, "graph output", &declared))
    return false;
  strata_graph_shape_t a, b;
  strata_graph_shape_from_type(declared, &a);
  strata_graph_shape_from_type(result_type, &b);
  if (!mlirTypeEqual(mlirShapedTypeGetElementType(declared),
                     mlirShapedTypeGetElementType(result_type)) ||
      !strata_graph_shapes_compatible(&a, &b)) {
    char d[128], c[128];
    strata_emit_error_at(loc, "declared type %s differs from the computed %s",
                         strata_type_str(declared, d, sizeof d),
                         strata_type_str(result_type, c, sizeof c));
    return false;
  }
  return true;
}

/* Graph output i (vi) as results: a tensor is one, a sequence or optional
 * its tensors (constants materialized). */
static bool add_result(onnx_importer_t *imp, const Onnx__ValueInfoProto *vi, size_t i,
                       strata_onnx_layout_t *layout, signature_t *sig) {
  MlirLocation loc = onnx_named_location(imp, "graph output", vi->name);
  onnx_value_t *e = onnx_value_lookup(imp, vi->name);
  if (!e)
    return strata_emit_error_at(loc, "no node computes the graph output"), false;
  strata_onnx_kind_t kind = value_kind(vi);
  const char *computed = !e->seq ? "a tensor" : e->seq->optional ? "an optional" : "a sequence";
  if (kind != (!e->seq ? STRATA_ONNX_TENSOR
               : e->seq->optional ? STRATA_ONNX_OPTIONAL
                                  : STRATA_ONNX_SEQUENCE))
    return strata_emit_error_at(loc, "the graph output is declared %s, the node computes %s",
                                kind_name(kind), computed),
           false;
  layout->outputs[i].kind = kind;
  if (e->seq) {
    onnx_item_t *leaves[MAX_ARGS];
    int n = seq_leaves(e->seq, leaves, 0, MAX_ARGS);
    if (n < 0 || sig->num_results + n > MAX_ARGS)
      return strata_emit_error_at(loc, "too many tensors in graph outputs"), false;
    strata_builder_t b = strata_builder_at_end(imp->body, loc);
    for (int j = 0; j < n; ++j) {
      if (mlirValueIsNull(leaves[j]->value) && leaves[j]->has_const)
        leaves[j]->value = onnx_constant(imp, &b, &leaves[j]->cst, NULL);
      if (mlirValueIsNull(leaves[j]->value))
        return strata_emit_error_at(loc, "tensor %d of the graph output is not computed", j),
               false;
      sig->results[sig->num_results] = leaves[j]->value;
      sig->result_types[sig->num_results++] = mlirValueGetType(leaves[j]->value);
    }
    layout->outputs[i].count = n;
    return true;
  }
  if (sig->num_results == MAX_ARGS)
    return file_error(imp, "too many graph outputs");
  layout->outputs[i].count = 1;
  MlirValue result = onnx_value_materialize(imp, e);
  if (mlirValueIsNull(result))
    return strata_emit_error_at(loc, "the graph output is not computed"), false;
  sig->results[sig->num_results] = result;
  sig->result_types[sig->num_results++] = mlirValueGetType(result);
  return check_declared_type(imp, vi, loc, mlirValueGetType(result));
}

/* Results: the graph outputs, in order. */
static bool collect_results(onnx_importer_t *imp, const Onnx__GraphProto *g,
                            strata_onnx_layout_t *layout, signature_t *sig) {
  if (g->n_output > STRATA_ONNX_MAX_GRAPH_IO)
    return file_error(imp, "too many graph outputs");
  layout->num_outputs = (int)g->n_output;
  for (size_t i = 0; i < g->n_output; ++i)
    if (!add_result(imp, g->output[i], i, layout, sig))
      return false;
  return true;
}

/* Returns the results, erases what nothing uses (graph ops, and bound
 * inputs that only served as import-time values leave the signature) and
 * sets func's type. */
static void finish_function(onnx_importer_t *imp, MlirOperation func,
                            strata_onnx_layout_t *layout, signature_t *sig) {
  strata_builder_t rb = strata_builder_at_end(imp->body, imp->file_loc);
  strata_build_op(&rb, "func.return", sig->num_results, sig->results, 0, NULL, 0, NULL);
  erase_dead_graph_ops(imp->body);
  for (intptr_t i = sig->num_args - 1; i >= 0; --i) {
    int k = sig->arg_input[i];
    onnx_value_t *e = onnx_value_lookup(imp, sig->input_names[k]);
    MlirValue arg = mlirBlockGetArgument(imp->body, i);
    if (layout->inputs[k].kind == STRATA_ONNX_TENSOR && e && e->bound &&
        mlirOpOperandIsNull(mlirValueGetFirstUse(arg))) {
      mlirBlockEraseArgument(imp->body, (unsigned)i);
      memmove(sig->arg_types + i, sig->arg_types + i + 1,
              sizeof(MlirType) * (size_t)(sig->num_args - i - 1));
      --sig->num_args;
      layout->inputs[k].count = 0;
    }
  }
  MlirType ftype = mlirFunctionTypeGet(imp->ctx, sig->num_args, sig->arg_types,
                                       sig->num_results, sig->result_types);
  mlirOperationSetAttributeByName(func, mlirStringRefCreateFromCString("function_type"),
                                  mlirTypeAttrGet(ftype));
}

static MlirOperation import_model(onnx_importer_t *imp, const Onnx__ModelProto *model,
                                  strata_onnx_layout_t *layout) {
  const Onnx__GraphProto *g = model->graph;
  int64_t opset;
  signature_t *sig = calloc(1, sizeof *sig);
  if (!sig || !check_model(imp, model, &opset) || !define_initializers(imp, g) ||
      !collect_arguments(imp, g, layout, sig)) {
    free(sig);
    return (MlirOperation){NULL};
  }
  MlirOperation func;
  MlirOperation module_op = create_function(imp, g, sig, &func);
  bool ok = bind_arguments(imp, layout, sig);
  /* Nodes, in order (ONNX requires a topological order). */
  for (size_t i = 0; ok && i < g->n_node; ++i)
    ok = onnx_import_node(imp, g, i, &opset);
  ok = ok && collect_results(imp, g, layout, sig);
  if (ok)
    finish_function(imp, func, layout, sig);
  free(sig);
  if (ok && mlirLogicalResultIsSuccess(strata_verify(module_op)))
    return module_op;
  mlirOperationDestroy(module_op);
  return (MlirOperation){NULL};
}

MlirOperation strata_onnx_import_file(MlirContext ctx, const char *path) {
  return strata_onnx_import_file_layout(ctx, path, 0, NULL, NULL);
}

MlirOperation strata_onnx_import_file_with_inputs(MlirContext ctx, const char *path,
                                                  int num_inputs, const char *const *pb_paths,
                                                  bool *kept) {
  strata_onnx_layout_t *layout = calloc(1, sizeof *layout);
  MlirOperation m = strata_onnx_import_file_layout(ctx, path, num_inputs, pb_paths, layout);
  for (int i = 0; kept && i < num_inputs; ++i)
    kept[i] = i >= layout->num_inputs || layout->inputs[i].count > 0;
  free(layout);
  return m;
}

/* Counts the errors reported while importing (onnx_failed) and leaves
 * them to the caller's handlers. */
static MlirLogicalResult count_error(MlirDiagnostic diag, void *user) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++((onnx_importer_t *)user)->errors;
  return mlirLogicalResultFailure();
}

MlirOperation strata_onnx_import_file_layout(MlirContext ctx, const char *path, int num_inputs,
                                             const char *const *pb_paths,
                                             strata_onnx_layout_t *layout) {
  strata_onnx_layout_t scratch;
  if (!layout)
    layout = &scratch;
  memset(layout, 0, sizeof *layout);
  onnx_importer_t imp;
  memset(&imp, 0, sizeof imp);
  imp.num_bound = num_inputs;
  imp.bound_pb = pb_paths;
  imp.ctx = ctx;
  imp.path = path;
  imp.file_loc = mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(path), 0, 0);
  size_t len = 0;
  uint8_t *bytes = (uint8_t *)strata_read_file(path, &len);
  if (!bytes) {
    file_error(&imp, "cannot open: %s", strerror(errno));
    return (MlirOperation){NULL};
  }
  /* protobuf-c unpacks nested subgraphs and types by recursing, without a
   * limit: refuse too deep a nesting before it overflows the stack. */
  char err[256];
  if (!strata_onnx_check_nesting(bytes, len, STRATA_ONNX_MSG_MODEL, err, sizeof err)) {
    free(bytes);
    file_error(&imp, "%s", err);
    return (MlirOperation){NULL};
  }
  Onnx__ModelProto *model = onnx__model_proto__unpack(NULL, len, bytes);
  free(bytes);
  if (!model || !model->graph) {
    file_error(&imp, "not an ONNX model (the file is truncated or not a serialized "
                     "onnx.ModelProto)");
    if (model)
      onnx__model_proto__free_unpacked(model, NULL);
    return (MlirOperation){NULL};
  }
  MlirDiagnosticHandlerID counter =
      mlirContextAttachDiagnosticHandler(ctx, count_error, &imp, NULL);
  MlirOperation module = import_model(&imp, model, layout);
  mlirContextDetachDiagnosticHandler(ctx, counter);
  onnx__model_proto__free_unpacked(model, NULL);
  onnx_value_table_free(&imp);
  return module;
}
