/* Loop-nest queries and building blocks shared by the tir schedule
 * primitives (see tir_loops.h). */
#include "passes/tir/tir_loops.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/text.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "strata/diagnostics.h"

bool strata_tir_is_for(MlirOperation op) {
  return !mlirOperationIsNull(op) && strata_op_is(op, "tir.for");
}

MlirOperation strata_tir_nest_root(MlirOperation loop) {
  MlirOperation root = loop;
  for (MlirOperation p = mlirOperationGetParentOperation(loop); strata_tir_is_for(p);
       p = mlirOperationGetParentOperation(p))
    root = p;
  return root;
}

MlirOperation strata_tir_nest_before(MlirOperation root, bool *is_compute) {
  MlirOperation nest = {NULL};
  for (MlirOperation q = mlirBlockGetFirstOperation(mlirOperationGetBlock(root));
       !mlirOperationIsNull(q) && !mlirOperationEqual(q, root); q = mlirOperationGetNextInBlock(q))
    if (strata_tir_is_for(q))
      nest = q;
  *is_compute = !mlirOperationIsNull(nest) &&
                !mlirAttributeIsNull(mlirOperationGetAttributeByName(
                    nest, mlirStringRefCreateFromCString("te.compute")));
  return nest;
}

static void copy_ref(MlirStringRef s, char *buf, size_t size) {
  size_t n = s.length < size - 1 ? s.length : size - 1;
  memcpy(buf, s.data, n);
  buf[n] = '\0';
}

const char *strata_tir_compute_name(MlirOperation loop, char *buf, size_t size) {
  MlirAttribute a = mlirOperationGetAttributeByName(strata_tir_nest_root(loop),
                                                    mlirStringRefCreateFromCString("te.compute"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    copy_ref(mlirStringRefCreateFromCString("?"), buf, size);
  else
    copy_ref(mlirStringAttrGetValue(a), buf, size);
  return buf;
}

const char *strata_tir_loop_name(MlirOperation loop, char *buf, size_t size) {
  copy_ref(strata_tir_for_name(loop), buf, size);
  return buf;
}

typedef struct {
  const char *name;
  strata_op_list_t *out;
} named_walk_t;

static MlirWalkResult collect_named(MlirOperation op, void *user) {
  named_walk_t *w = user;
  if (strata_tir_is_for(op) && (!w->name || strata_str_eq(strata_tir_for_name(op), w->name)))
    strata_op_list_push(w->out, op);
  return MlirWalkResultAdvance;
}

void strata_tir_collect_named(MlirOperation root, const char *name, strata_op_list_t *out) {
  named_walk_t w = {name, out};
  mlirOperationWalk(root, collect_named, &w, MlirWalkPreOrder);
}

MlirLogicalResult strata_tir_lookup_loop(MlirOperation root, const char *name,
                                         MlirOperation *out) {
  strata_op_list_t found = {0};
  strata_tir_collect_named(root, name, &found);
  char compute[128];
  strata_tir_compute_name(root, compute, sizeof compute);
  if (found.count == 1) {
    *out = found.ops[0];
    strata_op_list_free(&found);
    return mlirLogicalResultSuccess();
  }
  if (found.count > 1) {
    strata_op_list_free(&found);
    return strata_emit_error(root, "loop name '%s' is ambiguous in compute '%s'", name, compute);
  }
  /* Not found: list the loops there are. */
  strata_op_list_free(&found);
  char list[512];
  return strata_emit_error(root, "no loop named '%s' in compute '%s' (loops: %s)", name,
                           compute, strata_tir_list_loops(root, list, sizeof list));
}

char *strata_tir_list_loops(MlirOperation root, char *buf, size_t size) {
  strata_op_list_t all = {0};
  strata_tir_collect_named(root, NULL, &all);
  char n[128];
  if (size)
    buf[0] = '\0';
  for (size_t i = 0; i < all.count && size; ++i) {
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
             strata_tir_loop_name(all.ops[i], n, sizeof n));
  }
  strata_op_list_free(&all);
  return buf;
}

bool strata_tir_name_taken(MlirOperation root, const char *name) {
  strata_op_list_t found = {0};
  strata_tir_collect_named(root, name, &found);
  bool taken = found.count > 0;
  strata_op_list_free(&found);
  return taken;
}

bool strata_tir_is_pure(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length > 6 && !memcmp(n.data, "arith.", 6) && mlirOperationGetNumRegions(op) == 0;
}

/* math ops (exp, sqrt, ..) are side-effect free like arith. */
static bool is_math(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length > 5 && !memcmp(n.data, "math.", 5) && mlirOperationGetNumRegions(op) == 0;
}

bool strata_tir_spatial_store_nest(const MlirOperation *loops, int n, MlirOperation *store) {
  *store = (MlirOperation){NULL};
  for (int l = 0; l < n; ++l)
    for (MlirOperation o = mlirBlockGetFirstOperation(strata_tir_for_body(loops[l]));
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
      bool innermost = l == n - 1;
      if (strata_tir_is_for(o) || strata_op_is(o, "gpu.yield") || strata_tir_is_pure(o))
        continue;
      if (innermost && (strata_op_is(o, "memref.load") || is_math(o)))
        continue;
      if (innermost && strata_op_is(o, "memref.store") && mlirOperationIsNull(*store)) {
        *store = o;
        continue;
      }
      return false;
    }
  return true;
}

MlirValue strata_tir_const_index(MlirOperation loop, int64_t value) {
  /* At the top of the block holding the nest: dominates the nest even when
   * the root itself is being replaced by loops built before it. */
  MlirOperation root = strata_tir_nest_root(loop);
  /* Reuse an equal index constant placed before the root in its block. */
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirOperationGetBlock(root));
       !mlirOperationEqual(op, root); op = mlirOperationGetNextInBlock(op)) {
    int64_t v;
    if (strata_op_is(op, "arith.constant") &&
        mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(op, 0))) &&
        strata_constant_int(mlirOperationGetResult(op, 0), &v) && v == value)
      return mlirOperationGetResult(op, 0);
  }
  strata_builder_t b = strata_builder_before(mlirBlockGetFirstOperation(mlirOperationGetBlock(root)));
  b.loc = mlirOperationGetLocation(root);
  return strata_build_index(&b, value);
}

MlirLogicalResult strata_tir_check_normalized(MlirOperation loop, const char *prim) {
  int64_t lb, step;
  if (strata_constant_int(strata_tir_for_lower(loop), &lb) && lb == 0 &&
      strata_constant_int(strata_tir_for_step(loop), &step) && step == 1)
    return mlirLogicalResultSuccess();
  char n[128], c[128];
  return strata_emit_error(loop, "%s: loop '%s' of compute '%s' must start at 0 with step 1",
                           prim, strata_tir_loop_name(loop, n, sizeof n),
                           strata_tir_compute_name(loop, c, sizeof c));
}

bool strata_tir_const_extent(MlirOperation loop, int64_t *out) {
  return strata_constant_int(strata_tir_for_upper(loop), out);
}

typedef struct {
  const char *compute;
  strata_op_list_t *out;
  bool first_only;
} roots_t;

static MlirWalkResult collect_root(MlirOperation op, void *user) {
  roots_t *r = user;
  if (!strata_tir_is_for(op))
    return MlirWalkResultAdvance;
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("te.compute"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a) ||
      (r->compute[0] != '\0' && !strata_str_eq(mlirStringAttrGetValue(a), r->compute)))
    return MlirWalkResultAdvance;
  strata_op_list_push(r->out, op);
  return r->first_only ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

void strata_tir_collect_roots(MlirOperation scope, const char *compute, strata_op_list_t *out) {
  roots_t r = {compute, out, false};
  mlirOperationWalk(scope, collect_root, &r, MlirWalkPreOrder);
}

MlirOperation strata_tir_find_root(MlirOperation scope, const char *compute) {
  strata_op_list_t list = {0};
  roots_t r = {compute, &list, true};
  mlirOperationWalk(scope, collect_root, &r, MlirWalkPreOrder);
  MlirOperation found = list.count ? list.ops[0] : (MlirOperation){NULL};
  strata_op_list_free(&list);
  return found;
}

MlirValue strata_tir_index_op(strata_builder_t *b, const char *name, MlirValue x, MlirValue y) {
  return strata_build_value(b, name, 2, (MlirValue[]){x, y},
                            mlirIndexTypeGet(mlirValueGetContext(x)), 0, NULL);
}

MlirOperation strata_tir_single_inner_loop(MlirOperation loop) {
  MlirOperation inner = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(strata_tir_for_body(loop));
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (strata_tir_is_for(o)) {
      if (!mlirOperationIsNull(inner))
        return (MlirOperation){NULL};
      inner = o;
    }
  }
  return inner;
}

bool strata_tir_extent_bound(MlirOperation loop, int64_t *bound) {
  MlirValue ub = strata_tir_for_upper(loop);
  if (strata_constant_int(ub, bound))
    return true;
  if (mlirValueIsABlockArgument(ub))
    return false;
  MlirOperation def = mlirOpResultGetOwner(ub);
  return strata_op_is(def, "arith.minsi") &&
         (strata_constant_int(mlirOperationGetOperand(def, 0), bound) ||
          strata_constant_int(mlirOperationGetOperand(def, 1), bound));
}

/* --- reduction detection: values derived from the induction variable --- */
typedef struct {
  MlirValue *vals;
  size_t count, cap;
  MlirOperation loop;
  bool reduction;
} taint_t;

static bool tainted(const taint_t *t, MlirValue v) {
  for (size_t i = 0; i < t->count; ++i)
    if (mlirValueEqual(t->vals[i], v))
      return true;
  return false;
}

static void taint(taint_t *t, MlirValue v) {
  if (t->count == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 32;
    t->vals = realloc(t->vals, t->cap * sizeof *t->vals);
  }
  t->vals[t->count++] = v;
}

static MlirWalkResult taint_op(MlirOperation op, void *user) {
  taint_t *t = user;
  if (mlirOperationEqual(op, t->loop))
    return MlirWalkResultAdvance;
  intptr_t n = mlirOperationGetNumOperands(op);
  bool store = strata_op_is(op, "memref.store");
  if (store) {
    bool depends = false;
    for (intptr_t i = 2; i < n; ++i)
      depends = depends || tainted(t, mlirOperationGetOperand(op, i));
    if (!depends)
      t->reduction = true;
    return MlirWalkResultAdvance;
  }
  bool any = false;
  for (intptr_t i = 0; i < n && !any; ++i)
    any = tainted(t, mlirOperationGetOperand(op, i));
  if (any)
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      taint(t, mlirOperationGetResult(op, i));
  return MlirWalkResultAdvance;
}

bool strata_tir_is_reduction_loop(MlirOperation loop) {
  taint_t t = {.loop = loop};
  taint(&t, strata_tir_for_induction_var(loop));
  mlirOperationWalk(loop, taint_op, &t, MlirWalkPreOrder);
  free(t.vals);
  return t.reduction;
}

bool strata_tir_defined_inside(MlirValue v, MlirOperation op) {
  MlirOperation p = mlirValueIsABlockArgument(v)
                        ? mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v))
                        : mlirOperationGetParentOperation(mlirOpResultGetOwner(v));
  for (; !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, op))
      return true;
  return false;
}

bool strata_tir_nested_in(MlirOperation op, MlirOperation root) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, root))
      return true;
  return false;
}

MlirOperation strata_tir_build_for(strata_builder_t *b, MlirValue lb, MlirValue ub,
                                   MlirValue step, const char *name, const char *kind) {
  MlirContext ctx = mlirLocationGetContext(b->loc);
  MlirValue operands[3] = {lb, ub, step};
  MlirNamedAttribute attrs[2] = {
      strata_named(ctx, "name", strata_string_attr(ctx, name)),
      strata_named(ctx, "kind", strata_string_attr(ctx, kind)),
  };
  MlirType index = mlirIndexTypeGet(ctx);
  MlirOperation loop =
      strata_build_region_op(b, "tir.for", 3, operands, 0, NULL, 2, attrs, 1, &index);
  strata_builder_t in = strata_builder_at_end(strata_tir_for_body(loop), b->loc);
  strata_build_op(&in, "gpu.yield", 0, NULL, 0, NULL, 0, NULL);
  return loop;
}

void strata_tir_copy_attrs(MlirOperation from, MlirOperation to, bool te) {
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(from); ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(from, i);
    MlirStringRef n = mlirIdentifierStr(a.name);
    bool is_te = n.length > 3 && !memcmp(n.data, "te.", 3);
    if (strata_str_eq(n, "name") || strata_str_eq(n, "kind") || is_te != te)
      continue;
    mlirOperationSetAttributeByName(to, n, a.attribute);
  }
}

void strata_tir_move_body(MlirOperation loop, MlirOperation before) {
  MlirBlock body = strata_tir_for_body(loop);
  MlirOperation term = mlirBlockGetTerminator(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, term);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, before);
    op = next;
  }
}

static bool unused(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

void strata_tir_erase_dead_pure(MlirBlock block) {
  bool changed = true;
  while (changed) {
    changed = false;
    strata_op_list_t ops = {0};
    for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
      strata_op_list_push(&ops, op);
    for (size_t i = ops.count; i-- > 0;)
      if (strata_tir_is_pure(ops.ops[i]) && unused(ops.ops[i])) {
        mlirOperationDestroy(ops.ops[i]);
        changed = true;
      }
    strata_op_list_free(&ops);
  }
}

bool strata_tir_chain(MlirOperation outer, MlirOperation inner, strata_op_list_t *chain) {
  strata_op_list_t rev = {0};
  MlirOperation p = inner;
  for (; strata_tir_is_for(p); p = mlirOperationGetParentOperation(p)) {
    strata_op_list_push(&rev, p);
    if (mlirOperationEqual(p, outer))
      break;
  }
  bool ok = strata_tir_is_for(p);
  for (size_t i = rev.count; ok && i-- > 0;)
    strata_op_list_push(chain, rev.ops[i]);
  strata_op_list_free(&rev);
  return ok;
}

/* Position of `op` in its block. */
static int position(MlirOperation op) {
  int k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(mlirOperationGetBlock(op));
       !mlirOperationEqual(o, op); o = mlirOperationGetNextInBlock(o))
    ++k;
  return k;
}

static MlirOperation op_at(MlirBlock block, int k) {
  MlirOperation o = mlirBlockGetFirstOperation(block);
  while (k-- > 0)
    o = mlirOperationGetNextInBlock(o);
  return o;
}

/* A hoistable init op: a store of a constant (or of a value defined
 * outside `level`) placed before the next chain loop. */
static bool hoistable(MlirOperation op, MlirOperation level, MlirOperation next) {
  if (!strata_op_is(op, "memref.store") || !mlirOperationIsBeforeInBlock(op, next))
    return false;
  MlirValue v = mlirOperationGetOperand(op, 0);
  if (!strata_tir_defined_inside(v, level))
    return true;
  return !mlirValueIsABlockArgument(v) &&
         strata_op_is(mlirOpResultGetOwner(v), "arith.constant");
}

/* Copies chain[0..level] (with the non-chain ops of chain[level]'s body,
 * without chain[level+1]) before chain[0], as the init nest; erases the
 * init stores from the original. */
static void hoist_init(strata_op_list_t *chain, size_t level, strata_op_list_t *stores) {
  int *pos = malloc((level + 1) * sizeof *pos);
  for (size_t i = 0; i <= level; ++i)
    pos[i] = position(chain->ops[i + 1]);
  MlirOperation clone = mlirOperationClone(chain->ops[0]);
  MlirContext ctx = mlirOperationGetContext(clone);
  MlirOperation cur = clone;
  MlirOperation *levels = malloc((level + 1) * sizeof *levels);
  for (size_t i = 0; i <= level; ++i) {
    levels[i] = cur;
    MlirOperation next = op_at(strata_tir_for_body(cur), pos[i]);
    if (i == level)
      mlirOperationDestroy(next);
    else
      cur = next;
  }
  for (size_t i = level + 1; i-- > 0;) {
    strata_tir_erase_dead_pure(strata_tir_for_body(levels[i]));
    char name[160];
    MlirStringRef n = strata_tir_for_name(levels[i]);
    snprintf(name, sizeof name, "%.*s.init", (int)n.length, n.data);
    mlirOperationSetAttributeByName(levels[i], mlirStringRefCreateFromCString("name"),
                                    strata_string_attr(ctx, name));
  }
  mlirOperationRemoveAttributeByName(clone, mlirStringRefCreateFromCString("te.compute"));
  mlirOperationRemoveAttributeByName(clone, mlirStringRefCreateFromCString("te.schedule"));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(chain->ops[0]), chain->ops[0],
                                      clone);
  for (size_t i = 0; i < stores->count; ++i)
    mlirOperationDestroy(stores->ops[i]);
  strata_tir_erase_dead_pure(strata_tir_for_body(chain->ops[level]));
  free(levels);
  free(pos);
}

MlirLogicalResult strata_tir_make_perfect(strata_op_list_t *chain, const char *what) {
  for (size_t i = 0; i + 1 < chain->count; ++i) {
    MlirOperation level = chain->ops[i], next = chain->ops[i + 1];
    MlirBlock body = strata_tir_for_body(level);
    MlirOperation term = mlirBlockGetTerminator(body);
    strata_op_list_t bad = {0};
    bool ok = true;
    MlirOperation culprit = {NULL};
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
      if (mlirOperationEqual(op, next) || mlirOperationEqual(op, term) ||
          strata_tir_is_pure(op))
        continue;
      strata_op_list_push(&bad, op);
      if (ok && !hoistable(op, level, next)) {
        ok = false;
        culprit = op;
      }
    }
    if (bad.count == 0)
      continue;
    if (!ok) {
      strata_op_list_free(&bad);
      char a[128], b[128], c[128];
      MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(culprit));
      return strata_emit_error(
          level, "%s: '%s' is not perfectly nested in '%s' in compute '%s' (its body also holds '%.*s')",
          what, strata_tir_loop_name(next, b, sizeof b), strata_tir_loop_name(level, a, sizeof a),
          strata_tir_compute_name(level, c, sizeof c), (int)n.length, n.data);
    }
    hoist_init(chain, i, &bad);
    strata_op_list_free(&bad);
  }
  return mlirLogicalResultSuccess();
}

/* --- for the single-primitive passes ------------------------------------ */
MlirLogicalResult strata_tir_find_in_module(MlirOperation module, const char *compute,
                                            const char *name, MlirOperation *out) {
  strata_op_list_t all = {0}, found = {0};
  strata_tir_collect_named(module, name, &all);
  char c[128], c2[128];
  for (size_t i = 0; i < all.count; ++i)
    if (!compute || !*compute ||
        !strcmp(strata_tir_compute_name(all.ops[i], c, sizeof c), compute))
      strata_op_list_push(&found, all.ops[i]);
  strata_op_list_free(&all);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (found.count == 0) {
    r = compute && *compute
            ? strata_emit_error(module, "no loop named '%s' in compute '%s'", name, compute)
            : strata_emit_error(module, "no loop named '%s'", name);
  } else if (found.count == 1) {
    *out = found.ops[0];
  } else {
    MlirOperation r0 = strata_tir_nest_root(found.ops[0]);
    size_t other = 1;
    while (other < found.count &&
           mlirOperationEqual(strata_tir_nest_root(found.ops[other]), r0))
      ++other;
    if (other == found.count)
      r = strata_emit_error(r0, "loop name '%s' is ambiguous in compute '%s'", name,
                            strata_tir_compute_name(r0, c, sizeof c));
    else
      r = strata_emit_error(module,
                            "loop '%s' is ambiguous: found in computes '%s' and '%s' "
                            "(choose one with compute=)",
                            name, strata_tir_compute_name(r0, c, sizeof c),
                            strata_tir_compute_name(found.ops[other], c2, sizeof c2));
  }
  strata_op_list_free(&found);
  return r;
}

int strata_tir_parse_ints(const char *s, int64_t *out, int max) {
  int n = 0;
  if (!s || !*s)
    return 0;
  for (;;) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || n == max)
      return -1;
    out[n++] = v;
    while (*end == ' ')
      ++end;
    if (*end == '\0')
      return n;
    if (*end != ',')
      return -1;
    s = end + 1;
  }
}

int strata_tir_parse_names(const char *s, char (*names)[128], int max) {
  int n = 0;
  if (!s || !*s)
    return 0;
  for (;;) {
    const char *end = strchr(s, ',');
    size_t len = end ? (size_t)(end - s) : strlen(s);
    while (len && *s == ' ')
      ++s, --len;
    while (len && s[len - 1] == ' ')
      --len;
    if (len == 0 || len > 127 || n == max)
      return -1;
    memcpy(names[n], s, len);
    names[n++][len] = '\0';
    if (!end)
      return n;
    s = end + 1;
  }
}

MlirLogicalResult strata_tir_find_option_loop(MlirOperation module,
                                              const strata_pass_options_t *opts,
                                              MlirOperation *out) {
  return strata_tir_find_in_module(module, strata_pass_options_get_string(opts, "compute"),
                                   strata_pass_options_get_string(opts, "loop"), out);
}

MlirLogicalResult strata_tir_find_option_loops(MlirOperation module,
                                               const strata_pass_options_t *opts,
                                               char (*names)[128], int n, MlirOperation *loops) {
  const char *compute = strata_pass_options_get_string(opts, "compute");
  for (int i = 0; i < n; ++i)
    if (mlirLogicalResultIsFailure(strata_tir_find_in_module(module, compute, names[i], &loops[i])))
      return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

int strata_tir_option_loop_list(MlirOperation module, const strata_pass_options_t *opts,
                                const char *pass, const char *option, MlirOperation *loops,
                                int max) {
  char names[max][128];
  const char *text = strata_pass_options_get_string(opts, option);
  int n = strata_tir_parse_names(text, names, max);
  if (n <= 0) {
    strata_emit_error(module, "%s: '%s' must be a comma-separated list of loop names, got '%s'",
                      pass, option, text);
    return -1;
  }
  if (mlirLogicalResultIsFailure(strata_tir_find_option_loops(module, opts, names, n, loops)))
    return -1;
  return n;
}

MlirLogicalResult strata_tir_run_on_option_loop(MlirOperation module,
                                                const strata_pass_options_t *opts,
                                                MlirLogicalResult (*prim)(MlirOperation loop)) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(strata_tir_find_option_loop(module, opts, &loop)))
    return mlirLogicalResultFailure();
  return prim(loop);
}

MlirLogicalResult strata_tir_single_root(MlirOperation module, const char *compute, bool any,
                                         const char *pass, const char *several,
                                         MlirOperation *root) {
  strata_op_list_t roots = {0};
  if (any || compute[0])
    strata_tir_collect_roots(module, compute, &roots);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  const char *shown = any && !compute[0] ? "(any)" : compute;
  if (roots.count == 0) {
    r = strata_emit_error(module, "%s: no loop nest of compute '%s'", pass, shown);
  } else if (roots.count > 1) {
    char msg[256];
    snprintf(msg, sizeof msg, several, shown);
    r = strata_emit_error(module, "%s: %s", pass, msg);
  } else {
    *root = roots.ops[0];
  }
  strata_op_list_free(&roots);
  return r;
}

MlirLogicalResult strata_tir_refuse(const strata_tir_refusal_t *r, const char *fmt, ...) {
  char reason[512];
  STRATA_VFORMAT(reason, fmt);
  return strata_emit_error(r->at, "%s: %s", r->what, reason);
}
