/* Import-time evaluation of small tensors (onnx_internal.h, "Import-time
 * evaluation"): the arithmetic, comparison, logical, Where, Cast and Range
 * operators on contents known at import time, with numpy broadcasting.
 * Shape computations of exported models and of the `_expanded` function
 * bodies (Shape -> Gather -> Equal/Mod/Where -> Concat -> Reshape, Range
 * over Size(Shape(x)), ...) are such chains: evaluating them keeps the
 * Reshape, Expand, Pad or reduction that reads the result a constant
 * parameter. import_graph.c calls onnx_fold_node for every node: when all
 * its inputs are true constants the node becomes constant outputs (no
 * graph op), when some are known values of graph inputs bound for
 * specialization the mapping still builds the ops and the outputs get the
 * contents as known values. What is evaluated is exact in the element
 * type: integers wrap as the run-time ops do; float arithmetic only in
 * float and double (computed in double and rounded once, which is the
 * correctly rounded result of + - * / and sqrt); anything else (division
 * by zero, float16 arithmetic, unknown types) is left to the run time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontends/onnx/onnx_internal.h"

/* Contents larger than this are not evaluated (shape values are tiny). */
enum { FOLD_MAX_ELEMENTS = 4096 };

#define T(x) ONNX__TENSOR_PROTO__DATA_TYPE__##x

static bool is_float_type(int32_t t) {
  return t == T(FLOAT) || t == T(DOUBLE) || t == T(FLOAT16) || t == T(BFLOAT16);
}

/* Types whose every value is exact as an int64 (uint64 is not). */
static bool is_int_type(int32_t t) {
  return t == T(INT8) || t == T(INT16) || t == T(INT32) || t == T(INT64) || t == T(UINT8) ||
         t == T(UINT16) || t == T(UINT32) || t == T(BOOL);
}

static bool evaluable(const onnx_const_t *c) {
  return c && c->numel <= FOLD_MAX_ELEMENTS && (is_float_type(c->onnx_type) || is_int_type(c->onnx_type));
}

static bool alloc_result(onnx_const_t *r, int32_t type, const strata_graph_shape_t *shape) {
  r->onnx_type = type;
  r->shape = *shape;
  r->numel = strata_graph_num_elements(shape);
  if (r->numel < 0 || r->numel > FOLD_MAX_ELEMENTS)
    return false;
  r->data = calloc((size_t)(r->numel ? r->numel : 1), onnx_type_size(type));
  return r->data != NULL;
}

/* --- Broadcasting ---------------------------------------------------------- */
/* The linear index into `in` of output element `i` of shape `out`. */
static int64_t source_index(const onnx_const_t *in, const strata_graph_shape_t *out, int64_t i) {
  int64_t src = 0, stride = 1;
  for (intptr_t d = out->rank - 1; d >= 0; --d) {
    int64_t coord = i % out->dims[d];
    i /= out->dims[d];
    intptr_t k = d - (out->rank - in->shape.rank);
    if (k < 0)
      break;
    if (in->shape.dims[k] != 1)
      src += coord * stride;
    stride *= in->shape.dims[k];
  }
  return src;
}

static bool broadcast(const onnx_const_t *const *in, int count, strata_graph_shape_t *out) {
  *out = in[0]->shape;
  for (int k = 1; k < count; ++k) {
    strata_graph_shape_t s;
    if (!strata_graph_broadcast_shape(out, &in[k]->shape, &s))
      return false; /* not broadcast-compatible: the mapping reports it */
    *out = s;
  }
  return true;
}

/* --- Element operations ----------------------------------------------------- */
/* Integer a op b in int64 (wrapping); false when undefined (division by 0). */
static bool int_op(const char *op, int64_t a, int64_t b, bool fmod_mode, int64_t *r) {
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  if (!strcmp(op, "Add")) *r = (int64_t)(ua + ub);
  else if (!strcmp(op, "Sub")) *r = (int64_t)(ua - ub);
  else if (!strcmp(op, "Mul")) *r = (int64_t)(ua * ub);
  else if (!strcmp(op, "Max")) *r = a > b ? a : b;
  else if (!strcmp(op, "Min")) *r = a < b ? a : b;
  else if (!strcmp(op, "Div") || !strcmp(op, "Mod")) {
    if (b == 0 || (a == INT64_MIN && b == -1))
      return false;
    if (op[0] == 'D') {
      *r = a / b; /* ONNX integer Div truncates (numpy's C semantics in the reference) */
    } else {
      *r = a % b;
      if (!fmod_mode && *r != 0 && ((*r < 0) != (b < 0)))
        *r += b; /* floored: the divisor's sign */
    }
  } else return false;
  return true;
}

static bool float_op(const char *op, double a, double b, bool fmod_mode, double *r) {
  if (!strcmp(op, "Add")) *r = a + b;
  else if (!strcmp(op, "Sub")) *r = a - b;
  else if (!strcmp(op, "Mul")) *r = a * b;
  else if (!strcmp(op, "Div")) *r = a / b;
  else if (!strcmp(op, "Max")) *r = isnan(a) || isnan(b) ? NAN : a > b ? a : b;
  else if (!strcmp(op, "Min")) *r = isnan(a) || isnan(b) ? NAN : a < b ? a : b;
  else if (!strcmp(op, "Mod") && fmod_mode) *r = fmod(a, b);
  else return false;
  return true;
}

/* -1, 0, 1: a compared with b (NaN: 2, unordered). */
static int compare_at(const onnx_const_t *a, int64_t ia, const onnx_const_t *b, int64_t ib) {
  if (is_float_type(a->onnx_type)) {
    double x = onnx_const_get_f(a, ia), y = onnx_const_get_f(b, ib);
    return isnan(x) || isnan(y) ? 2 : (x > y) - (x < y);
  }
  int64_t x = onnx_const_get_i(a, ia), y = onnx_const_get_i(b, ib);
  return (x > y) - (x < y);
}

static bool compare_result(const char *op, int c) {
  if (c == 2)
    return false;
  if (!strcmp(op, "Equal")) return c == 0;
  if (!strcmp(op, "Less")) return c < 0;
  if (!strcmp(op, "Greater")) return c > 0;
  if (!strcmp(op, "LessOrEqual")) return c <= 0;
  return c >= 0; /* GreaterOrEqual */
}

static bool is_compare(const char *op) {
  return !strcmp(op, "Equal") || !strcmp(op, "Less") || !strcmp(op, "Greater") ||
         !strcmp(op, "LessOrEqual") || !strcmp(op, "GreaterOrEqual");
}

static bool is_logical(const char *op) {
  return !strcmp(op, "And") || !strcmp(op, "Or") || !strcmp(op, "Xor");
}

/* a op b elementwise with broadcasting into *r. */
static bool binary(const char *op, const onnx_const_t *a, const onnx_const_t *b, bool fmod_mode,
                   onnx_const_t *r) {
  const onnx_const_t *both[2] = {a, b};
  strata_graph_shape_t s;
  int32_t t = a->onnx_type;
  if (b->onnx_type != t || !broadcast(both, 2, &s))
    return false;
  bool cmp = is_compare(op), logical = is_logical(op);
  if (logical && t != T(BOOL))
    return false;
  /* float arithmetic only where one rounding from double is exact */
  if (!cmp && is_float_type(t) && t != T(FLOAT) && t != T(DOUBLE))
    return false;
  if (!alloc_result(r, cmp || logical ? T(BOOL) : t, &s))
    return false;
  for (int64_t i = 0; i < r->numel; ++i) {
    int64_t ia = source_index(a, &s, i), ib = source_index(b, &s, i);
    bool ok = true;
    if (cmp) {
      onnx_const_set_i(r, i, compare_result(op, compare_at(a, ia, b, ib)));
    } else if (logical) {
      bool x = onnx_const_get_i(a, ia) != 0, y = onnx_const_get_i(b, ib) != 0;
      onnx_const_set_i(r, i, op[0] == 'A' ? x && y : op[0] == 'O' ? x || y : x != y);
    } else if (is_float_type(t)) {
      double v = 0;
      ok = float_op(op, onnx_const_get_f(a, ia), onnx_const_get_f(b, ib), fmod_mode, &v);
      onnx_const_set_f(r, i, v);
    } else {
      int64_t v = 0;
      ok = int_op(op, onnx_const_get_i(a, ia), onnx_const_get_i(b, ib), fmod_mode, &v);
      /* a quotient that does not fit the type (INT32_MIN / -1) traps at run time */
      bool fits = ok && onnx_const_set_i(r, i, v);
      ok = ok && (fits || op[0] != 'D');
    }
    if (!ok) {
      onnx_const_free(r);
      return false;
    }
  }
  return true;
}

static bool unary(const char *op, const onnx_const_t *a, onnx_const_t *r) {
  int32_t t = a->onnx_type;
  bool fl = is_float_type(t);
  if (!strcmp(op, "Not") ? t != T(BOOL) : (fl && t != T(FLOAT) && t != T(DOUBLE)))
    return false;
  if (!strcmp(op, "Sqrt") && !fl)
    return false;
  if (!alloc_result(r, t, &a->shape))
    return false;
  for (int64_t i = 0; i < r->numel; ++i) {
    if (fl) {
      double x = onnx_const_get_f(a, i), v;
      switch (op[0]) {
      case 'N': v = -x; break;
      case 'A': v = fabs(x); break;
      case 'C': v = ceil(x); break;
      case 'F': v = floor(x); break;
      case 'R': v = x > 0 ? x : isnan(x) ? x : 0; break;
      case 'S': v = op[1] == 'q' ? sqrt(x) : isnan(x) ? x : (x > 0) - (x < 0); break;
      default: v = x; break; /* Identity */
      }
      onnx_const_set_f(r, i, v);
    } else {
      int64_t x = onnx_const_get_i(a, i), v;
      switch (op[0]) {
      case 'N': v = op[1] == 'o' ? !x : (int64_t)(0 - (uint64_t)x); break;
      case 'A': v = x < 0 ? (int64_t)(0 - (uint64_t)x) : x; break;
      case 'R': v = x > 0 ? x : 0; break;
      case 'S': v = (x > 0) - (x < 0); break;
      default: v = x; break; /* Identity, Ceil, Floor */
      }
      onnx_const_set_i(r, i, v);
    }
  }
  return true;
}

/* Cast of a to type `to` (float -> integer truncates toward zero; NaN or
 * out-of-range values are left to the run time). */
static bool cast(const onnx_const_t *a, int32_t to, onnx_const_t *r) {
  if (!is_float_type(to) && !is_int_type(to) && to != T(INT64))
    return false;
  if (!alloc_result(r, to, &a->shape))
    return false;
  for (int64_t i = 0; i < r->numel; ++i) {
    if (is_float_type(to)) {
      onnx_const_set_f(r, i, onnx_const_get_f(a, i));
    } else if (to == T(BOOL)) {
      onnx_const_set_i(r, i, onnx_const_get_f(a, i) != 0);
    } else if (is_float_type(a->onnx_type)) {
      double x = trunc(onnx_const_get_f(a, i));
      if (!(x >= -9.2e18 && x <= 9.2e18) || !onnx_const_set_i(r, i, (int64_t)x)) {
        onnx_const_free(r);
        return false;
      }
    } else {
      onnx_const_set_i(r, i, onnx_const_get_i(a, i)); /* wraps, as the run-time cast */
    }
  }
  return true;
}

static bool where(const onnx_const_t *const *in, onnx_const_t *r) {
  strata_graph_shape_t s;
  if (in[0]->onnx_type != T(BOOL) || in[1]->onnx_type != in[2]->onnx_type ||
      !broadcast(in, 3, &s) || !alloc_result(r, in[1]->onnx_type, &s))
    return false;
  size_t es = onnx_type_size(r->onnx_type);
  for (int64_t i = 0; i < r->numel; ++i) {
    const onnx_const_t *pick = onnx_const_get_i(in[0], source_index(in[0], &s, i)) ? in[1] : in[2];
    memcpy((char *)r->data + (size_t)i * es,
           (const char *)pick->data + (size_t)source_index(pick, &s, i) * es, es);
  }
  return true;
}

/* Range(start, limit, delta): integer scalars of one type (a float Range
 * is left to the run time, whose rounding of start + i * delta it keeps). */
static bool range(const onnx_const_t *const *in, onnx_const_t *r) {
  int32_t t = in[0]->onnx_type;
  for (int k = 0; k < 3; ++k)
    if (in[k]->numel != 1 || in[k]->onnx_type != t)
      return false;
  if (t == T(BOOL) || is_float_type(t))
    return false;
  double start = onnx_const_get_f(in[0], 0), delta = onnx_const_get_f(in[2], 0);
  if (delta == 0)
    return false;
  double steps = ceil((onnx_const_get_f(in[1], 0) - start) / delta);
  if (!(steps <= FOLD_MAX_ELEMENTS))
    return false;
  strata_graph_shape_t s = {1, {steps > 0 ? (int64_t)steps : 0}};
  if (!alloc_result(r, t, &s))
    return false;
  for (int64_t i = 0; i < r->numel; ++i)
    onnx_const_set_i(r, i, (int64_t)((uint64_t)onnx_const_get_i(in[0], 0) +
                                     (uint64_t)i * (uint64_t)onnx_const_get_i(in[2], 0)));
  return true;
}

/* --- Dispatch ---------------------------------------------------------------- */
static bool evaluate(onnx_node_t *n, const onnx_const_t *const *in, int count, onnx_const_t *r) {
  const char *op = n->node->op_type ? n->node->op_type : "";
  bool fmod_mode = onnx_attr_int(n, "fmod", 0) != 0;
  if (count == 1 && (!strcmp(op, "Neg") || !strcmp(op, "Abs") || !strcmp(op, "Ceil") ||
                     !strcmp(op, "Floor") || !strcmp(op, "Relu") || !strcmp(op, "Sign") ||
                     !strcmp(op, "Sqrt") || !strcmp(op, "Not")))
    return unary(op, in[0], r);
  if (count == 1 && !strcmp(op, "Cast"))
    return cast(in[0], (int32_t)onnx_attr_int(n, "to", 0), r);
  if (count == 2 && !strcmp(op, "CastLike"))
    return cast(in[0], in[1]->onnx_type, r);
  if (count == 3 && !strcmp(op, "Where"))
    return where(in, r);
  if (count == 3 && !strcmp(op, "Range"))
    return range(in, r);
  bool variadic = !strcmp(op, "Max") || !strcmp(op, "Min") || !strcmp(op, "Sum");
  if (count == 2 || (variadic && count >= 1)) {
    const char *bop = !strcmp(op, "Sum") ? "Add" : op;
    if (count == 1)
      return unary("Identity", in[0], r);
    if (!binary(bop, in[0], in[1], fmod_mode, r))
      return false;
    for (int k = 2; k < count; ++k) {
      onnx_const_t next;
      bool ok = binary(bop, r, in[k], fmod_mode, &next);
      onnx_const_free(r);
      if (!ok)
        return false;
      *r = next;
    }
    return true;
  }
  return false;
}

bool onnx_fold_node(onnx_node_t *n, bool *all_constant, onnx_const_t *out) {
  const onnx_const_t *in[ONNX_MAX_IO];
  int count = 0;
  *all_constant = n->num_inputs > 0 && n->node->n_output == 1;
  if (!*all_constant)
    return false;
  for (int i = 0; i < n->num_inputs; ++i) {
    if (!n->present[i] || !evaluable(n->in_const[i])) {
      *all_constant = false;
      return false;
    }
    *all_constant &= n->fold[i] != NULL;
    in[count++] = n->in_const[i];
  }
  memset(out, 0, sizeof *out);
  if (!evaluate(n, in, count, out)) {
    *all_constant = false;
    return false;
  }
  return true;
}
