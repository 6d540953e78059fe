/* te-sketch's rule for tensorized direct-convolution templates (the
 * schedule convert-graph-to-te gives a direct convolution's product,
 * lowering/graph_to_te_conv_direct.c): the template's own decisions as
 * knobs, so that such products are tuned while their epilogue stays fused
 * into the register tiles. See te_sketch_direct.c. */
#ifndef STRATA_PASSES_TE_TE_SKETCH_DIRECT_H
#define STRATA_PASSES_TE_TE_SKETCH_DIRECT_H

#include <mlir-c/IR.h>

/* The "direct" sketch's steps for `op`, or a null attribute when its
 * schedule is not a direct-convolution template: split A by the tile's
 * rows, [split K,] reorder, tensorize A.1 with an FMA tile, [parallel].
 * The tile knob offers the tiles of `target` (hwi_catalog.h: "host",
 * "avx512f", ...) that fit the template's data layout. */
MlirAttribute strata_te_direct_sketch(MlirOperation op, const char *target);

#endif
