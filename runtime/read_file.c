/* Whole-file reads (see read_file.h). */
#include "runtime/read_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *strata_read_file(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0, got;
  char *buf = malloc(cap);
  while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    if ((n += got) + 1 < cap)
      continue;
    char *bigger = cap <= SIZE_MAX / 2 ? realloc(buf, cap *= 2) : NULL;
    if (!bigger)
      free(buf);
    buf = bigger;
  }
  if (f != stdin)
    fclose(f);
  if (!buf) {
    errno = ENOMEM;
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}
