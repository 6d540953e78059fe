// Every error convert-te-to-tir emits, one case each. The pass checks the
// whole module before rewriting anything, so a failure leaves the IR as is.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-te-to-tir)'

func.func @unsupported_op(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'tensor.concat' op is not supported by convert-te-to-tir: only te.compute, te.read, tensor constants, tensor.dim, tensor.extract, tensor.collapse_shape / expand_shape, tensor.cast, func.call and func.return may have tensor operands or results}}
  %c = tensor.concat dim(0) %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %c : tensor<8xf32>
}

// -----

func.func @nested(%a: tensor<4xf32>, %flag: i1) {
  scf.if %flag {
    // expected-error @+1 {{'te.compute' op uses tensors inside 'scf.if'; convert-te-to-tir needs it directly in the function body}}
    %r = "te.compute"() ({
    ^bb0(%i: index):
      %x = "te.read"(%a, %i) : (tensor<4xf32>, index) -> f32
      gpu.yield %x : f32
    }) {name = "copy", reduce_extents = array<i64>} : () -> tensor<4xf32>
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 has type 'tensor<*xf32>', which has no memref equivalent (only ranked tensors without an encoding convert)}}
func.func @unranked(%a: tensor<*xf32>) {
  return
}

// -----

func.func @encoded() {
  // expected-error @+1 {{'te.compute' op result #0 has type 'tensor<4xf32, "blocked">', which has no memref equivalent (only ranked tensors without an encoding convert)}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = arith.constant 1.0 : f32
    gpu.yield %x : f32
  }) {name = "ones", reduce_extents = array<i64>} : () -> tensor<4xf32, "blocked">
  return
}

// -----

func.func @sparse_constant() -> tensor<4xf32> {
  // expected-error @+1 {{'arith.constant' op only dense and dense_resource tensor constants are supported by convert-te-to-tir}}
  %w = arith.constant sparse<[[1]], [2.0]> : tensor<4xf32>
  return %w : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op has 2 blocks; convert-te-to-tir supports single-block functions only}}
func.func @two_blocks(%a: tensor<4xf32>) -> tensor<4xf32> {
  cf.br ^next
^next:
  return %a : tensor<4xf32>
}

// -----

func.func private @dyn(%a: tensor<?xf32>) -> tensor<?xf32>

func.func @dynamic_call_result(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'func.call' op result #0 of type 'tensor<?xf32>' has a dynamic shape and is not returned, so convert-te-to-tir cannot size its destination buffer}}
  %t = func.call @dyn(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %u = func.call @dyn(%t) : (tensor<?xf32>) -> tensor<?xf32>
  return %u : tensor<?xf32>
}

// -----

func.func @signed_reduction(%a: tensor<4xsi32>) -> tensor<si32> {
  // expected-error @+1 {{'te.compute' op reduction over element type 'si32' is not supported by convert-te-to-tir (arith needs signless integers)}}
  %r = "te.compute"() ({
  ^bb0(%k: index):
    %x = "te.read"(%a, %k) : (tensor<4xsi32>, index) -> si32
    gpu.yield %x : si32
  }) {name = "sum", reduce_extents = array<i64: 4>, combiner = "add", init = 0 : si32} : () -> tensor<si32>
  return %r : tensor<si32>
}
