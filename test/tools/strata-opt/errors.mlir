// Parse and pipeline errors exit non-zero with a located message.
// RUN: not strata-opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: error: invalid pass pipeline 'builtin.module(no-such-pass)'
// PIPE: 'no-such-pass' does not refer to a registered pass or pass pipeline

// RUN: not strata-opt %s --pass-pipeline='strata-dce{bogus=1}' 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: unknown option 'bogus' for pass 'strata-dce' (known options: none)

// RUN: echo 'func.func @f( {' | not strata-opt 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: <stdin>:1:14: error: expected non-function type
// PARSE-NEXT: func.func @f( {
// PARSE-NEXT: {{^ +\^$}}

func.func @ok() {
  return
}
