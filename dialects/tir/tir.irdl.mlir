// The tir dialect: scheduled loop nests over memref buffers. tir adds only
// what upstream lacks — named loops with a kind, buffers with a scope — and
// reuses memref.load/store/dealloc, scf and vector for the rest. Checks IRDL
// cannot express (kind/scope values, step > 0, dims count) live in tir.c.
// See docs/dialects/tir.md.
irdl.dialect @tir {
  // tir.for %lb to %ub step %step { ^bb(%iv: index): ... gpu.yield }
  // Attributes: name ("i.0"), kind ("serial" | "parallel" | "vectorized" |
  // "unrolled").
  irdl.operation @for {
    %index = irdl.is index
    %name = irdl.base "#builtin.string"
    %kind = irdl.base "#builtin.string"
    %body = irdl.region(%index)
    irdl.operands(lower: %index, upper: %index, step: %index)
    irdl.attributes {"name" = %name, "kind" = %kind}
    irdl.regions(body: %body)
  }

  // %buf = tir.alloc_buffer(dims) : memref<...>: a buffer for a stage of the
  // loop nest; one `dims` operand per dynamic dimension of the result.
  // Attribute: scope ("global" | "local" | "packed").
  irdl.operation @alloc_buffer {
    %index = irdl.is index
    %memref = irdl.base "!builtin.memref"
    %string = irdl.base "#builtin.string"
    irdl.operands(dims: variadic %index)
    irdl.results(buffer: %memref)
    irdl.attributes {"scope" = %string}
  }
}
