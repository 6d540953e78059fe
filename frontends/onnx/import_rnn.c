/* ONNX recurrent operators (RNN, GRU, LSTM) -> graph dialect, unrolled at
 * import time over the (static) sequence length: each step is dense ops of
 * the step's input and the previous hidden state with each gate's weights,
 * plus biases, through the default activations (sigmoid for gates, tanh
 * otherwise). One direction (forward or reverse), layout 0 ([T, B, I]) or
 * 1 ([B, T, I]); a zero initial state is left out of the first step.
 * Unsupported variants (bidirectional, other activations, clip,
 * input_forget, sequence_lens shorter than the sequence) are named errors. */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})
#define NONE ((MlirValue){NULL})

enum { MAX_STEPS = 1024, MAX_GATES = 4 };

typedef enum { CELL_RNN, CELL_GRU, CELL_LSTM } cell_kind_t;

/* One unrolled layer: per gate g, weights W[g] [H, I] and R[g] [H, H],
 * biases Wb[g], Rb[g] [H] (null without B). */
typedef struct {
  onnx_node_t *n;
  int64_t hidden;
  MlirValue W[MAX_GATES], R[MAX_GATES], Wb[MAX_GATES], Rb[MAX_GATES];
} cell_t;

static bool is_null(MlirValue v) { return mlirValueIsNull(v); }

static MlirValue add_or(onnx_node_t *n, MlirValue a, MlirValue b) {
  if (is_null(a))
    return b;
  if (is_null(b))
    return a;
  return onnx_binary(n, "graph.add", a, b);
}

static MlirValue mul(onnx_node_t *n, MlirValue a, MlirValue b) {
  return onnx_binary(n, "graph.mul", a, b);
}

/* Rows [start, start + count) of a 2-D tensor, or elements of a 1-D one. */
static MlirValue rows(onnx_node_t *n, MlirValue v, int64_t start, int64_t count) {
  intptr_t r = onnx_rank(v);
  int64_t starts[2] = {start, 0}, ends[2] = {start + count, INT64_MAX}, steps[2] = {1, 1};
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", r, starts),
                             onnx_ints_attr(n, "ends", r, ends),
                             onnx_ints_attr(n, "steps", r, steps)};
  return onnx_build(n, "graph.slice", 1, &v, NULL_TYPE, 3, a);
}

/* x [B, K] times w [H, K] transposed: [B, H] (null x: null). */
static MlirValue times(onnx_node_t *n, MlirValue x, MlirValue w) {
  if (is_null(x))
    return NONE;
  MlirValue ops[2] = {x, w};
  return onnx_build(n, "graph.dense", 2, ops, NULL_TYPE, 0, NULL);
}

/* x W[g]^T + h R[g]^T + Wb[g] + Rb[g] (terms of a null h left out). */
static MlirValue gate_input(cell_t *c, int g, MlirValue x, MlirValue h) {
  onnx_node_t *n = c->n;
  MlirValue v = add_or(n, times(n, x, c->W[g]), times(n, h, c->R[g]));
  return add_or(n, v, add_or(n, c->Wb[g], c->Rb[g]));
}

static MlirValue sigmoid(onnx_node_t *n, MlirValue v) { return onnx_unary(n, "graph.sigmoid", v); }
static MlirValue tanh_(onnx_node_t *n, MlirValue v) { return onnx_unary(n, "graph.tanh", v); }

/* Input `i` if present, else null. */
static MlirValue optional_input(onnx_node_t *n, int i) {
  return i < n->num_inputs && n->present[i] ? onnx_input(n, i) : NONE;
}

/* The activations attribute, if given, must list the defaults. */
static bool default_activations(onnx_node_t *n, const char *const *defaults, int count) {
  const Onnx__AttributeProto *a = onnx_attr(n, "activations");
  if (!a)
    return true;
  bool same = a->n_strings == (size_t)count;
  for (int i = 0; same && i < count; ++i)
    same = a->strings[i].len == strlen(defaults[i]) &&
           !strncasecmp((const char *)a->strings[i].data, defaults[i], a->strings[i].len);
  if (same)
    return true;
  return onnx_error(n, "only the default activations are supported");
}

/* An initial state [1, B, H] (layout 0) or [B, 1, H] (layout 1) as [B, H]. */
static MlirValue initial_state(onnx_node_t *n, int i, int64_t batch, int64_t hidden) {
  MlirValue v = optional_input(n, i);
  int64_t dims[2] = {batch, hidden};
  return is_null(v) ? v : onnx_reshape(n, v, 2, dims);
}

/* A state [B, H] laid out as Y_h / Y_c: [1, B, H] or [B, 1, H]. */
static MlirValue final_state(onnx_node_t *n, MlirValue h, bool batch_first, int64_t batch,
                             int64_t hidden) {
  int64_t dims[3] = {batch_first ? batch : 1, batch_first ? 1 : batch, hidden};
  return onnx_reshape(n, h, 3, dims);
}

static bool unroll(onnx_node_t *n, cell_kind_t kind) {
  static const char *const rnn_acts[] = {"Tanh"};
  static const char *const gru_acts[] = {"Sigmoid", "Tanh"};
  static const char *const lstm_acts[] = {"Sigmoid", "Tanh", "Tanh"};
  int gates = kind == CELL_RNN ? 1 : kind == CELL_GRU ? 3 : 4;
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  char buf[32];
  const char *direction = onnx_attr_string(n, "direction", "forward", buf, sizeof buf);
  bool reverse = !strcmp(direction, "reverse");
  if (!reverse && strcmp(direction, "forward"))
    return onnx_error(n, "unsupported direction '%s' (forward or reverse)", direction);
  if (onnx_attr(n, "clip"))
    return onnx_error(n, "clip is not supported");
  if (onnx_attr_int(n, "input_forget", 0))
    return onnx_error(n, "input_forget is not supported");
  if (!default_activations(n, kind == CELL_RNN ? rnn_acts : kind == CELL_GRU ? gru_acts : lstm_acts,
                           kind == CELL_RNN ? 1 : kind == CELL_GRU ? 2 : 3))
    return false;
  bool batch_first = onnx_attr_int(n, "layout", 0) != 0;
  bool linear_before_reset = onnx_attr_int(n, "linear_before_reset", 0) != 0;
  MlirValue X = onnx_input(n, 0);
  strata_graph_shape_t xs;
  onnx_shape(X, &xs);
  if (xs.rank != 3)
    return onnx_error(n, "X must have rank 3, got %lld", (long long)xs.rank);
  int64_t steps = xs.dims[batch_first ? 1 : 0], batch = xs.dims[batch_first ? 0 : 1];
  int64_t in = xs.dims[2];
  if (steps == STRATA_GRAPH_DYN || in == STRATA_GRAPH_DYN)
    return onnx_error(n, "a dynamic sequence length or input size is not supported");
  if (steps > MAX_STEPS)
    return onnx_error(n, "more than %d steps are not supported", MAX_STEPS);
  cell_t c = {.n = n, .hidden = onnx_attr_int(n, "hidden_size", 0)};
  int64_t H = c.hidden;
  if (H < 1)
    return onnx_error(n, "hidden_size must be given");
  if (n->num_inputs > 4 && n->present[4]) {
    int64_t lens[MAX_STEPS];
    int64_t k = onnx_const_ints(n, 4, "sequence_lens", lens, MAX_STEPS);
    if (k < 0)
      return false;
    for (int64_t i = 0; i < k; ++i)
      if (lens[i] != steps)
        return onnx_error(n, "sequence_lens other than the sequence length %lld are not "
                             "supported", (long long)steps);
  }
  int64_t w_dims[2] = {gates * H, in}, r_dims[2] = {gates * H, H}, b_dims[1] = {2 * gates * H};
  MlirValue W = onnx_reshape(n, onnx_input(n, 1), 2, w_dims);
  MlirValue R = onnx_reshape(n, onnx_input(n, 2), 2, r_dims);
  MlirValue B = optional_input(n, 3);
  if (!is_null(B))
    B = onnx_reshape(n, B, 1, b_dims);
  for (int g = 0; g < gates; ++g) {
    c.W[g] = rows(n, W, g * H, H);
    c.R[g] = rows(n, R, g * H, H);
    c.Wb[g] = is_null(B) ? NONE : rows(n, B, g * H, H);
    c.Rb[g] = is_null(B) ? NONE : rows(n, B, (gates + g) * H, H);
  }
  MlirValue P = kind == CELL_LSTM ? optional_input(n, 7) : NONE, Pg[3] = {NONE, NONE, NONE};
  if (!is_null(P)) {
    int64_t p_dims[1] = {3 * H};
    P = onnx_reshape(n, P, 1, p_dims);
    for (int g = 0; g < 3; ++g)
      Pg[g] = rows(n, P, g * H, H); /* i, o, f */
  }
  MlirValue h = initial_state(n, 5, batch, H);
  MlirValue cs = kind == CELL_LSTM ? initial_state(n, 6, batch, H) : NONE;
  MlirValue ys[MAX_STEPS];
  for (int64_t s = 0; s < steps; ++s) {
    int64_t t = reverse ? steps - 1 - s : s;
    int64_t starts[3] = {0, 0, 0}, ends[3] = {INT64_MAX, INT64_MAX, INT64_MAX}, one[3] = {1, 1, 1};
    starts[batch_first ? 1 : 0] = t;
    ends[batch_first ? 1 : 0] = t + 1;
    MlirNamedAttribute sa[3] = {onnx_ints_attr(n, "starts", 3, starts),
                                onnx_ints_attr(n, "ends", 3, ends),
                                onnx_ints_attr(n, "steps", 3, one)};
    int64_t x_dims[2] = {batch, in};
    MlirValue x = onnx_reshape(n, onnx_build(n, "graph.slice", 1, &X, NULL_TYPE, 3, sa), 2, x_dims);
    if (kind == CELL_RNN) {
      h = tanh_(n, gate_input(&c, 0, x, h));
    } else if (kind == CELL_GRU) { /* gates z, r, h */
      MlirValue z = sigmoid(n, gate_input(&c, 0, x, h));
      MlirValue r = sigmoid(n, gate_input(&c, 1, x, h));
      MlirValue recurrent;
      if (linear_before_reset) /* r * (h R^T + Rb) */
        recurrent = mul(n, r, add_or(n, times(n, h, c.R[2]), c.Rb[2]));
      else /* (r * h) R^T + Rb */
        recurrent = add_or(n, times(n, is_null(h) ? h : mul(n, r, h), c.R[2]), c.Rb[2]);
      if (is_null(recurrent)) /* no h and no bias */
        recurrent = onnx_splat_like(n, z, 0.0);
      MlirValue cand = tanh_(n, add_or(n, add_or(n, times(n, x, c.W[2]), c.Wb[2]), recurrent));
      MlirValue keep = onnx_binary(n, "graph.sub", onnx_splat_like(n, z, 1.0), z);
      h = add_or(n, mul(n, keep, cand), is_null(h) ? h : mul(n, z, h));
    } else { /* gates i, o, f, c */
      MlirValue pre_i = gate_input(&c, 0, x, h), pre_f = gate_input(&c, 2, x, h);
      if (!is_null(cs)) {
        pre_i = add_or(n, pre_i, is_null(Pg[0]) ? NONE : mul(n, Pg[0], cs));
        pre_f = add_or(n, pre_f, is_null(Pg[2]) ? NONE : mul(n, Pg[2], cs));
      }
      MlirValue i = sigmoid(n, pre_i), f = sigmoid(n, pre_f);
      MlirValue cand = tanh_(n, gate_input(&c, 3, x, h));
      cs = add_or(n, is_null(cs) ? cs : mul(n, f, cs), mul(n, i, cand));
      MlirValue pre_o = gate_input(&c, 1, x, h);
      pre_o = add_or(n, pre_o, is_null(Pg[1]) ? NONE : mul(n, Pg[1], cs));
      h = mul(n, sigmoid(n, pre_o), tanh_(n, cs));
    }
    if (is_null(h))
      return false;
    int64_t y_dims[4] = {1, 1, batch, H}, yb_dims[4] = {batch, 1, 1, H};
    ys[t] = onnx_reshape(n, h, 4, batch_first ? yb_dims : y_dims);
  }
  if (onnx_num_outputs(n) > 0 && n->node->output[0][0]) {
    MlirValue y = ys[0];
    MlirNamedAttribute axis = onnx_i64_attr(n, "axis", batch_first ? 1 : 0);
    for (int64_t t = 1; t < steps && !is_null(y); ++t) {
      MlirValue ops[2] = {y, ys[t]};
      y = onnx_build(n, "graph.concat", 2, ops, NULL_TYPE, 1, &axis);
    }
    if (is_null(y))
      return false;
    onnx_set_output(n, 0, y);
  }
  onnx_set_output(n, 1, final_state(n, h, batch_first, batch, H));
  if (kind == CELL_LSTM)
    onnx_set_output(n, 2, final_state(n, cs, batch_first, batch, H));
  return true;
}

static bool map_rnn(onnx_node_t *n) { return unroll(n, CELL_RNN); }
static bool map_gru(onnx_node_t *n) { return unroll(n, CELL_GRU); }
static bool map_lstm(onnx_node_t *n) { return unroll(n, CELL_LSTM); }

const onnx_mapping_t strata_onnx_rnn_ops[] = {
    {"RNN", map_rnn},
    {"GRU", map_gru},
    {"LSTM", map_lstm},
    {NULL, NULL},
};
