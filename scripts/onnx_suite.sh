#!/usr/bin/env bash
# The node tests of the current ONNX release (onnx 1.23.2 from PyPI: 1,884
# single-operator models, opsets up to 28) run through strata-onnx-test and
# compared with the checked-in expectations
# (test/frontends/onnx/onnx-1.23.2-expected.txt: the tests allowed to fail or
# be skipped, each with its cause). Exit 1 on any test that fails, is skipped
# or crashes without being listed so; listed tests that now pass are
# reported (the list can shrink); the run's summary line must also be the
# one docs/frontends/conformance.md states. See that page.
#
#   scripts/onnx_suite.sh [--build DIR] [--jobs N] [--regenerate] [--write-expected] [--generate-only]
#
#   --build DIR        the Strata build (default: build); the venv
#                      (DIR/onnx-venv), the generated tests
#                      (DIR/onnx-1.23.2/node) and the run's output
#                      (DIR/onnx-1.23.2/run.txt) go there
#   --jobs N           strata-onnx-test --jobs (default 2)
#   --regenerate       write the tests again even if they exist
#   --write-expected   rewrite the expectations file from this run (causes
#                      derived from the runner's reasons) instead of checking
#   --generate-only    make the venv and the tests, do not run them
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=1.23.2
build=$root/build jobs=2 regenerate=0 write=0 generate_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --regenerate) regenerate=1; shift ;;
    --write-expected) write=1; shift ;;
    --generate-only) generate_only=1; shift ;;
    *) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
venv=$build/onnx-venv
data=$build/onnx-$version
expected=$root/test/frontends/onnx/onnx-$version-expected.txt

if ! "$venv/bin/python" -c "import onnx, sys; sys.exit(onnx.__version__ != '$version')" 2>/dev/null; then
  echo "onnx_suite: venv $venv with onnx==$version"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "onnx==$version" numpy
fi
if [ "$regenerate" = 1 ] || [ ! -f "$data/node/test_abs/model.onnx" ]; then
  echo "onnx_suite: writing the node tests to $data/node"
  start=$SECONDS
  rm -rf "$data/node"
  "$venv/bin/python" "$root/scripts/onnx_suite_generate.py" "$data" >/dev/null
  echo "onnx_suite: $(ls "$data/node" | wc -l) tests written in $((SECONDS - start)) s"
fi
[ "$generate_only" = 1 ] && exit 0

echo "onnx_suite: strata-onnx-test --jobs $jobs $data/node"
start=$SECONDS
status=0
"$build/bin/strata-onnx-test" --jobs "$jobs" "$data/node" > "$data/run.txt" || status=$?
if [ "$status" -gt 1 ]; then
  cat "$data/run.txt"
  echo "onnx_suite: strata-onnx-test exited $status" >&2
  exit "$status"
fi
echo "onnx_suite: ran in $((SECONDS - start)) s: $(tail -n 1 "$data/run.txt")"

if [ "$write" = 1 ]; then
  python3 "$root/scripts/onnx_suite_check.py" write "$data/run.txt" > "$expected"
  echo "onnx_suite: wrote $expected"
  exit 0
fi
python3 "$root/scripts/onnx_suite_check.py" check "$expected" "$data/run.txt" || exit 1

# The counts the docs state are this run's: docs/frontends/conformance.md
# carries the summary line verbatim.
doc=$root/docs/frontends/conformance.md
summary=$(tail -n 1 "$data/run.txt")
if ! grep -qF "Current onnx $version node suite: \`$summary\`" "$doc"; then
  echo "onnx_suite: $doc does not state this run's counts; it should contain the line" >&2
  echo "  Current onnx $version node suite: \`$summary\`" >&2
  grep -n "Current onnx $version node suite" "$doc" >&2 || true
  exit 1
fi
