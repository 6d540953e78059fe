#!/usr/bin/env python3
"""Strata's auto-tuner against Apache TVM MetaSchedule, equal trial budgets.

Kernels: GEMM 512^3 (fp32) and one ResNet-18 3x3 convolution (1x64x56x56,
64 filters, pad 1). Each side gets N measured candidates (--trials, default
64) on the same threads; the report gives each side's best kernel time
(Strata: its validated tuned latency, the sum over the kernels the
operation lowers to, e.g. the convolution's input packing and the direct
convolution; TVM: time_evaluator of the tuned PrimFunc, median of 10) and
the tuning wall time. Not part of the tests (it needs TVM and minutes).

Setup (a venv under build/; TVM 0.27 needs apache-tvm-ffi 0.1.14.post1,
its newest version segfaults in ToJSONGraph):
  python3 -m venv build/tvm-venv
  build/tvm-venv/bin/pip install apache-tvm==0.27.0.post1 \\
      apache-tvm-ffi==0.1.14.post1 psutil cloudpickle tornado xgboost
  build/tvm-venv/bin/python bench/bench_tune_vs_tvm.py --trials 64
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

GEMM = """func.func @gemm(%a: tensor<{n}x{n}xf32>, %b: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %c = "graph.matmul"(%a, %b) : (tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  return %c : tensor<{n}x{n}xf32>
}}
"""

CONV = """func.func @conv(%x: tensor<1x64x56x56xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<1x64x56x56xf32> {
  %y = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x56x56xf32>
  return %y : tensor<1x64x56x56xf32>
}
"""


def host_cpu():
    """LLVM's name for the host CPU (what TVM's mcpu wants)."""
    try:
        out = subprocess.run(["llc-22", "--version"], capture_output=True, text=True).stdout
        m = re.search(r"Host CPU:\s*(\S+)", out)
        if m:
            return m.group(1)
    except OSError:
        pass
    return "native"


def strata_side(bin_dir, name, text, trials, threads, work):
    """Tunes one kernel with strata-tune; (tuned ms, default ms, wall s)."""
    path = os.path.join(work, name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    db = os.path.join(work, name + ".db")
    cmd = [os.path.join(bin_dir, "strata-tune"), "tune", path, "--db", db,
           "--trials", str(trials), "--round", str(min(trials, 16)), "--validate", "2",
           "--model-repeat", "0", "--threads", str(threads), "--fresh"]
    start = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - start
    if out.returncode != 0:
        sys.exit(f"strata-tune failed:\n{out.stdout}\n{out.stderr}")
    m = re.search(r"all kernels \(x count\)\s+\d+\s+([0-9.]+)\s+([0-9.]+)", out.stdout)
    if not m:  # one kernel: its own row
        m = re.search(r"^1\s+.*?\s+\d+\s+\d+\s+\d+\s+([0-9.]+)\s+([0-9.]+)", out.stdout, re.M)
    if not m:
        sys.exit(f"cannot read strata-tune's table:\n{out.stdout}")
    return float(m.group(2)), float(m.group(1)), wall


def tvm_side(name, trials, threads, work, timeout=30):
    """Tunes one kernel with MetaSchedule; (best ms, wall s)."""
    import numpy as np
    import tvm
    from tvm import te, topi
    import tvm.s_tir.meta_schedule as ms

    if name == "gemm512":
        a = te.placeholder((512, 512), name="a")
        b = te.placeholder((512, 512), name="b")
        k = te.reduce_axis((0, 512), name="k")
        c = te.compute((512, 512), lambda i, j: te.sum(a[i, k] * b[k, j], axis=k), name="c")
        args = [a, b, c]
    else:
        x = te.placeholder((1, 64, 56, 56), name="x")
        w = te.placeholder((64, 64, 3, 3), name="w")
        y = topi.nn.conv2d_nchw(x, w, 1, 1, 1)
        args = [x, w, y]
    func = te.create_prim_func(args)
    target = tvm.target.Target({"kind": "llvm", "mcpu": host_cpu(), "num-cores": threads})
    wdir = os.path.join(work, "tvm-" + name)
    start = time.time()
    # One build worker, and time limits that a loaded machine can meet
    # (the defaults, 30 s per build, killed every build here at load 10).
    db = ms.tune_tir(func, target, wdir, max_trials_global=trials,
                     num_trials_per_iter=min(trials, 64), num_tuning_cores=1,
                     builder=ms.builder.LocalBuilder(max_workers=1, timeout_sec=timeout),
                     runner=ms.runner.LocalRunner(timeout_sec=timeout))
    wall = time.time() - start
    sch = ms.tir_integration.compile_tir(db, func, target)
    if sch is None:
        return float("nan"), wall
    build = getattr(tvm, "compile", None) or tvm.build
    lib = build(sch.mod, target=target)
    dev = tvm.cpu()
    arrays = []
    for t in args:
        shape = [int(s) for s in t.shape]
        arrays.append(tvm.runtime.tensor(np.random.rand(*shape).astype("float32"), dev)
                      if hasattr(tvm.runtime, "tensor")
                      else tvm.nd.array(np.random.rand(*shape).astype("float32"), dev))
    # TVM 0.27's compile returns an Executable: its jit() is the module.
    mod = lib if hasattr(lib, "time_evaluator") else lib.jit()
    timer = mod.time_evaluator(getattr(mod, "entry_name", None) or "main",
                               dev, number=10, repeat=5)
    res = timer(*arrays)
    return float(np.median(res.results)) * 1e3, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "build", "bin"))
    ap.add_argument("--trials", type=int, default=64)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--kernels", default="gemm512,conv3x3")
    ap.add_argument("--skip-tvm", action="store_true")
    ap.add_argument("--tvm-timeout", type=float, default=30,
                    help="MetaSchedule's time limit per build and per run (seconds)")
    a = ap.parse_args()
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"# {a.trials} trials per side, {a.threads} threads, CPU {host_cpu()}, "
          f"load average {load} at the start")
    print("kernel    strata_default_ms strata_tuned_ms strata_wall_s tvm_best_ms tvm_wall_s "
          "strata/tvm")
    with tempfile.TemporaryDirectory(prefix="tune-vs-tvm-") as work:
        for name in a.kernels.split(","):
            text = GEMM.format(n=512) if name == "gemm512" else CONV
            tuned, default, swall = strata_side(a.bin, name, text, a.trials, a.threads, work)
            tbest, twall = (float("nan"), float("nan")) if a.skip_tvm else \
                tvm_side(name, a.trials, a.threads, work, a.tvm_timeout)
            print(f"{name:9} {default:17.4f} {tuned:15.4f} {swall:13.1f} {tbest:11.4f} "
                  f"{twall:10.1f} {tbest / tuned:10.2f}x", flush=True)


if __name__ == "__main__":
    main()
