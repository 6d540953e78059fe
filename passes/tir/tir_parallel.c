/* tir-parallel: the `parallel` schedule primitive. Marks a loop
 * kind = "parallel" (convert-tir-to-scf makes it an scf.parallel, lowered to
 * OpenMP). Only loops whose iterations write distinct elements qualify: a
 * reduction loop (some store inside it does not depend on its index) is
 * rejected. Exports strata_tir_parallel (schedule.h) and the pass record. */
#include <mlir-c/BuiltinAttributes.h>

#include "passes/tir/schedule.h"
#include "dialects/tir/tir.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

MlirLogicalResult strata_tir_parallel(MlirOperation loop) {
  if (strata_tir_is_reduction_loop(loop)) {
    char n[128], c[128];
    return strata_emit_error(loop,
                             "cannot parallelize '%s' of compute '%s': it is a reduction "
                             "loop (its iterations update the same elements)",
                             strata_tir_loop_name(loop, n, sizeof n),
                             strata_tir_compute_name(loop, c, sizeof c));
  }
  strata_tir_for_set_kind(loop, STRATA_TIR_LOOP_PARALLEL);
  return mlirLogicalResultSuccess();
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_parallel_run(MlirOperation module, const strata_pass_options_t *opts) {
  return strata_tir_run_on_option_loop(module, opts, strata_tir_parallel);
}
