// Every error the tir verifier (dialects/tir/tir.c) can emit, one case each.
// (Unranked memrefs and non-index bounds are rejected by IRDL already.)
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @empty_name(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tir.for' op 'name' must be a non-empty string}}
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    gpu.yield
  }) {name = "", kind = "serial"} : (index, index, index) -> ()
  return
}

// -----

func.func @bad_kind(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tir.for' op 'kind' must be one of "serial", "parallel", "vectorized" or "unrolled", got "vector"}}
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    gpu.yield
  }) {name = "i", kind = "vector"} : (index, index, index) -> ()
  return
}

// -----

func.func @zero_step(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tir.for' op step must be positive, got 0}}
  "tir.for"(%c0, %n, %c0) ({
  ^bb0(%i: index):
    gpu.yield
  }) {name = "i", kind = "serial"} : (index, index, index) -> ()
  return
}

// -----

func.func @two_blocks(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tir.for' op body must have exactly one block}}
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    cf.br ^bb1
  ^bb1:
    gpu.yield
  }) {name = "i", kind = "serial"} : (index, index, index) -> ()
  return
}

// -----

func.func @yield_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tir.for' op body must end with gpu.yield of 0 value(s)}}
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    gpu.yield %i : index
  }) {name = "i", kind = "serial"} : (index, index, index) -> ()
  return
}

// -----

func.func @bad_scope() {
  // expected-error @+1 {{'tir.alloc_buffer' op 'scope' must be one of "global", "local" or "packed", got "shared"}}
  %b = "tir.alloc_buffer"() {scope = "shared"} : () -> memref<4xf32>
  return
}

// -----

func.func @dims_count(%n: index) {
  // expected-error @+1 {{'tir.alloc_buffer' op expects 2 dims operand(s), one per dynamic dimension, got 1}}
  %b = "tir.alloc_buffer"(%n) {scope = "global"} : (index) -> memref<?x?xf32>
  return
}
