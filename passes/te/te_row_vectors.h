/* The vector-row rule of te-default-schedule (te_row_vectors.c): which
 * window reductions get vector rows, and their trace. */
#ifndef STRATA_PASSES_TE_TE_ROW_VECTORS_H
#define STRATA_PASSES_TE_TE_ROW_VECTORS_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

/* Whether the te.compute `op` (a reduction, not a matrix product) gets the
 * vector-row trace: static f32/f64 result and reduce extents, a row of at
 * least 4 elements (8 at stride 2), reads along the row at stride 1 or 2. */
bool strata_te_wants_row_vectors(MlirOperation op);

/* The vector-row trace of `op` for a target of `host_lanes` f32 lanes per
 * register; with `knobs`, its search space (vector width, order of taps
 * and vector blocks, unrolling, parallel axis). */
MlirAttribute strata_te_row_vector_trace(MlirContext ctx, MlirOperation op, bool knobs,
                                         int64_t host_lanes);

#endif
