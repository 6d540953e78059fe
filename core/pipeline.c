/* Building and running textual pass pipelines on an operation, for the
 * tools and for embedding compilers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/suggest.h"
#include "core/text.h"
#include "strata/pass.h"
#include "strata/diagnostics.h"
#include "strata/strata.h"

/* True when `pipeline` starts with "<anchor>(" for op's own name. */
static bool is_anchored(const char *pipeline, MlirStringRef anchor) {
  while (*pipeline == ' ')
    ++pipeline;
  return strncmp(pipeline, anchor.data, anchor.length) == 0 &&
         pipeline[anchor.length] == '(';
}

/* "(did you mean 'graph-fuse'?)" when the parser's message names a pass
 * that does not exist and a Strata pass is spelt close to it; else "". */
static const char *unknown_pass_hint(const char *message, char *buf, size_t size) {
  static const char marker[] = "' does not refer to a registered pass";
  const char *end = strstr(message, marker);
  const char *start = end;
  while (start && start > message && start[-1] != '\'')
    --start;
  char name[128];
  if (!end || start == message || (size_t)(end - start) >= sizeof name)
    return "";
  memcpy(name, start, (size_t)(end - start));
  name[end - start] = '\0';
  size_t count = strata_pass_count();
  const char **names = calloc(count ? count : 1, sizeof *names);
  for (size_t i = 0; names && i < count; ++i)
    names[i] = strata_pass_at(i)->argument;
  const char *best = names ? strata_suggest(name, names, count) : NULL;
  if (best)
    snprintf(buf, size, "(did you mean '%s'?)", best);
  free(names);
  return best ? buf : "";
}

MlirPassManager strata_pass_manager_create(MlirOperation op, const char *pipeline) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirStringRef anchor = mlirIdentifierStr(mlirOperationGetName(op));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, anchor);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  strata_text_t err = {0};
  MlirStringRef text = mlirStringRefCreateFromCString(pipeline);
  MlirLogicalResult parsed =
      is_anchored(pipeline, anchor)
          ? mlirParsePassPipeline(opm, text, strata_text_append_cb, &err)
          : mlirOpPassManagerAddPipeline(opm, text, strata_text_append_cb, &err);
  if (mlirLogicalResultIsFailure(parsed)) {
    char hint[160];
    strata_emit_error_at(mlirOperationGetLocation(op), "invalid pass pipeline '%s': %s%s",
                         pipeline, err.len ? strata_text_str(&err) : "parse error",
                         unknown_pass_hint(strata_text_str(&err), hint, sizeof hint));
    strata_text_free(&err);
    mlirPassManagerDestroy(pm);
    return (MlirPassManager){NULL};
  }
  strata_text_free(&err);
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

bool strata_compile_threads_begin(MlirContext ctx, const char *pipeline) {
  if (mlirContextIsNull(ctx) || (pipeline && strstr(pipeline, "te-autotune")) ||
      strata_context_is_multithreaded(ctx))
    return false;
  mlirContextEnableMultithreading(ctx, true);
  return true;
}

void strata_compile_threads_end(MlirContext ctx, bool began) {
  if (began)
    mlirContextEnableMultithreading(ctx, false);
}

/* The ladder's steps, as strata-graph-to-llvm (lowering/graph_to_llvm.c)
 * names them, with the tuned schedule choice between te and tir. */
#define TUNING_TASKS                                                                       \
  "graph-fold-batch-norm,graph-recognize-gelu,graph-fuse,convert-graph-to-te,te-inline,"  \
  "te-epilogue-view,te-default-schedule{knobs=true},te-sketch"
#define DEFAULT_TASKS                                                                      \
  "graph-fold-batch-norm,graph-recognize-gelu,graph-fuse,convert-graph-to-te,te-inline,"  \
  "te-epilogue-view,te-default-schedule"

const char *strata_pipeline_tuning_tasks(void) { return "builtin.module(" TUNING_TASKS ")"; }

const char *strata_pipeline_bounds_checked(void) {
  return "builtin.module(graph-fold-batch-norm,graph-recognize-gelu,graph-fuse,"
         "convert-graph-to-te,te-inline,"
         "convert-te-to-tir{bounds-checks=true},"
         "strata-lower-to-llvm)";
}

/* The ladder as one text: `schedule` chooses the schedules (te level),
 * `instrument` runs on tir before the lowering to llvm (each ends in ','
 * or is empty); with a tuning_db, te-apply-tuned{db target} after the
 * schedule (target NULL: the pass's default, this host). */
static char *ladder(const char *schedule, const char *tuning_db, const char *target,
                    const char *instrument) {
  if ((tuning_db && strpbrk(tuning_db, "\"}")) || (target && strpbrk(target, "\"}")))
    return NULL;
  static const char format[] = "builtin.module(%s%s,te-pack-constants,convert-te-to-tir,"
                               "tir-apply-schedule,tir-fuse-epilogue,tir-product-in-place,tir-sink-init,"
                               "tir-sink-epilogue,tir-compact-buffers,"
                               "%sstrata-outline-kernels,strata-lower-to-llvm)";
  char apply[2048] = "";
  if (tuning_db && (size_t)snprintf(apply, sizeof apply, ",te-apply-tuned{db=\"%s\"%s%s%s}",
                                    tuning_db, target ? " target=\"" : "",
                                    target ? target : "", target ? "\"" : "") >= sizeof apply)
    return NULL;
  size_t size = sizeof format + strlen(schedule) + strlen(apply) + strlen(instrument) + 64;
  char *text = malloc(size);
  if (text)
    snprintf(text, size, format, schedule, apply, instrument);
  return text;
}

char *strata_pipeline_to_llvm(const char *tuning_db) {
  return strata_pipeline_to_llvm_for(tuning_db, NULL);
}

char *strata_pipeline_to_llvm_for(const char *tuning_db, const char *target) {
  if (!tuning_db)
    return strdup("builtin.module(strata-graph-to-llvm)");
  return ladder(TUNING_TASKS, tuning_db, target, "");
}

char *strata_pipeline_to_llvm_profiled(const char *tuning_db) {
  return strata_pipeline_to_llvm_profiled_for(tuning_db, NULL);
}

char *strata_pipeline_to_llvm_profiled_for(const char *tuning_db, const char *target) {
  return ladder(tuning_db ? TUNING_TASKS : DEFAULT_TASKS, tuning_db, target,
                "strata-instrument-profile,");
}
