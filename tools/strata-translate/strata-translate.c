/* strata-translate: translations into Strata IR. Today one: an ONNX model
 * (ModelProto file) imported into graph-dialect MLIR, verified, and printed
 * (generic form; large initializers as dense_resource blobs in the file's
 * dialect_resources section). Import errors name the ONNX node:
 *   model.onnx:node 'conv1' (Conv): error: <message> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>

#include "core/suggest.h"
#include "frontends/onnx/importer.h"
#include "strata/strata.h"
#include "strata/diagnostics.h"

static const char usage[] =
    "OVERVIEW: strata-translate - translate models into Strata IR\n"
    "\n"
    "USAGE: strata-translate --import-onnx <model.onnx> [-o <out.mlir>]\n"
    "\n"
    "OPTIONS:\n"
    "  --import-onnx          import an ONNX model into the graph dialect\n"
    "  -o <file>              write the MLIR here (default: stdout)\n"
    "  --debug-info           print locations (loc(...)): each op's ONNX node\n"
    "  --version              print the version and exit\n"
    "  -h, --help             this help\n"
    "\n"
    "Exit status: 0 on success; 1 if the model cannot be imported; 2 on a usage error.\n";

static MlirLogicalResult print_diagnostic(MlirDiagnostic diag, void *user) {
  (void)user;
  char *text = strata_onnx_format_diagnostic(diag);
  if (!text)
    return mlirLogicalResultFailure(); /* not ours: MLIR's default printer */
  fprintf(stderr, "%s\n", text);
  free(text);
  return mlirLogicalResultSuccess();
}

static void write_chunk(MlirStringRef s, void *user) { fwrite(s.data, 1, s.length, user); }

int main(int argc, char **argv) {
  const char *model = NULL, *out = NULL;
  bool import_onnx = false, debug_info = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strata_cli_help_or_version("strata-translate", a, usage)) {
      return 0;
    } else if (!strcmp(a, "--import-onnx")) {
      import_onnx = true;
    } else if (!strcmp(a, "--debug-info") || !strcmp(a, "--mlir-print-debuginfo")) {
      debug_info = true;
    } else if (!strcmp(a, "-o")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "strata-translate: -o needs a value\n");
        return 2;
      }
      out = argv[++i];
    } else if (a[0] == '-' && a[1]) {
      return strata_cli_unknown_option("strata-translate", a, usage, NULL, 0);
    } else if (model) {
      fprintf(stderr, "strata-translate: more than one input ('%s' and '%s')\n", model, a);
      return 2;
    } else {
      model = a;
    }
  }
  if (!import_onnx) {
    fprintf(stderr, "strata-translate: choose a translation (--import-onnx; see --help)\n");
    return 2;
  }
  if (!model) {
    fprintf(stderr, "strata-translate: no input model given (see --help)\n");
    return 2;
  }
  MlirContext ctx = strata_context_create();
  if (!mlirContextIsNull(ctx))
    strata_diag_printer_attach(ctx, stderr, STRATA_COLOR_AUTO);
  if (mlirContextIsNull(ctx))
    return 1;
  mlirContextAttachDiagnosticHandler(ctx, print_diagnostic, NULL, NULL);
  int rc = 1;
  MlirOperation module = strata_onnx_import_file(ctx, model);
  if (!mlirOperationIsNull(module)) {
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
      fprintf(stderr, "strata-translate: cannot write '%s'\n", out);
    } else {
      MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
      if (debug_info)
        mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
      mlirOperationPrintWithFlags(module, flags, write_chunk, f);
      mlirOpPrintingFlagsDestroy(flags);
      fputc('\n', f);
      rc = (out && fclose(f) != 0) ? 1 : 0;
    }
    mlirOperationDestroy(module);
  }
  mlirContextDestroy(ctx);
  return rc;
}
