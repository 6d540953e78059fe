/* The schedule trace as typed values: the one decoder of the `schedule`
 * attribute of te.compute (an array of {prim = "...", <field> = ...}
 * dictionaries, docs/dialects/te.md). Every reader goes through it: the te
 * verifier (which reports its errors), tir-apply-schedule (which applies the
 * decoded steps), and tuning (knobs, their choices, the loop names each step
 * makes).
 *
 * A step is a tagged struct per primitive (split {axis, factors}, ...); each
 * field is a decision: absent, fixed (a decoded value) or a knob (a name and
 * either a list of choices, each a valid fixed value, or a `parts` count).
 * Decoding checks structure only (known primitives and fields, value kinds,
 * knob shape), not whether axes exist. Decoded values borrow from the
 * attribute (strings are MlirStringRefs into the context); a trace owns only
 * its step array. */
#ifndef STRATA_DIALECTS_TE_TRACE_H
#define STRATA_DIALECTS_TE_TRACE_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dialects/te/te.h"
#include "dialects/tir/tir.h"

/* Most names or factors one value holds. */
#define STRATA_TE_MAX_LIST 16

/* What a field holds. */
typedef enum {
  STRATA_TE_VALUE_NAME,        /* non-empty string: an axis or a compute name */
  STRATA_TE_VALUE_NAMES,       /* 1..16 non-empty strings */
  STRATA_TE_VALUE_FACTORS,     /* array<i64> of 1..16 positive integers */
  STRATA_TE_VALUE_POSITIVE,    /* integer > 0 */
  STRATA_TE_VALUE_NONNEGATIVE, /* integer >= 0 */
  STRATA_TE_VALUE_SCOPE,       /* a tir buffer scope name */
  STRATA_TE_VALUE_SYMBOL,      /* @symbol (an hwi.intrinsic) */
  STRATA_TE_VALUE_BOOL,
} strata_te_value_kind_t;

/* A decoded fixed value; which member is set follows the field's kind. */
typedef struct {
  int count; /* NAMES, FACTORS: entries used */
  union {
    MlirStringRef name;                      /* NAME; SYMBOL: the symbol */
    MlirStringRef names[STRATA_TE_MAX_LIST]; /* NAMES */
    int64_t factors[STRATA_TE_MAX_LIST];     /* FACTORS */
    int64_t integer;                         /* POSITIVE, NONNEGATIVE */
    strata_tir_scope_t scope;                /* SCOPE */
    bool flag;                               /* BOOL */
  };
} strata_te_value_t;

typedef enum {
  STRATA_TE_DECISION_ABSENT, /* an optional field left out */
  STRATA_TE_DECISION_FIXED,
  STRATA_TE_DECISION_KNOB,
} strata_te_decision_kind_t;

/* One field of a step. */
typedef struct {
  strata_te_decision_kind_t kind;
  const char *field;                /* the field's name (static storage) */
  strata_te_value_kind_t value_kind;
  MlirAttribute attr;               /* as written: the value or the knob dictionary */
  strata_te_value_t value;          /* FIXED */
  MlirStringRef knob;               /* KNOB: its name */
  MlirAttribute choices;            /* KNOB: array of valid fixed values; null for parts */
  int64_t parts;                    /* KNOB: the `parts` count (factors only), else 0 */
} strata_te_decision_t;

/* One step: `prim` says which member of the union is set. */
typedef struct {
  strata_te_prim_t prim;
  long index;                    /* position in the trace (0-based) */
  MlirAttribute attr;            /* the step dictionary as written */
  strata_te_decision_t enabled;  /* BOOL; absent means enabled */
  union {
    struct { strata_te_decision_t axis, factors; } split;
    struct { strata_te_decision_t axes, factors; } tile;
    struct { strata_te_decision_t axes; } fuse;
    struct { strata_te_decision_t order; } reorder;
    struct { strata_te_decision_t axis; } parallel;
    struct { strata_te_decision_t axis; } vectorize;
    struct { strata_te_decision_t axis, factor; } unroll;
    struct { strata_te_decision_t target, axis; } compute_at;
    struct { strata_te_decision_t input, scope, axis, width, transpose; } cache_read;
    struct { strata_te_decision_t scope, axis; } cache_write;
    struct { strata_te_decision_t axis, intrinsic; } tensorize;
  };
} strata_te_step_t;

typedef struct {
  strata_te_step_t *steps; /* owned */
  size_t count;
} strata_te_trace_t;

/* What is wrong with a trace, and where. */
typedef struct {
  long step;         /* index of the offending step; -1: the trace as a whole */
  const char *prim;  /* that step's primitive (static storage), NULL if unknown */
  char message[320]; /* the problem, e.g. "missing field 'factors'" */
} strata_te_trace_error_t;

/* Decodes `trace` (null: an empty trace). False on the first malformed step,
 * with *err filled (*out is then empty). */
bool strata_te_trace_decode(MlirAttribute trace, strata_te_trace_t *out,
                            strata_te_trace_error_t *err);
void strata_te_trace_free(strata_te_trace_t *trace);

/* The whole message: "schedule step #<i> (<prim>)<where>: <message>" (or
 * "<what>: <message>" for the whole trace), `where` naming the compute as
 * the caller sees fit (" of compute 'c'", or ""). Returns buf. */
char *strata_te_trace_error_str(const strata_te_trace_error_t *err, const char *where, char *buf,
                                size_t size);

/* The decisions of a step that are present, in the order of its dictionary
 * (MLIR sorts keys, so the order is stable), `enabled` included. Returns the
 * count (at most 6). */
int strata_te_step_decisions(const strata_te_step_t *step, const strata_te_decision_t **out);
/* The step is enabled: no `enabled`, or a fixed true (a knob counts as
 * enabled). */
bool strata_te_step_enabled(const strata_te_step_t *step);
/* The first knob among a step's present decisions, NULL if none. */
const strata_te_decision_t *strata_te_step_first_knob(const strata_te_step_t *step);
/* True if any step holds a knob. */
bool strata_te_trace_has_knobs(const strata_te_trace_t *trace);

/* Choices of a knob: their number (0 for a `parts` knob) and choice `i`. */
size_t strata_te_decision_num_choices(const strata_te_decision_t *d);
MlirAttribute strata_te_decision_choice(const strata_te_decision_t *d, size_t i);
/* True if every choice of a choices knob is an integer or an array<i64>. */
bool strata_te_decision_choices_are_ints(const strata_te_decision_t *d);

/* --- resolving knobs ------------------------------------------------------ */
/* The value a knob takes at one place: a fixed attribute of the field's kind,
 * or null to leave the knob. */
typedef MlirAttribute (*strata_te_choose_fn)(void *user, const strata_te_step_t *step,
                                             const strata_te_decision_t *knob);
/* A chooser giving every choices knob its first choice and leaving `parts`
 * knobs (their domain is derived by the tuner). */
MlirAttribute strata_te_choose_first(void *user, const strata_te_step_t *step,
                                     const strata_te_decision_t *knob);
/* A chooser taking choice index `*(const size_t *)user` for every knob
 * (clamped to the first for an index out of range; `parts` knobs stay). */
MlirAttribute strata_te_choose_index(void *user, const strata_te_step_t *step,
                                     const strata_te_decision_t *knob);
/* Replaces knobs by the values `choose` gives (NULL: strata_te_choose_first),
 * in place. False with *err if a chosen value is not a valid fixed value. */
bool strata_te_trace_resolve(strata_te_trace_t *trace, strata_te_choose_fn choose, void *user,
                             strata_te_trace_error_t *err);
/* The trace as an attribute again (steps as written, with resolved
 * decisions' values in place of their knobs). */
MlirAttribute strata_te_trace_attr(MlirContext ctx, const strata_te_trace_t *trace);

/* --- writing traces (te-default-schedule, the skinny trace) ---------------- */
/* One step {prim = <prim>, <fields>} (at most 7 fields; more are dropped). */
MlirAttribute strata_te_step_attr(MlirContext ctx, const char *prim, intptr_t n,
                                  const MlirNamedAttribute *fields);
/* The name of loop `axis` of `compute` followed by `suffix` ("d0" ".1" ->
 * "d0.1"), as a string attribute. */
MlirAttribute strata_te_axis_name_attr(MlirContext ctx, MlirOperation compute, intptr_t axis,
                                       const char *suffix);

/* --- loop names ----------------------------------------------------------- */
/* Which loops exist after each step, as the tir primitives name them
 * (docs/schedules.md): split a -> a.0 .. a.n, tile -> a.0, b.0, .., a.1, b.1,
 * fuse -> "a+b", reorder permutes; other steps keep the names. Extents are
 * followed when known (-1: unknown: a dynamic axis, a knob). */
#define STRATA_TE_MAX_LOOPS 96

typedef struct {
  char name[128];
  int64_t extent;   /* iterations, -1 if unknown */
  int axis;         /* the compute axis it is or derives from, -1 for a fused loop */
  bool original;    /* a compute axis itself */
  int parts[4];     /* a fused loop: the loops it fused (indices into loops[]) */
  int num_parts;
} strata_te_loop_t;

typedef struct {
  strata_te_loop_t loops[STRATA_TE_MAX_LOOPS]; /* every loop made so far, oldest first */
  int count;
  int nest[64]; /* the current nest, outermost first (indices into loops[]) */
  int depth;
} strata_te_loops_t;

/* The compute's own loops (spatial then reduce axes, `axis_names` or d<i> /
 * r<j>) with their static extents. */
void strata_te_loops_init(strata_te_loops_t *l, MlirOperation compute);
/* Adds compute axis `axis` named `name` (for callers without the op). */
void strata_te_loops_add_axis(strata_te_loops_t *l, const char *name, int64_t extent, int axis);
/* The newest loop named `name` (length n), -1 if none. */
int strata_te_loops_find(const strata_te_loops_t *l, MlirStringRef name);
/* Position of loop index `loop` in the nest, -1 if not in it. */
int strata_te_loops_nest_pos(const strata_te_loops_t *l, int loop);
/* Follows one step (split, tile, fuse, reorder; disabled steps and knob
 * decisions they cannot follow change nothing, except a split by a `parts`
 * knob, whose loops get unknown extents). */
void strata_te_loops_step(strata_te_loops_t *l, const strata_te_step_t *step);

#endif
