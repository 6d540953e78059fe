/* tir-reorder: the `reorder` schedule primitive. The named loops must lie on
 * one chain of nested loops; the chain is made perfectly nested (a
 * reduction's init store between spatial and reduce loops is hoisted into
 * its own nest, loops suffixed ".init"), then rebuilt with the named loops
 * permuted among the chain positions they occupy. Index arithmetic between
 * the loops (from split/fuse) moves to the outermost position where its
 * operands exist. Illegal: loops not on one chain, bodies that are not
 * perfectly nested for another reason, bounds that would depend on a loop
 * moved inside them (e.g. a.1 outside a.0 after a non-divisible split).
 * Exports strata_tir_reorder (schedule.h) and the pass record. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/Dialect/Arith.h>

#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define MAX_LOOPS 16

static int loop_depth(MlirOperation loop) {
  int d = 0;
  for (MlirOperation p = mlirOperationGetParentOperation(loop); strata_tir_is_for(p);
       p = mlirOperationGetParentOperation(p))
    ++d;
  return d;
}

typedef struct {
  strata_op_list_t pure; /* pure ops of the chain bodies, in order */
  int *depth;            /* their new depth */
  const strata_op_list_t *chain;
  const int *newpos; /* new position of chain loop j */
} depths_t;

/* New depth of value v: 0 = before the outermost new loop, p+1 = inside new
 * loop p. */
static int value_depth(const depths_t *d, MlirValue v) {
  for (size_t j = 0; j < d->chain->count; ++j)
    if (mlirValueEqual(v, strata_tir_for_induction_var(d->chain->ops[j])))
      return d->newpos[j] + 1;
  if (mlirValueIsABlockArgument(v))
    return 0;
  MlirOperation def = mlirOpResultGetOwner(v);
  for (size_t i = 0; i < d->pure.count; ++i)
    if (mlirOperationEqual(d->pure.ops[i], def))
      return d->depth[i];
  return 0;
}

/* Rebuilds chain[0..k) in the order order[0..k) (a permutation of it). */
static MlirLogicalResult rebuild(const strata_op_list_t *chain, MlirOperation *order) {
  size_t k = chain->count;
  int newpos[MAX_LOOPS];
  for (size_t j = 0; j < k; ++j)
    for (size_t p = 0; p < k; ++p)
      if (mlirOperationEqual(order[p], chain->ops[j]))
        newpos[j] = (int)p;
  depths_t d = {.chain = chain, .newpos = newpos};
  for (size_t j = 0; j + 1 < k; ++j) {
    MlirBlock body = strata_tir_for_body(chain->ops[j]);
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
      if (strata_tir_is_pure(op))
        strata_op_list_push(&d.pure, op);
  }
  d.depth = calloc(d.pure.count + 1, sizeof *d.depth);
  for (size_t i = 0; i < d.pure.count; ++i) {
    int depth = 0;
    for (intptr_t o = 0; o < mlirOperationGetNumOperands(d.pure.ops[i]); ++o) {
      int od = value_depth(&d, mlirOperationGetOperand(d.pure.ops[i], o));
      depth = od > depth ? od : depth;
    }
    d.depth[i] = depth;
  }
  MlirLogicalResult result = mlirLogicalResultSuccess();
  for (size_t p = 0; p < k && mlirLogicalResultIsSuccess(result); ++p)
    for (intptr_t o = 0; o < 3; ++o) {
      int od = value_depth(&d, mlirOperationGetOperand(order[p], o));
      if (od > (int)p) {
        char a[128], b[128], c[128];
        result = strata_emit_error(
            order[p], "illegal reorder: the bounds of '%s' in compute '%s' depend on '%s', "
                      "which would be inside it",
            strata_tir_loop_name(order[p], a, sizeof a),
            strata_tir_compute_name(order[p], c, sizeof c),
            strata_tir_loop_name(order[od - 1], b, sizeof b));
        break;
      }
    }
  if (mlirLogicalResultIsFailure(result)) {
    free(d.depth);
    strata_op_list_free(&d.pure);
    return result;
  }
  /* New loops, outermost first, each in the previous one's body. */
  MlirOperation outer = chain->ops[0];
  MlirOperation fresh[MAX_LOOPS];
  strata_builder_t b = strata_builder_before(outer);
  for (size_t p = 0; p < k; ++p) {
    MlirOperation src = order[p];
    char name[128];
    strata_tir_loop_name(src, name, sizeof name);
    fresh[p] = strata_tir_build_for(&b, strata_tir_for_lower(src), strata_tir_for_upper(src),
                                    strata_tir_for_step(src), name,
                                    strata_tir_loop_kind_name(strata_tir_for_kind(src)));
    strata_tir_copy_attrs(src, fresh[p], false);
    b = strata_builder_at_end(strata_tir_for_body(fresh[p]), b.loc);
  }
  strata_tir_copy_attrs(outer, fresh[0], true);
  MlirBlock inner_body = strata_tir_for_body(fresh[k - 1]);
  strata_tir_move_body(chain->ops[k - 1], mlirBlockGetTerminator(inner_body));
  MlirOperation marker = mlirBlockGetFirstOperation(inner_body);
  for (size_t i = 0; i < d.pure.count; ++i) {
    size_t depth = (size_t)d.depth[i];
    mlirOperationMoveBefore(d.pure.ops[i], depth < k ? fresh[depth] : marker);
  }
  for (size_t j = 0; j < k; ++j)
    mlirValueReplaceAllUsesOfWith(strata_tir_for_induction_var(chain->ops[j]),
                                  strata_tir_for_induction_var(fresh[newpos[j]]));
  mlirOperationDestroy(outer);
  free(d.depth);
  strata_op_list_free(&d.pure);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult strata_tir_reorder(const MlirOperation *loops, int n) {
  if (n <= 1)
    return mlirLogicalResultSuccess();
  char a[128], b[128], c[128];
  if (n > MAX_LOOPS)
    return strata_emit_error(loops[0], "illegal reorder: at most %d loops", MAX_LOOPS);
  int outer = 0, inner = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i; ++j)
      if (mlirOperationEqual(loops[i], loops[j]))
        return strata_emit_error(loops[i], "illegal reorder: '%s' appears twice in compute '%s'",
                                 strata_tir_loop_name(loops[i], a, sizeof a),
                                 strata_tir_compute_name(loops[i], c, sizeof c));
    if (loop_depth(loops[i]) < loop_depth(loops[outer]))
      outer = i;
    if (loop_depth(loops[i]) > loop_depth(loops[inner]))
      inner = i;
  }
  strata_op_list_t chain = {0};
  bool on_chain = strata_tir_chain(loops[outer], loops[inner], &chain);
  for (int i = 0; i < n && on_chain; ++i) {
    bool found = false;
    for (size_t j = 0; j < chain.count; ++j)
      found = found || mlirOperationEqual(chain.ops[j], loops[i]);
    if (!found) {
      on_chain = false;
      inner = i;
    }
  }
  if (!on_chain || chain.count > MAX_LOOPS) {
    strata_op_list_free(&chain);
    return strata_emit_error(loops[outer],
                             "illegal reorder: '%s' and '%s' in compute '%s' are not nested "
                             "in one another",
                             strata_tir_loop_name(loops[outer], a, sizeof a),
                             strata_tir_loop_name(loops[inner], b, sizeof b),
                             strata_tir_compute_name(loops[outer], c, sizeof c));
  }
  MlirLogicalResult r = strata_tir_make_perfect(&chain, "illegal reorder");
  if (mlirLogicalResultIsSuccess(r)) {
    /* The chain positions the named loops occupy receive them in order. */
    MlirOperation order[MAX_LOOPS];
    int next = 0;
    bool same = true;
    for (size_t j = 0; j < chain.count; ++j) {
      bool named = false;
      for (int i = 0; i < n; ++i)
        named = named || mlirOperationEqual(chain.ops[j], loops[i]);
      order[j] = named ? loops[next++] : chain.ops[j];
      same = same && mlirOperationEqual(order[j], chain.ops[j]);
    }
    if (!same)
      r = rebuild(&chain, order);
  }
  strata_op_list_free(&chain);
  return r;
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_reorder_run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirOperation loops[MAX_LOOPS];
  int n = strata_tir_option_loop_list(module, opts, "tir-reorder", "order", loops, MAX_LOOPS);
  return n < 0 ? mlirLogicalResultFailure() : strata_tir_reorder(loops, n);
}
