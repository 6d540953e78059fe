/* te-default-schedule: gives every reduction compute that has no schedule a
 * heuristic one, so that untuned code is already fast.
 *
 * Matrix products (te_matmul.h: fp32, static batch, body = A[.., i, k] *
 * B[.., k, j] or, for dense layers, B[.., j, k], combiner add) get the
 * BLIS-style schedule (a dynamic M, N or K is planned as one block of it,
 * mc, nc or kc, the splits leaving a remainder; with a dynamic M a
 * constant B is always packed, at compile time)
 * that ../shared/mlir-c-notes.md measured at OpenBLAS speed:
 *   split i by (MC/mr, mr), j by (NC/nr, nr), k by KC;
 *   order [batch.., j.0, k.0, i.0, j.1, i.1 | i.2, j.2, k.1];
 *   cache_read B into nr-wide zero-padded panels (scope "packed"; always
 *   for a transposed B, which the packing transposes) when A
 *   has at least 256 rows (option pack-min-rows): with fewer row tiles the
 *   copy is not repaid (one thread, same runs: 49x512x4608 2.96 ms
 *   unpacked vs 8.6 ms packed; 64x3136x576 3.0 vs 3.9 ms; 1024^3 25.9 vs
 *   23.0 ms);
 *   a constant B (model weights) is always packed, at compile time
 *   (te-pack-constants), with one panel per j block, k blocks whose panel
 *   takes at most 2/3 of the host's L1d (sysfs) and the order
 *   [j.0, j.1, i.0, k.0, i.1 | micro]: panel after panel, the panel loop
 *   the one parallel loop (128x768x3072 on the Intel Xeon, one thread,
 *   same process: 9.1 -> 7.0 ms, docs/benchmarks.md);
 *   tensorize the (i.2, j.2, k.1) micro-tile onto the target's fp32 FMA
 *   register tile (hwi_catalog.h: 4x64 on AVX-512, 6x16 on AVX2, 4x16
 *   generic; another of the target's tiles when it computes at least 10%
 *   fewer padded elements, e.g. 8x32 for 196 columns);
 *   fuse i.0 and j.1 (row blocks x panels) and run that loop in parallel
 *   (or the batch axis when there are at least 4), from 2^20 flops (smaller
 *   products stay on one thread: a thread team costs more).
 * MC, NC and KC default to 128, 1024 and 256 (A block and B panel in L2;
 * NC is the whole N when B is not packed and K fits one block: the column
 * block then keeps nothing in cache and only adds fork/joins),
 * evened out over the extent
 * and can be overridden with the pass options, for experiments; with
 * knobs=true they are written as knobs "mc", "nc", "kc" whose choices are
 * the default first and then a few sizes around it (capped to the
 * extents, multiples of every tile), and the register tile becomes the
 * knob "tile" over the target's tiles (the blocks are then split by the
 * tile in a second step: i.0, i.1.0, i.1.1), packing B (unless it is
 * read transposed) the knob "pack" (the cache_read step's `enabled`) and
 * packing A into row panels the knob "pack_a" (off by default): the
 * template-free search space te-autotune explores. Blocks are multiples of
 * every tile of the target (rows: 24 on AVX-512), so that every tile
 * choice divides them.
 * Skinny products (one batch, at most 16 rows of A; B a constant, or not
 * transposed with at most 4 rows) get a trace of te_skinny.c instead: B
 * streamed once (a constant one in tile-wide panels packed at compile
 * time), column blocks in parallel.
 * Window reductions whose reads run along the innermost spatial axis
 * (pooling, depthwise convolutions, stride 1 or 2: row_stride) get vector rows: the
 * row split by a vector width, the reduce axes outside the vector loop,
 * which is vectorized (explicit vector code in convert-tir-to-scf); with
 * knobs the width, the loop order, unrolling the taps and a parallel axis
 * (row_vector_trace). Other reductions get one decision, the loop order:
 * the reduce axes move outside the innermost spatial axis (i, k, j), so
 * the inner loop walks rows contiguously and LLVM vectorizes it. Injective computes (no
 * reduce axes, the fused elementwise chains te-inline leaves) of at least
 * 32768 elements (or a dynamic extent) run their first axis of extent >= 2
 * (or dynamic) in parallel; their
 * contiguous inner loops are left to LLVM's vectorizer, except in f32
 * computes of exp, erf or tanh (GELU, the exp of a softmax), whose
 * innermost axis is split by the host's vector width and vectorized
 * (unless the compute is a matrix product's epilogue, which
 * tir-fuse-epilogue vectorizes on the product's tiles); those
 * reading a channel-blocked product back into NCHW are ordered by channel
 * block (te_unblock_order.c). Computes that
 * already carry a `schedule` are left as written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/checked_math.h"
#include "core/host_cache.h"
#include "dialects/hwi/hwi_catalog.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "dialects/te/te_matmul.h"
#include "dialects/te/te_trace.h"
#include "passes/te/te_passes.h"
#include "passes/te/te_row_vectors.h"
#include "passes/te/te_schedule_steps.h"
#include "passes/te/te_skinny.h"
#include "passes/te/te_unblock_order.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

enum { MAX_TILES = 8 };

typedef struct {
  const strata_hwi_builtin_t *tile; /* the default register tile */
  /* With knobs: the tile knob's choices (the target's tiles, default first). */
  const strata_hwi_builtin_t *tiles[MAX_TILES];
  int num_tiles;
  int64_t mc, nc, kc;
  bool knobs; /* write the block sizes as knobs (a search space) */
  int64_t pack_min_rows; /* pack B only for at least this many rows of A */
  bool tile_given;       /* option tile: no fit_tile choice */
} config_t;

static int64_t round_up(int64_t x, int64_t to) { return (x + to - 1) / to * to; }

/* Block size for an extent: at most `want` (capped to the extent), evened
 * out so the blocks are about equal (784 rows in blocks of 128 become 7
 * blocks of 112: parallel threads then get equal work), rounded up to a
 * multiple of `unit`. */
static int64_t block(int64_t want, int64_t extent, int64_t unit) {
  int64_t b = want < extent ? want : extent;
  int64_t count = (extent + b - 1) / b;
  return round_up((extent + count - 1) / count, unit);
}

/* The factors decision of a blocked split: fixed [b/unit, unit] (or [b]
 * when unit is 0), or a knob over the candidate block sizes [b], the
 * default's block first. Blocks are multiples of `round` (the least common
 * multiple of the target's tiles along this axis, so that every tile
 * choice divides them: a block split by a tile that does not divide it
 * has panels whose index is not linear in the loops). */
static MlirAttribute block_factors(MlirContext ctx, const config_t *cfg, const char *knob,
                                   int64_t want, int64_t extent, int64_t unit, int64_t round,
                                   const int64_t *candidates, int ncand) {
  int64_t u = round > 0 ? round : 1;
  if (!cfg->knobs) {
    int64_t b = block(want, extent, u);
    return unit > 0 ? mlirDenseI64ArrayGet(ctx, 2, (int64_t[]){b / unit, unit})
                    : mlirDenseI64ArrayGet(ctx, 1, (int64_t[]){b});
  }
  /* Distinct blocks; the default's block first so the tuner's first
   * candidate is the default schedule. */
  int64_t blocks[16];
  int nb = 0;
  blocks[nb++] = block(want, extent, u);
  for (int c = 0; c < ncand && nb < 16; ++c) {
    int64_t b = block(candidates[c], extent, u);
    bool dup = false;
    for (int i = 0; i < nb; ++i)
      dup |= blocks[i] == b;
    if (!dup)
      blocks[nb++] = b;
  }
  MlirAttribute choices[16];
  for (int i = 0; i < nb; ++i)
    choices[i] = mlirDenseI64ArrayGet(ctx, 1, (int64_t[]){blocks[i]});
  MlirNamedAttribute k[2] = {strata_named(ctx, "knob", strata_string_attr(ctx, knob)),
                             strata_named(ctx, "choices", mlirArrayAttrGet(ctx, nb, choices))};
  return mlirDictionaryAttrGet(ctx, 2, k);
}

/* What one tile contributes at one place of the trace. */
typedef enum { TILE_ROWS, TILE_COLS, TILE_WIDTH, TILE_HEIGHT, TILE_INTRINSIC } tile_value_t;

static MlirAttribute tile_value(MlirContext ctx, const strata_hwi_builtin_t *t, tile_value_t v) {
  switch (v) {
  case TILE_ROWS:
    return mlirDenseI64ArrayGet(ctx, 1, (int64_t[]){t->m});
  case TILE_COLS:
    return mlirDenseI64ArrayGet(ctx, 1, (int64_t[]){t->n});
  case TILE_WIDTH:
    return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), t->n);
  case TILE_HEIGHT:
    return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), t->m);
  case TILE_INTRINSIC:
    break;
  }
  return mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(t->name));
}

/* The register tile's value at one place: fixed (the default tile), or with
 * knobs the "tile" knob, one choice per tile of the target, listing this
 * place's value of each (te_knobs.c: a knob named at several places is one
 * decision; each place takes its own list's entry). */
static MlirAttribute tile_decision(MlirContext ctx, const config_t *cfg, tile_value_t v) {
  if (!cfg->knobs)
    return tile_value(ctx, cfg->tile, v);
  MlirAttribute choices[MAX_TILES];
  for (int t = 0; t < cfg->num_tiles; ++t)
    choices[t] = tile_value(ctx, cfg->tiles[t], v);
  MlirNamedAttribute k[2] = {
      strata_named(ctx, "knob", strata_string_attr(ctx, "tile")),
      strata_named(ctx, "choices", mlirArrayAttrGet(ctx, cfg->num_tiles, choices))};
  return mlirDictionaryAttrGet(ctx, 2, k);
}

static int64_t gcd64(int64_t a, int64_t b) { return b ? gcd64(b, a % b) : a; }

/* The least common multiple of the tiles' rows (or columns). */
static int64_t tiles_lcm(const config_t *cfg, bool rows) {
  int64_t l = 1;
  for (int t = 0; t < cfg->num_tiles; ++t) {
    int64_t v = rows ? cfg->tiles[t]->m : cfg->tiles[t]->n;
    l = l / gcd64(l, v) * v;
  }
  return l;
}

static const int64_t mc_candidates[] = {32, 64, 96, 128, 192, 256};
static const int64_t nc_candidates[] = {128, 256, 512, 1024, 2048};
/* Knob choices only (the defaults come from the options): kc up to 1536,
 * so a product with K <= 1536 can keep one k block (its C tiles stored
 * once, no reload per k block; tuning decides whether the deeper panel's
 * L2 traffic costs more). */
static const int64_t kc_candidates[] = {64, 128, 256, 384, 512, 768, 1024, 1536};
enum { N_MC = 6, N_NC = 5, N_KC = 8 };

/* Matrix products below this many flops get no parallel loop. */
#define PARALLEL_MIN_FLOPS (1 << 20)

/* Padded work of a tile on an m x n product: the rows and columns its
 * micro-kernels compute, edge tiles included. */
static double padded_work(const strata_hwi_builtin_t *t, const strata_te_matmul_t *g) {
  return (double)round_up(g->m, t->m) * (double)round_up(g->n, t->n);
}

/* The extents the trace plans for: M, N, K, or for a dynamic one (known
 * at run time: a sequence length) one block of it (mc, nc, kc), the unit
 * the nest repeats (the last block a remainder: split bounds
 * min(block, extent - base)). */
static strata_te_matmul_t planned_extents(const strata_te_matmul_t *g, const config_t *cfg) {
  strata_te_matmul_t p = *g;
  if (p.m == STRATA_TE_DYNAMIC_EXTENT)
    p.m = cfg->mc;
  if (p.n == STRATA_TE_DYNAMIC_EXTENT)
    p.n = cfg->nc;
  if (p.k == STRATA_TE_DYNAMIC_EXTENT)
    p.k = cfg->kc;
  return p;
}

/* The target's preferred tile, unless another one computes at least 10%
 * fewer padded elements (n = 196: 4x64 computes 256 columns, 8x32 224);
 * that tile then comes first among the knob's choices too. */
static config_t fit_tile(const config_t *cfg, const strata_te_matmul_t *g) {
  config_t c = *cfg;
  if (c.tile_given)
    return c;
  int best = 0;
  for (int t = 1; t < c.num_tiles; ++t)
    if (padded_work(c.tiles[t], g) < padded_work(c.tiles[best], g))
      best = t;
  if (best == 0 || padded_work(c.tiles[best], g) * 1.1 > padded_work(c.tiles[0], g))
    return c;
  const strata_hwi_builtin_t *chosen = c.tiles[best];
  memmove(&c.tiles[1], &c.tiles[0], (size_t)best * sizeof c.tiles[0]);
  c.tiles[0] = c.tile = chosen;
  return c;
}

/* Loop names of the blocked product. Without knobs i and j are split in
 * one step each into (block, tile): i.0, i.1, i.2. With knobs the tile is a
 * decision of its own, so the block is split first (i.0, i.1) and then the
 * block by the tile (i.1.0, i.1.1). */
typedef struct {
  const char *outer, *mid, *micro; /* i.0 | i.1 | i.2 (or .0, .1.0, .1.1) */
} part_names_t;

/* The loop order of the blocked product into `order` (returns its length):
 * the batch axes, then [j.0, k.0, i.0, j.1, i.1 | i.2, j.2, k.1], or with
 * `panels_outer` (a constant B: one panel per j block) [j.0, j.1, i.0,
 * k.0, i.1 | ...]: each panel of B is finished before the next, its k
 * blocks serving all row tiles of A from L1, and the panels are the one
 * parallel loop of the product. */
static int blocked_order(MlirContext ctx, MlirOperation op, const strata_te_matmul_t *g,
                         part_names_t pn, bool panels_outer, MlirAttribute *order) {
  intptr_t i = g->ns - 2, j = g->ns - 1, k = g->ns;
  int no = 0;
  for (intptr_t d = 0; d + 2 < g->ns; ++d)
    order[no++] = strata_te_axis_name_attr(ctx, op, d, "");
  typedef struct {
    char axis;
    const char *suffix;
  } part_t;
  const part_t blis[] = {{'j', pn.outer}, {'k', ".0"},     {'i', pn.outer}, {'j', pn.mid},
                         {'i', pn.mid},   {'i', pn.micro}, {'j', pn.micro}, {'k', ".1"}};
  const part_t panels[] = {{'j', pn.outer}, {'j', pn.mid},   {'i', pn.outer}, {'k', ".0"},
                           {'i', pn.mid},   {'i', pn.micro}, {'j', pn.micro}, {'k', ".1"}};
  const part_t *parts = panels_outer ? panels : blis;
  for (int p = 0; p < 8; ++p) {
    intptr_t axis = parts[p].axis == 'i' ? i : parts[p].axis == 'j' ? j : k;
    order[no++] = strata_te_axis_name_attr(ctx, op, axis, parts[p].suffix);
  }
  return no;
}

/* The batch axis a batched product runs in parallel: the outermost of
 * extent >= 4, else the largest (static extents; -1 when every one is 1
 * or dynamic). Attention's products are [1, heads, i, j]: a parallel loop
 * on the batch dim of 1 ran the heads on one thread. */
static intptr_t parallel_batch_axis(MlirOperation op, const strata_te_matmul_t *g) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t best = -1;
  int64_t best_extent = 1;
  for (intptr_t d = 0; d + 2 < g->ns; ++d) {
    int64_t e = mlirShapedTypeIsDynamicDim(rt, d) ? 1 : mlirShapedTypeGetDimSize(rt, d);
    if (e >= 4)
      return d;
    if (e > best_extent) {
      best = d;
      best_extent = e;
    }
  }
  return best;
}

/* The parallel steps of a blocked product of at least PARALLEL_MIN_FLOPS
 * into `steps` (returns how many): the batch (parallel_batch_axis) when
 * there are at least 4;
 * else with `panels_outer` the panel loop j.0; else row blocks and panels
 * fused into one loop (i.0+j.1), so that threads share the blocks evenly
 * even when there are few of either (7 row blocks of 784 rows on 2
 * threads leave one idle 1/8 of the time). Products of fewer flops run on
 * one thread: waking a thread team costs more than they do (a 1x8x16
 * dense layer: 4 us on one thread, 180 us with a parallel loop on 2
 * threads of a busy machine). */
static int parallel_steps(MlirContext ctx, MlirOperation op, const strata_te_matmul_t *g,
                          part_names_t pn, bool panels_outer, MlirAttribute *steps) {
  intptr_t i = g->ns - 2, j = g->ns - 1;
  double flops = 2.0 * (double)g->batch * (double)g->m * (double)g->n * (double)g->k;
  if (flops < PARALLEL_MIN_FLOPS)
    return 0;
  int n = 0;
  MlirAttribute par;
  intptr_t b = g->batch >= 4 ? parallel_batch_axis(op, g) : -1;
  if (b >= 0) {
    par = strata_te_axis_name_attr(ctx, op, b, "");
  } else if (panels_outer) {
    par = strata_te_axis_name_attr(ctx, op, j, pn.outer);
  } else {
    MlirAttribute fuse_axes[2] = {strata_te_axis_name_attr(ctx, op, i, pn.outer), strata_te_axis_name_attr(ctx, op, j, pn.mid)};
    MlirNamedAttribute fa = strata_named(ctx, "axes", mlirArrayAttrGet(ctx, 2, fuse_axes));
    steps[n++] = strata_te_step_attr(ctx, "fuse", 1, &fa);
    char fused[200], a0[64], a1[64];
    strata_te_compute_axis_name(op, i, a0, sizeof a0);
    strata_te_compute_axis_name(op, j, a1, sizeof a1);
    snprintf(fused, sizeof fused, "%s%s+%s%s", a0, pn.outer, a1, pn.mid);
    par = strata_string_attr(ctx, fused);
  }
  steps[n++] = strata_te_axis_step(ctx, "parallel", par);
  return n;
}

/* The k block of a product whose B is a constant (packed at compile time by
 * te-pack-constants, so always packed): at most `kc`, and small enough that
 * one kc x nr panel of B takes at most two thirds of the host's L1 data
 * cache, a multiple of 16. Every row tile of a block then reads the panel
 * from L1 instead of L2 (128x768x3072 on the Intel Xeon, L1d 48 KiB: kc
 * 256 -> 128, docs/benchmarks.md). */
static int64_t constant_b_kc(int64_t kc, int64_t nr) {
  int64_t fit = strata_host_l1d_bytes() * 2 / 3 / (nr * (int64_t)sizeof(float)) / 16 * 16;
  if (fit < 16)
    fit = 16;
  return fit < kc ? fit : kc;
}

/* A pointwise convolution as a product (conv2d_as_gemm: A the constant
 * weights [O, C], B the runtime activations [C, pixels]) whose k block's
 * panel (kc x nr floats) would not fit the host's L1 data cache anyway
 * (240 x 64 = 60 KB on MobileNetV2's 960 -> 320 layer, L1d 48 KiB) and
 * whose packed B (K x N, N rounded up to the tile) takes at most half of
 * its L2: one k block. The blocks would keep nothing in L1 but cost a
 * serial zero-fill of C, C reloaded and stored per block, the epilogue on
 * a second buffer (tir-product-in-place needs one block) and one
 * fork/join of the parallel loop per block. (Where the block's panel fits
 * L1, 320 -> 1280: 160 x 64, the blocks measured as fast or faster.) */
static bool constant_through_reshapes(MlirValue t) {
  while (mlirValueIsAOpResult(t)) {
    MlirOperation def = mlirOpResultGetOwner(t);
    if (!strata_op_is(def, "tensor.collapse_shape") && !strata_op_is(def, "tensor.expand_shape"))
      break;
    t = mlirOperationGetOperand(def, 0);
  }
  return strata_te_is_constant_tensor(t);
}

static bool one_k_block(const strata_te_matmul_t *g, bool b_const, int64_t nr, int64_t kc) {
  if (b_const || g->batch != 1 || g->m < 1 || g->n < 1 || g->k < 1 ||
      !constant_through_reshapes(strata_te_read_tensor(g->a_read)))
    return false;
  if ((double)block(kc, g->k, 1) * (double)nr * (double)sizeof(float) <=
      (double)strata_host_l1d_bytes())
    return false;
  int64_t n = (g->n + nr - 1) / nr * nr;
  return (double)g->k * (double)n * (double)sizeof(float) <= (double)strata_host_l2_bytes() / 2;
}

static MlirAttribute matmul_trace(MlirContext ctx, MlirOperation op,
                                  const strata_te_matmul_t *product, const config_t *given) {
  strata_te_matmul_t planned = planned_extents(product, given);
  const strata_te_matmul_t *g = &planned;
  config_t fitted = fit_tile(given, g);
  const config_t *cfg = &fitted;
  int64_t mr = cfg->tile->m, nr = cfg->tile->n;
  /* A constant B is packed whatever the rows of A (te-pack-constants does
   * it once, at compile time), with k blocks sized to L1. */
  bool b_const = strata_te_is_constant_tensor(strata_te_read_tensor(g->b_read));
  bool panels_outer = b_const;
  if (b_const)
    fitted.kc = constant_b_kc(fitted.kc, nr);
  else if (!cfg->knobs && fitted.kc < g->k && one_k_block(g, b_const, nr, fitted.kc))
    fitted.kc = g->k;
  if (panels_outer)
    fitted.nc = nr;
  part_names_t pn = cfg->knobs ? (part_names_t){".0", ".1.0", ".1.1"}
                               : (part_names_t){".0", ".1", ".2"};
  /* Blocks no larger than the (rounded-up) extents, multiples of the tile. */
  intptr_t i = g->ns - 2, j = g->ns - 1, k = g->ns;
  MlirAttribute steps[14];
  int n = 0;
  int64_t mu = tiles_lcm(cfg, true), nu = tiles_lcm(cfg, false);
  steps[n++] = strata_te_split_step(
      ctx, strata_te_axis_name_attr(ctx, op, i, ""),
      block_factors(ctx, cfg, "mc", cfg->mc, g->m, mr, mu, mc_candidates, N_MC));
  /* Unpacked B and one k block: the column block keeps nothing in cache
   * (no panel packed per block, C not revisited by a later k block) and
   * only multiplies the parallel loop's fork/joins (one per block: 13 on
   * a 112x112 pointwise conv); one block of all columns. A constant B is
   * always packed (at compile time, te-pack-constants). */
  bool pack = g->b_transposed || g->m >= cfg->pack_min_rows || b_const;
  int64_t nc = !pack && g->k <= cfg->kc ? g->n : cfg->nc;
  steps[n++] = strata_te_split_step(
      ctx, strata_te_axis_name_attr(ctx, op, j, ""),
      block_factors(ctx, cfg, "nc", nc, g->n, nr, nu, nc_candidates, N_NC));
  steps[n++] = strata_te_split_step(ctx, strata_te_axis_name_attr(ctx, op, k, ""),
                              block_factors(ctx, cfg, "kc", cfg->kc, g->k, 0, 1, kc_candidates, N_KC));
  if (cfg->knobs) {
    steps[n++] = strata_te_split_step(ctx, strata_te_axis_name_attr(ctx, op, i, ".1"), tile_decision(ctx, cfg, TILE_ROWS));
    steps[n++] = strata_te_split_step(ctx, strata_te_axis_name_attr(ctx, op, j, ".1"), tile_decision(ctx, cfg, TILE_COLS));
  }
  MlirAttribute order[STRATA_TE_MAX_AXES + 8];
  int no = blocked_order(ctx, op, g, pn, panels_outer, order);
  MlirNamedAttribute of = strata_named(ctx, "order", mlirArrayAttrGet(ctx, no, order));
  steps[n++] = strata_te_step_attr(ctx, "reorder", 1, &of);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirNamedAttribute cr[4] = {
      strata_named(ctx, "input", mlirIntegerAttrGet(i64, g->b_input)),
      strata_named(ctx, "scope", strata_string_attr(ctx, "packed")),
      strata_named(ctx, "width", tile_decision(ctx, cfg, TILE_WIDTH)),
      strata_named(ctx, "transpose", mlirBoolAttrGet(ctx, 1)),
  };
  /* A transposed B must be packed (the micro-kernel reads rows of B);
   * otherwise packing pays from pack-min-rows rows of A, and with knobs it
   * is the knob "pack" (the step's `enabled`), the default first. */
  if (cfg->knobs && !g->b_transposed) {
    MlirAttribute choices[2] = {mlirBoolAttrGet(ctx, pack), mlirBoolAttrGet(ctx, !pack)};
    MlirNamedAttribute k[2] = {strata_named(ctx, "knob", strata_string_attr(ctx, "pack")),
                               strata_named(ctx, "choices", mlirArrayAttrGet(ctx, 2, choices))};
    cr[3] = strata_named(ctx, "enabled", mlirDictionaryAttrGet(ctx, 2, k));
    steps[n++] = strata_te_step_attr(ctx, "cache_read", 4, cr);
  } else if (pack) {
    steps[n++] = strata_te_step_attr(ctx, "cache_read", g->b_transposed ? 4 : 3, cr);
  }
  /* With knobs, A may be packed too (knob "pack_a", off by default): into
   * row panels as high as the tile, [ceil(M/mr), K, mr], which the
   * micro-kernel reads contiguously (tensorize transposes the tile). */
  if (cfg->knobs) {
    MlirAttribute onoff[2] = {mlirBoolAttrGet(ctx, 0), mlirBoolAttrGet(ctx, 1)};
    MlirNamedAttribute k[2] = {strata_named(ctx, "knob", strata_string_attr(ctx, "pack_a")),
                               strata_named(ctx, "choices", mlirArrayAttrGet(ctx, 2, onoff))};
    MlirNamedAttribute ca[5] = {
        strata_named(ctx, "input", mlirIntegerAttrGet(i64, 1 - g->b_input)),
        strata_named(ctx, "scope", strata_string_attr(ctx, "packed")),
        strata_named(ctx, "width", tile_decision(ctx, cfg, TILE_HEIGHT)),
        strata_named(ctx, "transpose", mlirBoolAttrGet(ctx, 1)),
        strata_named(ctx, "enabled", mlirDictionaryAttrGet(ctx, 2, k)),
    };
    steps[n++] = strata_te_step_attr(ctx, "cache_read", 5, ca);
  }
  MlirNamedAttribute tz[2] = {
      strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, i, pn.micro)),
      strata_named(ctx, "intrinsic", tile_decision(ctx, cfg, TILE_INTRINSIC)),
  };
  steps[n++] = strata_te_step_attr(ctx, "tensorize", 2, tz);
  n += parallel_steps(ctx, op, g, pn, panels_outer, steps + n);
  return mlirArrayAttrGet(ctx, n, steps);
}

/* [i, k, j] (reduce_inner false, the default) or [i, j, k]. */
static MlirAttribute loop_order(MlirContext ctx, MlirOperation op, bool reduce_inner) {
  return strata_te_axis_order(ctx, op, reduce_inner, "", NULL);
}

/* Other reductions: the reduce axes outside the innermost spatial axis
 * (i, k, j), so the inner loop walks rows contiguously. With knobs, the
 * template-free space of such computes (pooling, reductions, depthwise
 * convolutions): "order" (that order, or the reduce axes innermost),
 * "unroll" (the innermost reduce loop by 1, 2, 4 or 8, at most its extent)
 * and "parallel" (the first spatial axis of extent >= 2 in parallel, a
 * step that is off by default); the defaults first. Only from 4096
 * iterations (static shapes): tinier ones are not worth measuring. */
/* Reductions with fewer iterations get no knobs. */
#define TUNE_MIN_ITERATIONS 4096.0

/* Whether a reduction has the TUNE_MIN_ITERATIONS iterations that make
 * it worth tuning. */
static bool tunable(MlirOperation op) { return strata_te_iterations(op) >= TUNE_MIN_ITERATIONS; }

static MlirAttribute reduction_trace(MlirContext ctx, MlirOperation op, const config_t *cfg) {
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  MlirAttribute steps[3];
  int n = 0;
  MlirAttribute orders[2] = {loop_order(ctx, op, false), loop_order(ctx, op, true)};
  /* Tiny reductions (the row sums of a small softmax) are not worth
   * measuring: no knobs under TUNE_MIN_ITERATIONS iterations. */
  bool knobs = cfg->knobs && tunable(op);
  MlirNamedAttribute of = strata_named(ctx, "order", knobs ? strata_te_knob(ctx, "order", 2, orders) : orders[0]);
  steps[n++] = strata_te_step_attr(ctx, "reorder", 1, &of);
  if (!knobs)
    return mlirArrayAttrGet(ctx, n, steps);
  int64_t extent = strata_te_compute_reduce_extent(op, nr - 1);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute factors[4];
  intptr_t nf = 0;
  for (int64_t f = 1; f <= 8 && (f == 1 || f <= extent); f *= 2)
    factors[nf++] = mlirIntegerAttrGet(i64, f);
  MlirNamedAttribute uf[2] = {strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, ns + nr - 1, "")),
                              strata_named(ctx, "factor", strata_te_knob(ctx, "unroll", nf, factors))};
  steps[n++] = strata_te_step_attr(ctx, "unroll", 2, uf);
  MlirAttribute par = strata_te_parallel_step(ctx, op, ns, true, false);
  if (!mlirAttributeIsNull(par))
    steps[n++] = par;
  return mlirArrayAttrGet(ctx, n, steps);
}

/* Injective computes with at least this many elements run their first
 * axis of extent >= 2 in parallel (smaller ones are not worth a thread
 * team). */
enum { PARALLEL_MIN_ELEMENTS = 1 << 15 };

static MlirWalkResult find_expanded_math(MlirOperation op, void *user) {
  if (strata_op_is(op, "math.exp") || strata_op_is(op, "math.erf") ||
      strata_op_is(op, "math.tanh")) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Reads of an injective compute seen by epilogue_read: whether one reads
 * a matrix product at the compute's own indices, and whether every other
 * read is of a constant or a function argument (nothing computed between
 * the product and its epilogue). */
typedef struct {
  MlirBlock body;
  intptr_t rank;
  bool product, other;
} epilogue_reads_t;

static bool epilogue_read(MlirOperation read, void *user) {
  epilogue_reads_t *e = user;
  MlirValue t = strata_te_read_tensor(read);
  if (strata_te_is_constant_tensor(t) || mlirValueIsABlockArgument(t))
    return true;
  strata_te_matmul_t g;
  bool own = strata_te_read_num_indices(read) == e->rank;
  for (intptr_t d = 0; own && d < e->rank; ++d)
    own = mlirValueEqual(strata_te_read_index(read, d), mlirBlockGetArgument(e->body, d));
  if (own && mlirValueIsAOpResult(t) && strata_op_is(mlirOpResultGetOwner(t), "te.compute") &&
      strata_te_match_matmul(mlirOpResultGetOwner(t), &g)) {
    e->product = true;
    return true;
  }
  e->other = true;
  return false;
}

/* True if `op` is the elementwise epilogue of a matrix product: it reads
 * the product at its own indices and otherwise only constants and
 * arguments. tir-fuse-epilogue then moves it onto the product's register
 * tiles, whose innermost loop it vectorizes (a whole tile row); splitting
 * it by the vector width here would make that move impossible (its store
 * no longer indexed by its loops), leaving a second pass over the
 * product's memory (BERT's FFN GELU: a separate 0.6 ms kernel). */
static bool product_epilogue(MlirOperation op) {
  epilogue_reads_t e = {strata_te_compute_body(op), strata_te_compute_num_spatial(op), false,
                        false};
  strata_te_walk_reads(op, epilogue_read, &e);
  return e.product && !e.other;
}

/* The vector width for an f32 injective compute whose body computes exp,
 * erf or tanh (strata-expand-math makes them polynomials, which vector
 * code runs a register of lanes at a time, where LLVM's vectorizer left
 * the loop scalar): the host's f32 lanes per register, when the innermost
 * axis has at least that many elements and the compute is not a product's
 * epilogue (product_epilogue); else 0. */
static int64_t injective_vector_width(MlirOperation op, const config_t *cfg) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t rank = mlirShapedTypeGetRank(rt);
  int64_t w = cfg->tile ? cfg->tile->vector_width : 0;
  bool found = false;
  if (w < 2 || w > STRATA_TE_MAX_VECTOR_LANES || !mlirTypeIsAF32(mlirShapedTypeGetElementType(rt)) ||
      (!mlirShapedTypeIsDynamicDim(rt, rank - 1) && mlirShapedTypeGetDimSize(rt, rank - 1) < w))
    return 0;
  mlirOperationWalk(op, find_expanded_math, &found, MlirWalkPreOrder);
  return found && !product_epilogue(op) ? w : 0;
}

/* The trace of a large injective compute, else null: its first axis of
 * extent >= 2 in parallel; computing exp, erf or tanh, its innermost axis
 * split by the vector width first, the lanes vectorized (a dynamic
 * innermost axis: the last vector masked). A dynamic extent (a sequence
 * length, known at run time) counts as large: such a compute is parallel,
 * on its first dynamic axis unless a static one of extent >= 2 comes
 * first. */
static MlirAttribute injective_trace(MlirContext ctx, MlirOperation op, const config_t *cfg) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t rank = mlirShapedTypeGetRank(rt);
  int64_t total = 1;
  for (intptr_t d = 0; d < rank; ++d)
    if (mlirShapedTypeIsDynamicDim(rt, d) ||
        !strata_mul_i64(total, mlirShapedTypeGetDimSize(rt, d), &total))
      total = INT64_MAX; /* past any threshold (the te verifier rejects such types) */
  int64_t width = injective_vector_width(op, cfg);
  MlirAttribute unblock = width ? (MlirAttribute){NULL}
                                : strata_te_unblock_trace(op, PARALLEL_MIN_ELEMENTS);
  if (!mlirAttributeIsNull(unblock))
    return unblock;
  MlirAttribute steps[3];
  int n = 0;
  if (width) {
    steps[n++] = strata_te_split_step(ctx, strata_te_axis_name_attr(ctx, op, rank - 1, ""),
                                mlirDenseI64ArrayGet(ctx, 1, &width));
    steps[n++] = strata_te_axis_step(ctx, "vectorize", strata_te_axis_name_attr(ctx, op, rank - 1, ".1"));
  }
  for (intptr_t d = 0; total >= PARALLEL_MIN_ELEMENTS && d < rank; ++d)
    if (mlirShapedTypeIsDynamicDim(rt, d) || mlirShapedTypeGetDimSize(rt, d) >= 2) {
      steps[n++] = strata_te_axis_step(ctx, "parallel",
                             strata_te_axis_name_attr(ctx, op, d, width && d == rank - 1 ? ".0" : ""));
      break;
    }
  return n ? mlirArrayAttrGet(ctx, n, steps) : (MlirAttribute){NULL};
}

static MlirWalkResult schedule_compute(MlirOperation op, void *user) {
  const config_t *cfg = user;
  if (!strata_op_is(op, "te.compute") || !mlirAttributeIsNull(strata_te_compute_schedule(op)))
    return MlirWalkResultAdvance;
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  MlirContext ctx = mlirOperationGetContext(op);
  if (nr == 0 && ns > 0 && ns <= STRATA_TE_MAX_AXES) {
    MlirAttribute trace = injective_trace(ctx, op, cfg);
    if (!mlirAttributeIsNull(trace))
      mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("schedule"), trace);
    return MlirWalkResultAdvance;
  }
  if (nr == 0 || ns < 2 || ns + nr > STRATA_TE_MAX_AXES)
    return MlirWalkResultAdvance;
  strata_te_matmul_t g;
  bool mm = strata_te_match_matmul(op, &g);
  MlirAttribute trace = mm && strata_te_skinny_fits(op, &g)
                            ? strata_te_skinny_trace(op, &g, cfg->tiles, cfg->num_tiles, cfg->kc, cfg->knobs)
                        : mm                           ? matmul_trace(ctx, op, &g, cfg)
                        : strata_te_wants_row_vectors(op)
                            ? strata_te_row_vector_trace(ctx, op, cfg->knobs && tunable(op),
                                                         cfg->tile->vector_width)
                                                       : reduction_trace(ctx, op, cfg);
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("schedule"), trace);
  return MlirWalkResultAdvance;
}

/* The pass; its record (argument, summary, options): passes/te/te_passes.def. */
MlirLogicalResult te_default_schedule_run(MlirOperation module, const strata_pass_options_t *opts) {
  config_t cfg = {
      .tile = strata_hwi_builtin_for_target(strata_pass_options_get_string(opts, "target")),
      .mc = strata_pass_options_get_int(opts, "mc"),
      .nc = strata_pass_options_get_int(opts, "nc"),
      .kc = strata_pass_options_get_int(opts, "kc"),
      .knobs = strata_pass_options_get_bool(opts, "knobs"),
      .pack_min_rows = strata_pass_options_get_int(opts, "pack-min-rows"),
  };
  if (!cfg.tile)
    return strata_emit_error(module, "te-default-schedule: no register tile for target '%s'",
                             strata_pass_options_get_string(opts, "target"));
  int nt = strata_hwi_builtins_for_target(strata_pass_options_get_string(opts, "target"),
                                          cfg.tiles, MAX_TILES);
  cfg.num_tiles = nt < MAX_TILES ? nt : MAX_TILES;
  const char *tile = strata_pass_options_get_string(opts, "tile");
  if (tile[0]) {
    int found = -1;
    for (int t = 0; t < cfg.num_tiles; ++t)
      if (!strcmp(cfg.tiles[t]->name, tile))
        found = t;
    if (found < 0)
      return strata_emit_error(module, "te-default-schedule: '%s' is not a register tile of "
                               "target '%s'", tile, strata_pass_options_get_string(opts, "target"));
    const strata_hwi_builtin_t *chosen = cfg.tiles[found];
    memmove(&cfg.tiles[1], &cfg.tiles[0], (size_t)found * sizeof cfg.tiles[0]);
    cfg.tiles[0] = cfg.tile = chosen;
    cfg.tile_given = true;
  }
  mlirOperationWalk(module, schedule_compute, &cfg, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
