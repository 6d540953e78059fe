// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule)'
// Every error of tir-apply-schedule and of the primitives it calls, located
// at the compute (the root loop of its nest). Chunks written in tir carry a
// te.schedule on their root loop directly (what te-to-tir would produce),
// for traces the te verifier would already reject.

// A knob must have been given a value by tuning.
func.func @knob(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{knob 'tile_i' has no value: run te-autotune or fix it}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<8xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "tile_i", choices = [array<i64: 2>, array<i64: 4>]}}]} : () -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @unknown_loop(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{no loop named 'i' in compute 'copy' (loops: d0)}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<8xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "parallel", axis = "i"}]} : () -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A loop name that no longer exists after a split.
func.func @split_then_old_name(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{no loop named 'd0' in compute 'copy' (loops: d0.0, d0.1)}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<8xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 4>}, {prim = "unroll", axis = "d0"}]} : () -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @not_implemented(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{cannot inline compute 'copy': its result is an output of the function}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<8xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "compute_inline"}]} : () -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @unknown_prim(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{schedule step #0 of compute 'copy': unknown primitive "interchange"}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "interchange"}]} : (index, index, index) -> ()
  return
}

// -----

// The trace is decoded before any step runs (the te verifier's checks).
func.func @not_array(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{'schedule' of compute 'copy' must be an array of step dictionaries}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = {prim = "parallel", axis = "d0"}} : (index, index, index) -> ()
  return
}

// -----

func.func @missing_field(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{schedule step #0 (split) of compute 'copy': missing field 'factors'}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "split", axis = "d0"}]} : (index, index, index) -> ()
  return
}

// -----

func.func @bad_field(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{schedule step #0 (parallel) of compute 'copy': 'axis' must be a non-empty string}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "parallel", axis = 3}]} : (index, index, index) -> ()
  return
}

// -----

func.func @bad_factors(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{schedule step #0 (split) of compute 'copy': 'factors' must be a non-empty array<i64: ...> of positive factors or a knob}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "split", axis = "d0", factors = [4]}]} : (index, index, index) -> ()
  return
}

// -----

func.func @zero_factor(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{schedule step #0 (split) of compute 'copy': 'factors' must be a non-empty array<i64: ...> of positive factors or a knob}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "split", axis = "d0", factors = array<i64: 0>}]} : (index, index, index) -> ()
  return
}

// -----

func.func @not_normalized(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{split: loop 'd0' of compute 'copy' must start at 0 with step 1}}
  "tir.for"(%c1, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "split", axis = "d0", factors = array<i64: 2>}]} : (index, index, index) -> ()
  return
}

// -----

func.func @name_taken(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{split of 'a' in compute 'copy': loop 'a.0' already exists}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, axis_names = ["a", "a.0"],
      schedule = [{prim = "split", axis = "a", factors = array<i64: 2>}]} : () -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

func.func @ambiguous(%a: memref<8x8xf32>, %b: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{loop name 'x' is ambiguous in compute 'copy'}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    "tir.for"(%c0, %c8, %c1) ({
    ^bb0(%j: index):
      %x = memref.load %a[%i, %j] : memref<8x8xf32>
      memref.store %x, %b[%i, %j] : memref<8x8xf32>
      gpu.yield
    }) {kind = "serial", name = "x"} : (index, index, index) -> ()
    gpu.yield
  }) {kind = "serial", name = "x", te.compute = "copy", te.schedule = [{prim = "parallel", axis = "x"}]} : (index, index, index) -> ()
  return
}

// -----

// Reordering a.1 outside a.0 after a non-divisible split: a.1's bound is
// min(4, 10 - a.0*4).
func.func @reorder_bounds(%a: tensor<10xf32>) -> tensor<10xf32> {
  // expected-error@+1 {{illegal reorder: the bounds of 'd0.1' in compute 'copy' depend on 'd0.0', which would be inside it}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<10xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 4>}, {prim = "reorder", order = ["d0.1", "d0.0"]}]} : () -> tensor<10xf32>
  return %r : tensor<10xf32>
}

// -----

func.func @reorder_twice(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{illegal reorder: 'd0' appears twice in compute 'copy'}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "reorder", order = ["d0", "d0"]}]} : () -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// Sibling loops are not on one chain.
func.func @reorder_siblings(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  "tir.for"(%c0, %c1, %c1) ({
  ^bb0(%o: index):
    "tir.for"(%c0, %c8, %c1) ({
    ^bb0(%i: index):
      %x = memref.load %a[%i] : memref<8xf32>
      memref.store %x, %b[%i] : memref<8xf32>
      gpu.yield
    }) {kind = "serial", name = "x"} : (index, index, index) -> ()
    // expected-error@+1 {{illegal reorder: 'y' and 'x' in compute 'copy' are not nested in one another}}
    "tir.for"(%c0, %c8, %c1) ({
    ^bb0(%i: index):
      %x = memref.load %b[%i] : memref<8xf32>
      memref.store %x, %a[%i] : memref<8xf32>
      gpu.yield
    }) {kind = "serial", name = "y"} : (index, index, index) -> ()
    gpu.yield
  }) {kind = "serial", name = "o", te.compute = "copy", te.schedule = [{prim = "reorder", order = ["y", "x"]}]} : (index, index, index) -> ()
  return
}

// -----

// A load between two loops cannot be hoisted (only init stores of
// constants are): moving the inner reduce loop outside is illegal.
func.func @reorder_imperfect(%a: memref<8x8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{illegal reorder: 'r0' is not perfectly nested in 'd0' in compute 'rowsum' (its body also holds 'memref.load')}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %init = memref.load %b[%i] : memref<8xf32>
    memref.store %init, %b[%i] : memref<8xf32>
    "tir.for"(%c0, %c8, %c1) ({
    ^bb0(%k: index):
      %x = memref.load %a[%i, %k] : memref<8x8xf32>
      %s = memref.load %b[%i] : memref<8xf32>
      %y = arith.addf %s, %x : f32
      memref.store %y, %b[%i] : memref<8xf32>
      gpu.yield
    }) {kind = "serial", name = "r0"} : (index, index, index) -> ()
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "rowsum", te.schedule = [{prim = "reorder", order = ["r0", "d0"]}]} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_reduce(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot parallelize 'r0' of compute 'rowsum': it is a reduction loop (its iterations update the same elements)}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "rowsum", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "parallel", axis = "r0"}]} : () -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @vectorize_outer(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{cannot vectorize 'd0' of compute 'copy': it is not the innermost loop}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "vectorize", axis = "d0"}]} : () -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

func.func @vectorize_dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  // expected-error@+1 {{cannot vectorize 'd0' of compute 'copy': its extent is not a constant (split it by a constant factor first)}}
  %r = "te.compute"(%n) ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<?xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "vectorize", axis = "d0"}]} : (index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @unroll_dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  // expected-error@+1 {{cannot unroll 'd0' of compute 'copy' fully: its extent is not a constant (give a factor)}}
  %r = "te.compute"(%n) ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<?xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "unroll", axis = "d0"}]} : (index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @unroll_large(%a: tensor<2000xf32>) -> tensor<2000xf32> {
  // expected-error@+1 {{cannot unroll 'd0' of compute 'copy' fully: extent 2000 is more than 1024 (give a factor)}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<2000xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "unroll", axis = "d0"}]} : () -> tensor<2000xf32>
  return %r : tensor<2000xf32>
}

// -----

func.func @unroll_bad_factor(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{schedule step #0 (unroll) of compute 'copy': 'factor' must be a positive integer or a knob}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "unroll", axis = "d0", factor = -2}]} : (index, index, index) -> ()
  return
}

// -----

func.func @fuse_not_nested(%a: tensor<4x4x4xf32>) -> tensor<4x4x4xf32> {
  // expected-error@+1 {{cannot fuse 'd2' with 'd0' in compute 'copy': it is not directly nested in it}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %j, %k) : (tensor<4x4x4xf32>, index, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>, schedule = [{prim = "fuse", axes = ["d0", "d2"]}]} : () -> tensor<4x4x4xf32>
  return %r : tensor<4x4x4xf32>
}

// -----

// After a non-divisible split, d0.1's extent is computed inside d0.0.
func.func @fuse_inner_extent(%a: tensor<10xf32>) -> tensor<10xf32> {
  // expected-error@+1 {{cannot fuse 'd0.1' in compute 'copy': its extent is computed inside 'd0.0'}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<10xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 4>}, {prim = "fuse", axes = ["d0.0", "d0.1"]}]} : () -> tensor<10xf32>
  return %r : tensor<10xf32>
}

// -----

func.func @tile_mismatch(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{schedule step #0 (tile) of compute 'copy': 'axes' and 'factors' must have the same length}}
  "tir.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.yield
  }) {kind = "serial", name = "d0", te.compute = "copy", te.schedule = [{prim = "tile", axes = ["d0"], factors = array<i64: 2, 2>}]} : (index, index, index) -> ()
  return
}

// -----

func.func @pack_scope(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{schedule step #0 (cache_read) of compute 'mm': only scope "packed" is implemented on tir}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<8x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "cache_read", input = 1, scope = "local"}]} : () -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

func.func @pack_width(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{schedule step #0 (cache_read) of compute 'mm': scope "packed" needs a 'width' (the panel width)}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<8x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "cache_read", input = 1, scope = "packed"}]} : () -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

func.func @pack_axis(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{schedule step #0 (cache_read) of compute 'mm': packing at an axis is not implemented yet (omit 'axis' to pack the whole input before the nest)}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<8x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "cache_read", input = 1, scope = "packed", width = 16, axis = "d0"}]} : () -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

func.func @tensorize_unknown(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{schedule step #1 (tensorize) of compute 'mm': no hwi.intrinsic @fma_9x9 in the module and no built-in one}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<8x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 4>},
                  {prim = "tensorize", axis = "d0.1", intrinsic = @fma_9x9}]} : () -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

func.func @tensorize_mismatch(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{cannot tensorize 'd0.1' of compute 'mm' with @fma_f32_4x16_generic: it must hold exactly two perfectly nested loops}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<8x16xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 4>},
                  {prim = "tensorize", axis = "d0.1", intrinsic = @fma_f32_4x16_generic}]} : () -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

func.func @inline_not_last(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{schedule step #0 (compute_inline) of compute 'copy': compute_inline must be the last step of a trace}}
  %r = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<8xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "copy", reduce_extents = array<i64>,
      schedule = [{prim = "compute_inline"}, {prim = "parallel", axis = "d0"}]} : () -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @inline_reduction(%a: tensor<8x4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{cannot inline compute 'sum': its nest is not a perfect nest of loops around one store (a reduction or a scheduled nest cannot be inlined)}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<8x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "sum", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "compute_inline"}]} : () -> tensor<8xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%r, %i) : (tensor<8xf32>, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<8xf32>
  return %n : tensor<8xf32>
}

// -----

// compute_at: the target must be a compute of the same function.
func.func @compute_at_unknown_target(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{cannot compute 'sq' at 'd0' of compute 'other': no compute named 'other' in this function}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "compute_at", target = "other", axis = "d0"}]} : () -> tensor<4x8xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// compute_at: the axis is a loop of the target, named as its own steps left it.
func.func @compute_at_unknown_axis(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{cannot compute 'sq' at 'i' of compute 'neg': no loop named 'i' in compute 'neg' (loops: d0, d1)}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "compute_at", target = "neg", axis = "i"}]} : () -> tensor<4x8xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// compute_at runs after every other step, so it must be the last one.
func.func @compute_at_not_last(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{schedule step #0 (compute_at) of compute 'sq': compute_at must be the last step of a trace (it is applied after every other step of every nest)}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "compute_at", target = "neg", axis = "d0"}, {prim = "parallel", axis = "d0"}]} : () -> tensor<4x8xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// compute_at: the consumer reads sq[i, j*j mod 8] inside d0: not linear in d1.
func.func @compute_at_nonlinear(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{cannot compute 'sq' at 'd0' of compute 'neg': index 1 of its read of 'sq' is not a linear function of the loops inside 'd0'}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "compute_at", target = "neg", axis = "d0"}]} : () -> tensor<4x8xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %jj = arith.muli %j, %j : index
    %c8 = arith.constant 8 : index
    %k = arith.remui %jj, %c8 : index
    %x = "te.read"(%p, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// compute_at: a reader outside the loop would miss the elements not computed.
func.func @compute_at_other_reader(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{cannot compute 'sq' at 'd0' of compute 'neg': its result is also used outside loop 'd0' ('memref.load'); every reader must be inside it}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "compute_at", target = "neg", axis = "d0"}]} : () -> tensor<4x8xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  %m = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = "te.read"(%n, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %z = arith.addf %x, %y : f32
    gpu.yield %z : f32
  }) {name = "add", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}

// -----

// compute_at: a function result must be computed whole.
func.func @compute_at_output(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{cannot compute 'sq' at 'd0' of compute 'neg': its result is an output of the function (only buffers the function allocates can be computed in parts)}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "compute_at", target = "neg", axis = "d0"}]} : () -> tensor<4x8xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}

// -----

// compute_at: only spatial producers (a reduction is refused).
func.func @compute_at_reduction(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot compute 'sum' at 'd0' of compute 'neg': its nest is not a perfect spatial nest around one store (reductions and producers scheduled by other steps are not supported)}}
  %r = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<4x8xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "sum", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "compute_at", target = "neg", axis = "d0"}]} : () -> tensor<4xf32>
  %n = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%r, %i) : (tensor<4xf32>, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "neg", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// cache_write: only the local scope.
func.func @cache_write_scope(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{schedule step #0 (cache_write) of compute 'sq': only scope "local" is implemented on tir}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "cache_write", scope = "global", axis = "d0"}]} : () -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}


// -----

// cache_write: the local buffer belongs to a loop.
func.func @cache_write_no_axis(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{schedule step #0 (cache_write) of compute 'sq': scope "local" needs an 'axis' (the loop whose iterations write through the local buffer)}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "cache_write", scope = "local"}]} : () -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}


// -----

// cache_write: unknown loop.
func.func @cache_write_unknown_axis(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{no loop named 'i' in compute 'sq' (loops: d0, d1)}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "cache_write", scope = "local", axis = "i"}]} : () -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}


// -----

// cache_write: after fuse + split, the row index (f div 8) carries across the inner loop.
func.func @cache_write_nonlinear(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{cannot cache_write at 'd0+d1.0' of compute 'sq': index 0 of its output is not a linear function of the loops inside it}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "fuse", axes = ["d0", "d1"]}, {prim = "split", axis = "d0+d1", factors = array<i64: 3>}, {prim = "cache_write", scope = "local", axis = "d0+d1.0"}]} : () -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}


// -----

// cache_write: the local buffer must stay small.
func.func @cache_write_too_big(%a: tensor<300x300xf32>) -> tensor<300x300xf32> {
  // expected-error@+1 {{cannot cache_write at 'd0.0' of compute 'sq': the local buffer would hold more than 65536 elements (cache at an inner loop)}}
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<300x300xf32>, index, index) -> f32
    %y = arith.mulf %x, %x : f32
    gpu.yield %y : f32
  }) {name = "sq", reduce_extents = array<i64>, schedule = [{prim = "split", axis = "d0", factors = array<i64: 300>}, {prim = "cache_write", scope = "local", axis = "d0.0"}]} : () -> tensor<300x300xf32>
  return %p : tensor<300x300xf32>
}
