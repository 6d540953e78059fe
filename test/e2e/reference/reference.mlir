// Checks strata-reference itself on tiny cases whose results are computed by
// hand (in the CHECK lines' comments), so the e2e tests compare Strata
// against something known to be right. Inputs are constants, or .npy files
// written with Python's struct module (no numpy needed).
//
// RUN: strata-reference %s --entry binary --print | FileCheck %s --check-prefix=BIN
// RUN: strata-reference %s --entry unary --print | FileCheck %s --check-prefix=UN
// RUN: strata-reference %s --entry contractions --print | FileCheck %s --check-prefix=MM
// RUN: strata-reference %s --entry conv --print | FileCheck %s --check-prefix=CONV
// RUN: strata-reference %s --entry pools --print | FileCheck %s --check-prefix=POOL
// RUN: strata-reference %s --entry norm --print | FileCheck %s --check-prefix=NORM
// RUN: strata-reference %s --entry movement --print | FileCheck %s --check-prefix=MOVE
// RUN: strata-reference %s --entry layouts --print | FileCheck %s --check-prefix=LAYOUT
// RUN: strata-reference %s --entry reductions --print | FileCheck %s --check-prefix=RED
// RUN: strata-reference %s --entry casts --print | FileCheck %s --check-prefix=CAST
//
// .npy in and out: a = [1,2,3,4], b = [10,20,30,40] (f32, 2x2); the sum is
// written to a file, which is read back as the input of `identity`.
// RUN: python3 -c "import struct,sys; h=b\"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }\"; h=h+b' '*(117-len(h))+b'\n'; [open(sys.argv[i+1],'wb').write(b'\x93NUMPY\x01\x00'+struct.pack('<H',len(h))+h+struct.pack('<4f',*v)) for i,v in enumerate([(1,2,3,4),(10,20,30,40)])]" %t.a.npy %t.b.npy
// RUN: strata-reference %s --entry from_files --input %t.a.npy --input %t.b.npy --output %t.sum.npy --print | FileCheck %s --check-prefix=NPY
// RUN: strata-reference %s --entry identity --input %t.sum.npy --print | FileCheck %s --check-prefix=NPY2
//
// Random inputs: same seed, same values; a different seed, different ones.
// RUN: strata-reference %s --entry identity --seed 3 --print > %t.r1
// RUN: strata-reference %s --entry identity --seed 3 --print > %t.r2
// RUN: strata-reference %s --entry identity --seed 4 --print > %t.r3
// RUN: cmp %t.r1 %t.r2
// RUN: not cmp -s %t.r1 %t.r3
//
// Errors: an op it does not know, a missing function.
// RUN: not strata-reference %s --entry unsupported 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not strata-reference %s --entry nosuch 2>&1 | FileCheck %s --check-prefix=ERR2
// ERR: strata-reference: 'arith.addf' at {{.*}}reference.mlir{{.*}}: op not supported by the reference interpreter
// ERR2: strata-reference: no function named 'nosuch'

// [[1,2,3],[4,5,6]] with a row [10,20,30], a column [[1],[2]], a 1x1 [2].
// BIN: result 0: 2x3xf32
// BIN-NEXT: [11, 22, 33, 14, 25, 36]
// BIN: result 1: 2x3xf32
// BIN-NEXT: [0, 1, 2, 2, 3, 4]
// BIN: result 2: 2x3xf32
// BIN-NEXT: [2, 4, 6, 8, 10, 12]
// BIN: result 3: 2x3xf32
// BIN-NEXT: [0.5, 1, 1.5, 2, 2.5, 3]
// BIN: result 4: 2x3xf32
// BIN-NEXT: [10, 20, 30, 10, 20, 30]
// BIN: result 5: 2x3xf32
// BIN-NEXT: [1, 2, 3, 4, 5, 6]
// BIN: result 6: 2x3xf32
// BIN-NEXT: [1, 4, 9, 16, 25, 36]
// 7 / 2 = 3 and -7 / 2 = -3 for integers (toward zero).
// BIN: result 7: 2xi32
// BIN-NEXT: [3, -3]
func.func @binary() -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
                        tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xi32>) {
  %a = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %row = "graph.constant"() {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %col = "graph.constant"() {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %two = "graph.constant"() {value = dense<2.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %0 = "graph.add"(%a, %row) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "graph.sub"(%a, %col) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %2 = "graph.mul"(%two, %a) : (tensor<1x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.div"(%a, %two) : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xf32>
  %4 = "graph.maximum"(%a, %row) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %5 = "graph.minimum"(%row, %a) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "graph.pow"(%a, %two) : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xf32>
  %i = "graph.constant"() {value = dense<[7, -7]> : tensor<2xi32>} : () -> tensor<2xi32>
  %i2 = "graph.constant"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %7 = "graph.div"(%i, %i2) : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
                                          tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xi32>
}

// x = [-2, -0.5, 0, 1.5]
// UN: result 0: 4xf32
// UN-NEXT: [0, 0, 0, 1.5]
// UN: result 1: 4xf32
// UN-NEXT: [2, 0.5, -0, -1.5]
// UN: result 2: 4xf32
// UN-NEXT: [2, 0.5, 0, 1.5]
// leaky_relu alpha 0.25: [-0.5, -0.125, 0, 1.5]
// UN: result 3: 4xf32
// UN-NEXT: [-0.5, -0.125, 0, 1.5]
// clip [-1, 1]
// UN: result 4: 4xf32
// UN-NEXT: [-1, -0.5, 0, 1]
// y = [0, 1, 4, -1]: exp(0)=1 exp(1)=e; sigmoid(0)=0.5 sigmoid(1)=0.731059;
// (e^4 = 54.59815 is 54.598148 in f32); tanh(0)=0; erf(0)=0; sqrt(4)=2 sqrt(1)=1; log(1)=0 log(4)=1.38629;
// gelu(1) = 0.5(1+erf(1/sqrt2)) = 0.841345, gelu(-1) = -0.158655;
// tanh form: 0.841192, -0.158808.
// UN: result 5: 4xf32
// UN-NEXT: [1, 2.71828, 54.5981, 0.367879]
// UN: result 6: 4xf32
// UN-NEXT: [0.5, 0.731059, 0.982014, 0.268941]
// UN: result 7: 4xf32
// UN-NEXT: [0, 0.761594, 0.999329, -0.761594]
// UN: result 8: 4xf32
// UN-NEXT: [0, 0.842701, 1, -0.842701]
// UN: result 9: 4xf32
// UN-NEXT: [0, 1, 2, {{-?nan}}]
// UN: result 10: 4xf32
// UN-NEXT: [-inf, 0, 1.38629, {{-?nan}}]
// UN: result 11: 4xf32
// UN-NEXT: [0, 0.841345, 3.99987, -0.158655]
// UN: result 12: 4xf32
// UN-NEXT: [0, 0.841192, 3.99993, -0.158808]
// Integers: relu/neg/abs/clip of [-3, 5] (clip to [-2, 2]).
// UN: result 13: 2xi32
// UN-NEXT: [0, 5]
// UN: result 14: 2xi32
// UN-NEXT: [3, -5]
// UN: result 15: 2xi32
// UN-NEXT: [3, 5]
// UN: result 16: 2xi32
// UN-NEXT: [-2, 2]
func.func @unary() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
                       tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
                       tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
                       tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %x = "graph.constant"() {value = dense<[-2.0, -0.5, 0.0, 1.5]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "graph.leaky_relu"(%x) {alpha = 0.25 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "graph.clip"(%x) {min = -1.0 : f32, max = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %y = "graph.constant"() {value = dense<[0.0, 1.0, 4.0, -1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %5 = "graph.exp"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "graph.sigmoid"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %7 = "graph.tanh"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %8 = "graph.erf"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %9 = "graph.sqrt"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %10 = "graph.log"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %11 = "graph.gelu"(%y) {approximate = "none"} : (tensor<4xf32>) -> tensor<4xf32>
  %12 = "graph.gelu"(%y) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  %i = "graph.constant"() {value = dense<[-3, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %13 = "graph.relu"(%i) : (tensor<2xi32>) -> tensor<2xi32>
  %14 = "graph.neg"(%i) : (tensor<2xi32>) -> tensor<2xi32>
  %15 = "graph.abs"(%i) : (tensor<2xi32>) -> tensor<2xi32>
  %16 = "graph.clip"(%i) {min = -2 : i32, max = 2 : i32} : (tensor<2xi32>) -> tensor<2xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16
      : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// [[1,2],[3,4]] x [[5,6],[7,8]] = [[19,22],[43,50]].
// batch_matmul: lhs [[[1,2]],[[3,4]]] (2x1x2) x rhs [[[1],[1]]] (1x2x1,
// broadcast) = [[[3]],[[7]]].
// dense: [1,2,3] . [[1,0,0],[0,1,1]]^T = [1, 5]; + bias [10, 20] = [11, 25].
// MM: result 0: 2x2xf32
// MM-NEXT: [19, 22, 43, 50]
// MM: result 1: 2x1x1xf32
// MM-NEXT: [3, 7]
// MM: result 2: 1x2xf32
// MM-NEXT: [1, 5]
// MM: result 3: 1x2xf32
// MM-NEXT: [11, 25]
func.func @contractions() -> (tensor<2x2xf32>, tensor<2x1x1xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %a = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %b = "graph.constant"() {value = dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "graph.matmul"(%a, %b) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %ba = "graph.constant"() {value = dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>} : () -> tensor<2x1x2xf32>
  %bb = "graph.constant"() {value = dense<1.0> : tensor<1x2x1xf32>} : () -> tensor<1x2x1xf32>
  %1 = "graph.batch_matmul"(%ba, %bb) : (tensor<2x1x2xf32>, tensor<1x2x1xf32>) -> tensor<2x1x1xf32>
  %x = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>} : () -> tensor<1x3xf32>
  %w = "graph.constant"() {value = dense<[[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %bias = "graph.constant"() {value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %2 = "graph.dense"(%x, %w) : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<1x2xf32>
  %3 = "graph.dense"(%x, %w, %bias) : (tensor<1x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<2x1x1xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

// x = 1..9 as 1x1x3x3, a 2x2 kernel of ones:
//  valid, stride 1: [1+2+4+5, 2+3+5+6, 4+5+7+8, 5+6+8+9] = [12, 16, 24, 28]
//  padding 1, stride 2 (windows start at -1 and 1): [1, 2+3, 4+7, 5+6+8+9]
//  dilation 2 (taps 0 and 2): 1+3+7+9 = 20, + bias 100 = 120
// groups 2 (depthwise): x [1, 2] (1x2x1x1), w [3, 4] (2x1x1x1) -> [3, 8].
// NHWC: x 1x1x2x2 = pixel 0 (c0=1, c1=2), pixel 1 (3, 4); w OIHW 1x2x1x1
// [1, 10] -> [1+20, 3+40] = [21, 43].
// CONV: result 0: 1x1x2x2xf32
// CONV-NEXT: [12, 16, 24, 28]
// CONV: result 1: 1x1x2x2xf32
// CONV-NEXT: [1, 5, 11, 28]
// CONV: result 2: 1x1x1x1xf32
// CONV-NEXT: [120]
// CONV: result 3: 1x2x1x1xf32
// CONV-NEXT: [3, 8]
// CONV: result 4: 1x1x2x1xf32
// CONV-NEXT: [21, 43]
func.func @conv() -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x2x1x1xf32>, tensor<1x1x2x1xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %b = "graph.constant"() {value = dense<100.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>,
      groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %1 = "graph.conv2d"(%x, %w) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>,
      groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %2 = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 2, 2>,
      groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  %gx = "graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %gx4 = "graph.reshape"(%gx) : (tensor<2xf32>) -> tensor<1x2x1x1xf32>
  %gw = "graph.constant"() {value = dense<[3.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %gw4 = "graph.reshape"(%gw) : (tensor<2xf32>) -> tensor<2x1x1x1xf32>
  %3 = "graph.conv2d"(%gx4, %gw4) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>,
      groups = 2 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x2x1x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x1x1xf32>
  %hx = "graph.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %hx4 = "graph.reshape"(%hx) : (tensor<4xf32>) -> tensor<1x1x2x2xf32>
  %hw = "graph.constant"() {value = dense<[1.0, 10.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %hw4 = "graph.reshape"(%hw) : (tensor<2xf32>) -> tensor<1x2x1x1xf32>
  %4 = "graph.conv2d"(%hx4, %hw4) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 1, 1>,
      groups = 1 : i64, data_layout = "NHWC", kernel_layout = "OIHW"} : (tensor<1x1x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x1xf32>
  return %0, %1, %2, %3, %4 : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x2x1x1xf32>, tensor<1x1x2x1xf32>
}

// x = 1..25 as 1x1x5x5 (row r, col c holds 5r+c+1).
// max 2x2/2 floor: [7, 9, 17, 19]; ceil_mode adds the partial last row and
// column: [7, 9, 10, 17, 19, 20, 22, 24, 25].
// avg 2x2/2 with bottom/right padding 1 (windows rows {0,1},{2,3},{4,pad}):
//  count_include_pad=false: corner (25)/1 = 25, (0,2): (5+10)/2 = 7.5
//  count_include_pad=true:  corner 25/4 = 6.25, (0,2): 15/4 = 3.75
// y = 1..9 as 1x1x3x3, avg 3x3/1 pad 1 excluding padding:
//  [12/4, 21/6, 16/4, 27/6, 45/9, 33/6, 24/4, 39/6, 28/4]
// global average of 1x2x2x2 1..8: [2.5, 6.5].
// POOL: result 0: 1x1x2x2xf32
// POOL-NEXT: [7, 9, 17, 19]
// POOL: result 1: 1x1x3x3xf32
// POOL-NEXT: [7, 9, 10, 17, 19, 20, 22, 24, 25]
// POOL: result 2: 1x1x3x3xf32
// POOL-NEXT: [4, 6, 7.5, 14, 16, 17.5, 21.5, 23.5, 25]
// POOL: result 3: 1x1x3x3xf32
// POOL-NEXT: [4, 6, 3.75, 14, 16, 8.75, 10.75, 11.75, 6.25]
// POOL: result 4: 1x1x3x3xf32
// POOL-NEXT: [3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7]
// POOL: result 5: 1x2x1x1xf32
// POOL-NEXT: [2.5, 6.5]
func.func @pools() -> (tensor<1x1x2x2xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>,
                       tensor<1x1x3x3xf32>, tensor<1x2x1x1xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0],
      [16.0, 17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 24.0, 25.0]]]]> : tensor<1x1x5x5xf32>} : () -> tensor<1x1x5x5xf32>
  %0 = "graph.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x2x2xf32>
  %1 = "graph.max_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = true, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %2 = "graph.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 1, 1>,
      ceil_mode = false, count_include_pad = false, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %3 = "graph.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 1, 1>,
      ceil_mode = false, count_include_pad = true, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %y = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %4 = "graph.avg_pool2d"(%y) {kernel = array<i64: 3, 3>, strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>,
      ceil_mode = false, count_include_pad = false, layout = "NCHW"} : (tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %g = "graph.constant"() {value = dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]]> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %5 = "graph.global_avg_pool2d"(%g) {layout = "NCHW"} : (tensor<1x2x2x2xf32>) -> tensor<1x2x1x1xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x1x2x2xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>,
                                  tensor<1x1x3x3xf32>, tensor<1x2x1x1xf32>
}

// batch_norm, eps 0: channel 0 (1 - 0) / sqrt(4) * 2 + 1 = 2,
// channel 1 (2 - 1) / sqrt(1) * 3 + 1 = 4.
// softmax of [[0, 0], [1, 1]]: axis 0 -> columns [e^0, e^1] / (1 + e)
// = [0.268941, 0.731059]; axis 1 -> 0.5 everywhere.
// NORM: result 0: 1x2x1x1xf32
// NORM-NEXT: [2, 4]
// NORM: result 1: 2x2xf32
// NORM-NEXT: [0.268941, 0.268941, 0.731059, 0.731059]
// NORM: result 2: 2x2xf32
// NORM-NEXT: [0.5, 0.5, 0.5, 0.5]
func.func @norm() -> (tensor<1x2x1x1xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>} : () -> tensor<1x2x1x1xf32>
  %gamma = "graph.constant"() {value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %beta = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %mean = "graph.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %var = "graph.constant"() {value = dense<[4.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.batch_norm"(%x, %gamma, %beta, %mean, %var) {epsilon = 0.0 : f32, axis = 1 : i64}
      : (tensor<1x2x1x1xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
  %s = "graph.constant"() {value = dense<[[0.0, 0.0], [1.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "graph.softmax"(%s) {axis = 0 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = "graph.softmax"(%s) {axis = 1 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<1x2x1x1xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// a = [[1,2,3],[4,5,6]]: transpose -> [[1,4],[2,5],[3,6]];
// concat axis 1 of [[1],[2]] and [[3,4],[5,6]] -> [[1,3,4],[2,5,6]];
// slice of 1..10 from 1 to the end step 3 -> indices 1,4,7 -> [2, 5, 8];
// pad [[3,4],[5,6]] with pads [1,0,0,1] (one row before, one column after), 9;
// flatten 2x2x2 at axis 2 -> 4x2, same order; reshape 2x3 -> 3x2 same order.
// MOVE: result 0: 3x2xf32
// MOVE-NEXT: [1, 4, 2, 5, 3, 6]
// MOVE: result 1: 2x3xf32
// MOVE-NEXT: [1, 3, 4, 2, 5, 6]
// MOVE: result 2: 3xf32
// MOVE-NEXT: [2, 5, 8]
// MOVE: result 3: 3x3xf32
// MOVE-NEXT: [9, 9, 9, 3, 4, 9, 5, 6, 9]
// MOVE: result 4: 4x2xf32
// MOVE-NEXT: [1, 2, 3, 4, 5, 6, 7, 8]
// MOVE: result 5: 3x2xf32
// MOVE-NEXT: [1, 2, 3, 4, 5, 6]
func.func @movement() -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<4x2xf32>, tensor<3x2xf32>) {
  %a = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "graph.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %l = "graph.constant"() {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %r = "graph.constant"() {value = dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "graph.concat"(%l, %r) {axis = 1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
  %v = "graph.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]> : tensor<10xf32>} : () -> tensor<10xf32>
  %2 = "graph.slice"(%v) {starts = array<i64: 1>, ends = array<i64: 9223372036854775807>, steps = array<i64: 3>} : (tensor<10xf32>) -> tensor<3xf32>
  %3 = "graph.pad"(%r) {pads = array<i64: 1, 0, 0, 1>, pad_value = 9.0 : f32} : (tensor<2x2xf32>) -> tensor<3x3xf32>
  %c = "graph.constant"() {value = dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>} : () -> tensor<2x2x2xf32>
  %4 = "graph.flatten"(%c) {axis = 2 : i64} : (tensor<2x2x2xf32>) -> tensor<4x2xf32>
  %5 = "graph.reshape"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3x2xf32>, tensor<2x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<4x2xf32>, tensor<3x2xf32>
}

// x: 1x4x1x2 NCHW, channel c holds [2c+1, 2c+2].
// NCHW -> NCHW2c (1x2x1x2x2): [cb][h][w][ci] = x[2cb+ci][w]
//   -> [1, 3, 2, 4, 5, 7, 6, 8]
// NCHW -> NHWC (1x1x2x4): [w][c] -> [1, 3, 5, 7, 2, 4, 6, 8]
// NCHW2c -> NCHW round trip gives x back; NCHW2c -> NCHW4c (1x1x1x2x4):
//   [w][c] -> same as NHWC.
// LAYOUT: result 0: 1x2x1x2x2xf32
// LAYOUT-NEXT: [1, 3, 2, 4, 5, 7, 6, 8]
// LAYOUT: result 1: 1x1x2x4xf32
// LAYOUT-NEXT: [1, 3, 5, 7, 2, 4, 6, 8]
// LAYOUT: result 2: 1x4x1x2xf32
// LAYOUT-NEXT: [1, 2, 3, 4, 5, 6, 7, 8]
// LAYOUT: result 3: 1x1x1x2x4xf32
// LAYOUT-NEXT: [1, 3, 5, 7, 2, 4, 6, 8]
func.func @layouts() -> (tensor<1x2x1x2x2xf32>, tensor<1x1x2x4xf32>, tensor<1x4x1x2xf32>, tensor<1x1x1x2x4xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]], [[7.0, 8.0]]]]> : tensor<1x4x1x2xf32>} : () -> tensor<1x4x1x2xf32>
  %0 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCHW2c"} : (tensor<1x4x1x2xf32>) -> tensor<1x2x1x2x2xf32>
  %1 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NHWC"} : (tensor<1x4x1x2xf32>) -> tensor<1x1x2x4xf32>
  %2 = "graph.layout_transform"(%0) {src_layout = "NCHW2c", dst_layout = "NCHW"} : (tensor<1x2x1x2x2xf32>) -> tensor<1x4x1x2xf32>
  %3 = "graph.layout_transform"(%0) {src_layout = "NCHW2c", dst_layout = "NCHW4c"} : (tensor<1x2x1x2x2xf32>) -> tensor<1x1x1x2x4xf32>
  return %0, %1, %2, %3 : tensor<1x2x1x2x2xf32>, tensor<1x1x2x4xf32>, tensor<1x4x1x2xf32>, tensor<1x1x1x2x4xf32>
}

// a = [[1,2,3],[4,5,6]]: sum over 1 -> [6, 15]; mean over 0 keepdims ->
// [[2.5, 3.5, 4.5]]; max over everything -> 6 (rank 0); min over 1 keepdims
// -> [[1], [4]].
// RED: result 0: 2xf32
// RED-NEXT: [6, 15]
// RED: result 1: 1x3xf32
// RED-NEXT: [2.5, 3.5, 4.5]
// RED: result 2: f32
// RED-NEXT: [6]
// RED: result 3: 2x1xf32
// RED-NEXT: [1, 4]
func.func @reductions() -> (tensor<2xf32>, tensor<1x3xf32>, tensor<f32>, tensor<2x1xf32>) {
  %a = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "graph.reduce_sum"(%a) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  %1 = "graph.reduce_mean"(%a) {axes = array<i64: 0>, keepdims = true} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %2 = "graph.reduce_max"(%a) {axes = array<i64: 1, 0>, keepdims = false} : (tensor<2x3xf32>) -> tensor<f32>
  %3 = "graph.reduce_min"(%a) {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<1x3xf32>, tensor<f32>, tensor<2x1xf32>
}

// f32 -> i32 truncates toward zero; i32 -> f32 and f32 -> f64 are exact.
// CAST: result 0: 4xi32
// CAST-NEXT: [-1, 2, 0, -3]
// CAST: result 1: 4xf32
// CAST-NEXT: [-1, 2, 0, -3]
// CAST: result 2: 4xf64
// CAST-NEXT: [-1.75, 2.5, 0.25, -3]
func.func @casts() -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf64>) {
  %x = "graph.constant"() {value = dense<[-1.75, 2.5, 0.25, -3.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "graph.cast"(%x) : (tensor<4xf32>) -> tensor<4xi32>
  %1 = "graph.cast"(%0) : (tensor<4xi32>) -> tensor<4xf32>
  %2 = "graph.cast"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xf32>, tensor<4xf64>
}

// NPY: result 0: 2x2xf32
// NPY-NEXT: [11, 22, 33, 44]
func.func @from_files(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// NPY2: result 0: 2x2xf32
// NPY2-NEXT: [11, 22, 33, 44]
func.func @identity(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %a : tensor<2x2xf32>
}

func.func @unsupported(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = arith.addf %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
