#!/usr/bin/env python3
"""Whole-model gain of tuning: a model compiled with a tuning database
against the same model compiled with the default schedules, timed in one
run.

Two bench_model_runner children (bench/bench_model_runner.c) compile the
model, one plain and one with `TUNING_DB` (te-apply-tuned, the records of
TARGET); their outputs on the same seeded input must agree (rtol 1e-3,
atol scaled by the output's magnitude) before anything is timed. Then, at
the target's thread count, their runs alternate (1 thread: one run each in
turn; more: blocks of 3, so two thread pools do not spin on each other's
cores) for at least `--budget` seconds and 5 runs each, and the medians
are printed with gain = default / tuned (> 1: tuning pays).

    bench_tuned_models.py BUILD MODEL INPUT.npy TUNING_DB TARGET [--threads N]
                          [--budget S] [--rounds R]

TARGET is the string strata-tune printed on its first line (it ends in
cores=N, the threads the records were tuned with); --threads defaults to
that N. With --rounds R > 1 the alternation is repeated R times and every
round's medians are printed, then the median gain over the rounds.
"""
import argparse
import os
import re
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_models import Runner  # noqa: E402

RTOL = 1e-3
ATOL_REL = 1e-4


def outputs_agree(plain, tuned):
    with tempfile.TemporaryDirectory() as d:
        a, b = os.path.join(d, "plain.npy"), os.path.join(d, "tuned.npy")
        for r, path in ((plain, a), (tuned, b)):
            r.run(1)
            r.cmd(f"write {path}")
        x, y = np.load(a), np.load(b)
    atol = ATOL_REL * float(np.max(np.abs(x))) + 1e-5
    return bool(np.allclose(y, x, rtol=RTOL, atol=atol)), float(np.max(np.abs(x - y)))


def alternate(plain, tuned, threads, budget):
    plain.run(2)
    tuned.run(2)
    block = 1 if threads == 1 else 3
    tp, tt = [], []
    start = time.perf_counter()
    while len(tp) < 200 and (len(tp) < 5 or time.perf_counter() - start < budget):
        tp += plain.run(block)
        tt += tuned.run(block)
    return float(np.median(tp)), float(np.median(tt)), len(tp)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("model")
    ap.add_argument("input")
    ap.add_argument("db")
    ap.add_argument("target")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    threads = args.threads
    if threads <= 0:
        m = re.search(r"cores=(\d+)", args.target)
        threads = int(m.group(1)) if m else 1
    name = os.path.splitext(os.path.basename(args.model))[0]
    plain = Runner(args.build, args.model, args.input)
    tuned = Runner(args.build, args.model, args.input, (args.db, args.target))
    try:
        for r in (plain, tuned):
            r.cmd(f"threads {threads}")
        ok, diff = outputs_agree(plain, tuned)
        if not ok:
            print(f"tuned {name}: the tuned output differs from the default one "
                  f"(max |diff| {diff:.3g})", flush=True)
            return 1
        print(f"tuned {name}: compiled default {plain.compile_ms:.0f} ms, tuned "
              f"{tuned.compile_ms:.0f} ms; outputs agree (max |diff| {diff:.3g})", flush=True)
        gains = []
        for rnd in range(args.rounds):
            p, t, n = alternate(plain, tuned, threads, args.budget)
            gains.append(p / t)
            print(f"tuned {name:<16} threads={threads} round {rnd + 1}: default {p:9.3f} ms  "
                  f"tuned {t:9.3f} ms  gain {p / t:6.3f}  ({n} runs each)", flush=True)
        if args.rounds > 1:
            print(f"tuned {name:<16} threads={threads}: median gain {float(np.median(gains)):.3f} "
                  f"over {args.rounds} rounds", flush=True)
    finally:
        plain.close()
        tuned.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
