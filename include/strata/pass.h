/* Strata pass records: how a pass written in C describes itself.
 * Every pass is one `strata_pass_info_t` defined in its own file and listed
 * in passes/passes.def. The registry turns records into MLIR external passes
 * and registers them in MLIR's global pass registry (through the C++ bridge),
 * so textual pipelines can name them with options: `graph-fuse{max-depth=8}`.
 * A record with `pipeline` set instead of `run` is a named pipeline. */
#ifndef STRATA_PASS_H
#define STRATA_PASS_H

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <mlir-c/Support.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  STRATA_OPTION_INT,    /* 64-bit integer in [min, max] */
  STRATA_OPTION_BOOL,   /* true/false/1/0 */
  STRATA_OPTION_STRING, /* any text; `choices` restricts it when non-NULL */
} strata_option_kind_t;

typedef struct {
  const char *name;          /* as written in the pipeline: `max-depth` */
  strata_option_kind_t kind;
  const char *default_value; /* parsed like user text */
  const char *help;
  int64_t min, max;          /* STRATA_OPTION_INT bounds (inclusive) */
  const char *const *choices;/* STRATA_OPTION_STRING: NULL-terminated list */
} strata_pass_option_t;

/* Parsed option values of one pass instance. Opaque. */
typedef struct strata_pass_options strata_pass_options_t;

int64_t strata_pass_options_get_int(const strata_pass_options_t *o, const char *name);
bool strata_pass_options_get_bool(const strata_pass_options_t *o, const char *name);
/* Borrowed; valid while the pass instance lives. */
const char *strata_pass_options_get_string(const strata_pass_options_t *o, const char *name);

typedef struct strata_pass_info {
  const char *argument;    /* pipeline name: `graph-canonicalize` */
  const char *summary;     /* one line, for --list-passes */
  const char *description; /* paragraph(s), for docs/passes.md */
  const char *anchor;      /* op the pass runs on: "builtin.module", "func.func" */
  const strata_pass_option_t *options;
  size_t num_options;
  /* Dialects whose ops the pass creates (loaded before it runs), e.g.
   * mlirGetDialectHandle__arith__; unused slots are NULL. */
  MlirDialectHandle (*dependent_dialects[8])(void);
  /* Runs the pass on `op`. Emit located errors (strata_emit_error) and
   * return failure to fail the pipeline. Exactly one of run/pipeline. */
  MlirLogicalResult (*run)(MlirOperation op, const strata_pass_options_t *opts);
  /* Named pipeline: textual pipeline nested under `anchor`, e.g.
   * "graph-canonicalize,strata-dce". Options are not allowed. */
  const char *pipeline;
} strata_pass_info_t;

/* The record fields for a pass's static option table `table`, its count
 * taken from the array: `STRATA_PASS_OPTIONS(options),` in an initializer;
 * STRATA_MODULE_PASS_OPTIONS also anchors the pass on builtin.module. */
#define STRATA_PASS_OPTIONS(table)                                                           \
  .options = (table), .num_options = sizeof(table) / sizeof((table)[0])
#define STRATA_MODULE_PASS_OPTIONS(table) .anchor = "builtin.module", STRATA_PASS_OPTIONS(table)

/* All registered Strata pass records, in passes.def order. */
size_t strata_pass_count(void);
const strata_pass_info_t *strata_pass_at(size_t i);
const strata_pass_info_t *strata_pass_lookup(const char *argument);

/* Creates a pass from a record and option text ("a=1 b=x"). On bad options
 * returns a null pass and sets *error to a malloc'd message (caller frees). */
MlirPass strata_pass_create(const strata_pass_info_t *info, const char *options,
                            char **error);

#ifdef __cplusplus
}
#endif
#endif
