// Thin C++ bridge: the time each pass of a pass manager takes, reported to
// a C callback. The MLIR 22 C API has mlirPassManagerEnableTiming only,
// which prints its own report when the pass manager is destroyed; the
// tools' --timing wants the figures (to sum them into phases and print one
// report), so this adds a PassInstrumentation that measures each pass run.
// Wall and thread CPU times are exclusive: a pass adaptor (a nested
// pipeline) is charged nothing of the passes it runs, and is itself not
// reported.
#include "bridge/bridge.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include <chrono>
#include <ctime>
#include <memory>
#include <mutex>
#include <vector>

namespace {

class PassTimer : public mlir::PassInstrumentation {
public:
  PassTimer(strata_pass_time_fn fn, void *user) : fn(fn), user(user) {}

  void runBeforePass(mlir::Pass *, mlir::Operation *) override {
    stack().push_back({Clock::now(), threadCpu(), 0.0, 0.0});
  }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override { finish(pass); }
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) override { finish(pass); }

private:
  using Clock = std::chrono::steady_clock;
  struct Frame {
    Clock::time_point start;
    double cpuStart;
    double children, cpuChildren; // spent in passes this one ran (an adaptor's)
  };

  static double threadCpu() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
  }

  // Nested passes run on MLIR's worker threads when the context is
  // multithreaded: one stack per thread, one callback at a time.
  static std::vector<Frame> &stack() {
    static thread_local std::vector<Frame> frames;
    return frames;
  }

  void finish(mlir::Pass *pass) {
    std::vector<Frame> &frames = stack();
    if (frames.empty())
      return;
    Frame frame = frames.back();
    frames.pop_back();
    double total = std::chrono::duration<double>(Clock::now() - frame.start).count();
    double cpu = threadCpu() - frame.cpuStart;
    if (!frames.empty()) {
      frames.back().children += total;
      frames.back().cpuChildren += cpu;
    }
    llvm::StringRef argument = pass->getArgument();
    if (argument.empty()) // an adaptor: its passes report themselves
      return;
    std::lock_guard<std::mutex> lock(mutex);
    fn(argument.data(), argument.size(), total - frame.children, cpu - frame.cpuChildren, user);
  }

  strata_pass_time_fn fn;
  void *user;
  std::mutex mutex;
};

} // namespace

extern "C" void strata_pass_manager_time_passes(MlirPassManager pm, strata_pass_time_fn fn,
                                                void *user) {
  unwrap(pm)->addInstrumentation(std::make_unique<PassTimer>(fn, user));
}
