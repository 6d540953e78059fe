// Every error the hwi verifier (dialects/hwi/hwi.c) can emit, one case each.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// expected-error @+1 {{'hwi.intrinsic' op 'sym_name' must be a non-empty string}}
"hwi.intrinsic"() {sym_name = "", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{'kind' must be one of "fma" or "dot", got "mac"}}
"hwi.intrinsic"() {sym_name = "t", kind = "mac", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{'isa' must be one of "avx512f", "avx2", "fma", "neon" or "generic", got "sse2"}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "sse2", vector_width = 4 : i64,
                   tile = array<i64: 4, 8, 1>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{'tile' must be an array<i64: ...>}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i32: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{'acc_type' must be an integer or float type, got index}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = index} : () -> ()

// -----

func.func @nested() {
  // expected-error @+1 {{'hwi.intrinsic' op must be declared at module level}}
  "hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                     tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
  return
}

// -----

// expected-error @+1 {{'vector_width' must be a positive integer, got 0}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "generic", vector_width = 0 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{'tile' must hold three positive sizes (m, n, k)}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{tile n = 60 must be a multiple of vector_width 16}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 60, 1>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{vector_width 8 x 32-bit accumulators does not fill the 512-bit registers of "avx512f"}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 8 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{kind "fma" needs a float element_type equal to acc_type and k = 1}}
"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 2>, element_type = f32, acc_type = f32} : () -> ()

// -----

// expected-error @+1 {{kind "dot" needs k >= 2 and k x element bits = acc bits (got 2 x 8 vs 32)}}
"hwi.intrinsic"() {sym_name = "t", kind = "dot", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 2>, element_type = i8, acc_type = i32} : () -> ()

// -----

func.func @unknown(%a: memref<4x8xf32>, %b: memref<8x64xf32>, %c: memref<4x64xf32>) {
  // expected-error @+1 {{'hwi.call_tile' op references unknown intrinsic @nope}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @nope} : (memref<4x8xf32>, memref<8x64xf32>, memref<4x64xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @rank(%a: memref<4x8x1xf32>, %b: memref<8x64xf32>, %c: memref<4x64xf32>) {
  // expected-error @+1 {{operand 'lhs' must be a rank-2 memref}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<4x8x1xf32>, memref<8x64xf32>, memref<4x64xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @element(%a: memref<4x8xf32>, %b: memref<8x64xf16>, %c: memref<4x64xf32>) {
  // expected-error @+1 {{operand 'rhs' has element type f16, the intrinsic expects f32}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<4x8xf32>, memref<8x64xf16>, memref<4x64xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @big_m(%a: memref<6x8xf32>, %b: memref<8x64xf32>, %c: memref<6x64xf32>) {
  // expected-error @+1 {{operand 'lhs' dimension 0 must be at most 4 (tile m), got 6}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<6x8xf32>, memref<8x64xf32>, memref<6x64xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @wrong_n(%a: memref<4x8xf32>, %b: memref<8x64xf32>, %c: memref<4x80xf32>) {
  // expected-error @+1 {{operand 'acc' dimension 1 must be at most 64 (tile n), got 80}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<4x8xf32>, memref<8x64xf32>, memref<4x80xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @rows(%a: memref<3x8xf32>, %b: memref<8x64xf32>, %c: memref<2x64xf32>) {
  // expected-error @+1 {{lhs has 3 rows but acc has 2}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<3x8xf32>, memref<8x64xf32>, memref<2x64xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @cols(%a: memref<4x8xf32>, %b: memref<8x32xf32>, %c: memref<4x48xf32>) {
  // expected-error @+1 {{rhs has 32 columns, fewer than the 48 of acc}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<4x8xf32>, memref<8x32xf32>, memref<4x48xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
func.func @k_mismatch(%a: memref<4x8xf32>, %b: memref<16x64xf32>, %c: memref<4x64xf32>) {
  // expected-error @+1 {{lhs and rhs disagree on the reduction extent (8 vs 16)}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<4x8xf32>, memref<16x64xf32>, memref<4x64xf32>) -> ()
  return
}

// -----

"hwi.intrinsic"() {sym_name = "t", kind = "dot", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 32, 4>, element_type = i8, acc_type = i32} : () -> ()
func.func @k_multiple(%a: memref<4x6xi8>, %b: memref<?x32xi8>, %c: memref<4x32xi32>) {
  // expected-error @+1 {{reduction extent 6 is not a multiple of the intrinsic's k = 4}}
  "hwi.call_tile"(%a, %b, %c) {intrinsic = @t} : (memref<4x6xi8>, memref<?x32xi8>, memref<4x32xi32>) -> ()
  return
}
