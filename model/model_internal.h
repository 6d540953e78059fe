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
  /* The whole-model cache (model_cached.c): what the key covers of the
   * source (the file `source`, or source_key: a hash of imported text). */
  bool source_hashed, source_is_file;
  uint64_t source_key;
  bool cache_usable; /* this compile's options allow the cache */
  uint64_t cache_key;
  char cache_dir[4096];
  char *pipeline; /* a compile taken from the cache: lowered at export */
};

/* The cache key of compiling m with `o` and `pipeline` (m->threads and
 * m->opt_level set); false (m->cache_usable false) when the options or the
 * source rule the cache out. */
bool strata_model_cache_prepare(strata_model_t *m, const strata_model_options_t *o,
                                const char *pipeline);
/* A hit: m->jit linked from the stored entry (its signature checked
 * against m's); false on a miss or an entry that does not fit. */
bool strata_model_cache_take(strata_model_t *m);
/* Stores a compile's objects and weights, unless the cache is not usable
 * or the compile emitted warnings or errors (a hit would not repeat them). */
void strata_model_cache_keep(const strata_model_t *m, const strata_objects_t *objects,
                             const strata_jit_weights_t *weights);

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
