/* The whole-model compile cache (see model_cache.h): the key, and entries
 * written from pieces and read back from a checked read-only mapping. */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "runtime/model_cache.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "core/host_cache.h"
#include "runtime/codegen.h"
#include "runtime/compile_cache.h"
#include "strata/strata.h"

#define MAGIC "STRATA-MODEL-1" /* padded with NULs to 16 bytes */
/* Bump when the entry's layout or what the key covers changes. */
#define FORMAT 1
#define PAGE 4096

typedef struct {
  char magic[16];
  uint64_t key, size, hash; /* size and hash: of the payload, after the header */
  uint64_t reserved[3];
} header_t;

typedef struct {
  uint64_t num_objects, num_weights, meta_offset, meta_size;
} table_head_t;

typedef struct {
  uint64_t offset, size;
} span_t;

typedef struct {
  span_t name, data;
} weight_row_t;

_Static_assert(sizeof(header_t) == 64, "the header is 64 bytes");

/* --- the key ------------------------------------------------------------ */

/* Whether a loaded object is part of the compiler: the one holding this
 * code (libstrata, libstrata_model or a static tool), LLVM and MLIR. Not
 * the others: which libraries a process has loaded (the JIT's libomp after
 * its first compile, whatever a Python program imported) would otherwise
 * change the key from one compile to the next. */
static bool is_compiler(const struct dl_phdr_info *info) {
  Dl_info self;
  if (dladdr((const void *)is_compiler, &self) && self.dli_fbase &&
      (uintptr_t)self.dli_fbase == (uintptr_t)info->dlpi_addr)
    return true;
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  return !strncmp(base, "libLLVM", 7) || !strncmp(base, "libMLIR", 7) ||
         !strncmp(base, "libstrata", 9);
}

/* Hashes the object's GNU build id (its name when it has none), if it is
 * part of the compiler. */
static int hash_build_id(struct dl_phdr_info *info, size_t size, void *user) {
  (void)size;
  if (!is_compiler(info))
    return 0;
  XXH64_state_t *st = user;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *n = (const void *)p;
      const char *name = p + sizeof *n;
      const char *desc = name + ((n->n_namesz + 3) & ~3u);
      if (desc + n->n_descsz > end)
        break;
      if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && !memcmp(name, "GNU", 4)) {
        XXH64_update(st, desc, n->n_descsz);
        return 0;
      }
      p = desc + ((n->n_descsz + 3) & ~3u);
    }
  }
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  XXH64_update(st, name, strlen(name) + 1);
  return 0;
}

/* Which build of Strata (and of LLVM and MLIR) this is: the build ids of
 * the compiler's objects, so that a rebuilt compiler, one changed pass in
 * libstrata, never reads an older build's entries. */
static void hash_build(XXH64_state_t *st) {
  dl_iterate_phdr(hash_build_id, st);
}

/* Size and bytes of the file, read in chunks (no mapping: a 46 MB model
 * must not count twice in the compile's resident memory). */
static bool hash_file(XXH64_state_t *st, const char *path, char *buf, size_t buf_size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat s;
  if (fd < 0 || fstat(fd, &s) != 0 || !S_ISREG(s.st_mode)) {
    if (fd >= 0)
      close(fd);
    return false;
  }
  uint64_t size = (uint64_t)s.st_size, done = 0;
  XXH64_update(st, &size, sizeof size);
  for (ssize_t n; (n = read(fd, buf, buf_size)) > 0;) {
    XXH64_update(st, buf, (size_t)n);
    done += (uint64_t)n;
  }
  close(fd);
  return done == size;
}

bool strata_model_cache_key(const char *const *files, int num_files, const char *options,
                            uint64_t *key) {
  size_t buf_size = 1 << 20;
  char *buf = malloc(buf_size);
  XXH64_state_t *st = XXH64_createState();
  bool ok = buf && st && XXH64_reset(st, 0) == XXH_OK;
  for (int i = 0; ok && i < num_files; ++i)
    ok = hash_file(st, files[i], buf, buf_size);
  if (ok) {
    char *triple = LLVMGetDefaultTargetTriple(), *cpu = LLVMGetHostCPUName(),
         *features = LLVMGetHostCPUFeatures();
    unsigned major, minor, patch;
    LLVMGetVersion(&major, &minor, &patch);
    /* The host: its CPU, and the core count and cache sizes the default
     * schedules are derived from. */
    int n = snprintf(buf, buf_size,
                     "%d files|%s|%s|%s|%s|cores=%d|l1=%ld/%ld|strata %s|llvm %u.%u.%u|model %d",
                     num_files, options ? options : "", triple, cpu, features, strata_host_cores(),
                     strata_host_l1d_bytes(), strata_host_cache_line_bytes(), STRATA_VERSION,
                     major, minor, patch, FORMAT);
    XXH64_update(st, buf, n > 0 && (size_t)n < buf_size ? (size_t)n : buf_size - 1);
    LLVMDisposeMessage(triple);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
    hash_build(st);
    *key = XXH64_digest(st);
  }
  XXH64_freeState(st);
  free(buf);
  return ok;
}

/* --- storing ------------------------------------------------------------ */

typedef struct {
  const void **data;
  size_t *sizes;
  int count;
  uint64_t end; /* the file offset after the last piece */
} pieces_t;

static const char zeros[PAGE];

/* Appends `size` bytes at the next offset aligned to `align` (<= PAGE):
 * padding, then the data. Returns the data's offset. */
static uint64_t place(pieces_t *p, const void *data, size_t size, size_t align) {
  uint64_t at = (p->end + align - 1) / align * align;
  if (at > p->end) {
    p->data[p->count] = zeros;
    p->sizes[p->count++] = (size_t)(at - p->end);
  }
  p->data[p->count] = data;
  p->sizes[p->count++] = size;
  p->end = at + size;
  return at;
}

bool strata_model_cache_store(const char *dir, uint64_t key, const void *meta, size_t meta_size,
                              const strata_objects_t *objects,
                              const strata_jit_weights_t *weights) {
  int no = objects->count, nw = weights->count;
  for (int i = 0; i < nw; ++i)
    if (weights->items[i].align > PAGE)
      return false;
  size_t table_size = sizeof(table_head_t) + sizeof(span_t) * (size_t)no +
                      sizeof(weight_row_t) * (size_t)nw;
  int max_pieces = 2 + 2 * (1 + no + 2 * nw);
  char *table = calloc(1, table_size);
  pieces_t p = {.data = calloc((size_t)max_pieces, sizeof(void *)),
                .sizes = calloc((size_t)max_pieces, sizeof(size_t))};
  bool ok = table && p.data && p.sizes;
  if (ok) {
    header_t h = {.key = key};
    place(&p, &h, sizeof h, 1); /* pieces[0]: filled in below */
    place(&p, table, table_size, 8);
    table_head_t *head = (table_head_t *)table;
    span_t *obj = (span_t *)(head + 1);
    weight_row_t *row = (weight_row_t *)(obj + no);
    *head = (table_head_t){(uint64_t)no, (uint64_t)nw, 0, meta_size};
    head->meta_offset = place(&p, meta, meta_size, 8);
    for (int i = 0; i < no; ++i)
      obj[i] = (span_t){place(&p, objects->items[i].data, objects->items[i].size, 16),
                        objects->items[i].size};
    for (int i = 0; i < nw; ++i) {
      const strata_jit_weight_t *w = &weights->items[i];
      size_t len = strlen(w->name), size = w->size;
      row[i].name = (span_t){place(&p, w->name, len, 1), len};
      row[i].data = (span_t){place(&p, w->data, size, w->align), size};
    }
    XXH64_state_t *st = XXH64_createState();
    ok = st && XXH64_reset(st, 0) == XXH_OK;
    for (int i = 1; ok && i < p.count; ++i)
      XXH64_update(st, p.data[i], p.sizes[i]);
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    h.size = p.end - sizeof h;
    h.hash = ok ? XXH64_digest(st) : 0;
    XXH64_freeState(st);
    char path[4200];
    strata_cache_entry_path(path, sizeof path, dir, key, "model");
    ok = ok && strata_cache_write_pieces(path, p.data, p.sizes, p.count);
  }
  free(table);
  free(p.data);
  free(p.sizes);
  if (ok)
    strata_cache_evict(dir, strata_cache_max_size());
  return ok;
}

/* --- loading ------------------------------------------------------------ */

static bool span_ok(span_t s, uint64_t file_size) {
  return s.offset >= sizeof(header_t) && s.offset <= file_size && s.size <= file_size - s.offset;
}

/* Fills the entry from a mapping whose header and hash were checked. */
static bool read_tables(const char *map, uint64_t file_size, strata_model_entry_t *e) {
  const table_head_t *head = (const void *)(map + sizeof(header_t));
  uint64_t room = file_size - sizeof(header_t) - sizeof *head;
  if (file_size < sizeof(header_t) + sizeof *head || head->num_objects > room / sizeof(span_t) ||
      head->num_weights > (room - head->num_objects * sizeof(span_t)) / sizeof(weight_row_t) ||
      !span_ok((span_t){head->meta_offset, head->meta_size}, file_size))
    return false;
  const span_t *obj = (const span_t *)(head + 1);
  const weight_row_t *row = (const weight_row_t *)(obj + head->num_objects);
  int no = (int)head->num_objects, nw = (int)head->num_weights;
  e->meta = map + head->meta_offset;
  e->meta_size = head->meta_size;
  e->objects.items = calloc((size_t)no + 1, sizeof *e->objects.items);
  e->weights.items = calloc((size_t)nw + 1, sizeof *e->weights.items);
  if (!e->objects.items || !e->weights.items)
    return false;
  e->weights.cap = nw;
  for (int i = 0; i < no; ++i) {
    void *copy = span_ok(obj[i], file_size) && obj[i].size ? malloc(obj[i].size) : NULL;
    if (!copy)
      return false;
    memcpy(copy, map + obj[i].offset, obj[i].size);
    e->objects.items[e->objects.count++] = (strata_object_t){copy, obj[i].size};
  }
  e->objects.cached = no;
  for (int i = 0; i < nw; ++i) {
    span_t n = row[i].name, d = row[i].data;
    if (!span_ok(n, file_size) || !span_ok(d, file_size) || n.size == 0 || d.offset % 64)
      return false;
    char *name = strndup(map + n.offset, n.size);
    if (!name || strlen(name) != n.size) {
      free(name);
      return false;
    }
    size_t align = 64;
    while (align < PAGE && d.offset % (2 * align) == 0)
      align *= 2;
    e->weights.items[e->weights.count++] =
        (strata_jit_weight_t){name, (void *)(map + d.offset), align, d.size};
  }
  return true;
}

bool strata_model_cache_load(const char *dir, uint64_t key, strata_model_entry_t *e) {
  *e = (strata_model_entry_t){0};
  char path[4200];
  strata_cache_entry_path(path, sizeof path, dir, key, "model");
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat s;
  void *map = MAP_FAILED;
  if (fstat(fd, &s) == 0 && (uint64_t)s.st_size > sizeof(header_t))
    map = mmap(NULL, (size_t)s.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED)
    return false;
  uint64_t size = (uint64_t)s.st_size;
  const header_t *h = map;
  bool ok = !memcmp(h->magic, MAGIC, sizeof MAGIC) && h->key == key &&
            h->size == size - sizeof *h &&
            XXH64((const char *)map + sizeof *h, h->size, 0) == h->hash;
  e->weights.map = map;
  e->weights.map_size = (size_t)size;
  if (ok && read_tables(map, size, e)) {
    strata_cache_touch(path);
    return true;
  }
  strata_model_entry_free(e);
  return false;
}

void strata_model_entry_free(strata_model_entry_t *e) {
  strata_objects_free(&e->objects);
  strata_jit_weights_free(&e->weights);
  *e = (strata_model_entry_t){0};
}
