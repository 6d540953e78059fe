// Round trip of every hwi op (generic form: IRDL ops print generically), through
// strata-opt (IRDL + C checks), twice, and through upstream mlir-opt with the
// IRDL definitions alone.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: mlir-opt-22 --irdl-file=%irdl %s | FileCheck %s

// Intrinsic declarations: fp32 FMA tiles for AVX-512 (4x64, 16 lanes) and
// AVX2/FMA (6x16, 8 lanes), an AVX-512 VNNI-style int8 dot (k = 4 bytes per
// i32 lane), a NEON BF16 dot (k = 2) and a width-agnostic generic tile.
// CHECK: "hwi.intrinsic"() {acc_type = f32, element_type = f32, isa = "avx512f", kind = "fma", sym_name = "fma_4x64_avx512", tile = array<i64: 4, 64, 1>, vector_width = 16 : i64} : () -> ()
// CHECK: "hwi.intrinsic"() {acc_type = f32, element_type = f32, isa = "fma", kind = "fma", sym_name = "fma_6x16_avx2", tile = array<i64: 6, 16, 1>, vector_width = 8 : i64} : () -> ()
// CHECK: "hwi.intrinsic"() {acc_type = i32, element_type = i8, isa = "avx512f", kind = "dot", sym_name = "dot_i8_4x32_avx512", tile = array<i64: 4, 32, 4>, vector_width = 16 : i64} : () -> ()
// CHECK: "hwi.intrinsic"() {acc_type = f32, element_type = bf16, isa = "neon", kind = "dot", sym_name = "dot_bf16_8x8_neon", tile = array<i64: 8, 8, 2>, vector_width = 4 : i64} : () -> ()
// CHECK: "hwi.intrinsic"() {acc_type = f32, element_type = f32, isa = "generic", kind = "fma", sym_name = "fma_2x8_generic", tile = array<i64: 2, 8, 1>, vector_width = 8 : i64} : () -> ()
"hwi.intrinsic"() {sym_name = "fma_4x64_avx512", kind = "fma", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 64, 1>, element_type = f32, acc_type = f32} : () -> ()
"hwi.intrinsic"() {sym_name = "fma_6x16_avx2", kind = "fma", isa = "fma", vector_width = 8 : i64,
                   tile = array<i64: 6, 16, 1>, element_type = f32, acc_type = f32} : () -> ()
"hwi.intrinsic"() {sym_name = "dot_i8_4x32_avx512", kind = "dot", isa = "avx512f", vector_width = 16 : i64,
                   tile = array<i64: 4, 32, 4>, element_type = i8, acc_type = i32} : () -> ()
"hwi.intrinsic"() {sym_name = "dot_bf16_8x8_neon", kind = "dot", isa = "neon", vector_width = 4 : i64,
                   tile = array<i64: 8, 8, 2>, element_type = bf16, acc_type = f32} : () -> ()
"hwi.intrinsic"() {sym_name = "fma_2x8_generic", kind = "fma", isa = "generic", vector_width = 8 : i64,
                   tile = array<i64: 2, 8, 1>, element_type = f32, acc_type = f32} : () -> ()

// A register tile of a matmul after tensorize: subviews of A (4 x K), a
// packed B panel (K x 64) and C (4 x 64); K static or dynamic.
// CHECK-LABEL: func.func @micro_kernel
// CHECK: "hwi.call_tile"(%{{.*}}, %{{.*}}, %{{.*}}) {intrinsic = @fma_4x64_avx512} : (memref<4x256xf32, strided<[256, 1], offset: ?>>, memref<256x64xf32>, memref<4x64xf32, strided<[1024, 1], offset: ?>>) -> ()
// CHECK: "hwi.call_tile"(%{{.*}}, %{{.*}}, %{{.*}}) {intrinsic = @fma_4x64_avx512} : (memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<?x64xf32>, memref<4x64xf32>) -> ()
// CHECK: "hwi.call_tile"(%{{.*}}, %{{.*}}, %{{.*}}) {intrinsic = @dot_i8_4x32_avx512} : (memref<4x64xi8>, memref<64x32xi8>, memref<4x32xi32>) -> ()
func.func @micro_kernel(%a: memref<64x256xf32>, %bp: memref<256x64xf32>, %c: memref<64x1024xf32>,
                        %i: index, %j: index,
                        %ad: memref<4x?xf32, strided<[?, 1], offset: ?>>, %bd: memref<?x64xf32>, %cd: memref<4x64xf32>,
                        %a8: memref<4x64xi8>, %b8: memref<64x32xi8>, %c32: memref<4x32xi32>) {
  %at = memref.subview %a[%i, 0] [4, 256] [1, 1] : memref<64x256xf32> to memref<4x256xf32, strided<[256, 1], offset: ?>>
  %ct = memref.subview %c[%i, %j] [4, 64] [1, 1] : memref<64x1024xf32> to memref<4x64xf32, strided<[1024, 1], offset: ?>>
  "hwi.call_tile"(%at, %bp, %ct) {intrinsic = @fma_4x64_avx512}
      : (memref<4x256xf32, strided<[256, 1], offset: ?>>, memref<256x64xf32>, memref<4x64xf32, strided<[1024, 1], offset: ?>>) -> ()
  "hwi.call_tile"(%ad, %bd, %cd) {intrinsic = @fma_4x64_avx512}
      : (memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<?x64xf32>, memref<4x64xf32>) -> ()
  "hwi.call_tile"(%a8, %b8, %c32) {intrinsic = @dot_i8_4x32_avx512}
      : (memref<4x64xi8>, memref<64x32xi8>, memref<4x32xi32>) -> ()
  return
}
