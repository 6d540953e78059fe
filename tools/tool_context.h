/* The context the model tools (strata-run, strata-compile, strata-tune)
 * start from: every Strata pass registered (the tuning passes included),
 * Strata's dialects loaded, diagnostics printed to stderr as
 * file:line:col with a caret (colour on a terminal), and warnings shown. */
#ifndef STRATA_TOOLS_TOOL_CONTEXT_H
#define STRATA_TOOLS_TOOL_CONTEXT_H

#include <mlir-c/IR.h>

/* A null context when it cannot be created (the reason is printed). */
MlirContext strata_tool_context_create(void);

#endif
