/* Whole-file reads (see read_file.h). */
#include "runtime/read_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *strata_read_file(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0, got;
  char *buf = malloc(cap);
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0)
    if ((n += got) + 1 == cap)
      buf = realloc(buf, cap *= 2);
  buf[n] = '\0';
  if (f != stdin)
    fclose(f);
  *len = n;
  return buf;
}
