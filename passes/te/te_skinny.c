/* Skinny matrix products: the trace te-default-schedule gives a product of
 * at most 16 rows (one batch), e.g. a classifier's fully connected layer
 * at batch 1 or one step of LLM decoding (1x4096 by 4096x4096).
 *
 * Such a product is bound by reading B once (K x N floats, each used by M
 * rows only). Two traces, by where B comes from:
 *
 * A constant B (model weights; read as B[k, j] or transposed, B[j, k], as
 * dense / Gemm transB=1 weights are): the target's register tile with the
 * fewest padded rows, over panels of B as wide as the tile, which
 * te-pack-constants builds once at compile time ([N/nr, K, nr],
 * transposed first if need be), so every panel is one contiguous stream
 * read in its stored order at run time and never repacked:
 *   split i by mr, j by (nb/nr, nr), k by kc;
 *   order [batch.., j.0, j.1, k.0, i.0, i.1, j.2, k.1];
 *   cache_read B into nr-wide panels; tensorize (i.1, j.2, k.1);
 *   j.0 in parallel (from 2^20 flops and two blocks).
 * Each k block of a panel (kc x nr floats, in L1/L2) serves all M rows'
 * tiles; the accumulators of a tile stay in registers over the block. The
 * tile's rows past M are clamped (the FMAs of a 4-row tile on one row are
 * 4x the work, but at 2 FMAs per cycle a 4x64 tile consumes B far faster
 * than memory delivers it). nb: N cut into at least 4 column blocks of
 * whole panels, so two or four threads share them evenly.
 *
 * B not a constant, not transposed, at most 4 rows (a vector times a
 * runtime matrix): B streamed row by row in its stored order, each row
 * chunk [k, j.0 block] applied to the M output rows, which stay in L1:
 *   split j by nb; order [batch.., j.0, k, i, j.1]; j.0 in parallel;
 * j.1 is contiguous in B and the output, so LLVM vectorizes it with the
 * host's vector width. nb: the output block (M x nb floats) takes at most
 * half of the L1 data cache (sysfs), a multiple of the cache line, a
 * divisor of N when one is near, at least 4 blocks when N is wide enough.
 * (Per FMA this loop loads and stores an accumulator, so it stays for few
 * rows: with 16 rows it ran at 1/6 of the tile's speed.)
 *
 * Other products (a runtime B read transposed, more rows) keep the GEMM
 * trace. With knobs (te-default-schedule{knobs=true}), the tile of the
 * panel trace is the knob "tile" over the target's tiles (least padding
 * first), at every place it decides (row split, column split, panel
 * width, intrinsic); the streaming trace has none. */
#include "passes/te/te_skinny.h"

#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/host_cache.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "dialects/te/te_trace.h"

enum { MAX_AXES = 16, MIN_BLOCKS = 4, STREAM_MAX_ROWS = 4 };

/* Products below this many flops get no parallel loop (as the GEMM
 * trace: a thread team costs more). */
#define SKINNY_PARALLEL_MIN_FLOPS (1 << 20)

bool strata_te_is_constant_tensor(MlirValue tensor) {
  return mlirValueIsAOpResult(tensor) &&
         strata_op_is(mlirOpResultGetOwner(tensor), "arith.constant");
}

static bool b_constant(const strata_te_matmul_t *g) {
  return strata_te_is_constant_tensor(strata_te_read_tensor(g->b_read));
}

bool strata_te_skinny_fits(MlirOperation compute, const strata_te_matmul_t *g) {
  (void)compute;
  if (g->batch != 1 || g->m < 1 || g->m > STRATA_TE_SKINNY_MAX_ROWS || g->n < 1 || g->k < 1)
    return false;
  return b_constant(g) || (!g->b_transposed && g->m <= STREAM_MAX_ROWS);
}

/* The column block of the streaming trace (see the header comment). */
static int64_t stream_block(int64_t m, int64_t n) {
  long l1 = strata_host_l1d_bytes(), line = strata_host_cache_line_bytes();
  int64_t unit = line / 4; /* floats per cache line */
  int64_t want = (int64_t)l1 / 2 / 4 / m;
  int64_t quarter = (n + MIN_BLOCKS - 1) / MIN_BLOCKS;
  if (quarter < want)
    want = quarter;
  want = (want + unit - 1) / unit * unit;
  if (want < unit)
    want = unit;
  if (want >= n)
    return n;
  /* A divisor of n within [want/2, want] in whole lines avoids a tail. */
  for (int64_t b = want; b >= want / 2 && b >= unit; b -= unit)
    if (n % b == 0)
      return b;
  return want;
}

static MlirAttribute split_step(MlirContext ctx, MlirOperation op, intptr_t axis, intptr_t n,
                                const int64_t *factors) {
  MlirNamedAttribute f[2] = {strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, axis, "")),
                             strata_named(ctx, "factors", mlirDenseI64ArrayGet(ctx, n, factors))};
  return strata_te_step_attr(ctx, "split", 2, f);
}

static MlirAttribute order_step(MlirContext ctx, MlirOperation op, const strata_te_matmul_t *g,
                                int n, const intptr_t *axes, const char *const *suffixes) {
  MlirAttribute order[MAX_AXES + 8];
  int no = 0;
  for (intptr_t d = 0; d + 2 < g->ns; ++d)
    order[no++] = strata_te_axis_name_attr(ctx, op, d, "");
  for (int p = 0; p < n; ++p)
    order[no++] = strata_te_axis_name_attr(ctx, op, axes[p], suffixes[p]);
  MlirNamedAttribute of = strata_named(ctx, "order", mlirArrayAttrGet(ctx, no, order));
  return strata_te_step_attr(ctx, "reorder", 1, &of);
}

static MlirAttribute parallel_step(MlirContext ctx, MlirOperation op, intptr_t j) {
  MlirNamedAttribute pf = strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, j, ".0"));
  return strata_te_step_attr(ctx, "parallel", 1, &pf);
}

static bool wants_parallel(const strata_te_matmul_t *g, int64_t nb) {
  return 2.0 * (double)g->m * (double)g->n * (double)g->k >= SKINNY_PARALLEL_MIN_FLOPS &&
         nb < g->n;
}

/* The streaming trace (a runtime B, few rows). */
static MlirAttribute stream_trace(MlirContext ctx, MlirOperation op, const strata_te_matmul_t *g) {
  intptr_t i = g->ns - 2, j = g->ns - 1, k = g->ns;
  int64_t nb = stream_block(g->m, g->n);
  MlirAttribute steps[3];
  int n = 0;
  steps[n++] = split_step(ctx, op, j, 1, &nb);
  const intptr_t axes[4] = {j, k, i, j};
  const char *const suffixes[4] = {".0", "", "", ".1"};
  steps[n++] = order_step(ctx, op, g, 4, axes, suffixes);
  if (wants_parallel(g, nb))
    steps[n++] = parallel_step(ctx, op, j);
  return mlirArrayAttrGet(ctx, n, steps);
}

/* The tile of `tiles` with the fewest padded rows times columns (the first,
 * the target's preferred, on ties). */
static const strata_hwi_builtin_t *pick_tile(const strata_hwi_builtin_t *const *tiles,
                                             int count, const strata_te_matmul_t *g) {
  const strata_hwi_builtin_t *best = tiles[0];
  double best_work = 0;
  for (int t = 0; t < count; ++t) {
    double work = (double)((g->m + tiles[t]->m - 1) / tiles[t]->m * tiles[t]->m) *
                  (double)((g->n + tiles[t]->n - 1) / tiles[t]->n * tiles[t]->n);
    if (t == 0 || work < best_work)
      best = tiles[t], best_work = work;
  }
  return best;
}

/* A knob dictionary {knob = name, choices = [...]}. */
static MlirAttribute knob(MlirContext ctx, const char *name, int n, const MlirAttribute *choices) {
  MlirNamedAttribute k[2] = {strata_named(ctx, "knob", strata_string_attr(ctx, name)),
                             strata_named(ctx, "choices", mlirArrayAttrGet(ctx, n, choices))};
  return mlirDictionaryAttrGet(ctx, 2, k);
}

/* What one tile contributes at one place of the panel trace. */
typedef enum { AT_ROWS, AT_COLS, AT_WIDTH, AT_INTRINSIC } place_t;

static MlirAttribute place_value(MlirContext ctx, const strata_te_matmul_t *g,
                                 const strata_hwi_builtin_t *t, place_t at) {
  int64_t panels = (g->n + t->n - 1) / t->n;
  int64_t per_block = panels >= MIN_BLOCKS ? (panels + MIN_BLOCKS - 1) / MIN_BLOCKS : panels;
  switch (at) {
  case AT_ROWS:
    return mlirDenseI64ArrayGet(ctx, 1, (int64_t[]){t->m});
  case AT_COLS:
    return mlirDenseI64ArrayGet(ctx, 2, (int64_t[]){per_block, t->n});
  case AT_WIDTH:
    return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), t->n);
  case AT_INTRINSIC:
    break;
  }
  return mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(t->name));
}

/* The value at one place: the chosen tile's, or with several tiles the
 * knob "tile" listing each tile's value (one decision for all places). */
static MlirAttribute place(MlirContext ctx, const strata_te_matmul_t *g,
                           const strata_hwi_builtin_t *const *tiles, int n, place_t at) {
  if (n == 1)
    return place_value(ctx, g, tiles[0], at);
  MlirAttribute choices[8];
  for (int t = 0; t < n && t < 8; ++t)
    choices[t] = place_value(ctx, g, tiles[t], at);
  return knob(ctx, "tile", n < 8 ? n : 8, choices);
}

/* The tiled trace over compile-time panels (a constant B): tiles[0] is
 * the default tile; with more than one, the tile is the knob "tile". */
static MlirAttribute panel_trace(MlirContext ctx, MlirOperation op, const strata_te_matmul_t *g,
                                 const strata_hwi_builtin_t *const *tiles, int num_tiles,
                                 int64_t kc) {
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  intptr_t i = g->ns - 2, j = g->ns - 1, k = g->ns;
  int64_t panels = (g->n + tiles[0]->n - 1) / tiles[0]->n;
  int64_t nb = (panels >= MIN_BLOCKS ? (panels + MIN_BLOCKS - 1) / MIN_BLOCKS : panels) *
               tiles[0]->n;
  int64_t kb = kc < g->k ? kc : g->k;
  MlirAttribute steps[8];
  int n = 0;
  MlirNamedAttribute si[2] = {strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, i, "")),
                              strata_named(ctx, "factors", place(ctx, g, tiles, num_tiles, AT_ROWS))};
  steps[n++] = strata_te_step_attr(ctx, "split", 2, si);
  MlirNamedAttribute sj[2] = {strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, j, "")),
                              strata_named(ctx, "factors", place(ctx, g, tiles, num_tiles, AT_COLS))};
  steps[n++] = strata_te_step_attr(ctx, "split", 2, sj);
  steps[n++] = split_step(ctx, op, k, 1, &kb);
  const intptr_t axes[7] = {j, j, k, i, i, j, k};
  const char *const suffixes[7] = {".0", ".1", ".0", ".0", ".1", ".2", ".1"};
  steps[n++] = order_step(ctx, op, g, 7, axes, suffixes);
  MlirNamedAttribute cr[4] = {
      strata_named(ctx, "input", mlirIntegerAttrGet(i64, g->b_input)),
      strata_named(ctx, "scope", strata_string_attr(ctx, "packed")),
      strata_named(ctx, "width", place(ctx, g, tiles, num_tiles, AT_WIDTH)),
      strata_named(ctx, "transpose", mlirBoolAttrGet(ctx, g->b_transposed)),
  };
  steps[n++] = strata_te_step_attr(ctx, "cache_read", g->b_transposed ? 4 : 3, cr);
  MlirNamedAttribute tz[2] = {
      strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, i, ".1")),
      strata_named(ctx, "intrinsic", place(ctx, g, tiles, num_tiles, AT_INTRINSIC)),
  };
  steps[n++] = strata_te_step_attr(ctx, "tensorize", 2, tz);
  if (wants_parallel(g, nb))
    steps[n++] = parallel_step(ctx, op, j);
  return mlirArrayAttrGet(ctx, n, steps);
}

MlirAttribute strata_te_skinny_trace(MlirOperation op, const strata_te_matmul_t *g,
                                     const strata_hwi_builtin_t *const *tiles, int num_tiles,
                                     int64_t kc, bool knobs) {
  MlirContext ctx = mlirOperationGetContext(op);
  if (!b_constant(g))
    return stream_trace(ctx, op, g);
  /* The tile with the least padding first; with knobs the others after it. */
  const strata_hwi_builtin_t *order[8];
  int n = 0;
  order[n++] = pick_tile(tiles, num_tiles, g);
  for (int t = 0; knobs && t < num_tiles && n < 8; ++t)
    if (tiles[t] != order[0])
      order[n++] = tiles[t];
  return panel_trace(ctx, op, g, order, n, kc);
}
