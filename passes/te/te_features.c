/* Cost-model features of a tuning task's candidate (see te_features.h).
 *
 * Features (STRATA_TE_NUM_FEATURES floats; log2 values are of the number
 * plus nothing, all extents being >= 1). The candidate's trace is resolved
 * (knobs replaced) and walked: a split of an original axis sets that axis's
 * block (the product of the inner factors: what one iteration of its outer
 * loop covers) and inner factor; a tile step sets one block per axis;
 * derived loop names get extents (X.0 = ceil(E / block), X.i = factor i,
 * fused loops the product), so the parallel loop's trip count is known.
 *   [5a .. 5a+4] for axis a < 6 (spatial, then reduce): log2 extent,
 *       log2 block, log2 blocks (ceil(E / B)), padding (ceil(E/B) B / E),
 *       log2 innermost factor
 *   [30] log2 bytes touched per block: every read's footprint (product of
 *       the blocks of the axes indexing it; full extent for other indices)
 *       plus the result block
 *   [31..33] log2 footprint of reads 0..2; [34] log2 result block bytes
 *   [35] arithmetic intensity per block: 2 x product of blocks / bytes
 *   [36] log2 number of blocks; [37] total padding (product over axes)
 *   [38] parallel trip count / threads; [39] log2 parallel trip count
 *   [40..45] per knob (first 6): log2 of the product of its int values
 *   [46..51] per knob: choice index / number of choices
 *   [52] number of inputs packed (enabled cache_read steps)
 *   [53..62] log2 bytes touched inside loop level 0..9 (innermost first;
 *       the loop order is tracked through split, tile, fuse and reorder):
 *       each read's footprint over the extents its axes cover inside that
 *       level, plus the result's
 *   [63] loop depth; [64] parallel loop position / depth (-1: none) */
#include "passes/te/te_features.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "dialects/te/te.h"

static double lg(double x) { return x > 0 ? log2(x) : 0; }

/* --- the loop nest ------------------------------------------------------------ */

/* The loop nest's order while walking a trace (outermost first), as
 * indices into strata_te_names_t, for the bytes-per-level features. Fused
 * loops remember their parts (whose origins give the axes they cover). */
typedef struct {
  int loop[64], n;
  int parts[STRATA_TE_MAX_LOOPS][4], num_parts[STRATA_TE_MAX_LOOPS]; /* 0 parts: not fused */
} nest_t;

static int nest_pos(const nest_t *nest, int name) {
  for (int p = 0; p < nest->n; ++p)
    if (nest->loop[p] == name)
      return p;
  return -1;
}

/* Replaces the loop at position p by `count` loops (0 removes it). */
static void nest_replace(nest_t *nest, int p, const int *with, int count) {
  if (p < 0 || nest->n - 1 + count > 64)
    return;
  memmove(&nest->loop[p + count], &nest->loop[p + 1], (size_t)(nest->n - p - 1) * sizeof(int));
  if (count > 0)
    memcpy(&nest->loop[p], with, (size_t)count * sizeof(int));
  nest->n += count - 1;
}

/* reorder: the listed loops take the positions they occupy, in list order. */
static void nest_reorder(nest_t *nest, const int *names, int count) {
  int pos[64], k = 0;
  for (int p = 0; p < nest->n && k < 64; ++p)
    for (int q = 0; q < count; ++q)
      if (nest->loop[p] == names[q])
        pos[k++] = p;
  if (k != count)
    return; /* a name not in the nest: leave the order */
  for (int q = 0; q < count; ++q)
    nest->loop[pos[q]] = names[q];
}

/* Multiplies cover[axis] by what loop `name` iterates over. */
static void nest_cover(const nest_t *nest, const strata_te_names_t *names, int name,
                       double *cover) {
  if (nest->num_parts[name] > 0) {
    for (int q = 0; q < nest->num_parts[name]; ++q)
      nest_cover(nest, names, nest->parts[name][q], cover);
    return;
  }
  if (names->origin[name] >= 0)
    cover[names->origin[name]] *= (double)names->extents[name];
}

/* --- walking the trace ----------------------------------------------------------- */

typedef struct {
  double block[STRATA_TE_MAX_AXES], inner[STRATA_TE_MAX_AXES];
  strata_te_names_t names;
  nest_t nest;
  double parallel, packed;
  int parallel_pos;
} walk_t;

static void step_split(walk_t *w, const char *axis, MlirAttribute factors) {
  int64_t fv[16], p = 1;
  intptr_t nf = mlirDenseArrayGetNumElements(factors);
  nf = nf < 16 ? nf : 16;
  for (intptr_t q = 0; q < nf; ++q)
    p *= (fv[q] = mlirDenseI64ArrayGetElement(factors, q)) > 0 ? fv[q] : 1;
  strata_te_names_t *names = &w->names;
  int i = strata_te_names_find(names, axis);
  if (i >= 0 && names->root[i] >= 0 && nf > 0) {
    w->block[names->root[i]] = (double)p;
    w->inner[names->root[i]] = (double)fv[nf - 1];
  } else if (i >= 0 && names->origin[i] >= 0 && nf > 0) {
    /* A block split again (the register tile): the innermost factor. */
    w->inner[names->origin[i]] = (double)fv[nf - 1];
  }
  int before = names->count;
  strata_te_names_split(names, axis, fv, nf);
  int parts[17];
  for (int q = before; q < names->count && q - before < 17; ++q)
    parts[q - before] = q;
  if (i >= 0 && names->count > before)
    nest_replace(&w->nest, nest_pos(&w->nest, i), parts, names->count - before);
}

/* tile = split each axis, then every outer part before every inner one. */
static void tile_order(walk_t *w, MlirAttribute axes) {
  strata_te_names_t *names = &w->names;
  nest_t *nest = &w->nest;
  int tiled[32], k = 0;
  for (int p = 0; p < nest->n && k < 32; ++p)
    for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes); ++q) {
      char name[96], outer[100], innr[100];
      strata_te_string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
      snprintf(outer, sizeof outer, "%s.0", name);
      snprintf(innr, sizeof innr, "%s.1", name);
      if (strcmp(names->names[nest->loop[p]], outer) == 0 ||
          strcmp(names->names[nest->loop[p]], innr) == 0)
        tiled[k++] = nest->loop[p];
    }
  int sorted[32], m = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (int q = 0; q < k; ++q) {
      size_t l = strlen(names->names[tiled[q]]);
      if ((names->names[tiled[q]][l - 1] == '0') == (pass == 0))
        sorted[m++] = tiled[q];
    }
  nest_reorder(nest, sorted, m);
}

static void step_tile(walk_t *w, MlirAttribute st, MlirAttribute factors) {
  strata_te_names_t *names = &w->names;
  MlirAttribute axes = strata_te_step_field(st, "axes");
  for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes) &&
                       q < mlirDenseArrayGetNumElements(factors);
       ++q) {
    char name[96];
    strata_te_string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
    int64_t f = mlirDenseI64ArrayGetElement(factors, q);
    int i = strata_te_names_find(names, name);
    if (i >= 0 && names->root[i] >= 0)
      w->block[names->root[i]] = w->inner[names->root[i]] = (double)f;
    int before = names->count;
    strata_te_names_split(names, name, &f, 1);
    if (i >= 0 && names->count == before + 2) /* outer parts first, as tile orders them */
      nest_replace(&w->nest, nest_pos(&w->nest, i), (int[]){before, before + 1}, 2);
  }
  tile_order(w, axes);
}

static void step_fuse(walk_t *w, MlirAttribute st) {
  strata_te_names_t *names = &w->names;
  nest_t *nest = &w->nest;
  MlirAttribute axes = strata_te_step_field(st, "axes");
  char joined[128] = "";
  int64_t e = 1;
  for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes); ++q) {
    char name[96];
    strata_te_string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
    int i = strata_te_names_find(names, name);
    e *= i >= 0 ? names->extents[i] : 1;
    size_t l = strlen(joined);
    if (l + strlen(name) + 2 < sizeof joined)
      snprintf(joined + l, sizeof joined - l, "%s%.60s", q ? "+" : "", name);
  }
  strata_te_names_add(names, joined, e, -1);
  /* The fused loop takes the first part's place; the others go. */
  int fused = names->count - 1, first = -1;
  for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes); ++q) {
    char name[96];
    strata_te_string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
    int i = strata_te_names_find(names, name), p = i >= 0 ? nest_pos(nest, i) : -1;
    if (p < 0)
      continue;
    if (fused < STRATA_TE_MAX_LOOPS && nest->num_parts[fused] < 4)
      nest->parts[fused][nest->num_parts[fused]++] = i;
    if (first < 0) {
      first = p;
      nest->loop[p] = fused;
    } else {
      nest_replace(nest, p, NULL, 0);
    }
  }
}

static void step_reorder(walk_t *w, MlirAttribute st) {
  MlirAttribute order = strata_te_step_field(st, "order");
  int listed[64], k = 0;
  for (intptr_t q = 0; !mlirAttributeIsNull(order) && mlirAttributeIsAArray(order) &&
                       q < mlirArrayAttrGetNumElements(order) && k < 64;
       ++q) {
    char name[96];
    strata_te_string_of(mlirArrayAttrGetElement(order, q), name, sizeof name);
    int i = strata_te_names_find(&w->names, name);
    if (i >= 0)
      listed[k++] = i;
  }
  nest_reorder(&w->nest, listed, k);
}

static void walk_step(walk_t *w, MlirAttribute st) {
  strata_te_prim_t prim = strata_te_step_prim(st);
  char axis[96];
  strata_te_string_of(strata_te_step_field(st, "axis"), axis, sizeof axis);
  MlirAttribute factors = strata_te_step_field(st, "factors");
  bool has_factors = !mlirAttributeIsNull(factors) && mlirAttributeIsADenseI64Array(factors);
  if (prim == STRATA_TE_PRIM_SPLIT && has_factors) {
    step_split(w, axis, factors);
  } else if (prim == STRATA_TE_PRIM_TILE && has_factors) {
    step_tile(w, st, factors);
  } else if (prim == STRATA_TE_PRIM_FUSE) {
    step_fuse(w, st);
  } else if (prim == STRATA_TE_PRIM_REORDER) {
    step_reorder(w, st);
  } else if (prim == STRATA_TE_PRIM_PARALLEL) {
    int i = strata_te_names_find(&w->names, axis);
    if (i >= 0)
      w->parallel = (double)w->names.extents[i];
    w->parallel_pos = i >= 0 ? nest_pos(&w->nest, i) : -1;
  } else if (prim == STRATA_TE_PRIM_CACHE_READ) {
    MlirAttribute en = strata_te_step_field(st, "enabled");
    w->packed += mlirAttributeIsNull(en) || !mlirAttributeIsABool(en) || mlirBoolAttrGetValue(en);
  }
}

/* The candidate's trace walked from the compute's axes. */
static void walk_trace(const strata_te_task_t *t, const strata_choice_t *candidate, walk_t *w) {
  for (int a = 0; a < t->num_axes; ++a)
    w->block[a] = w->inner[a] = (double)t->extents[a];
  w->names.count = 0;
  for (int a = 0; a < t->num_axes; ++a)
    strata_te_names_add(&w->names, t->axis_names[a], t->extents[a], a);
  w->parallel = 1, w->packed = 0, w->parallel_pos = -1;
  w->nest.n = 0;
  for (int a = 0; a < t->num_axes && a < 64; ++a)
    w->nest.loop[w->nest.n++] = a;
  MlirAttribute trace = strata_te_task_schedule(t, candidate);
  for (intptr_t s = 0; s < mlirArrayAttrGetNumElements(trace); ++s)
    walk_step(w, mlirArrayAttrGetElement(trace, s));
}

/* --- the features ------------------------------------------------------------------ */

/* Bytes of read r (or of the result, r = -1) touched when each axis a
 * covers extent[a] (capped to the axis extent); an index that is not a
 * plain axis covers its whole dimension. */
static double footprint(const strata_te_task_t *t, int r, const double *extent) {
  double bytes = (double)t->elem_bytes;
  if (r < 0) {
    for (int a = 0; a < t->num_spatial; ++a)
      bytes *= fmin(extent[a], (double)t->extents[a]);
    return bytes;
  }
  for (int d = 0; d < t->reads[r].rank; ++d) {
    int a = t->reads[r].axis[d];
    bytes *= a >= 0 && a < t->num_axes ? fmin(extent[a], (double)t->extents[a])
                                       : (double)t->reads[r].extent[d];
  }
  return bytes;
}

/* [0..39]: per axis, per block, parallelism. */
static void block_features(const strata_te_task_t *t, const walk_t *w, float *out) {
  double blocks = 1, padding = 1, flops = 2;
  for (int a = 0; a < t->num_axes; ++a) {
    double e = (double)t->extents[a], b = w->block[a] > 0 ? w->block[a] : 1;
    double outer = ceil(e / b), pad = outer * b / e;
    if (b > e)
      pad = 1, outer = 1, b = e;
    blocks *= outer;
    padding *= pad;
    flops *= b;
    if (a < 6) {
      out[5 * a + 0] = (float)lg(e);
      out[5 * a + 1] = (float)lg(b);
      out[5 * a + 2] = (float)lg(outer);
      out[5 * a + 3] = (float)pad;
      out[5 * a + 4] = (float)lg(w->inner[a]);
    }
  }
  double bytes = 0, result = footprint(t, -1, w->block);
  for (int r = 0; r < t->num_reads; ++r) {
    double fp = footprint(t, r, w->block);
    bytes += fp;
    if (r < 3)
      out[31 + r] = (float)lg(fp);
  }
  bytes += result;
  out[30] = (float)lg(bytes);
  out[34] = (float)lg(result);
  out[35] = (float)(flops / fmax(bytes, 1));
  out[36] = (float)lg(blocks);
  out[37] = (float)padding;
  out[38] = (float)(w->parallel / strata_te_thread_count());
  out[39] = (float)lg(w->parallel);
}

/* [53..64]: bytes touched inside each loop level, innermost first: every
 * read's footprint (the extents its indexing axes cover inside that level,
 * capped to the axis extents) plus the result's; depth, parallel loop. */
static void level_features(const strata_te_task_t *t, const walk_t *w, float *out) {
  double cover[STRATA_TE_MAX_AXES];
  for (int a = 0; a < t->num_axes; ++a)
    cover[a] = 1;
  for (int level = 0; level < 10; ++level) {
    int p = w->nest.n - 1 - level;
    if (p >= 0)
      nest_cover(&w->nest, &w->names, w->nest.loop[p], cover);
    double touched = footprint(t, -1, cover);
    for (int r = 0; r < t->num_reads; ++r)
      touched += footprint(t, r, cover);
    out[53 + level] = (float)lg(touched);
  }
  out[63] = (float)w->nest.n;
  out[64] = w->parallel_pos >= 0
                ? (float)w->parallel_pos / (float)(w->nest.n > 0 ? w->nest.n : 1)
                : -1.0f;
}

/* [40..51]: the first 6 knobs' values and choice indices. */
static void knob_features(const strata_te_task_t *t, const strata_choice_t *candidate,
                          float *out) {
  for (size_t k = 0; k < t->space.num_knobs && k < 6; ++k) {
    const strata_knob_t *knob = &t->space.knobs[k];
    size_t c = candidate ? candidate[k] : 0;
    if (knob->kind == STRATA_KNOB_INTS) {
      size_t len;
      const int64_t *v = strata_knob_ints(knob, c, &len);
      double p = 1;
      for (size_t q = 0; q < len; ++q)
        p *= v[q] > 0 ? (double)v[q] : 1;
      out[40 + k] = (float)lg(p);
    }
    out[46 + k] = (float)c / (float)knob->num_choices;
  }
}

void strata_te_task_features(const strata_te_task_t *t, const strata_choice_t *candidate,
                             float *out) {
  memset(out, 0, STRATA_TE_NUM_FEATURES * sizeof *out);
  walk_t w;
  memset(&w, 0, sizeof w);
  walk_trace(t, candidate, &w);
  block_features(t, &w, out);
  out[52] = (float)w.packed;
  level_features(t, &w, out);
  knob_features(t, candidate, out);
}
