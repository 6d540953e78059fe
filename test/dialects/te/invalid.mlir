// Every error the te verifier (dialects/te/te.c) can emit, one case each.
// (Unranked tensors are rejected by IRDL's !builtin.tensor base already.)
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @bad_element(%v: complex<f32>) {
  // expected-error @+1 {{result element type must be an integer, index or float type, got complex<f32>}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : complex<f32>
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @empty_name(%v: f32) {
  // expected-error @+1 {{'name' must be a non-empty string}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return
}

// -----

func.func @extents_i32(%v: f32) {
  // expected-error @+1 {{'reduce_extents' must be an array<i64: ...>}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i32>} : () -> tensor<4xf32>
  return
}

// -----

func.func @zero_extent(%v: f32) {
  // expected-error @+1 {{reduce extent #0 must be positive or -1 (dynamic), got 0}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64: 0>, combiner = "add", init = 0.0 : f32} : () -> tensor<4xf32>
  return
}

// -----

func.func @missing_dims(%v: f32, %n: index) {
  // expected-error @+1 {{expects 2 dims operand(s) (one per dynamic result dimension and dynamic reduce extent), got 1}}
  %c = "te.compute"(%n) ({
  ^bb0(%i: index, %k: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64: -1>, combiner = "add", init = 0.0 : f32} : (index) -> tensor<?xf32>
  return
}

// -----

func.func @combiner_without_reduce(%v: f32) {
  // expected-error @+1 {{'combiner' and 'init' must be absent without reduce axes}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>, combiner = "add"} : () -> tensor<4xf32>
  return
}

// -----

func.func @no_combiner(%v: f32) {
  // expected-error @+1 {{reduce axes require a 'combiner' attribute}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64: 8>, init = 0.0 : f32} : () -> tensor<4xf32>
  return
}

// -----

func.func @bad_combiner(%v: f32) {
  // expected-error @+1 {{'combiner' must be one of "add", "max", "min" or "mul", got "xor"}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64: 8>, combiner = "xor", init = 0.0 : f32} : () -> tensor<4xf32>
  return
}

// -----

func.func @no_init(%v: f32) {
  // expected-error @+1 {{reduce axes require an 'init' attribute}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64: 8>, combiner = "add"} : () -> tensor<4xf32>
  return
}

// -----

func.func @init_type(%v: f32) {
  // expected-error @+1 {{'init' must be an integer or float attribute of type f32, got 0 : i32}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64: 8>, combiner = "add", init = 0 : i32} : () -> tensor<4xf32>
  return
}

// -----

func.func @two_blocks(%v: f32) {
  // expected-error @+1 {{body must have exactly one block}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    cf.br ^bb1
  ^bb1:
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return
}

// -----

func.func @yield_nothing() {
  // expected-error @+1 {{body must end with gpu.yield of 1 value(s)}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return
}

// -----

func.func @arity(%v: f32) {
  // expected-error @+1 {{body must have 3 index arguments (2 spatial + 1 reduce), got 2}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64: 8>, combiner = "add", init = 0.0 : f32} : () -> tensor<4x4xf32>
  return
}

// -----

func.func @arg_type(%v: f32) {
  // expected-error @+1 {{body argument #1 must be index, got i32}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: i32):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4x4xf32>
  return
}

// -----

func.func @yield_type(%v: f64) {
  // expected-error @+1 {{body yields f64, expected the element type f32}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f64
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return
}

// -----

func.func @axis_names(%v: f32) {
  // expected-error @+1 {{'axis_names' must be an array of 2 distinct non-empty strings}}
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>, axis_names = ["i", "i"]} : () -> tensor<4x4xf32>
  return
}

// -----

func.func @schedule_not_array(%v: f32) {
  // expected-error @+1 {{'schedule' must be an array of step dictionaries}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>, schedule = {prim = "split"}} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_no_prim(%v: f32) {
  // expected-error @+1 {{schedule step #0: missing field 'prim'}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>, schedule = [{axis = "d0"}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_unknown_prim(%v: f32) {
  // expected-error @+1 {{schedule step #1: unknown primitive "splt"}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "parallel", axis = "d0"}, {prim = "splt", axis = "d0"}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_unknown_field(%v: f32) {
  // expected-error @+1 {{schedule step #0 (split): unknown field 'factor'}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factor = 2}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_missing_field(%v: f32) {
  // expected-error @+1 {{schedule step #0 (split): missing field 'factors'}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>, schedule = [{prim = "split", axis = "d0"}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_bad_value(%v: f32) {
  // expected-error @+1 {{schedule step #0 (split): 'factors' must be a non-empty array<i64: ...> of positive factors or a knob}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 0>}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_not_tunable(%v: f32) {
  // expected-error @+1 {{schedule step #0 (parallel): 'axis' is not tunable}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "parallel", axis = {knob = "p", choices = ["d0"]}}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @knob_no_name(%v: f32) {
  // expected-error @+1 {{schedule step #0 (split): knob in 'factors' needs a non-empty 'knob' name}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "", parts = 2}}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @knob_unknown_key(%v: f32) {
  // expected-error @+1 {{schedule step #0 (split): knob 'tile' has unknown key 'choice'}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "tile", choice = [array<i64: 2>]}}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @knob_no_domain(%v: f32) {
  // expected-error @+1 {{schedule step #0 (split): knob 'tile' needs either a non-empty 'choices' array or a 'parts' count}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "tile", choices = []}}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @knob_parts(%v: f32) {
  // expected-error @+1 {{schedule step #0 (unroll): knob 'u': 'parts' must be an integer >= 2 and only applies to 'factors'}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "unroll", axis = "d0", factor = {knob = "u", parts = 2}}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @knob_bad_choice(%v: f32) {
  // expected-error @+1 {{schedule step #0 (unroll): choice #1 of knob 'u' must be a positive integer}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "unroll", axis = "d0", factor = {knob = "u", choices = [2, 0]}}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @read_rank(%t: tensor<4x4xf32>) {
  %c = "te.compute"() ({
  ^bb0(%i: index):
    // expected-error @+1 {{'te.read' op expects 2 indices for a rank-2 tensor, got 1}}
    %x = "te.read"(%t, %i) : (tensor<4x4xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return
}

// -----

func.func @read_type(%t: tensor<4xf32>) {
  %c = "te.compute"() ({
  ^bb0(%i: index):
    // expected-error @+1 {{'te.read' op result type f64 does not match the tensor element type f32}}
    %x = "te.read"(%t, %i) : (tensor<4xf32>, index) -> f64
    %y = arith.truncf %x : f64 to f32
    gpu.yield %y : f32
  }) {name = "c", reduce_extents = array<i64>} : () -> tensor<4xf32>
  return
}

// -----

func.func @read_outside(%t: tensor<4xf32>, %i: index) -> f32 {
  // expected-error @+1 {{'te.read' op must be nested in a te.compute body}}
  %x = "te.read"(%t, %i) : (tensor<4xf32>, index) -> f32
  return %x : f32
}

// -----

func.func @step_enabled_not_bool(%v: f32) {
  // expected-error @+1 {{schedule step #0 (parallel): 'enabled' must be true or false or a knob}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "parallel", axis = "d0", enabled = 1 : i64}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_enabled_knob_choice(%v: f32) {
  // expected-error @+1 {{schedule step #0 (parallel): choice #1 of knob 'on' must be true or false}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "parallel", axis = "d0", enabled = {knob = "on", choices = [true, "no"]}}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_prim_not_string(%v: f32) {
  // expected-error @+1 {{schedule step #0: 'prim' must be a string}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>, schedule = [{prim = 3 : i64}]} : () -> tensor<4xf32>
  return
}

// -----

// Lists hold at most 16 names or factors (what the tir primitives take).
func.func @step_too_many_factors(%v: f32) {
  // expected-error @+1 {{schedule step #0 (split): 'factors' holds more than 16 entries}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "split", axis = "d0", factors = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}]} : () -> tensor<4xf32>
  return
}

// -----

func.func @step_choice_too_many_names(%v: f32) {
  // expected-error @+1 {{schedule step #0 (reorder): choice #0 of knob 'o' holds more than 16 entries}}
  %c = "te.compute"() ({
  ^bb0(%i: index):
    gpu.yield %v : f32
  }) {name = "c", reduce_extents = array<i64>,
      schedule = [{prim = "reorder", order = {knob = "o", choices = [["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q"]]}}]} : () -> tensor<4xf32>
  return
}
