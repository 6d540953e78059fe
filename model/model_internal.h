/* What the model API's two files share (model/model.c: lifecycle,
 * compile, run; model/model_io.c: names, shapes and the checks on a
 * run's arguments). Not installed. */
#ifndef STRATA_MODEL_MODEL_INTERNAL_H
#define STRATA_MODEL_MODEL_INTERNAL_H

#include <mlir-c/IR.h>

#include "core/text.h"
#include "runtime/jit.h"
#include "runtime/signature.h"
#include "strata/model.h"
#include "strata/strata.h"

struct strata_model {
  MlirContext ctx;
  MlirOperation module;     /* graph (or later) stage; the llvm dialect once lowered */
  strata_signature_t sig;   /* the entry, read before lowering */
  char *names[2 * STRATA_MAX_ARGS]; /* inputs, then outputs */
  char *source;             /* the model's path or source name (messages, headers) */
  strata_jit_t *jit;
  bool lowered;             /* the module is in the llvm dialect */
  bool failed;              /* a compile failed part way: the module is unusable */
  int threads, opt_level;
  bool no_cache; /* strata_model_options_t.no_cache of the compile */
  strata_text_t errors;     /* error diagnostics not yet turned into a status */
  strata_text_t warnings;
  char **kernel_names;      /* options.profile: the timed kernels (model_profile.c) */
  int num_kernels;
};

/* Takes the kernel names strata-instrument-profile left in the lowered
 * module (its `strata.profile_kernels` attribute) into m (model_profile.c);
 * false when memory ran out. */
bool strata_model_take_kernel_names(strata_model_t *m);
void strata_model_free_kernel_names(strata_model_t *m);

/* A status with a formatted message (never NULL; out of memory gives a
 * static status). */
strata_status_t strata_model_status(strata_status_code_t code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The status of a failed strata_signature_get: NOT_FOUND naming the public
 * functions there are when `entry` (or main) is not one of them;
 * UNSUPPORTED for an argument or result that is not a ranked tensor. */
strata_status_t strata_model_entry_error(strata_model_t *m, const char *error);
/* Erases the public functions other than `entry` (private ones may be its
 * callees), so only what runs is lowered and compiled. */
void strata_model_drop_other_functions(MlirOperation module, const char *entry);
/* Fills m->names: ONNX graph input/output names (onnx_path: the model
 * file), else names from the arguments' locations, else input<i>/output<i>. */
strata_status_t strata_model_name_arguments(strata_model_t *m, const char *onnx_path);
/* Checks a run's arguments against the signature: counts, NULL data, and
 * each tensor's type and shape (expected vs given in the message). */
strata_status_t strata_model_check_run(const strata_model_t *m, const strata_tensor_view_t *inputs,
                                       int num_inputs, const strata_tensor_view_t *outputs,
                                       int num_outputs);

#endif
