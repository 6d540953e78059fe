#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/*.c) from the
repository's own test inputs, one folder per target, files named by their
SHA-1 (so reruns and duplicates are harmless):

  onnx_import/     every model the ONNX test generators write
                   (test/frontends/onnx/Inputs/make_onnx*.py), examples/**/*.onnx,
                   and the ONNX backend node-test models the conformance
                   tests run (Debian's libonnx-testdata, when installed)
  tensor_read/     .npy files under test/ and examples/, the same tensors in
                   each .npy version and element type, the .pb inputs and
                   outputs of the generators' running cases and of the node tests
  mlir_pipeline/   the .mlir files under test/ and examples/, split at
                   "// -----", comment lines dropped
  schedule_trace/  every `schedule = [...]` in those .mlir files, once per
                   te.compute target of the harness (first byte '0', '1', '2')

usage: make_corpus.py <out-dir> [--max-len target=bytes ...]
Inputs over a target's max length are left out (libFuzzer would cut them).
"""
import glob
import hashlib
import importlib.util
import os
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ONNX_NODE = "/usr/share/libonnx-testdata/data/node"
MAX_LEN = {"onnx_import": 65536, "tensor_read": 16384, "mlir_pipeline": 4096,
           "schedule_trace": 4096}


class Corpus:
    def __init__(self, out, target):
        self.dir = os.path.join(out, target)
        self.max = MAX_LEN[target]
        self.count = 0
        os.makedirs(self.dir, exist_ok=True)

    def add(self, data):
        if isinstance(data, str):
            data = data.encode()
        if not data or len(data) > self.max:
            return
        path = os.path.join(self.dir, hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            self.count += 1


def generator_outputs():
    """(model bytes, [tensor .pb bytes]) of every case of the ONNX test
    generators."""
    for script in sorted(glob.glob(os.path.join(ROOT, "test/frontends/onnx/Inputs/make_onnx*.py"))):
        name = os.path.splitext(os.path.basename(script))[0]
        spec = importlib.util.spec_from_file_location("corpus_" + name, script)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for table in ("CASES", "ERROR_CASES"):
            for make in getattr(mod, table, {}).values():
                yield make(), []
        for make in getattr(mod, "RUN_CASES", {}).values():
            m, ins, outs = make()
            yield m, list(ins) + list(outs)


def npy(descr, shape, data, version=1):
    """A .npy file (format `version`) of raw little-endian `data`."""
    dims = "".join("%d," % d for d in shape) if len(shape) == 1 else ", ".join(map(str, shape))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    size_len = 2 if version == 1 else 4
    pad = -(10 + size_len - 2 + len(header) + 1) % 64
    header = (header + " " * pad + "\n").encode()
    size = struct.pack("<H" if version == 1 else "<I", len(header))
    return b"\x93NUMPY" + bytes([version, 0]) + size + header + data


def npy_variants(corpus):
    for path in glob.glob(os.path.join(ROOT, "**/*.npy"), recursive=True):
        with open(path, "rb") as f:
            corpus.add(f.read())
    for descr, size in (("<f2", 2), ("<f4", 4), ("<f8", 8), ("|i1", 1), ("<i2", 2), ("<i4", 4),
                        ("<i8", 8), ("|u1", 1), ("<u2", 2), ("<u4", 4), ("<u8", 8), ("|b1", 1)):
        for version in (1, 2, 3):
            corpus.add(npy(descr, [2, 3], bytes(range(6 * size)), version))
        corpus.add(npy(descr, [], bytes(size)))
        corpus.add(npy(descr, [4], bytes(4 * size)))


def mlir_files():
    for sub in ("test", "examples"):
        yield from sorted(glob.glob(os.path.join(ROOT, sub, "**/*.mlir"), recursive=True))


def strip_comments(text):
    return "".join(l for l in text.splitlines(True) if not l.lstrip().startswith("//"))


def schedules(text):
    """The text of every `schedule = [...]` array (brackets balanced,
    strings skipped)."""
    for m in re.finditer(r"schedule = \[", text):
        start = i = m.end() - 1
        depth, in_str = 0, False
        while i < len(text):
            c = text[i]
            if in_str:
                in_str = c != '"' or text[i - 1] == "\\"
            elif c == '"':
                in_str = True
            elif c == "[":
                depth += 1
            elif c == "]":
                depth -= 1
                if depth == 0:
                    yield text[start:i + 1]
                    break
            i += 1


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    out = argv[1]
    for arg in argv[2:]:
        target, _, n = arg.partition("=")
        MAX_LEN[target] = int(n)
    onnx, tensors = Corpus(out, "onnx_import"), Corpus(out, "tensor_read")
    mlir, trace = Corpus(out, "mlir_pipeline"), Corpus(out, "schedule_trace")

    for model, pbs in generator_outputs():
        onnx.add(model)
        for pb in pbs:
            tensors.add(pb)
    for path in glob.glob(os.path.join(ROOT, "examples/**/*.onnx"), recursive=True):
        with open(path, "rb") as f:
            onnx.add(f.read())
    for path in sorted(glob.glob(os.path.join(ONNX_NODE, "*/model.onnx"))):
        with open(path, "rb") as f:
            onnx.add(f.read())
    for path in sorted(glob.glob(os.path.join(ONNX_NODE, "*/test_data_set_*/*.pb"))):
        with open(path, "rb") as f:
            tensors.add(f.read())
    npy_variants(tensors)

    for path in mlir_files():
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for chunk in re.split(r"^// -----.*$", text, flags=re.M):
            mlir.add(strip_comments(chunk).strip() + "\n")
        for s in schedules(text):
            for target in "012":
                trace.add(target + s)

    for c in (onnx, tensors, mlir, trace):
        print("%s: %d new seeds in %s" % (os.path.basename(c.dir), c.count, c.dir))


if __name__ == "__main__":
    main(sys.argv)
