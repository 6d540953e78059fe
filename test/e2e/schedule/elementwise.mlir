// End-to-end: a scheduled elementwise kernel (bias add + relu on odd and
// dynamic sizes) against the unscheduled one on the same random inputs.
// RUN: strata-run %s --entry ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 3 --output %t.ref.npy
// RUN: strata-run %s --entry fused --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.ref.npy
// RUN: strata-run %s --entry unrolled --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.ref.npy
// RUN: strata-run %s --entry dyn_ref --input %S/Inputs/x_37x53.npy --input %S/Inputs/bias_53.npy --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --output %t.dyn.npy
// RUN: strata-run %s --entry dyn_split --input %S/Inputs/x_37x53.npy --input %S/Inputs/bias_53.npy --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --expected %t.dyn.npy

func.func @ref(%x: tensor<37x53xf32>, %b: tensor<53xf32>) -> tensor<37x53xf32> {
  %zero = arith.constant 0.0 : f32
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<37x53xf32>, index, index) -> f32
    %w = "te.read"(%b, %j) : (tensor<53xf32>, index) -> f32
    %s = arith.addf %v, %w : f32
    %y = arith.maximumf %s, %zero : f32
    gpu.yield %y : f32
  }) {name = "bias_relu", reduce_extents = array<i64>} : () -> tensor<37x53xf32>
  return %r : tensor<37x53xf32>
}

// Fuse both axes (1961 iterations), split by 64 (non-divisible), parallel
// outer, vectorized inner.
func.func @fused(%x: tensor<37x53xf32>, %b: tensor<53xf32>) -> tensor<37x53xf32> {
  %zero = arith.constant 0.0 : f32
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<37x53xf32>, index, index) -> f32
    %w = "te.read"(%b, %j) : (tensor<53xf32>, index) -> f32
    %s = arith.addf %v, %w : f32
    %y = arith.maximumf %s, %zero : f32
    gpu.yield %y : f32
  }) {name = "bias_relu", reduce_extents = array<i64>,
      schedule = [
        {prim = "fuse", axes = ["d0", "d1"]},
        {prim = "split", axis = "d0+d1", factors = array<i64: 64>},
        {prim = "parallel", axis = "d0+d1.0"},
        {prim = "vectorize", axis = "d0+d1.1"}
      ]} : () -> tensor<37x53xf32>
  return %r : tensor<37x53xf32>
}

// Interchange, unroll the (now inner) d0 by 5 with a remainder (37 = 7*5+2),
// fully unroll a split of d1.
func.func @unrolled(%x: tensor<37x53xf32>, %b: tensor<53xf32>) -> tensor<37x53xf32> {
  %zero = arith.constant 0.0 : f32
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<37x53xf32>, index, index) -> f32
    %w = "te.read"(%b, %j) : (tensor<53xf32>, index) -> f32
    %s = arith.addf %v, %w : f32
    %y = arith.maximumf %s, %zero : f32
    gpu.yield %y : f32
  }) {name = "bias_relu", reduce_extents = array<i64>,
      schedule = [
        {prim = "split", axis = "d1", factors = array<i64: 3>},
        {prim = "reorder", order = ["d1.0", "d0"]},
        {prim = "parallel", axis = "d1.0"},
        {prim = "unroll", axis = "d1.1", factor = 3},
        {prim = "unroll", axis = "d0", factor = 5}
      ]} : () -> tensor<37x53xf32>
  return %r : tensor<37x53xf32>
}

func.func @dyn_ref(%x: tensor<?x53xf32>, %b: tensor<53xf32>) -> tensor<?x53xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x53xf32>
  %r = "te.compute"(%n) ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<?x53xf32>, index, index) -> f32
    %w = "te.read"(%b, %j) : (tensor<53xf32>, index) -> f32
    %s = arith.addf %v, %w : f32
    gpu.yield %s : f32
  }) {name = "bias", reduce_extents = array<i64>} : (index) -> tensor<?x53xf32>
  return %r : tensor<?x53xf32>
}

// Dynamic extent: split d0 by 4 (ceildiv / min bounds at run time), unroll
// the dynamic-extent d0.1 by 2 (run-time remainder loop).
func.func @dyn_split(%x: tensor<?x53xf32>, %b: tensor<53xf32>) -> tensor<?x53xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x53xf32>
  %r = "te.compute"(%n) ({
  ^bb0(%i: index, %j: index):
    %v = "te.read"(%x, %i, %j) : (tensor<?x53xf32>, index, index) -> f32
    %w = "te.read"(%b, %j) : (tensor<53xf32>, index) -> f32
    %s = arith.addf %v, %w : f32
    gpu.yield %s : f32
  }) {name = "bias", reduce_extents = array<i64>,
      schedule = [
        {prim = "split", axis = "d0", factors = array<i64: 4>},
        {prim = "parallel", axis = "d0.0"},
        {prim = "unroll", axis = "d0.1", factor = 2}
      ]} : (index) -> tensor<?x53xf32>
  return %r : tensor<?x53xf32>
}
