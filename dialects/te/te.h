/* Accessors for the te dialect (tensor expressions), for the passes that
 * read, schedule and lower te.compute: axes and their extents, the reduction
 * combiner and init, the body and the value it yields, the schedule trace and
 * its knobs. All functions borrow; none allocates. `op` arguments must be
 * verified ops of the stated kind (strata_verify passed). */
#ifndef STRATA_DIALECTS_TE_H
#define STRATA_DIALECTS_TE_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reduce extent spelling of a dynamic extent in `reduce_extents` (its value
 * then comes from a `dims` operand, after those of the dynamic result dims). */
#define STRATA_TE_DYNAMIC_EXTENT (-1)

/* How reduce axes combine values: the `combiner` attribute. */
typedef enum {
  STRATA_TE_COMBINER_NONE = -1, /* no reduce axes: the body yields the element */
  STRATA_TE_COMBINER_ADD,
  STRATA_TE_COMBINER_MAX,
  STRATA_TE_COMBINER_MIN,
  STRATA_TE_COMBINER_MUL,
} strata_te_combiner_t;

/* Schedule primitives a trace step may name (`prim`). */
typedef enum {
  STRATA_TE_PRIM_INVALID = -1,
  STRATA_TE_PRIM_SPLIT,
  STRATA_TE_PRIM_TILE,
  STRATA_TE_PRIM_FUSE,
  STRATA_TE_PRIM_REORDER,
  STRATA_TE_PRIM_PARALLEL,
  STRATA_TE_PRIM_VECTORIZE,
  STRATA_TE_PRIM_UNROLL,
  STRATA_TE_PRIM_COMPUTE_AT,
  STRATA_TE_PRIM_COMPUTE_INLINE,
  STRATA_TE_PRIM_CACHE_READ,
  STRATA_TE_PRIM_CACHE_WRITE,
  STRATA_TE_PRIM_TENSORIZE,
} strata_te_prim_t;

/* Combiner named `s` ("add", ...); STRATA_TE_COMBINER_NONE if unknown. */
strata_te_combiner_t strata_te_combiner_from_string(MlirStringRef s);
/* Spelling of `c` (static storage), NULL for NONE. */
const char *strata_te_combiner_name(strata_te_combiner_t c);

/* Primitive named `s`, or STRATA_TE_PRIM_INVALID. */
strata_te_prim_t strata_te_prim_from_string(MlirStringRef s);
/* Spelling of `p` (static storage), NULL if invalid. */
const char *strata_te_prim_name(strata_te_prim_t p);

/* --- te.compute --------------------------------------------------------- */
/* Number of spatial axes (the rank of the result). */
intptr_t strata_te_compute_num_spatial(MlirOperation op);
/* Number of reduce axes (length of reduce_extents). */
intptr_t strata_te_compute_num_reduce(MlirOperation op);
/* Extent of reduce axis `i`, or STRATA_TE_DYNAMIC_EXTENT. */
int64_t strata_te_compute_reduce_extent(MlirOperation op, intptr_t i);
/* The combiner; NONE when there are no reduce axes. */
strata_te_combiner_t strata_te_compute_combiner(MlirOperation op);
/* The init attribute (typed integer/float); null when no reduce axes. */
MlirAttribute strata_te_compute_init(MlirOperation op);
/* The body block: spatial index arguments first, then reduce ones. */
MlirBlock strata_te_compute_body(MlirOperation op);
/* The scalar the body yields (operand of its gpu.yield). */
MlirValue strata_te_compute_yielded(MlirOperation op);
/* The `name` attribute (kernel-unique compute name). */
MlirStringRef strata_te_compute_name(MlirOperation op);
/* Writes the name of axis `i` (spatial first, then reduce) into buf: the
 * `axis_names` entry if present, else "d<i>" for spatial axis i and "r<j>"
 * for reduce axis j. Schedule steps refer to axes by these names. */
char *strata_te_compute_axis_name(MlirOperation op, intptr_t i, char *buf, size_t size);
/* The `schedule` trace (array of step dictionaries), null if unscheduled. */
MlirAttribute strata_te_compute_schedule(MlirOperation op);

/* --- schedule steps and decisions -------------------------------------- */
/* Raw access to one step dictionary; readers of whole traces use the typed
 * decoder (te_trace.h), which also checks them. */
/* The primitive of a step dictionary. */
strata_te_prim_t strata_te_step_prim(MlirAttribute step);
/* Field `name` of a step (a decision or a plain value), null if absent. */
MlirAttribute strata_te_step_field(MlirAttribute step, const char *name);
/* True if `decision` is a knob dictionary {knob = "...", choices = [...]} or
 * {knob = "...", parts = N}; false for a fixed value. */
bool strata_te_decision_is_knob(MlirAttribute decision);

/* --- te.read ------------------------------------------------------------ */
/* The tensor read (captured from the enclosing function). */
MlirValue strata_te_read_tensor(MlirOperation op);
/* Number of indices (= rank of the tensor) and index `i`. */
intptr_t strata_te_read_num_indices(MlirOperation op);
MlirValue strata_te_read_index(MlirOperation op, intptr_t i);
/* Calls fn on every te.read nested in `op` (a te.compute, or an op holding
 * some), in pre-order, until it returns false. */
typedef bool (*strata_te_read_fn)(MlirOperation read, void *user);
void strata_te_walk_reads(MlirOperation op, strata_te_read_fn fn, void *user);
/* The te.compute that (transitively) contains `op`, or null. */
MlirOperation strata_te_enclosing_compute(MlirOperation op);
/* Verifier part (te_read_bounds.c): fails with a located error when an
 * index affine in the computes' axes (static extents) leaves its static
 * tensor dimension for some iteration. */
MlirLogicalResult strata_te_check_read_bounds(MlirOperation op);

#endif
