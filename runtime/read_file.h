/* Reading a whole file into memory, for the loaders of models and tensors. */
#ifndef STRATA_RUNTIME_READ_FILE_H
#define STRATA_RUNTIME_READ_FILE_H

#include <stddef.h>

/* Reads all of `path` ("-": standard input) into a malloc'd buffer with a
 * NUL after the last byte (so text can be used as a C string); *len is the
 * byte count. Returns NULL with errno set when the file cannot be opened
 * (or ENOMEM when it does not fit in memory). */
char *strata_read_file(const char *path, size_t *len);

#endif
