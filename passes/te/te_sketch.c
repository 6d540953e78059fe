/* te-sketch: template-free search spaces (Ansor's sketches, MetaSchedule's
 * design-space rules). For every static f32/f64 te.compute of at least
 * `min-iterations` iterations, rules on the compute's structure write
 * alternative traces with knobs into its `sketches` attribute; its own
 * `schedule` (te-default-schedule's template, with or without knobs, or
 * none) stays sketch 0, "default", the first choice of the knob "sketch"
 * that te_knobs.h then adds. So every such compute becomes a tuning task,
 * and the default trace stays a candidate (measured first).
 *
 * The rules (S = spatial axes of extent >= 2, R = reduce axes of extent
 * >= 2; knob names are "<sketch>.<what>"):
 *   - "tile": multi-level tiling where there is data reuse (a reduction
 *     with a tensor read that does not depend on some axis of S): Ansor's
 *     SSRSRS structure for CPUs: every axis of S split in 4 parts (`parts`
 *     knobs: every factorisation), every axis of R in 2, ordered
 *     S.0 S.1 R.0 S.2 R.1 S.3; the outer S.0 loops fused and run in
 *     parallel (knob "tile.parallel"); a local accumulator for the tile of
 *     the S.2 S.3 loops (cache_write at the last S.1, knob
 *     "tile.cache_write", off first; only with at most 8 loops inside, as
 *     tir-cache-write requires); the innermost S.3 vectorized (knob
 *     "tile.vectorize") and the inner reduce loop unrolled by 1, 2, 4 or 8
 *     (knob "tile.unroll"): the random annotations of Ansor's sketches as
 *     knobs.
 *   - "reduce": every reduction (pooling, softmax's row max and sum,
 *     depthwise convolutions, ...): the innermost spatial axis of extent
 *     >= 2 (the row) split by a
 *     vector width (knob "reduce.vector": the host's f32 lanes times 1, 2
 *     and 4, at most the row), the reduce axes outside the vector loop
 *     (which is vectorized) or innermost (knob "reduce.order": the
 *     vectorize step is on only with the first), the innermost reduce loop
 *     unrolled (knob "reduce.unroll") and the first spatial axis in
 *     parallel (knob "reduce.parallel").
 *   - "inject": injective computes (no reduce axes): the row split by a
 *     vector width (knob "inject.vector") and vectorized, the
 *     first axis in parallel (knob "inject.parallel", the default's
 *     choice from 2^15 elements first).
 * Inlining is te-inline's rule (it runs before: producers without reuse
 * are inlined into their consumers); fusing a consumer into the product's
 * tiles is tir-fuse-epilogue's (after tir-apply-schedule). Not written
 * (no tir primitive yet): rfactor, a parallel reduction for computes with
 * little spatial parallelism.
 *
 * The epilogue rule: a product whose template is tensorized and whose
 * result an injective compute reads (its epilogue: bias, residual add,
 * activation) gets no sketch, and neither does that epilogue:
 * tir-fuse-epilogue runs the epilogue on the product's register tiles, which
 * only the template makes (a sketch's scalar accumulation is not a tile, so
 * choosing a sketch would cost the fused epilogue and add a pass over the
 * result, which a kernel measured alone does not show). Such products are
 * tuned on their template's knobs; a direct convolution, whose template
 * has none, gets the "direct" sketch instead (te_sketch_direct.c): its
 * template's own decisions as knobs, tensorized, so the epilogue stays in
 * the tiles.
 *
 * Computes left alone: dynamic shapes or dims, other element types, fewer
 * iterations, more than 8 axes, traces with compute_at / compute_inline,
 * and computes another trace names as a compute_at target (its loop names
 * must stay). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/hwi/hwi_catalog.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "dialects/te/te_trace.h"
#include "passes/te/te_passes.h"
#include "passes/te/te_schedule_steps.h"
#include "passes/te/te_sketch_direct.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

enum { MAX_SKETCH_AXES = 8, MAX_STEPS = 40, NAME = 96 };

/* What the rules read off a compute. */
typedef struct {
  MlirContext ctx;
  MlirOperation op;
  int ns, nr;
  int64_t extents[MAX_SKETCH_AXES];
  char names[MAX_SKETCH_AXES][NAME];
  int64_t lanes;    /* the target's f32 lanes per register */
  double iterations;
  bool reuse;       /* some read does not depend on some spatial axis of extent >= 2 */
} shape_t;

/* A trace being written. */
typedef struct {
  MlirAttribute steps[MAX_STEPS];
  int n;
} trace_t;

static void push(trace_t *t, MlirAttribute step) {
  if (t->n < MAX_STEPS && !mlirAttributeIsNull(step))
    t->steps[t->n++] = step;
}

static MlirAttribute str(MlirContext ctx, const char *s) { return strata_string_attr(ctx, s); }

static MlirAttribute i64(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

/* {knob = name, parts = p}. */
static MlirAttribute parts_knob(MlirContext ctx, const char *name, int64_t parts) {
  MlirNamedAttribute f[2] = {strata_named(ctx, "knob", str(ctx, name)),
                             strata_named(ctx, "parts", i64(ctx, parts))};
  return mlirDictionaryAttrGet(ctx, 2, f);
}

static MlirAttribute names_attr(MlirContext ctx, int n, char (*names)[NAME]) {
  MlirAttribute a[3 * MAX_SKETCH_AXES * 2];
  for (int i = 0; i < n; ++i)
    a[i] = str(ctx, names[i]);
  return mlirArrayAttrGet(ctx, n, a);
}

/* {prim, axis = loop[, extra = value][, enabled = e]} (null e: always). */
static MlirAttribute axis_step(MlirContext ctx, const char *prim, const char *loop,
                               const char *extra, MlirAttribute value, MlirAttribute enabled) {
  MlirNamedAttribute f[3];
  int n = 0;
  f[n++] = strata_named(ctx, "axis", str(ctx, loop));
  if (extra)
    f[n++] = strata_named(ctx, extra, value);
  if (!mlirAttributeIsNull(enabled))
    f[n++] = strata_named(ctx, "enabled", enabled);
  return strata_te_step_attr(ctx, prim, n, f);
}

static void loop_name(char *buf, const shape_t *s, int axis, const char *suffix) {
  snprintf(buf, NAME, "%s%s", s->names[axis], suffix);
}

/* --- reading the compute ------------------------------------------------- */

typedef struct {
  const shape_t *s;
  MlirBlock body;
  bool reuse;
} reuse_t;

static bool check_reuse(MlirOperation op, void *user) {
  reuse_t *r = user;
  for (int a = 0; a < r->s->ns; ++a) {
    if (r->s->extents[a] < 2)
      continue;
    MlirValue arg = mlirBlockGetArgument(r->body, a);
    bool uses = false;
    for (intptr_t d = 0; d < strata_te_read_num_indices(op) && !uses; ++d)
      uses = strata_te_depends_on(strata_te_read_index(op, d), arg);
    if (!uses) {
      r->reuse = true;
      return false;
    }
  }
  return true;
}

/* The compute's shape, false when the rules leave it alone. */
static bool read_shape(MlirOperation op, int64_t lanes, double min_iterations, shape_t *s) {
  memset(s, 0, sizeof *s);
  s->op = op;
  s->ctx = mlirOperationGetContext(op);
  s->lanes = lanes;
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType et = mlirShapedTypeGetElementType(rt);
  s->ns = (int)strata_te_compute_num_spatial(op);
  s->nr = (int)strata_te_compute_num_reduce(op);
  if (mlirOperationGetNumOperands(op) != 0 || !mlirShapedTypeHasStaticShape(rt) ||
      !(mlirTypeIsAF32(et) || mlirTypeIsAF64(et)) || s->ns < 1 ||
      s->ns + s->nr > MAX_SKETCH_AXES)
    return false;
  s->iterations = 1;
  for (int a = 0; a < s->ns + s->nr; ++a) {
    s->extents[a] = a < s->ns ? mlirShapedTypeGetDimSize(rt, a)
                              : strata_te_compute_reduce_extent(op, a - s->ns);
    if (s->extents[a] < 1)
      return false;
    s->iterations *= (double)s->extents[a];
    strata_te_compute_axis_name(op, a, s->names[a], NAME);
  }
  if (s->iterations < min_iterations)
    return false;
  reuse_t r = {.s = s, .body = strata_te_compute_body(op)};
  if (s->nr > 0)
    strata_te_walk_reads(op, check_reuse, &r);
  s->reuse = r.reuse;
  return true;
}

/* --- the rules ------------------------------------------------------------- */

/* The vector widths a knob offers: lanes x 1, 2, 4 that fit the row (at
 * least one: the row itself when it is narrower than a register). */
static int vector_widths(const shape_t *s, int64_t row, MlirAttribute *out) {
  int n = 0;
  for (int64_t w = s->lanes; w <= 4 * s->lanes && (w <= row || n == 0); w *= 2) {
    int64_t v = w <= row ? w : row;
    out[n++] = mlirDenseI64ArrayGet(s->ctx, 1, &v);
    if (v == row)
      break;
  }
  return n;
}

/* The unroll factors 1, 2, 4, 8 (at most the extent). */
static int unroll_factors(const shape_t *s, int64_t extent, MlirAttribute *out) {
  int n = 0;
  for (int64_t f = 1; f <= 8 && (f == 1 || f <= extent); f *= 2)
    out[n++] = i64(s->ctx, f);
  return n;
}

/* "tile": SSRSRS multi-level tiling (see the top of the file). */
static MlirAttribute tile_sketch(const shape_t *s) {
  MlirContext ctx = s->ctx;
  trace_t t = {.n = 0};
  int sp[MAX_SKETCH_AXES], rd[MAX_SKETCH_AXES], nsp = 0, nrd = 0;
  for (int a = 0; a < s->ns + s->nr; ++a)
    if (s->extents[a] >= 2) {
      if (a < s->ns)
        sp[nsp++] = a;
      else
        rd[nrd++] = a;
    }
  if (nsp == 0 || nrd == 0)
    return (MlirAttribute){NULL};
  /* A reorder names at most 16 loops: the innermost 4 axes of S and of R
   * are tiled (the others stay outer loops). */
  if (nsp > 4) {
    memmove(sp, sp + nsp - 4, 4 * sizeof *sp);
    nsp = 4;
  }
  if (nrd > 4) {
    memmove(rd, rd + nrd - 4, 4 * sizeof *rd);
    nrd = 4;
  }
  char buf[NAME], kn[NAME];
  for (int i = 0; i < nsp + nrd; ++i) {
    int a = i < nsp ? sp[i] : rd[i - nsp];
    snprintf(kn, sizeof kn, "tile.%s", s->names[a]);
    MlirNamedAttribute f[2] = {strata_named(ctx, "axis", str(ctx, s->names[a])),
                               strata_named(ctx, "factors", parts_knob(ctx, kn, i < nsp ? 4 : 2))};
    push(&t, strata_te_step_attr(ctx, "split", 2, f));
  }
  /* S.0 S.1 R.0 S.2 R.1 S.3, in two reorders of at most 16 loops: the
   * spatial parts level by level (S.0 S.1 S.2 S.3, the reduce loops after
   * them), then the loops from S.2 on (R.0 S.2 R.1 S.3). */
  char order[6 * MAX_SKETCH_AXES][NAME];
  int no = 0;
  static const struct { bool spatial; const char *part; } levels[6] = {
      {true, ".0"}, {true, ".1"}, {true, ".2"}, {true, ".3"}, {false, ".0"}, {false, ".1"}};
  static const int second[4] = {4, 2, 5, 3}; /* R.0 S.2 R.1 S.3 */
  for (int l = 0; l < 4; ++l)
    for (int i = 0; i < nsp; ++i)
      loop_name(order[no++], s, sp[i], levels[l].part);
  MlirNamedAttribute of = strata_named(ctx, "order", names_attr(ctx, no, order));
  push(&t, strata_te_step_attr(ctx, "reorder", 1, &of));
  char inner[4 * MAX_SKETCH_AXES][NAME];
  int ni = 0;
  for (int q = 0; q < 4; ++q) {
    int l = second[q];
    for (int i = 0; i < (levels[l].spatial ? nsp : nrd); ++i)
      loop_name(inner[ni++], s, levels[l].spatial ? sp[i] : rd[i], levels[l].part);
  }
  MlirNamedAttribute of2 = strata_named(ctx, "order", names_attr(ctx, ni, inner));
  push(&t, strata_te_step_attr(ctx, "reorder", 1, &of2));
  /* The outer tiles fused and parallel. */
  char outer[MAX_SKETCH_AXES * NAME] = "";
  if (nsp > 1) {
    MlirNamedAttribute ff = strata_named(ctx, "axes", names_attr(ctx, nsp, order));
    push(&t, strata_te_step_attr(ctx, "fuse", 1, &ff));
    for (int i = 0; i < nsp; ++i) {
      size_t len = strlen(outer), add = strnlen(order[i], NAME);
      if (len + add + 2 > sizeof outer)
        break;
      if (i)
        outer[len++] = '+';
      memcpy(outer + len, order[i], add);
      outer[len + add] = 0;
    }
  } else {
    snprintf(outer, sizeof outer, "%s", order[0]);
  }
  push(&t, axis_step(ctx, "parallel", outer, NULL, (MlirAttribute){NULL},
                     strata_te_bool_knob(ctx, "tile.parallel", true)));
  /* The accumulator of one S.1 iteration's tile, local (tir-cache-write
   * takes at most 8 loops inside the axis). */
  MlirNamedAttribute cw[3] = {strata_named(ctx, "scope", str(ctx, "local")),
                              strata_named(ctx, "axis", str(ctx, order[2 * nsp - 1])),
                              strata_named(ctx, "enabled", strata_te_bool_knob(ctx, "tile.cache_write", false))};
  if (2 * (nsp + nrd) <= 8)
    push(&t, strata_te_step_attr(ctx, "cache_write", 3, cw));
  loop_name(buf, s, sp[nsp - 1], ".3");
  push(&t, axis_step(ctx, "vectorize", buf, NULL, (MlirAttribute){NULL},
                     strata_te_bool_knob(ctx, "tile.vectorize", true)));
  MlirAttribute uf[4];
  int nu = unroll_factors(s, s->extents[rd[nrd - 1]], uf);
  loop_name(buf, s, rd[nrd - 1], ".1");
  push(&t, axis_step(ctx, "unroll", buf, "factor", strata_te_knob(ctx, "tile.unroll", nu, uf),
                     (MlirAttribute){NULL}));
  return mlirArrayAttrGet(ctx, t.n, t.steps);
}

/* The first spatial axis of extent >= 2 other than `except`, or -1. */
static int first_parallel_axis(const shape_t *s, int except) {
  for (int a = 0; a < s->ns; ++a)
    if (a != except && s->extents[a] >= 2)
      return a;
  return -1;
}

/* The row: the innermost spatial axis of extent >= 2 (the axes after it,
 * of extent 1, stay where they are), or -1. */
static int row_axis(const shape_t *s) {
  for (int a = s->ns - 1; a >= 0; --a)
    if (s->extents[a] >= 2)
      return a;
  return -1;
}

/* "reduce": vector rows with the taps outside or inside them. */
static MlirAttribute reduce_sketch(const shape_t *s) {
  MlirContext ctx = s->ctx;
  trace_t t = {.n = 0};
  int row = row_axis(s);
  if (row < 0)
    return (MlirAttribute){NULL};
  char buf[NAME];
  MlirAttribute widths[3];
  int nw = vector_widths(s, s->extents[row], widths);
  MlirNamedAttribute f[2] = {strata_named(ctx, "axis", str(ctx, s->names[row])),
                             strata_named(ctx, "factors", strata_te_knob(ctx, "reduce.vector", nw, widths))};
  push(&t, strata_te_step_attr(ctx, "split", 2, f));
  /* Orders: [S.., row.0, R.., row.1] (vector rows) or [S.., row.0, row.1, R..]. */
  char names[2][2 * MAX_SKETCH_AXES][NAME];
  int n = 0;
  for (int a = 0; a < row; ++a, ++n) {
    loop_name(names[0][n], s, a, "");
    loop_name(names[1][n], s, a, "");
  }
  loop_name(names[0][n], s, row, ".0");
  loop_name(names[1][n++], s, row, ".0");
  for (int r = 0; r < s->nr; ++r) {
    loop_name(names[0][n + r], s, s->ns + r, "");
    loop_name(names[1][n + r + 1], s, s->ns + r, "");
  }
  loop_name(names[0][n + s->nr], s, row, ".1");
  loop_name(names[1][n], s, row, ".1");
  MlirAttribute orders[2] = {names_attr(ctx, n + s->nr + 1, names[0]),
                             names_attr(ctx, n + s->nr + 1, names[1])};
  MlirNamedAttribute of = strata_named(ctx, "order", strata_te_knob(ctx, "reduce.order", 2, orders));
  push(&t, strata_te_step_attr(ctx, "reorder", 1, &of));
  int par = first_parallel_axis(s, -1);
  if (par >= 0) {
    loop_name(buf, s, par, par == row ? ".0" : "");
    push(&t, axis_step(ctx, "parallel", buf, NULL, (MlirAttribute){NULL},
                       strata_te_bool_knob(ctx, "reduce.parallel", s->iterations >= (1 << 18))));
  }
  loop_name(buf, s, row, ".1");
  push(&t, axis_step(ctx, "vectorize", buf, NULL, (MlirAttribute){NULL},
                     strata_te_bool_knob(ctx, "reduce.order", true)));
  int last = s->ns + s->nr - 1;
  if (s->extents[last] >= 2) {
    MlirAttribute uf[4];
    int nu = unroll_factors(s, s->extents[last], uf);
    push(&t, axis_step(ctx, "unroll", s->names[last], "factor",
                       strata_te_knob(ctx, "reduce.unroll", nu, uf), (MlirAttribute){NULL}));
  }
  return mlirArrayAttrGet(ctx, t.n, t.steps);
}

/* "inject": vector rows of an injective compute. */
static MlirAttribute inject_sketch(const shape_t *s) {
  MlirContext ctx = s->ctx;
  trace_t t = {.n = 0};
  int row = row_axis(s);
  char buf[NAME];
  if (row >= 0) {
    MlirAttribute widths[3];
    int nw = vector_widths(s, s->extents[row], widths);
    MlirNamedAttribute f[2] = {strata_named(ctx, "axis", str(ctx, s->names[row])),
                               strata_named(ctx, "factors", strata_te_knob(ctx, "inject.vector", nw, widths))};
    push(&t, strata_te_step_attr(ctx, "split", 2, f));
    loop_name(buf, s, row, ".1");
    push(&t, axis_step(ctx, "vectorize", buf, NULL, (MlirAttribute){NULL}, (MlirAttribute){NULL}));
  }
  int par = first_parallel_axis(s, -1);
  if (par >= 0) {
    loop_name(buf, s, par, par == row ? ".0" : "");
    push(&t, axis_step(ctx, "parallel", buf, NULL, (MlirAttribute){NULL},
                       strata_te_bool_knob(ctx, "inject.parallel", s->iterations >= (1 << 15))));
  }
  return t.n ? mlirArrayAttrGet(ctx, t.n, t.steps) : (MlirAttribute){NULL};
}

/* --- the pass ------------------------------------------------------------------ */

static MlirAttribute named_sketch(MlirContext ctx, const char *name, MlirAttribute steps) {
  MlirNamedAttribute f[2] = {strata_named(ctx, "name", str(ctx, name)),
                             strata_named(ctx, "steps", steps)};
  return mlirDictionaryAttrGet(ctx, 2, f);
}

/* Whether the compute's trace has a step the sketches cannot stand beside
 * (compute_at, compute_inline: they tie it to another nest). */
static bool tied_trace(MlirOperation op) {
  MlirAttribute s = strata_te_compute_schedule(op);
  for (intptr_t i = 0; !mlirAttributeIsNull(s) && i < mlirArrayAttrGetNumElements(s); ++i) {
    strata_te_prim_t p = strata_te_step_prim(mlirArrayAttrGetElement(s, i));
    if (p == STRATA_TE_PRIM_COMPUTE_AT || p == STRATA_TE_PRIM_COMPUTE_INLINE)
      return true;
  }
  return false;
}

/* Whether some trace of the module names `op` as a compute_at target. */
static bool is_target(MlirOperation op, const strata_op_list_t *computes) {
  MlirStringRef name = strata_te_compute_name(op);
  for (size_t c = 0; c < computes->count; ++c) {
    MlirAttribute s = strata_te_compute_schedule(computes->ops[c]);
    for (intptr_t i = 0; !mlirAttributeIsNull(s) && i < mlirArrayAttrGetNumElements(s); ++i) {
      MlirAttribute st = mlirArrayAttrGetElement(s, i);
      MlirAttribute target = strata_te_step_field(st, "target");
      if (strata_te_step_prim(st) == STRATA_TE_PRIM_COMPUTE_AT && !mlirAttributeIsNull(target) &&
          mlirAttributeIsAString(target) &&
          mlirStringRefEqual(mlirStringAttrGetValue(target), name))
        return true;
    }
  }
  return false;
}

/* Whether the compute's own trace tensorizes it (a template product:
 * tir-fuse-epilogue places its epilogue on the register tiles). */
static bool tensorized(MlirOperation op) {
  MlirAttribute s = strata_te_compute_schedule(op);
  for (intptr_t i = 0; !mlirAttributeIsNull(s) && i < mlirArrayAttrGetNumElements(s); ++i)
    if (strata_te_step_prim(mlirArrayAttrGetElement(s, i)) == STRATA_TE_PRIM_TENSORIZE)
      return true;
  return false;
}

/* Whether an injective compute reads the result of `op` (an epilogue:
 * graph-fuse's bias, residual add and activation after te-inline). */
static bool has_epilogue(MlirOperation op) {
  MlirValue r = mlirOperationGetResult(op, 0);
  for (MlirOpOperand u = mlirValueGetFirstUse(r); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation c = strata_te_enclosing_compute(mlirOpOperandGetOwner(u));
    if (mlirOperationIsNull(c) || !strata_op_is(mlirOpOperandGetOwner(u), "te.read"))
      continue;
    MlirAttribute r =
        mlirOperationGetAttributeByName(c, mlirStringRefCreateFromCString("reduce_extents"));
    if (mlirAttributeIsNull(r) || mlirDenseArrayGetNumElements(r) == 0)
      return true;
  }
  return false;
}

/* Whether `op` reads the result of a tensorized compute (it is that
 * product's epilogue). */
static bool is_epilogue_of_template(MlirOperation op) {
  bool found = false;
  MlirRegion body = mlirOperationGetRegion(op, 0);
  for (MlirOperation o = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(body));
       !mlirOperationIsNull(o) && !found; o = mlirOperationGetNextInBlock(o)) {
    if (!strata_op_is(o, "te.read"))
      continue;
    MlirValue t = mlirOperationGetOperand(o, 0);
    found = mlirValueIsAOpResult(t) && strata_op_is(mlirOpResultGetOwner(t), "te.compute") &&
            tensorized(mlirOpResultGetOwner(t));
  }
  return found;
}

static void sketch_compute(MlirOperation op, const shape_t *s, const char *target) {
  /* The epilogue rule: a tensorized template product with an epilogue
   * keeps it fused into its register tiles (tir-fuse-epilogue); the tile
   * and reduce sketches cannot place it (their accumulation is not a
   * register tile), so such a product is tuned on its template's knobs
   * only, and its epilogue, which runs inside the product's tiles, gets no
   * sketch of its own. */
  if (tensorized(op) && has_epilogue(op)) {
    MlirAttribute direct = strata_te_direct_sketch(op, target);
    if (!mlirAttributeIsNull(direct))
      mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("sketches"),
                                      mlirArrayAttrGet(s->ctx, 1, (MlirAttribute[]){named_sketch(
                                                                      s->ctx, "direct", direct)}));
    return;
  }
  if (s->nr == 0 && is_epilogue_of_template(op))
    return;
  MlirAttribute sketches[3];
  int n = 0;
  MlirAttribute a;
  if (s->nr > 0 && s->reuse && !mlirAttributeIsNull(a = tile_sketch(s)))
    sketches[n++] = named_sketch(s->ctx, "tile", a);
  if (s->nr > 0 && !mlirAttributeIsNull(a = reduce_sketch(s)))
    sketches[n++] = named_sketch(s->ctx, "reduce", a);
  if (s->nr == 0 && !mlirAttributeIsNull(a = inject_sketch(s)))
    sketches[n++] = named_sketch(s->ctx, "inject", a);
  if (n)
    mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("sketches"),
                                    mlirArrayAttrGet(s->ctx, n, sketches));
}

/* The pass; its record (argument, summary, options): passes/te/te_passes.def. */
MlirLogicalResult te_sketch_run(MlirOperation module, const strata_pass_options_t *opts) {
  const char *target = strata_pass_options_get_string(opts, "target");
  const strata_hwi_builtin_t *tile = strata_hwi_builtin_for_target(target);
  if (!tile)
    return strata_emit_error(module, "te-sketch: no vector width known for target '%s'", target);
  double min_iterations = (double)strata_pass_options_get_int(opts, "min-iterations");
  strata_op_list_t computes = {0};
  strata_op_list_collect(module, (const char *const[]){"te.compute", NULL}, &computes);
  for (size_t i = 0; i < computes.count; ++i) {
    MlirOperation op = computes.ops[i];
    shape_t s;
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sketches"))) ||
        tied_trace(op) || is_target(op, &computes) ||
        !read_shape(op, tile->vector_width > 1 ? tile->vector_width : 4, min_iterations, &s))
      continue;
    sketch_compute(op, &s, target);
  }
  strata_op_list_free(&computes);
  return mlirLogicalResultSuccess();
}
