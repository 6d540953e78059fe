/* "Did you mean": the closest known word to a misspelt one (pass names,
 * pass options, command-line options), and the tools' one way of reporting
 * an unknown option. */
#ifndef STRATA_CORE_SUGGEST_H
#define STRATA_CORE_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>

/* The candidate closest to `word` by edit distance (insertions, deletions,
 * substitutions and swaps of neighbours), or NULL when none is close: at
 * most 1 edit for words up to 4 characters, else at most a third of the
 * word's length. Ties go to the first candidate. */
const char *strata_suggest(const char *word, const char *const *candidates, size_t count);

/* The same over the `--name` options a help text lists (with or without
 * "=VALUE"), plus `extra` names (written as given). The result is written
 * into buf (with its leading dashes) and returned, or NULL. */
const char *strata_suggest_option(const char *word, const char *usage, const char *const *extra,
                                  size_t extra_count, char *buf, size_t size);

/* Prints "TOOL: unknown option 'ARG'; did you mean '--x'? (see --help)" (the
 * hint only when one is close), or "TOOL: option 'ARG' needs a value" when
 * the help text lists ARG, on stderr and returns 2. `extra` adds names the
 * help text does not list (strata-opt's pass flags). Returns 2, the usage-error exit
 * status every tool uses. */
int strata_cli_unknown_option(const char *tool, const char *arg, const char *usage,
                              const char *const *extra, size_t extra_count);

/* The options every tool takes: "-h" / "--help" print `usage` on stdout,
 * "--version" prints "TOOL VERSION (MLIR 22)". True when arg was one of
 * them (the tool then exits with status 0). */
bool strata_cli_help_or_version(const char *tool, const char *arg, const char *usage);

#endif /* STRATA_CORE_SUGGEST_H */
