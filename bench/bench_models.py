#!/usr/bin/env python3
"""Whole-model benchmark: Strata against ONNX Runtime's CPU provider.

Run by scripts/bench.sh models (in the venv build/bench-venv, which has
onnx, onnxruntime and numpy). For each model of bench/models_gen.py, in one
run:
  1. ONNX Runtime session (1 thread) and Strata's JIT
     (build/bin/bench_model_runner, a child process driven over a pipe)
     compute the model on the same seeded input; the outputs must agree
     (|s - o| <= atol + rtol |o|, atol scaled by the output's magnitude)
     before anything is timed.
  2. 1 thread: Strata's and ORT's runs alternate (a noisy moment of a
     shared machine hits both); each side's median is printed.
  3. 2 threads: blocks of Strata runs and of ORT runs in turn (two thread
     pools taking turns would spin on each other's cores).
  4. Peak resident memory while running, each in its own process: after
     compiling (Strata) or creating the session (ORT) the freed heap is
     returned and the peak is reset (/proc/self/clear_refs), then the model
     runs; printed with the growth over the process before the model was
     loaded, and Strata's peak while compiling. Then the warm start:
     Strata's model API loading the compiled model from a (temporary)
     compile cache in a fresh process, as a deployment would, against ORT's
     growth (build/bin/bench_model_memory); ratio ORT / Strata.
Ratio = ORT time / Strata time (> 1: Strata faster).
A model named NAME_dynseq (symbolic sequence length, compiled once) is
also timed against its static twin NAME at the same length, alternating
the two compiled models in one run: "vs-static" prints both and their
ratio static / dynamic (>= 0.9: within 10%), at 1 and 2 threads.
Matrix-vector models (kind "gemv") are bound by reading their weights once:
before them the memory-bandwidth probe build/bin/bench_stream (a STREAM
triad, and a read-only pass) runs at 1 and 2 threads, and each gemv model
also prints the bandwidth its weights were read at by Strata and by ORT,
as a fraction of the probe's best triad at the same thread count.

    bench_models.py BUILD_DIR MODELS_DIR [--only a,b] [--budget SECONDS]
    bench_models.py --ort-memory MODEL INPUT THREADS   (internal)
"""
import argparse
import ctypes
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx
import onnxruntime as ort

RTOL = 1e-3
ATOL_REL = 1e-4  # atol = ATOL_REL * max|reference| + 1e-5


def memory_kb():
    """(VmHWM, VmRSS) of this process in KB."""
    peak = cur = -1
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1])
            elif line.startswith("VmRSS:"):
                cur = int(line.split()[1])
    return peak, cur


def memory_reset():
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def ort_session(path, threads):
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    t0 = time.perf_counter()
    s = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    return s, 1e3 * (time.perf_counter() - t0)


def ort_memory(model, input_path, threads):
    """The --ort-memory child: prints BASE_KB LOAD_PEAK_KB RUN_PEAK_KB."""
    x = np.load(input_path)
    base = memory_kb()[1]
    s, _ = ort_session(model, threads)
    name = s.get_inputs()[0].name
    load_peak = memory_kb()[0]
    memory_reset()
    for _ in range(3):
        s.run(None, {name: x})
    print(base, load_peak, memory_kb()[0])


class Runner:
    """bench_model_runner over a pipe (see bench/bench_model_runner.c)."""

    def __init__(self, build, model, input_path, extra=()):
        self.p = subprocess.Popen([os.path.join(build, "bin", "bench_model_runner"), model,
                                   input_path, *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        words = self.read()
        # "start KB" then "compiled MS PEAK_KB"
        self.base_kb = int(words[1])
        words = self.read()
        if words[0] != "compiled":
            raise RuntimeError(" ".join(words))
        self.compile_ms, self.compile_peak_kb = float(words[1]), int(words[2])

    def read(self):
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError(f"bench_model_runner exited ({self.p.wait()})")
        words = line.split()
        if words[0] == "error":
            raise RuntimeError(line.strip())
        return words

    def cmd(self, text):
        self.p.stdin.write(text + "\n")
        return self.read()[1:]

    def run(self, n):
        return [float(t) for t in self.cmd(f"run {n}")]

    def close(self):
        if self.p.poll() is None:
            self.p.stdin.write("quit\n")
            self.p.stdin.close()
            self.p.wait()


def ort_times(sess, feed, n):
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        sess.run(None, feed)
        out.append(1e3 * (time.perf_counter() - t0))
    return out


def time_alternating(runner, sess, feed, budget_s, min_reps=5, max_reps=100):
    runner.run(2)
    ort_times(sess, feed, 2)
    ts, to = [], []
    start = time.perf_counter()
    while len(ts) < max_reps and (len(ts) < min_reps or time.perf_counter() - start < budget_s):
        ts += runner.run(1)
        to += ort_times(sess, feed, 1)
    return float(np.median(ts)), float(np.median(to)), len(ts)


def time_in_turn(runner, sess, feed, budget_s, min_reps=5, max_reps=100):
    """Two rounds of (a block of Strata runs, a block of ORT runs)."""
    warm = runner.run(2)[-1] + ort_times(sess, feed, 2)[-1]
    reps = int(max(min_reps, min(max_reps, 1e3 * budget_s / max(warm, 1e-3))))
    half = max(1, (reps + 1) // 2)
    ts, to = [], []
    for _ in range(2):
        ts += runner.run(half)
        to += ort_times(sess, feed, half)
    return float(np.median(ts)), float(np.median(to)), len(ts)


def line(name, what, strata_ms, ort_ms, reps):
    print(f"model {name:<20} {what:<10} strata {strata_ms:9.3f} ms  ort {ort_ms:9.3f} ms  "
          f"ratio {ort_ms / strata_ms:6.3f}  ({reps} runs each)", flush=True)


def twin_lines(args, name, runner, input_path):
    """A dynamic model against its static twin (NAME_dynseq against NAME) on
    the same input shape, runs alternating at 1 thread, in turn at 2."""
    twin = name[:-len("_dynseq")]
    path = os.path.join(args.models_dir, twin + ".onnx")
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models_gen.py")
    subprocess.run([sys.executable, gen, args.models_dir, "--only", twin], capture_output=True,
                   check=True)
    try:
        other = Runner(args.build, path, input_path)
    except RuntimeError as e:
        print(f"model {name:<20} vs-static  {twin} FAILED to compile: {e}", flush=True)
        return
    try:
        for threads in (1, 2):
            runner.cmd(f"threads {threads}")
            other.cmd(f"threads {threads}")
            runner.run(2)
            other.run(2)
            ts, to = [], []
            start = time.perf_counter()
            while len(ts) < 100 and (len(ts) < 5 or time.perf_counter() - start < 3 * args.budget):
                block = 1 if threads == 1 else 3
                ts += runner.run(block)
                to += other.run(block)
            s, o = float(np.median(ts)), float(np.median(to))
            print(f"model {name:<20} vs-static  threads={threads}: dynamic {s:9.3f} ms  static "
                  f"({twin}) {o:9.3f} ms  ratio {o / s:6.3f}  ({len(ts)} runs each)", flush=True)
        runner.cmd("threads 1")
    finally:
        other.close()


def stream_probe(build, threads):
    """bench_stream's best triad and read bandwidths (GB/s) at `threads`."""
    out = subprocess.run([os.path.join(build, "bin", "bench_stream"), "--threads", str(threads),
                          "--seconds", "2"], capture_output=True, text=True, check=True).stdout
    print(f"# {out.strip()}", flush=True)
    words = out.split()
    return float(words[words.index("triad") + 2]), float(words[words.index("read") + 2])


def weight_bytes(path):
    """Bytes of the model's initializers (what a GEMV reads once per run)."""
    graph = onnx.load(path).graph
    return sum(4 * int(np.prod(t.dims)) for t in graph.initializer)


def bandwidth_line(name, threads, nbytes, strata_ms, ort_ms, triad):
    s, o = nbytes / strata_ms / 1e6, nbytes / ort_ms / 1e6
    print(f"model {name:<20} bandwidth  threads={threads}: weights {nbytes / 1e6:.1f} MB read at "
          f"strata {s:6.2f} GB/s ({100 * s / triad:3.0f}% of triad {triad:.2f})  ort {o:6.2f} "
          f"GB/s ({100 * o / triad:3.0f}%)", flush=True)


def bench_one(args, name, kind):
    path = os.path.join(args.models_dir, name + ".onnx")
    model = onnx.load(path, load_external_data=False)
    # A symbolic dimension takes its value from the metadata "bench.dim.NAME".
    dims = {p.key[len("bench.dim."):]: int(p.value) for p in model.metadata_props
            if p.key.startswith("bench.dim.")}
    shape = [d.dim_value if d.HasField("dim_value") else dims[d.dim_param]
             for d in model.graph.input[0].type.tensor_type.shape.dim]
    del model
    x = np.random.default_rng(0).uniform(-1, 1, shape).astype(np.float32)
    input_path = os.path.join(args.models_dir, name + ".input.npy")
    out_path = os.path.join(args.models_dir, name + ".strata.npy")
    np.save(input_path, x)
    sess1, session_ms = ort_session(path, 1)
    feed = {sess1.get_inputs()[0].name: x}
    ref = sess1.run(None, feed)[0]
    try:
        runner = Runner(args.build, path, input_path)
    except RuntimeError as e:
        print(f"model {name:<20} FAILED to compile: {e}", flush=True)
        return
    try:
        runner.cmd("threads 1")
        runner.run(1)
        runner.cmd(f"write {out_path}")
        got = np.load(out_path)
        atol = ATOL_REL * float(np.abs(ref).max()) + 1e-5
        err = float(np.abs(got.astype(np.float64) - ref).max()) if got.shape == ref.shape else -1
        ok = got.shape == ref.shape and np.allclose(got, ref, rtol=RTOL, atol=atol)
        print(f"model {name:<20} check      max abs error {err:.3g} (max |ort| "
              f"{float(np.abs(ref).max()):.3g}, rtol {RTOL}, atol {atol:.3g}): "
              f"{'ok' if ok else 'MISMATCH (not timed)'}", flush=True)
        if not ok:
            return
        budget = args.budget * (1 if kind == "layer" else 3)
        s, o, n = time_alternating(runner, sess1, feed, budget)
        line(name, "threads=1", s, o, n)
        if kind == "gemv":
            bandwidth_line(name, 1, weight_bytes(path), s, o, args.stream[1])
        runner.cmd("threads 2")
        sess2, _ = ort_session(path, 2)
        s, o, n = time_in_turn(runner, sess2, feed, budget)
        line(name, "threads=2", s, o, n)
        if kind == "gemv":
            bandwidth_line(name, 2, weight_bytes(path), s, o, args.stream[2])
        del sess2
        if name.endswith("_dynseq"):
            twin_lines(args, name, runner, input_path)
        runner.cmd("threads 1")
        runner.cmd("mem-reset")
        runner.run(3)
        run_peak = int(runner.cmd("mem")[0])
    finally:
        runner.close()
    child = subprocess.run([sys.executable, __file__, "--ort-memory", path, input_path, "1"],
                           capture_output=True, text=True, check=True)
    obase, oload, orun = (int(v) for v in child.stdout.split())
    print(f"model {name:<20} load       strata compile {runner.compile_ms:8.1f} ms (peak "
          f"{runner.compile_peak_kb / 1024:.0f} MB)  ort session {session_ms:7.1f} ms (peak "
          f"{oload / 1024:.0f} MB)", flush=True)
    print(f"model {name:<20} memory     peak RSS running, 1 thread: strata {run_peak / 1024:.0f} "
          f"MB (+{(run_peak - runner.base_kb) / 1024:.0f} over the empty process)  ort "
          f"{orun / 1024:.0f} MB (+{(orun - obase) / 1024:.0f})", flush=True)
    warm_start_memory_line(args.build, name, path, orun - obase)


def warm_start_memory_line(build, name, path, ort_growth_kb):
    """Strata's memory as a deploying program sees it: bench_model_memory
    (the public model API) loads the model twice with one temporary compile
    cache, the first time to fill it; the second load, from the cache, is
    reported next to ORT's growth (same measure: over the process before the
    model was loaded, peak over 3 runs after a reset)."""
    tool = os.path.join(build, "bin", "bench_model_memory")
    env = dict(os.environ, OMP_NUM_THREADS="1")
    with tempfile.TemporaryDirectory(dir=build) as cache:
        env["XDG_CACHE_HOME"] = cache
        for _ in range(2):
            child = subprocess.run([tool, path], capture_output=True, text=True, env=env)
            if child.returncode != 0:
                print(f"model {name:<20} memory     warm start FAILED: {child.stderr.strip()}",
                      flush=True)
                return
    base, _, run, cached = (int(v) for v in child.stdout.split())
    growth = run - base
    print(f"model {name:<20} memory     warm start (model API, compiled model from the cache: "
          f"{'yes' if cached else 'NO'}), 1 thread: strata +{growth / 1024:.0f} MB  ort "
          f"+{ort_growth_kb / 1024:.0f} MB  ratio {ort_growth_kb / max(growth, 1):.3f}",
          flush=True)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--ort-memory":
        ort_memory(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("models_dir")
    ap.add_argument("--only", default="")
    ap.add_argument("--budget", type=float, default=1.0,
                    help="seconds of timed runs per case and thread count (x3 for whole models)")
    args = ap.parse_args()
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models_gen.py")
    listing = subprocess.run([sys.executable, gen, args.models_dir, "--only", args.only],
                             capture_output=True, text=True, check=True).stdout
    print(f"# onnxruntime {ort.__version__} (CPUExecutionProvider, ORT_ENABLE_ALL, sequential); "
          f"ratio = ort / strata (> 1: Strata faster)", flush=True)
    rows = [row.split() for row in listing.splitlines()]
    if any(kind == "gemv" for _, kind in rows):
        args.stream = {t: stream_probe(args.build, t)[0] for t in (1, 2)}
    for name, kind in rows:
        bench_one(args, name, kind)


if __name__ == "__main__":
    main()
