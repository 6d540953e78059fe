/* A growable list of operations, and collecting ops by name into one: what
 * passes do first when they rewrite while walking would invalidate the
 * walk. The array is owned by the list; the ops are borrowed. */
#ifndef STRATA_CORE_OP_LIST_H
#define STRATA_CORE_OP_LIST_H

#include <mlir-c/IR.h>
#include <stddef.h>

typedef struct {
  MlirOperation *ops;
  size_t count, cap;
} strata_op_list_t;

void strata_op_list_push(strata_op_list_t *l, MlirOperation op);
void strata_op_list_free(strata_op_list_t *l);

/* Appends, in pre-order, every op under `root` (itself included) whose name
 * is one of the NULL-terminated `names` ("tir.for", "tir.alloc_buffer"). */
void strata_op_list_collect(MlirOperation root, const char *const *names,
                            strata_op_list_t *out);

#endif
