/* Importing nodes and bodies for the ONNX importer (import_state.h): the
 * locations it gives them ("node '<name>' (<OpType>)", "graph input '<x>'"
 * inside the model file) and their formatting for the tools, the dispatch
 * of a node to the mapping of its operator in its domain (the family
 * tables of import_<family>.c, read as data), resolving its inputs (string
 * tensors only where an operator takes them), and the inline import of a
 * node's subgraph (If, Loop, Scan, SequenceMap bodies). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include "core/text.h"
#include "frontends/onnx/import_state.h"
#include "frontends/onnx/nesting.h"

/* ---------------------------------------------------------------------- */
/* Locations and diagnostics                                               */

MlirLocation onnx_node_location(onnx_importer_t *imp, const Onnx__NodeProto *node, size_t index) {
  char name[512];
  const char *id = node->name && node->name[0]       ? node->name
                   : node->n_output && node->output[0][0] ? node->output[0]
                                                          : NULL;
  if (id)
    snprintf(name, sizeof name, "node '%s' (%s)", id, node->op_type ? node->op_type : "?");
  else
    snprintf(name, sizeof name, "node #%zu (%s)", index, node->op_type ? node->op_type : "?");
  return mlirLocationNameGet(imp->ctx, mlirStringRefCreateFromCString(name), imp->file_loc);
}

MlirLocation onnx_named_location(onnx_importer_t *imp, const char *what, const char *name) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s '%s'", what, name ? name : "");
  return mlirLocationNameGet(imp->ctx, mlirStringRefCreateFromCString(buf), imp->file_loc);
}


/* "file" for the importer's file locations (line 0), "file:node '...' (Op)"
 * for names around them; false for any other location. */
static bool describe_location(MlirLocation loc, strata_text_t *t) {
  if (mlirLocationIsAName(loc)) {
    MlirLocation child = mlirLocationNameGetChildLoc(loc);
    if (!describe_location(child, t))
      return false;
    strata_text_append_c(t, ":");
    strata_text_append_cb(mlirIdentifierStr(mlirLocationNameGetName(loc)), t);
    return true;
  }
  if (mlirLocationIsAFileLineColRange(loc) && mlirLocationFileLineColRangeGetStartLine(loc) == 0) {
    strata_text_append_cb(mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc)), t);
    return true;
  }
  return false;
}

char *strata_onnx_format_diagnostic(MlirDiagnostic diag) {
  strata_text_t t = {0};
  strata_text_append_c(&t, "");
  if (!describe_location(mlirDiagnosticGetLocation(diag), &t)) {
    strata_text_free(&t);
    return NULL;
  }
  static const char *const sev[] = {"error", "warning", "note", "remark"};
  MlirDiagnosticSeverity s = mlirDiagnosticGetSeverity(diag);
  strata_text_append_c(&t, ": ");
  strata_text_append_c(&t, (unsigned)s < 4 ? sev[s] : "error");
  strata_text_append_c(&t, ": ");
  mlirDiagnosticPrint(diag, strata_text_append_cb, &t);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diag); ++i) {
    MlirDiagnostic note = mlirDiagnosticGetNote(diag, i);
    strata_text_append_c(&t, "\nnote: ");
    mlirDiagnosticPrint(note, strata_text_append_cb, &t);
  }
  return strata_text_take(&t);
}

bool onnx_is_default_domain(const char *domain) {
  return !domain || !domain[0] || !strcmp(domain, "ai.onnx");
}

/* Whether operator op_type may take string tensors. */
static bool takes_strings(const char *op_type) {
  for (const char *const *op = strata_onnx_string_input_ops; *op; ++op)
    if (!strcmp(*op, op_type))
      return true;
  return false;
}

/* Whether mapping m may take a sequence or an optional input: the
 * operators of import_sequence.c, and Identity, which passes one on. The
 * others get a located error here rather than a null tensor. */
static bool takes_sequences(const onnx_mapping_t *m) {
  for (const onnx_mapping_t *s = strata_onnx_sequence_ops; s->op_type; ++s)
    if (s == m)
      return true;
  return !strcmp(m->op_type, "Identity");
}

/* The mapping of a node's operator in its domain, or NULL. */
const onnx_mapping_t *onnx_find_mapping(const Onnx__NodeProto *node) {
  static const onnx_mapping_t *const default_tables[] = {
      strata_onnx_elementwise_ops, strata_onnx_nn_ops, strata_onnx_resize_ops, strata_onnx_shape_ops,
      strata_onnx_sequence_ops, strata_onnx_loss_ops,     strata_onnx_generate_ops,
      strata_onnx_quantize_ops, strata_onnx_bits_ops, strata_onnx_rnn_ops,      strata_onnx_einsum_ops,
      strata_onnx_signal_ops,   strata_onnx_grid_sample_ops, strata_onnx_string_ops,
      strata_onnx_table_ops,    strata_onnx_detection_ops,   strata_onnx_norm_ops,
      strata_onnx_attention_ops,   strata_onnx_crop_ops, strata_onnx_col2im_ops,
      strata_onnx_deform_conv_ops, strata_onnx_image_ops};
  static const onnx_mapping_t *const training_tables[] = {strata_onnx_training_ops};
  static const onnx_mapping_t *const preview_tables[] = {strata_onnx_preview_ops};
  static const onnx_mapping_t *const ml_tables[] = {strata_onnx_ml_ops, strata_onnx_tree_ops};
  const onnx_mapping_t *const *tables = default_tables;
  size_t count = sizeof default_tables / sizeof default_tables[0];
  if (node->domain && !strcmp(node->domain, ONNX_PREVIEW_DOMAIN)) {
    tables = preview_tables;
    count = sizeof preview_tables / sizeof preview_tables[0];
  } else if (node->domain && !strcmp(node->domain, ONNX_ML_DOMAIN)) {
    tables = ml_tables;
    count = sizeof ml_tables / sizeof ml_tables[0];
  } else if (!onnx_is_default_domain(node->domain)) {
    if (strcmp(node->domain, ONNX_TRAINING_DOMAIN))
      return NULL;
    tables = training_tables;
    count = sizeof training_tables / sizeof training_tables[0];
  }
  const char *op_type = node->op_type ? node->op_type : "";
  for (size_t t = 0; t < count; ++t)
    for (const onnx_mapping_t *m = tables[t]; m->op_type; ++m)
      if (!strcmp(m->op_type, op_type))
        return m;
  return NULL;
}

/* "unsupported operator" at the node, naming a domain other than the default. */
bool onnx_unsupported_operator(onnx_importer_t *imp, const Onnx__NodeProto *node, size_t index) {
  const char *op_type = node->op_type ? node->op_type : "";
  MlirLocation loc = onnx_node_location(imp, node, index);
  if (onnx_is_default_domain(node->domain))
    strata_emit_error_at(loc, "unsupported operator '%s'", op_type);
  else
    strata_emit_error_at(loc, "unsupported operator '%s' of domain '%s'", op_type, node->domain);
  return false;
}

/* Output 0 of n, built by its mapping, gets the contents c (owned) as a
 * known value, unless the mapping gave it contents already or its type
 * does not have c's shape. */
static void keep_known_output(onnx_node_t *n, onnx_const_t *c) {
  onnx_value_t *e = n->node->output[0][0] ? onnx_value_lookup(n->imp, n->node->output[0]) : NULL;
  strata_graph_shape_t s;
  if (!e || e->has_const || e->seq || mlirValueIsNull(e->value) || !onnx_shape(e->value, &s) ||
      !mlirShapedTypeHasStaticShape(mlirValueGetType(e->value)) ||
      strata_graph_num_elements(&s) != c->numel || s.rank != c->shape.rank) {
    onnx_const_free(c);
    return;
  }
  onnx_set_known_output(n, 0, e->value, c);
}

bool onnx_import_node(onnx_importer_t *imp, const Onnx__GraphProto *g, size_t index,
                        const int64_t *opset_of_default) {
  const Onnx__NodeProto *node = g->node[index];
  onnx_node_t n;
  memset(&n, 0, sizeof n);
  n.imp = imp;
  n.node = node;
  n.graph = g;
  n.index = index;
  n.ctx = imp->ctx;
  n.loc = onnx_node_location(imp, node, index);
  n.b = (strata_builder_t){imp->body, {NULL}, n.loc};
  n.opset = *opset_of_default;
  const onnx_mapping_t *m = onnx_find_mapping(node);
  if (!m)
    return onnx_unsupported_operator(imp, node, index);
  if (node->n_input > ONNX_MAX_IO || node->n_output > ONNX_MAX_IO)
    return onnx_error(&n, "more than %d inputs or outputs are not supported", ONNX_MAX_IO);
  n.num_inputs = (int)node->n_input;
  for (size_t i = 0; i < node->n_input; ++i) {
    const char *name = node->input[i];
    if (!name[0])
      continue;
    onnx_value_t *e = onnx_value_lookup(imp, name);
    if (!e)
      return onnx_error(&n, "input '%s' is not defined (not a graph input, an initializer or "
                            "an output of an earlier node)", name);
    bool string = e->has_const ? e->cst.onnx_type == ONNX__TENSOR_PROTO__DATA_TYPE__STRING
                               : !mlirValueIsNull(e->value) &&
                                     strata_graph_is_string(mlirValueGetType(e->value));
    if (string && !takes_strings(node->op_type ? node->op_type : ""))
      return onnx_error(&n, "input '%s' is a string tensor, which %s does not take", name,
                        node->op_type ? node->op_type : "");
    if (e->seq && !takes_sequences(m))
      return onnx_error(&n, "input %zu ('%s') is %s, operator '%s' takes a tensor there", i, name,
                        e->seq->optional ? "an optional" : "a sequence",
                        node->op_type ? node->op_type : "");
    n.present[i] = true;
    n.entry[i] = e;
    n.in_const[i] = e->has_const ? &e->cst : NULL;
    /* String constants are not folded (the folds copy fixed-size elements):
     * they reach operators as graph.constant values. */
    n.fold[i] = e->has_const && !e->bound && !string ? &e->cst : NULL;
  }
  /* Known contents in, known contents out (import_fold.c): a node on true
   * constants becomes a constant; one on known values of bound graph
   * inputs is built, and its output's contents known too. */
  n.errors_before = imp->errors;
  onnx_const_t known;
  bool all_constant;
  bool is_known = onnx_fold_node(&n, &all_constant, &known);
  if (is_known && all_constant) {
    onnx_set_const_output(&n, 0, &known);
    return true;
  }
  bool ok = m->fn(&n);
  /* A node fails as soon as an error is reported, whatever its mapping
   * returns, and never without a message. */
  if (onnx_failed(&n) || !ok) {
    if (is_known)
      onnx_const_free(&known);
    if (onnx_failed(&n))
      return false;
    return onnx_error(&n, "the node cannot be imported: a value it needs is missing (an absent "
                          "input, or one that could not be computed)");
  }
  if (is_known)
    keep_known_output(&n, &known);
  for (size_t i = 0; i < node->n_output; ++i) {
    const char *name = node->output[i];
    if (!name[0])
      continue;
    onnx_value_t *e = onnx_value_lookup(imp, name);
    if (!e || (mlirValueIsNull(e->value) && !e->has_const && !e->seq))
      return onnx_error(&n, "output %zu ('%s') is not supported", i, name);
  }
  return true;
}

/* The first graph input, output or initializer of g without a name
 * (protobuf-c leaves an absent one NULL; an empty one names nothing):
 * its kind ("input", "output", "initializer"), and its index in *index;
 * NULL when all are named. */
const char *onnx_unnamed_value(const Onnx__GraphProto *g, size_t *index) {
  for (*index = 0; *index < g->n_initializer; ++*index)
    if (!g->initializer[*index]->name || !g->initializer[*index]->name[0])
      return "initializer";
  for (*index = 0; *index < g->n_input; ++*index)
    if (!g->input[*index]->name || !g->input[*index]->name[0])
      return "input";
  for (*index = 0; *index < g->n_output; ++*index)
    if (!g->output[*index]->name || !g->output[*index]->name[0])
      return "output";
  return NULL;
}

bool onnx_import_subgraph(onnx_node_t *n, const Onnx__GraphProto *g, const onnx_item_t *in,
                          int nin, onnx_item_t *out, int nout) {
  onnx_importer_t *imp = n->imp;
  if ((int)g->n_input != nin || (int)g->n_output != nout)
    return onnx_error(n, "the body graph has %zu inputs and %zu outputs, expected %d and %d",
                      g->n_input, g->n_output, nin, nout);
  size_t unnamed;
  const char *kind = onnx_unnamed_value(g, &unnamed);
  if (kind)
    return onnx_error(n, "the body graph's %s #%zu has no name", kind, unnamed);
  /* Bodies import through import_node: bounded like the file's nesting
   * (nesting.c; the main graph counts), in case a caller builds protos
   * deeper than a file may hold. */
  if (imp->depth + 2 > STRATA_ONNX_MAX_NESTING)
    return onnx_error(n, "subgraphs are nested more than %d deep (the importer's limit)",
                      STRATA_ONNX_MAX_NESTING);
  char err[512];
  for (size_t i = 0; i < g->n_initializer; ++i) {
    const Onnx__TensorProto *tp = g->initializer[i];
    onnx_const_t c;
    if (!onnx_const_from_proto(tp, &c, err, sizeof err))
      return onnx_error(n, "body initializer '%s': %s", tp->name, err);
    onnx_value_t *e = onnx_value_define(imp, tp->name);
    e->has_const = true;
    e->cst = c;
    e->loc = n->loc;
  }
  for (int i = 0; i < nin; ++i) {
    onnx_item_t it;
    onnx_item_copy(&in[i], &it);
    onnx_value_t *e = onnx_value_define(imp, g->input[i]->name);
    e->value = it.value;
    e->seq = it.seq;
    e->has_const = it.has_const;
    e->bound = it.bound;
    e->cst = it.cst;
    e->loc = n->loc;
  }
  ++imp->depth;
  bool ok = true;
  for (size_t i = 0; ok && i < g->n_node; ++i)
    ok = onnx_import_node(imp, g, i, &n->opset);
  --imp->depth;
  if (!ok)
    return false;
  for (int i = 0; i < nout; ++i) {
    const char *name = g->output[i]->name;
    onnx_value_t *e = onnx_value_lookup(imp, name);
    if (!e || !onnx_value_item(imp, e, &out[i])) {
      for (int j = 0; j < i; ++j)
        onnx_item_free(&out[j]);
      return onnx_error(n, "the body graph does not compute its output '%s'", name);
    }
  }
  return true;
}
