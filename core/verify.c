/* Verification of Strata IR: MLIR's verifier (which runs the IRDL
 * constraints) followed by the per-dialect checks written in C, dispatched
 * on the op's dialect prefix. All errors are reported, not just the first. */
#include <string.h>

#include "dialects/verify.h"
#include "strata/strata.h"

typedef struct {
  const char *prefix; /* "graph." */
  MlirLogicalResult (*verify)(MlirOperation);
} dialect_checker_t;

static const dialect_checker_t checkers[] = {
    {"graph.", strata_graph_verify_op},
    {"te.", strata_te_verify_op},
    {"tir.", strata_tir_verify_op},
    {"hwi.", strata_hwi_verify_op},
};

static MlirWalkResult check_op(MlirOperation op, void *user) {
  bool *failed = user;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (size_t i = 0; i < sizeof checkers / sizeof checkers[0]; ++i) {
    size_t n = strlen(checkers[i].prefix);
    if (name.length > n && memcmp(name.data, checkers[i].prefix, n) == 0) {
      if (mlirLogicalResultIsFailure(checkers[i].verify(op)))
        *failed = true;
      break;
    }
  }
  return MlirWalkResultAdvance;
}

MlirLogicalResult strata_verify(MlirOperation root) {
  if (!mlirOperationVerify(root))
    return mlirLogicalResultFailure();
  bool failed = false;
  mlirOperationWalk(root, check_op, &failed, MlirWalkPreOrder);
  return failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
