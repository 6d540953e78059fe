/* Knobs of a te.compute's schedule trace: the tuning decisions a trace
 * leaves open (te-default-schedule{knobs=true} writes them) seen as a
 * search space (tuning/space.h), and the trace with a candidate's choices
 * written in. One knob per distinct knob name, its choices in trace order:
 * a `choices` list as written, or the factor domain of a `parts = P` split
 * of an axis whose extent the trace fixes; the default candidate is every
 * knob's first choice. Also the loop names a trace walk derives (split,
 * tile and fuse name new loops), which the features share. */
#ifndef STRATA_PASSES_TE_TE_KNOBS_H
#define STRATA_PASSES_TE_TE_KNOBS_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tuning/space.h"

enum { STRATA_TE_MAX_AXES = 16, STRATA_TE_MAX_LOOPS = 96 };

/* One knob: its name and the fixed value of each choice. */
typedef struct strata_te_knob {
  char *name;
  size_t num_choices;
  MlirAttribute *choices;
  /* The sketch whose trace holds it (0: the compute's own schedule), or -1
   * (the sketch choice itself, or a name several sketches use). */
  int sketch;
} strata_te_knob_t;

/* Sketches (te-sketch): a compute may carry `sketches = [{name = "tile",
 * steps = [...]}, ...]`, alternative traces beside its own `schedule`
 * (sketch 0, "default"). Its knobs are then the string knob "sketch"
 * (default first, then each sketch's name) followed by the knobs of every
 * trace; a candidate applies the chosen sketch's trace. */
#define STRATA_TE_SKETCH_KNOB "sketch"

/* The compute's `sketches` array, or null when it has none. */
MlirAttribute strata_te_compute_sketches(MlirOperation compute);
/* The trace a candidate chooses (the chosen sketch, knobs replaced; NULL
 * knobs or candidate: the default), an empty array when it has no steps. */
MlirAttribute strata_te_compute_trace(MlirOperation compute, const strata_te_knob_t *knobs,
                                      size_t n, const strata_choice_t *candidate);
/* Writes `trace` as the compute's schedule (an empty one: no schedule) and
 * drops its sketches. */
void strata_te_compute_set_trace(MlirOperation compute, MlirAttribute trace);
/* Knobs of sketches the candidate does not choose take their first choice
 * (they have no effect): the search's canonical form. */
void strata_te_knobs_canonicalize(const strata_te_knob_t *knobs, size_t n,
                                  strata_choice_t *candidate);

/* Loop names and extents while walking a trace for knob domains and
 * features (dialects/te/te_trace.h's strata_te_loops_t follows more steps;
 * moving the tuner onto it is the next step of the one-decoder work). */
typedef struct {
  int count;
  char names[STRATA_TE_MAX_LOOPS][128];
  int64_t extents[STRATA_TE_MAX_LOOPS];
  int root[STRATA_TE_MAX_LOOPS];   /* the compute axis a name is, or -1 for a derived loop */
  int origin[STRATA_TE_MAX_LOOPS]; /* the compute axis a name is or derives from, or -1 */
} strata_te_names_t;

/* The last loop called `name`, or -1. */
int strata_te_names_find(const strata_te_names_t *n, const char *name);
void strata_te_names_add(strata_te_names_t *n, const char *name, int64_t extent, int root);
/* The compute's axes (spatial, then reduce); their extents into `extents`
 * (STRATA_TE_MAX_AXES entries) when not NULL. */
void strata_te_names_init(strata_te_names_t *n, MlirOperation compute, int64_t *extents);
/* Splits `axis` (extent known) by `factors`: names axis.0 .. axis.n. */
void strata_te_names_split(strata_te_names_t *n, const char *axis, const int64_t *factors,
                           intptr_t num_factors);

/* A string attribute's value into buf ("" for anything else). */
void strata_te_string_of(MlirAttribute a, char *buf, size_t size);

/* True when `op` is a te.compute whose schedule has at least one knob. */
bool strata_te_compute_has_knobs(MlirOperation op);

/* The version of what traces and their knobs mean, written with every
 * tuning record (space.h, "@version"); records of another version are
 * stale: ignored, with a message (te-apply-tuned, strata-tune). Raise it
 * whenever a knob of the same name changes what it does.
 *   0 or 1 (records without "@version", shown as 0): before the epilogue rule;
 *   2: products with an epilogue keep their template and its fused
 *      epilogue (te-sketch's epilogue rule), records carry "@version". */
#define STRATA_TE_TRACE_VERSION 2

/* Reads every knob of `schedule` (a trace of `compute`) into *knobs and,
 * if space is not NULL, the space (with STRATA_TE_TRACE_VERSION). False with *error (malloc'd) for a knob
 * whose domain cannot be derived or conflicting knobs of one name. */
bool strata_te_read_knobs(MlirOperation compute, MlirAttribute schedule, strata_te_knob_t **knobs,
                          size_t *count, strata_space_t *space, char **error);
void strata_te_knobs_free(strata_te_knob_t *knobs, size_t count);

/* The trace with knobs replaced by choices[candidate] (first choices for a
 * NULL candidate; a knob not in `knobs` takes the first of its own
 * `choices`, so knobs = NULL gives the default decisions). */
MlirAttribute strata_te_substitute(MlirAttribute schedule, const strata_te_knob_t *knobs,
                                   size_t count, const strata_choice_t *candidate);

/* Replaces every `choices` knob of a compute's trace by its first choice
 * (for computes that cannot become a task; sketches dropped); `parts`
 * knobs stay. */
void strata_te_compute_apply_defaults(MlirOperation compute);

#endif
