/* tir-cache-write: the `cache_write` schedule primitive with scope "local"
 * at an axis. Inside loop `x` of a compute's nest, the buffer O the nest
 * stores to there (its output, or an accumulator) is replaced by a small
 * local buffer L (tir.alloc_buffer scope "local", memref.alloca after
 * convert-tir-to-scf) that covers the region of O one iteration of `x`
 * touches:
 *
 *   x {                                  x {
 *     ... O[e] = f(O[e]) ...       ->      s = region start; n = min(size, dim - s)
 *   }                                      L[q] = O[s + q]       (q < n, copy in)
 *                                          ... L[e - s] = f(L[e - s]) ...
 *                                          O[s + q] = L[q]       (q < n, copy back)
 *                                        }
 *
 * so a reduction accumulates in L and writes O once per iteration of `x`.
 * The region: every index of every load/store of O inside `x` is a linear
 * form (tir_linear.h) of the loops nested inside `x` around it; the index
 * expressions of different accesses must differ only by constants (and by
 * those loops), so the region has a constant size: per dimension, the
 * hull of [cst - sum|c|(b-1) over negative c, cst + sum c(b-1) over positive c]
 * with b each loop's constant extent bound (a min(b, ..) bound of a
 * non-divisible split counts as b). Its start s is evaluated at the top of
 * the body of `x` and clamped at 0; copies are clamped to O's shape, so
 * odd sizes copy only the valid part. L is allocated at the top of the
 * innermost parallel loop around (or at) `x` (one per thread), else before
 * the nest, never inside a serial loop (an alloca there would grow the
 * stack every iteration). Iterations of a parallel loop must touch
 * disjoint regions (true for the tiles split/tile make): a region's
 * elements that one iteration does not write are copied back unchanged.
 * Exports strata_tir_cache_write_local (schedule.h) and the pass record. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/MemRef.h>

#include "core/checked_math.h"
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

enum { MAX_RANK = 8, MAX_ATOMS = 16, MAX_ELEMENTS = 1 << 16 };

typedef struct {
  MlirOperation loop;
  char compute[128], axis[128];
  strata_tir_refusal_t why; /* "cannot cache_write at '<axis>' of compute '<compute>'" */
} cw_t;

/* An index as sum coeff[t]*var[t] + sum k*atom + cst, atoms being values
 * that do not depend on the variables (compared by identity), to tell that
 * two accesses differ by a constant. */
typedef struct {
  int64_t coeff[STRATA_TIR_MAX_VARS];
  MlirValue atom[MAX_ATOMS];
  int64_t k[MAX_ATOMS];
  int natoms;
  int64_t cst;
} decomp_t;

static bool add_atom(decomp_t *d, MlirValue v, int64_t k) {
  for (int i = 0; i < d->natoms; ++i)
    if (mlirValueEqual(d->atom[i], v)) {
      d->k[i] += k;
      return true;
    }
  if (d->natoms == MAX_ATOMS)
    return false;
  d->atom[d->natoms] = v;
  d->k[d->natoms++] = k;
  return true;
}

static bool decompose(const strata_tir_vars_t *vars, MlirValue v, int64_t scale, decomp_t *d,
                      int depth) {
  for (int t = 0; t < vars->count; ++t)
    if (mlirValueEqual(vars->vars[t], v)) {
      d->coeff[t] += scale;
      return true;
    }
  int64_t c;
  if (strata_constant_int(v, &c)) {
    d->cst += scale * c;
    return true;
  }
  if (depth < 64 && mlirValueIsAOpResult(v)) {
    MlirOperation op = mlirOpResultGetOwner(v);
    bool add = strata_op_is(op, "arith.addi"), sub = strata_op_is(op, "arith.subi");
    if (add || sub)
      return decompose(vars, mlirOperationGetOperand(op, 0), scale, d, depth + 1) &&
             decompose(vars, mlirOperationGetOperand(op, 1), sub ? -scale : scale, d,
                       depth + 1);
    if (strata_op_is(op, "arith.muli")) {
      for (int s = 0; s < 2; ++s)
        if (strata_constant_int(mlirOperationGetOperand(op, s), &c))
          return decompose(vars, mlirOperationGetOperand(op, 1 - s), scale * c, d, depth + 1);
    }
  }
  strata_tir_linear_t l;
  if (!strata_tir_linearize(vars, v, &l) || !strata_tir_linear_is_invariant(&l))
    return false; /* depends on the variables in another way (div/rem) */
  return add_atom(d, v, scale);
}

/* True if the atoms of x and y are the same values with the same factors. */
static bool same_atoms(const decomp_t *x, const decomp_t *y) {
  for (int pass = 0; pass < 2; ++pass) {
    const decomp_t *a = pass ? y : x, *b = pass ? x : y;
    for (int i = 0; i < a->natoms; ++i) {
      if (a->k[i] == 0)
        continue;
      int64_t k = 0;
      for (int j = 0; j < b->natoms; ++j)
        if (mlirValueEqual(a->atom[i], b->atom[j]))
          k = b->k[j];
      if (k != a->k[i])
        return false;
    }
  }
  return true;
}

/* One load or store of O inside the loop. */
typedef struct {
  MlirOperation op;
  intptr_t first; /* operand number of the first index */
  strata_tir_vars_t vars;
  strata_tir_linear_t form[MAX_RANK];
  decomp_t dec[MAX_RANK];
  bool decomposed[MAX_RANK];
  int64_t lo[MAX_RANK], hi[MAX_RANK]; /* offsets of the box from the atoms */
} access_t;

static MlirLogicalResult analyse_access(const cw_t *c, MlirOperation op, intptr_t rank,
                                        access_t *a) {
  memset(a, 0, sizeof *a);
  a->op = op;
  a->first = strata_op_is(op, "memref.store") ? 2 : 1;
  MlirOperation loops[STRATA_TIR_MAX_VARS];
  int n = strata_tir_loops_between(c->loop, op, loops, STRATA_TIR_MAX_VARS);
  if (n < 0)
    return strata_tir_refuse(&c->why,
                             "more than %d loops inside it enclose an access of its output",
                             STRATA_TIR_MAX_VARS);
  a->vars.count = n;
  a->vars.scope = c->loop;
  char name[128];
  for (int t = 0; t < n; ++t) {
    int64_t lb, step, bound;
    if (!strata_constant_int(strata_tir_for_lower(loops[t]), &lb) || lb != 0 ||
        !strata_constant_int(strata_tir_for_step(loops[t]), &step) || step != 1)
      return strata_tir_refuse(&c->why, "loop '%s' inside it must start at 0 with step 1",
                               strata_tir_loop_name(loops[t], name, sizeof name));
    a->vars.vars[t] = strata_tir_for_induction_var(loops[t]);
    a->vars.bound[t] =
        strata_tir_extent_bound(loops[t], &bound) && bound > 0 ? bound : STRATA_TIR_UNBOUNDED;
  }
  for (intptr_t d = 0; d < rank; ++d) {
    MlirValue v = mlirOperationGetOperand(op, a->first + d);
    if (!strata_tir_linearize(&a->vars, v, &a->form[d]))
      return strata_tir_refuse(
          &c->why,
          "index %ld of its output is not a linear function of the loops inside "
          "it",
          (long)d);
    a->decomposed[d] = decompose(&a->vars, v, 1, &a->dec[d], 0);
    const strata_tir_linear_t *l = &a->form[d];
    int64_t lo = 0, hi = 0;
    for (int t = 0; t < n; ++t) {
      if (l->coeff[t] == 0)
        continue;
      if (a->vars.bound[t] == STRATA_TIR_UNBOUNDED)
        return strata_tir_refuse(
            &c->why,
            "the region of one iteration has no constant size: loop '%s' has a "
            "dynamic extent",
            strata_tir_loop_name(loops[t], name, sizeof name));
      int64_t span = l->coeff[t] * (a->vars.bound[t] - 1);
      if (span < 0)
        lo += span;
      else
        hi += span;
    }
    int64_t cst = a->decomposed[d] ? a->dec[d].cst : 0;
    a->lo[d] = cst + lo;
    a->hi[d] = cst + hi;
  }
  return mlirLogicalResultSuccess();
}

static MlirWalkResult collect_access(MlirOperation op, void *user) {
  if (strata_op_is(op, "memref.store") || strata_op_is(op, "memref.load"))
    strata_op_list_push(user, op);
  return MlirWalkResultAdvance;
}

/* The copy nest between O[s + q] and L[q], q < n, at `b`. */
static void build_copy(strata_builder_t *b, MlirValue out, MlirValue local, intptr_t rank,
                       const MlirValue *start, const MlirValue *count, bool in,
                       const char *axis) {
  MlirValue zero = strata_build_index(b, 0), one = strata_build_index(b, 1);
  strata_builder_t at = *b;
  MlirValue q[MAX_RANK], g[MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d) {
    char name[192];
    snprintf(name, sizeof name, "%s.cache_%s%ld", axis, in ? "in" : "out", (long)d);
    MlirOperation l = strata_tir_build_for(&at, zero, count[d], one, name, "serial");
    at = strata_builder_at_end(strata_tir_for_body(l), b->loc);
    q[d] = strata_tir_for_induction_var(l);
    g[d] = strata_tir_index_op(&at, "arith.addi", start[d], q[d]);
  }
  MlirValue from = in ? out : local, to = in ? local : out;
  const MlirValue *fi = in ? g : q, *ti = in ? q : g;
  MlirValue ops[2 + MAX_RANK];
  ops[0] = from;
  for (intptr_t d = 0; d < rank; ++d)
    ops[1 + d] = fi[d];
  MlirValue v = strata_build_value(&at, "memref.load", 1 + rank, ops,
                                   mlirShapedTypeGetElementType(mlirValueGetType(out)), 0, NULL);
  ops[0] = v;
  ops[1] = to;
  for (intptr_t d = 0; d < rank; ++d)
    ops[2 + d] = ti[d];
  strata_build_op(&at, "memref.store", 2 + rank, ops, 0, NULL, 0, NULL);
}

/* The one buffer stored to inside the loop, into *out, and its accesses
 * there (loads and stores of it) into *ops. Refuses several or no stored
 * buffers, one allocated inside the loop, other uses of it inside the loop
 * and an unsupported rank. */
static MlirLogicalResult find_output(const cw_t *c, MlirValue *out, strata_op_list_t *ops) {
  strata_op_list_t all = {0};
  mlirOperationWalk(c->loop, collect_access, &all, MlirWalkPreOrder);
  MlirValue o = {NULL};
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (size_t i = 0; i < all.count && mlirLogicalResultIsSuccess(r); ++i) {
    if (!strata_op_is(all.ops[i], "memref.store"))
      continue;
    MlirValue m = mlirOperationGetOperand(all.ops[i], 1);
    if (mlirValueIsNull(o))
      o = m;
    else if (!mlirValueEqual(o, m))
      r = strata_tir_refuse(&c->why, "it stores to several buffers");
  }
  if (mlirLogicalResultIsSuccess(r) && mlirValueIsNull(o))
    r = strata_tir_refuse(&c->why, "nothing is stored inside it");
  else if (mlirLogicalResultIsSuccess(r) && strata_tir_defined_inside(o, c->loop))
    r = strata_tir_refuse(&c->why, "the buffer it stores to is allocated inside it");
  /* Every use of O inside the loop must be a load or a store of it. */
  if (mlirLogicalResultIsSuccess(r))
    for (MlirOpOperand use = mlirValueGetFirstUse(o); !mlirOpOperandIsNull(use);
         use = mlirOpOperandGetNextUse(use)) {
      MlirOperation user = mlirOpOperandGetOwner(use);
      if (!strata_tir_nested_in(user, c->loop))
        continue;
      unsigned k = mlirOpOperandGetOperandNumber(use);
      if ((strata_op_is(user, "memref.load") && k == 0) ||
          (strata_op_is(user, "memref.store") && k == 1))
        continue;
      MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(user));
      r = strata_tir_refuse(&c->why,
                            "its output is used inside it by '%.*s' (cache_write must come before "
                            "tensorize)",
                            (int)n.length, n.data);
      break;
    }
  if (mlirLogicalResultIsSuccess(r)) {
    intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(o));
    if (rank < 1 || rank > MAX_RANK)
      r = strata_tir_refuse(&c->why, "its output has rank %ld (1 to %d supported)", (long)rank,
                            MAX_RANK);
  }
  if (mlirLogicalResultIsSuccess(r)) {
    *out = o;
    for (size_t i = 0; i < all.count; ++i) {
      MlirOperation op = all.ops[i];
      intptr_t m = strata_op_is(op, "memref.store") ? 1 : 0;
      if (mlirValueEqual(mlirOperationGetOperand(op, m), o))
        strata_op_list_push(ops, op);
    }
  }
  strata_op_list_free(&all);
  return r;
}

/* Per dimension d of the output `ot`: the accesses acc[0..n) must differ by
 * constants; shape[d] is the size of their hull (clamped to the output's
 * dim), lowest[d] the access whose box starts lowest. */
static MlirLogicalResult region_shape(const cw_t *c, const access_t *acc, size_t n, MlirType ot,
                                      int64_t *shape, size_t *lowest) {
  intptr_t rank = mlirShapedTypeGetRank(ot);
  int64_t elements = 1;
  for (intptr_t d = 0; d < rank; ++d) {
    bool all_dec = true, same_value = true;
    for (size_t i = 0; i < n; ++i) {
      all_dec = all_dec && acc[i].decomposed[d];
      same_value = same_value && mlirValueEqual(mlirOperationGetOperand(acc[i].op, acc[i].first + d),
                                                mlirOperationGetOperand(acc[0].op, acc[0].first + d));
    }
    bool ok = same_value;
    if (!ok && all_dec) {
      ok = true;
      for (size_t i = 1; i < n && ok; ++i)
        ok = same_atoms(&acc[0].dec[d], &acc[i].dec[d]);
    }
    if (!ok)
      return strata_tir_refuse(&c->why,
                               "the indices of its output in dimension %ld differ by more than "
                               "constants and loops inside it",
                               (long)d);
    int64_t lo = acc[0].lo[d], hi = acc[0].hi[d];
    lowest[d] = 0;
    for (size_t i = 1; i < n; ++i) {
      if (acc[i].lo[d] < lo)
        lo = acc[i].lo[d], lowest[d] = i;
      if (acc[i].hi[d] > hi)
        hi = acc[i].hi[d];
    }
    if (lo == INT64_MIN || !strata_add_i64(hi, -lo, &shape[d]) ||
        !strata_add_i64(shape[d], 1, &shape[d]))
      shape[d] = INT64_MAX; /* clamped to the output's dim below, else refused */
    if (!mlirShapedTypeIsDynamicDim(ot, d) && shape[d] > mlirShapedTypeGetDimSize(ot, d))
      shape[d] = mlirShapedTypeGetDimSize(ot, d) > 0 ? mlirShapedTypeGetDimSize(ot, d) : 1;
    if (!strata_mul_i64(elements, shape[d], &elements) || elements > MAX_ELEMENTS)
      return strata_tir_refuse(&c->why,
                               "the local buffer would hold more than %d elements (cache at an "
                               "inner loop)",
                               MAX_ELEMENTS);
  }
  return mlirLogicalResultSuccess();
}

/* The local buffer of `shape`: at the top of the innermost parallel loop
 * around (or at) the loop (*home, a heap buffer), else before the nest. */
static MlirValue alloc_local(MlirOperation loop, MlirType ot, const int64_t *shape,
                             MlirOperation *home) {
  MlirContext ctx = mlirOperationGetContext(loop);
  *home = (MlirOperation){NULL};
  for (MlirOperation p = loop; strata_tir_is_for(p); p = mlirOperationGetParentOperation(p))
    if (strata_tir_for_kind(p) == STRATA_TIR_LOOP_PARALLEL) {
      *home = p;
      break;
    }
  strata_builder_t ab = mlirOperationIsNull(*home)
                            ? strata_builder_before(strata_tir_nest_root(loop))
                            : strata_builder_before(
                                  mlirBlockGetFirstOperation(strata_tir_for_body(*home)));
  ab.loc = mlirOperationGetLocation(loop);
  MlirType lt = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(ot),
                                            mlirShapedTypeGetRank(ot), shape,
                                            mlirAttributeGetNull());
  /* Under a parallel loop the buffer is per iteration of that loop; an
   * alloca there cannot be lowered yet (scf-to-openmp wraps the body in a
   * memref.alloca_scope that scf-to-cf then breaks), so it is a heap buffer
   * (scope "global") freed at the end of the parallel body. */
  MlirNamedAttribute scope = strata_named(
      ctx, "scope", strata_string_attr(ctx, mlirOperationIsNull(*home) ? "local" : "global"));
  return strata_build_value(&ab, "tir.alloc_buffer", 0, NULL, lt, 1, &scope);
}

/* Region start and copy count per dimension at `b` (the top of the body):
 * the start of the lowest access's box, at least 0, and the hull size cut
 * to what is left of the output from there. */
static void region_bounds(strata_builder_t *b, const access_t *acc, const size_t *lowest,
                          MlirValue out, const int64_t *shape, intptr_t rank, MlirValue *start,
                          MlirValue *count) {
  MlirValue zero = strata_build_index(b, 0);
  for (intptr_t d = 0; d < rank; ++d) {
    const access_t *a = &acc[lowest[d]];
    MlirValue top[STRATA_TIR_MAX_VARS];
    for (int t = 0; t < a->vars.count; ++t)
      top[t] = strata_build_index(b, a->vars.bound[t] == STRATA_TIR_UNBOUNDED
                                         ? 0
                                         : a->vars.bound[t] - 1);
    MlirValue s = strata_tir_remat_corner(b, &a->vars, &a->form[d], top, false,
                                          mlirOperationGetOperand(a->op, a->first + d));
    start[d] = strata_tir_index_op(b, "arith.maxsi", s, zero);
    MlirValue left = strata_tir_index_op(b, "arith.subi", strata_build_dim(b, out, d), start[d]);
    count[d] = strata_tir_index_op(b, "arith.minsi", strata_build_index(b, shape[d]), left);
  }
}

/* Accesses read and write the local buffer, at their index minus start. */
static void redirect(const access_t *acc, size_t n, intptr_t rank, MlirValue local,
                     const MlirValue *start) {
  for (size_t i = 0; i < n; ++i) {
    const access_t *a = &acc[i];
    strata_builder_t ib = strata_builder_before(a->op);
    intptr_t m = a->first - 1; /* operand number of the memref */
    mlirOperationSetOperand(a->op, m, local);
    for (intptr_t d = 0; d < rank; ++d) {
      MlirValue v = mlirOperationGetOperand(a->op, a->first + d);
      mlirOperationSetOperand(a->op, a->first + d, strata_tir_index_op(&ib, "arith.subi", v, start[d]));
    }
  }
}

MlirLogicalResult strata_tir_cache_write_local(MlirOperation loop) {
  cw_t c = {.loop = loop};
  strata_tir_compute_name(loop, c.compute, sizeof c.compute);
  strata_tir_loop_name(loop, c.axis, sizeof c.axis);
  c.why.at = strata_tir_nest_root(loop);
  snprintf(c.why.what, sizeof c.why.what, "cannot cache_write at '%s' of compute '%s'", c.axis,
           c.compute);
  MlirValue out;
  strata_op_list_t ops = {0};
  if (mlirLogicalResultIsFailure(find_output(&c, &out, &ops)))
    return mlirLogicalResultFailure();
  MlirType ot = mlirValueGetType(out);
  intptr_t rank = mlirShapedTypeGetRank(ot);
  access_t *acc = calloc(ops.count, sizeof *acc);
  MlirLogicalResult result = mlirLogicalResultSuccess();
  for (size_t i = 0; i < ops.count && mlirLogicalResultIsSuccess(result); ++i)
    result = analyse_access(&c, ops.ops[i], rank, &acc[i]);
  int64_t shape[MAX_RANK];
  size_t lowest[MAX_RANK];
  if (mlirLogicalResultIsSuccess(result))
    result = region_shape(&c, acc, ops.count, ot, shape, lowest);
  if (mlirLogicalResultIsFailure(result)) {
    free(acc);
    strata_op_list_free(&ops);
    return result;
  }

  MlirBlock body = strata_tir_for_body(loop);
  MlirOperation first = mlirBlockGetFirstOperation(body);
  MlirLocation loc = mlirOperationGetLocation(loop);
  MlirOperation home;
  MlirValue local = alloc_local(loop, ot, shape, &home);
  /* Region start and copy counts at the top of the body; copy in. */
  strata_builder_t b = strata_builder_before(first);
  b.loc = loc;
  MlirValue start[MAX_RANK], count[MAX_RANK];
  region_bounds(&b, acc, lowest, out, shape, rank, start, count);
  build_copy(&b, out, local, rank, start, count, true, c.axis);
  redirect(acc, ops.count, rank, local, start);
  /* Copy back at the end of the body. */
  strata_builder_t eb = strata_builder_before(mlirBlockGetTerminator(body));
  eb.loc = loc;
  build_copy(&eb, out, local, rank, start, count, false, c.axis);
  if (!mlirOperationIsNull(home)) {
    strata_builder_t db = strata_builder_before(mlirBlockGetTerminator(strata_tir_for_body(home)));
    db.loc = loc;
    strata_build_op(&db, "memref.dealloc", 1, &local, 0, NULL, 0, NULL);
  }
  free(acc);
  strata_op_list_free(&ops);
  return mlirLogicalResultSuccess();
}

/* --- the pass ----------------------------------------------------------- */

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_cache_write_run(MlirOperation module, const strata_pass_options_t *opts) {
  return strata_tir_run_on_option_loop(module, opts, strata_tir_cache_write_local);
}
