// .npy files of the 16-bit and unsigned element types: strata-run writes
// results as '<f2', '<i2', '<u2', '<u4', '<u8' and reads them back as
// expectations; bf16, which has no NumPy spelling, is an error naming it.
// RUN: strata-run %s --entry mixed --seed 3 --print --output %t.f16.npy --output %t.i16.npy --output %t.ui16.npy --output %t.ui32.npy --output %t.ui64.npy | FileCheck %s --check-prefix=OUT
// RUN: strata-run %s --entry mixed --seed 3 --expected %t.f16.npy --expected %t.i16.npy --expected %t.ui16.npy --expected %t.ui32.npy --expected %t.ui64.npy | FileCheck %s --check-prefix=SAME
// RUN: cat %t.f16.npy %t.i16.npy %t.ui16.npy %t.ui32.npy %t.ui64.npy | grep -a -o "'descr': '[<|a-z0-9]*'" | FileCheck %s --check-prefix=DESCR
// RUN: not strata-run %s --entry bf --output %t.bf16.npy 2>&1 | FileCheck %s --check-prefix=BF16

// OUT: result 0: 4xf16 checksum
// OUT-NEXT: [
// OUT: result 4: 4xui64 checksum
// SAME-COUNT-5: matches
// DESCR: 'descr': '<f2'
// DESCR-NEXT: 'descr': '<i2'
// DESCR-NEXT: 'descr': '<u2'
// DESCR-NEXT: 'descr': '<u4'
// DESCR-NEXT: 'descr': '<u8'
// BF16: bf16.npy: element type bf16 has no .npy spelling

func.func @mixed(%a: tensor<4xf16>, %c: tensor<4xi16>, %d: tensor<4xui16>, %e: tensor<4xui32>,
                 %f: tensor<4xui64>)
    -> (tensor<4xf16>, tensor<4xi16>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>) {
  %0 = "graph.add"(%a, %a) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  %2 = "graph.add"(%c, %c) : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  %3 = "graph.add"(%d, %d) : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  %4 = "graph.add"(%e, %e) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  %5 = "graph.add"(%f, %f) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  return %0, %2, %3, %4, %5 : tensor<4xf16>, tensor<4xi16>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>
}

func.func @bf(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "graph.add"(%a, %a) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
