#!/usr/bin/env python3
"""Compares a strata-onnx-test run (its per-test lines) with an expectations
file, for scripts/onnx_suite.sh. Standard library only.

The expectations file lists the tests allowed not to pass, one a line:

    <skip|fail> <test>  <cause>

grouped under `# <cause>` comment lines (blank lines and comments are
ignored). `check` exits 1 when a test fails or is skipped without being
listed with that status, when any test crashes or times out (never allowed,
listed or not), or when a listed test is missing from the run; it reports
listed tests that now pass, so the list can shrink (exit 0 for those).
`write` prints an expectations file for a run, each test's cause derived from
the runner's reason (CAUSES below names the few that the reason cannot tell).

usage: onnx_suite_check.py check <expected.txt> <run.txt>
       onnx_suite_check.py write <run.txt> > <expected.txt>
"""
import re
import sys

# Operators whose tests no implementation can match or that are out of scope,
# by name: the runner's reason says only "unsupported operator 'X'".
CAUSES = {
    "Bernoulli": "random operator",
    "RandomUniformLike": "random operator",
    "Adagrad": "training operator",
    "Adam": "training operator",
    "Momentum": "training operator",
}

LINE = re.compile(r"^(PASS|FAIL|SKIP) (\S+?)(?:: (.*))?$")


def read_run(path):
    """{test: (status, reason)} from the runner's output."""
    run = {}
    with open(path) as f:
        for line in f:
            m = LINE.match(line.rstrip("\n"))
            if m:
                run[m.group(2)] = (m.group(1).lower(), m.group(3) or "")
    return run


def read_expected(path):
    """{test: (status, cause)} from an expectations file."""
    expected = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 2 or parts[0] not in ("skip", "fail"):
                sys.exit(f"{path}:{n}: expected '<skip|fail> <test> <cause>'")
            expected[parts[1]] = (parts[0], parts[2] if len(parts) > 2 else "")
    return expected


def cause_of(reason, test):
    """A short cause shared by the tests failing the same way."""
    m = re.match(r"unsupported operator '(\w+)'", reason)
    if m:
        return CAUSES.get(m.group(1), f"unsupported operator {m.group(1)}")
    if "training_mode is not supported" in reason:
        return "random operator (training-mode Dropout)"
    m = re.search(r"unsupported element type '(\w+)'", reason)
    if m and m.group(1) == "unknown":  # ONNX 1.18+ types the importer cannot name
        return "unsupported element type int2/uint2/float8e8m0 (named 'unknown')"
    if m:
        return f"unsupported element type {m.group(1)}"
    if "max abs error" in reason or "crashed" in reason:
        return "wrong result or crash (to fix)"
    m = re.search(r"input '(\w+)' must be a constant", reason)
    if m:
        return f"input '{m.group(1)}' computed at run time (needed at import time)"
    if "_blocked" in test and "broadcast-compatible" in reason:
        return "blocked quantization (block_size)"
    reason = re.sub(r"^(import|compile): ", "", reason)
    reason = re.sub(r"\[[0-9, ]*\]", "[...]", reason)
    reason = re.sub(r"output \d+ types", "output types", reason)
    return re.sub(r" \(input rank \d+\)", "", reason).strip()


def write(run_path):
    groups = {}
    for test, (status, reason) in sorted(read_run(run_path).items()):
        if status != "pass":
            groups.setdefault(cause_of(reason, test), []).append((status, test))
    print("# ONNX node tests (scripts/onnx_suite.sh) allowed not to pass, by cause:")
    print("# <skip|fail> <test> <cause>. A crash or timeout is never allowed.")
    for cause in sorted(groups, key=lambda c: (-len(groups[c]), c)):
        print(f"\n# {cause} ({len(groups[cause])})")
        for status, test in groups[cause]:
            print(f"{status} {test}  {cause}")


def check(expected_path, run_path):
    expected, run = read_expected(expected_path), read_run(run_path)
    if not run:
        print(f"error: no test lines in {run_path}")
        return 1
    bad, now_pass = [], []
    for test, (status, reason) in sorted(run.items()):
        want = expected.get(test)
        if re.search(r"crashed|timed out", reason):
            bad.append(f"{test}: {status.upper()} {reason} (a crash or hang is never expected)")
        elif status == "pass":
            if want:
                now_pass.append(test)
        elif not want:
            bad.append(f"{test}: {status.upper()} {reason} (not in the expectations)")
        elif want[0] != status:
            bad.append(f"{test}: {status.upper()} {reason} (expected {want[0]}: {want[1]})")
    missing = sorted(set(expected) - set(run))
    for test in missing:
        bad.append(f"{test}: listed in the expectations but not run")
    for line in bad:
        print(f"UNEXPECTED {line}")
    for test in now_pass:
        print(f"NOW PASSES {test} (remove it from {expected_path})")
    counts = {s: sum(1 for v in run.values() if v[0] == s) for s in ("pass", "fail", "skip")}
    print(f"expectations: {len(bad)} unexpected, {len(now_pass)} listed now passing "
          f"({counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped "
          f"of {len(run)}; {len(expected)} listed)")
    return 1 if bad else 0


def main(argv):
    if len(argv) == 3 and argv[0] == "check":
        return check(argv[1], argv[2])
    if len(argv) == 2 and argv[0] == "write":
        write(argv[1])
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
