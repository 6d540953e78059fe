/* Pass options: parsing and validating the option text of a pipeline entry
 * (`graph-fuse{max-depth=8 mode=greedy}`) against the pass's declared
 * options, with errors that name the pass, the option and what is allowed. */
#include "passes/options.h"

#include "core/suggest.h"
#include "core/text.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *format_error(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return strdup(buf);
}

static char *dup_range(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (!d)
    return NULL;
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

static const strata_pass_option_t *find_option(const strata_pass_info_t *info,
                                               const char *name, size_t *index) {
  for (size_t i = 0; i < info->num_options; ++i)
    if (strcmp(info->options[i].name, name) == 0) {
      *index = i;
      return &info->options[i];
    }
  return NULL;
}

static char *known_options(const strata_pass_info_t *info) {
  char buf[512] = "";
  size_t used = 0;
  for (size_t i = 0; i < info->num_options && used < sizeof buf; ++i)
    used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", i ? ", " : "",
                             info->options[i].name);
  return strdup(info->num_options ? buf : "none");
}

/* Parses one value into slot `v`; returns NULL or an error message. */
static char *parse_value(const strata_pass_info_t *info, const strata_pass_option_t *opt,
                         const char *text, strata_option_value_t *v) {
  switch (opt->kind) {
  case STRATA_OPTION_INT: {
    char *end = NULL;
    errno = 0;
    long long x = strtoll(text, &end, 10);
    if (errno || end == text || *end != '\0' || x < opt->min || x > opt->max)
      return format_error("option '%s' of pass '%s' expects an integer in [%" PRId64
                          ", %" PRId64 "], got '%s'",
                          opt->name, info->argument, opt->min, opt->max, text);
    v->i = x;
    return NULL;
  }
  case STRATA_OPTION_BOOL:
    if (!strcmp(text, "true") || !strcmp(text, "1"))
      v->b = true;
    else if (!strcmp(text, "false") || !strcmp(text, "0"))
      v->b = false;
    else
      return format_error("option '%s' of pass '%s' expects true or false, got '%s'",
                          opt->name, info->argument, text);
    return NULL;
  case STRATA_OPTION_STRING:
    if (opt->choices) {
      bool ok = false;
      char allowed[512] = "";
      size_t used = 0;
      for (const char *const *c = opt->choices; *c; ++c) {
        ok |= strcmp(*c, text) == 0;
        if (used < sizeof allowed)
          used += (size_t)snprintf(allowed + used, sizeof allowed - used, "%s%s",
                                   c == opt->choices ? "" : ", ", *c);
      }
      if (!ok)
        return format_error("option '%s' of pass '%s' expects one of {%s}, got '%s'",
                            opt->name, info->argument, allowed, text);
    }
    free(v->s);
    v->s = strdup(text);
    return NULL;
  }
  return format_error("option '%s' has an unknown kind", opt->name);
}

strata_pass_options_t *strata_pass_options_parse(const strata_pass_info_t *info,
                                                 const char *text, char **error) {
  *error = NULL;
  strata_pass_options_t *o = calloc(1, sizeof *o);
  o->info = info;
  o->values = calloc(info->num_options ? info->num_options : 1, sizeof *o->values);
  for (size_t i = 0; i < info->num_options; ++i) {
    const strata_pass_option_t *opt = &info->options[i];
    if ((*error = parse_value(info, opt, opt->default_value ? opt->default_value : "",
                              &o->values[i]))) {
      strata_pass_options_destroy(o);
      return NULL;
    }
  }
  /* Entries are separated by spaces: key=value, key="quoted value", or a
   * bare key (true for a bool option). */
  const char *p = text ? text : "";
  while (*p) {
    while (isspace((unsigned char)*p))
      ++p;
    if (!*p)
      break;
    const char *key = p;
    while (*p && *p != '=' && !isspace((unsigned char)*p))
      ++p;
    char *name = dup_range(key, (size_t)(p - key));
    char *value = NULL;
    if (*p == '=') {
      ++p;
      if (*p == '"' || *p == '\'') {
        char quote = *p++;
        const char *start = p;
        while (*p && *p != quote)
          ++p;
        value = dup_range(start, (size_t)(p - start));
        if (*p)
          ++p;
      } else {
        const char *start = p;
        while (*p && !isspace((unsigned char)*p))
          ++p;
        value = dup_range(start, (size_t)(p - start));
      }
    }
    size_t index = 0;
    const strata_pass_option_t *opt = find_option(info, name, &index);
    if (!opt) {
      char *known = known_options(info);
      const char *names[64];
      size_t n = 0;
      for (; n < info->num_options && n < STRATA_COUNTOF(names); ++n)
        names[n] = info->options[n].name;
      const char *hint = strata_suggest(name, names, n);
      *error = format_error("unknown option '%s' for pass '%s'%s%s%s (known options: %s)", name,
                            info->argument, hint ? "; did you mean '" : "", hint ? hint : "",
                            hint ? "'?" : "", known);
      free(known);
    } else if (!value && opt->kind != STRATA_OPTION_BOOL) {
      *error = format_error("option '%s' of pass '%s' needs a value ('%s=...')", name,
                            info->argument, name);
    } else {
      *error = parse_value(info, opt, value ? value : "true", &o->values[index]);
    }
    free(name);
    free(value);
    if (*error) {
      strata_pass_options_destroy(o);
      return NULL;
    }
  }
  return o;
}

strata_pass_options_t *strata_pass_options_clone(const strata_pass_options_t *o) {
  strata_pass_options_t *c = calloc(1, sizeof *c);
  c->info = o->info;
  size_t n = o->info->num_options;
  c->values = calloc(n ? n : 1, sizeof *c->values);
  for (size_t i = 0; i < n; ++i) {
    c->values[i] = o->values[i];
    if (o->values[i].s)
      c->values[i].s = strdup(o->values[i].s);
  }
  return c;
}

void strata_pass_options_destroy(strata_pass_options_t *o) {
  if (!o)
    return;
  for (size_t i = 0; i < o->info->num_options; ++i)
    free(o->values[i].s);
  free(o->values);
  free(o);
}

/* Looking up an option a pass did not declare is a programming error in
 * the pass: abort loudly rather than return a made-up value. */
static const strata_option_value_t *lookup(const strata_pass_options_t *o, const char *name,
                                           strata_option_kind_t kind) {
  size_t index = 0;
  const strata_pass_option_t *opt = find_option(o->info, name, &index);
  if (!opt || opt->kind != kind) {
    fprintf(stderr, "strata: pass '%s' has no %s option '%s'\n", o->info->argument,
            kind == STRATA_OPTION_INT ? "integer" : kind == STRATA_OPTION_BOOL ? "bool" : "string",
            name);
    abort();
  }
  return &o->values[index];
}

int64_t strata_pass_options_get_int(const strata_pass_options_t *o, const char *name) {
  return lookup(o, name, STRATA_OPTION_INT)->i;
}

bool strata_pass_options_get_bool(const strata_pass_options_t *o, const char *name) {
  return lookup(o, name, STRATA_OPTION_BOOL)->b;
}

const char *strata_pass_options_get_string(const strata_pass_options_t *o, const char *name) {
  const char *s = lookup(o, name, STRATA_OPTION_STRING)->s;
  return s ? s : "";
}
