/* Schedule primitives as transformations of tir loop nests (one file each:
 * passes/tir/tir_<prim>.c), called by their own passes (tir-split, ...) and
 * by tir-apply-schedule, which replays a compute's te.schedule trace.
 * Loops are tir.for ops of one nest (the nest root, the outermost tir.for,
 * carries te.compute / te.schedule; transformations keep those attributes
 * on whatever loop becomes the root). Loops being split, tiled, fused or
 * reordered must start at 0 with step 1 (te-to-tir and the primitives only
 * make such loops). On failure each function emits a located error naming
 * the compute and returns failure; the IR is then unchanged unless stated.
 * Loops passed in are borrowed; loops that a transformation replaces are
 * erased, so callers look them up again by name. */
#ifndef STRATA_PASSES_TIR_SCHEDULE_H
#define STRATA_PASSES_TIR_SCHEDULE_H

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>
#include <stdint.h>

/* Splits `loop` (name a, extent E) by the inner factors factors[0..n) into
 * n+1 loops a.0 (outermost) .. a.n; a = a.0*P0 + a.1*P1 + ... + a.n with
 * P_m the product of the factors after m. Non-divisible extents: inner
 * bounds become min(f_m, ceildiv(E - base, P_m)) (arith.minsi), so every
 * original iteration runs exactly once. a.0 keeps loop's kind if it was
 * parallel; the others are serial. If new_loops is non-NULL it receives
 * the n+1 new loops, outer first. */
MlirLogicalResult strata_tir_split(MlirOperation loop, const int64_t *factors, int n,
                                   MlirOperation *new_loops);

/* Reorders loops[0..n): they must lie on one chain of nested loops; the
 * chain positions they occupy receive them in the given order (other
 * chain loops stay put). The chain is made perfectly nested first (a
 * reduction's init store is hoisted into its own nest). Fails with
 * "illegal reorder: ..." when the loops are not on one chain, not
 * perfectly nested, or a loop's bounds would depend on a loop moved
 * inside it. */
MlirLogicalResult strata_tir_reorder(const MlirOperation *loops, int n);

/* Tile: splits each of loops[0..n) by factors[i] into x.0 / x.1, then
 * reorders the outer parts before the inner ones
 * (a.0, b.0, ..., a.1, b.1, ...). */
MlirLogicalResult strata_tir_tile(const MlirOperation *loops, const int64_t *factors, int n);

/* Fuses loops[0..n) (n >= 1), each directly and perfectly nested in the
 * previous, into one loop named "a+b+..." over the product of their extents;
 * the original indices are recovered with divui/remui. Extents must not
 * depend on the fused loops. */
MlirLogicalResult strata_tir_fuse(const MlirOperation *loops, int n);

/* Marks `loop` parallel (scf.parallel, then OpenMP). Fails on reduction
 * loops (iterations that update the same elements). */
MlirLogicalResult strata_tir_parallel(MlirOperation loop);

/* Marks the innermost `loop` vectorized. Fails unless it is innermost (no
 * nested loops or regions) and its extent is a constant or bounded by one
 * (min(c, ...) from a non-divisible split). */
MlirLogicalResult strata_tir_vectorize(MlirOperation loop);

/* Unrolls `loop`. factor 0: fully (the extent must be constant, at most
 * 1024): the loop is replaced by copies of its body with the index as a
 * constant. factor f > 1: the body is copied f times in a loop over
 * E / f (attribute unroll_factor = f), with a remainder loop "<a>.tail"
 * over the last E mod f iterations when the extent is not a multiple of f
 * (or not constant). factor 1: no change. */
MlirLogicalResult strata_tir_unroll(MlirOperation loop, int64_t factor);
/* The largest constant extent tir-unroll unrolls fully (factor 0). */
#define STRATA_TIR_MAX_FULL_UNROLL 1024

/* Packs the `input`-th distinct buffer the nest of `root` reads (in order
 * of first load) into contiguous panels of `width` columns: for a buffer
 * [.., R, C] a new buffer [.., ceil(C/w), R, w] (tir.alloc_buffer, scope
 * "packed"; columns past C are zeros) filled by a copy nest placed before
 * the nest (its panel loop parallel), freed after it; every load of the
 * buffer in the nest reads the panel instead (divui / remui of the column
 * index). `transposed`: the buffer is [.., C, R] (read as B[.., j, k]) and
 * packs into the same panels. Rank >= 2; width > 0. */
MlirLogicalResult strata_tir_cache_read_packed(MlirOperation root, int64_t input, int64_t width,
                                               bool transposed);

/* Replaces the micro-tile of three perfectly nested loops starting at
 * `loop` (body C[..] += A[..] * B[..]) by an hwi.call_tile of the fma
 * `intrinsic` on subview tiles (tir_tensorize.c states the match). Fails
 * with the reason. */
MlirLogicalResult strata_tir_tensorize(MlirOperation loop, MlirOperation intrinsic);

/* Inlines the compute whose nest is rooted at `root` into every load of
 * its buffer elsewhere in the function (tir_compute_inline.c states the
 * conditions), erasing the nest, the buffer and its dealloc. */
MlirLogicalResult strata_tir_compute_inline(MlirOperation root);

/* Moves the nest rooted at `root` (a perfect spatial nest storing
 * P[loop variables] into a buffer the function allocated) to the top of the
 * body of loop `axis` of compute `target`, computing per iteration only the
 * region of P read there (tir_compute_at.c states the region and the
 * conditions). P keeps its full size. Errors are located at `root`. */
MlirLogicalResult strata_tir_compute_at(MlirOperation root, const char *target,
                                        const char *axis);

/* Moves the nest rooted at `root` (an elementwise nest reading the product P
 * at its own loop variables) to the end of the body of loop `axis` of
 * compute `target`, over the tile of P the one hwi.call_tile inside `axis`
 * accumulates, in the last iteration of the reduction blocks around it
 * (tir_reverse_compute_at.c states the conditions). Errors are located at
 * `root`; nothing changes on failure. */
MlirLogicalResult strata_tir_reverse_compute_at(MlirOperation root, const char *target,
                                                const char *axis);

/* For a store inside a loop nest: the loop directly around the outermost
 * enclosing loop on which the store's indices do not depend (a reduction),
 * where the stored values are final (reverse_compute_at's axis for an
 * untensorized producer), or null when there is none. */
MlirOperation strata_tir_epilogue_axis(MlirOperation store);

/* Inside `loop`, the stores to (and loads of) the one buffer the nest
 * writes there go to a local buffer (tir.alloc_buffer scope "local") sized
 * to the region one iteration of `loop` touches, copied in from the buffer
 * at the top of the body and back at its end (tir_cache_write.c). */
MlirLogicalResult strata_tir_cache_write_local(MlirOperation loop);

/* The hwi.intrinsic named `name` of the module enclosing `from`; a
 * built-in one (hwi_catalog.h) is declared in that module when missing.
 * Null if neither exists. */
MlirOperation strata_tir_intrinsic_for(MlirOperation from, MlirStringRef name);

#endif
