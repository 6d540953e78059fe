// Thin C++ bridge: registers Strata's C passes in MLIR's global pass
// registry (the C API of MLIR 22 has no call for it). Each pass becomes a
// pass-pipeline entry whose builder hands the raw option text to the C
// factory, so `graph-fuse{max-depth=8}` works in any textual pipeline.
#include "bridge/bridge.h"

#include <cstdlib>
#include <memory>
#include <string>

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

static LogicalResult buildPass(const strata_pass_info_t *info, OpPassManager &pm,
                               StringRef options,
                               function_ref<LogicalResult(const Twine &)> errorHandler) {
  if (info->pipeline) {
    if (!options.trim().empty())
      return errorHandler(Twine("pipeline '") + info->argument + "' takes no options");
    std::string err;
    llvm::raw_string_ostream os(err);
    OpPassManager &target =
        pm.getOpName() && *pm.getOpName() != info->anchor ? pm.nest(info->anchor) : pm;
    if (failed(parsePassPipeline(info->pipeline, target, os)))
      return errorHandler(Twine("in pipeline '") + info->argument + "': " + err);
    return success();
  }
  char *error = nullptr;
  std::string text = options.str();
  MlirPass pass = strata_pass_create(info, text.c_str(), &error);
  if (!pass.ptr) {
    LogicalResult r = errorHandler(error ? error : "invalid options");
    std::free(error);
    (void)r;
    return failure();
  }
  std::unique_ptr<Pass> owned(unwrap(pass));
  std::optional<StringRef> pmOp = pm.getOpName();
  if (pmOp && *pmOp != info->anchor)
    pm.nest(info->anchor).addPass(std::move(owned));
  else
    pm.addPass(std::move(owned));
  return success();
}

extern "C" void strata_bridge_register_pass(const strata_pass_info_t *info) {
  registerPassPipeline(
      info->argument, info->summary,
      [info](OpPassManager &pm, StringRef options,
             function_ref<LogicalResult(const Twine &)> errorHandler) {
        return buildPass(info, pm, options, errorHandler);
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}
