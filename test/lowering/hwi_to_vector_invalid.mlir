// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-hwi-to-vector)'

// Intrinsics the vector lowering cannot express are refused with a reason.
"hwi.intrinsic"() {sym_name = "vnni", kind = "dot", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 1, 16, 4>, element_type = i8, acc_type = i32} : () -> ()
func.func @dot(%a: memref<1x8xi8>, %b: memref<8x16xi8>, %c: memref<1x16xi32>) {
  // expected-error @+1 {{convert-hwi-to-vector lowers only "fma" intrinsics}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @vnni} : (memref<1x8xi8>, memref<8x16xi8>, memref<1x16xi32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "big", kind = "fma", isa = "generic", vector_width = 8 : i64,
                   tile = array<i64: 16, 72, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @too_many(%a: memref<16x4xf32>, %b: memref<4x72xf32>, %c: memref<16x72xf32>) {
  // expected-error @+1 {{tile 16x72 needs 144 accumulators; at most 64}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @big} : (memref<16x4xf32>, memref<4x72xf32>, memref<16x72xf32>) -> ()
  return
}
