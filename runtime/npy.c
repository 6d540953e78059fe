/* NumPy .npy reader and writer: the magic, a version, a header length and a
 * Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}
 * padded to 64 bytes, then the raw little-endian C-order data. */
#include "runtime/npy.h"
#include "runtime/status.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *descr;
  strata_dtype_t dtype;
} descrs[] = {
    {"<f4", STRATA_DTYPE_F32}, {"<f8", STRATA_DTYPE_F64}, {"|i1", STRATA_DTYPE_I8},
    {"<i4", STRATA_DTYPE_I32}, {"<i8", STRATA_DTYPE_I64}, {"|u1", STRATA_DTYPE_U8},
    {"|b1", STRATA_DTYPE_BOOL}, {"<i2", STRATA_DTYPE_I16}, {"<u2", STRATA_DTYPE_U16},
    {"<u4", STRATA_DTYPE_U32},  {"<u8", STRATA_DTYPE_U64}, {"<f2", STRATA_DTYPE_F16},
    /* bf16 has no standard NumPy spelling (ml_dtypes writes a void '<V2'):
     * neither read nor written. */
};

/* Finds the value after 'key': in the header dict. */
static const char *find_key(const char *header, const char *key) {
  char quoted[32];
  snprintf(quoted, sizeof quoted, "'%s'", key);
  const char *p = strstr(header, quoted);
  if (!p)
    return NULL;
  p = strchr(p + strlen(quoted), ':');
  if (!p)
    return NULL;
  ++p;
  while (*p == ' ')
    ++p;
  return p;
}

bool strata_npy_read(const char *path, strata_tensor_t *out, char **error) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "rb");
  if (!f)
    return strata_fail(error, "%s: cannot open: %s", path, strerror(errno));
  unsigned char pre[10];
  bool ok = false;
  char *header = NULL;
  if (fread(pre, 1, 8, f) != 8 || memcmp(pre, "\x93NUMPY", 6) != 0) {
    strata_fail(error, "%s: not a .npy file (bad magic)", path);
    goto done;
  }
  uint32_t header_len;
  if (pre[6] == 1) {
    if (fread(pre + 8, 1, 2, f) != 2)
      goto truncated;
    header_len = pre[8] | (uint32_t)pre[9] << 8;
  } else if (pre[6] == 2 || pre[6] == 3) {
    unsigned char l[4];
    if (fread(l, 1, 4, f) != 4)
      goto truncated;
    header_len = l[0] | (uint32_t)l[1] << 8 | (uint32_t)l[2] << 16 | (uint32_t)l[3] << 24;
  } else {
    strata_fail(error, "%s: unsupported .npy version %d.%d", path, pre[6], pre[7]);
    goto done;
  }
  if (header_len > (1u << 20)) {
    strata_fail(error, "%s: .npy header too large (%u bytes)", path, header_len);
    goto done;
  }
  header = malloc(header_len + 1);
  if (fread(header, 1, header_len, f) != header_len)
    goto truncated;
  header[header_len] = '\0';

  const char *d = find_key(header, "descr");
  if (!d || *d != '\'') {
    strata_fail(error, "%s: .npy header has no 'descr'", path);
    goto done;
  }
  strata_dtype_t dtype = STRATA_DTYPE_F32;
  bool known = false;
  for (size_t i = 0; i < sizeof descrs / sizeof descrs[0] && !known; ++i)
    if (strncmp(d + 1, descrs[i].descr, 3) == 0 && d[4] == '\'') {
      dtype = descrs[i].dtype;
      known = true;
    }
  if (!known) {
    const char *end = strchr(d + 1, '\'');
    strata_fail(error, "%s: unsupported element type %.*s (supported: f2, f4, f8, i1, i2, i4, i8, u1, u2, u4, u8, b1, little-endian)",
         path, end ? (int)(end - d + 1) : 8, d);
    goto done;
  }
  const char *fo = find_key(header, "fortran_order");
  if (!fo || strncmp(fo, "False", 5) != 0) {
    strata_fail(error, "%s: only C-order (fortran_order: False) arrays are supported", path);
    goto done;
  }
  const char *s = find_key(header, "shape");
  if (!s || *s != '(') {
    strata_fail(error, "%s: .npy header has no 'shape'", path);
    goto done;
  }
  int64_t shape[STRATA_MAX_RANK];
  int rank = 0;
  for (++s;;) {
    while (*s == ' ' || *s == ',')
      ++s;
    if (*s == ')')
      break;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || v < 0 || rank == STRATA_MAX_RANK) {
      strata_fail(error, "%s: bad or too long shape in .npy header", path);
      goto done;
    }
    shape[rank++] = v;
    s = end;
  }
  /* The size, checked before anything is allocated: a shape whose size
   * overflows would give a tiny buffer that kernels run past, and a file
   * shorter than its shape says is refused without allocating the shape. */
  size_t bytes;
  char type[256];
  if (!strata_tensor_bytes(dtype, rank, shape, &bytes)) {
    strata_fail(error, "%s: the array is too large (%s: its size overflows 64 bits)", path,
                strata_tensor_type_str(dtype, rank, shape, type, sizeof type));
    goto done;
  }
  long data_at = ftell(f);
  if (data_at >= 0 && fseek(f, 0, SEEK_END) == 0) {
    long end = ftell(f);
    if (end >= data_at && (unsigned long)(end - data_at) < bytes) {
      strata_fail(error, "%s: truncated .npy file (%s needs %zu bytes of data, the file has %ld)",
                  path, strata_tensor_type_str(dtype, rank, shape, type, sizeof type), bytes,
                  end - data_at);
      goto done;
    }
    fseek(f, data_at, SEEK_SET);
  }
  char msg[512];
  if (!strata_tensor_alloc_named(out, dtype, rank, shape, "the array", msg, sizeof msg)) {
    strata_fail(error, "%s: %s", path, msg);
    goto done;
  }
  if (fread(out->data, 1, bytes, f) != bytes) {
    strata_tensor_free(out);
    goto truncated;
  }
  ok = true;
  goto done;
truncated:
  strata_fail(error, "%s: truncated .npy file", path);
done:
  free(header);
  fclose(f);
  return ok;
}

bool strata_npy_write(const char *path, const strata_tensor_t *t, char **error) {
  const char *descr = NULL;
  for (size_t i = 0; i < sizeof descrs / sizeof descrs[0]; ++i)
    if (descrs[i].dtype == t->dtype)
      descr = descrs[i].descr;
  if (!descr)
    return strata_fail(error, "%s: element type %s has no .npy spelling", path,
                       strata_dtype_name(t->dtype));
  char dict[512];
  int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  for (int i = 0; i < t->rank; ++i)
    n += snprintf(dict + n, sizeof dict - (size_t)n, "%lld%s", (long long)t->shape[i],
                  t->rank == 1 ? "," : i + 1 < t->rank ? ", " : "");
  n += snprintf(dict + n, sizeof dict - (size_t)n, "), }");
  /* Pad with spaces so that magic+version+len+dict+'\n' is a multiple of 64. */
  int total = 10 + n + 1;
  int pad = (64 - total % 64) % 64;
  FILE *f = fopen(path, "wb");
  if (!f)
    return strata_fail(error, "%s: cannot create: %s", path, strerror(errno));
  uint16_t header_len = (uint16_t)(n + pad + 1);
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(header_len & 0xff),
                           (unsigned char)(header_len >> 8)};
  fwrite(pre, 1, 10, f);
  fwrite(dict, 1, (size_t)n, f);
  for (int i = 0; i < pad; ++i)
    fputc(' ', f);
  fputc('\n', f);
  size_t bytes = (size_t)strata_tensor_numel(t) * strata_dtype_size(t->dtype);
  bool ok = fwrite(t->data, 1, bytes, f) == bytes;
  ok &= fclose(f) == 0;
  return ok ? true : strata_fail(error, "%s: write failed: %s", path, strerror(errno));
}
