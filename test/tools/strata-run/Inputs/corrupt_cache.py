"""Damages every entry of a compile cache directory (argv[1]/strata) in one
of four ways, in turn: a payload byte flipped, truncated, emptied, or a
header that claims another key. strata-run must reject each (hash, size
and key checks) and compile again."""
import os
import sys

d = os.path.join(sys.argv[1], "strata")
names = sorted(n for n in os.listdir(d) if n.endswith(".o"))
assert names, "no cache entries"
for i, n in enumerate(names):
    p = os.path.join(d, n)
    data = bytearray(open(p, "rb").read())
    kind = i % 4
    if kind == 0:
        data[-1] ^= 0xFF
    elif kind == 1:
        data = data[: len(data) // 2]
    elif kind == 2:
        data = bytearray()
    else:
        data[16] ^= 0x01  # the key field of the header
    open(p, "wb").write(bytes(data))
print("damaged", len(names))
