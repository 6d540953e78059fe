// The generated header spells every element type: 16-bit floats as their
// uint16_t bit patterns, unsigned integers as uintN_t; the object links.
// RUN: strata-compile %s -o %t.so | FileCheck %s --check-prefix=WROTE
// WROTE: wrote {{.*}}.so and {{.*}}.h (entry: _mlir_ciface_mixed)
// RUN: FileCheck %s < %t.h
// RUN: printf '#include "%t.h"\nint main(void) { return 0; }\n' > %t.c && cc -std=c17 -fsyntax-only %t.c

// CHECK: typedef struct {
// CHECK-NEXT:   uint16_t *allocated, *aligned;
// CHECK: } strata_memref_1d_f16;
// CHECK: uint16_t *allocated, *aligned;
// CHECK: } strata_memref_1d_bf16;
// CHECK: int16_t *allocated, *aligned;
// CHECK: } strata_memref_1d_i16;
// CHECK: uint16_t *allocated, *aligned;
// CHECK: } strata_memref_1d_ui16;
// CHECK: uint32_t *allocated, *aligned;
// CHECK: } strata_memref_1d_ui32;
// CHECK: uint64_t *allocated, *aligned;
// CHECK: } strata_memref_1d_ui64;
// CHECK: /* input0: 4xf16; input1: 4xbf16; input2: 4xi16; input3: 4xui16; input4: 4xui32; input5: 4xui64; result0: 4xf16; result1: 4xbf16; result2: 4xi16; result3: 4xui16; result4: 4xui32; result5: 4xui64; */
// CHECK-NEXT: void _mlir_ciface_mixed(strata_memref_1d_f16 *input0, strata_memref_1d_bf16 *input1, strata_memref_1d_i16 *input2, strata_memref_1d_ui16 *input3, strata_memref_1d_ui32 *input4, strata_memref_1d_ui64 *input5, strata_memref_1d_f16 *result0,

func.func @mixed(%a: tensor<4xf16>, %b: tensor<4xbf16>, %c: tensor<4xi16>, %d: tensor<4xui16>,
                 %e: tensor<4xui32>, %f: tensor<4xui64>)
    -> (tensor<4xf16>, tensor<4xbf16>, tensor<4xi16>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>) {
  %0 = "graph.add"(%a, %a) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  %1 = "graph.add"(%b, %b) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  %2 = "graph.add"(%c, %c) : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  %3 = "graph.add"(%d, %d) : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  %4 = "graph.add"(%e, %e) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  %5 = "graph.add"(%f, %f) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf16>, tensor<4xbf16>, tensor<4xi16>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>
}
