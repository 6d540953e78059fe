"""Compares the best records of two tuning-database exports (JSON lines) of
the same search (the two runs measured the same candidates): the model's
best latency (the sum over the tasks of each task's best) must agree
within `factor` between A and B. A single noisy measurement of one
candidate (a run of 1 timed call on a busy machine) can swap which of two
close candidates is best, or make a good one look slow, but the best
latency found over all of them is stable; a kernel of a microsecond is all
noise, the model's latency is not. Prints one line per task (whether both
chose the same decisions) and exits 1 on a mismatch.
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


def best(rs):
    good = [r for r in rs if r["latency"] is not None]
    return min(good, key=lambda r: r["latency"]) if good else None


a, b = records(sys.argv[1]), records(sys.argv[2])
factor = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
ok = sorted(a) == sorted(b)
sum_a = sum_b = 0.0
for task in sorted(a):
    best_a, best_b = best(a[task]), best(b.get(task, []))
    if not best_a or not best_b:
        ok &= best_a is None and best_b is None
        continue
    sum_a += best_a["latency"]
    sum_b += best_b["latency"]
    print("task %s: best %.4g ms / %.4g ms, same decisions %d" %
          (task, best_a["latency"] * 1e3, best_b["latency"] * 1e3,
           best_a["decisions"] == best_b["decisions"]))
ratio = max(sum_a, sum_b) / min(sum_a, sum_b) if min(sum_a, sum_b) > 0 else float("inf")
print("model: best %.4g ms / %.4g ms (%.2fx apart)" % (sum_a * 1e3, sum_b * 1e3, ratio))
ok &= ratio <= factor
print("same best up to noise: %d" % ok)
sys.exit(0 if ok else 1)
