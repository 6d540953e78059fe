/* The schedule te-default-schedule gives skinny matrix products (at most
 * STRATA_TE_SKINNY_MAX_ROWS rows of A, one batch): matrix-vector products
 * and their few-row variants, bound by reading B once (te_skinny.c). */
#ifndef STRATA_PASSES_TE_SKINNY_H
#define STRATA_PASSES_TE_SKINNY_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#include "dialects/hwi/hwi_catalog.h"
#include "dialects/te/te_matmul.h"

enum { STRATA_TE_SKINNY_MAX_ROWS = 16 };

/* Whether the product `g` of `compute` gets a skinny trace: one batch, at
 * most STRATA_TE_SKINNY_MAX_ROWS rows, and B a constant (packed at compile
 * time by te-pack-constants), or B not transposed with at most 4 rows. */
bool strata_te_skinny_fits(MlirOperation compute, const strata_te_matmul_t *g);

/* The skinny trace of `compute` (see te_skinny.c): over panels of a
 * constant B, tensorized on the one of the target's register tiles
 * `tiles` with the least padding (with `knobs`, the knob "tile" over all
 * of them), k blocks of `kc`; else streaming. */
MlirAttribute strata_te_skinny_trace(MlirOperation compute, const strata_te_matmul_t *g,
                                     const strata_hwi_builtin_t *const *tiles, int num_tiles,
                                     int64_t kc, bool knobs);

/* Whether `tensor` (a value a te.read reads) is an arith.constant. */
bool strata_te_is_constant_tensor(MlirValue tensor);

#endif
