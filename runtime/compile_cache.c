/* The compile cache on disk (see compile_cache.h). */
#define _GNU_SOURCE /* gettid */
#include "runtime/compile_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

void strata_cache_entry_path(char *buf, size_t size, const char *dir, uint64_t key,
                             const char *ext) {
  snprintf(buf, size, "%s/%016llx.%s", dir, (unsigned long long)key, ext);
}

void strata_cache_touch(const char *path) {
  utimensat(AT_FDCWD, path, NULL, 0);
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
  strata_cache_entry_path(path, sizeof path, dir, key, "o");
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
  strata_cache_touch(path);
  return true;
}

bool strata_cache_write_pieces(const char *path, const void *const *data, const size_t *sizes,
                               int count) {
  static unsigned counter;
  char tmp[4400];
  snprintf(tmp, sizeof tmp, "%s.%d.%d.%u.tmp", path, (int)getpid(), (int)gettid(),
           __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED));
  int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  bool ok = true;
  for (int i = 0; ok && i < count; ++i)
    ok = write_all(fd, data[i], sizes[i]);
  ok = close(fd) == 0 && ok;
  if (ok && rename(tmp, path) == 0)
    return true;
  unlink(tmp);
  return false;
}

bool strata_cache_store(const char *dir, uint64_t key, const void *data, size_t size) {
  char path[4200];
  strata_cache_entry_path(path, sizeof path, dir, key, "o");
  header_t h = {.key = key, .size = size, .hash = XXH64(data, size, 0)};
  memcpy(h.magic, MAGIC, sizeof h.magic);
  const void *pieces[] = {&h, data};
  size_t sizes[] = {sizeof h, size};
  return strata_cache_write_pieces(path, pieces, sizes, 2);
}

uint64_t strata_cache_max_size(void) {
  const char *v = getenv("STRATA_CACHE_MAX_SIZE");
  if (!v || !*v)
    return STRATA_CACHE_DEFAULT_MAX_SIZE;
  char *end = NULL;
  errno = 0;
  unsigned long long n = strtoull(v, &end, 10);
  unsigned shift = *end == 'K' || *end == 'k'   ? 10
                   : *end == 'M' || *end == 'm' ? 20
                   : *end == 'G' || *end == 'g' ? 30
                                                : 0;
  if (shift)
    ++end;
  if (errno || end == v || *end || (shift && n > (~0ull >> shift)))
    return STRATA_CACHE_DEFAULT_MAX_SIZE; /* not a size: the default, never "no cap" */
  return (uint64_t)n << shift;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

typedef struct {
  char name[64];
  uint64_t size;
  struct timespec used;
} entry_t;

static int older_first(const void *a, const void *b) {
  const struct timespec *x = &((const entry_t *)a)->used, *y = &((const entry_t *)b)->used;
  if (x->tv_sec != y->tv_sec)
    return x->tv_sec < y->tv_sec ? -1 : 1;
  return x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec;
}

/* The entries of `dir` (*count of them, malloc'd); stale temporaries are
 * removed on the way (all of them when `all_tmp`). NULL when the
 * directory cannot be read. */
static entry_t *list_entries(const char *dir, bool all_tmp, int *count) {
  DIR *d = opendir(dir);
  if (!d)
    return NULL;
  int cap = 64, n = 0;
  entry_t *e = malloc(sizeof *e * (size_t)cap);
  time_t now = time(NULL);
  for (struct dirent *de; e && (de = readdir(d));) {
    const char *name = de->d_name;
    bool tmp = ends_with(name, ".tmp");
    if (strlen(name) >= sizeof e->name || !(tmp || ends_with(name, ".o") || ends_with(name, ".model")))
      continue;
    struct stat st;
    if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
      continue;
    if (tmp) {
      if (all_tmp || now - st.st_mtime > 3600)
        unlinkat(dirfd(d), name, 0);
      continue;
    }
    if (n == cap) {
      entry_t *grown = realloc(e, sizeof *e * (size_t)(cap *= 2));
      if (!grown) {
        free(e);
        e = NULL;
        break;
      }
      e = grown;
    }
    snprintf(e[n].name, sizeof e[n].name, "%s", name);
    e[n].size = (uint64_t)st.st_size;
    e[n++].used = st.st_mtim;
  }
  closedir(d);
  *count = n;
  return e;
}

static bool remove_entry(const char *dir, const char *name) {
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return unlink(path) == 0;
}

int strata_cache_evict(const char *dir, uint64_t cap) {
  int n = 0, removed = 0;
  entry_t *e = list_entries(dir, false, &n);
  if (!e || cap == 0) {
    bool readable = e != NULL;
    free(e);
    return readable ? 0 : -1;
  }
  uint64_t total = 0;
  for (int i = 0; i < n; ++i)
    total += e[i].size;
  qsort(e, (size_t)n, sizeof *e, older_first);
  for (int i = 0; i < n && total > cap; ++i) {
    total -= e[i].size; /* gone, or another process removed it first */
    removed += remove_entry(dir, e[i].name);
  }
  free(e);
  return removed;
}

int strata_cache_clear(const char *dir) {
  int n = 0, removed = 0;
  entry_t *e = list_entries(dir, true, &n);
  if (!e)
    return -1;
  for (int i = 0; i < n; ++i)
    removed += remove_entry(dir, e[i].name);
  free(e);
  return removed;
}
