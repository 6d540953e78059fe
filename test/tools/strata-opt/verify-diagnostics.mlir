// --verify-diagnostics passes when expected and produced diagnostics agree
// and fails (listing both sides) when they do not.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @same_line() -> i32 {
  return // expected-error {{op has 0 operands, but enclosing function (@same_line) returns 1}}
}

// -----

func.func @next_line() -> i32 {
  // expected-error @+1 {{enclosing function (@next_line) returns 1}}
  return
}

// -----

func.func @previous_line() -> i32 {
  return
  // expected-error @-1 {{enclosing function (@previous_line) returns 1}}
}

// -----

// expected-error @+1 {{custom op 'not_an_op' is unknown}}
not_an_op
