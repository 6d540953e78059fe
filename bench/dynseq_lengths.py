#!/usr/bin/env python3
"""Every sequence length of a model with a symbolic sequence, one compile.

Run by scripts/bench.sh dynseq (in the venv build/bench-venv, which has
onnx, onnxruntime and numpy). Compiles MODEL (default: bert2_dynseq of
bench/models_gen.py, shape [1, seq, 768]) once with Strata's Python
package (python/, over build/lib/libstrata_model.so), then for each
length runs it on a seeded random input and compares the output with ONNX
Runtime's on the same input (|s - o| <= atol + rtol |o|, atol scaled by the
output's magnitude, as bench_models.py). Prints one line per length (max
abs error, Strata's and ORT's time of that one run) and a summary; exits 1
on any mismatch.

    dynseq_lengths.py BUILD_DIR MODELS_DIR [--model NAME] [--lengths all|sample|a,b,..]
                      [--threads N]

Lengths: "all" is 1..512; "sample" (the default) 1..16, every 8th to 512
and 127, 129, 255, 257, 511. The lit test test/e2e/dynamic/seq_lengths.test
checks a small layer at 7 lengths against strata-reference.
"""
import argparse
import os
import subprocess
import sys
import time

import numpy as np
import onnxruntime as ort

RTOL = 1e-3
ATOL_REL = 1e-4


def lengths_of(spec):
    if spec == "all":
        return list(range(1, 513))
    if spec == "sample":
        return sorted(set(range(1, 17)) | set(range(24, 513, 8)) | {127, 129, 255, 257, 511})
    return [int(v) for v in spec.split(",") if v]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("models_dir")
    ap.add_argument("--model", default="bert2_dynseq")
    ap.add_argument("--lengths", default="sample")
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    gen = os.path.join(root, "bench", "models_gen.py")
    subprocess.run([sys.executable, gen, a.models_dir, "--only", a.model], check=True,
                   capture_output=True)
    os.environ.setdefault("STRATA_LIBRARY", os.path.join(a.build, "lib", "libstrata_model.so"))
    sys.path.insert(0, os.path.join(root, "python"))
    import strata  # noqa: E402 (the checkout's package, after the path is set)

    path = os.path.join(a.models_dir, a.model + ".onnx")
    t0 = time.perf_counter()
    model = strata.compile(path, threads=a.threads)
    compile_ms = 1e3 * (time.perf_counter() - t0)
    so = ort.SessionOptions()
    so.intra_op_num_threads = a.threads
    sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    name = sess.get_inputs()[0].name
    shape = model.inputs[0].shape
    print(f"# {a.model}: compiled once in {compile_ms:.0f} ms, input {shape}, "
          f"threads {a.threads}", flush=True)
    bad = []
    lengths = lengths_of(a.lengths)
    for n in lengths:
        dims = [n if d is None else d for d in shape]
        x = np.random.default_rng(n).uniform(-1, 1, dims).astype(np.float32)
        t0 = time.perf_counter()
        got = model(x)
        ts = 1e3 * (time.perf_counter() - t0)
        t0 = time.perf_counter()
        ref = sess.run(None, {name: x})[0]
        to = 1e3 * (time.perf_counter() - t0)
        atol = ATOL_REL * float(np.abs(ref).max()) + 1e-5
        ok = got.shape == ref.shape and np.allclose(got, ref, rtol=RTOL, atol=atol)
        err = float(np.abs(got.astype(np.float64) - ref).max()) if got.shape == ref.shape else -1
        if not ok:
            bad.append(n)
        print(f"seq {n:4d}  max abs error {err:.3g}  strata {ts:8.2f} ms  ort {to:8.2f} ms  "
              f"{'ok' if ok else 'MISMATCH'}", flush=True)
    print(f"# {len(lengths) - len(bad)} of {len(lengths)} lengths match ORT"
          + (f"; mismatches at {bad}" if bad else ""), flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
