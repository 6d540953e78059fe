/* Building blocks of schedule traces, shared by the passes that write
 * them (te-default-schedule, its vector-row rule te_row_vectors.c, and
 * te-sketch): knob dictionaries, axis steps, splits, loop orders, the
 * parallel step, and the reads of a compute body those rules ask about.
 * The trace format itself (steps and their fields) is dialects/te/te_trace.h. */
#ifndef STRATA_PASSES_TE_TE_SCHEDULE_STEPS_H
#define STRATA_PASSES_TE_TE_SCHEDULE_STEPS_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

/* Most axes (spatial + reduce) a compute may have for these rules. */
enum { STRATA_TE_MAX_AXES = 16 };

/* Most vector lanes a trace asks for. */
enum { STRATA_TE_MAX_VECTOR_LANES = 64 };

/* {knob = name, choices = [choices...]}: a decision te-autotune searches,
 * the first choice being the default. */
MlirAttribute strata_te_knob(MlirContext ctx, const char *name, intptr_t n,
                             const MlirAttribute *choices);

/* {knob = name, choices = [first, !first]}. */
MlirAttribute strata_te_bool_knob(MlirContext ctx, const char *name, bool first);

/* {prim = prim, axis = axis}. */
MlirAttribute strata_te_axis_step(MlirContext ctx, const char *prim, MlirAttribute axis);

/* {prim = "split", axis = axis, factors = factors} (an array or a knob). */
MlirAttribute strata_te_split_step(MlirContext ctx, MlirAttribute axis, MlirAttribute factors);

/* A loop order of `op`: the spatial axes but the innermost (the row), the
 * reduce axes, and the row (its name + `row`: "" for the axis, ".0" for its
 * outer part) either outside the reduce axes (row_outside) or inside them;
 * then, when `tail` is not NULL, the row's inner part (suffix `tail`). */
MlirAttribute strata_te_axis_order(MlirContext ctx, MlirOperation op, bool row_outside,
                                   const char *row, const char *tail);

/* {prim = "parallel", axis = <the first of the first `axes` spatial axes of
 * `op` with extent >= 2>}, or null when there is none; with `knob`, the
 * step is optional: enabled = knob "parallel", its default (`on`) first. */
MlirAttribute strata_te_parallel_step(MlirContext ctx, MlirOperation op, intptr_t axes, bool knob,
                                      bool on);

/* The iterations of a static compute: spatial times reduce extents. */
double strata_te_iterations(MlirOperation op);

/* Whether `v` (a value of a compute body) depends on the block argument
 * `arg` through the body's ops; past a depth of 32, conservatively yes. */
bool strata_te_depends_on(MlirValue v, MlirValue arg);

#endif
