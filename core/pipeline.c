/* Building and running textual pass pipelines on an operation, for the
 * tools and for embedding compilers. */
#include <stdlib.h>
#include <string.h>

#include "strata/diagnostics.h"
#include "strata/strata.h"

typedef struct {
  char *text;
  size_t len;
} error_text_t;

static void collect_error(MlirStringRef s, void *user) {
  error_text_t *e = user;
  char *grown = realloc(e->text, e->len + s.length + 1);
  if (!grown)
    return;
  e->text = grown;
  memcpy(e->text + e->len, s.data, s.length);
  e->len += s.length;
  e->text[e->len] = '\0';
}

/* True when `pipeline` starts with "<anchor>(" for op's own name. */
static bool is_anchored(const char *pipeline, MlirStringRef anchor) {
  while (*pipeline == ' ')
    ++pipeline;
  return strncmp(pipeline, anchor.data, anchor.length) == 0 &&
         pipeline[anchor.length] == '(';
}

MlirPassManager strata_pass_manager_create(MlirOperation op, const char *pipeline) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirStringRef anchor = mlirIdentifierStr(mlirOperationGetName(op));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, anchor);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  error_text_t err = {NULL, 0};
  MlirStringRef text = mlirStringRefCreateFromCString(pipeline);
  MlirLogicalResult parsed =
      is_anchored(pipeline, anchor)
          ? mlirParsePassPipeline(opm, text, collect_error, &err)
          : mlirOpPassManagerAddPipeline(opm, text, collect_error, &err);
  if (mlirLogicalResultIsFailure(parsed)) {
    strata_emit_error_at(mlirOperationGetLocation(op), "invalid pass pipeline '%s': %s",
                         pipeline, err.text ? err.text : "parse error");
    free(err.text);
    mlirPassManagerDestroy(pm);
    return (MlirPassManager){NULL};
  }
  free(err.text);
  return pm;
}

MlirLogicalResult strata_run_pipeline(MlirOperation op, const char *pipeline) {
  MlirPassManager pm = strata_pass_manager_create(op, pipeline);
  if (mlirPassManagerIsNull(pm))
    return mlirLogicalResultFailure();
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, op);
  mlirPassManagerDestroy(pm);
  return r;
}
