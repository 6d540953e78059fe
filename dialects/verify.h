/* Per-dialect checks that IRDL cannot express (shape rules, attribute
 * values). Each dialect's <d>.c defines one entry point; core/verify.c calls
 * it for every op of that dialect, after IRDL's own verifier passed.
 * Each emits located errors with strata_emit_error and returns failure. */
#ifndef STRATA_DIALECTS_VERIFY_H
#define STRATA_DIALECTS_VERIFY_H

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>

MlirLogicalResult strata_graph_verify_op(MlirOperation op);
MlirLogicalResult strata_te_verify_op(MlirOperation op);
MlirLogicalResult strata_tir_verify_op(MlirOperation op);
MlirLogicalResult strata_hwi_verify_op(MlirOperation op);

#endif
