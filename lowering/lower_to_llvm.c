/* strata-lower-to-llvm: the named pipeline from tir (plus upstream
 * arith/math/memref/scf/vector) to the llvm dialect, ready for the JIT or
 * for translation to LLVM IR. Parallel loops go to OpenMP (scf.parallel ->
 * omp.parallel + omp.wsloop), run by Debian's libomp; see docs/lowering. */
#include "strata/pass.h"

const strata_pass_info_t strata_lower_to_llvm_pass = {
    .argument = "strata-lower-to-llvm",
    .summary = "Lower tir and upstream dialects to the llvm dialect",
    .description =
        "tir-simplify-index (exact div/rem of packed-panel indices become loop variables), "
        "convert-hwi-to-vector (register-tile micro-kernels), convert-tir-to-scf, "
        "strata-check-limits (oversized vectors, static buffers larger than memory), "
        "strata-expand-math (f32 exp, erf and tanh as vectorizable polynomials), "
        "strata-plan-memory (a function's intermediate buffers in one arena per call, "
        "placed by liveness), then "
        "upstream: scf.parallel to OpenMP, "
        "then per function (in parallel when the context is multithreaded): canonicalize "
        "(required before scf-to-cf: it folds single-block "
        "alloca scopes; bottom-up, as top-down takes quadratic time on long loop bodies, "
        "and it erases the memref.get_global of a constant nothing reads), "
        "affine lowering, vector transfers to scf, scf to cf and strided-metadata "
        "expansion; then symbol-dce (erases private symbols nothing references: the "
        "unpacked copy of a weight that te-pack-constants or the direct convolution packed "
        "at compile time would otherwise stay in the module, the JIT's data and the object "
        "file), memref (heap buffers through "
        "_mlir_memref_to_llvm_alloc/free, which Strata's runtime defines: a failed "
        "allocation stops the process with a message), "
        "math (per function, with vector), vector and func to llvm, unrealized-cast "
        "reconciliation, and "
        "strata-flatten-globals (constant globals as flat arrays).",
    .anchor = "builtin.module",
    .pipeline = "tir-simplify-index,convert-hwi-to-vector,convert-tir-to-scf,strata-check-limits,strata-expand-math,strata-plan-memory,convert-scf-to-openmp,"
                "func.func(canonicalize{top-down=false},lower-affine,convert-vector-to-scf,convert-scf-to-cf,"
                "expand-strided-metadata,lower-affine),symbol-dce,convert-math-to-funcs,convert-math-to-libm,"
                "func.func(convert-math-to-llvm,convert-vector-to-llvm),"
                "finalize-memref-to-llvm{use-generic-functions=1},convert-to-llvm,reconcile-unrealized-casts,"
                "strata-flatten-globals",
};
