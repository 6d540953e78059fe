/* tir-compute-at: the `compute_at` schedule primitive on tir. The
 * producer's nest (a perfect nest of loops starting at 0 with step 1 whose
 * innermost body stores one value to P[i0, .., in], the loop variables in
 * order: a spatial compute, no reduction) moves inside loop `axis` of the
 * consumer's nest. Per iteration of `axis` it computes only the region of P
 * that the consumer reads inside that iteration: for every load of P in the
 * body of `axis`, each index is a linear form (tir_linear.h) of the loops
 * nested inside `axis` that enclose the load; its smallest and largest
 * values over those loops' ranges (a loop's range is [0, ub) with ub its
 * upper bound when that is known at the top of `axis`, else [0, c) for a
 * min(c, ..) bound) give a box per load, and the hull of the boxes,
 * clamped to P's shape, is computed at the top of the body of `axis`:
 *
 *   for d0 in [0, n0) { for d1 in [0, n1) { P[s0+d0, s1+d1] = f(s0+d0, s1+d1) } }
 *
 * with s = max(lo, 0), n = max(min(hi + 1, dim) - s, 0). The loops keep the
 * producer's names and are serial; the outermost keeps te.compute (so a
 * later compute_at can target the moved producer). Storage stays the
 * full-size buffer P (only the computation moves); overlapping regions of
 * neighbouring iterations (a stencil's halo) are computed again. Every load
 * of P must lie inside `axis` (other readers would miss elements), and P
 * must be a buffer the function allocated.
 * Exports strata_tir_compute_at (schedule.h) and the pass record. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/MemRef.h>

#include "core/op_list.h"
#include "core/text.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_linear.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

enum { MAX_RANK = STRATA_TIR_MAX_VARS };

typedef struct {
  MlirOperation root;
  const char *producer, *target, *axis;
  strata_tir_refusal_t why; /* "cannot compute '<producer>' at '<axis>' of compute '<target>'" */
} at_t;

/* The producer: a perfect spatial nest storing P[loop variables]. */
typedef struct {
  strata_tir_vars_t vars; /* its loop variables, scope = the root */
  MlirOperation loops[MAX_RANK];
  MlirOperation store;
  MlirValue buffer;
} producer_t;

static MlirLogicalResult analyse_producer(const at_t *a, producer_t *p) {
  p->vars = (strata_tir_vars_t){.scope = a->root};
  MlirOperation loop = a->root;
  for (;;) {
    if (p->vars.count == MAX_RANK)
      return strata_tir_refuse(&a->why, "its nest is deeper than %d loops", MAX_RANK);
    int64_t lb, step;
    if (!strata_constant_int(strata_tir_for_lower(loop), &lb) || lb != 0 ||
        !strata_constant_int(strata_tir_for_step(loop), &step) || step != 1)
      return strata_tir_refuse(&a->why, "its loops must start at 0 with step 1");
    p->loops[p->vars.count] = loop;
    p->vars.vars[p->vars.count++] = strata_tir_for_induction_var(loop);
    MlirOperation next = strata_tir_single_inner_loop(loop);
    if (mlirOperationIsNull(next))
      break;
    loop = next;
  }
  if (!strata_tir_spatial_store_nest(p->loops, p->vars.count, &p->store))
    return strata_tir_refuse(&a->why,
                             "its nest is not a perfect spatial nest around one store (reductions "
                             "and producers scheduled by other steps are not supported)");
  if (mlirOperationIsNull(p->store))
    return strata_tir_refuse(&a->why, "its nest stores nothing");
  p->buffer = mlirOperationGetOperand(p->store, 1);
  intptr_t rank = mlirOperationGetNumOperands(p->store) - 2;
  bool exact = rank == p->vars.count;
  for (intptr_t d = 0; exact && d < rank; ++d)
    exact = mlirValueEqual(mlirOperationGetOperand(p->store, 2 + d), p->vars.vars[d]);
  if (!exact)
    return strata_tir_refuse(&a->why, "its store is not indexed by exactly its loops, in order");
  if (!mlirValueIsAOpResult(p->buffer) ||
      !strata_op_is(mlirOpResultGetOwner(p->buffer), "tir.alloc_buffer"))
    return strata_tir_refuse(&a->why,
                             "its result is an output of the function (only buffers the function "
                             "allocates can be computed in parts)");
  return mlirLogicalResultSuccess();
}

/* One load of P inside the axis: its variables (the loops between the axis
 * and the load), how to get each one's largest value, and the linear forms
 * of its indices. */
typedef struct {
  MlirOperation load;
  strata_tir_vars_t vars;
  MlirOperation loops[STRATA_TIR_MAX_VARS];
  bool runtime_ub[STRATA_TIR_MAX_VARS]; /* largest = ub - 1 (remat), else bound - 1 */
  strata_tir_linear_t form[MAX_RANK];
} access_t;

static MlirLogicalResult analyse_load(const at_t *a, MlirOperation axis, MlirOperation load,
                                      intptr_t rank, access_t *acc) {
  memset(acc, 0, sizeof *acc);
  acc->load = load;
  int n = strata_tir_loops_between(axis, load, acc->loops, STRATA_TIR_MAX_VARS);
  if (n < 0)
    return strata_tir_refuse(&a->why, "more than %d loops inside '%s' enclose a read of '%s'",
                             STRATA_TIR_MAX_VARS, a->axis, a->producer);
  acc->vars.count = n;
  acc->vars.scope = axis;
  char name[128];
  for (int t = 0; t < n; ++t) {
    MlirOperation l = acc->loops[t];
    int64_t lb, step, bound;
    if (!strata_constant_int(strata_tir_for_lower(l), &lb) || lb != 0 ||
        !strata_constant_int(strata_tir_for_step(l), &step) || step != 1)
      return strata_tir_refuse(&a->why, "loop '%s' inside it must start at 0 with step 1",
                               strata_tir_loop_name(l, name, sizeof name));
    acc->vars.vars[t] = strata_tir_for_induction_var(l);
    acc->vars.bound[t] =
        strata_tir_extent_bound(l, &bound) && bound > 0 ? bound : STRATA_TIR_UNBOUNDED;
  }
  for (int t = 0; t < n; ++t) {
    strata_tir_linear_t ub;
    if (strata_tir_linearize(&acc->vars, strata_tir_for_upper(acc->loops[t]), &ub) &&
        strata_tir_linear_is_invariant(&ub))
      acc->runtime_ub[t] = true;
    else if (acc->vars.bound[t] == STRATA_TIR_UNBOUNDED)
      return strata_tir_refuse(&a->why,
                               "the extent of loop '%s' depends on the loops around it and has no "
                               "constant bound",
                               strata_tir_loop_name(acc->loops[t], name, sizeof name));
  }
  for (intptr_t d = 0; d < rank; ++d)
    if (!strata_tir_linearize(&acc->vars, mlirOperationGetOperand(load, 1 + d), &acc->form[d]))
      return strata_tir_refuse(
          &a->why,
          "index %ld of its read of '%s' is not a linear function of the loops "
          "inside '%s'",
          (long)d, a->producer, a->axis);
  return mlirLogicalResultSuccess();
}

/* The consumer's nest (compute a->target, in the function holding the
 * producer) and its loop a->axis, into *axis. */
static MlirLogicalResult find_axis(const at_t *a, MlirOperation *consumer, MlirOperation *axis) {
  MlirOperation root = a->root;
  MlirOperation scope = mlirOperationGetParentOperation(root);
  while (!mlirOperationIsNull(scope) && !strata_op_is(scope, "func.func") &&
         !strata_op_is(scope, "builtin.module"))
    scope = mlirOperationGetParentOperation(scope);
  *consumer =
      mlirOperationIsNull(scope) ? (MlirOperation){NULL} : strata_tir_find_root(scope, a->target);
  if (mlirOperationIsNull(*consumer))
    return strata_emit_error(root, "cannot compute '%s' at '%s' of compute '%s': no compute "
                                   "named '%s' in this function",
                             a->producer, a->axis, a->target, a->target);
  if (strata_tir_defined_inside(strata_tir_for_induction_var(*consumer), root) ||
      mlirOperationEqual(*consumer, root))
    return strata_tir_refuse(&a->why, "compute '%s' is inside its nest", a->target);
  strata_op_list_t named = {0};
  strata_tir_collect_named(*consumer, a->axis, &named);
  size_t count = named.count;
  if (count == 1)
    *axis = named.ops[0];
  strata_op_list_free(&named);
  if (count > 1)
    return strata_tir_refuse(&a->why, "loop name '%s' is ambiguous in compute '%s'", a->axis,
                             a->target);
  if (count == 0) {
    char list[512];
    return strata_tir_refuse(&a->why, "no loop named '%s' in compute '%s' (loops: %s)", a->axis,
                             a->target, strata_tir_list_loops(*consumer, list, sizeof list));
  }
  return mlirLogicalResultSuccess();
}

/* Every use of P: the producer's store, loads inside the axis (into *loads),
 * deallocs; at least one load. */
static MlirLogicalResult collect_readers(const at_t *a, const producer_t *p, MlirOperation axis,
                                         strata_op_list_t *loads) {
  for (MlirOpOperand use = mlirValueGetFirstUse(p->buffer); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (mlirOperationEqual(user, p->store) || strata_op_is(user, "memref.dealloc"))
      continue;
    if (strata_op_is(user, "memref.load") &&
        strata_tir_defined_inside(mlirOperationGetResult(user, 0), axis)) {
      strata_op_list_push(loads, user);
      continue;
    }
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(user));
    return strata_tir_refuse(&a->why,
                             "its result is also used outside loop '%s' ('%.*s'); every reader "
                             "must be inside it",
                             a->axis, (int)n.length, n.data);
  }
  if (loads->count == 0)
    return strata_tir_refuse(&a->why, "compute '%s' does not read it inside loop '%s'", a->target,
                             a->axis);
  return mlirLogicalResultSuccess();
}

/* The region the loads acc[0..n) read in one iteration of the axis, at `b`:
 * start[d] and count[d], the hull of their corners clamped to the buffer.
 * Builds the index constants 1 and 0 too, into cst[1] and cst[0]. */
static void read_region(strata_builder_t *b, const access_t *acc, size_t n, MlirValue buffer,
                        intptr_t rank, MlirValue *start, MlirValue *count, MlirValue *cst) {
  MlirValue lo[MAX_RANK] = {{NULL}}, hi[MAX_RANK] = {{NULL}};
  MlirValue one = cst[1] = strata_build_index(b, 1);
  for (size_t i = 0; i < n; ++i) {
    const access_t *c = &acc[i];
    MlirValue top[STRATA_TIR_MAX_VARS];
    for (int t = 0; t < c->vars.count; ++t)
      top[t] = c->runtime_ub[t]
                   ? strata_tir_index_op(b, "arith.subi",
                              strata_tir_remat_with(b, &c->vars, NULL,
                                                    strata_tir_for_upper(c->loops[t])),
                              one)
                   : strata_build_index(b, c->vars.bound[t] - 1);
    for (intptr_t d = 0; d < rank; ++d) {
      MlirValue v = mlirOperationGetOperand(c->load, 1 + d);
      MlirValue l = strata_tir_remat_corner(b, &c->vars, &c->form[d], top, false, v);
      MlirValue h = strata_tir_remat_corner(b, &c->vars, &c->form[d], top, true, v);
      lo[d] = i == 0 ? l : strata_tir_index_op(b, "arith.minsi", lo[d], l);
      hi[d] = i == 0 ? h : strata_tir_index_op(b, "arith.maxsi", hi[d], h);
    }
  }
  MlirValue zero = cst[0] = strata_build_index(b, 0);
  for (intptr_t d = 0; d < rank; ++d) {
    start[d] = strata_tir_index_op(b, "arith.maxsi", lo[d], zero);
    MlirValue end = strata_tir_index_op(b, "arith.minsi", strata_tir_index_op(b, "arith.addi", hi[d], one),
                             strata_build_dim(b, buffer, d));
    count[d] = strata_tir_index_op(b, "arith.maxsi", strata_tir_index_op(b, "arith.subi", end, start[d]), zero);
  }
}

/* The producer's loops over the region at `b`, its body evaluated there;
 * the outermost takes over the producer root's te.compute. cst: index 0, 1. */
static void build_producer(strata_builder_t *b, MlirOperation root, const producer_t *p,
                           intptr_t rank, const MlirValue *start, const MlirValue *count,
                           const MlirValue *cst) {
  MlirValue zero = cst[0], one = cst[1];
  strata_builder_t at = *b;
  MlirValue idx[MAX_RANK];
  MlirOperation outer = {NULL};
  for (intptr_t d = 0; d < rank; ++d) {
    char n[128];
    MlirOperation l = strata_tir_build_for(&at, zero, count[d], one,
                                           strata_tir_loop_name(p->loops[d], n, sizeof n),
                                           "serial");
    strata_tir_copy_attrs(p->loops[d], l, false);
    if (d == 0)
      outer = l;
    at = strata_builder_at_end(strata_tir_for_body(l), b->loc);
    idx[d] = strata_tir_index_op(&at, "arith.addi", start[d], strata_tir_for_induction_var(l));
  }
  MlirValue v = strata_tir_remat_with(&at, &p->vars, idx, mlirOperationGetOperand(p->store, 0));
  MlirValue store_ops[2 + MAX_RANK];
  store_ops[0] = v;
  store_ops[1] = p->buffer;
  for (intptr_t d = 0; d < rank; ++d)
    store_ops[2 + d] = idx[d];
  strata_build_op(&at, "memref.store", 2 + rank, store_ops, 0, NULL, 0, NULL);
  mlirOperationSetAttributeByName(outer, mlirStringRefCreateFromCString("te.compute"),
                                  mlirOperationGetAttributeByName(
                                      root, mlirStringRefCreateFromCString("te.compute")));
}

MlirLogicalResult strata_tir_compute_at(MlirOperation root, const char *target,
                                        const char *axis_name) {
  char producer[128];
  strata_tir_compute_name(root, producer, sizeof producer);
  at_t a = {root, producer, target, axis_name, {.at = root}};
  snprintf(a.why.what, sizeof a.why.what, "cannot compute '%s' at '%s' of compute '%s'", producer,
           axis_name, target);
  if (!strcmp(target, producer))
    return strata_tir_refuse(&a.why, "a compute cannot be computed at itself");
  MlirOperation consumer, axis;
  if (mlirLogicalResultIsFailure(find_axis(&a, &consumer, &axis)))
    return mlirLogicalResultFailure();
  producer_t p;
  if (mlirLogicalResultIsFailure(analyse_producer(&a, &p)))
    return mlirLogicalResultFailure();
  /* The producer must run before the consumer reads: one block, in order. */
  MlirOperation croot = strata_tir_nest_root(consumer);
  if (!mlirBlockEqual(mlirOperationGetBlock(croot), mlirOperationGetBlock(root)) ||
      !mlirOperationIsBeforeInBlock(root, croot))
    return strata_tir_refuse(&a.why, "its nest does not come before compute '%s' in one block",
                             target);

  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(p.buffer));
  strata_op_list_t loads = {0};
  MlirLogicalResult result = collect_readers(&a, &p, axis, &loads);
  access_t *acc = calloc(loads.count ? loads.count : 1, sizeof *acc);
  for (size_t i = 0; i < loads.count && mlirLogicalResultIsSuccess(result); ++i)
    result = analyse_load(&a, axis, loads.ops[i], rank, &acc[i]);
  if (mlirLogicalResultIsSuccess(result)) {
    /* The region and the producer over it, at the top of the axis body. */
    MlirBlock body = strata_tir_for_body(axis);
    strata_builder_t b = strata_builder_before(mlirBlockGetFirstOperation(body));
    b.loc = mlirOperationGetLocation(root);
    MlirValue start[MAX_RANK], count[MAX_RANK], cst[2];
    read_region(&b, acc, loads.count, p.buffer, rank, start, count, cst);
    build_producer(&b, root, &p, rank, start, count, cst);
    mlirOperationDestroy(root);
  }
  free(acc);
  strata_op_list_free(&loads);
  return result;
}

/* --- the pass ----------------------------------------------------------- */

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_compute_at_run(MlirOperation module, const strata_pass_options_t *opts) {
  const char *compute = strata_pass_options_get_string(opts, "compute");
  MlirOperation root = strata_tir_find_root(module, compute);
  if (!compute[0] || mlirOperationIsNull(root))
    return strata_emit_error(module, "tir-compute-at: no loop nest of compute '%s'", compute);
  return strata_tir_compute_at(root, strata_pass_options_get_string(opts, "target"),
                               strata_pass_options_get_string(opts, "loop"));
}
