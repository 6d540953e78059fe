/* tir-apply-schedule: replays the schedule trace of every compute on its
 * loop nest. convert-te-to-tir copies a compute's `schedule` to the
 * outermost tir.for of its nest as `te.schedule`; this pass applies its
 * steps in order with the primitives of schedule.h (split, tile, fuse,
 * reorder, parallel, vectorize, unroll, cache_read, cache_write, tensorize,
 * compute_inline), looking loops up by name in the nest as it is after the
 * previous steps, then removes the attribute. compute_at (the last step of
 * its trace) is applied after all other steps of all nests, in reverse
 * program order. A
 * step whose decision is still a knob is an error (tuning fills knobs in);
 * so are primitives that have no tir implementation yet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/Dialect/Arith.h>

#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define MAX_NAMES 16

static MlirWalkResult collect_scheduled(MlirOperation op, void *user) {
  if (strata_tir_is_for(op) &&
      !mlirAttributeIsNull(
          mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("te.schedule"))))
    strata_op_list_push(user, op);
  return MlirWalkResultAdvance;
}

/* compute_at steps wait until every other step of every nest is applied
 * (the consumer's own steps rename its loops); they then run in reverse
 * program order, so a producer moves into a consumer that has already moved
 * into its own consumer. */
typedef struct {
  MlirOperation scope;
  char compute[128], target[128], axis[128];
} deferred_t;

typedef struct {
  deferred_t *items;
  size_t count, cap;
} deferred_list_t;

typedef struct {
  MlirOperation root;  /* the current nest root (the loop with te.compute) */
  const char *compute; /* its compute name */
  MlirOperation scope; /* the op holding the nest (a func.func) */
  int step;            /* 1-based step number, for messages */
  bool last;           /* the trace's last step */
  const char *prim;
  deferred_list_t *deferred;
} ctx_t;

static MlirLogicalResult step_error(ctx_t *c, const char *fmt, const char *arg) {
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg);
  return strata_emit_error(c->root, "schedule step %d (%s) of compute '%s': %s", c->step, c->prim,
                           c->compute, msg);
}




/* Re-finds the nest root after a step replaced loops. */
static void refresh_root(ctx_t *c) {
  MlirOperation found = strata_tir_find_root(c->scope, c->compute);
  if (!mlirOperationIsNull(found))
    c->root = found;
}

/* Field `name` of a step: missing -> error; a knob -> the knob error. */
static MlirLogicalResult field(ctx_t *c, MlirAttribute step, const char *name, bool required,
                               MlirAttribute *out) {
  *out = strata_te_step_field(step, name);
  if (mlirAttributeIsNull(*out)) {
    if (required)
      return step_error(c, "missing field '%s'", name);
    return mlirLogicalResultSuccess();
  }
  if (strata_te_decision_is_knob(*out)) {
    MlirAttribute knob = mlirDictionaryAttrGetElementByName(*out, mlirStringRefCreateFromCString("knob"));
    char k[128] = "?";
    if (!mlirAttributeIsNull(knob) && mlirAttributeIsAString(knob)) {
      MlirStringRef s = mlirStringAttrGetValue(knob);
      snprintf(k, sizeof k, "%.*s", (int)s.length, s.data);
    }
    return strata_emit_error(c->root, "knob '%s' has no value: run te-autotune or fix it", k);
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult loop_field(ctx_t *c, MlirAttribute step, const char *name,
                                    MlirOperation *loop) {
  MlirAttribute a;
  if (mlirLogicalResultIsFailure(field(c, step, name, true, &a)))
    return mlirLogicalResultFailure();
  if (!mlirAttributeIsAString(a))
    return step_error(c, "field '%s' must be a loop name", name);
  char n[128];
  MlirStringRef s = mlirStringAttrGetValue(a);
  snprintf(n, sizeof n, "%.*s", (int)s.length, s.data);
  return strata_tir_lookup_loop(c->root, n, loop);
}

static MlirLogicalResult loops_field(ctx_t *c, MlirAttribute step, const char *name,
                                     MlirOperation *loops, int *n) {
  MlirAttribute a;
  if (mlirLogicalResultIsFailure(field(c, step, name, true, &a)))
    return mlirLogicalResultFailure();
  if (!mlirAttributeIsAArray(a) || mlirArrayAttrGetNumElements(a) < 1 ||
      mlirArrayAttrGetNumElements(a) > MAX_NAMES)
    return step_error(c, "field '%s' must be a list of 1 to 16 loop names", name);
  *n = (int)mlirArrayAttrGetNumElements(a);
  for (int i = 0; i < *n; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    if (!mlirAttributeIsAString(e))
      return step_error(c, "field '%s' must be a list of loop names", name);
    char s[128];
    MlirStringRef r = mlirStringAttrGetValue(e);
    snprintf(s, sizeof s, "%.*s", (int)r.length, r.data);
    if (mlirLogicalResultIsFailure(strata_tir_lookup_loop(c->root, s, &loops[i])))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult factors_field(ctx_t *c, MlirAttribute step, int64_t *f, int *n) {
  MlirAttribute a;
  if (mlirLogicalResultIsFailure(field(c, step, "factors", true, &a)))
    return mlirLogicalResultFailure();
  if (!mlirAttributeIsADenseI64Array(a) || mlirDenseArrayGetNumElements(a) < 1 ||
      mlirDenseArrayGetNumElements(a) > MAX_NAMES)
    return step_error(c, "field '%s' must be an array<i64> of 1 to 16 factors", "factors");
  *n = (int)mlirDenseArrayGetNumElements(a);
  for (int i = 0; i < *n; ++i)
    f[i] = mlirDenseI64ArrayGetElement(a, i);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult apply_step(ctx_t *c, MlirAttribute step) {
  MlirAttribute prim = mlirAttributeIsADictionary(step)
                           ? mlirDictionaryAttrGetElementByName(step, mlirStringRefCreateFromCString("prim"))
                           : (MlirAttribute){NULL};
  char pname[64] = "?";
  if (!mlirAttributeIsNull(prim) && mlirAttributeIsAString(prim)) {
    MlirStringRef s = mlirStringAttrGetValue(prim);
    snprintf(pname, sizeof pname, "%.*s", (int)s.length, s.data);
  }
  c->prim = pname;
  MlirAttribute enabled;
  if (mlirLogicalResultIsFailure(field(c, step, "enabled", false, &enabled)))
    return mlirLogicalResultFailure();
  if (!mlirAttributeIsNull(enabled) && mlirAttributeIsABool(enabled) && !mlirBoolAttrGetValue(enabled))
    return mlirLogicalResultSuccess(); /* a disabled optional step */
  MlirOperation loops[MAX_NAMES];
  int64_t factors[MAX_NAMES];
  int n = 0, nf = 0;
  switch (strata_te_prim_from_string(mlirStringRefCreateFromCString(pname))) {
  case STRATA_TE_PRIM_SPLIT:
    if (mlirLogicalResultIsFailure(factors_field(c, step, factors, &nf)) ||
        mlirLogicalResultIsFailure(loop_field(c, step, "axis", &loops[0])))
      return mlirLogicalResultFailure();
    return strata_tir_split(loops[0], factors, nf, NULL);
  case STRATA_TE_PRIM_TILE:
    if (mlirLogicalResultIsFailure(factors_field(c, step, factors, &nf)) ||
        mlirLogicalResultIsFailure(loops_field(c, step, "axes", loops, &n)))
      return mlirLogicalResultFailure();
    if (n != nf)
      return step_error(c, "%s", "'axes' and 'factors' must have the same length");
    return strata_tir_tile(loops, factors, n);
  case STRATA_TE_PRIM_FUSE:
    if (mlirLogicalResultIsFailure(loops_field(c, step, "axes", loops, &n)))
      return mlirLogicalResultFailure();
    return strata_tir_fuse(loops, n);
  case STRATA_TE_PRIM_REORDER:
    if (mlirLogicalResultIsFailure(loops_field(c, step, "order", loops, &n)))
      return mlirLogicalResultFailure();
    return strata_tir_reorder(loops, n);
  case STRATA_TE_PRIM_PARALLEL:
    if (mlirLogicalResultIsFailure(loop_field(c, step, "axis", &loops[0])))
      return mlirLogicalResultFailure();
    return strata_tir_parallel(loops[0]);
  case STRATA_TE_PRIM_VECTORIZE:
    if (mlirLogicalResultIsFailure(loop_field(c, step, "axis", &loops[0])))
      return mlirLogicalResultFailure();
    return strata_tir_vectorize(loops[0]);
  case STRATA_TE_PRIM_UNROLL: {
    MlirAttribute f;
    if (mlirLogicalResultIsFailure(field(c, step, "factor", false, &f)) ||
        mlirLogicalResultIsFailure(loop_field(c, step, "axis", &loops[0])))
      return mlirLogicalResultFailure();
    int64_t factor = 0;
    if (!mlirAttributeIsNull(f)) {
      if (!mlirAttributeIsAInteger(f))
        return step_error(c, "field '%s' must be an integer", "factor");
      factor = mlirIntegerAttrGetValueInt(f);
      if (factor <= 0)
        return step_error(c, "%s", "'factor' must be positive");
    }
    return strata_tir_unroll(loops[0], factor);
  }
  case STRATA_TE_PRIM_CACHE_READ: {
    MlirAttribute input, scope, axis, width, transpose;
    if (mlirLogicalResultIsFailure(field(c, step, "transpose", false, &transpose)) ||
        mlirLogicalResultIsFailure(field(c, step, "input", true, &input)) ||
        mlirLogicalResultIsFailure(field(c, step, "scope", true, &scope)) ||
        mlirLogicalResultIsFailure(field(c, step, "axis", false, &axis)) ||
        mlirLogicalResultIsFailure(field(c, step, "width", false, &width)))
      return mlirLogicalResultFailure();
    if (!mlirAttributeIsAString(scope) || !strata_str_eq(mlirStringAttrGetValue(scope), "packed"))
      return step_error(c, "%s", "only scope \"packed\" is implemented on tir");
    if (!mlirAttributeIsNull(axis))
      return step_error(c, "%s",
                        "packing at an axis is not implemented yet (omit 'axis' to pack the "
                        "whole input before the nest)");
    if (mlirAttributeIsNull(width))
      return step_error(c, "%s", "scope \"packed\" needs a 'width' (the panel width)");
    if (!mlirAttributeIsAInteger(input) || !mlirAttributeIsAInteger(width))
      return step_error(c, "%s", "'input' and 'width' must be integers");
    return strata_tir_cache_read_packed(
        c->root, mlirIntegerAttrGetValueInt(input), mlirIntegerAttrGetValueInt(width),
        !mlirAttributeIsNull(transpose) && mlirBoolAttrGetValue(transpose));
  }
  case STRATA_TE_PRIM_TENSORIZE: {
    MlirAttribute sym;
    if (mlirLogicalResultIsFailure(field(c, step, "intrinsic", true, &sym)) ||
        mlirLogicalResultIsFailure(loop_field(c, step, "axis", &loops[0])))
      return mlirLogicalResultFailure();
    if (!mlirAttributeIsAFlatSymbolRef(sym))
      return step_error(c, "%s", "field 'intrinsic' must be a symbol reference");
    MlirStringRef name = mlirFlatSymbolRefAttrGetValue(sym);
    MlirOperation intrinsic = strata_tir_intrinsic_for(c->root, name);
    if (mlirOperationIsNull(intrinsic)) {
      char n[128];
      snprintf(n, sizeof n, "%.*s", (int)name.length, name.data);
      return step_error(c, "no hwi.intrinsic @%s in the module and no built-in one", n);
    }
    return strata_tir_tensorize(loops[0], intrinsic);
  }
  case STRATA_TE_PRIM_COMPUTE_AT: {
    MlirAttribute target, axis;
    if (mlirLogicalResultIsFailure(field(c, step, "target", true, &target)) ||
        mlirLogicalResultIsFailure(field(c, step, "axis", true, &axis)))
      return mlirLogicalResultFailure();
    if (!mlirAttributeIsAString(target) || !mlirAttributeIsAString(axis))
      return step_error(c, "%s", "fields 'target' and 'axis' must be names");
    if (!c->last)
      return step_error(c, "%s",
                        "compute_at must be the last step of a trace (it is applied after "
                        "every other step of every nest)");
    if (!strcmp(c->compute, "?"))
      return step_error(c, "%s", "compute_at needs a named compute");
    deferred_list_t *l = c->deferred;
    if (l->count == l->cap) {
      l->cap = l->cap ? 2 * l->cap : 8;
      l->items = realloc(l->items, l->cap * sizeof *l->items);
    }
    deferred_t *d = &l->items[l->count++];
    d->scope = c->scope;
    MlirStringRef t = mlirStringAttrGetValue(target), a = mlirStringAttrGetValue(axis);
    snprintf(d->compute, sizeof d->compute, "%s", c->compute);
    snprintf(d->target, sizeof d->target, "%.*s", (int)t.length, t.data);
    snprintf(d->axis, sizeof d->axis, "%.*s", (int)a.length, a.data);
    return mlirLogicalResultSuccess();
  }
  case STRATA_TE_PRIM_CACHE_WRITE: {
    MlirAttribute scope;
    if (mlirLogicalResultIsFailure(field(c, step, "scope", true, &scope)))
      return mlirLogicalResultFailure();
    if (!mlirAttributeIsAString(scope) || !strata_str_eq(mlirStringAttrGetValue(scope), "local"))
      return step_error(c, "%s", "only scope \"local\" is implemented on tir");
    if (mlirAttributeIsNull(strata_te_step_field(step, "axis")))
      return step_error(c, "%s",
                        "scope \"local\" needs an 'axis' (the loop whose iterations write "
                        "through the local buffer)");
    if (mlirLogicalResultIsFailure(loop_field(c, step, "axis", &loops[0])))
      return mlirLogicalResultFailure();
    return strata_tir_cache_write_local(loops[0]);
  }
  case STRATA_TE_PRIM_COMPUTE_INLINE:
    if (!c->last)
      return step_error(c, "%s", "compute_inline must be the last step of a trace");
    return strata_tir_compute_inline(c->root);
  case STRATA_TE_PRIM_INVALID:
    return step_error(c, "unknown schedule primitive '%s'", pname);
  default:
    return step_error(c, "primitive '%s' is not implemented on tir yet", pname);
  }
}

static MlirLogicalResult apply_nest(MlirOperation root, deferred_list_t *deferred) {
  MlirStringRef key = mlirStringRefCreateFromCString("te.schedule");
  MlirAttribute trace = mlirOperationGetAttributeByName(root, key);
  char compute[128];
  strata_tir_compute_name(root, compute, sizeof compute);
  ctx_t c = {.root = root, .compute = compute, .scope = mlirOperationGetParentOperation(root),
             .deferred = deferred};
  mlirOperationRemoveAttributeByName(root, key);
  if (!mlirAttributeIsAArray(trace))
    return strata_emit_error(root, "te.schedule of compute '%s' must be an array of steps",
                             compute);
  /* Unknown compute name: the nest can still be scheduled (only the root
   * reference is kept up to date through te.compute). */
  bool named = strcmp(compute, "?") != 0;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(trace); ++i) {
    c.step = (int)i + 1;
    c.last = i + 1 == mlirArrayAttrGetNumElements(trace);
    if (mlirLogicalResultIsFailure(apply_step(&c, mlirArrayAttrGetElement(trace, i))))
      return mlirLogicalResultFailure();
    if (named)
      refresh_root(&c);
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_t roots = {0};
  mlirOperationWalk(module, collect_scheduled, &roots, MlirWalkPreOrder);
  bool failed = false;
  deferred_list_t deferred = {0};
  for (size_t i = 0; i < roots.count && !failed; ++i)
    failed = mlirLogicalResultIsFailure(apply_nest(roots.ops[i], &deferred));
  for (size_t i = deferred.count; i-- > 0 && !failed;) {
    deferred_t *d = &deferred.items[i];
    MlirOperation found = strata_tir_find_root(d->scope, d->compute);
    if (mlirOperationIsNull(found))
      failed = mlirLogicalResultIsFailure(
          strata_emit_error(d->scope, "compute_at of compute '%s': its nest is gone", d->compute));
    else
      failed = mlirLogicalResultIsFailure(strata_tir_compute_at(found, d->target, d->axis));
  }
  free(deferred.items);
  strata_op_list_free(&roots);
  return failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const strata_pass_info_t tir_apply_schedule_pass = {
    .argument = "tir-apply-schedule",
    .summary = "Apply each compute's schedule trace to its tir loop nest",
    .description =
        "For every tir.for carrying `te.schedule` (the outermost loop of a compute's "
        "nest, as convert-te-to-tir leaves it), applies the steps in order with the "
        "tir primitives (split, tile, fuse, reorder, parallel, vectorize, unroll, "
        "cache_read, cache_write, tensorize, compute_inline; loops are looked up by "
        "name in the nest as the previous steps left it), then removes the attribute. "
        "compute_at steps (each the last step of its trace) run after every other step "
        "of every nest, in reverse program order, since the consumer's steps rename "
        "the loops they name. Errors (located at the nest): a knob without a "
        "value (`knob 'tile_i' has no value: run te-autotune or fix it`), unknown "
        "loop names, unknown or not yet implemented primitives, missing or malformed "
        "fields, and every error of the primitives themselves.",
    .anchor = "builtin.module",
    .dependent_dialects = {mlirGetDialectHandle__arith__},
    .run = run,
};
