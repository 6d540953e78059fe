#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds Strata twice (plain,
# and with AddressSanitizer + UndefinedBehaviorSanitizer), runs every lit
# test in both builds, and ends with one line "N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" || exit 1

passed=0
failed=0
lit=/usr/lib/llvm-22/bin/lit
for dir in build build-asan; do
  echo "== $dir: building" >&2
  if ! "$root/scripts/build.sh" "$root/$dir"; then
    echo "== $dir: BUILD FAILED" >&2
    failed=$((failed + 1))
    continue
  fi
  echo "== $dir: running lit" >&2
  out=$("$lit" -sv "$root/$dir/test" 2>&1)
  echo "$out" | tail -n 40
  count() { echo "$out" | sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p"; }
  p=$(count Passed)
  f=$(count Failed)
  x=$(count "Unexpectedly Passed")
  u=$(( $(count Unresolved | head -1) + $(count "Timed Out" | head -1) + 0 ))
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-0} + ${x:-0} + ${u:-0}))
  if [ -z "$p" ] && [ -z "$f" ]; then
    failed=$((failed + 1))  # lit itself failed to run
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
