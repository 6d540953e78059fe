// The register tile is one knob ("tile") named at four places of the
// te-default-schedule{knobs=true} trace: the rows at the row block's split,
// the columns at the column block's split and at cache_read's panel width,
// the intrinsic at tensorize. Tuning chooses one tile, and every place gets
// that tile's value; the database records the decision by the intrinsic's
// name. Packing B is optional: the knob "pack" is the cache_read step's
// `enabled` (default first: here packing, pack-min-rows=0); packing A into
// row panels as high as the tile is the knob "pack_a" (off by default; the
// micro-kernel then reads a transposed A tile). (The host's
// tiles: this holds on any machine.)
// RUN: rm -f %t.db*
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{knobs=true pack-min-rows=0},te-autotune{trials=6 db=%t.db seed=5 target=strata-test repeats=1 validate=1})' 2>/dev/null | FileCheck %s
// RUN: strata-tune export %t.db | FileCheck %s --check-prefix=DB
// With flush-cache, every argument but the first is evicted before each
// timed run (clflush); the measurements still succeed.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{knobs=true},te-autotune{trials=3 seed=5 target=strata-test repeats=2 validate=0 flush-cache=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=FLUSH
// FLUSH: remark: te-autotune: mm 48x96 r40 f32: 3 trials, 0 errors
// The space: the target's tiles, default first, at each of the four places
// (96 columns: 8x32 computes 25% fewer padded elements than the preferred
// 4x64, so it is the default).
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-default-schedule{target=avx512f knobs=true pack-min-rows=0})' | FileCheck %s --check-prefix=SPACE

// CHECK-LABEL: func.func @mm
// CHECK: {axis = "d0.1", factors = array<i64: [[M:[0-9]+]]>, prim = "split"}
// CHECK-SAME: {axis = "d1.1", factors = array<i64: [[N:[0-9]+]]>, prim = "split"}
// CHECK-SAME: {enabled = {{true|false}}, input = 1 : i64, prim = "cache_read", scope = "packed", width = [[N]] : i64}
// CHECK-SAME: {enabled = {{true|false}}, input = 0 : i64, prim = "cache_read", scope = "packed", transpose = true, width = [[M]] : i64}
// CHECK-SAME: {axis = "d0.1.1", intrinsic = @fma_f32_[[M]]x[[N]]_{{[a-z0-9]+}}, prim = "tensorize"}
// DB: "decisions":{"@version":2,"mc":[{{[0-9]+}}],"nc":[{{[0-9]+}}],"kc":[{{[0-9]+}}],"tile":"@fma_f32_{{[0-9]+x[0-9]+}}_{{[a-z0-9]+}}","pack":"true","pack_a":"false"}
// SPACE: {axis = "d0.1", factors = {choices = [array<i64: 8>, array<i64: 4>, array<i64: 6>], knob = "tile"}, prim = "split"}
// SPACE-SAME: {axis = "d1.1", factors = {choices = [array<i64: 32>, array<i64: 64>, array<i64: 64>], knob = "tile"}, prim = "split"}
// SPACE-SAME: {enabled = {choices = [true, false], knob = "pack"}, input = 1 : i64, prim = "cache_read", scope = "packed", width = {choices = [32, 64, 64], knob = "tile"}}
// SPACE-SAME: {enabled = {choices = [false, true], knob = "pack_a"}, input = 0 : i64, prim = "cache_read", scope = "packed", transpose = true, width = {choices = [8, 4, 6], knob = "tile"}}
// SPACE-SAME: intrinsic = {choices = [@fma_f32_8x32_avx512f, @fma_f32_4x64_avx512f, @fma_f32_6x64_avx512f], knob = "tile"}
func.func @mm(%a: tensor<48x40xf32>, %b: tensor<40x96xf32>) -> tensor<48x96xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<48x40xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<40x96xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 40>, combiner = "add", init = 0.0 : f32} : () -> tensor<48x96xf32>
  return %c : tensor<48x96xf32>
}
