/* Internal: parsed option values of one pass instance (see pass.h for the
 * accessors passes use). */
#ifndef STRATA_PASSES_OPTIONS_H
#define STRATA_PASSES_OPTIONS_H

#include "strata/pass.h"

typedef struct {
  int64_t i;
  bool b;
  char *s; /* owned */
} strata_option_value_t;

struct strata_pass_options {
  const strata_pass_info_t *info;
  strata_option_value_t *values; /* one per info->options entry */
};

/* Parses `text` (may be NULL/empty) after applying defaults. On error
 * returns NULL and sets *error (malloc'd; caller frees). */
strata_pass_options_t *strata_pass_options_parse(const strata_pass_info_t *info,
                                                 const char *text, char **error);
strata_pass_options_t *strata_pass_options_clone(const strata_pass_options_t *o);
void strata_pass_options_destroy(strata_pass_options_t *o);

#endif
