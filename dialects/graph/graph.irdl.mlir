// The graph dialect: one op per deep-learning operator, on builtin ranked
// tensors with value semantics (the top of Strata's lowering ladder).
// IRDL checks structure only: operand/result counts, that every operand and
// result is a ranked tensor, and attribute kinds. Shape rules and attribute
// values (lengths, ranges, layouts, element types) are checked in C by
// dialects/graph/graph_verify.c and graph_infer_*.c. Reference: docs/dialects/graph.md.
//
// IRDL conventions used below (each constraint value is a type variable:
// every use of one value must bind the same type/attribute):
// - one constraint value per operand, result and attribute, never shared;
// - integer lists are array<i64: ...> (#builtin.dense_array), integer
//   scalars i64 and booleans i1 (#builtin.integer), floats f32
//   (#builtin.float), enums and layouts strings (#builtin.string);
// - every declared attribute is mandatory (no defaults in the IR);
// - concat is binary: a variadic group would force identical input types.
irdl.dialect @graph {
  // !graph.string: the element type of ONNX string tensors (UTF-8 text).
  // Below the graph dialect a string element is a handle (an i64 holding a
  // `const char *`): see docs/dialects/graph.md, "String tensors".
  irdl.type @string

  // %r = graph.constant {value = dense<...> | dense_resource<...>}: value's type is the result type
  // (dense<["a", "b"]> : tensor<2x!graph.string> for strings).
  irdl.operation @constant {
    %result = irdl.base "!builtin.tensor"
    %value_dense = irdl.base "#builtin.dense_int_or_fp_elements"
    %value_resource = irdl.base "#builtin.dense_resource_elements"
    %value_strings = irdl.base "#builtin.dense_string_elements"
    %value = irdl.any_of(%value_dense, %value_resource, %value_strings)
    irdl.results(result: %result)
    irdl.attributes {"value" = %value}
  }

  // ---- Elementwise unary: result shape and element type are the input's.

  // max(x, 0).
  irdl.operation @relu {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Logistic 1 / (1 + exp(-x)); float only.
  irdl.operation @sigmoid {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // tanh(x); float only.
  irdl.operation @tanh {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // e^x; float only.
  irdl.operation @exp {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Natural logarithm; float only.
  irdl.operation @log {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Square root; float only.
  irdl.operation @sqrt {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Gauss error function; float only.
  irdl.operation @erf {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Sine; float only.
  irdl.operation @sin {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Cosine; float only.
  irdl.operation @cos {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Tangent; float only.
  irdl.operation @tan {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Arc sine; float only.
  irdl.operation @asin {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Arc cosine; float only.
  irdl.operation @acos {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Arc tangent; float only.
  irdl.operation @atan {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Hyperbolic sine; float only.
  irdl.operation @sinh {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Hyperbolic cosine; float only.
  irdl.operation @cosh {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Inverse hyperbolic sine; float only.
  irdl.operation @asinh {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Inverse hyperbolic cosine; float only.
  irdl.operation @acosh {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Inverse hyperbolic tangent; float only.
  irdl.operation @atanh {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Round to the nearest integer, halves to even; float only.
  irdl.operation @round {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Smallest integer not below x; float only.
  irdl.operation @ceil {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Largest integer not above x; float only.
  irdl.operation @floor {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Negation.
  irdl.operation @neg {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Absolute value.
  irdl.operation @abs {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // x * Phi(x); approximate = "none" (erf form) or "tanh"; float only.
  irdl.operation @gelu {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %approximate = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"approximate" = %approximate}
  }

  // x < 0 ? alpha * x : x; alpha: f32.
  irdl.operation @leaky_relu {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %alpha = irdl.base "#builtin.float"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"alpha" = %alpha}
  }

  // min(max(x, min), max); min, max: scalars of the element type, min <= max.
  irdl.operation @clip {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %min_int = irdl.base "#builtin.integer"
    %min_float = irdl.base "#builtin.float"
    %min = irdl.any_of(%min_int, %min_float)
    %max_int = irdl.base "#builtin.integer"
    %max_float = irdl.base "#builtin.float"
    %max = irdl.any_of(%max_int, %max_float)
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"min" = %min, "max" = %max}
  }

  // ---- Elementwise binary with numpy broadcasting; same element types.

  // lhs + rhs.
  irdl.operation @add {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // lhs - rhs.
  irdl.operation @sub {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // lhs * rhs.
  irdl.operation @mul {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // lhs / rhs.
  irdl.operation @div {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // Elementwise maximum(lhs, rhs).
  irdl.operation @maximum {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // Elementwise minimum(lhs, rhs).
  irdl.operation @minimum {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // lhs ^ rhs.
  irdl.operation @pow {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // Remainder of lhs / rhs: fmod = true truncates the quotient (the sign of
  // lhs, C's fmod and %), false floors it (the sign of rhs, Python's %);
  // fmod: i1.
  irdl.operation @mod {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %fmod = irdl.base "#builtin.integer"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
    irdl.attributes {"fmod" = %fmod}
  }

  // lhs shifted left by rhs bits (zeros shifted in); integers only; a shift
  // by the bit width or more gives 0.
  irdl.operation @shift_left {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // lhs shifted right by rhs bits: logically (zeros shifted in) for unsigned
  // types, arithmetically (the sign bit) for signed ones; integers only; an
  // amount of the bit width or more (taken unsigned) gives the fill alone.
  irdl.operation @shift_right {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // Bitwise and / or / xor of lhs and rhs; integers only (ONNX BitwiseAnd,
  // BitwiseOr, BitwiseXor).
  irdl.operation @bitwise_and {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @bitwise_or {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  irdl.operation @bitwise_xor {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // Every bit of input flipped; integers only (ONNX BitwiseNot).
  irdl.operation @bitwise_not {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // The input's bits reinterpreted as another element type of the same
  // width (ONNX BitCast): a float and a signless integer, or two floats;
  // shape unchanged.
  irdl.operation @bitcast {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // ---- Contractions.

  // Matrix product [M, K] x [K, N] -> [M, N].
  irdl.operation @matmul {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // [B..., M, K] x [B..., K, N] -> [B..., M, N] (rank >= 3, batch dims broadcast).
  irdl.operation @batch_matmul {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // input [..., K] . weight[N, K]^T (+ bias [N]) -> [..., N].
  irdl.operation @dense {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(result: %result)
  }

  // 2-D convolution (+ bias [O]). padding = [top, left, bottom, right];
  // data_layout e.g. "NCHW", "NHWC", "NCHW8c"; kernel_layout e.g. "OIHW", "HWIO", "OIHW8i8o".
  // The result has the data layout.
  irdl.operation @conv2d {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %dilation = irdl.base "#builtin.dense_array"
    %groups = irdl.base "#builtin.integer"
    %data_layout = irdl.base "#builtin.string"
    %kernel_layout = irdl.base "#builtin.string"
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"strides" = %strides, "padding" = %padding, "dilation" = %dilation, "groups" = %groups, "data_layout" = %data_layout, "kernel_layout" = %kernel_layout}
  }

  // ---- Pooling (layout as conv2d's data_layout).

  // kernel, strides, dilation: [h, w]; padding: [top, left, bottom, right]; ceil_mode: i1.
  irdl.operation @max_pool2d {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %kernel = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %dilation = irdl.base "#builtin.dense_array"
    %ceil_mode = irdl.base "#builtin.integer"
    %layout = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"kernel" = %kernel, "strides" = %strides, "padding" = %padding, "dilation" = %dilation, "ceil_mode" = %ceil_mode, "layout" = %layout}
  }

  // The argmax of max_pool2d's windows: i64 flat indices into the input
  // over its logical (N, C, H, W) axes, whatever the layout (storage_order
  // 0: row-major ((n*C + c)*H + h)*W + w; 1: column-major over H, W:
  // ((n*C + c)*W + w)*H + h); the first maximum in window order; padding
  // never wins. Attributes and result shape as max_pool2d's.
  irdl.operation @max_pool2d_indices {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %kernel = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %dilation = irdl.base "#builtin.dense_array"
    %ceil_mode = irdl.base "#builtin.integer"
    %storage_order = irdl.base "#builtin.integer"
    %layout = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"kernel" = %kernel, "strides" = %strides, "padding" = %padding, "dilation" = %dilation, "ceil_mode" = %ceil_mode, "storage_order" = %storage_order, "layout" = %layout}
  }

  // count_include_pad: i1 (padding zeros count in the divisor).
  irdl.operation @avg_pool2d {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %kernel = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %ceil_mode = irdl.base "#builtin.integer"
    %count_include_pad = irdl.base "#builtin.integer"
    %layout = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"kernel" = %kernel, "strides" = %strides, "padding" = %padding, "ceil_mode" = %ceil_mode, "count_include_pad" = %count_include_pad, "layout" = %layout}
  }

  // ---- 3-D windows: the 2-D ops' attributes with three spatial axes D, H, W.
  // conv3d: data_layout "NCDHW" (or any order / blocks of N, C, D, H, W),
  // kernel_layout "OIDHW"; strides, dilation: [d, h, w]; padding:
  // [front, top, left, back, bottom, right].
  irdl.operation @conv3d {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %dilation = irdl.base "#builtin.dense_array"
    %groups = irdl.base "#builtin.integer"
    %data_layout = irdl.base "#builtin.string"
    %kernel_layout = irdl.base "#builtin.string"
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"strides" = %strides, "padding" = %padding, "dilation" = %dilation, "groups" = %groups, "data_layout" = %data_layout, "kernel_layout" = %kernel_layout}
  }

  // kernel, strides, dilation: [d, h, w]; padding as conv3d's; layout "NCDHW".
  irdl.operation @max_pool3d {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %kernel = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %dilation = irdl.base "#builtin.dense_array"
    %ceil_mode = irdl.base "#builtin.integer"
    %layout = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"kernel" = %kernel, "strides" = %strides, "padding" = %padding, "dilation" = %dilation, "ceil_mode" = %ceil_mode, "layout" = %layout}
  }

  irdl.operation @avg_pool3d {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %kernel = irdl.base "#builtin.dense_array"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %ceil_mode = irdl.base "#builtin.integer"
    %count_include_pad = irdl.base "#builtin.integer"
    %layout = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"kernel" = %kernel, "strides" = %strides, "padding" = %padding, "ceil_mode" = %ceil_mode, "count_include_pad" = %count_include_pad, "layout" = %layout}
  }

  // Mean over H and W, which become 1 (rank kept).
  irdl.operation @global_avg_pool2d {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %layout = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"layout" = %layout}
  }

  // ---- Normalization.

  // Inference: (x - mean) / sqrt(var + epsilon) * gamma + beta along `axis`;
  // gamma, beta, mean, var: [C] with C = dim(input, axis).
  irdl.operation @batch_norm {
    %input = irdl.base "!builtin.tensor"
    %gamma = irdl.base "!builtin.tensor"
    %beta = irdl.base "!builtin.tensor"
    %mean = irdl.base "!builtin.tensor"
    %var = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %epsilon = irdl.base "#builtin.float"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(input: %input, gamma: %gamma, beta: %beta, mean: %mean, var: %var)
    irdl.results(result: %result)
    irdl.attributes {"epsilon" = %epsilon, "axis" = %axis}
  }

  // Softmax along `axis` (0 <= axis < rank).
  irdl.operation @softmax {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // ---- Data movement.

  // The result type is the new shape; element counts agree. The optional
  // `shape` (1-D i64, one value per result dim) gives the dynamic dims at
  // run time (0: the input's dim, -1: what the others leave).
  irdl.operation @reshape {
    %input = irdl.base "!builtin.tensor"
    %shape = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, shape: optional %shape)
    irdl.results(result: %result)
  }

  // The dims of the input as a 1-D i64 tensor, computed at run time.
  irdl.operation @shape {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // Permutation: result dim i = input dim perm[i].
  irdl.operation @transpose {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %perm = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"perm" = %perm}
  }

  // Binary: dims other than `axis` agree; result dim axis = lhs + rhs.
  irdl.operation @concat {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // Per dim: [start, min(end, dim)) by step; full rank, 0 <= start <= end, step >= 1.
  irdl.operation @slice {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %starts = irdl.base "#builtin.dense_array"
    %ends = irdl.base "#builtin.dense_array"
    %steps = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"starts" = %starts, "ends" = %ends, "steps" = %steps}
  }

  // pads = [begin_0, ..., begin_r-1, end_0, ..., end_r-1] (>= 0);
  // pad_value: scalar of the element type.
  irdl.operation @pad {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %pads = irdl.base "#builtin.dense_array"
    %pad_value_int = irdl.base "#builtin.integer"
    %pad_value_float = irdl.base "#builtin.float"
    %pad_value = irdl.any_of(%pad_value_int, %pad_value_float)
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"pads" = %pads, "pad_value" = %pad_value}
  }

  // [d0..dn-1] -> [d0*..*d(axis-1), d(axis)*..*d(n-1)], 0 <= axis <= rank.
  irdl.operation @flatten {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // ---- Reductions: axes non-empty, distinct, in range; keepdims: i1.

  // Sum over `axes`.
  irdl.operation @reduce_sum {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // Mean over `axes`.
  irdl.operation @reduce_mean {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // Max over `axes`.
  irdl.operation @reduce_max {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // Min over `axes`.
  irdl.operation @reduce_min {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // Product over `axes`.
  irdl.operation @reduce_prod {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    %keepdims = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axes" = %axes, "keepdims" = %keepdims}
  }

  // Index (i64) of the maximum along `axis` (the first one, or the last
  // with select_last_index; a NaN counts as the maximum); keepdims and
  // select_last_index: i1.
  irdl.operation @argmax {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %keepdims = irdl.base "#builtin.integer"
    %select_last_index = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis, "keepdims" = %keepdims, "select_last_index" = %select_last_index}
  }

  // Index (i64) of the minimum along `axis`; as argmax.
  irdl.operation @argmin {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %keepdims = irdl.base "#builtin.integer"
    %select_last_index = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis, "keepdims" = %keepdims, "select_last_index" = %select_last_index}
  }

  // Cumulative sum along `axis`: exclusive leaves the element itself out,
  // reverse sums from the end; exclusive and reverse: i1.
  irdl.operation @cumsum {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %exclusive = irdl.base "#builtin.integer"
    %reverse = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis, "exclusive" = %exclusive, "reverse" = %reverse}
  }

  // ---- Types and layouts.

  // Element type conversion; shape unchanged.
  irdl.operation @cast {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // TVM-style: e.g. "NCHW" -> "NCHW8c" ([1,32,7,7] -> [1,4,7,7,8]); same primal axes.
  irdl.operation @layout_transform {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %src_layout = irdl.base "#builtin.string"
    %dst_layout = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"src_layout" = %src_layout, "dst_layout" = %dst_layout}
  }

  // ---- Comparison and selection (numpy broadcasting).

  // lhs == rhs; same element types; result element type i1.
  irdl.operation @equal {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // lhs > rhs (signed for integers); result element type i1.
  irdl.operation @greater {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // lhs < rhs (signed for integers); result element type i1.
  irdl.operation @less {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // condition ? x : y; condition i1; the three broadcast together.
  irdl.operation @where {
    %condition = irdl.base "!builtin.tensor"
    %x = irdl.base "!builtin.tensor"
    %y = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(condition: %condition, x: %x, y: %y)
    irdl.results(result: %result)
  }

  // ---- Indexing and broadcasting copies.

  // data[..., indices[...], ...] along `axis`; indices i32/i64, negative
  // values count from the end; result = data[:axis] + indices + data[axis+1:].
  irdl.operation @gather {
    %data = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(data: %data, indices: %indices)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // result[i] = data[i with i[axis] replaced by indices[i]] (ONNX
  // GatherElements); indices: i32/i64 of data's rank; result: indices' shape.
  irdl.operation @gather_elements {
    %data = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.operands(data: %data, indices: %indices)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis}
  }

  // data with updates[j] written at j with j[axis] replaced by indices[j]
  // (ONNX ScatterElements), combined by `reduction` ("none": replaced,
  // "add", "mul", "max", "min"); indices: i32/i64, updates: indices' shape.
  irdl.operation @scatter_elements {
    %data = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %updates = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %reduction = irdl.base "#builtin.string"
    irdl.operands(data: %data, indices: %indices, updates: %updates)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %axis, "reduction" = %reduction}
  }

  // Numpy broadcast of the input to the result type's shape.
  irdl.operation @expand {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(result: %result)
  }

  // ---- Up-sampling.

  // Transposed 2-D convolution (ONNX ConvTranspose), NCHW input, IOHW weight
  // [C, O/groups, KH, KW] (+ bias [O]); padding = [top, left, bottom, right];
  // output_padding = [h, w] added at the bottom/right.
  irdl.operation @conv_transpose2d {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %dilation = irdl.base "#builtin.dense_array"
    %output_padding = irdl.base "#builtin.dense_array"
    %groups = irdl.base "#builtin.integer"
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"strides" = %strides, "padding" = %padding, "dilation" = %dilation, "output_padding" = %output_padding, "groups" = %groups}
  }

  // Transposed 3-D convolution: conv_transpose2d's attributes with three
  // spatial axes: NCDHW input, IODHW weight [C, O/groups, KD, KH, KW];
  // strides, dilation, output_padding [d, h, w]; padding [front, top, left,
  // back, bottom, right].
  irdl.operation @conv_transpose3d {
    %input = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %strides = irdl.base "#builtin.dense_array"
    %padding = irdl.base "#builtin.dense_array"
    %dilation = irdl.base "#builtin.dense_array"
    %output_padding = irdl.base "#builtin.dense_array"
    %groups = irdl.base "#builtin.integer"
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"strides" = %strides, "padding" = %padding, "dilation" = %dilation, "output_padding" = %output_padding, "groups" = %groups}
  }

  // ONNX Resize: mode "nearest" | "linear" | "cubic"; coordinate_transformation_mode
  // "half_pixel" | "asymmetric" | "align_corners" | "pytorch_half_pixel" |
  // "tf_crop_and_resize" | "half_pixel_symmetric"; nearest_mode "round_prefer_floor" |
  // "round_prefer_ceil" | "floor" | "ceil"; scales: array<f64> per dim (> 0). The
  // result type is the output size (floor(in * scale), or rounded half up).
  // Optional (checked by the C verifier): cubic_coeff_a (float, default -0.75),
  // exclude_outside (bool), antialias (bool: linear and cubic downsampling
  // stretch their filter by 1 / scale), roi (array<f64>, starts then ends;
  // required by tf_crop_and_resize), extrapolation_value (float, default 0).
  irdl.operation @resize {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %mode = irdl.base "#builtin.string"
    %coordinate_transformation_mode = irdl.base "#builtin.string"
    %nearest_mode = irdl.base "#builtin.string"
    %scales = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"mode" = %mode, "coordinate_transformation_mode" = %coordinate_transformation_mode, "nearest_mode" = %nearest_mode, "scales" = %scales}
  }

  // ---- Sampling.

  // ONNX GridSample (1-D to 3-D): input [N, C, D1..Dk], grid [N, O1..Ok, k]
  // of normalized positions in [-1, 1], (x, y, z) with x along Dk (2-D: input
  // [N, C, H, W], grid [N, Ho, Wo, 2]); result [N, C, O1..Ok]. mode
  // "bilinear" | "nearest" | "bicubic"; padding_mode "zeros" | "border" |
  // "reflection"; align_corners: bool (checked by the C verifier).
  irdl.operation @grid_sample {
    %input = irdl.base "!builtin.tensor"
    %grid = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %mode = irdl.base "#builtin.string"
    %padding_mode = irdl.base "#builtin.string"
    %align_corners = irdl.base "#builtin.integer"
    irdl.operands(input: %input, grid: %grid)
    irdl.results(result: %result)
    irdl.attributes {"mode" = %mode, "padding_mode" = %padding_mode, "align_corners" = %align_corners}
  }

  // ONNX StringNormalizer: input [C] or [1, C] of !graph.string; the
  // strings equal to a stopword are dropped (compared ASCII
  // case-insensitively unless is_case_sensitive), the others keep their
  // order and get case_change_action ("NONE" | "LOWER" | "UPPER", ASCII
  // letters). result [K] or [1, K] (same rank): K is data-dependent, fixed
  // by whoever builds the op (the ONNX importer, from the input's value);
  // when nothing is kept the result is one empty string.
  irdl.operation @string_normalizer {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %case_change_action = irdl.base "#builtin.string"
    %is_case_sensitive = irdl.base "#builtin.integer"
    %stopwords = irdl.base "#builtin.array"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"case_change_action" = %case_change_action, "is_case_sensitive" = %is_case_sensitive, "stopwords" = %stopwords}
  }

  // ---- ONNX string operators of opset 19/20 and the ai.onnx.ml lookup
  // (one block: string_concat, string_split, regex_full_match,
  // label_lookup).

  // ONNX StringConcat: lhs and rhs (!graph.string, numpy broadcasting);
  // each result string is lhs's bytes followed by rhs's.
  irdl.operation @string_concat {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
  }

  // ONNX StringSplit, one op per output as unique: input [...] of
  // !graph.string split as Python's str.split (`delimiter`; "" splits at
  // runs of ASCII whitespace), at most `maxsplit` splits (< 0: all). `part`
  // "pieces": result [..., W] !graph.string, each string's pieces padded
  // with empty strings (W is data-dependent, fixed by whoever builds the
  // op: the ONNX importer, from the input's value); "counts": result [...]
  // i64, each string's number of pieces.
  irdl.operation @string_split {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %delimiter = irdl.base "#builtin.string"
    %maxsplit = irdl.base "#builtin.integer"
    %part = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"delimiter" = %delimiter, "maxsplit" = %maxsplit, "part" = %part}
  }

  // ONNX RegexFullMatch: input [...] of !graph.string; result [...] i1,
  // whether each string fully matches `pattern` (RE2 syntax, the subset
  // runtime/text_kernels.h translates to POSIX: the ONNX importer checks
  // it; the kernel reports one it cannot translate and matches nothing).
  irdl.operation @regex_full_match {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %pattern = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"pattern" = %pattern}
  }

  // The key lookup of ai.onnx.ml LabelEncoder: input [...] of
  // !graph.string, signless integers or floats; result [...] i64, the
  // position in `keys` of the key equal to each element (the last one when
  // keys repeat, as ONNX's dict keeps it), or -1. keys: an array of strings
  // (string input), array<i64> (integer input) or array<f64> (float
  // input: -0.0 equals 0.0, NaN equals NaN).
  irdl.operation @label_lookup {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %keys_strings = irdl.base "#builtin.array"
    %keys_numbers = irdl.base "#builtin.dense_array"
    %keys = irdl.any_of(%keys_strings, %keys_numbers)
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"keys" = %keys}
  }

  // ---- Tables and counting.

  // ONNX Unique, one output per op: the distinct slices of input along
  // `axis` (an optional i64 attribute, checked by the C verifier; absent:
  // the input flattened, elements as slices), ordered by value when
  // `sorted` (lexicographically by slice), else by first occurrence. `part`
  // selects the output: "values" (the input's element type, its shape with
  // K along axis, or [K] flattened), "indices" (i64 [K]: each unique slice's
  // first position), "inverse" (i64 [len], len the axis' size or the element
  // count: the position of each slice's unique one), "counts" (i64 [K]).
  // One op per output rather than one op with four results: the graph
  // verifier and convert-graph-to-te handle single-result ops, and all parts
  // are computed by the one runtime kernel strata_unique (each op calls it
  // for its part). K is data-dependent, fixed by whoever builds the op (the
  // ONNX importer, from the input's value); the input has a static shape
  // of rank >= 1 and integer or float elements.
  irdl.operation @unique {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %part = irdl.base "#builtin.string"
    %sorted = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"part" = %part, "sorted" = %sorted}
  }

  // ONNX ImageDecoder: input, the bytes of an encoded image (1-D, ui8 or
  // i8, static), decoded by the runtime kernel strata_image_decode
  // (runtime/image_kernels.h) into result [H, W, C] of the input's element
  // type, C = 1 for pixel_format "Grayscale", else 3 ("RGB", "BGR"). H and
  // W are data-dependent, fixed by whoever builds the op (the ONNX
  // importer, from the input's value), as Unique's count is.
  irdl.operation @image_decode {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %pixel_format = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"pixel_format" = %pixel_format}
  }

  // ONNX TfIdfVectorizer: input [C] or [N, C] of i32, i64 or !graph.string;
  // result f32 [M] or [N, M], M = max(ngram_indexes) + 1. The pool is
  // `pool_int64s` (array<i64>, integer input) or `pool_strings` (an array of
  // strings, string input, compared by content), an optional attribute
  // checked by the C verifier; ngram_counts[i] is where the (i+1)-grams
  // start in it; ngram_indexes[g] is the output column of the g-th n-gram,
  // one per n-gram of the pool. Every n-gram of min_gram_length..
  // max_gram_length items taken every 1..max_skip_count+1 positions of a row
  // (unigrams once) that equals a pool n-gram counts for its column; mode
  // "TF" writes the count, "IDF" weights[c] when it is positive (else 0),
  // "TFIDF" weights[c] times it (weights: array<f32>, empty for all 1).
  irdl.operation @tfidf_vectorizer {
    %input = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %mode = irdl.base "#builtin.string"
    %min_gram_length = irdl.base "#builtin.integer"
    %max_gram_length = irdl.base "#builtin.integer"
    %max_skip_count = irdl.base "#builtin.integer"
    %ngram_counts = irdl.base "#builtin.dense_array"
    %ngram_indexes = irdl.base "#builtin.dense_array"
    %weights = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(result: %result)
    irdl.attributes {"mode" = %mode, "min_gram_length" = %min_gram_length, "max_gram_length" = %max_gram_length, "max_skip_count" = %max_skip_count, "ngram_counts" = %ngram_counts, "ngram_indexes" = %ngram_indexes, "weights" = %weights}
  }

  // ---- Detection.

  // ONNX NonMaxSuppression: boxes [B, N, 4], scores [B, C, N] (f32);
  // per batch and class, the boxes scoring > score_threshold, best first
  // (equal scores: lower index first), are kept unless their IoU with a box
  // kept before in that class is > iou_threshold, until
  // max_output_boxes_per_class (>= 0; 0 keeps none). center_point_box 0:
  // [y1, x1, y2, x2] (any two opposite corners), 1: [x_center, y_center,
  // width, height]. result [K, 3] i64 rows (batch, class, box): K is
  // data-dependent, fixed by whoever builds the op (the ONNX importer, by
  // running the selection on the inputs' values).
  irdl.operation @non_max_suppression {
    %boxes = irdl.base "!builtin.tensor"
    %scores = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %center_point_box = irdl.base "#builtin.integer"
    %max_output_boxes_per_class = irdl.base "#builtin.integer"
    %iou_threshold = irdl.base "#builtin.float"
    %score_threshold = irdl.base "#builtin.float"
    irdl.operands(boxes: %boxes, scores: %scores)
    irdl.results(result: %result)
    irdl.attributes {"center_point_box" = %center_point_box, "max_output_boxes_per_class" = %max_output_boxes_per_class, "iou_threshold" = %iou_threshold, "score_threshold" = %score_threshold}
  }

  // ONNX RoiAlign: x [N, C, H, W], rois [R, 4] (x1, y1, x2, y2) (f32),
  // batch_indices [R] i64; result [R, C, output_height, output_width]: each
  // bin pools (mode "avg" | "max") sampling_ratio^2 bilinear samples
  // (0: adaptive); ROI corners are scaled by spatial_scale and, with
  // coordinate_transformation_mode "half_pixel", moved by -0.5
  // ("output_half_pixel": not moved, ROI at least 1 x 1).
  irdl.operation @roi_align {
    %x = irdl.base "!builtin.tensor"
    %rois = irdl.base "!builtin.tensor"
    %batch_indices = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %mode = irdl.base "#builtin.string"
    %output_height = irdl.base "#builtin.integer"
    %output_width = irdl.base "#builtin.integer"
    %sampling_ratio = irdl.base "#builtin.integer"
    %spatial_scale = irdl.base "#builtin.float"
    %coordinate_transformation_mode = irdl.base "#builtin.string"
    irdl.operands(x: %x, rois: %rois, batch_indices: %batch_indices)
    irdl.results(result: %result)
    irdl.attributes {"mode" = %mode, "output_height" = %output_height, "output_width" = %output_width, "sampling_ratio" = %sampling_ratio, "spatial_scale" = %spatial_scale, "coordinate_transformation_mode" = %coordinate_transformation_mode}
  }
}
