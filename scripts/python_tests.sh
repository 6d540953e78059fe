#!/usr/bin/env bash
# The Python package's tests (python/tests, pytest) against a Strata build:
# the package from python/ over that build's libstrata_model
# (STRATA_LIBRARY), compared with the ONNX 1.23.2 node tests' reference
# outputs. Makes what is missing: a venv under the build (numpy, pytest,
# onnx to read the .pb tensors) and the node test data (onnx_suite.sh
# --generate-only). Exit status: pytest's.
#
#   scripts/python_tests.sh [--build DIR] [pytest args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
if [ "${1:-}" = "--build" ]; then
  build=$(cd "$2" && pwd)
  shift 2
fi
venv=$build/python-venv
if ! "$venv/bin/python" -c "import numpy, pytest, onnx" 2>/dev/null; then
  echo "python_tests: venv $venv (numpy, pytest, onnx)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q numpy pytest "onnx==1.23.2"
fi
"$root/scripts/onnx_suite.sh" --build "$build" --generate-only
STRATA_LIBRARY=$build/lib/libstrata_model.so \
STRATA_ONNX_NODE_DATA=$build/onnx-1.23.2/node \
PYTHONPATH=$root/python${PYTHONPATH:+:$PYTHONPATH} \
  exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests" "$@"
