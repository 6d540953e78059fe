"""strata.tune: tunes a model's kernels into a tuning database by running
the `strata-tune tune` tool (tools/strata-tune), whose records
strata.compile(..., tuning_db=...) then applies.

The tool is looked up in this order: the STRATA_TUNE environment variable
(a path), the bin/ folder next to the library the package loaded (a build
tree's build/bin, an installed tree's bin/), then PATH."""

import os
import shutil
import subprocess
import sys

from . import _capi
from ._model import StrataError


def _tool():
    env = os.environ.get("STRATA_TUNE")
    if env:
        return env
    lib = getattr(_capi.lib, "_name", "") or ""
    if os.path.isabs(lib):
        candidate = os.path.join(os.path.dirname(os.path.dirname(lib)), "bin", "strata-tune")
        if os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("strata-tune")
    if found:
        return found
    raise StrataError("NOT_FOUND", "strata-tune not found: set STRATA_TUNE to its path or put "
                      "it on PATH (cmake --install puts it in <prefix>/bin)")


def tune(model, db, trials=64, threads=None, target=None, seed=0, fresh=False, timeout=None,
         repeats=None, strategy=None, validate=None, verbose=False):
    """Tunes the kernels of `model` (a path to .onnx or MLIR) with `trials`
    measured candidates in all, adding the records to the database `db`
    (created if missing; an existing one is resumed unless fresh=True).
    threads: OpenMP threads the kernels are tuned for (the records' cores=);
    target: the records' target string (default this host); seed, strategy
    ("evolutionary", "random", "grid"), timeout (seconds per candidate) and
    repeats (timed runs per candidate), validate (head-to-head rounds against
    the default; 0: off) as strata-tune's options. Progress
    goes to stderr when verbose. Returns `db`, for
    strata.compile(model, tuning_db=...). Raises StrataError when the tool
    fails, with its message."""
    args = [_tool(), "tune", os.fspath(model), "--db", os.fspath(db), "--trials", str(int(trials)),
            "--seed", str(int(seed))]
    for flag, value in (("--threads", threads), ("--target", target), ("--timeout", timeout),
                        ("--repeats", repeats), ("--strategy", strategy),
                        ("--validate", validate)):
        if value is not None:
            args += [flag, str(value)]
    if fresh:
        args.append("--fresh")
    run = subprocess.run(args, stdout=subprocess.PIPE, stderr=None if verbose else subprocess.PIPE,
                         text=True)
    if verbose and run.stdout:
        sys.stderr.write(run.stdout)
    if run.returncode != 0:
        message = (run.stderr or run.stdout or "").strip().splitlines()
        raise StrataError("TUNE_FAILED" if run.returncode == 1 else "INVALID_ARGUMENT",
                          f"strata-tune exited {run.returncode}: " +
                          (message[-1] if message else "no message"))
    return db
