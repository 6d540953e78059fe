/* ONNX Gradient (domain ai.onnx.preview.training) -> graph dialect, by
 * reverse-mode differentiation at import time.
 *
 * The differentiated sub-graph is every node before the Gradient node that
 * depends on a tensor named by `xs` or `zs` and on which the tensor named
 * by `y` depends without passing through `xs` or `zs` (the sub-graph's
 * inputs: the backward pass stops there). Its forward values are the ones already imported when the
 * Gradient node's inputs are those very tensors; when an input is another
 * tensor (the spec feeds "the value of the i-th tensor of xs then zs"),
 * the sub-graph is emitted again on the inputs. The backward pass starts
 * from ones of y's shape, walks the sub-graph in reverse, and sums every
 * contribution to a tensor, reduced back to its shape where the forward
 * operation broadcast it. A tensor of `xs` that y does not depend on gets
 * zeros. Differentiable operators: Add, Sub, Mul, Neg; any other one in the
 * sub-graph is an error naming its node. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_VALUE ((MlirValue){NULL})

/* --- Tensors by name ---------------------------------------------------------- */
/* A small map from tensor names (borrowed: the model's, or the copies of
 * the attributes' names) to values; a null value makes it a set. */
typedef struct {
  const char **names;
  MlirValue *values;
  size_t count, cap;
} name_map_t;

static MlirValue *map_find(const name_map_t *m, const char *name) {
  for (size_t i = 0; i < m->count; ++i)
    if (!strcmp(m->names[i], name))
      return &m->values[i];
  return NULL;
}

static bool map_has(const name_map_t *m, const char *name) { return map_find(m, name) != NULL; }

/* Sets name's value (adding the name if new). */
static void map_set(name_map_t *m, const char *name, MlirValue v) {
  MlirValue *slot = map_find(m, name);
  if (slot) {
    *slot = v;
    return;
  }
  if (m->count == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 16;
    m->names = realloc(m->names, m->cap * sizeof *m->names);
    m->values = realloc(m->values, m->cap * sizeof *m->values);
  }
  m->names[m->count] = name;
  m->values[m->count++] = v;
}

static void map_free(name_map_t *m) {
  free(m->names);
  free(m->values);
}

/* --- Differentiable operators ---------------------------------------------------- */
/* Contributions of the output gradient g to each operand's gradient, for
 * forward operands a (and b); out[i] null for none. */
typedef void (*backward_fn_t)(onnx_node_t *n, MlirValue g, const MlirValue *operands,
                              MlirValue *out);

static void backward_add(onnx_node_t *n, MlirValue g, const MlirValue *operands, MlirValue *out) {
  (void)n, (void)operands;
  out[0] = out[1] = g;
}

static void backward_sub(onnx_node_t *n, MlirValue g, const MlirValue *operands, MlirValue *out) {
  (void)operands;
  out[0] = g;
  out[1] = onnx_unary(n, "graph.neg", g);
}

static void backward_mul(onnx_node_t *n, MlirValue g, const MlirValue *operands, MlirValue *out) {
  out[0] = onnx_binary(n, "graph.mul", g, operands[1]);
  out[1] = onnx_binary(n, "graph.mul", g, operands[0]);
}

static void backward_neg(onnx_node_t *n, MlirValue g, const MlirValue *operands, MlirValue *out) {
  (void)operands;
  out[0] = onnx_unary(n, "graph.neg", g);
}

typedef struct {
  const char *op_type;
  const char *graph_op; /* the forward op */
  int arity;
  backward_fn_t backward;
} differentiable_t;

static const differentiable_t differentiable_ops[] = {
    {"Add", "graph.add", 2, backward_add},
    {"Sub", "graph.sub", 2, backward_sub},
    {"Mul", "graph.mul", 2, backward_mul},
    {"Neg", "graph.neg", 1, backward_neg},
};

static const differentiable_t *find_differentiable(const char *op_type) {
  for (size_t i = 0; i < sizeof differentiable_ops / sizeof differentiable_ops[0]; ++i)
    if (!strcmp(differentiable_ops[i].op_type, op_type))
      return &differentiable_ops[i];
  return NULL;
}

/* --- Helpers ------------------------------------------------------------------------ */
/* A tensor of like's type filled with value. */
static MlirValue filled_like(onnx_node_t *n, MlirValue like, double value) {
  MlirValue splat = onnx_splat_like(n, like, value);
  if (mlirValueIsNull(splat) || mlirTypeEqual(mlirValueGetType(splat), mlirValueGetType(like)))
    return splat;
  return onnx_build(n, "graph.expand", 1, &splat, mlirValueGetType(like), 0, NULL);
}

/* g summed over the axes along which a tensor of target's shape was
 * broadcast to g's shape (leading axes, and axes where target has 1). */
static MlirValue sum_to_shape(onnx_node_t *n, MlirValue g, MlirValue target) {
  strata_graph_shape_t gs, ts;
  if (mlirValueIsNull(g) || !onnx_shape(g, &gs) || !onnx_shape(target, &ts))
    return NULL_VALUE;
  intptr_t lead = gs.rank - ts.rank;
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  intptr_t count = 0;
  for (intptr_t i = 0; i < ts.rank; ++i)
    if (ts.dims[i] == 1 && gs.dims[lead + i] != 1)
      axes[count++] = lead + i;
  if (count)
    g = onnx_reduce(n, "graph.reduce_sum", g, count, axes, true);
  for (intptr_t i = 0; i < lead; ++i)
    axes[i] = i;
  if (lead > 0)
    g = onnx_reduce(n, "graph.reduce_sum", g, lead, axes, false);
  return g;
}

/* The node's name for messages: its name, else its first output's. */
static const char *node_label(const Onnx__NodeProto *node) {
  if (node->name && node->name[0])
    return node->name;
  return node->n_output ? node->output[0] : "";
}

/* --- Gradient ------------------------------------------------------------------------- */
typedef struct {
  onnx_node_t *n;
  char **xs, **zs; /* the attributes' names, NUL-terminated copies */
  size_t nx, nz;
  char *y;
  bool *on_path; /* per node before the Gradient node */
  name_map_t active; /* names depending on xs or zs (set) */
  name_map_t forward; /* forward values that differ from the imported ones */
  name_map_t grads;   /* accumulated gradients */
} gradient_t;

/* The forward value of a tensor of the sub-graph (or any earlier one);
 * `what` names it in the error when it is not defined. */
static MlirValue forward_value(gradient_t *gr, const char *name, const char *what) {
  MlirValue *v = map_find(&gr->forward, name);
  return v ? *v : onnx_named_value(gr->n, name, what);
}

/* Whether name is one of xs or zs: an input of the sub-graph, where the
 * backward pass stops (it does not go on into the node computing it). */
static bool is_source(const gradient_t *gr, const char *name) {
  for (size_t i = 0; i < gr->nx; ++i)
    if (!strcmp(gr->xs[i], name))
      return true;
  for (size_t i = 0; i < gr->nz; ++i)
    if (!strcmp(gr->zs[i], name))
      return true;
  return false;
}

/* Marks the nodes of the sub-graph: depending on xs or zs (forward), and
 * reaching y without passing through xs or zs (backward). Each must be
 * differentiable. */
static bool find_path(gradient_t *gr) {
  onnx_node_t *n = gr->n;
  const Onnx__GraphProto *g = n->graph;
  for (size_t i = 0; i < gr->nx; ++i)
    map_set(&gr->active, gr->xs[i], NULL_VALUE);
  for (size_t i = 0; i < gr->nz; ++i)
    map_set(&gr->active, gr->zs[i], NULL_VALUE);
  bool *depends = calloc(n->index + 1, sizeof *depends);
  for (size_t k = 0; k < n->index; ++k) {
    const Onnx__NodeProto *node = g->node[k];
    for (size_t j = 0; j < node->n_input && !depends[k]; ++j)
      depends[k] = map_has(&gr->active, node->input[j]);
    for (size_t j = 0; depends[k] && j < node->n_output; ++j)
      map_set(&gr->active, node->output[j], NULL_VALUE);
  }
  name_map_t needed = {0};
  if (!is_source(gr, gr->y))
    map_set(&needed, gr->y, NULL_VALUE);
  bool ok = true;
  for (size_t k = n->index; ok && k-- > 0;) {
    const Onnx__NodeProto *node = g->node[k];
    bool reaches_y = false;
    for (size_t j = 0; j < node->n_output && !reaches_y; ++j)
      reaches_y = map_has(&needed, node->output[j]);
    if (!depends[k] || !reaches_y)
      continue;
    const differentiable_t *d = find_differentiable(node->op_type);
    /* It was imported already, so it has the inputs and the one output
     * its operator needs. */
    if (!d)
      ok = onnx_error(n, "node '%s' (%s) is between xs and y: Gradient supports only Add, Sub, "
                         "Mul and Neg there", node_label(node), node->op_type);
    gr->on_path[k] = true;
    for (size_t j = 0; j < node->n_input; ++j)
      if (!is_source(gr, node->input[j]))
        map_set(&needed, node->input[j], NULL_VALUE);
  }
  map_free(&needed);
  free(depends);
  return ok;
}

/* Binds xs then zs to the Gradient node's inputs; when one is another
 * tensor than the one named, emits the sub-graph again on the inputs. */
static bool bind_inputs(gradient_t *gr) {
  onnx_node_t *n = gr->n;
  size_t nx = gr->nx, nz = gr->nz;
  if ((size_t)n->num_inputs != nx + nz)
    return onnx_error(n, "Gradient takes %zu inputs (one per name in xs, then zs), got %d",
                      nx + nz, n->num_inputs);
  bool rebound = false;
  for (size_t i = 0; i < nx + nz; ++i) {
    if (!onnx_need_input(n, (int)i))
      return false;
    const char *name = i < nx ? gr->xs[i] : gr->zs[i - nx];
    MlirValue v = onnx_input(n, (int)i);
    if (mlirValueIsNull(v))
      return false;
    rebound |= strcmp(n->node->input[i], name) != 0;
    map_set(&gr->forward, name, v);
  }
  const Onnx__GraphProto *g = n->graph;
  for (size_t k = 0; rebound && k < n->index; ++k) {
    if (!gr->on_path[k])
      continue;
    const Onnx__NodeProto *node = g->node[k];
    const differentiable_t *d = find_differentiable(node->op_type);
    MlirValue operands[2];
    for (int j = 0; j < d->arity; ++j)
      if (mlirValueIsNull(operands[j] = forward_value(gr, node->input[j], "tensor")))
        return false;
    MlirValue v = d->arity == 1 ? onnx_unary(n, d->graph_op, operands[0])
                                : onnx_binary(n, d->graph_op, operands[0], operands[1]);
    if (mlirValueIsNull(v))
      return false;
    map_set(&gr->forward, node->output[0], v);
  }
  return true;
}

/* Adds g, summed to the shape of the tensor `name`, to its gradient. */
static bool accumulate(gradient_t *gr, const char *name, MlirValue g) {
  MlirValue forward = forward_value(gr, name, "tensor");
  if (mlirValueIsNull(forward))
    return false;
  g = sum_to_shape(gr->n, g, forward);
  MlirValue *acc = map_find(&gr->grads, name);
  if (acc && !mlirValueIsNull(*acc))
    g = onnx_binary(gr->n, "graph.add", *acc, g);
  if (mlirValueIsNull(g))
    return false;
  map_set(&gr->grads, name, g);
  return true;
}

/* The backward pass: from ones of y's shape, through the sub-graph in
 * reverse, into the gradients of the active tensors. */
static bool backward(gradient_t *gr) {
  onnx_node_t *n = gr->n;
  MlirValue y = forward_value(gr, gr->y, "y: tensor");
  if (mlirValueIsNull(y) || !accumulate(gr, gr->y, filled_like(n, y, 1.0)))
    return false;
  const Onnx__GraphProto *g = n->graph;
  for (size_t k = n->index; k-- > 0;) {
    if (!gr->on_path[k])
      continue;
    const Onnx__NodeProto *node = g->node[k];
    MlirValue *out_grad = map_find(&gr->grads, node->output[0]);
    if (!out_grad)
      continue;
    const differentiable_t *d = find_differentiable(node->op_type);
    MlirValue operands[2], contributions[2] = {NULL_VALUE, NULL_VALUE};
    for (int j = 0; j < d->arity; ++j)
      if (mlirValueIsNull(operands[j] = forward_value(gr, node->input[j], "tensor")))
        return false;
    d->backward(n, *out_grad, operands, contributions);
    for (int j = 0; j < d->arity; ++j)
      if (map_has(&gr->active, node->input[j]) &&
          !accumulate(gr, node->input[j], contributions[j]))
        return false;
  }
  return true;
}

/* A NUL-terminated copy of a bytes field (protobuf-c does not terminate). */
static char *bytes_str(const ProtobufCBinaryData *d) {
  char *s = malloc(d->len + 1);
  if (d->len)
    memcpy(s, d->data, d->len);
  s[d->len] = '\0';
  return s;
}

/* The names of a list-of-strings attribute (none if absent), copied. */
static char **attr_names(const onnx_node_t *n, const char *attr, size_t *count) {
  const Onnx__AttributeProto *a = onnx_attr(n, attr);
  *count = a ? a->n_strings : 0;
  char **names = calloc(*count + 1, sizeof *names);
  for (size_t i = 0; i < *count; ++i)
    names[i] = bytes_str(&a->strings[i]);
  return names;
}

static void free_names(char **names, size_t count) {
  for (size_t i = 0; i < count; ++i)
    free(names[i]);
  free(names);
}

static bool map_gradient(onnx_node_t *n) {
  const Onnx__AttributeProto *y = onnx_attr(n, "y");
  if (!onnx_attr(n, "xs") || !y || !y->s.len)
    return onnx_error(n, "Gradient needs the attributes xs (a list of tensor names) and y");
  gradient_t gr = {.n = n};
  gr.xs = attr_names(n, "xs", &gr.nx);
  gr.zs = attr_names(n, "zs", &gr.nz);
  gr.y = bytes_str(&y->s);
  gr.on_path = calloc(n->index + 1, sizeof *gr.on_path);
  bool ok = true;
  if (onnx_num_outputs(n) > (int)gr.nx)
    ok = onnx_error(n, "Gradient has %d outputs, more than the %zu names in xs",
                    onnx_num_outputs(n), gr.nx);
  ok = ok && find_path(&gr) && bind_inputs(&gr) && backward(&gr);
  for (int i = 0; ok && i < onnx_num_outputs(n); ++i) {
    MlirValue *g = map_find(&gr.grads, gr.xs[i]);
    MlirValue v = g ? *g : filled_like(n, onnx_input(n, i), 0.0);
    if ((ok = !mlirValueIsNull(v)))
      onnx_set_output(n, i, v);
  }
  free_names(gr.xs, gr.nx);
  free_names(gr.zs, gr.nz);
  free(gr.y);
  free(gr.on_path);
  map_free(&gr.active);
  map_free(&gr.forward);
  map_free(&gr.grads);
  return ok;
}

const onnx_mapping_t strata_onnx_training_ops[] = {
    {"Gradient", map_gradient},
    {NULL, NULL},
};
