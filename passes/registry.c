/* The pass registry: the table of every Strata pass record (from
 * passes.def), turning a record plus option text into an MLIR external
 * pass, and registering all records with MLIR's global registry through
 * the C++ bridge. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/RegisterEverything.h>

#include "bridge/bridge.h"
#include "passes/options.h"
#include "strata/pass.h"
#include "strata/strata.h"

#define STRATA_PASS(sym) extern const strata_pass_info_t sym;
#include "passes/passes.def"
#undef STRATA_PASS

static const strata_pass_info_t *const all_passes[] = {
#define STRATA_PASS(sym) &sym,
#include "passes/passes.def"
#undef STRATA_PASS
};
enum { NUM_PASSES = sizeof all_passes / sizeof all_passes[0] };

/* One unique, 8-byte-aligned address per pass: its MLIR TypeID. */
static _Alignas(8) uint64_t type_id_anchors[NUM_PASSES];

size_t strata_pass_count(void) { return NUM_PASSES; }

const strata_pass_info_t *strata_pass_at(size_t i) {
  return i < NUM_PASSES ? all_passes[i] : NULL;
}

const strata_pass_info_t *strata_pass_lookup(const char *argument) {
  for (size_t i = 0; i < NUM_PASSES; ++i)
    if (strcmp(all_passes[i]->argument, argument) == 0)
      return all_passes[i];
  return NULL;
}

static size_t index_of(const strata_pass_info_t *info) {
  for (size_t i = 0; i < NUM_PASSES; ++i)
    if (all_passes[i] == info)
      return i;
  return NUM_PASSES;
}

/* --- external pass callbacks; userData is the pass's parsed options --- */

static void pass_construct(void *user) { (void)user; }

static void pass_destruct(void *user) { strata_pass_options_destroy(user); }

static void *pass_clone(void *user) { return strata_pass_options_clone(user); }

static void pass_run(MlirOperation op, MlirExternalPass pass, void *user) {
  const strata_pass_options_t *opts = user;
  if (mlirLogicalResultIsFailure(opts->info->run(op, opts)))
    mlirExternalPassSignalFailure(pass);
}

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s ? s : ""); }

MlirPass strata_pass_create(const strata_pass_info_t *info, const char *options,
                            char **error) {
  size_t index = index_of(info);
  if (index == NUM_PASSES || !info->run) {
    *error = strdup("not a registered Strata pass");
    return (MlirPass){NULL};
  }
  strata_pass_options_t *opts = strata_pass_options_parse(info, options, error);
  if (!opts)
    return (MlirPass){NULL};
  MlirDialectHandle deps[8];
  intptr_t num_deps = 0;
  for (size_t i = 0; i < 8 && info->dependent_dialects[i]; ++i)
    deps[num_deps++] = info->dependent_dialects[i]();
  MlirExternalPassCallbacks callbacks = {
      .construct = pass_construct,
      .destruct = pass_destruct,
      .initialize = NULL,
      .clone = pass_clone,
      .run = pass_run,
  };
  return mlirCreateExternalPass(mlirTypeIDCreate(&type_id_anchors[index]), str(info->argument),
                                str(info->argument), str(info->summary), str(info->anchor),
                                num_deps, deps, callbacks, opts);
}

void strata_register_passes(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  for (size_t i = 0; i < NUM_PASSES; ++i)
    strata_bridge_register_pass(all_passes[i]);
}

void strata_register_all_passes(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  mlirRegisterAllPasses();
  strata_register_passes();
}
