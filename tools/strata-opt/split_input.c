/* --split-input-file: cuts the input at "// -----" lines into chunks that
 * are processed independently, keeping their line numbers. */
#include <stdlib.h>
#include <string.h>

#include "tools/strata-opt/opt.h"

static bool is_split_marker(const char *line, size_t len) {
  size_t i = 0;
  while (i < len && (line[i] == ' ' || line[i] == '\t'))
    ++i;
  return len - i >= 8 && memcmp(line + i, "// -----", 8) == 0;
}

size_t strata_split_input(const char *text, size_t len, bool split, strata_chunk_t **chunks) {
  size_t count = 0, cap = 4;
  strata_chunk_t *out = malloc(cap * sizeof *out);
  out[0] = (strata_chunk_t){text, 0, 0};
  size_t start = 0;
  int line = 0, start_line = 0;
  for (size_t pos = 0; pos < len;) {
    const char *nl = memchr(text + pos, '\n', len - pos);
    size_t end = nl ? (size_t)(nl - text) : len;
    if (split && is_split_marker(text + pos, end - pos)) {
      if (count + 1 >= cap)
        out = realloc(out, (cap *= 2) * sizeof *out);
      out[count++] = (strata_chunk_t){text + start, pos - start, start_line};
      start = nl ? end + 1 : len;
      start_line = line + 1;
    }
    pos = nl ? end + 1 : len;
    ++line;
  }
  out[count++] = (strata_chunk_t){text + start, len - start, start_line};
  *chunks = out;
  return count;
}

char *strata_chunk_padded(const strata_chunk_t *chunk) {
  size_t n = (size_t)chunk->first_line;
  char *s = malloc(n + chunk->len + 1);
  memset(s, '\n', n);
  memcpy(s + n, chunk->text, chunk->len);
  s[n + chunk->len] = '\0';
  return s;
}
