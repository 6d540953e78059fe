#!/bin/sh
# Runs ONNX backend test $2 under $1 with strata-run: every input_*.pb and
# output_*.pb of test_data_set_0, at rtol 1e-3, atol 1e-7.
d="$1/$2"
set --
for f in $(ls "$d"/test_data_set_0/input_*.pb | sort -V); do set -- "$@" --input "$f"; done
for f in $(ls "$d"/test_data_set_0/output_*.pb | sort -V); do set -- "$@" --expected "$f"; done
exec strata-run "$d/model.onnx" "$@" --rtol 1e-3 --atol 1e-7 --threads 1
