#!/usr/bin/env bash
# The command-line convention every Strata tool follows (docs/running.md):
# --help on stdout with exit 0 and an "Exit status" paragraph stating 0/1/2;
# --version on stdout with exit 0; an unknown option exits 2 with a one-line
# "TOOL: unknown option" message on stderr (and a "did you mean" hint when
# close); an option missing its value exits 2. Prints "ok TOOL" per tool,
# or the first broken rule, and exits 1 when any tool broke one.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
broke() { echo "FAIL $1: $2"; status=1; }

check_tool() {
  local tool=$1 needs_value=$2
  "$tool" --help >"$tmp/out" 2>"$tmp/err"; local rc=$?
  [ $rc -eq 0 ] || broke "$tool" "--help exits $rc"
  [ -s "$tmp/out" ] || broke "$tool" "--help prints nothing on stdout"
  grep -q "Exit status: 0 .*" "$tmp/out" || broke "$tool" "--help has no 'Exit status: 0 ...' paragraph"
  tr '\n' ' ' <"$tmp/out" | grep -q "2 on a usage error" || broke "$tool" "--help does not state exit 2 for usage errors"
  grep -q -- "--version" "$tmp/out" || broke "$tool" "--help does not list --version"
  "$tool" --version >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc -eq 0 ] || broke "$tool" "--version exits $rc"
  grep -q "^$tool [0-9]*\.[0-9]*\.[0-9]*" "$tmp/out" || broke "$tool" "--version prints '$(head -c 80 "$tmp/out")'"
  "$tool" --no-such-option-xyz >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc -eq 2 ] || broke "$tool" "an unknown option exits $rc, not 2"
  grep -q "^$tool: unknown option '--no-such-option-xyz'" "$tmp/err" || broke "$tool" "unknown option message: '$(head -c 120 "$tmp/err")'"
  "$tool" --versio >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc -eq 2 ] || broke "$tool" "a misspelt option exits $rc, not 2"
  grep -q "did you mean '--version'?" "$tmp/err" || broke "$tool" "no 'did you mean' for --versio: '$(head -c 120 "$tmp/err")'"
  if [ -n "$needs_value" ]; then
    "$tool" x "$needs_value" >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ $rc -eq 2 ] || broke "$tool" "'$needs_value' without its value exits $rc, not 2"
    grep -q -- "$needs_value" "$tmp/err" || broke "$tool" "missing-value message does not name '$needs_value'"
  fi
  [ $status -ne 0 ] || echo "ok $tool"
}

check_tool strata-opt -o
check_tool strata-run --entry
check_tool strata-compile -o
check_tool strata-translate -o
check_tool strata-onnx-test --jobs
check_tool strata-tune ""
exit $status
