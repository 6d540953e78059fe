// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f pack-min-rows=0})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f})' | FileCheck %s --check-prefix=SMALL
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx2 mc=12 kc=4})' | FileCheck %s --check-prefix=AVX2
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=generic pack-min-rows=1},convert-te-to-tir,tir-apply-schedule)' | FileCheck %s --check-prefix=TIR
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=sse9})' 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f knobs=true})' | FileCheck %s --check-prefix=KNOBS
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{knobs=true},convert-te-to-tir,tir-apply-schedule)' 2>&1 | FileCheck %s --check-prefix=UNTUNED

// A matmul gets the BLIS-style schedule: blocks and a register tile, B
// packed into panels as wide as the tile, the micro-tile tensorized; from
// 2^20 flops row blocks x panels are fused into one parallel loop (@large),
// smaller products stay on one thread. The tile is the target's preferred
// one (4x64 on AVX-512, @large) unless another computes at least 10% fewer
// padded elements: 3 columns are 64 padded ones for 4x64, 32 for 8x32.
// CHECK-LABEL: func.func @matmul
// CHECK: name = "mm", reduce_extents = array<i64: 7>, schedule = [
// CHECK-SAME: {axis = "d0", factors = array<i64: 3, 8>, prim = "split"}
// CHECK-SAME: {axis = "d1", factors = array<i64: 2, 32>, prim = "split"}
// CHECK-SAME: {axis = "r0", factors = array<i64: 7>, prim = "split"}
// CHECK-SAME: {order = ["d1.0", "r0.0", "d0.0", "d1.1", "d0.1", "d0.2", "d1.2", "r0.1"], prim = "reorder"}
// CHECK-SAME: {input = 1 : i64, prim = "cache_read", scope = "packed", width = 32 : i64}
// CHECK-SAME: {axis = "d0.2", intrinsic = @fma_f32_8x32_avx512f, prim = "tensorize"}]
// By default B is packed only when A has at least 256 rows.
// SMALL-LABEL: func.func @matmul
// SMALL-NOT: cache_read
// SMALL: prim = "tensorize"
// A dense layer (B read transposed) is always packed, with transpose.
// SMALL-LABEL: func.func @dense
// SMALL: {input = 1 : i64, prim = "cache_read", scope = "packed", transpose = true, width = 32 : i64}
// SMALL-SAME: prim = "tensorize"
// A batched product packs B per batch and runs the batch in parallel.
// CHECK-LABEL: func.func @batched
// CHECK: {order = ["d0", "d2.0", "r0.0", "d1.0", "d2.1", "d1.1", "d1.2", "d2.2", "r0.1"], prim = "reorder"}
// CHECK-SAME: {axis = "d1.2", intrinsic = @fma_f32_4x64_avx512f, prim = "tensorize"}
// CHECK-SAME: {axis = "d0", prim = "parallel"}]
// Attention's products are [1, heads, i, j]: the heads (the outermost
// batch axis of extent >= 4) run in parallel, not the batch dim of 1.
// CHECK-LABEL: func.func @heads
// CHECK: name = "scores"
// CHECK-SAME: {axis = "d1", prim = "parallel"}]
// The AVX2 tile is 6x16; options override the block sizes (rounded to a
// multiple of every AVX2 tile: 12 rows, 48 columns).
// AVX2-LABEL: func.func @matmul
// AVX2: {axis = "d0", factors = array<i64: 2, 6>, prim = "split"}
// AVX2-SAME: {axis = "r0", factors = array<i64: 4>, prim = "split"}
// AVX2-SAME: {axis = "d0.2", intrinsic = @fma_f32_6x16_avx2, prim = "tensorize"}
// Applied: the packing nest, then the blocked nest around one hwi.call_tile.
// TIR: "hwi.intrinsic"() {{.*}}sym_name = "fma_f32_4x16_generic"
// TIR-LABEL: func.func @matmul
// TIR: name = "d1.2.init"
// TIR: "tir.alloc_buffer"() {scope = "packed"} : () -> memref<1x7x16xf32>
// TIR: name = "pack1.p"
// TIR: "hwi.call_tile"
// TIR: name = "d0.1"
// TIR: {kind = "serial", name = "d0.0"}
// TIR: name = "r0.0"
// TIR: name = "d1.0", te.compute = "mm"
// TIR: memref.dealloc
// TARGET: option 'target' of pass 'te-default-schedule'
// With knobs, the block sizes become a search space (default first; the
// sizes are capped to the extents, so small products have few choices),
// the register tile is a knob of its own (split after the blocks; see
// te-autotune-tile.mlir), and applying the trace before tuning is an error.
// KNOBS-LABEL: func.func @matmul
// KNOBS: {axis = "d0", factors = {choices = [array<i64: 24>], knob = "mc"}, prim = "split"}
// KNOBS-SAME: {axis = "r0", factors = {choices = [array<i64: 7>], knob = "kc"}, prim = "split"}
// KNOBS-SAME: {axis = "d0.1", factors = {choices = [array<i64: 8>, array<i64: 4>, array<i64: 6>], knob = "tile"}, prim = "split"}
// KNOBS-SAME: {order = ["d1.0", "r0.0", "d0.0", "d1.1.0", "d0.1.0", "d0.1.1", "d1.1.1", "r0.1"], prim = "reorder"}
// KNOBS-SAME: {axis = "d0.1.1", intrinsic = {choices = [@fma_f32_8x32_avx512f, @fma_f32_4x64_avx512f, @fma_f32_6x64_avx512f], knob = "tile"}, prim = "tensorize"}]
// Other reductions get knobs from 4096 iterations (te-autotune-reduction.mlir);
// this small one keeps its fixed order.
// KNOBS-LABEL: func.func @not_gemm
// KNOBS: schedule = [{order = ["d0", "r0", "d1"], prim = "reorder"}]
// KNOBS-LABEL: func.func @large
// KNOBS: {axes = ["d0.0", "d1.1.0"], prim = "fuse"}, {axis = "d0.0+d1.1.0", prim = "parallel"}]
// UNTUNED: error: 'tir.for' op schedule step #0 (split) of compute 'mm': knob 'mc' has no value: run te-autotune or fix it
func.func @matmul(%a: tensor<20x7xf32>, %b: tensor<7x3xf32>) -> tensor<20x3xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<20x7xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<7x3xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 7>, combiner = "add", init = 0.0 : f32} : () -> tensor<20x3xf32>
  return %c : tensor<20x3xf32>
}

func.func @batched(%a: tensor<4x64x64xf32>, %b: tensor<4x64x64xf32>) -> tensor<4x64x64xf32> {
  %c = "te.compute"() ({
  ^bb0(%n: index, %i: index, %j: index, %k: index):
    %x = "te.read"(%a, %n, %i, %k) : (tensor<4x64x64xf32>, index, index, index) -> f32
    %y = "te.read"(%b, %n, %k, %j) : (tensor<4x64x64xf32>, index, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "bmm", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<4x64x64xf32>
  return %c : tensor<4x64x64xf32>
}

func.func @heads(%q: tensor<1x12x128x64xf32>, %k: tensor<1x12x64x128xf32>) -> tensor<1x12x128x128xf32> {
  %c = "te.compute"() ({
  ^bb0(%n: index, %h: index, %i: index, %j: index, %r: index):
    %x = "te.read"(%q, %n, %h, %i, %r) : (tensor<1x12x128x64xf32>, index, index, index, index) -> f32
    %y = "te.read"(%k, %n, %h, %r, %j) : (tensor<1x12x64x128xf32>, index, index, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "scores", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<1x12x128x128xf32>
  return %c : tensor<1x12x128x128xf32>
}

func.func @dense(%a: tensor<5x7xf32>, %w: tensor<3x7xf32>) -> tensor<5x3xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<5x7xf32>, index, index) -> f32
    %y = "te.read"(%w, %j, %k) : (tensor<3x7xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "dense", reduce_extents = array<i64: 7>, combiner = "add", init = 0.0 : f32} : () -> tensor<5x3xf32>
  return %c : tensor<5x3xf32>
}

// A reduction that is not a matrix product gets the order i, k, j: the
// reduce axis outside the innermost spatial axis.
// CHECK-LABEL: func.func @not_gemm
// CHECK: name = "sq", reduce_extents = array<i64: 7>, schedule = [{order = ["d0", "r0", "d1"], prim = "reorder"}]
func.func @not_gemm(%a: tensor<5x7xf32>, %b: tensor<7x3xf32>) -> tensor<5x3xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<5x7xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<7x3xf32>, index, index) -> f32
    %m = arith.addf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "sq", reduce_extents = array<i64: 7>, combiner = "add", init = 0.0 : f32} : () -> tensor<5x3xf32>
  return %c : tensor<5x3xf32>
}

// A window reduction whose reads run along the row (a 3-tap max over a
// row of 12) gets vector rows: the row split by the default width (the
// whole row up to 32), the reduce axes outside the vector loop, which is
// vectorized. A row of 40 is split in 8s (the widest of 32, 16, 8 that
// divides it). A stride-2 window (reads at 2*w + k: one wide load and a
// shuffle per vector) gets vector rows too, in 8s below a row of 16; from
// 16, a sum (as depthwise rows) takes half the target's lanes, so that a
// wide load is one register (8 on AVX-512, 4 on AVX2), and a max (pooling)
// 8s; a stride-3 window, or a stride-2 row narrower than 8, keeps the
// plain order.
// AVX2-LABEL: func.func @window_rows
// AVX2: name = "strided16", reduce_extents = array<i64: 3>, schedule = [{axis = "d1", factors = array<i64: 4>, prim = "split"}
// CHECK-LABEL: func.func @window_rows
// CHECK: name = "win", reduce_extents = array<i64: 3>, schedule = [{axis = "d1", factors = array<i64: 12>, prim = "split"}, {order = ["d0", "r0", "d1.0", "d1.1"], prim = "reorder"}, {axis = "d1.1", prim = "vectorize"}]
// CHECK: name = "win40", reduce_extents = array<i64: 3>, schedule = [{axis = "d1", factors = array<i64: 8>, prim = "split"}
// CHECK: name = "strided", reduce_extents = array<i64: 3>, schedule = [{axis = "d1", factors = array<i64: 8>, prim = "split"}, {order = ["d0", "r0", "d1.0", "d1.1"], prim = "reorder"}, {axis = "d1.1", prim = "vectorize"}]
// CHECK: name = "strided16", reduce_extents = array<i64: 3>, schedule = [{axis = "d1", factors = array<i64: 8>, prim = "split"}
// CHECK: name = "pool16", reduce_extents = array<i64: 3>, schedule = [{axis = "d1", factors = array<i64: 8>, prim = "split"}
// CHECK: name = "stride3", reduce_extents = array<i64: 3>, schedule = [{order = ["d0", "r0", "d1"], prim = "reorder"}]
// CHECK: name = "narrow2", reduce_extents = array<i64: 3>, schedule = [{order = ["d0", "r0", "d1"], prim = "reorder"}]
func.func @window_rows(%x: tensor<4x14xf32>, %y: tensor<4x42xf32>, %z: tensor<4x27xf32>, %z16: tensor<4x35xf32>, %z3: tensor<4x32xf32>, %z6: tensor<4x15xf32>) -> (tensor<4x12xf32>, tensor<4x40xf32>, tensor<4x12xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x10xf32>, tensor<4x6xf32>) {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %jj = arith.addi %j, %k : index
    %v = "te.read"(%x, %i, %jj) : (tensor<4x14xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "win", reduce_extents = array<i64: 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<4x12xf32>
  %d = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %jj = arith.addi %j, %k : index
    %v = "te.read"(%y, %i, %jj) : (tensor<4x42xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "win40", reduce_extents = array<i64: 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<4x40xf32>
  %e = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %c2 = arith.constant 2 : index
    %j2 = arith.muli %j, %c2 : index
    %jj = arith.addi %j2, %k : index
    %v = "te.read"(%z, %i, %jj) : (tensor<4x27xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "strided", reduce_extents = array<i64: 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<4x12xf32>
  %f = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %c2 = arith.constant 2 : index
    %j2 = arith.muli %j, %c2 : index
    %jj = arith.addi %j2, %k : index
    %v = "te.read"(%z16, %i, %jj) : (tensor<4x35xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "strided16", reduce_extents = array<i64: 3>, combiner = "add", init = 0.0 : f32} : () -> tensor<4x16xf32>
  %f2 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %c2 = arith.constant 2 : index
    %j2 = arith.muli %j, %c2 : index
    %jj = arith.addi %j2, %k : index
    %v = "te.read"(%z16, %i, %jj) : (tensor<4x35xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "pool16", reduce_extents = array<i64: 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<4x16xf32>
  %g = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %c3 = arith.constant 3 : index
    %j3 = arith.muli %j, %c3 : index
    %jj = arith.addi %j3, %k : index
    %v = "te.read"(%z3, %i, %jj) : (tensor<4x32xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "stride3", reduce_extents = array<i64: 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<4x10xf32>
  %h = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %c2 = arith.constant 2 : index
    %j2 = arith.muli %j, %c2 : index
    %jj = arith.addi %j2, %k : index
    %v = "te.read"(%z6, %i, %jj) : (tensor<4x15xf32>, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "narrow2", reduce_extents = array<i64: 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<4x6xf32>
  return %c, %d, %e, %f, %f2, %g, %h : tensor<4x12xf32>, tensor<4x40xf32>, tensor<4x12xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x10xf32>, tensor<4x6xf32>
}

// A window reduction of at least 2^18 iterations (16x64x64 outputs x 9
// taps) also runs its first spatial axis in parallel; a row of 64 is
// split in 32s.
// CHECK-LABEL: func.func @big_window
// CHECK: name = "bigwin", reduce_extents = array<i64: 3, 3>, schedule = [{axis = "d2", factors = array<i64: 32>, prim = "split"}, {order = ["d0", "d1", "r0", "r1", "d2.0", "d2.1"], prim = "reorder"}, {axis = "d2.1", prim = "vectorize"}, {axis = "d0", prim = "parallel"}]
func.func @big_window(%x: tensor<16x66x66xf32>) -> tensor<16x64x64xf32> {
  %c = "te.compute"() ({
  ^bb0(%ch: index, %h: index, %w: index, %kh: index, %kw: index):
    %hh = arith.addi %h, %kh : index
    %ww = arith.addi %w, %kw : index
    %v = "te.read"(%x, %ch, %hh, %ww) : (tensor<16x66x66xf32>, index, index, index) -> f32
    gpu.yield %v : f32
  }) {name = "bigwin", reduce_extents = array<i64: 3, 3>, combiner = "max", init = 0xFF800000 : f32} : () -> tensor<16x64x64xf32>
  return %c : tensor<16x64x64xf32>
}

// A large injective compute (64x1024 elements) runs its first axis in
// parallel.
// CHECK-LABEL: func.func @big_map
// CHECK: name = "bigmap", reduce_extents = array<i64>, schedule = [{axis = "d0", prim = "parallel"}]
func.func @big_map(%a: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %0 = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<64x1024xf32>, index, index) -> f32
    %y = arith.negf %x : f32
    gpu.yield %y : f32
  }) {name = "bigmap", reduce_extents = array<i64>} : () -> tensor<64x1024xf32>
  return %0 : tensor<64x1024xf32>
}

// An f32 injective compute of tanh (or exp, erf: strata-expand-math makes
// them vectorizable polynomials) gets its innermost axis split by the
// target's vector width (16 f32 lanes on AVX-512, 8 on AVX2) and the lanes
// vectorized, then its first axis in parallel; a small one only the
// vector split; a row narrower than a register, nothing.
// CHECK-LABEL: func.func @big_tanh
// CHECK: name = "bigtanh", reduce_extents = array<i64>, schedule = [{axis = "d1", factors = array<i64: 16>, prim = "split"}, {axis = "d1.1", prim = "vectorize"}, {axis = "d0", prim = "parallel"}]
// AVX2-LABEL: func.func @big_tanh
// AVX2: name = "bigtanh", reduce_extents = array<i64>, schedule = [{axis = "d1", factors = array<i64: 8>, prim = "split"}, {axis = "d1.1", prim = "vectorize"}, {axis = "d0", prim = "parallel"}]
func.func @big_tanh(%a: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %0 = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<64x1024xf32>, index, index) -> f32
    %y = math.tanh %x : f32
    gpu.yield %y : f32
  }) {name = "bigtanh", reduce_extents = array<i64>} : () -> tensor<64x1024xf32>
  return %0 : tensor<64x1024xf32>
}

// CHECK-LABEL: func.func @small_exp
// CHECK: name = "smallexp", reduce_extents = array<i64>, schedule = [{axis = "d0", factors = array<i64: 16>, prim = "split"}, {axis = "d0.1", prim = "vectorize"}]
// CHECK-LABEL: func.func @narrow_erf
// CHECK: name = "narrowerf", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
func.func @small_exp(%a: tensor<100xf32>) -> tensor<100xf32> {
  %0 = "te.compute"() ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<100xf32>, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "smallexp", reduce_extents = array<i64>} : () -> tensor<100xf32>
  return %0 : tensor<100xf32>
}

func.func @narrow_erf(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<4x8xf32>, index, index) -> f32
    %y = math.erf %x : f32
    gpu.yield %y : f32
  }) {name = "narrowerf", reduce_extents = array<i64>} : () -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// The erf epilogue of a matrix product (it reads the product at its own
// indices, otherwise only constants and arguments) gets no vector split:
// tir-fuse-epilogue moves it onto the product's tiles and vectorizes it
// there. An erf that also reads another computed tensor keeps the split.
// CHECK-LABEL: func.func @gelu_epilogue
// CHECK: name = "gelu", reduce_extents = array<i64>, schedule = [{axis = "d0", prim = "parallel"}]
// CHECK: name = "erf2", reduce_extents = array<i64>, schedule = [{axis = "d1", factors = array<i64: 16>, prim = "split"}, {axis = "d1.1", prim = "vectorize"}, {axis = "d0", prim = "parallel"}]
func.func @gelu_epilogue(%a: tensor<64x256xf32>) -> (tensor<64x512xf32>, tensor<64x512xf32>) {
  %w = arith.constant dense<0.5> : tensor<256x512xf32>
  %bias = arith.constant dense<0.25> : tensor<512xf32>
  %p = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x256xf32>, index, index) -> f32
    %y = "te.read"(%w, %k, %j) : (tensor<256x512xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {combiner = "add", init = 0.0 : f32, name = "mm", reduce_extents = array<i64: 256>} : () -> tensor<64x512xf32>
  %g = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<64x512xf32>, index, index) -> f32
    %b = "te.read"(%bias, %j) : (tensor<512xf32>, index) -> f32
    %s = arith.addf %x, %b : f32
    %e = math.erf %s : f32
    %r = arith.mulf %s, %e : f32
    gpu.yield %r : f32
  }) {name = "gelu", reduce_extents = array<i64>} : () -> tensor<64x512xf32>
  %h = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%p, %i, %j) : (tensor<64x512xf32>, index, index) -> f32
    %y = "te.read"(%g, %i, %j) : (tensor<64x512xf32>, index, index) -> f32
    %s = arith.addf %x, %y : f32
    %e = math.erf %s : f32
    gpu.yield %e : f32
  }) {name = "erf2", reduce_extents = array<i64>} : () -> tensor<64x512xf32>
  return %g, %h : tensor<64x512xf32>, tensor<64x512xf32>
}

// Left alone: a (small) map (no reduce axes), a reduction to a vector (one spatial
// axis), and a compute that already has a schedule.
// CHECK-LABEL: func.func @untouched
// CHECK: name = "map", reduce_extents = array<i64>}
// CHECK: name = "rowsum", reduce_extents = array<i64: 4>}
// CHECK: schedule = [{axis = "d0", prim = "parallel"}]
func.func @untouched(%a: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3xf32>, tensor<3x4xf32>) {
  %0 = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<3x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "map", reduce_extents = array<i64>} : () -> tensor<3x4xf32>
  %1 = "te.compute"() ({
  ^bb0(%i: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<3x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "rowsum", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32} : () -> tensor<3xf32>
  %2 = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<3x4xf32>, index, index) -> f32
    gpu.yield %x : f32
  }) {name = "scheduled", reduce_extents = array<i64: 4>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "parallel", axis = "d0"}]} : () -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3xf32>, tensor<3x4xf32>
}

// CHECK-LABEL: func.func @large
// CHECK: {axis = "d0.2", intrinsic = @fma_f32_4x64_avx512f, prim = "tensorize"}, {axes = ["d0.0", "d1.1"], prim = "fuse"}, {axis = "d0.0+d1.1", prim = "parallel"}]
func.func @large(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<128x64xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<64x128xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 64>, combiner = "add", init = 0.0 : f32} : () -> tensor<128x128xf32>
  return %c : tensor<128x128xf32>
}

// A window reduction of products (a depthwise 3x3: x[c, oh + kh, ow + kw]
// * w[c, kh, kw]) gets vector rows with its two innermost reduce loops (the
// taps) unrolled fully; with knobs the unroll knob offers that first.
// CHECK-LABEL: func.func @depthwise_taps
// CHECK: name = "dw", reduce_extents = array<i64: 3, 3>, schedule = [{axis = "d2", factors = array<i64: 16>, prim = "split"}, {order = ["d0", "d1", "r0", "r1", "d2.0", "d2.1"], prim = "reorder"}, {axis = "d2.1", prim = "vectorize"}, {axis = "r1", factor = 3 : i64, prim = "unroll"}, {axis = "r0", factor = 3 : i64, prim = "unroll"}]
// KNOBS-LABEL: func.func @depthwise_taps
// KNOBS: {axis = "r1", factor = {choices = [3, 1], knob = "unroll"}, prim = "unroll"}, {axis = "r0", factor = {choices = [3, 1], knob = "unroll"}, prim = "unroll"}
func.func @depthwise_taps(%x: tensor<16x18x18xf32>, %w: tensor<16x3x3xf32>) -> tensor<16x16x16xf32> {
  %c = "te.compute"() ({
  ^bb0(%c: index, %i: index, %j: index, %kh: index, %kw: index):
    %ih = arith.addi %i, %kh : index
    %iw = arith.addi %j, %kw : index
    %v = "te.read"(%x, %c, %ih, %iw) : (tensor<16x18x18xf32>, index, index, index) -> f32
    %k = "te.read"(%w, %c, %kh, %kw) : (tensor<16x3x3xf32>, index, index, index) -> f32
    %m = arith.mulf %v, %k : f32
    gpu.yield %m : f32
  }) {name = "dw", reduce_extents = array<i64: 3, 3>, combiner = "add", init = 0.0 : f32} : () -> tensor<16x16x16xf32>
  return %c : tensor<16x16x16xf32>
}

// With knobs, kc offers blocks up to 1536, so a product with K <= 1536 can
// keep one k block (here K = 1536 with a constant B: the default, 128,
// sized to L1; 1024 evens out to 768).
// KNOBS-LABEL: func.func @deep_weights
// KNOBS: {axis = "r0", factors = {choices = [array<i64: 128>, array<i64: 64>, array<i64: 256>, array<i64: 384>, array<i64: 512>, array<i64: 768>, array<i64: 1536>], knob = "kc"}, prim = "split"}
func.func @deep_weights(%a: tensor<32x1536xf32>) -> tensor<32x64xf32> {
  %b = arith.constant dense<1.0> : tensor<1536x64xf32>
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<32x1536xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<1536x64xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 1536>, combiner = "add", init = 0.0 : f32} : () -> tensor<32x64xf32>
  return %c : tensor<32x64xf32>
}
