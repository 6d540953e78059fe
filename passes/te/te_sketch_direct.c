/* te-sketch's "direct" sketch: the knobs of a direct convolution's own
 * template (lowering/graph_to_te_conv_direct.c, TVM's conv2d_NCHWc
 * schedule), which te-sketch's other rules cannot replace without losing
 * the epilogue tir-fuse-epilogue runs on its register tiles.
 *
 * The template, recognized by its steps (fixed values only):
 *   split A [m]; [split K [b];] reorder [...]; tensorize A.1 @tile;
 *   [parallel P]
 * where A is the output row (ow), @tile a host FMA tile with m rows and n
 * columns (n is the channel block the data layout was built with, so only
 * tiles with the same n fit), and K the innermost reduce axis (the input
 * channels, the micro-kernel's K, last in the order). The sketch keeps
 * that structure and makes each decision a knob (default first):
 *   - "direct.tile": the target's tiles (te-sketch's `target`) with the
 *     template's columns and vector width (their rows at the split of A, their name at tensorize);
 *   - "direct.icb": K split into channel blocks: the template's block (or
 *     all of K), then all of K, K/2, K/4, K/8, K/16 down to 16 channels;
 *   - "direct.order": where the reduce loops (the channel blocks first,
 *     then the taps) run among the pixel loops: where the template puts
 *     them, then just outside the register tile, outside the output row,
 *     outside the output-channel block (TVM's reorder knob);
 *   - "direct.parallel": the template's parallel loop or another outer
 *     pixel loop of at least 2 iterations;
 *   - "direct.unroll": the innermost tap loop unrolled (TVM's unroll_kw),
 *     for 2 to 8 taps.
 * The tensorize step stays, so the epilogue is still fused into the tiles. */
#include "passes/te/te_sketch_direct.h"

#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "dialects/hwi/hwi_catalog.h"
#include "dialects/te/te.h"
#include "dialects/te/te_trace.h"
#include "passes/te/te_schedule_steps.h"

enum { NAME = 64, MAX_ORDER = 16, MAX_CHOICES = 8, MAX_TILES = 8, MIN_BLOCK = 16 };

/* The template, read off the compute's schedule. */
typedef struct {
  MlirContext ctx;
  MlirOperation op;
  char a[NAME];             /* the tiled axis (its split's axis) */
  int64_t m, block;         /* the template's tile rows, K block (0: none) */
  const strata_hwi_builtin_t *tile;
  char k[NAME];             /* the K axis (innermost reduce) */
  int64_t k_extent;
  char outer[MAX_ORDER][NAME]; /* pixel loops before A.1, in order */
  int num_outer;
  char reduce[MAX_ORDER][NAME]; /* reduce loops before A.1 but K's block */
  int num_reduce;
  char inner[MAX_ORDER][NAME]; /* A.1 onwards, K's loop excluded */
  int num_inner;
  int position;             /* pixel loops outside the reduce loops */
  char parallel[NAME];      /* "" when none */
} direct_t;

/* A string attribute's value into buf (NAME bytes); "" otherwise. */
static void string_of(MlirAttribute a, char *buf, size_t size) {
  buf[0] = '\0';
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
    MlirStringRef r = mlirStringAttrGetValue(a);
    snprintf(buf, size, "%.*s", (int)r.length, r.data);
  }
}

static const char *field_string(MlirAttribute step, const char *field, char *buf) {
  string_of(strata_te_step_field(step, field), buf, NAME);
  return buf;
}

/* Whether some step of the trace has a knob. */
static bool has_knobs(MlirAttribute trace) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(trace); ++i) {
    MlirAttribute st = mlirArrayAttrGetElement(trace, i);
    intptr_t nf = mlirAttributeIsADictionary(st) ? mlirDictionaryAttrGetNumElements(st) : 0;
    for (intptr_t f = 0; f < nf; ++f)
      if (strata_te_decision_is_knob(mlirDictionaryAttrGetElement(st, f).attribute))
        return true;
  }
  return false;
}

/* The single factor of a fixed split, 0 otherwise. */
static int64_t split_factor(MlirAttribute step) {
  MlirAttribute f = strata_te_step_field(step, "factors");
  return !mlirAttributeIsNull(f) && mlirAttributeIsADenseI64Array(f) &&
                 mlirDenseArrayGetNumElements(f) == 1
             ? mlirDenseI64ArrayGetElement(f, 0)
             : 0;
}

/* The axis index named `base` (its name before any '.'), -1 if none. */
static int axis_of(const direct_t *d, const char *loop) {
  char base[NAME];
  snprintf(base, sizeof base, "%s", loop);
  char *dot = strchr(base, '.');
  if (dot)
    *dot = '\0';
  intptr_t n = strata_te_compute_num_spatial(d->op) + strata_te_compute_num_reduce(d->op);
  for (intptr_t a = 0; a < n; ++a) {
    char name[NAME];
    strata_te_compute_axis_name(d->op, a, name, sizeof name);
    if (!strcmp(name, base))
      return (int)a;
  }
  return -1;
}

static bool is_reduce(const direct_t *d, const char *loop) {
  int a = axis_of(d, loop);
  return a >= (int)strata_te_compute_num_spatial(d->op);
}

static int64_t spatial_extent(const direct_t *d, const char *loop) {
  int a = axis_of(d, loop);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(d->op, 0));
  return a >= 0 && a < (int)strata_te_compute_num_spatial(d->op) ? mlirShapedTypeGetDimSize(rt, a)
                                                                 : 0;
}

/* Splits the template's order into pixel loops, reduce loops and the
 * register tile's loops (see direct_t). */
static bool read_order(direct_t *d, MlirAttribute order) {
  char a1[NAME + 2], k0[NAME + 2], k1[NAME + 2];
  snprintf(a1, sizeof a1, "%s.1", d->a);
  snprintf(k0, sizeof k0, "%s.0", d->k);
  snprintf(k1, sizeof k1, "%s.1", d->k);
  intptr_t n = mlirArrayAttrGetNumElements(order);
  bool tile = false;
  d->position = -1;
  for (intptr_t i = 0; i < n && n <= MAX_ORDER; ++i) {
    char name[NAME];
    string_of(mlirArrayAttrGetElement(order, i), name, sizeof name);
    tile |= !strcmp(name, a1);
    if (!strcmp(name, d->k) || !strcmp(name, k1) || !strcmp(name, k0)) {
      if (!strcmp(name, k0) && d->position < 0)
        d->position = d->num_outer;
      continue;
    }
    if (tile)
      snprintf(d->inner[d->num_inner++], NAME, "%s", name);
    else if (is_reduce(d, name)) {
      if (d->position < 0)
        d->position = d->num_outer;
      snprintf(d->reduce[d->num_reduce++], NAME, "%s", name);
    } else
      snprintf(d->outer[d->num_outer++], NAME, "%s", name);
  }
  char last[NAME];
  string_of(mlirArrayAttrGetElement(order, n - 1), last, sizeof last);
  if (d->position < 0)
    d->position = d->num_outer;
  return tile && n <= MAX_ORDER && d->num_outer >= 2 &&
         (!strcmp(last, d->k) || !strcmp(last, k1));
}

/* Reads the template; false when the schedule is not one. */
static bool read_template(MlirOperation op, direct_t *d) {
  memset(d, 0, sizeof *d);
  d->op = op;
  d->ctx = mlirOperationGetContext(op);
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  MlirAttribute s = strata_te_compute_schedule(op);
  if (nr < 1 || mlirAttributeIsNull(s) || !mlirAttributeIsAArray(s) ||
      has_knobs(s))
    return false;
  strata_te_compute_axis_name(op, ns + nr - 1, d->k, sizeof d->k);
  d->k_extent = strata_te_compute_reduce_extent(op, nr - 1);
  intptr_t n = mlirArrayAttrGetNumElements(s), i = 0;
  char buf[NAME];
  MlirAttribute order = {NULL};
  for (; i < n; ++i) {
    MlirAttribute st = mlirArrayAttrGetElement(s, i);
    strata_te_prim_t p = strata_te_step_prim(st);
    if (i == 0 && p == STRATA_TE_PRIM_SPLIT) {
      snprintf(d->a, sizeof d->a, "%s", field_string(st, "axis", buf));
      d->m = split_factor(st);
    } else if (i == 1 && p == STRATA_TE_PRIM_SPLIT &&
               !strcmp(field_string(st, "axis", buf), d->k)) {
      d->block = split_factor(st);
    } else if (p == STRATA_TE_PRIM_REORDER && mlirAttributeIsNull(order)) {
      order = strata_te_step_field(st, "order");
    } else if (p == STRATA_TE_PRIM_TENSORIZE && !d->tile) {
      MlirAttribute in = strata_te_step_field(st, "intrinsic");
      char want[NAME + 2];
      snprintf(want, sizeof want, "%s.1", d->a);
      if (mlirAttributeIsNull(in) || !mlirAttributeIsAFlatSymbolRef(in) ||
          strcmp(field_string(st, "axis", buf), want))
        return false;
      d->tile = strata_hwi_builtin_lookup(mlirFlatSymbolRefAttrGetValue(in));
    } else if (p == STRATA_TE_PRIM_PARALLEL && d->tile && !d->parallel[0]) {
      snprintf(d->parallel, sizeof d->parallel, "%s", field_string(st, "axis", buf));
    } else {
      return false;
    }
  }
  return d->a[0] && d->m > 0 && d->tile && d->tile->m == d->m && !mlirAttributeIsNull(order) &&
         mlirAttributeIsAArray(order) && d->k_extent >= 1 && read_order(d, order);
}

/* --- the knobs ------------------------------------------------------------ */

static MlirAttribute str(MlirContext ctx, const char *s) { return strata_string_attr(ctx, s); }

static MlirAttribute factors(MlirContext ctx, int64_t v) {
  return mlirDenseI64ArrayGet(ctx, 1, &v);
}

/* split A + tensorize, sharing the knob "direct.tile". */
static int tile_knob(const direct_t *d, const char *target, MlirAttribute *rows,
                     MlirAttribute *names) {
  const strata_hwi_builtin_t *tiles[MAX_TILES];
  int nt = strata_hwi_builtins_for_target(target, tiles, MAX_TILES), n = 0;
  rows[n] = factors(d->ctx, d->tile->m);
  names[n++] = mlirFlatSymbolRefAttrGet(d->ctx, mlirStringRefCreateFromCString(d->tile->name));
  for (int i = 0; i < nt && i < MAX_TILES && n < MAX_CHOICES; ++i)
    if (tiles[i] != d->tile && tiles[i]->n == d->tile->n &&
        tiles[i]->vector_width == d->tile->vector_width) {
      rows[n] = factors(d->ctx, tiles[i]->m);
      names[n++] = mlirFlatSymbolRefAttrGet(d->ctx, mlirStringRefCreateFromCString(tiles[i]->name));
    }
  return n;
}

/* The channel blocks of K: the template's (or K), then K (no block),
 * K/2 .. K/16 while at least MIN_BLOCK channels. */
static int block_choices(const direct_t *d, MlirAttribute *out) {
  int64_t first = d->block > 0 ? d->block : d->k_extent;
  int n = 0;
  out[n++] = factors(d->ctx, first);
  for (int64_t q = 1; q <= 16 && n < MAX_CHOICES; q *= 2) {
    int64_t b = d->k_extent / q;
    if (d->k_extent % q || (q > 1 && b < MIN_BLOCK))
      break;
    if (b != first)
      out[n++] = factors(d->ctx, b);
  }
  return n;
}

/* The order with the reduce loops (K's block first) after `position`
 * pixel loops. */
static MlirAttribute order_at(const direct_t *d, int position) {
  MlirAttribute a[3 * MAX_ORDER];
  char k0[NAME + 2], k1[NAME + 2];
  snprintf(k0, sizeof k0, "%s.0", d->k);
  snprintf(k1, sizeof k1, "%s.1", d->k);
  int n = 0;
  for (int i = 0; i < d->num_outer; ++i) {
    if (i == position) {
      a[n++] = str(d->ctx, k0);
      for (int r = 0; r < d->num_reduce; ++r)
        a[n++] = str(d->ctx, d->reduce[r]);
    }
    a[n++] = str(d->ctx, d->outer[i]);
  }
  if (position >= d->num_outer) {
    a[n++] = str(d->ctx, k0);
    for (int r = 0; r < d->num_reduce; ++r)
      a[n++] = str(d->ctx, d->reduce[r]);
  }
  for (int i = 0; i < d->num_inner; ++i)
    a[n++] = str(d->ctx, d->inner[i]);
  a[n++] = str(d->ctx, k1);
  return mlirArrayAttrGet(d->ctx, n, a);
}

/* The template's position first, then inside-out: just outside the tile
 * (all pixel loops outside), outside the row, outside the channel block. */
static int order_choices(const direct_t *d, MlirAttribute *out) {
  int n = 0, positions[4] = {d->position, d->num_outer, d->num_outer - 1, d->num_outer - 2};
  for (int i = 0; i < 4 && n < MAX_CHOICES; ++i) {
    bool seen = positions[i] < 1;
    for (int j = 0; j < i && !seen; ++j)
      seen = positions[j] == positions[i];
    if (!seen)
      out[n++] = order_at(d, positions[i]);
  }
  return n;
}

/* The other parallel loop: the first outer pixel loop of at least 2
 * iterations (not the tiled axis's outer part) that is not the
 * template's; "" when none. */
static void other_parallel(const direct_t *d, char *out) {
  out[0] = '\0';
  for (int i = 0; i < d->num_outer && !out[0]; ++i)
    if (strcmp(d->outer[i], d->parallel) && spatial_extent(d, d->outer[i]) >= 2 &&
        !strchr(d->outer[i], '.'))
      snprintf(out, NAME, "%s", d->outer[i]);
}

static MlirAttribute parallel_step(MlirContext ctx, const char *axis, MlirAttribute enabled) {
  MlirNamedAttribute f[2] = {strata_named(ctx, "axis", str(ctx, axis)),
                             strata_named(ctx, "enabled", enabled)};
  return strata_te_step_attr(ctx, "parallel", mlirAttributeIsNull(enabled) ? 1 : 2, f);
}

/* The parallel steps: the template's and the other one, each enabled by
 * its choice of "direct.parallel"; just the template's when there is no
 * other. Returns the number of steps written. */
static int parallel_steps(const direct_t *d, MlirAttribute *out) {
  char other[NAME];
  other_parallel(d, other);
  if (!other[0])
    return d->parallel[0] ? (out[0] = parallel_step(d->ctx, d->parallel, (MlirAttribute){NULL}), 1)
                          : 0;
  int n = 0;
  if (d->parallel[0])
    out[n++] = parallel_step(d->ctx, d->parallel,
                             strata_te_bool_knob(d->ctx, "direct.parallel", true));
  out[n++] = parallel_step(d->ctx, other,
                           strata_te_bool_knob(d->ctx, "direct.parallel", !d->parallel[0]));
  return n;
}

/* unroll of the innermost tap loop (2..8 taps), knob "direct.unroll". */
static MlirAttribute unroll_step(const direct_t *d) {
  if (d->num_reduce < 1)
    return (MlirAttribute){NULL};
  const char *tap = d->reduce[d->num_reduce - 1];
  int a = axis_of(d, tap);
  int64_t e = strata_te_compute_reduce_extent(d->op, a - strata_te_compute_num_spatial(d->op));
  if (strchr(tap, '.') || e < 2 || e > 8)
    return (MlirAttribute){NULL};
  MlirNamedAttribute f[2] = {strata_named(d->ctx, "axis", str(d->ctx, tap)),
                             strata_named(d->ctx, "enabled",
                                          strata_te_bool_knob(d->ctx, "direct.unroll", false))};
  return strata_te_step_attr(d->ctx, "unroll", 2, f);
}

MlirAttribute strata_te_direct_sketch(MlirOperation op, const char *target) {
  direct_t d;
  if (!read_template(op, &d))
    return (MlirAttribute){NULL};
  MlirContext ctx = d.ctx;
  MlirAttribute rows[MAX_CHOICES], names[MAX_CHOICES], blocks[MAX_CHOICES], orders[MAX_CHOICES];
  int nt = tile_knob(&d, target, rows, names), nb = block_choices(&d, blocks),
      no = order_choices(&d, orders);
  MlirAttribute steps[12];
  int n = 0;
  char a1[NAME + 2];
  snprintf(a1, sizeof a1, "%s.1", d.a);
  steps[n++] =
      strata_te_split_step(ctx, str(ctx, d.a), strata_te_knob(ctx, "direct.tile", nt, rows));
  steps[n++] =
      strata_te_split_step(ctx, str(ctx, d.k), strata_te_knob(ctx, "direct.icb", nb, blocks));
  MlirNamedAttribute of =
      strata_named(ctx, "order", strata_te_knob(ctx, "direct.order", no, orders));
  steps[n++] = strata_te_step_attr(ctx, "reorder", 1, &of);
  MlirNamedAttribute tf[2] = {strata_named(ctx, "axis", str(ctx, a1)),
                              strata_named(ctx, "intrinsic",
                                           strata_te_knob(ctx, "direct.tile", nt, names))};
  steps[n++] = strata_te_step_attr(ctx, "tensorize", 2, tf);
  n += parallel_steps(&d, steps + n);
  /* Last: unrolling copies the loops inside the taps (their names too). */
  MlirAttribute unroll = unroll_step(&d);
  if (!mlirAttributeIsNull(unroll))
    steps[n++] = unroll;
  return mlirArrayAttrGet(ctx, n, steps);
}
