/* graph-fuse: TVM's op-pattern fusion (FuseOps) on the graph dialect, made
 * visible. Each graph op has a pattern:
 *   out-elemwise-fusable: conv2d, conv3d, dense, matmul, batch_matmul;
 *   elementwise / broadcast: the unary and binary elementwise ops, clip,
 *     cast, where, batch_norm (inference form: a per-channel affine map);
 *   opaque: everything else.
 * A group starts at an out-elemwise-fusable op (it absorbs the elementwise
 * ops after it: bias, batch_norm, residual add, relu, clip, sigmoid, the
 * mul/add/clip of a hard_swish...) or at an elementwise op (an injective
 * chain), and grows along the chain while the current result has exactly
 * one user, that user is elementwise, sits in the same block and has
 * exactly the current result's type (an op that broadcasts the chain to a
 * larger shape ends it), and whose other operands are available before
 * the group's first op (so the group's call takes that op's place and the
 * function keeps its order of ops: compute names, and so tuning records,
 * stay as they were). Groups of two ops or more are outlined into a
 * private func.func `@<function>_fused<N>` (N counts the groups of the
 * function; made unique in the module)
 * carrying `graph.fused = "conv2d+batch_norm+relu"` and `graph.pattern`
 * ("out_elemwise_fusable" or "injective"), and replaced by a func.call at
 * the group's first op. The function's arguments are the values the group
 * reads from outside (in order of first use); graph.constants it reads are
 * cloned into it (a dense_resource clone shares its blob), so a group reads
 * as a unit. Only ops directly in a func.func body are grouped.
 *
 * convert-graph-to-te inlines the groups back (graph_to_te_fused.c): the
 * te level fuses each group's elementwise ops into one loop nest
 * (te-inline). docs/fusion.md says why the groups are functions and where
 * the conv epilogue is to be applied. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "passes/graph/graph_passes.h"
#include "strata/pass.h"

enum { MAX_GROUP = 64 };

typedef enum { PAT_OPAQUE, PAT_ELEMWISE, PAT_ANCHOR } pattern_t;

static const char *const anchors[] = {"conv2d", "conv3d", "dense", "matmul", "batch_matmul"};

static const char *const elemwise[] = {
    "relu",  "sigmoid", "tanh",    "exp",     "log",   "sqrt",      "erf",  "sin",
    "cos",   "tan",     "asin",    "acos",    "atan",  "sinh",      "cosh", "asinh",
    "acosh", "atanh",   "round",   "ceil",    "floor", "neg",       "abs",  "gelu",
    "leaky_relu", "clip", "add",   "sub",     "mul",   "div",       "maximum", "minimum",
    "pow",   "mod",     "cast",    "where",   "batch_norm"};

static bool name_in(MlirStringRef op, const char *const *names, size_t n) {
  if (op.length <= 6 || memcmp(op.data, "graph.", 6) != 0)
    return false;
  MlirStringRef s = {op.data + 6, op.length - 6};
  return strata_str_index(s, names, (int)n) >= 0;
}

static pattern_t pattern_of(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (mlirOperationGetNumResults(op) != 1)
    return PAT_OPAQUE;
  if (name_in(n, anchors, sizeof anchors / sizeof anchors[0]))
    return PAT_ANCHOR;
  if (name_in(n, elemwise, sizeof elemwise / sizeof elemwise[0]))
    return PAT_ELEMWISE;
  return PAT_OPAQUE;
}

typedef struct {
  MlirOperation ops[MAX_GROUP];
  int count;
} group_t;

/* The chain from `start`: see the file comment. */
static bool in_group(const group_t *g, MlirOperation op) {
  for (int i = 0; i < g->count; ++i)
    if (mlirOperationEqual(g->ops[i], op))
      return true;
  return false;
}

static bool is_constant(MlirValue v) {
  return mlirValueIsAOpResult(v) && strata_op_is(mlirOpResultGetOwner(v), "graph.constant");
}

/* True if every operand of `user` from outside the group (constants aside:
 * they are cloned) is available before the group's first op, where its
 * call goes: the model function keeps its order of ops. */
static bool inputs_precede(const group_t *g, MlirOperation user) {
  MlirOperation first = g->ops[0];
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(user); ++k) {
    MlirValue v = mlirOperationGetOperand(user, k);
    if (!mlirValueIsAOpResult(v) || is_constant(v))
      continue;
    MlirOperation def = mlirOpResultGetOwner(v);
    if (in_group(g, def) || !mlirBlockEqual(mlirOperationGetBlock(def), mlirOperationGetBlock(first)))
      continue;
    if (!mlirOperationIsBeforeInBlock(def, first))
      return false;
  }
  return true;
}

static void grow(MlirOperation start, group_t *g) {
  g->ops[0] = start;
  g->count = 1;
  MlirOperation cur = start;
  MlirBlock block = mlirOperationGetBlock(start);
  while (g->count < MAX_GROUP) {
    MlirValue v = mlirOperationGetResult(cur, 0);
    MlirOpOperand use = mlirValueGetFirstUse(v);
    if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
      return;
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (!mlirBlockEqual(mlirOperationGetBlock(user), block) || pattern_of(user) != PAT_ELEMWISE ||
        !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(user, 0)), mlirValueGetType(v)) ||
        !inputs_precede(g, user))
      return;
    g->ops[g->count++] = user;
    cur = user;
  }
}

/* Values the group reads from outside, constants excepted, each once. */
typedef struct {
  MlirValue *v;
  MlirType *t;
  intptr_t count, cap;
} inputs_t;

static void collect_inputs(const group_t *g, inputs_t *in) {
  for (int i = 0; i < g->count; ++i)
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(g->ops[i]); ++k) {
      MlirValue v = mlirOperationGetOperand(g->ops[i], k);
      if ((mlirValueIsAOpResult(v) && in_group(g, mlirOpResultGetOwner(v))) || is_constant(v))
        continue;
      bool seen = false;
      for (intptr_t j = 0; j < in->count && !seen; ++j)
        seen = mlirValueEqual(in->v[j], v);
      if (seen)
        continue;
      if (in->count == in->cap) {
        in->cap = in->cap ? 2 * in->cap : 8;
        in->v = realloc(in->v, sizeof *in->v * (size_t)in->cap);
        in->t = realloc(in->t, sizeof *in->t * (size_t)in->cap);
      }
      in->t[in->count] = mlirValueGetType(v);
      in->v[in->count++] = v;
    }
}

/* "conv2d+batch_norm+relu" */
static void group_label(const group_t *g, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < g->count && len + 1 < size; ++i) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(g->ops[i]));
    int w = snprintf(buf + len, size - len, "%s%.*s", i ? "+" : "", (int)n.length - 6,
                     n.data + 6);
    len += w > 0 ? (size_t)w : 0;
  }
}

/* Old value -> new value, for cloning the group into its function. */
typedef struct {
  MlirValue from[4 * MAX_GROUP + 64], to[4 * MAX_GROUP + 64];
  int count;
} vmap_t;

static MlirValue vmap_get(const vmap_t *m, MlirValue v) {
  for (int i = m->count; i-- > 0;)
    if (mlirValueEqual(m->from[i], v))
      return m->to[i];
  return (MlirValue){NULL};
}

static void vmap_add(vmap_t *m, MlirValue from, MlirValue to) {
  if (m->count < (int)(sizeof m->from / sizeof m->from[0])) {
    m->from[m->count] = from;
    m->to[m->count++] = to;
  }
}

/* Clones the group (and the constants it reads) into `body`. */
static MlirValue clone_into(const group_t *g, const inputs_t *in, MlirBlock body, vmap_t *m) {
  for (intptr_t j = 0; j < in->count; ++j)
    vmap_add(m, in->v[j], mlirBlockGetArgument(body, j));
  for (int i = 0; i < g->count; ++i) {
    MlirOperation op = g->ops[i];
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
      MlirValue v = mlirOperationGetOperand(op, k);
      if (is_constant(v) && mlirValueIsNull(vmap_get(m, v))) {
        MlirOperation c = mlirOperationClone(mlirOpResultGetOwner(v));
        mlirBlockAppendOwnedOperation(body, c);
        vmap_add(m, v, mlirOperationGetResult(c, 0));
      }
    }
    MlirOperation copy = mlirOperationClone(op);
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k)
      mlirOperationSetOperand(copy, k, vmap_get(m, mlirOperationGetOperand(op, k)));
    mlirBlockAppendOwnedOperation(body, copy);
    vmap_add(m, mlirOperationGetResult(op, 0), mlirOperationGetResult(copy, 0));
  }
  return vmap_get(m, mlirOperationGetResult(g->ops[g->count - 1], 0));
}

/* The private function of a group, inserted (uniquely named) into the
 * module's symbol table. Returns its name. */
static MlirAttribute outline_func(MlirOperation parent, MlirOperation *after,
                                  MlirSymbolTable table, const group_t *g, const inputs_t *in,
                                  MlirType result_type, int index) {
  MlirContext ctx = mlirOperationGetContext(parent);
  MlirLocation loc = mlirOperationGetLocation(g->ops[0]);
  MlirAttribute fname = mlirOperationGetAttributeByName(parent, mlirSymbolTableGetSymbolAttributeName());
  MlirStringRef pn = mlirStringAttrGetValue(fname);
  char name[256], label[512];
  snprintf(name, sizeof name, "%.*s_fused%d", (int)pn.length, pn.data, index);
  group_label(g, label, sizeof label);
  MlirType ftype = mlirFunctionTypeGet(ctx, in->count, in->t, 1, &result_type);
  MlirLocation *locs = malloc(sizeof *locs * (size_t)(in->count ? in->count : 1));
  for (intptr_t j = 0; j < in->count; ++j)
    locs[j] = loc;
  MlirBlock body = mlirBlockCreate(in->count, in->t, locs);
  free(locs);
  vmap_t *m = calloc(1, sizeof *m);
  MlirValue res = clone_into(g, in, body, m);
  free(m);
  strata_builder_t b = strata_builder_at_end(body, loc);
  strata_build_op(&b, "func.return", 1, &res, 0, NULL, 0, NULL);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirNamedAttribute attrs[] = {
      strata_named(ctx, "sym_name", strata_string_attr(ctx, name)),
      strata_named(ctx, "function_type", mlirTypeAttrGet(ftype)),
      strata_named(ctx, "sym_visibility", strata_string_attr(ctx, "private")),
      strata_named(ctx, "graph.fused", strata_string_attr(ctx, label)),
      strata_named(ctx, "graph.pattern",
                   strata_string_attr(ctx, pattern_of(g->ops[0]) == PAT_ANCHOR
                                               ? "out_elemwise_fusable"
                                               : "injective")),
  };
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&st, sizeof attrs / sizeof attrs[0], attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation func = mlirOperationCreate(&st);
  /* After the function's previous group (or the function), then renamed
   * if the name is taken. */
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(parent), *after, func);
  *after = func;
  return mlirSymbolTableInsert(table, func);
}

/* Replaces the group by a call of its new function. */
static void outline(MlirOperation parent, MlirOperation *after, MlirSymbolTable table,
                    const group_t *g, int index) {
  inputs_t in = {0};
  collect_inputs(g, &in);
  MlirOperation last = g->ops[g->count - 1];
  MlirValue out = mlirOperationGetResult(last, 0);
  MlirType rt = mlirValueGetType(out);
  MlirAttribute sym = outline_func(parent, after, table, g, &in, rt, index);
  MlirContext ctx = mlirOperationGetContext(parent);
  MlirNamedAttribute callee =
      strata_named(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(sym)));
  strata_builder_t b = strata_builder_before(g->ops[0]);
  MlirOperation call = strata_build_op(&b, "func.call", in.count, in.v, 1, &rt, 1, &callee);
  mlirValueReplaceAllUsesOfWith(out, mlirOperationGetResult(call, 0));
  MlirOperation consts[4 * MAX_GROUP];
  int nc = 0;
  for (int i = g->count; i-- > 0;) {
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(g->ops[i]); ++k) {
      MlirValue v = mlirOperationGetOperand(g->ops[i], k);
      bool seen = !is_constant(v);
      for (int q = 0; q < nc && !seen; ++q)
        seen = mlirOperationEqual(consts[q], mlirOpResultGetOwner(v));
      if (!seen && nc < 4 * MAX_GROUP)
        consts[nc++] = mlirOpResultGetOwner(v);
    }
    mlirOperationDestroy(g->ops[i]);
  }
  for (int q = 0; q < nc; ++q)
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(consts[q], 0))))
      mlirOperationDestroy(consts[q]);
  free(in.v);
  free(in.t);
}

static void fuse_function(MlirOperation func, MlirSymbolTable table) {
  MlirRegion r = mlirOperationGetRegion(func, 0);
  MlirBlock block = mlirRegionGetFirstBlock(r);
  if (mlirBlockIsNull(block))
    return;
  MlirOperation prev = {NULL};
  MlirOperation op = mlirBlockGetFirstOperation(block);
  int index = 0;
  MlirOperation after = func;
  while (!mlirOperationIsNull(op)) {
    group_t g;
    if (pattern_of(op) != PAT_OPAQUE && (grow(op, &g), g.count >= 2)) {
      outline(func, &after, table, &g, index++); /* erases the group and constants only it read */
      op = mlirOperationIsNull(prev) ? mlirBlockGetFirstOperation(block)
                                     : mlirOperationGetNextInBlock(prev);
      continue;
    }
    if (!strata_op_is(op, "graph.constant")) /* prev survives outlining */
      prev = op;
    op = mlirOperationGetNextInBlock(op);
  }
}

/* The pass; its record (argument, summary, options): passes/graph/graph_passes.def. */
MlirLogicalResult graph_fuse_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  /* Only the functions present now: the outlined ones are already fused. */
  strata_op_list_t funcs = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (strata_op_is(op, "func.func") &&
        mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("graph.fused"))))
      strata_op_list_push(&funcs, op);
  for (size_t i = 0; i < funcs.count; ++i)
    fuse_function(funcs.ops[i], table);
  strata_op_list_free(&funcs);
  mlirSymbolTableDestroy(table);
  return mlirLogicalResultSuccess();
}
