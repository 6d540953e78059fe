/* The pass registry: the table of every Strata pass record (from
 * passes.def), turning a record plus option text into an MLIR external
 * pass, and registering all records with MLIR's global registry through
 * the C++ bridge. Records of the tuning passes' library fill their slots
 * when that library provides them (registry.h). */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/RegisterEverything.h>

#include "bridge/bridge.h"
#include "passes/options.h"
#include "passes/registry.h"
#include "strata/pass.h"
#include "strata/strata.h"

#define STRATA_PASS(sym) extern const strata_pass_info_t sym;
#define STRATA_TUNING_PASS(sym)
#include "passes/passes.def"
#undef STRATA_PASS
#undef STRATA_TUNING_PASS

/* One slot per line of passes.def: a libstrata record, or the symbol of a
 * record another library provides (NULL until strata_pass_provide). */
typedef struct {
  const char *symbol;
  const strata_pass_info_t *info;
} slot_t;

static slot_t slots[] = {
#define STRATA_PASS(sym) {#sym, &sym},
#define STRATA_TUNING_PASS(sym) {#sym, NULL},
#include "passes/passes.def"
#undef STRATA_PASS
#undef STRATA_TUNING_PASS
};
enum { NUM_SLOTS = sizeof slots / sizeof slots[0] };

/* One unique, 8-byte-aligned address per pass: its MLIR TypeID. */
static _Alignas(8) uint64_t type_id_anchors[NUM_SLOTS];

/* Set once strata_register_passes has run: records provided later are
 * registered with MLIR as they come. */
static bool registered = false;

size_t strata_pass_count(void) {
  size_t n = 0;
  for (size_t i = 0; i < NUM_SLOTS; ++i)
    n += slots[i].info != NULL;
  return n;
}

const strata_pass_info_t *strata_pass_at(size_t i) {
  for (size_t s = 0; s < NUM_SLOTS; ++s)
    if (slots[s].info && i-- == 0)
      return slots[s].info;
  return NULL;
}

const strata_pass_info_t *strata_pass_lookup(const char *argument) {
  for (size_t i = 0; i < NUM_SLOTS; ++i)
    if (slots[i].info && strcmp(slots[i].info->argument, argument) == 0)
      return slots[i].info;
  return NULL;
}

static size_t index_of(const strata_pass_info_t *info) {
  for (size_t i = 0; i < NUM_SLOTS; ++i)
    if (info && slots[i].info == info)
      return i;
  return NUM_SLOTS;
}

bool strata_pass_provide(const char *symbol, const strata_pass_info_t *info) {
  for (size_t i = 0; i < NUM_SLOTS; ++i) {
    if (strcmp(slots[i].symbol, symbol) != 0)
      continue;
    if (slots[i].info)
      return slots[i].info == info;
    slots[i].info = info;
    if (registered)
      strata_bridge_register_pass(info);
    return true;
  }
  return false;
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
  if (index == NUM_SLOTS || !info->run) {
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
  if (registered)
    return;
  registered = true;
  for (size_t i = 0; i < NUM_SLOTS; ++i)
    if (slots[i].info)
      strata_bridge_register_pass(slots[i].info);
}

void strata_register_all_passes(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  mlirRegisterAllPasses();
  strata_register_passes();
}
