"""Helpers for the compile cache's eviction tests (argv[2] is an
XDG_CACHE_HOME; entries live in its strata/ directory).
  fake DIR: three 1000-byte entries, old.o, mid.model, new.o, last used
    300, 200 and 100 seconds ago, and two temporaries, one written two
    hours ago (stale) and one now (a writer at work)
  age DIR: every entry last used an hour ago
  fresh DIR SUFFIX: prints how many SUFFIX entries were used in the last
    minute and how many not
  list DIR: the names, sorted"""
import os
import sys
import time

cmd, d = sys.argv[1], os.path.join(sys.argv[2], "strata")
now = time.time()
if cmd == "fake":
    os.makedirs(d, exist_ok=True)
    for name, age in (("old.o", 300), ("mid.model", 200), ("new.o", 100),
                      ("stale-writer.tmp", 7200), ("writer-at-work.tmp", 0)):
        p = os.path.join(d, name)
        open(p, "wb").write(b"x" * 1000)
        os.utime(p, (now - age, now - age))
elif cmd == "age":
    for n in os.listdir(d):
        os.utime(os.path.join(d, n), (now - 3600, now - 3600))
elif cmd == "fresh":
    ages = [now - os.stat(os.path.join(d, n)).st_mtime
            for n in os.listdir(d) if n.endswith(sys.argv[3])]
    print("fresh", sum(a < 60 for a in ages), "stale", sum(a >= 60 for a in ages))
elif cmd == "list":
    for n in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        print(n)
