// Thin C++ bridge: --mlir-pass-statistics for strata-opt. The MLIR 22 C API
// cannot turn on a pass manager's statistics; PassManager::enableStatistics
// makes the run print every pass's counters (stderr) when it finishes.
#include "bridge/bridge.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"

extern "C" void strata_pass_manager_enable_statistics(MlirPassManager pm) {
  unwrap(pm)->enableStatistics(mlir::PassDisplayMode::Pipeline);
}
