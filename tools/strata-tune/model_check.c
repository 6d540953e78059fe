/* strata-tune's whole-model check (model_check.h): the model run by
 * strata-run untuned and tuned, in their own processes, on the same
 * seeded inputs; the tuned outputs compared with the untuned ones. */
#include "tools/strata-tune/model_check.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "runtime/status.h"

int strata_tune_entry_results(MlirOperation module) {
  int found = -1, publics = 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(f)),
                            mlirStringRefCreateFromCString("func.func")))
      continue;
    MlirAttribute ty = mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("function_type"));
    MlirAttribute name = mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
    MlirAttribute vis = mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_visibility"));
    if (mlirAttributeIsNull(ty) || mlirAttributeIsNull(name))
      continue;
    int n = (int)mlirFunctionTypeGetNumResults(mlirTypeAttrGetValue(ty));
    if (mlirStringRefEqual(mlirStringAttrGetValue(name), mlirStringRefCreateFromCString("main")))
      return n;
    if (mlirAttributeIsNull(vis) ||
        mlirStringRefEqual(mlirStringAttrGetValue(vis), mlirStringRefCreateFromCString("public"))) {
      ++publics;
      found = n;
    }
  }
  return publics == 1 ? found : -1;
}

/* Appends `s` to the command in buf, single-quoted for the shell. */
static void append_quoted(char *buf, size_t size, const char *s) {
  size_t len = strlen(buf);
  if (len + 3 >= size)
    return;
  buf[len++] = ' ';
  buf[len++] = '\'';
  for (; *s && len + 6 < size; ++s) {
    if (*s == '\'') {
      memcpy(buf + len, "'\\''", 4);
      len += 4;
    } else {
      buf[len++] = *s;
    }
  }
  buf[len++] = '\'';
  buf[len] = 0;
}

static void append_arg(char *buf, size_t size, const char *s) {
  size_t len = strlen(buf);
  snprintf(buf + len, size - len, " %s", s);
}

/* strata-run beside this program. */
static bool strata_run_path(char *buf, size_t size) {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return false;
  self[n] = 0;
  char *slash = strrchr(self, '/');
  if (!slash)
    return false;
  *slash = 0;
  return (size_t)snprintf(buf, size, "%s/strata-run", self) < size;
}

/* Runs a command, its output (stdout and stderr) into *out (malloc'd) and
 * the median of "time: median X ms" into *ms (NAN if absent); its exit
 * status. */
static int run_command(const char *cmd, char **out, double *ms) {
  char full[16384];
  snprintf(full, sizeof full, "%s 2>&1", cmd);
  fflush(stdout);
  FILE *p = popen(full, "r");
  *ms = NAN;
  *out = NULL;
  if (!p)
    return -1;
  size_t cap = 4096, len = 0;
  char *text = malloc(cap);
  size_t got;
  while (text && (got = fread(text + len, 1, cap - len - 1, p)) > 0) {
    len += got;
    if (len + 1 >= cap && !(text = realloc(text, cap *= 2)))
      break;
  }
  int status = pclose(p);
  if (!text)
    return -1;
  text[len] = 0;
  const char *t = strstr(text, "time: median ");
  if (t)
    *ms = strtod(t + strlen("time: median "), NULL);
  *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int strata_tune_check_model(const strata_tune_check_t *a, char **error) {
  char run[4096], dir[] = "/tmp/strata-tune-XXXXXX";
  if (!strata_run_path(run, sizeof run) || access(run, X_OK) != 0)
    return strata_fail(error, "cannot find strata-run beside strata-tune for the whole-model "
                              "check (--model-repeat 0 skips it)"), 1;
  if (!mkdtemp(dir))
    return strata_fail(error, "cannot create a temporary directory: %s", strerror(errno)), 1;
  char repeat[32];
  snprintf(repeat, sizeof repeat, "%d", a->model_repeat);
  char before[16384] = "", after[16384] = "";
  for (int pass = 0; pass < 2; ++pass) {
    char *cmd = pass ? after : before;
    append_quoted(cmd, sizeof before, run);
    append_quoted(cmd, sizeof before, a->model);
    append_arg(cmd, sizeof before, "--seed 7 --repeat");
    append_arg(cmd, sizeof before, repeat);
    if (pass) {
      append_arg(cmd, sizeof before, "--tuning-db");
      append_quoted(cmd, sizeof before, a->db_path);
      if (a->target && *a->target && strcmp(a->target, "host") != 0) {
        append_arg(cmd, sizeof before, "--target");
        append_quoted(cmd, sizeof before, a->target);
      }
      append_arg(cmd, sizeof before, "--rtol 1e-3 --atol 1e-3");
    }
    for (int i = 0; i < a->results; ++i) {
      char path[128];
      snprintf(path, sizeof path, "%s/result%d.npy", dir, i);
      append_arg(cmd, sizeof before, pass ? "--expected" : "--output");
      append_quoted(cmd, sizeof before, path);
    }
  }
  char *out_before = NULL, *out_after = NULL;
  double ms_before, ms_after;
  fprintf(stderr, "whole model: timing the untuned and the tuned model (%d runs each)\n",
          a->model_repeat);
  int rc_before = run_command(before, &out_before, &ms_before);
  int rc_after = rc_before == 0 ? run_command(after, &out_after, &ms_after) : -1;
  int rc = 0;
  if (rc_before != 0 || rc_after != 0) {
    const char *out = rc_before != 0 ? out_before : out_after;
    fprintf(stderr, "%s", out ? out : "");
    rc = 1;
    strata_fail(error, "%s",
                rc_before != 0   ? "the untuned model did not run (strata-run failed)"
                : a->results > 0 ? "the tuned model's outputs differ from the untuned "
                                   "model's, or it did not run (strata-run above)"
                                 : "the tuned model did not run (strata-run above)");
  } else {
    printf("whole model (strata-run, median of %d runs, same inputs): untuned %.4g ms, tuned "
           "%.4g ms (%.2fx); %s\n",
           a->model_repeat, ms_before, ms_after, ms_before / ms_after,
           a->results > 0 ? "the tuned outputs match the untuned ones (rtol 1e-3, atol 1e-3)"
                          : "outputs not compared (the entry function is not known)");
  }
  free(out_before);
  free(out_after);
  for (int i = 0; i < a->results; ++i) {
    char path[128];
    snprintf(path, sizeof path, "%s/result%d.npy", dir, i);
    unlink(path);
  }
  rmdir(dir);
  return rc;
}
