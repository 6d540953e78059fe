// The hwi dialect: hardware intrinsics. hwi.intrinsic declares a register-
// blocked micro-kernel C[m,n] += A[m,k] * B[k,n] (its ISA, vector width, tile
// and types); hwi.call_tile invokes one on memref views after tensorize.
// Checks IRDL cannot express (ISA names, tile/vector fit, operand shapes
// against the referenced intrinsic) live in hwi.c. See docs/dialects/hwi.md.
irdl.dialect @hwi {
  // Module-level declaration, referenced by symbol.
  irdl.operation @intrinsic {
    // One constraint per attribute: a constraint value binds to the first
    // attribute it matches, so sharing one would force equal values.
    %sym_name = irdl.base "#builtin.string"
    %kind = irdl.base "#builtin.string"
    %isa = irdl.base "#builtin.string"
    %vector_width = irdl.base "#builtin.integer"
    %tile = irdl.base "#builtin.dense_array"
    %element_type = irdl.base "#builtin.type"
    %acc_type = irdl.base "#builtin.type"
    irdl.attributes {
      "sym_name" = %sym_name,
      "kind" = %kind,
      "isa" = %isa,
      "vector_width" = %vector_width,
      "tile" = %tile,
      "element_type" = %element_type,
      "acc_type" = %acc_type
    }
  }

  // hwi.call_tile @intrinsic(%a, %b, %c): C += A * B on one register tile;
  // A is m x K, B is K x N-panel (n wide), C is m x n, K a multiple of k.
  irdl.operation @call_tile {
    %a = irdl.base "!builtin.memref"
    %b = irdl.base "!builtin.memref"
    %c = irdl.base "!builtin.memref"
    %sym = irdl.base "#builtin.symbol_ref"
    irdl.operands(lhs: %a, rhs: %b, acc: %c)
    irdl.attributes {"intrinsic" = %sym}
  }
}
