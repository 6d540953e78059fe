/* te-default-schedule's loop order for injective computes that read a
 * channel-blocked tensor back into a plain layout (te_unblock_order.c).
 * Not a public header. */
#ifndef STRATA_PASSES_TE_TE_UNBLOCK_ORDER_H
#define STRATA_PASSES_TE_TE_UNBLOCK_ORDER_H

#include <stdint.h>

#include <mlir-c/IR.h>

/* For an injective te.compute reading t[.., d / B, .., d % B] (d a spatial
 * axis other than the innermost, B a constant dividing its extent): the
 * trace split d [B], reorder [.., d.0, .., d.1, innermost], and parallel on
 * the first outer axis of extent >= 2 when the compute has at least
 * parallel_min_elements elements. When d is the innermost axis (a
 * channels-last copy of a blocked tensor; every such read with one B, at
 * most 64): split d [B], vectorize d.1, and the same parallel loop. Null
 * for any other compute. */
MlirAttribute strata_te_unblock_trace(MlirOperation op, int64_t parallel_min_elements);

#endif
