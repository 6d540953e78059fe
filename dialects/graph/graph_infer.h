/* Internal to the graph dialect: the context and checking helpers that the
 * per-family shape-inference files (graph_infer_*.c) share, and the rule
 * table each family exports. A rule reads operand shapes and attributes,
 * checks them, and computes the result shape; errors are reported only when
 * the context emits (the verifier), never when graph.h's
 * strata_graph_infer_result asks silently. */
#ifndef STRATA_DIALECTS_GRAPH_GRAPH_INFER_H
#define STRATA_DIALECTS_GRAPH_GRAPH_INFER_H

#include <mlir-c/BuiltinTypes.h>
#include <stddef.h>

#include "dialects/graph/graph.h"
#include "strata/diagnostics.h"

typedef strata_graph_shape_t shape_t;
typedef strata_graph_layout_t layout_t;
#define DYN STRATA_GRAPH_DYN

enum { MSG = 512, STR = 160, MAX_LIST = 2 * STRATA_GRAPH_MAX_RANK };

/* One check of one op: errors are reported only when `emit` is set. */
typedef struct {
  MlirOperation op;
  bool emit;
} ctx_t;

/* One op's inference: reads operands and attributes, checks them, and sets
 * the result shape; *elem arrives as operand 0's element type (null for ops
 * without operands) and may be changed (null: any element type). */
typedef bool (*gi_infer_fn)(ctx_t *c, shape_t *out, MlirType *elem);

/* Ops by name (without the "graph." prefix) and their inference. */
typedef struct {
  const char *name;
  gi_infer_fn infer;
} gi_rule_t;

typedef struct {
  const gi_rule_t *rules;
  size_t count;
} gi_rule_table_t;

/* One table per family, each in its own file. */
extern const gi_rule_table_t gi_elementwise_rules; /* graph_infer_elementwise.c */
extern const gi_rule_table_t gi_nn_rules;          /* graph_infer_nn.c */
extern const gi_rule_table_t gi_data_rules;        /* graph_infer_data.c */
extern const gi_rule_table_t gi_text_rules;        /* graph_infer_text.c */

/* Shared by more than one family (graph_infer_elementwise.c). */
bool gi_infer_unary(ctx_t *c, shape_t *out, MlirType *elem);
bool gi_infer_broadcast(ctx_t *c, shape_t *out, MlirType *elem);

static inline MlirType gi_elem_of(MlirType t) { return mlirShapedTypeGetElementType(t); }

static inline const char *gi_type_str(MlirType t, char *buf) {
  return strata_type_str(t, buf, STR);
}

/* Static dims a and b (of `what`) are equal; `?` matches anything. */
static inline bool gi_dims_agree(int64_t a, int64_t b) { return a == b || a == DYN || b == DYN; }

/* Reports an error (when emitting) and returns false. */
bool gi_fail(ctx_t *c, const char *fmt, ...) STRATA_PRINTF(2, 3);

MlirType gi_operand_type(ctx_t *c, intptr_t i);

const char *gi_shape_str(const shape_t *s, char *buf);

/* The shape of a ranked tensor type; `what` names it in the message. */
bool gi_read_shape(ctx_t *c, MlirType t, const char *what, shape_t *s);

/* Reports a shape whose static dims multiply past int64_t. */
bool gi_too_large(ctx_t *c, const char *what, const shape_t *s);

/* Every operand and result shape's static dims multiply without overflow,
 * so the rules below may multiply the dims of one shape freely. */
bool gi_types_fit(ctx_t *c);

/* The shape of operand `i`, named `name` in messages. */
bool gi_operand_shape(ctx_t *c, intptr_t i, const char *name, shape_t *s);

bool gi_expect_rank(ctx_t *c, const char *name, const shape_t *s, intptr_t rank);

bool gi_expect_min_rank(ctx_t *c, const char *name, const shape_t *s, intptr_t rank);

/* Operands i and j have the same element type. */
bool gi_same_elem(ctx_t *c, intptr_t i, const char *ni, intptr_t j, const char *nj);

/* Operand `i` has exactly the shape `want` (`?` matching anything). */
bool gi_expect_shape(ctx_t *c, intptr_t i, const char *name, const shape_t *want);

bool gi_expect_float(ctx_t *c, MlirType elem);

bool gi_not_broadcastable(ctx_t *c, const char *what, const shape_t *a, const shape_t *b);

MlirAttribute gi_attr(ctx_t *c, const char *name);

bool gi_attr_i64(ctx_t *c, const char *name, int64_t *v);

bool gi_attr_bool(ctx_t *c, const char *name, bool *v);

bool gi_attr_f32(ctx_t *c, const char *name, double *v);

/* A string attribute's value; empty if absent (IRDL requires it). */
MlirStringRef gi_attr_str(ctx_t *c, const char *name);

/* An array<i64: ...> of min_n..max_n elements, copied to vals. */
bool gi_attr_i64s(ctx_t *c, const char *name, intptr_t min_n, intptr_t max_n,
                  int64_t vals[MAX_LIST], intptr_t *n);

/* Every value of vals[0..n) is >= min. */
bool gi_at_least(ctx_t *c, const char *name, const int64_t *vals, intptr_t n, int64_t min);

/* An array attribute of exactly n values, each >= min. */
bool gi_attr_i64s_min(ctx_t *c, const char *name, intptr_t n, int64_t min, int64_t vals[MAX_LIST]);

bool gi_in_range(ctx_t *c, const char *name, int64_t v, int64_t bound);

/* vals[0..n) are distinct axes in [0, bound). */
bool gi_distinct_axes(ctx_t *c, const char *name, const int64_t *vals, intptr_t n, int64_t bound);

/* A scalar IntegerAttr/FloatAttr whose type is the element type `elem`. */
bool gi_attr_scalar_of(ctx_t *c, const char *name, MlirType elem, MlirAttribute *out);

/* The index of string attribute `name` in choices[0..n). */
bool gi_attr_choice(ctx_t *c, const char *name, const char *const *choices, int n, int *index);

/* A layout attribute whose primal axes are exactly `primals` (NULL: any). */
bool gi_attr_layout(ctx_t *c, const char *name, const char *primals, layout_t *l);

/* Operand shape `s` (named `name`) is laid out as `l` (attribute `lname`):
 * one dim per axis, each block dim equal to its block size. */
bool gi_shape_in_layout(ctx_t *c, const char *name, const shape_t *s, const char *lname,
                        const layout_t *l);

/* The physical shape in layout `l` (attribute `lname`) of logical sizes. */
bool gi_to_physical(ctx_t *c, const layout_t *l, const char *lname, const int64_t logical[26],
                    shape_t *out);

#endif
