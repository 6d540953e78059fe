#!/usr/bin/env python3
"""Compile-time benchmark: Strata's cold compile against ONNX Runtime's
session creation, measured in the same run.

Run by scripts/bench.sh compile (in the venv build/bench-venv). For each
model (ResNet-18 and MobileNetV2 of bench/models_gen.py by default):
  - Strata: `strata-run MODEL --timing` in a child process, which imports,
    lowers and JIT-compiles the model (then runs it once, not counted);
    its --timing report gives the compile's wall and CPU time (import
    through linking) and the time per phase; the child's peak resident
    memory comes from wait4. Each round compiles cold (an empty compile
    cache: XDG_CACHE_HOME is a new temporary directory) and then warm (the
    same cache again: the whole compiled model is mapped from it and
    linked; runtime/model_cache.h).
  - ORT: an InferenceSession created in this process (CPU provider,
    ORT_ENABLE_ALL, 1 thread), wall and process CPU time.
  The two alternate, --rounds times (one ORT session is created first and
  dropped: its one-time initialization is not a session's cost). Printed:
  the minimum of each side (the machine is shared; the minimum is the
  least disturbed run), the ratio ort / strata (> 1: Strata faster) for
  wall and CPU time, and Strata's phases in its fastest run.

    bench_compile.py BUILD_DIR MODELS_DIR [--only a,b] [--rounds N]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import onnxruntime as ort

TOTAL = re.compile(r"^timing: .*: ([0-9.]+) ms wall, ([0-9.]+) ms CPU$")
PHASE = re.compile(r"^  (import|graph passes|lowering|LLVM optimization|code generation|link)"
                   r" +([0-9.]+) +([0-9.]+) ")


def strata_compile(bin_dir, model, cache_dir):
    """(wall ms, cpu ms, peak MB, {phase: (wall ms, cpu ms)}) of one compile
    with the compile cache in cache_dir."""
    env = dict(os.environ, XDG_CACHE_HOME=cache_dir)
    proc = subprocess.Popen([os.path.join(bin_dir, "strata-run"), model, "--timing"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=env)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"strata-run failed ({proc.returncode}): {err.strip()[-500:]}")
    wall = cpu = None
    phases = {}
    for line in err.splitlines():
        m = TOTAL.match(line)
        if m:
            wall, cpu = float(m.group(1)), float(m.group(2))
        m = PHASE.match(line)
        if m:
            phases[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    if wall is None:
        raise RuntimeError("strata-run printed no timing report")
    return wall, cpu, usage.ru_maxrss / 1024, phases


def ort_session():
    """(wall ms, cpu ms) of creating one session."""
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return so


def ort_create(model):
    so = ort_session()
    w0, c0 = time.perf_counter(), time.process_time()
    s = ort.InferenceSession(model, so, providers=["CPUExecutionProvider"])
    w1, c1 = time.perf_counter(), time.process_time()
    del s
    return 1e3 * (w1 - w0), 1e3 * (c1 - c0)


def report(name, kind, strata, onnx_rt, rounds):
    best = min(strata, key=lambda r: r[0])
    s_wall, s_cpu = best[0], min(r[1] for r in strata)
    peak = max(r[2] for r in strata)
    o_wall, o_cpu = min(r[0] for r in onnx_rt), min(r[1] for r in onnx_rt)
    print(f"compile {name:<12} {kind:<5} strata {s_wall:8.1f} ms wall {s_cpu:8.1f} ms CPU "
          f"(peak {peak:.0f} MB)  ort session {o_wall:6.1f} ms wall {o_cpu:6.1f} ms CPU  "
          f"ratio wall {o_wall / s_wall:.3f} CPU {o_cpu / max(s_cpu, 1e-9):.3f}  "
          f"(min of {rounds})", flush=True)
    phases = "  ".join(f"{k} {v[1]:.0f}" for k, v in best[3].items())
    print(f"compile {name:<12} {kind:<5} phases (CPU ms, fastest run): {phases}", flush=True)


def bench(bin_dir, name, model, rounds):
    ort_create(model)  # ORT's one-time initialization
    cold, warm, onnx_rt = [], [], []
    for _ in range(rounds):
        cache = tempfile.mkdtemp(prefix="strata-bench-cache-")
        try:
            cold.append(strata_compile(bin_dir, model, cache))
            warm.append(strata_compile(bin_dir, model, cache))
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        onnx_rt.append(ort_create(model))
    report(name, "cold", cold, onnx_rt, rounds)
    report(name, "warm", warm, onnx_rt, rounds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("models_dir")
    ap.add_argument("--only", default="resnet18,mobilenetv2")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models_gen.py")
    listing = subprocess.run([sys.executable, gen, args.models_dir, "--only", args.only],
                             capture_output=True, text=True, check=True).stdout
    print(f"# onnxruntime {ort.__version__} session creation (CPUExecutionProvider, "
          f"ORT_ENABLE_ALL, 1 thread) vs strata-run's compile (--timing: import to linked "
          f"code; cold: empty compile cache, warm: the cache of the cold run, which holds the whole model); ratio = ort / strata (> 1: Strata faster)", flush=True)
    for row in listing.splitlines():
        name = row.split()[0]
        bench(os.path.join(args.build, "bin"), name,
              os.path.join(args.models_dir, name + ".onnx"), args.rounds)


if __name__ == "__main__":
    main()
