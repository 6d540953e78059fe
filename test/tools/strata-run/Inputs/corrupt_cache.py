"""Damages the entries of a compile cache directory (argv[1]/strata) in one
of four ways, in turn: a payload byte flipped, truncated, emptied, or a
header that claims another key. strata-run must reject each (hash, size
and key checks) and compile again. Kernel objects (.o) and whole models
(.model) are damaged alike; `--only .model` limits it to one kind and
`--kind K` applies damage K (0-3) to every entry."""
import argparse
import os

ap = argparse.ArgumentParser()
ap.add_argument("xdg")
ap.add_argument("--only", choices=[".o", ".model"])
ap.add_argument("--kind", type=int, choices=range(4))
args = ap.parse_args()
d = os.path.join(args.xdg, "strata")
suffixes = (args.only,) if args.only else (".o", ".model")
names = sorted(n for n in os.listdir(d) if n.endswith(suffixes))
assert names, "no cache entries"
for i, n in enumerate(names):
    p = os.path.join(d, n)
    data = bytearray(open(p, "rb").read())
    if len(data) < 24:
        continue  # damaged before (emptied, truncated) and not rebuilt since
    kind = args.kind if args.kind is not None else i % 4
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
