/* ONNX recurrent operators -> graph dialect: RNN, GRU and LSTM (opsets 7
 * and 14: direction forward/reverse/bidirectional, layout 0 and 1, the
 * optional inputs B, sequence_lens, initial_h, initial_c and P, GRU's
 * linear_before_reset, the default activations; any output may be absent).
 *
 * The sequence length is static, so the recurrence is unrolled at import
 * time. Per direction, the input projection of every step, X·Wᵀ + Wb, is
 * one graph.dense over the whole sequence; then each step slices its row of
 * that projection and calls the step function (a private func.func built
 * once per node, shared by both directions): it adds the previous hidden
 * state's graph.dense with R (+ Rb), slices the gates and applies the
 * activations.
 * The three cells share this gate code and differ only in how they combine
 * the gates (cell_step). Y is the steps concatenated along time and
 * direction. With sequence_lens, graph.where masks the steps at or past a
 * batch entry's length: its state stays unchanged and its Y rows are zero.
 * The same mask serves the reverse direction, whose state stays the
 * initial one until the step len - 1 where its sequence starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

/* Input and output positions shared by RNN, GRU and LSTM. */
enum { IN_X, IN_W, IN_R, IN_B, IN_SEQUENCE_LENS, IN_INITIAL_H, IN_INITIAL_C, IN_P };
enum { OUT_Y, OUT_Y_H, OUT_Y_C };

typedef enum { CELL_RNN, CELL_GRU, CELL_LSTM } cell_kind_t;

typedef struct {
  cell_kind_t kind;
  int gates;                   /* weight rows per hidden unit */
  int num_activations;         /* per direction */
  const char *activations[3];  /* the ONNX defaults, the only ones supported */
} cell_info_t;

static const cell_info_t rnn_cell = {CELL_RNN, 1, 1, {"Tanh"}};
static const cell_info_t gru_cell = {CELL_GRU, 3, 2, {"Sigmoid", "Tanh"}};
static const cell_info_t lstm_cell = {CELL_LSTM, 4, 3, {"Sigmoid", "Tanh", "Tanh"}};

enum { MAX_DIRECTIONS = 2 };

/* The node's sizes and options, and the masks of sequence_lens. */
typedef struct {
  onnx_node_t *n;
  const cell_info_t *cell;
  int64_t seq, batch, input, hidden;
  int directions;
  bool reverse;             /* the one direction is "reverse" */
  bool batch_major;         /* layout 1: X [B, S, I], Y [B, S, D, H] */
  bool linear_before_reset; /* GRU */
  MlirValue x;              /* [S, B, I] */
  MlirValue *masks;         /* per step [B, 1] i1 (t < sequence_lens[b]); NULL: none */
} recurrence_t;

/* One direction's weights and running state. */
typedef struct {
  MlirValue xw;         /* [S, B, G*H]: X·Wᵀ + Wb of every step */
  MlirValue r, rb;      /* recurrent weights [G*H, H] and bias [G*H] (may be null);
                           GRU: only the rows of z and r, [2H, H] */
  MlirValue r_h, rb_h;  /* GRU: the rows of the candidate h, [H, H] and [H] */
  MlirValue p_i, p_o, p_f; /* LSTM peepholes [H], or null */
  MlirValue h, c;       /* state [B, H] (c: LSTM only) */
} direction_t;

/* --- Small builders -------------------------------------------------------- */

/* v[..., start:start+size, ...] along axis (static shapes). */
static MlirValue slice_axis(onnx_node_t *n, MlirValue v, intptr_t axis, int64_t start,
                            int64_t size) {
  strata_graph_shape_t s;
  if (mlirValueIsNull(v) || !onnx_shape(v, &s))
    return (MlirValue){NULL};
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < s.rank; ++i) {
    starts[i] = i == axis ? start : 0;
    ends[i] = i == axis                       ? start + size
              : s.dims[i] == STRATA_GRAPH_DYN ? INT64_MAX /* to the end */
                                              : s.dims[i];
    steps[i] = 1;
  }
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                             onnx_ints_attr(n, "ends", s.rank, ends),
                             onnx_ints_attr(n, "steps", s.rank, steps)};
  return onnx_build(n, "graph.slice", 1, &v, NULL_TYPE, 3, a);
}

/* v[index] along axis 0, the axis dropped. */
static MlirValue take_first_axis(onnx_node_t *n, MlirValue v, int64_t index) {
  MlirValue s = slice_axis(n, v, 0, index, 1);
  strata_graph_shape_t ss;
  if (mlirValueIsNull(s) || !onnx_shape(s, &ss))
    return (MlirValue){NULL};
  return onnx_reshape(n, s, ss.rank - 1, ss.dims + 1);
}

/* Gate g ([g*H, (g+1)*H) of the last axis) of a [..., G*H] value. */
static MlirValue gate(recurrence_t *rc, MlirValue v, int g) {
  if (mlirValueIsNull(v)) /* an earlier op failed and said why */
    return v;
  return slice_axis(rc->n, v, onnx_rank(v) - 1, g * rc->hidden, rc->hidden);
}

/* x·wᵀ (+ b when b is not null). */
static MlirValue dense(onnx_node_t *n, MlirValue x, MlirValue w, MlirValue b) {
  MlirValue ops[3] = {x, w, b};
  return onnx_build(n, "graph.dense", mlirValueIsNull(b) ? 2 : 3, ops, NULL_TYPE, 0, NULL);
}

static MlirValue add(onnx_node_t *n, MlirValue a, MlirValue b) {
  return onnx_binary(n, "graph.add", a, b);
}

static MlirValue mul(onnx_node_t *n, MlirValue a, MlirValue b) {
  return onnx_binary(n, "graph.mul", a, b);
}

static MlirValue sigmoid(onnx_node_t *n, MlirValue x) { return onnx_unary(n, "graph.sigmoid", x); }
static MlirValue tanh_(onnx_node_t *n, MlirValue x) { return onnx_unary(n, "graph.tanh", x); }

static MlirValue transpose(onnx_node_t *n, MlirValue v, intptr_t rank, const int64_t *perm) {
  MlirNamedAttribute a = onnx_ints_attr(n, "perm", rank, perm);
  return onnx_build(n, "graph.transpose", 1, &v, NULL_TYPE, 1, &a);
}

/* vals[0..count) (each of size 1 along axis) concatenated along axis. */
static MlirValue concat_all(onnx_node_t *n, const MlirValue *vals, int64_t count, int64_t axis) {
  MlirValue acc = vals[0];
  MlirNamedAttribute a = onnx_i64_attr(n, "axis", axis);
  for (int64_t i = 1; i < count; ++i) {
    MlirValue ops[2] = {acc, vals[i]};
    acc = onnx_build(n, "graph.concat", 2, ops, NULL_TYPE, 1, &a);
  }
  return acc;
}

/* --- Reading the node ------------------------------------------------------ */

/* Checks that input i has the shape dims[0..rank) (a dynamic dim matches). */
static bool expect_shape(onnx_node_t *n, int i, const char *name, intptr_t rank,
                         const int64_t *dims) {
  strata_graph_shape_t s, want = {.rank = rank};
  memcpy(want.dims, dims, sizeof(int64_t) * (size_t)rank);
  onnx_shape(onnx_input(n, i), &s);
  bool same = s.rank == rank;
  for (intptr_t d = 0; same && d < rank; ++d)
    same = s.dims[d] == dims[d] || s.dims[d] == STRATA_GRAPH_DYN;
  if (same)
    return true;
  char got[128], exp[128];
  return onnx_error(n, "input '%s' has shape %s, expected %s", name,
                    strata_graph_shape_str(&s, got, sizeof got),
                    strata_graph_shape_str(&want, exp, sizeof exp));
}

/* Rejects what the unrolling does not implement, naming the attribute. */
static bool check_unsupported_attributes(onnx_node_t *n, const cell_info_t *cell, int dirs) {
  const Onnx__AttributeProto *acts = onnx_attr(n, "activations");
  if (acts) {
    char defaults[64] = "";
    for (int k = 0; k < cell->num_activations; ++k)
      snprintf(defaults + strlen(defaults), sizeof defaults - strlen(defaults), "%s%s",
               k ? ", " : "", cell->activations[k]);
    for (size_t i = 0; i < acts->n_strings; ++i) {
      const char *want = cell->activations[i % (size_t)cell->num_activations];
      const ProtobufCBinaryData *s = &acts->strings[i];
      if (s->len != strlen(want) || memcmp(s->data, want, s->len))
        return onnx_error(n,
                          "unsupported activation '%.*s' in attribute 'activations' (only the "
                          "default activations are supported: %s per direction)",
                          (int)s->len, (const char *)s->data, defaults);
    }
    if (acts->n_strings != (size_t)(cell->num_activations * dirs))
      return onnx_error(n, "attribute 'activations' has %zu values, expected %d", acts->n_strings,
                        cell->num_activations * dirs);
  }
  const char *unsupported[] = {"activation_alpha", "activation_beta", "clip"};
  for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; ++i)
    if (onnx_attr(n, unsupported[i]))
      return onnx_error(n, "unsupported attribute '%s'", unsupported[i]);
  if (cell->kind == CELL_LSTM && onnx_attr_int(n, "input_forget", 0) != 0)
    return onnx_error(n, "unsupported attribute 'input_forget' = %lld (coupled input and "
                         "forget gates)",
                      (long long)onnx_attr_int(n, "input_forget", 0));
  return true;
}

/* Sizes and options from X, R and the attributes; X as [S, B, I]. */
static bool read_recurrence(onnx_node_t *n, const cell_info_t *cell, recurrence_t *rc) {
  memset(rc, 0, sizeof *rc);
  rc->n = n;
  rc->cell = cell;
  for (int i = IN_X; i <= IN_R; ++i)
    if (!onnx_need_input(n, i))
      return false;
  char buf[32];
  const char *direction = onnx_attr_string(n, "direction", "forward", buf, sizeof buf);
  if (!strcmp(direction, "bidirectional"))
    rc->directions = 2;
  else if (!strcmp(direction, "forward") || !strcmp(direction, "reverse"))
    rc->directions = 1, rc->reverse = !strcmp(direction, "reverse");
  else
    return onnx_error(n, "unsupported direction '%s' (forward, reverse or bidirectional)",
                      direction);
  if (!check_unsupported_attributes(n, cell, rc->directions))
    return false;
  int64_t layout = onnx_attr_int(n, "layout", 0);
  if (layout != 0 && layout != 1)
    return onnx_error(n, "unsupported layout %lld (0 or 1)", (long long)layout);
  rc->batch_major = layout == 1;
  rc->linear_before_reset = onnx_attr_int(n, "linear_before_reset", 0) != 0;

  MlirValue x = onnx_input(n, IN_X);
  strata_graph_shape_t xs, rs;
  onnx_shape(x, &xs);
  onnx_shape(onnx_input(n, IN_R), &rs);
  char sbuf[128];
  if (xs.rank != 3 || strata_graph_num_elements(&xs) == STRATA_GRAPH_DYN)
    return onnx_error(n, "input 'X' must have a static shape of rank 3 (the steps are unrolled "
                         "at import time), got %s",
                      strata_graph_shape_str(&xs, sbuf, sizeof sbuf));
  rc->seq = xs.dims[rc->batch_major ? 1 : 0];
  rc->batch = xs.dims[rc->batch_major ? 0 : 1];
  rc->input = xs.dims[2];
  rc->hidden = onnx_attr_int(n, "hidden_size", rs.rank == 3 ? rs.dims[2] : -1);
  if (rc->hidden < 1)
    return onnx_error(n, "attribute 'hidden_size' must be positive, got %lld",
                      (long long)rc->hidden);
  if (rc->seq < 1)
    return onnx_error(n, "input 'X' has an empty sequence");
  /* gates * hidden rows of W and R, twice that of B (read_direction) */
  int64_t gh, bias_rows, d = rc->directions;
  if (!strata_mul_i64(cell->gates, rc->hidden, &gh) || !strata_mul_i64(2, gh, &bias_rows))
    return onnx_error(n, "attribute 'hidden_size' %lld is too large (%d gates of it overflow "
                         "64 bits)", (long long)rc->hidden, cell->gates);
  if (!expect_shape(n, IN_W, "W", 3, (int64_t[]){d, gh, rc->input}) ||
      !expect_shape(n, IN_R, "R", 3, (int64_t[]){d, gh, rc->hidden}))
    return false;
  rc->x = rc->batch_major ? transpose(n, x, 3, (int64_t[]){1, 0, 2}) : x;
  return !mlirValueIsNull(rc->x);
}

static bool present(const onnx_node_t *n, int i) { return i < n->num_inputs && n->present[i]; }

/* An optional [D, B, H] state input (layout 1: [B, D, H]) for direction
 * dir as [B, H]; zeros when absent. */
static MlirValue initial_state(recurrence_t *rc, int i, const char *name, int dir) {
  onnx_node_t *n = rc->n;
  int64_t dims[3] = {rc->directions, rc->batch, rc->hidden};
  if (!present(n, i)) {
    MlirType type = mlirRankedTensorTypeGet(2, dims + 1, onnx_elem(rc->x), mlirAttributeGetNull());
    MlirValue z = onnx_reshape(n, onnx_splat_like(n, rc->x, 0.0), 2, (int64_t[]){1, 1});
    return onnx_build(n, "graph.expand", 1, &z, type, 0, NULL);
  }
  if (rc->batch_major) {
    int64_t bd[3] = {rc->batch, rc->directions, rc->hidden};
    if (!expect_shape(n, i, name, 3, bd))
      return (MlirValue){NULL};
    return take_first_axis(n, transpose(n, onnx_input(n, i), 3, (int64_t[]){1, 0, 2}), dir);
  }
  if (!expect_shape(n, i, name, 3, dims))
    return (MlirValue){NULL};
  return take_first_axis(n, onnx_input(n, i), dir);
}

/* Per-step masks t < sequence_lens[b] as [B, 1] i1 values; none when the
 * input is absent or a constant no shorter than the sequence. */
static bool read_sequence_lens(recurrence_t *rc) {
  onnx_node_t *n = rc->n;
  if (!present(n, IN_SEQUENCE_LENS))
    return true;
  if (!expect_shape(n, IN_SEQUENCE_LENS, "sequence_lens", 1, &rc->batch))
    return false;
  const onnx_const_t *c = n->fold[IN_SEQUENCE_LENS];
  if (c) {
    bool all_full = true;
    for (int64_t b = 0; all_full && b < c->numel; ++b)
      all_full = onnx_const_get_i(c, b) >= rc->seq;
    if (all_full)
      return true;
  }
  MlirValue lens = onnx_input(n, IN_SEQUENCE_LENS);
  if (!mlirTypeIsAInteger(onnx_elem(lens)))
    return onnx_error(n, "input 'sequence_lens' must hold integers");
  rc->masks = calloc((size_t)rc->seq, sizeof(MlirValue));
  if (!rc->masks)
    return onnx_error(n, "out of memory");
  for (int64_t t = 0; t < rc->seq; ++t) {
    MlirValue m = onnx_binary(n, "graph.less", onnx_splat_like(n, lens, (double)t), lens);
    rc->masks[t] = onnx_reshape(n, m, 2, (int64_t[]){rc->batch, 1});
    if (mlirValueIsNull(rc->masks[t]))
      return false;
  }
  return true;
}

/* Direction dir's weights (sliced out of W, R, B, P) and initial state. */
static bool read_direction(recurrence_t *rc, int dir, direction_t *d) {
  onnx_node_t *n = rc->n;
  memset(d, 0, sizeof *d);
  int64_t h = rc->hidden, gh = rc->cell->gates * h;
  MlirValue wb = {NULL};
  if (present(n, IN_B)) {
    if (!expect_shape(n, IN_B, "B", 2, (int64_t[]){rc->directions, 2 * gh}))
      return false;
    MlirValue b = take_first_axis(n, onnx_input(n, IN_B), dir);
    wb = slice_axis(n, b, 0, 0, gh);
    d->rb = slice_axis(n, b, 0, gh, gh);
    if (mlirValueIsNull(wb) || mlirValueIsNull(d->rb))
      return false;
  }
  d->xw = dense(n, rc->x, take_first_axis(n, onnx_input(n, IN_W), dir), wb);
  d->r = take_first_axis(n, onnx_input(n, IN_R), dir);
  if (rc->cell->kind == CELL_GRU) {
    /* The candidate's recurrent product needs r first: keep it apart. */
    d->r_h = slice_axis(n, d->r, 0, 2 * h, h);
    d->r = slice_axis(n, d->r, 0, 0, 2 * h);
    if (!mlirValueIsNull(d->rb)) {
      d->rb_h = slice_axis(n, d->rb, 0, 2 * h, h);
      d->rb = slice_axis(n, d->rb, 0, 0, 2 * h);
    }
  }
  if (rc->cell->kind == CELL_LSTM && present(n, IN_P)) {
    if (!expect_shape(n, IN_P, "P", 2, (int64_t[]){rc->directions, 3 * h}))
      return false;
    MlirValue p = take_first_axis(n, onnx_input(n, IN_P), dir);
    d->p_i = slice_axis(n, p, 0, 0, h);
    d->p_o = slice_axis(n, p, 0, h, h);
    d->p_f = slice_axis(n, p, 0, 2 * h, h);
    if (mlirValueIsNull(d->p_f))
      return false;
  }
  d->h = initial_state(rc, IN_INITIAL_H, "initial_h", dir);
  if (rc->cell->kind == CELL_LSTM)
    d->c = initial_state(rc, IN_INITIAL_C, "initial_c", dir);
  return !mlirValueIsNull(d->xw) && !mlirValueIsNull(d->r) && !mlirValueIsNull(d->h) &&
         (rc->cell->kind != CELL_LSTM || !mlirValueIsNull(d->c));
}

/* --- One step ---------------------------------------------------------------- */

/* The cell's new state from xg = step t's input projection [B, G*H]. */
static bool cell_step(recurrence_t *rc, const direction_t *d, MlirValue xg, MlirValue *h_out,
                      MlirValue *c_out) {
  onnx_node_t *n = rc->n;
  MlirValue h = d->h;
  /* GRU: the recurrent product of z and r only (the candidate's below). */
  MlirValue xg_gates = rc->cell->kind == CELL_GRU ? slice_axis(n, xg, 1, 0, 2 * rc->hidden) : xg;
  MlirValue gates = add(n, xg_gates, dense(n, h, d->r, d->rb));
  switch (rc->cell->kind) {
  case CELL_RNN:
    *h_out = tanh_(n, gates);
    break;
  case CELL_GRU: {
    MlirValue z = sigmoid(n, gate(rc, gates, 0)), r = sigmoid(n, gate(rc, gates, 1));
    MlirValue recurrent = rc->linear_before_reset ? mul(n, r, dense(n, h, d->r_h, d->rb_h))
                                                  : dense(n, mul(n, r, h), d->r_h, d->rb_h);
    MlirValue candidate = tanh_(n, add(n, gate(rc, xg, 2), recurrent));
    MlirValue one_minus_z = onnx_binary(n, "graph.sub", onnx_splat_like(n, z, 1.0), z);
    *h_out = add(n, mul(n, one_minus_z, candidate), mul(n, z, h));
    break;
  }
  case CELL_LSTM: {
    MlirValue i = gate(rc, gates, 0), o = gate(rc, gates, 1), f = gate(rc, gates, 2);
    MlirValue c = d->c;
    if (!mlirValueIsNull(d->p_i)) {
      i = add(n, i, mul(n, d->p_i, c));
      f = add(n, f, mul(n, d->p_f, c));
    }
    MlirValue c_new = add(n, mul(n, sigmoid(n, f), c),
                          mul(n, sigmoid(n, i), tanh_(n, gate(rc, gates, 3))));
    if (!mlirValueIsNull(d->p_o))
      o = add(n, o, mul(n, d->p_o, c_new));
    *h_out = mul(n, sigmoid(n, o), tanh_(n, c_new));
    *c_out = c_new;
    if (mlirValueIsNull(c_new))
      return false;
    break;
  }
  }
  return !mlirValueIsNull(*h_out);
}

/* --- The step as a function ---------------------------------------------------
 * One private function computes a step (cell_step on its arguments) and
 * every step of every direction calls it, so the model holds the cell's ops
 * once: unrolled inline, a 40-step LSTM took 28 s to compile (LLVM on one
 * huge function). Its arguments are the step's input projection, the state
 * and the direction's weights that are present, in the order of
 * STEP_FIELDS; its results h' (and c'). */
enum { MAX_STEP_ARGS = 11 };

/* The values a step takes from d (and xg), in argument order; *count set. */
static void step_arguments(const direction_t *d, MlirValue xg, MlirValue *args, int *count) {
  const MlirValue fields[] = {xg, d->h, d->c, d->r, d->rb, d->r_h, d->rb_h, d->p_i, d->p_o, d->p_f};
  *count = 0;
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; ++i)
    if (!mlirValueIsNull(fields[i]))
      args[(*count)++] = fields[i];
}

/* d with its present values replaced, in argument order, by args (after
 * the xg argument, args[0]). */
static direction_t step_direction(const direction_t *d, const MlirValue *args) {
  direction_t s = *d;
  MlirValue *fields[] = {&s.h, &s.c, &s.r, &s.rb, &s.r_h, &s.rb_h, &s.p_i, &s.p_o, &s.p_f};
  int k = 1;
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; ++i)
    if (!mlirValueIsNull(*fields[i]))
      *fields[i] = args[k++];
  return s;
}

/* Builds the step function for directions shaped like d; its name in
 * *callee, its result types in types (h', then c'). */
static bool build_step(recurrence_t *rc, const direction_t *d, MlirAttribute *callee,
                       MlirType *types, int *num_results) {
  onnx_node_t *n = rc->n;
  /* A step's projection xg is the row [B, G*H] of xw [S, B, G*H]: any row
   * stands for it here (only the types are read). */
  MlirType xw = mlirValueGetType(d->xw);
  int64_t row[2] = {mlirShapedTypeGetDimSize(xw, 1), mlirShapedTypeGetDimSize(xw, 2)};
  MlirValue args[MAX_STEP_ARGS];
  int count = 0;
  step_arguments(d, d->xw, args, &count);
  MlirType arg_types[MAX_STEP_ARGS];
  arg_types[0] = mlirRankedTensorTypeGet(2, row, mlirShapedTypeGetElementType(xw),
                                         mlirAttributeGetNull());
  for (int i = 1; i < count; ++i)
    arg_types[i] = mlirValueGetType(args[i]);
  static const char *const names[] = {"rnn_step", "gru_step", "lstm_step"};
  strata_builder_t saved;
  MlirOperation func = onnx_begin_function(n, names[rc->cell->kind], count, arg_types, &saved);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirValue block_args[MAX_STEP_ARGS];
  for (int i = 0; i < count; ++i)
    block_args[i] = mlirBlockGetArgument(entry, i);
  direction_t inner = step_direction(d, block_args);
  MlirValue results[2] = {{NULL}, {NULL}};
  bool ok = cell_step(rc, &inner, block_args[0], &results[0], &results[1]);
  *num_results = rc->cell->kind == CELL_LSTM ? 2 : 1;
  if (!ok) {
    n->b = saved;
    mlirOperationDestroy(func);
    return false;
  }
  onnx_end_function(n, func, *num_results, results, &saved);
  for (int i = 0; i < *num_results; ++i)
    types[i] = mlirValueGetType(results[i]);
  *callee = mlirFlatSymbolRefAttrGet(
      n->ctx, mlirStringAttrGetValue(mlirOperationGetAttributeByName(
                  func, mlirStringRefCreateFromCString("sym_name"))));
  return true;
}

/* Runs direction d over every step (backwards when reverse), each a call
 * of the step function `callee`, storing each step's Y [B, H] in ys[t] and
 * leaving the final state in d. */
static bool run_direction(recurrence_t *rc, direction_t *d, bool reverse, MlirAttribute callee,
                          const MlirType *types, int num_results, MlirValue *ys) {
  onnx_node_t *n = rc->n;
  MlirValue zero = onnx_splat_like(n, d->h, 0.0);
  MlirNamedAttribute callee_attr = strata_named(n->ctx, "callee", callee);
  for (int64_t k = 0; k < rc->seq; ++k) {
    int64_t t = reverse ? rc->seq - 1 - k : k;
    MlirValue xg = take_first_axis(n, d->xw, t);
    if (mlirValueIsNull(xg))
      return false;
    MlirValue args[MAX_STEP_ARGS];
    int count = 0;
    step_arguments(d, xg, args, &count);
    MlirOperation call =
        strata_build_op(&n->b, "func.call", count, args, num_results, types, 1, &callee_attr);
    MlirValue h_new = mlirOperationGetResult(call, 0);
    MlirValue c_new = num_results > 1 ? mlirOperationGetResult(call, 1) : (MlirValue){NULL};
    if (rc->masks) {
      MlirValue m = rc->masks[t];
      MlirValue keep_h[3] = {m, h_new, d->h}, zero_y[3] = {m, h_new, zero};
      ys[t] = onnx_build(n, "graph.where", 3, zero_y, NULL_TYPE, 0, NULL);
      h_new = onnx_build(n, "graph.where", 3, keep_h, NULL_TYPE, 0, NULL);
      if (!mlirValueIsNull(c_new)) {
        MlirValue keep_c[3] = {m, c_new, d->c};
        c_new = onnx_build(n, "graph.where", 3, keep_c, NULL_TYPE, 0, NULL);
      }
    } else {
      ys[t] = h_new;
    }
    d->h = h_new;
    if (rc->cell->kind == CELL_LSTM)
      d->c = c_new;
    if (mlirValueIsNull(ys[t]) || mlirValueIsNull(d->h) ||
        (rc->cell->kind == CELL_LSTM && mlirValueIsNull(d->c)))
      return false;
  }
  return true;
}

/* --- Outputs ------------------------------------------------------------------ */

static bool output_used(const onnx_node_t *n, int i) {
  return (size_t)i < n->node->n_output && n->node->output[i][0];
}

/* Per-direction [B, H] states as Y_h / Y_c: [D, B, H] (layout 1: [B, D, H]). */
static MlirValue stack_states(recurrence_t *rc, const MlirValue *states) {
  MlirValue v[MAX_DIRECTIONS];
  for (int d = 0; d < rc->directions; ++d)
    v[d] = onnx_insert_unit_dim(rc->n, states[d], 0);
  MlirValue s = concat_all(rc->n, v, rc->directions, 0);
  return rc->batch_major ? transpose(rc->n, s, 3, (int64_t[]){1, 0, 2}) : s;
}

/* ys[d][t] [B, H] as Y: [S, D, B, H] (layout 1: [B, S, D, H]). */
static MlirValue stack_outputs(recurrence_t *rc, MlirValue *const *ys) {
  onnx_node_t *n = rc->n;
  MlirValue per_dir[MAX_DIRECTIONS];
  for (int d = 0; d < rc->directions; ++d) {
    for (int64_t t = 0; t < rc->seq; ++t)
      ys[d][t] = onnx_insert_unit_dim(n, onnx_insert_unit_dim(n, ys[d][t], 0), 0);
    per_dir[d] = concat_all(n, ys[d], rc->seq, 0);
  }
  MlirValue y = concat_all(n, per_dir, rc->directions, 1);
  return rc->batch_major ? transpose(n, y, 4, (int64_t[]){2, 0, 1, 3}) : y;
}

static bool map_recurrence(onnx_node_t *n, const cell_info_t *cell) {
  recurrence_t rc;
  if (!read_recurrence(n, cell, &rc))
    return false;
  bool ok = read_sequence_lens(&rc);
  MlirValue *ys[MAX_DIRECTIONS] = {NULL, NULL};
  MlirValue final_h[MAX_DIRECTIONS], final_c[MAX_DIRECTIONS];
  MlirAttribute callee = {NULL};
  MlirType step_types[2];
  int num_results = 0;
  for (int dir = 0; ok && dir < rc.directions; ++dir) {
    direction_t d;
    memset(&d, 0, sizeof d);
    ys[dir] = calloc((size_t)rc.seq, sizeof(MlirValue));
    ok = ys[dir] && read_direction(&rc, dir, &d) &&
         (dir > 0 || build_step(&rc, &d, &callee, step_types, &num_results)) &&
         run_direction(&rc, &d, rc.reverse || dir == 1, callee, step_types, num_results, ys[dir]);
    final_h[dir] = d.h;
    final_c[dir] = d.c;
  }
  if (ok && output_used(n, OUT_Y)) {
    MlirValue y = stack_outputs(&rc, ys);
    ok = !mlirValueIsNull(y);
    onnx_set_output(n, OUT_Y, y);
  }
  if (ok && output_used(n, OUT_Y_H)) {
    MlirValue yh = stack_states(&rc, final_h);
    ok = !mlirValueIsNull(yh);
    onnx_set_output(n, OUT_Y_H, yh);
  }
  if (ok && cell->kind == CELL_LSTM && output_used(n, OUT_Y_C)) {
    MlirValue yc = stack_states(&rc, final_c);
    ok = !mlirValueIsNull(yc);
    onnx_set_output(n, OUT_Y_C, yc);
  }
  for (int dir = 0; dir < MAX_DIRECTIONS; ++dir)
    free(ys[dir]);
  free(rc.masks);
  return ok;
}

static bool map_rnn(onnx_node_t *n) { return map_recurrence(n, &rnn_cell); }
static bool map_gru(onnx_node_t *n) { return map_recurrence(n, &gru_cell); }
static bool map_lstm(onnx_node_t *n) { return map_recurrence(n, &lstm_cell); }

const onnx_mapping_t strata_onnx_rnn_ops[] = {
    {"RNN", map_rnn},
    {"GRU", map_gru},
    {"LSTM", map_lstm},
    {NULL, NULL},
};
