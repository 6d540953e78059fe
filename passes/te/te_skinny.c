/* Skinny matrix products: the trace te-default-schedule gives a product of
 * at most 16 rows (one batch), e.g. a classifier's fully connected layer
 * at batch 1 or one step of LLM decoding (1x4096 by 4096x4096).
 *
 * Such a product is bound by reading B once (K x N floats, each used by M
 * rows only), not by its FMAs, so the BLIS schedule's register tile (4 or
 * more rows, most of them padding) and its per-call packing of B are both
 * waste. The skinny trace instead streams B row by row in its stored
 * order, each row of B [k, j.0 block] applied to the M rows of the output
 * block, which stays in L1:
 *
 *   split j by nb (the column block);
 *   order [batch.., j.0, k, i, j.1];
 *   j.0 in parallel (from 2^20 flops and two blocks);
 *   a transposed B (dense weights [N, K], Gemm transB=1) only when it is a
 *   constant: cache_read transposed into one panel as wide as N, i.e. B
 *   transposed to [K, N], which te-pack-constants then does once at
 *   compile time (without it the copy would run per call).
 *
 * j.1 is contiguous in B and the output, so LLVM vectorizes the innermost
 * loop with the host's vector width. nb is derived from the host: the
 * output block (M x nb floats) takes at most half of the L1 data cache
 * (sysfs), nb is a multiple of the cache line (in floats), a divisor of N
 * when one is near, and N is cut into at least 4 blocks when it is wide
 * enough, so two or four threads share the columns evenly. The trace has
 * no knobs (te-default-schedule{knobs=true} writes it as is). */
#include "passes/te/te_skinny.h"

#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"

enum { MAX_AXES = 16, MIN_BLOCKS = 4 };

/* Products below this many flops get no parallel loop (as the GEMM
 * trace: a thread team costs more). */
#define SKINNY_PARALLEL_MIN_FLOPS (1 << 20)

bool strata_te_is_constant_tensor(MlirValue tensor) {
  return mlirValueIsAOpResult(tensor) &&
         strata_op_is(mlirOpResultGetOwner(tensor), "arith.constant");
}

bool strata_te_skinny_fits(MlirOperation compute, const strata_te_matmul_t *g) {
  (void)compute;
  if (g->batch != 1 || g->m > STRATA_TE_SKINNY_MAX_ROWS)
    return false;
  return !g->b_transposed || strata_te_is_constant_tensor(strata_te_read_tensor(g->b_read));
}

/* A size in bytes from a sysfs cache file ("48K", "2048K", "64"), or 0. */
static long sysfs_size(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  long v = 0;
  char unit = 0;
  int n = fscanf(f, "%ld%c", &v, &unit);
  fclose(f);
  if (n < 1 || v <= 0)
    return 0;
  return unit == 'K' ? v * 1024 : unit == 'M' ? v * 1024 * 1024 : v;
}

/* The host's L1 data cache and cache line, in bytes (sysfs; 32 KiB and 64
 * bytes when unknown). */
static void host_l1(long *l1, long *line) {
  *l1 = 0;
  *line = 0;
  for (int i = 0; i < 8 && !*l1; ++i) {
    char path[96], type[16] = {0};
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
    if (sysfs_size(path) != 1)
      continue;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
    FILE *f = fopen(path, "r");
    if (!f || fscanf(f, "%15s", type) != 1 || strcmp(type, "Instruction") == 0) {
      if (f)
        fclose(f);
      continue;
    }
    fclose(f);
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
    *l1 = sysfs_size(path);
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/coherency_line_size",
             i);
    *line = sysfs_size(path);
  }
  if (*l1 <= 0)
    *l1 = 32 * 1024;
  if (*line <= 0 || *line % 4)
    *line = 64;
}

/* The default column block of an m x n product (see the header comment). */
static int64_t default_block(int64_t m, int64_t n) {
  long l1, line;
  host_l1(&l1, &line);
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

static MlirAttribute name_attr(MlirContext ctx, MlirOperation op, intptr_t axis,
                               const char *suffix) {
  char buf[96], base[64];
  strata_te_compute_axis_name(op, axis, base, sizeof base);
  snprintf(buf, sizeof buf, "%s%s", base, suffix);
  return strata_string_attr(ctx, buf);
}

static MlirAttribute step(MlirContext ctx, const char *prim, intptr_t n,
                          const MlirNamedAttribute *fields) {
  MlirNamedAttribute all[6];
  all[0] = strata_named(ctx, "prim", strata_string_attr(ctx, prim));
  for (intptr_t i = 0; i < n && i < 5; ++i)
    all[1 + i] = fields[i];
  return mlirDictionaryAttrGet(ctx, 1 + (n < 5 ? n : 5), all);
}

MlirAttribute strata_te_skinny_trace(MlirOperation op, const strata_te_matmul_t *g) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  intptr_t i = g->ns - 2, j = g->ns - 1, k = g->ns;
  int64_t nb = default_block(g->m, g->n);
  MlirAttribute steps[4];
  int n = 0;
  MlirNamedAttribute sf[2] = {strata_named(ctx, "axis", name_attr(ctx, op, j, "")),
                              strata_named(ctx, "factors", mlirDenseI64ArrayGet(ctx, 1, &nb))};
  steps[n++] = step(ctx, "split", 2, sf);
  MlirAttribute order[MAX_AXES + 4];
  int no = 0;
  for (intptr_t d = 0; d + 2 < g->ns; ++d)
    order[no++] = name_attr(ctx, op, d, "");
  order[no++] = name_attr(ctx, op, j, ".0");
  order[no++] = name_attr(ctx, op, k, "");
  order[no++] = name_attr(ctx, op, i, "");
  order[no++] = name_attr(ctx, op, j, ".1");
  MlirNamedAttribute of = strata_named(ctx, "order", mlirArrayAttrGet(ctx, no, order));
  steps[n++] = step(ctx, "reorder", 1, &of);
  if (g->b_transposed) {
    /* One panel as wide as N: B transposed to [K, N] (te-pack-constants
     * folds it into the constant). */
    MlirNamedAttribute cr[4] = {
        strata_named(ctx, "input", mlirIntegerAttrGet(i64, g->b_input)),
        strata_named(ctx, "scope", strata_string_attr(ctx, "packed")),
        strata_named(ctx, "width", mlirIntegerAttrGet(i64, g->n)),
        strata_named(ctx, "transpose", mlirBoolAttrGet(ctx, 1)),
    };
    steps[n++] = step(ctx, "cache_read", 4, cr);
  }
  double flops = 2.0 * (double)g->m * (double)g->n * (double)g->k;
  if (flops >= SKINNY_PARALLEL_MIN_FLOPS && nb < g->n) {
    MlirNamedAttribute pf = strata_named(ctx, "axis", name_attr(ctx, op, j, ".0"));
    steps[n++] = step(ctx, "parallel", 1, &pf);
  }
  return mlirArrayAttrGet(ctx, n, steps);
}
