/* Finding an op of Strata's dialects written in custom (pretty) form.
 * The dialects are defined in IRDL, whose ops have only the generic form;
 * MLIR's parser fails on `%0 = graph.relu %x : ...` without any diagnostic
 * (upstream mlir-opt --irdl-file behaves the same), so the tools look for
 * the op themselves and say where it is and how to write it. */
#ifndef STRATA_CORE_CUSTOM_FORM_HINT_H
#define STRATA_CORE_CUSTOM_FORM_HINT_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Emits an error at the first op of the graph, te, tir or hwi dialect that
 * `text` writes unquoted (outside comments and strings), at its line and
 * column in `source_name`, naming the op and its generic form. Returns
 * false (and emits nothing) when there is none. */
bool strata_report_custom_form_op(MlirContext ctx, MlirStringRef text, MlirStringRef source_name);

#ifdef __cplusplus
}
#endif
#endif
