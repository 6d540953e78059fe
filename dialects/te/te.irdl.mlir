// The te (tensor expression) dialect: the "what" of a kernel. A te.compute
// states, for every index of its result tensor, the scalar it holds; its
// schedule (the "how") is a discardable attribute on it. Checks IRDL cannot
// express (body arity, yield type, read ranks, combiner/init, schedule
// structure) live in te.c. See docs/dialects/te.md.
irdl.dialect @te {
  // %r = te.compute(dims) { ^bb(spatial..., reduce...: index): ... gpu.yield %v }
  // Attributes: name, reduce_extents (empty for a pure map). Discardable,
  // checked in C: combiner + init (present iff reduce_extents is non-empty),
  // axis_names, schedule.
  irdl.operation @compute {
    %index = irdl.is index
    %tensor = irdl.base "!builtin.tensor"
    %string = irdl.base "#builtin.string"
    %ints = irdl.base "#builtin.dense_array"
    %body = irdl.region
    irdl.operands(dims: variadic %index)
    irdl.results(result: %tensor)
    irdl.attributes {"name" = %string, "reduce_extents" = %ints}
    irdl.regions(body: %body)
  }

  // %v = te.read %tensor[%i, %j]: one element of a tensor captured from the
  // enclosing function, read inside a te.compute body.
  irdl.operation @read {
    %tensor = irdl.base "!builtin.tensor"
    %index = irdl.is index
    %any = irdl.any
    irdl.operands(tensor: %tensor, indices: variadic %index)
    irdl.results(value: %any)
  }
}
