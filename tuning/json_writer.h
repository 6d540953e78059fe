/* Building JSON text in a growing buffer: the tuner writes decisions
 * (space.c) and database records as JSON lines (database.c). */
#ifndef STRATA_TUNING_JSON_WRITER_H
#define STRATA_TUNING_JSON_WRITER_H

#include <stddef.h>

typedef struct {
  char *data; /* NUL-terminated once anything was appended; caller frees */
  size_t len, cap;
} strata_json_writer_t;

void strata_json_append(strata_json_writer_t *w, const char *s, size_t n);
void strata_json_puts(strata_json_writer_t *w, const char *s);
void strata_json_printf(strata_json_writer_t *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends s as a quoted JSON string (", \ and control characters escaped). */
void strata_json_string(strata_json_writer_t *w, const char *s);

#endif
