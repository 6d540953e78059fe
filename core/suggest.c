/* "Did you mean" suggestions (see suggest.h): optimal-string-alignment
 * edit distance over a candidate list, and the unknown-option report the
 * tools share. */
#include "core/suggest.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata/strata.h"

enum { MAX_WORD = 128, MAX_OPTIONS = 256 };

/* Edit distance with adjacent transpositions, over three rolling rows (no
 * shared state: pass-option parsing may run on several threads); words
 * longer than MAX_WORD are too far from anything. */
static size_t distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > MAX_WORD || m > MAX_WORD)
    return (size_t)-1;
  size_t rows[3][MAX_WORD + 1];
  size_t *before = rows[0], *prev = rows[1], *cur = rows[2];
  for (size_t j = 0; j <= m; ++j)
    prev[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= m; ++j) {
      size_t best = prev[j] + 1;
      if (cur[j - 1] + 1 < best)
        best = cur[j - 1] + 1;
      if (prev[j - 1] + (a[i - 1] != b[j - 1]) < best)
        best = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          before[j - 2] + 1 < best)
        best = before[j - 2] + 1;
      cur[j] = best;
    }
    size_t *t = before;
    before = prev;
    prev = cur;
    cur = t;
  }
  return prev[m];
}

const char *strata_suggest(const char *word, const char *const *candidates, size_t count) {
  size_t len = strlen(word);
  size_t limit = len <= 4 ? 1 : len / 3;
  const char *best = NULL;
  size_t best_d = limit + 1;
  for (size_t i = 0; i < count; ++i) {
    if (!candidates[i] || !strcmp(candidates[i], word))
      continue;
    size_t d = distance(word, candidates[i]);
    if (d < best_d) {
      best_d = d;
      best = candidates[i];
    }
  }
  return best;
}

/* The option names ("--name" or "-n", without "=VALUE" or "<...>") in a
 * help text, as malloc'd strings; returns how many. An option starts a
 * word (after a space, ',', '[' or '(') with "--" or "-" and a letter. */
static size_t usage_options(const char *usage, char **out, size_t cap) {
  size_t n = 0;
  for (const char *p = usage; p && *p && n < cap; ++p) {
    bool starts_word = p == usage || isspace((unsigned char)p[-1]) || p[-1] == ',' ||
                       p[-1] == '[' || p[-1] == '(';
    size_t dashes = p[0] == '-' ? (p[1] == '-' ? 2 : 1) : 0;
    if (!starts_word || !dashes || !isalpha((unsigned char)p[dashes]))
      continue;
    const char *s = p;
    p += dashes;
    while (*p && (isalnum((unsigned char)*p) || *p == '-' || *p == '_'))
      ++p;
    if ((out[n] = malloc((size_t)(p - s) + 1))) {
      memcpy(out[n], s, (size_t)(p - s));
      out[n][p - s] = '\0';
      ++n;
    }
    --p;
  }
  return n;
}

const char *strata_suggest_option(const char *word, const char *usage, const char *const *extra,
                                  size_t extra_count, char *buf, size_t size) {
  char *names[MAX_OPTIONS + 64];
  size_t n = usage_options(usage, names, MAX_OPTIONS);
  for (size_t i = 0; i < extra_count && n < MAX_OPTIONS + 64; ++i)
    if (extra[i] && (names[n] = strdup(extra[i])))
      ++n;
  /* Compare "--name" with the option's "--name" part (before any '='). */
  /* "-name" is read as "--name", as MLIR's tools accept both; the part
   * after '=' is the value, not the name. */
  char key[MAX_WORD + 1];
  bool single = word[0] == '-' && word[1] != '-' && word[1] && word[2];
  snprintf(key, sizeof key, "%s%s", single ? "-" : "", word);
  char *eq = strchr(key, '=');
  if (eq)
    *eq = '\0';
  const char *best = strata_suggest(key, (const char *const *)names, n);
  const char *result = NULL;
  if (best && size) {
    snprintf(buf, size, "%s", best);
    result = buf;
  }
  for (size_t i = 0; i < n; ++i)
    free(names[i]);
  return result;
}

/* Whether the help text lists `arg` (up to any '=') as an option. */
static bool usage_lists(const char *usage, const char *arg) {
  char *names[MAX_OPTIONS];
  size_t n = usage_options(usage, names, MAX_OPTIONS), len = strcspn(arg, "=");
  bool found = false;
  for (size_t i = 0; i < n; ++i) {
    found = found || (strlen(names[i]) == len && !strncmp(names[i], arg, len));
    free(names[i]);
  }
  return found;
}

int strata_cli_unknown_option(const char *tool, const char *arg, const char *usage,
                              const char *const *extra, size_t extra_count) {
  char hint[MAX_WORD + 1];
  if (usage_lists(usage, arg))
    fprintf(stderr, "%s: option '%s' needs a value (see --help)\n", tool, arg);
  else if (strata_suggest_option(arg, usage, extra, extra_count, hint, sizeof hint))
    fprintf(stderr, "%s: unknown option '%s'; did you mean '%s'? (see --help)\n", tool, arg,
            hint);
  else
    fprintf(stderr, "%s: unknown option '%s' (see --help)\n", tool, arg);
  return 2;
}

bool strata_cli_help_or_version(const char *tool, const char *arg, const char *usage) {
  if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
    fputs(usage, stdout);
  else if (!strcmp(arg, "--version"))
    printf("%s " STRATA_VERSION " (MLIR 22)\n", tool);
  else
    return false;
  return true;
}
