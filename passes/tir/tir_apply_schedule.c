/* tir-apply-schedule: replays the schedule trace of every compute on its
 * loop nest. convert-te-to-tir copies a compute's `schedule` to the
 * outermost tir.for of its nest as `te.schedule`; this pass decodes it with
 * the trace decoder (dialects/te/te_trace.h: every structural error is the
 * decoder's) and applies its steps in order, each primitive through its
 * entry in `appliers` (one record per primitive, calling schedule.h), looking
 * loops up by name in the nest as it is after the previous steps, then
 * removes the attribute. compute_at (the last step of its trace) is applied
 * after all other steps of all nests, in reverse program order. A step whose
 * decision is still a knob is an error (tuning fills knobs in); so are
 * primitives without an entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/Dialect/Arith.h>

#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "dialects/te/te_trace.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

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
  const strata_te_step_t *step;
  bool last; /* the trace's last step */
  deferred_list_t *deferred;
} ctx_t;

static MlirLogicalResult step_error(ctx_t *c, const char *fmt, const char *arg) {
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg);
  return strata_emit_error(c->root, "schedule step #%ld (%s) of compute '%s': %s", c->step->index,
                           strata_te_prim_name(c->step->prim), c->compute, msg);
}

/* Re-finds the nest root after a step replaced loops. */
static void refresh_root(ctx_t *c) {
  MlirOperation found = strata_tir_find_root(c->scope, c->compute);
  if (!mlirOperationIsNull(found))
    c->root = found;
}

static MlirLogicalResult loop_named(ctx_t *c, MlirStringRef name, MlirOperation *loop) {
  char n[128];
  snprintf(n, sizeof n, "%.*s", (int)name.length, name.data);
  return strata_tir_lookup_loop(c->root, n, loop);
}

/* The loops a NAMES value names, in order. */
static MlirLogicalResult loops_named(ctx_t *c, const strata_te_value_t *v, MlirOperation *loops) {
  for (int i = 0; i < v->count; ++i)
    if (mlirLogicalResultIsFailure(loop_named(c, v->names[i], &loops[i])))
      return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

/* ---- one applier per primitive ---------------------------------------------
 * The step is decoded and every decision is fixed; an optional field may be
 * absent (STRATA_TE_DECISION_ABSENT). */

static MlirLogicalResult apply_split(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(loop_named(c, s->split.axis.value.name, &loop)))
    return mlirLogicalResultFailure();
  return strata_tir_split(loop, s->split.factors.value.factors, s->split.factors.value.count, NULL);
}

static MlirLogicalResult apply_tile(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loops[STRATA_TE_MAX_LIST];
  if (s->tile.axes.value.count != s->tile.factors.value.count)
    return step_error(c, "%s", "'axes' and 'factors' must have the same length");
  if (mlirLogicalResultIsFailure(loops_named(c, &s->tile.axes.value, loops)))
    return mlirLogicalResultFailure();
  return strata_tir_tile(loops, s->tile.factors.value.factors, s->tile.axes.value.count);
}

static MlirLogicalResult apply_fuse(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loops[STRATA_TE_MAX_LIST];
  if (mlirLogicalResultIsFailure(loops_named(c, &s->fuse.axes.value, loops)))
    return mlirLogicalResultFailure();
  return strata_tir_fuse(loops, s->fuse.axes.value.count);
}

static MlirLogicalResult apply_reorder(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loops[STRATA_TE_MAX_LIST];
  if (mlirLogicalResultIsFailure(loops_named(c, &s->reorder.order.value, loops)))
    return mlirLogicalResultFailure();
  return strata_tir_reorder(loops, s->reorder.order.value.count);
}

static MlirLogicalResult apply_parallel(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(loop_named(c, s->parallel.axis.value.name, &loop)))
    return mlirLogicalResultFailure();
  return strata_tir_parallel(loop);
}

static MlirLogicalResult apply_vectorize(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(loop_named(c, s->vectorize.axis.value.name, &loop)))
    return mlirLogicalResultFailure();
  return strata_tir_vectorize(loop);
}

static MlirLogicalResult apply_unroll(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(loop_named(c, s->unroll.axis.value.name, &loop)))
    return mlirLogicalResultFailure();
  bool given = s->unroll.factor.kind == STRATA_TE_DECISION_FIXED;
  return strata_tir_unroll(loop, given ? s->unroll.factor.value.integer : 0);
}

static MlirLogicalResult apply_cache_read(ctx_t *c, const strata_te_step_t *s) {
  if (s->cache_read.scope.value.scope != STRATA_TIR_SCOPE_PACKED)
    return step_error(c, "%s", "only scope \"packed\" is implemented on tir");
  if (s->cache_read.axis.kind != STRATA_TE_DECISION_ABSENT)
    return step_error(c, "%s",
                      "packing at an axis is not implemented yet (omit 'axis' to pack the "
                      "whole input before the nest)");
  if (s->cache_read.width.kind == STRATA_TE_DECISION_ABSENT)
    return step_error(c, "%s", "scope \"packed\" needs a 'width' (the panel width)");
  bool transpose = s->cache_read.transpose.kind == STRATA_TE_DECISION_FIXED &&
                   s->cache_read.transpose.value.flag;
  return strata_tir_cache_read_packed(c->root, s->cache_read.input.value.integer,
                                      s->cache_read.width.value.integer, transpose);
}

static MlirLogicalResult apply_cache_write(ctx_t *c, const strata_te_step_t *s) {
  if (s->cache_write.scope.value.scope != STRATA_TIR_SCOPE_LOCAL)
    return step_error(c, "%s", "only scope \"local\" is implemented on tir");
  if (s->cache_write.axis.kind == STRATA_TE_DECISION_ABSENT)
    return step_error(c, "%s",
                      "scope \"local\" needs an 'axis' (the loop whose iterations write "
                      "through the local buffer)");
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(loop_named(c, s->cache_write.axis.value.name, &loop)))
    return mlirLogicalResultFailure();
  return strata_tir_cache_write_local(loop);
}

static MlirLogicalResult apply_tensorize(ctx_t *c, const strata_te_step_t *s) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(loop_named(c, s->tensorize.axis.value.name, &loop)))
    return mlirLogicalResultFailure();
  MlirStringRef name = s->tensorize.intrinsic.value.name;
  MlirOperation intrinsic = strata_tir_intrinsic_for(c->root, name);
  if (mlirOperationIsNull(intrinsic)) {
    char n[128];
    snprintf(n, sizeof n, "%.*s", (int)name.length, name.data);
    return step_error(c, "no hwi.intrinsic @%s in the module and no built-in one", n);
  }
  return strata_tir_tensorize(loop, intrinsic);
}

static MlirLogicalResult apply_compute_inline(ctx_t *c, const strata_te_step_t *s) {
  (void)s;
  if (!c->last)
    return step_error(c, "%s", "compute_inline must be the last step of a trace");
  return strata_tir_compute_inline(c->root);
}

/* compute_at is deferred: see deferred_t. */
static MlirLogicalResult apply_compute_at(ctx_t *c, const strata_te_step_t *s) {
  if (!c->last)
    return step_error(c, "%s",
                      "compute_at must be the last step of a trace (it is applied after "
                      "every other step of every nest)");
  if (!strcmp(c->compute, "?"))
    return step_error(c, "%s", "compute_at needs a named compute");
  deferred_list_t *l = c->deferred;
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 8;
    if (!(l->items = realloc(l->items, l->cap * sizeof *l->items)))
      abort();
  }
  deferred_t *d = &l->items[l->count++];
  d->scope = c->scope;
  MlirStringRef t = s->compute_at.target.value.name, a = s->compute_at.axis.value.name;
  snprintf(d->compute, sizeof d->compute, "%s", c->compute);
  snprintf(d->target, sizeof d->target, "%.*s", (int)t.length, t.data);
  snprintf(d->axis, sizeof d->axis, "%.*s", (int)a.length, a.data);
  return mlirLogicalResultSuccess();
}

/* Each primitive's record: how a decoded step of it is applied (its decoding
 * is its row of the field table in te_trace.c). */
typedef struct {
  strata_te_prim_t prim;
  MlirLogicalResult (*apply)(ctx_t *c, const strata_te_step_t *s);
} applier_t;

static const applier_t appliers[] = {
    {STRATA_TE_PRIM_SPLIT, apply_split},
    {STRATA_TE_PRIM_TILE, apply_tile},
    {STRATA_TE_PRIM_FUSE, apply_fuse},
    {STRATA_TE_PRIM_REORDER, apply_reorder},
    {STRATA_TE_PRIM_PARALLEL, apply_parallel},
    {STRATA_TE_PRIM_VECTORIZE, apply_vectorize},
    {STRATA_TE_PRIM_UNROLL, apply_unroll},
    {STRATA_TE_PRIM_COMPUTE_AT, apply_compute_at},
    {STRATA_TE_PRIM_COMPUTE_INLINE, apply_compute_inline},
    {STRATA_TE_PRIM_CACHE_READ, apply_cache_read},
    {STRATA_TE_PRIM_CACHE_WRITE, apply_cache_write},
    {STRATA_TE_PRIM_TENSORIZE, apply_tensorize},
};

static MlirLogicalResult apply_step(ctx_t *c) {
  const strata_te_step_t *s = c->step;
  const strata_te_decision_t *knob =
      s->enabled.kind == STRATA_TE_DECISION_KNOB ? &s->enabled : NULL;
  if (!knob && !strata_te_step_enabled(s))
    return mlirLogicalResultSuccess(); /* a disabled optional step */
  if (knob || (knob = strata_te_step_first_knob(s))) {
    char k[128];
    snprintf(k, sizeof k, "%.*s", (int)knob->knob.length, knob->knob.data);
    return step_error(c, "knob '%s' has no value: run te-autotune or fix it", k);
  }
  for (size_t i = 0; i < sizeof appliers / sizeof *appliers; ++i)
    if (appliers[i].prim == s->prim)
      return appliers[i].apply(c, s);
  return step_error(c, "primitive '%s' is not implemented on tir yet", strata_te_prim_name(s->prim));
}

static MlirLogicalResult apply_nest(MlirOperation root, deferred_list_t *deferred) {
  MlirStringRef key = mlirStringRefCreateFromCString("te.schedule");
  MlirAttribute attr = mlirOperationGetAttributeByName(root, key);
  char compute[128], where[160], msg[640];
  strata_tir_compute_name(root, compute, sizeof compute);
  ctx_t c = {.root = root, .compute = compute, .scope = mlirOperationGetParentOperation(root),
             .deferred = deferred};
  mlirOperationRemoveAttributeByName(root, key);
  strata_te_trace_t trace;
  strata_te_trace_error_t err;
  if (!strata_te_trace_decode(attr, &trace, &err)) {
    snprintf(where, sizeof where, " of compute '%s'", compute);
    return strata_emit_error(root, "%s", strata_te_trace_error_str(&err, where, msg, sizeof msg));
  }
  /* Unknown compute name: the nest can still be scheduled (only the root
   * reference is kept up to date through te.compute). */
  bool named = strcmp(compute, "?") != 0, ok = true;
  for (size_t i = 0; i < trace.count && ok; ++i) {
    c.step = &trace.steps[i];
    c.last = i + 1 == trace.count;
    ok = mlirLogicalResultIsSuccess(apply_step(&c));
    if (ok && named)
      refresh_root(&c);
  }
  strata_te_trace_free(&trace);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_apply_schedule_run(MlirOperation module, const strata_pass_options_t *opts) {
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
