#!/usr/bin/env bash
# The Python package's tests (python/tests, pytest) against a Strata build:
# the package from python/ over that build's libstrata_model
# (STRATA_LIBRARY), compared with the ONNX 1.23.2 node tests' reference
# outputs. Makes what is missing: a venv under the build (numpy, pytest,
# onnx to read the .pb tensors) and the node test data (onnx_suite.sh
# --generate-only). Exit status: pytest's.
#
# With --pip, the tests run instead against the package as a user gets it:
# `pip install ./python` into its own venv (DIR/python-pip-venv; builds the
# libraries with CMake in build/python-wheel/, minutes the first time), the
# package imported from there with its own libraries.
#
#   scripts/python_tests.sh [--build DIR] [--pip] [pytest args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
pip=0
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --pip) pip=1; shift ;;
    *) break ;;
  esac
done
venv=$build/python-venv
[ "$pip" = 1 ] && venv=$build/python-pip-venv
if ! "$venv/bin/python" -c "import numpy, pytest, onnx" 2>/dev/null; then
  echo "python_tests: venv $venv (numpy, pytest, onnx)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q numpy pytest "onnx==1.23.2"
fi
"$root/scripts/onnx_suite.sh" --build "$build" --generate-only
export STRATA_ONNX_NODE_DATA=$build/onnx-1.23.2/node
# strata.tune runs the strata-tune tool; an installed package looks for it
# on PATH, so point it at the build's.
export STRATA_TUNE=${STRATA_TUNE:-$build/bin/strata-tune}
if [ "$pip" = 1 ]; then
  echo "python_tests: pip install $root/python"
  "$venv/bin/pip" install -q "$root/python"
  cd "$build"  # import the installed package, not python/strata
  exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests" "$@"
fi
STRATA_LIBRARY=$build/lib/libstrata_model.so \
PYTHONPATH=$root/python${PYTHONPATH:+:$PYTHONPATH} \
  exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests" "$@"
