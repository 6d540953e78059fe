/* Model files for the tools (see model_file.h). */
#include "frontends/model_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontends/onnx/importer.h"
#include "runtime/read_file.h"
#include "runtime/status.h"
#include "strata/strata.h"

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Import errors read "model.onnx:node 'conv1' (Conv): error: ..."; other
 * diagnostics go on to MLIR's default printer. */
static MlirLogicalResult print_onnx_diagnostic(MlirDiagnostic diag, void *user) {
  (void)user;
  char *text = strata_onnx_format_diagnostic(diag);
  if (!text)
    return mlirLogicalResultFailure();
  fprintf(stderr, "%s\n", text);
  free(text);
  return mlirLogicalResultSuccess();
}

MlirOperation strata_model_load(MlirContext ctx, const char *path, int num_inputs,
                                const char *const *inputs, bool *kept, char **error) {
  for (int i = 0; i < num_inputs; ++i)
    kept[i] = true;
  if (ends_with(path, ".onnx")) {
    mlirContextAttachDiagnosticHandler(ctx, print_onnx_diagnostic, NULL, NULL);
    const char **pb = calloc((size_t)num_inputs + 1, sizeof *pb);
    for (int i = 0; i < num_inputs; ++i)
      pb[i] = ends_with(inputs[i], ".pb") ? inputs[i] : NULL;
    MlirOperation m = strata_onnx_import_file_with_inputs(ctx, path, num_inputs, pb, kept);
    free(pb);
    return m;
  }
  size_t len = 0;
  char *text = strata_read_file(path, &len);
  if (!text) {
    strata_fail(error, "cannot open model '%s': %s", path, strerror(errno));
    return (MlirOperation){NULL};
  }
  MlirOperation m = strata_parse_module(ctx, mlirStringRefCreate(text, len),
                                        mlirStringRefCreateFromCString(path));
  free(text);
  return m;
}
