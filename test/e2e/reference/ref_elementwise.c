/* strata-reference: elementwise ops. Unary: relu neg abs sigmoid tanh exp
 * log sqrt erf gelu leaky_relu clip bitwise_not. Binary with numpy
 * broadcasting: add sub mul div maximum minimum pow bitwise_and/or/xor
 * (on the values as int64, stored back wrapping); comparisons equal greater less (i1 result)
 * and where(condition, x, y). Computed in double from the definitions in
 * docs/dialects/graph.md; integer div truncates toward zero (C semantics). */
#include <math.h>
#include <string.h>

#include "test/e2e/reference/ref.h"

void ref_unary(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  const char *op = r->name + strlen("graph.");
  bool fp = ref_is_float(x->dtype);
  double alpha = 0, lo = 0, hi = 0;
  bool gelu_tanh = false;
  if (!strcmp(op, "leaky_relu")) {
    alpha = ref_attr_number(r, "alpha");
  } else if (!strcmp(op, "clip")) {
    lo = ref_attr_number(r, "min");
    hi = ref_attr_number(r, "max");
  } else if (!strcmp(op, "gelu")) {
    char mode[32];
    ref_attr_str(r, "approximate", mode, sizeof mode);
    if (strcmp(mode, "none") && strcmp(mode, "tanh"))
      ref_fail(r, "unknown approximate mode '%s'", mode);
    gelu_tanh = !strcmp(mode, "tanh");
  }
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i) {
    double v = ref_get(x, i), o;
    if (!strcmp(op, "relu"))
      o = v > 0 ? v : 0;
    else if (!strcmp(op, "neg"))
      o = -v;
    else if (!strcmp(op, "abs"))
      o = fabs(v);
    else if (!strcmp(op, "sigmoid"))
      o = 1.0 / (1.0 + exp(-v));
    else if (!strcmp(op, "tanh"))
      o = tanh(v);
    else if (!strcmp(op, "exp"))
      o = exp(v);
    else if (!strcmp(op, "log"))
      o = log(v);
    else if (!strcmp(op, "sqrt"))
      o = sqrt(v);
    else if (!strcmp(op, "erf"))
      o = erf(v);
    else if (!strcmp(op, "gelu") && !gelu_tanh)
      o = 0.5 * v * (1.0 + erf(v / sqrt(2.0)));
    else if (!strcmp(op, "gelu"))
      o = 0.5 * v * (1.0 + tanh(sqrt(2.0 / 3.14159265358979323846) * (v + 0.044715 * v * v * v)));
    else if (!strcmp(op, "leaky_relu"))
      o = v < 0 ? alpha * v : v;
    else if (!strcmp(op, "clip"))
      o = fmin(fmax(v, lo), hi);
    else if (!strcmp(op, "bitwise_not"))
      o = (double)~(int64_t)v; /* stored back wrapping to the type's width */
    else
      ref_fail(r, "not a unary op");
    if (!fp && strcmp(op, "relu") && strcmp(op, "neg") && strcmp(op, "abs") && strcmp(op, "clip") &&
        strcmp(op, "bitwise_not"))
      ref_fail(r, "needs a float element type");
    ref_set(y, i, o);
  }
}

/* Flat index into `in` for output multi-index `oi` under numpy broadcasting
 * (shapes aligned at the last dim; a dim of 1 stretches). */
static int64_t bcast_index(const strata_tensor_t *in, int out_rank, const int64_t *oi) {
  int64_t flat = 0;
  int off = out_rank - in->rank;
  for (int d = 0; d < in->rank; ++d)
    flat = flat * in->shape[d] + (in->shape[d] == 1 ? 0 : oi[d + off]);
  return flat;
}

void ref_binary(const ref_op_t *r) {
  const strata_tensor_t *a = r->in[0], *b = r->in[1];
  strata_tensor_t *y = r->out;
  const char *op = r->name + strlen("graph.");
  bool fp = ref_is_float(y->dtype);
  int64_t n = strata_tensor_numel(y), idx[STRATA_MAX_RANK];
  for (int d = 0; d < y->rank; ++d) {
    int da = d - (y->rank - a->rank), db = d - (y->rank - b->rank);
    int64_t ea = da >= 0 ? a->shape[da] : 1, eb = db >= 0 ? b->shape[db] : 1;
    if ((ea != 1 && ea != y->shape[d]) || (eb != 1 && eb != y->shape[d]))
      ref_fail(r, "operands do not broadcast to the result shape (dim %d)", d);
  }
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, idx);
    double u = ref_get(a, bcast_index(a, y->rank, idx));
    double v = ref_get(b, bcast_index(b, y->rank, idx));
    double o;
    if (!strcmp(op, "add"))
      o = u + v;
    else if (!strcmp(op, "sub"))
      o = u - v;
    else if (!strcmp(op, "mul"))
      o = u * v;
    else if (!strcmp(op, "div")) {
      if (!fp && v == 0)
        ref_fail(r, "integer division by zero");
      o = fp ? u / v : trunc(u / v);
    } else if (!strcmp(op, "maximum"))
      o = u > v ? u : v;
    else if (!strcmp(op, "minimum"))
      o = u < v ? u : v;
    else if (!strcmp(op, "pow"))
      o = pow(u, v);
    else if (!strcmp(op, "bitwise_and"))
      o = (double)((int64_t)u & (int64_t)v);
    else if (!strcmp(op, "bitwise_or"))
      o = (double)((int64_t)u | (int64_t)v);
    else if (!strcmp(op, "bitwise_xor"))
      o = (double)((int64_t)u ^ (int64_t)v);
    else
      ref_fail(r, "not a binary op");
    ref_set(y, i, o);
  }
}

/* equal / greater / less: numpy broadcasting, result i1 (stored 0/1). */
void ref_compare(const ref_op_t *r) {
  const strata_tensor_t *a = r->in[0], *b = r->in[1];
  strata_tensor_t *y = r->out;
  const char *op = r->name + strlen("graph.");
  if (y->dtype != STRATA_DTYPE_BOOL)
    ref_fail(r, "result must be i1");
  int64_t n = strata_tensor_numel(y), idx[STRATA_MAX_RANK];
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, idx);
    double u = ref_get(a, bcast_index(a, y->rank, idx));
    double v = ref_get(b, bcast_index(b, y->rank, idx));
    bool o = !strcmp(op, "equal") ? u == v : !strcmp(op, "greater") ? u > v : u < v;
    ref_set(y, i, o);
  }
}

/* where(condition, x, y): the three broadcast to the result. */
void ref_where(const ref_op_t *r) {
  const strata_tensor_t *c = r->in[0], *a = r->in[1], *b = r->in[2];
  strata_tensor_t *y = r->out;
  if (c->dtype != STRATA_DTYPE_BOOL)
    ref_fail(r, "condition must be i1");
  int64_t n = strata_tensor_numel(y), idx[STRATA_MAX_RANK];
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, idx);
    bool cond = ref_get(c, bcast_index(c, y->rank, idx)) != 0;
    const strata_tensor_t *src = cond ? a : b;
    ref_set(y, i, ref_get(src, bcast_index(src, y->rank, idx)));
  }
}
