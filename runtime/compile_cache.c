/* The compile cache on disk (see compile_cache.h). */
#define _GNU_SOURCE /* gettid */
#include "runtime/compile_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#define MAGIC "STRATA-OBJECT-1" /* 15 characters and a NUL: 16 bytes */

typedef struct {
  char magic[16];
  uint64_t key, size, hash;
} header_t;

static bool make_dirs(char *path) {
  for (char *p = path + 1; *p; ++p) {
    if (*p != '/')
      continue;
    *p = '\0';
    bool ok = mkdir(path, 0755) == 0 || errno == EEXIST;
    *p = '/';
    if (!ok)
      return false;
  }
  return mkdir(path, 0755) == 0 || errno == EEXIST;
}

bool strata_cache_dir(char *buf, size_t size) {
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  int n;
  if (xdg && xdg[0] == '/')
    n = snprintf(buf, size, "%s/strata", xdg);
  else if (home && home[0] == '/')
    n = snprintf(buf, size, "%s/.cache/strata", home);
  else
    return false;
  return n > 0 && (size_t)n < size && make_dirs(buf);
}

static void entry_path(char *buf, size_t size, const char *dir, uint64_t key) {
  snprintf(buf, size, "%s/%016llx.o", dir, (unsigned long long)key);
}

static bool read_all(int fd, void *buf, size_t size) {
  for (size_t done = 0; done < size;) {
    ssize_t n = read(fd, (char *)buf + done, size - done);
    if (n <= 0 && !(n < 0 && errno == EINTR))
      return false;
    if (n > 0)
      done += (size_t)n;
  }
  return true;
}

static bool write_all(int fd, const void *buf, size_t size) {
  for (size_t done = 0; done < size;) {
    ssize_t n = write(fd, (const char *)buf + done, size - done);
    if (n <= 0 && !(n < 0 && errno == EINTR))
      return false;
    if (n > 0)
      done += (size_t)n;
  }
  return true;
}

bool strata_cache_load(const char *dir, uint64_t key, void **data, size_t *size) {
  char path[4200];
  entry_path(path, sizeof path, dir, key);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  header_t h;
  struct stat st;
  bool ok = fstat(fd, &st) == 0 && read_all(fd, &h, sizeof h) &&
            !memcmp(h.magic, MAGIC, sizeof h.magic) && h.key == key && h.size > 0 &&
            (uint64_t)st.st_size == sizeof h + h.size;
  void *payload = ok ? malloc(h.size) : NULL;
  ok = payload && read_all(fd, payload, h.size) && XXH64(payload, h.size, 0) == h.hash;
  close(fd);
  if (!ok) {
    free(payload);
    return false;
  }
  *data = payload;
  *size = h.size;
  return true;
}

bool strata_cache_store(const char *dir, uint64_t key, const void *data, size_t size) {
  static unsigned counter;
  char path[4200], tmp[4300];
  entry_path(path, sizeof path, dir, key);
  snprintf(tmp, sizeof tmp, "%s.%d.%d.%u.tmp", path, (int)getpid(), (int)gettid(),
           __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED));
  int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  header_t h = {.key = key, .size = size, .hash = XXH64(data, size, 0)};
  memcpy(h.magic, MAGIC, sizeof h.magic);
  bool ok = write_all(fd, &h, sizeof h) && write_all(fd, data, size);
  ok = close(fd) == 0 && ok;
  if (ok && rename(tmp, path) == 0)
    return true;
  unlink(tmp);
  return false;
}
