/* Linear forms of index expressions and rematerialization of expressions
 * with the variables substituted (see tir_linear.h). */
#include "passes/tir/tir_linear.h"

#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "dialects/op_checks.h"
#include "passes/tir/tir_loops.h"

enum { MAX_DEPTH = 64 };

static int var_index(const strata_tir_vars_t *vars, MlirValue v) {
  for (int t = 0; t < vars->count; ++t)
    if (mlirValueEqual(vars->vars[t], v))
      return t;
  return -1;
}

static int64_t gcd64(int64_t a, int64_t b) {
  a = llabs(a), b = llabs(b);
  while (b) {
    int64_t t = a % b;
    a = b, b = t;
  }
  return a;
}

static bool const_value(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation op = mlirOpResultGetOwner(v);
  if (!strata_op_is(op, "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

/* True if v (transitively) depends on one of the variables. */
static bool depends(const strata_tir_vars_t *vars, MlirValue v, int depth) {
  if (var_index(vars, v) >= 0)
    return true;
  if (!mlirValueIsAOpResult(v) || depth > MAX_DEPTH)
    return false;
  MlirOperation op = mlirOpResultGetOwner(v);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (depends(vars, mlirOperationGetOperand(op, i), depth + 1))
      return true;
  return false;
}

static void symbolic(strata_tir_linear_t *out, int64_t div) {
  memset(out, 0, sizeof *out);
  out->sym = true;
  out->sym_div = div > 0 ? div : 1;
}

static bool has_vars(const strata_tir_linear_t *l, int n) {
  for (int t = 0; t < n; ++t)
    if (l->coeff[t] != 0)
      return true;
  return false;
}

bool strata_tir_linear_is_invariant(const strata_tir_linear_t *l) {
  return !has_vars(l, STRATA_TIR_MAX_VARS);
}

/* gcd-combined divisor of two optional symbolic parts. */
static void merge_sym(strata_tir_linear_t *r, const strata_tir_linear_t *x,
                      const strata_tir_linear_t *y) {
  r->sym = x->sym || y->sym;
  r->sym_div = x->sym && y->sym ? gcd64(x->sym_div, y->sym_div) : x->sym ? x->sym_div : y->sym_div;
  if (r->sym_div < 1)
    r->sym_div = 1;
}

/* x (with variables) divided by / modulo c: valid when the symbolic and
 * constant parts are multiples of c up to a remainder r = cst mod c, and
 * r + the largest variable part stays below c. */
static bool no_carry(const strata_tir_vars_t *vars, const strata_tir_linear_t *x, int64_t c) {
  if (x->cst < 0 || (x->sym && x->sym_div % c != 0))
    return false;
  int64_t top = x->cst % c;
  for (int t = 0; t < vars->count; ++t) {
    if (x->coeff[t] < 0)
      return false;
    top += x->coeff[t] * (vars->bound[t] - 1);
  }
  return top < c;
}

static bool linearize(const strata_tir_vars_t *vars, MlirValue v, strata_tir_linear_t *out,
                      int depth) {
  memset(out, 0, sizeof *out);
  int t = var_index(vars, v);
  if (t >= 0) {
    out->coeff[t] = 1;
    return true;
  }
  int64_t c;
  if (const_value(v, &c)) {
    out->cst = c;
    return true;
  }
  if (depth > MAX_DEPTH)
    return false;
  if (!mlirValueIsAOpResult(v)) {
    symbolic(out, 1);
    return true;
  }
  MlirOperation op = mlirOpResultGetOwner(v);
  bool add = strata_op_is(op, "arith.addi"), sub = strata_op_is(op, "arith.subi");
  bool mul = strata_op_is(op, "arith.muli");
  bool div = strata_op_is(op, "arith.divui") || strata_op_is(op, "arith.divsi");
  bool rem = strata_op_is(op, "arith.remui") || strata_op_is(op, "arith.remsi");
  if (!add && !sub && !mul && !div && !rem) {
    if (depends(vars, v, depth))
      return false;
    symbolic(out, 1);
    return true;
  }
  strata_tir_linear_t x, y;
  if (!linearize(vars, mlirOperationGetOperand(op, 0), &x, depth + 1) ||
      !linearize(vars, mlirOperationGetOperand(op, 1), &y, depth + 1))
    return false;
  bool y_const = !y.sym && !has_vars(&y, vars->count);
  bool x_const = !x.sym && !has_vars(&x, vars->count);
  if (add || sub) {
    for (int i = 0; i < vars->count; ++i)
      out->coeff[i] = add ? x.coeff[i] + y.coeff[i] : x.coeff[i] - y.coeff[i];
    out->cst = add ? x.cst + y.cst : x.cst - y.cst;
    merge_sym(out, &x, &y);
    return true;
  }
  if (mul) {
    if (x_const) {
      strata_tir_linear_t tmp = x;
      x = y, y = tmp;
      y_const = true;
    }
    if (y_const) {
      for (int i = 0; i < vars->count; ++i)
        out->coeff[i] = x.coeff[i] * y.cst;
      out->cst = x.cst * y.cst;
      out->sym = x.sym && y.cst != 0;
      out->sym_div = x.sym_div * (y.cst != 0 ? llabs(y.cst) : 1);
      if (out->sym_div < 1)
        out->sym_div = 1;
      return true;
    }
    if (has_vars(&x, vars->count) || has_vars(&y, vars->count))
      return false;
    symbolic(out, 1);
    return true;
  }
  /* div / rem by a positive constant */
  if (!y_const || y.cst <= 0)
    return !has_vars(&x, vars->count) ? (symbolic(out, 1), true) : false;
  c = y.cst;
  if (!x.sym && !has_vars(&x, vars->count)) {
    out->cst = div ? x.cst / c : x.cst % c;
    return true;
  }
  if (!no_carry(vars, &x, c)) {
    if (has_vars(&x, vars->count))
      return false;
    symbolic(out, 1);
    return true;
  }
  if (div) {
    out->cst = x.cst / c;
    out->sym = x.sym;
    out->sym_div = x.sym ? x.sym_div / c : 1;
    if (out->sym_div < 1)
      out->sym_div = 1;
  } else {
    for (int i = 0; i < vars->count; ++i)
      out->coeff[i] = x.coeff[i];
    out->cst = x.cst % c;
  }
  return true;
}

bool strata_tir_linearize(const strata_tir_vars_t *vars, MlirValue v, strata_tir_linear_t *out) {
  return linearize(vars, v, out, 0);
}

/* Values already rematerialized in one call (so a shared subexpression is
 * cloned once). */
typedef struct {
  MlirValue *from, *to;
  size_t count, cap;
} remat_memo_t;

static MlirValue remat(strata_builder_t *b, const strata_tir_vars_t *vars,
                       const MlirValue *values, MlirValue v, remat_memo_t *memo) {
  int t = var_index(vars, v);
  if (t >= 0)
    return values ? values[t] : strata_build_index(b, 0);
  if (!mlirValueIsAOpResult(v) || !strata_tir_defined_inside(v, vars->scope))
    return v;
  for (size_t i = 0; i < memo->count; ++i)
    if (mlirValueEqual(memo->from[i], v))
      return memo->to[i];
  MlirOperation op = mlirOpResultGetOwner(v);
  MlirOperation copy = mlirOperationClone(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    mlirOperationSetOperand(copy, i,
                            remat(b, vars, values, mlirOperationGetOperand(op, i), memo));
  strata_build_insert(b, copy);
  MlirValue r = mlirOperationGetResult(copy, mlirOpResultGetResultNumber(v));
  if (memo->count == memo->cap) {
    memo->cap = memo->cap ? 2 * memo->cap : 16;
    memo->from = realloc(memo->from, memo->cap * sizeof *memo->from);
    memo->to = realloc(memo->to, memo->cap * sizeof *memo->to);
  }
  memo->from[memo->count] = v;
  memo->to[memo->count++] = r;
  return r;
}

MlirValue strata_tir_remat_with(strata_builder_t *b, const strata_tir_vars_t *vars,
                                const MlirValue *values, MlirValue v) {
  remat_memo_t memo = {0};
  MlirValue r = remat(b, vars, values, v, &memo);
  free(memo.from);
  free(memo.to);
  return r;
}

MlirValue strata_tir_remat_at_origin(strata_builder_t *b, const strata_tir_vars_t *vars,
                                     MlirValue v) {
  return strata_tir_remat_with(b, vars, NULL, v);
}

int strata_tir_loops_between(MlirOperation outer, MlirOperation op, MlirOperation *loops,
                             int max) {
  MlirOperation rev[64];
  int n = 0;
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, outer);
       p = mlirOperationGetParentOperation(p)) {
    if (!strata_tir_is_for(p))
      continue;
    if (n == max || n == 64)
      return -1;
    rev[n++] = p;
  }
  for (int i = 0; i < n; ++i)
    loops[i] = rev[n - 1 - i];
  return n;
}

MlirValue strata_tir_remat_corner(strata_builder_t *b, const strata_tir_vars_t *vars,
                                  const strata_tir_linear_t *l, const MlirValue *hi, bool largest,
                                  MlirValue v) {
  MlirValue at[STRATA_TIR_MAX_VARS];
  MlirValue zero = {NULL};
  for (int t = 0; t < vars->count; ++t) {
    bool high = largest ? l->coeff[t] > 0 : l->coeff[t] < 0;
    if (high) {
      at[t] = hi[t];
    } else {
      if (mlirValueIsNull(zero))
        zero = strata_build_index(b, 0);
      at[t] = zero;
    }
  }
  return strata_tir_remat_with(b, vars, at, v);
}
