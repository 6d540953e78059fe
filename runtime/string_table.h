/* Strings of compiled code: a string tensor element is a handle, an int64
 * holding a `const char *` to a NUL-terminated UTF-8 string (0, NULL, is
 * the empty string). Strings that kernels produce are interned in one
 * process-wide table: never freed and deduplicated, so handles can be
 * copied freely, outputs never need freeing, and two interned strings are
 * equal exactly when their handles are. */
#ifndef STRATA_RUNTIME_STRING_TABLE_H
#define STRATA_RUNTIME_STRING_TABLE_H

#include <stddef.h>
#include <stdint.h>

/* A stable pointer to a NUL-terminated copy of s[0..len), the same pointer
 * for equal contents (s may hold NULs; s may be NULL when len is 0).
 * Thread-safe. Aborts when out of memory. */
const char *strata_string_intern(const char *s, size_t len);

/* "" for 0, else the string the handle points to. */
const char *strata_string_of_handle(int64_t h);

/* The handle of s: 0 for NULL and for "" (so the empty string has one
 * handle), else the pointer itself. */
int64_t strata_string_handle(const char *s);

#endif
