/* graph-recognize-gelu: GELU written out as elementwise ops, as exporters
 * emit it, becomes one graph.gelu (ONNX Runtime's GeluFusion and
 * FastGeluFusion).
 *
 *   erf form (PyTorch's nn.GELU()):
 *       x * (1 + erf(x / sqrt(2))) * 0.5, with x / sqrt(2) also written
 *       x * (1 / sqrt(2)), and 0.5 also applied to x first
 *       ((x * 0.5) * (1 + erf(..)))                 -> approximate = "none"
 *   tanh form (GPT-2's, nn.GELU(approximate="tanh")):
 *       x * 0.5 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))), with x^3
 *       written pow(x, 3), x * x * x or x * (x * x)  -> approximate = "tanh"
 *
 * Each add and mul may have its operands in either order; constants are
 * splat f32 graph.constant values, compared to 1e-4 relative. Every value
 * between x and the result must have that one use and x's type (no
 * broadcast), and the result must have x's type; anything else is left as
 * it is. The chain's last mul is replaced by graph.gelu(x); the chain and
 * the constants it leaves unused are erased.
 *
 * Why: graph.gelu lowers to one expression (convert-graph-to-te) that
 * strata-expand-math turns into the vectorized erf / tanh polynomial, and
 * graph-fuse sees one elementwise op with one user instead of a chain in
 * which x has three users. */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "passes/graph/graph_passes.h"
#include "strata/pass.h"

enum { MAX_CHAIN = 12 };

/* The ops of a matched chain (erased after the rewrite) and x. */
typedef struct {
  MlirOperation ops[MAX_CHAIN];
  int n;
  MlirValue x;
} chain_t;

static MlirOperation def_of(MlirValue v, const char *name) {
  if (mlirValueIsNull(v) || !mlirValueIsAOpResult(v))
    return (MlirOperation){NULL};
  MlirOperation d = mlirOpResultGetOwner(v);
  return strata_op_is(d, name) ? d : (MlirOperation){NULL};
}

static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }

/* Whether v is a splat f32 graph.constant close to `want` (1e-4 relative). */
static bool is_const(MlirValue v, double want) {
  MlirOperation c = def_of(v, "graph.constant");
  if (mlirOperationIsNull(c))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(c, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseFPElements(a) ||
      !mlirDenseElementsAttrIsSplat(a) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirAttributeGetType(a))))
    return false;
  double got = mlirDenseElementsAttrGetFloatSplatValue(a);
  return fabs(got - want) <= 1e-4 * fabs(want);
}

/* The only user of v, when v has exactly one use; else a null op. */
static MlirOperation only_user(MlirValue v) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return (MlirOperation){NULL};
  return mlirOpOperandGetOwner(u);
}

static bool same_type(MlirValue a, MlirValue b) {
  return mlirTypeEqual(mlirValueGetType(a), mlirValueGetType(b));
}

/* Adds op to the chain when its result has one use and x's type. */
static bool take(chain_t *c, MlirOperation op) {
  if (mlirOperationIsNull(op) || c->n >= MAX_CHAIN || !same_type(result(op), c->x) ||
      mlirOperationIsNull(only_user(result(op))))
    return false;
  c->ops[c->n++] = op;
  return true;
}

/* For a binary `name` op one of whose operands passes `test` (the right
 * one tried first): the other operand; a null value when neither does. */
static MlirValue other_operand(MlirOperation op, const char *name,
                               bool (*test)(MlirValue v, const void *arg), const void *arg) {
  if (mlirOperationIsNull(op) || !strata_op_is(op, name))
    return (MlirValue){NULL};
  if (test(operand(op, 1), arg))
    return operand(op, 0);
  if (test(operand(op, 0), arg))
    return operand(op, 1);
  return (MlirValue){NULL};
}

static bool is_value(MlirValue v, const void *known) {
  return mlirValueEqual(v, *(const MlirValue *)known);
}

static bool is_const_of(MlirValue v, const void *c) { return is_const(v, *(const double *)c); }

/* For a binary `name` op: the operand that is not `known` (either order). */
static MlirValue other(MlirOperation op, const char *name, MlirValue known) {
  return other_operand(op, name, is_value, &known);
}

/* For a binary `name` op with one operand a constant `c`: the other one. */
static MlirValue other_than_const(MlirOperation op, const char *name, double c) {
  return other_operand(op, name, is_const_of, &c);
}

/* x^3 as pow(x, 3), (x * x) * x or x * (x * x), with x = c->x. */
static bool is_cube(chain_t *c, MlirValue v) {
  MlirOperation p = def_of(v, "graph.pow");
  if (!mlirOperationIsNull(p))
    return mlirValueEqual(operand(p, 0), c->x) && is_const(operand(p, 1), 3.0) && take(c, p);
  MlirOperation m = def_of(v, "graph.mul");
  MlirValue sq = other(m, "graph.mul", c->x);
  MlirOperation s = def_of(sq, "graph.mul");
  return !mlirOperationIsNull(s) && mlirValueEqual(operand(s, 0), c->x) &&
         mlirValueEqual(operand(s, 1), c->x) && take(c, m) && take(c, s);
}

/* The inner value of the erf form: x / sqrt(2) or x * (1 / sqrt(2)); sets x. */
static bool erf_arg(chain_t *c, MlirValue t) {
  MlirOperation op = def_of(t, "graph.div");
  if (!mlirOperationIsNull(op) && is_const(operand(op, 1), 1.4142135623730951)) {
    c->x = operand(op, 0);
    return take(c, op);
  }
  op = def_of(t, "graph.mul");
  MlirValue x = other_than_const(op, "graph.mul", 0.7071067811865476);
  if (mlirValueIsNull(x))
    return false;
  c->x = x;
  return take(c, op);
}

/* The inner value of the tanh form: sqrt(2/pi) * (x + 0.044715 * x^3);
 * sets x. */
static bool tanh_arg(chain_t *c, MlirValue u) {
  MlirOperation scale = def_of(u, "graph.mul");
  MlirOperation sum = def_of(other_than_const(scale, "graph.mul", 0.7978845608028654), "graph.add");
  if (mlirOperationIsNull(sum))
    return false;
  for (int i = 0; i < 2; ++i) { /* x + p or p + x */
    c->n = 0;
    c->x = operand(sum, i);
    MlirOperation p = def_of(operand(sum, 1 - i), "graph.mul");
    MlirValue cube = other_than_const(p, "graph.mul", 0.044715);
    if (!mlirValueIsNull(cube) && take(c, scale) && take(c, sum) && take(c, p) && is_cube(c, cube))
      return true;
  }
  return false;
}

/* From `one_plus` = 1 + erf(..) / 1 + tanh(..) to the chain's end:
 * (x * a) * 0.5, 0.5 * (x * a), or (x * 0.5) * a in any order. Returns
 * the last mul, or a null op. */
static MlirOperation tail(chain_t *c, MlirValue one_plus) {
  MlirOperation m = only_user(one_plus);
  MlirValue o = other(m, "graph.mul", one_plus);
  if (mlirValueIsNull(o))
    return (MlirOperation){NULL};
  if (mlirValueEqual(o, c->x)) { /* x * a, then * 0.5 */
    MlirOperation h = only_user(result(m));
    if (mlirValueIsNull(other_than_const(h, "graph.mul", 0.5)) || !take(c, m))
      return (MlirOperation){NULL};
    return h;
  }
  MlirOperation h = def_of(o, "graph.mul"); /* (x * 0.5) * a */
  MlirValue hx = other_than_const(h, "graph.mul", 0.5);
  if (mlirValueIsNull(hx) || !mlirValueEqual(hx, c->x) || !take(c, h))
    return (MlirOperation){NULL};
  return m;
}

/* Matches the chain through `f` (graph.erf or graph.tanh); returns its
 * last op and fills c, or a null op. */
static MlirOperation match(MlirOperation f, chain_t *c) {
  bool is_erf = strata_op_is(f, "graph.erf");
  c->n = 0;
  if (!(is_erf ? erf_arg(c, operand(f, 0)) : tanh_arg(c, operand(f, 0))) || !take(c, f))
    return (MlirOperation){NULL};
  MlirOperation add = only_user(result(f));
  if (mlirValueIsNull(other_than_const(add, "graph.add", 1.0)) || !take(c, add))
    return (MlirOperation){NULL};
  MlirOperation last = tail(c, result(add));
  if (mlirOperationIsNull(last) || !same_type(result(last), c->x))
    return (MlirOperation){NULL};
  return last;
}

/* Erases `op` when its result has no uses, then the graph.constant
 * operands it leaves unused; returns whether it erased op. */
static bool erase_if_dead(MlirOperation op) {
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(result(op))))
    return false;
  MlirOperation consts[2] = {{NULL}, {NULL}};
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n && i < 2; ++i)
    consts[i] = def_of(operand(op, i), "graph.constant");
  mlirOperationDestroy(op);
  for (int i = 0; i < 2; ++i)
    if (!mlirOperationIsNull(consts[i]) && (i == 0 || !mlirOperationEqual(consts[0], consts[1])) &&
        mlirOpOperandIsNull(mlirValueGetFirstUse(result(consts[i]))))
      mlirOperationDestroy(consts[i]);
  return true;
}

/* Erases only f's own chain. */
static bool rewrite(MlirOperation f) {
  chain_t c;
  MlirOperation last = match(f, &c);
  if (mlirOperationIsNull(last))
    return false;
  MlirContext ctx = mlirOperationGetContext(last);
  strata_builder_t b = strata_builder_before(last);
  MlirNamedAttribute a = strata_named(
      ctx, "approximate", strata_string_attr(ctx, strata_op_is(f, "graph.erf") ? "none" : "tanh"));
  MlirValue g = strata_build_value(&b, "graph.gelu", 1, &c.x, mlirValueGetType(c.x), 1, &a);
  mlirValueReplaceAllUsesOfWith(result(last), g);
  erase_if_dead(last);
  /* the chain is recorded partly users-first, partly producers-first:
   * sweep until every op has gone (each sweep erases at least one) */
  bool gone[MAX_CHAIN] = {0};
  for (int left = c.n, sweep = 0; left > 0 && sweep < MAX_CHAIN; ++sweep)
    for (int i = 0; i < c.n; ++i)
      if (!gone[i] && erase_if_dead(c.ops[i])) {
        gone[i] = true;
        --left;
      }
  return true;
}

static MlirWalkResult collect(MlirOperation op, void *data) {
  if (strata_op_is(op, "graph.erf") || strata_op_is(op, "graph.tanh"))
    strata_op_list_push(data, op);
  return MlirWalkResultAdvance;
}

/* The pass; its record (argument, summary, options): passes/graph/graph_passes.def. */
MlirLogicalResult graph_recognize_gelu_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_rewrite_walked(module, collect, MlirWalkPreOrder, rewrite);
  return mlirLogicalResultSuccess();
}
