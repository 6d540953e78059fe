/* A growable list of operations, and collecting ops by name into one: what
 * passes do first when they rewrite while walking would invalidate the
 * walk. The array is owned by the list; the ops are borrowed. */
#ifndef STRATA_CORE_OP_LIST_H
#define STRATA_CORE_OP_LIST_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
  MlirOperation *ops;
  size_t count, cap;
} strata_op_list_t;

void strata_op_list_push(strata_op_list_t *l, MlirOperation op);
void strata_op_list_free(strata_op_list_t *l);

/* Appends the ops of `block`, first to last (not those nested in them). */
void strata_op_list_block(strata_op_list_t *l, MlirBlock block);

/* Appends, in pre-order, every op under `root` (itself included) whose name
 * is one of the NULL-terminated `names` ("tir.for", "tir.alloc_buffer"). */
void strata_op_list_collect(MlirOperation root, const char *const *names,
                            strata_op_list_t *out);

/* A rewrite of one op; true when it changed the IR. */
typedef bool (*strata_op_rewrite_t)(MlirOperation op);

/* Collects the ops under `root` named one of `names` (as above), then
 * calls `rewrite` on each, in order: a rewrite may erase the op it is
 * given, and ops of no later entry. Returns true if any call did. */
bool strata_op_list_rewrite_each(MlirOperation root, const char *const *names,
                                 strata_op_rewrite_t rewrite);

/* The same over the ops `collect` (a walk callback whose user data is the
 * strata_op_list_t to push onto) picks in a walk of `root` in `order`. */
bool strata_op_list_rewrite_walked(MlirOperation root, MlirOperationWalkCallback collect,
                                   MlirWalkOrder order, strata_op_rewrite_t rewrite);

#endif
