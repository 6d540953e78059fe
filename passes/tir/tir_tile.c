/* tir-tile: the `tile` schedule primitive = split + reorder. Each named loop
 * x is split by its factor into x.0 / x.1 (non-divisible extents use
 * min bounds, as split does), then the outer parts are placed before the
 * inner ones: tile(i, j by 8, 16) gives i.0, j.0, i.1, j.1. Exports
 * strata_tir_tile (schedule.h) and the pass record. */
#include <mlir-c/Dialect/Arith.h>

#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define MAX_TILE 8

MlirLogicalResult strata_tir_tile(const MlirOperation *loops, const int64_t *factors, int n) {
  char a[128], c[128];
  if (n < 1 || n > MAX_TILE)
    return strata_emit_error(loops[0], "tile in compute '%s' needs 1 to %d loops, got %d",
                             strata_tir_compute_name(loops[0], c, sizeof c), MAX_TILE, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j)
      if (mlirOperationEqual(loops[i], loops[j]))
        return strata_emit_error(loops[i], "tile: '%s' appears twice in compute '%s'",
                                 strata_tir_loop_name(loops[i], a, sizeof a),
                                 strata_tir_compute_name(loops[i], c, sizeof c));
  MlirOperation parts[2 * MAX_TILE];
  for (int i = 0; i < n; ++i) {
    MlirOperation pair[2];
    if (mlirLogicalResultIsFailure(strata_tir_split(loops[i], &factors[i], 1, pair)))
      return mlirLogicalResultFailure();
    parts[i] = pair[0];
    parts[n + i] = pair[1];
  }
  return strata_tir_reorder(parts, 2 * n);
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_tile_run(MlirOperation module, const strata_pass_options_t *opts) {
  char names[MAX_TILE][128];
  int64_t factors[MAX_TILE];
  const char *ltext = strata_pass_options_get_string(opts, "loops");
  const char *ftext = strata_pass_options_get_string(opts, "factors");
  int n = strata_tir_parse_names(ltext, names, MAX_TILE);
  int nf = strata_tir_parse_ints(ftext, factors, MAX_TILE);
  if (n <= 0 || nf != n)
    return strata_emit_error(module, "tir-tile: 'loops' and 'factors' must be comma-separated "
                                     "lists of the same length, got '%s' and '%s'",
                             ltext, ftext);
  MlirOperation loops[MAX_TILE];
  if (mlirLogicalResultIsFailure(strata_tir_find_option_loops(module, opts, names, n, loops)))
    return mlirLogicalResultFailure();
  return strata_tir_tile(loops, factors, n);
}
