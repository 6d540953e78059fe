"""Compares the best records of two tuning-database exports (JSON lines) of
the same search: for each task, the latency that export A measured for the
decisions export B found best must be within `factor` of A's own best (the
two runs measured the same candidates; measurement noise may swap close
ones). Prints one line per task and exits 1 on a mismatch.
    compare-best.py A.jsonl B.jsonl [factor]"""
import json
import sys


def records(path):
    by_task = {}
    for line in open(path):
        if line.strip():
            r = json.loads(line)
            by_task.setdefault(r["task"], []).append(r)
    return by_task


a, b = records(sys.argv[1]), records(sys.argv[2])
factor = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
ok = sorted(a) == sorted(b)
for task in sorted(a):
    def best(rs):
        good = [r for r in rs if r["latency"] is not None]
        return min(good, key=lambda r: r["latency"]) if good else None
    best_a, best_b = best(a[task]), best(b.get(task, []))
    if not best_a or not best_b:
        ok &= best_a is None and best_b is None
        continue
    same = [r for r in a[task] if r["decisions"] == best_b["decisions"] and r["latency"] is not None]
    ratio = same[0]["latency"] / best_a["latency"] if same else float("inf")
    print("task %s: best of B measured %.2fx A's best in A" % (task, ratio))
    ok &= ratio <= factor
print("same best up to noise: %d" % ok)
sys.exit(0 if ok else 1)
