// MLIR pass plugin: lets upstream mlir-opt run Strata passes with
//   mlir-opt-22 --irdl-file=strata.irdl.mlir --load-pass-plugin=StrataPlugin.so
//               --pass-pipeline='builtin.module(graph-canonicalize)'
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "passes/te/te_tuning_passes.h"
#include "strata/strata.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Strata", STRATA_VERSION,
          []() {
            strata_tuning_passes_register();
            strata_register_passes();
          }};
}
