/* The graph dialect's checks that IRDL cannot express: finds each op's
 * shape-inference rule in the family tables (graph_infer_elementwise.c,
 * graph_infer_nn.c, graph_infer_data.c, graph_infer_text.c; shared helpers
 * in graph_infer.c) and compares the result type with the inferred one (a
 * `?` matches anything). The same rules serve strata_graph_infer_result
 * (graph.h), silently. Shape arithmetic lives in graph_shapes.c. Rules:
 * docs/dialects/graph.md. */
#include "dialects/graph/graph.h"

#include <string.h>

#include "dialects/graph/graph_infer.h"

static const gi_rule_table_t *const families[] = {&gi_elementwise_rules, &gi_nn_rules,
                                                  &gi_data_rules, &gi_text_rules};

static const gi_rule_t *find_rule(MlirOperation op) {
  static const char prefix[] = "graph.";
  const size_t np = sizeof prefix - 1;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length <= np || memcmp(name.data, prefix, np) != 0)
    return NULL;
  for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f)
    for (size_t i = 0; i < families[f]->count; ++i) {
      const gi_rule_t *r = &families[f]->rules[i];
      if (strlen(r->name) == name.length - np &&
          memcmp(r->name, name.data + np, name.length - np) == 0)
        return r;
    }
  return NULL;
}

/* Runs the op's rule; false if it has none or the rule failed. */
static bool infer(ctx_t *c, shape_t *shape, MlirType *elem) {
  const gi_rule_t *rule = find_rule(c->op);
  if (!rule || mlirOperationGetNumResults(c->op) != 1)
    return false;
  *elem =
      mlirOperationGetNumOperands(c->op) > 0 ? gi_elem_of(gi_operand_type(c, 0)) : (MlirType){NULL};
  return gi_types_fit(c) && rule->infer(c, shape, elem);
}

bool strata_graph_infer_result(MlirOperation op, strata_graph_shape_t *shape, MlirType *elem) {
  ctx_t c = {op, false};
  return infer(&c, shape, elem);
}

MlirLogicalResult strata_graph_verify_op(MlirOperation op) {
  ctx_t c = {op, true};
  if (!find_rule(op))
    return mlirLogicalResultSuccess(); /* not a graph op this file knows */
  shape_t want, got;
  MlirType elem;
  if (!infer(&c, &want, &elem))
    return mlirLogicalResultFailure();
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!gi_read_shape(&c, rt, "result", &got))
    return mlirLogicalResultFailure();
  char a[STR], b[STR];
  if (!mlirTypeIsNull(elem) && !mlirTypeEqual(elem, gi_elem_of(rt)))
    return strata_emit_error(op, "result element type %s does not match expected %s",
                             gi_type_str(gi_elem_of(rt), a), gi_type_str(elem, b));
  if (!strata_graph_shapes_compatible(&got, &want))
    return strata_emit_error(op, "result shape %s does not match inferred %s",
                             gi_shape_str(&got, a), gi_shape_str(&want, b));
  return mlirLogicalResultSuccess();
}
