/* Operation lists for passes (see op_list.h). */
#include "core/op_list.h"

#include <stdlib.h>
#include <string.h>

void strata_op_list_push(strata_op_list_t *l, MlirOperation op) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->ops = realloc(l->ops, l->cap * sizeof *l->ops);
  }
  l->ops[l->count++] = op;
}

void strata_op_list_block(strata_op_list_t *l, MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    strata_op_list_push(l, op);
}

void strata_op_list_free(strata_op_list_t *l) {
  free(l->ops);
  *l = (strata_op_list_t){0};
}

typedef struct {
  const char *const *names;
  strata_op_list_t *out;
} collect_t;

static MlirWalkResult collect(MlirOperation op, void *user) {
  collect_t *c = user;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  for (const char *const *want = c->names; *want; ++want)
    if (strlen(*want) == n.length && memcmp(*want, n.data, n.length) == 0) {
      strata_op_list_push(c->out, op);
      break;
    }
  return MlirWalkResultAdvance;
}

void strata_op_list_collect(MlirOperation root, const char *const *names,
                            strata_op_list_t *out) {
  collect_t c = {names, out};
  mlirOperationWalk(root, collect, &c, MlirWalkPreOrder);
}

static bool rewrite_all(strata_op_list_t *ops, strata_op_rewrite_t rewrite) {
  bool changed = false;
  for (size_t i = 0; i < ops->count; ++i)
    changed |= rewrite(ops->ops[i]);
  strata_op_list_free(ops);
  return changed;
}

bool strata_op_list_rewrite_each(MlirOperation root, const char *const *names,
                                 strata_op_rewrite_t rewrite) {
  strata_op_list_t ops = {0};
  strata_op_list_collect(root, names, &ops);
  return rewrite_all(&ops, rewrite);
}

bool strata_op_list_rewrite_walked(MlirOperation root, MlirOperationWalkCallback collect,
                                   MlirWalkOrder order, strata_op_rewrite_t rewrite) {
  strata_op_list_t ops = {0};
  mlirOperationWalk(root, collect, &ops, order);
  return rewrite_all(&ops, rewrite);
}
