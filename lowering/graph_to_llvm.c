/* strata-graph-to-llvm: the whole ladder as one named pipeline, from the
 * graph dialect (or any later stage: each conversion leaves IR without its
 * source dialect unchanged) to the llvm dialect. The default of strata-run
 * and strata-compile. */
#include "strata/pass.h"

const strata_pass_info_t strata_graph_to_llvm_pass = {
    .argument = "strata-graph-to-llvm",
    .summary = "Lower graph (or te, or tir) all the way to the llvm dialect",
    .description = "graph-fold-batch-norm, graph-recognize-gelu, graph-fuse, convert-graph-to-te, "
                   "te-inline, "
                   "te-epilogue-view, te-default-schedule, te-pack-constants, convert-te-to-tir, "
                   "tir-apply-schedule (a no-op "
                   "on nests without a schedule), tir-fuse-epilogue, tir-product-in-place, tir-sink-init, "
                   "tir-sink-epilogue, tir-compact-buffers, "
                   "strata-outline-kernels (each kernel a function, identical ones merged), then "
                   "strata-lower-to-llvm.",
    .anchor = "builtin.module",
    .pipeline = "graph-fold-batch-norm,graph-recognize-gelu,graph-fuse,convert-graph-to-te,"
                "te-inline,"
                "te-epilogue-view,te-default-schedule,te-pack-constants,"
                "convert-te-to-tir,"
                "tir-apply-schedule,"
                "tir-fuse-epilogue,"
                "tir-product-in-place,"
                "tir-sink-init,"
                "tir-sink-epilogue,"
                "tir-compact-buffers,"
                "strata-outline-kernels,"
                "strata-lower-to-llvm",
};
