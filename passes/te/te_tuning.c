/* Tuning tasks of te computes (see te_tuning.h): the search space read from
 * a schedule trace's knobs, the standalone kernel and its canonical text,
 * cost-model features, and measuring a candidate in a forked child.
 *
 * Features (STRATA_TE_NUM_FEATURES floats; log2 values are of the number
 * plus nothing, all extents being >= 1). The candidate's trace is resolved
 * (knobs replaced) and walked: a split of an original axis sets that axis's
 * block (the product of the inner factors: what one iteration of its outer
 * loop covers) and inner factor; a tile step sets one block per axis;
 * derived loop names get extents (X.0 = ceil(E / block), X.i = factor i,
 * fused loops the product), so the parallel loop's trip count is known.
 *   [5a .. 5a+4] for axis a < 6 (spatial, then reduce): log2 extent,
 *       log2 block, log2 blocks (ceil(E / B)), padding (ceil(E/B) B / E),
 *       log2 innermost factor
 *   [30] log2 bytes touched per block: every read's footprint (product of
 *       the blocks of the axes indexing it; full extent for other indices)
 *       plus the result block
 *   [31..33] log2 footprint of reads 0..2; [34] log2 result block bytes
 *   [35] arithmetic intensity per block: 2 x product of blocks / bytes
 *   [36] log2 number of blocks; [37] total padding (product over axes)
 *   [38] parallel trip count / threads; [39] log2 parallel trip count
 *   [40..45] per knob (first 6): log2 of the product of its int values
 *   [46..51] per knob: choice index / number of choices
 *   [52] number of inputs packed (enabled cache_read steps)
 *   [53..62] log2 bytes touched inside loop level 0..9 (innermost first;
 *       the loop order is tracked through split, tile, fuse and reorder):
 *       each read's footprint over the extents its axes cover inside that
 *       level, plus the result's
 *   [63] loop depth; [64] parallel loop position / depth (-1: none) */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "passes/te/te_tuning.h"

#include <errno.h>
#include <math.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include "core/builder.h"
#include "dialects/hwi/hwi_catalog.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "runtime/jit.h"
#include "runtime/status.h"
#include "runtime/tensor.h"
#include "strata/strata.h"

struct strata_te_knob {
  char *name;
  size_t num_choices;
  MlirAttribute *choices; /* the fixed value of each choice */
};

/* The reference output, in memory shared with the measuring children. */
struct strata_te_shared {
  volatile int valid;
  size_t bytes;
  unsigned char data[];
};

static const char LOWER_PIPELINE[] =
    "builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)";

/* --- small helpers --------------------------------------------------------- */

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }


static char *ref_dup(MlirStringRef s) {
  char *r = malloc(s.length + 1);
  if (!r)
    abort();
  memcpy(r, s.data, s.length);
  r[s.length] = '\0';
  return r;
}

typedef struct {
  char *data;
  size_t len, cap;
} text_t;

static void text_append(MlirStringRef s, void *user) {
  text_t *t = user;
  if (t->len + s.length + 1 > t->cap) {
    t->cap = 2 * (t->len + s.length + 1) + 256;
    if (!(t->data = realloc(t->data, t->cap)))
      abort();
  }
  memcpy(t->data + t->len, s.data, s.length);
  t->len += s.length;
  t->data[t->len] = '\0';
}

static char *print_op(MlirOperation op) {
  text_t t = {0};
  mlirOperationPrint(op, text_append, &t);
  return t.data ? t.data : strdup("");
}

static char *print_attr(MlirAttribute a) {
  text_t t = {0};
  mlirAttributePrint(a, text_append, &t);
  return t.data ? t.data : strdup("");
}


static double lg(double x) { return x > 0 ? log2(x) : 0; }

/* --- knobs ------------------------------------------------------------------- */

bool strata_te_compute_has_knobs(MlirOperation op) {
  if (!strata_op_is(op, "te.compute"))
    return false;
  MlirAttribute s = strata_te_compute_schedule(op);
  if (mlirAttributeIsNull(s) || !mlirAttributeIsAArray(s))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(s); ++i) {
    MlirAttribute st = mlirArrayAttrGetElement(s, i);
    for (intptr_t f = 0; f < mlirDictionaryAttrGetNumElements(st); ++f)
      if (strata_te_decision_is_knob(mlirDictionaryAttrGetElement(st, f).attribute))
        return true;
  }
  return false;
}

/* Loop names and extents while walking a trace. */
typedef struct {
  int count;
  char names[96][128];
  int64_t extents[96];
  int root[96];   /* the compute axis a name is, or -1 for a derived loop */
  int origin[96]; /* the compute axis a name is or derives from, or -1 */
} names_t;

static int names_find(const names_t *n, const char *name) {
  for (int i = n->count - 1; i >= 0; --i)
    if (strcmp(n->names[i], name) == 0)
      return i;
  return -1;
}

static void names_add(names_t *n, const char *name, int64_t extent, int root) {
  if (n->count == 96)
    return;
  snprintf(n->names[n->count], sizeof n->names[0], "%s", name);
  n->extents[n->count] = extent;
  n->origin[n->count] = root;
  n->root[n->count++] = root;
}

static void names_init(names_t *n, MlirOperation compute, int64_t *extents) {
  n->count = 0;
  intptr_t ns = strata_te_compute_num_spatial(compute), nr = strata_te_compute_num_reduce(compute);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(compute, 0));
  for (intptr_t a = 0; a < ns + nr && a < STRATA_TE_MAX_AXES; ++a) {
    char name[64];
    strata_te_compute_axis_name(compute, a, name, sizeof name);
    int64_t e = a < ns ? mlirShapedTypeGetDimSize(rt, a) : strata_te_compute_reduce_extent(compute, a - ns);
    if (extents)
      extents[a] = e;
    names_add(n, name, e, (int)a);
  }
}

static int64_t ceil_div(int64_t a, int64_t b) { return b > 0 ? (a + b - 1) / b : a; }

/* Splits `axis` (extent known) by `factors`: names axis.0 .. axis.n. */
static void names_split(names_t *n, const char *axis, const int64_t *f, intptr_t nf) {
  int i = names_find(n, axis);
  if (i < 0)
    return;
  int64_t e = n->extents[i], p = 1;
  int root = n->root[i];
  for (intptr_t k = 0; k < nf; ++k)
    p *= f[k] > 0 ? f[k] : 1;
  int origin = n->origin[i];
  char name[128];
  snprintf(name, sizeof name, "%s.0", axis);
  names_add(n, name, ceil_div(e, p), -1);
  n->origin[n->count - 1] = origin;
  for (intptr_t k = 0; k < nf; ++k) {
    snprintf(name, sizeof name, "%s.%d", axis, (int)k + 1);
    names_add(n, name, f[k], -1);
    n->origin[n->count - 1] = origin;
  }
  (void)root;
}

static void string_of(MlirAttribute a, char *buf, size_t size) {
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
    MlirStringRef s = mlirStringAttrGetValue(a);
    snprintf(buf, size, "%.*s", (int)s.length, s.data);
  } else {
    buf[0] = '\0';
  }
}

static void knob_free(strata_te_knob_t *k) {
  free(k->name);
  free(k->choices);
}

/* Reads every knob of `schedule` (a trace of `compute`) into knobs[] and,
 * if space is not NULL, the space. Fixed splits are followed to know the
 * extents `parts` knobs factor. */
static bool read_knobs(MlirOperation compute, MlirAttribute schedule, strata_te_knob_t **out,
                       size_t *count, strata_space_t *space, char **error) {
  names_t names;
  names_init(&names, compute, NULL);
  strata_te_knob_t *knobs = NULL;
  size_t n = 0;
  bool ok = true;
  for (intptr_t s = 0; ok && s < mlirArrayAttrGetNumElements(schedule); ++s) {
    MlirAttribute st = mlirArrayAttrGetElement(schedule, s);
    strata_te_prim_t prim = strata_te_step_prim(st);
    char axis[96];
    string_of(strata_te_step_field(st, "axis"), axis, sizeof axis);
    for (intptr_t f = 0; ok && f < mlirDictionaryAttrGetNumElements(st); ++f) {
      MlirNamedAttribute field = mlirDictionaryAttrGetElement(st, f);
      MlirAttribute d = field.attribute;
      if (!strata_te_decision_is_knob(d))
        continue;
      char name[128];
      string_of(mlirDictionaryAttrGetElementByName(d, sref("knob")), name, sizeof name);
      MlirAttribute choices = mlirDictionaryAttrGetElementByName(d, sref("choices"));
      MlirAttribute parts = mlirDictionaryAttrGetElementByName(d, sref("parts"));
      strata_te_knob_t k = {.name = strdup(name)};
      if (!mlirAttributeIsNull(choices)) {
        k.num_choices = (size_t)mlirArrayAttrGetNumElements(choices);
        k.choices = calloc(k.num_choices + 1, sizeof *k.choices);
        for (size_t c = 0; c < k.num_choices; ++c)
          k.choices[c] = mlirArrayAttrGetElement(choices, (intptr_t)c);
      } else {
        int i = names_find(&names, axis);
        int64_t p = mlirAttributeIsNull(parts) ? 0 : mlirIntegerAttrGetValueInt(parts);
        size_t nc = 0;
        int64_t *values = NULL;
        if (prim != STRATA_TE_PRIM_SPLIT || i < 0 || names.extents[i] < 1) {
          ok = strata_fail(error, "knob '%s': a `parts` knob needs a split of an axis whose "
                                  "extent is known (static, and not depending on another knob)",
                           name);
        } else if (strata_factor_domain(names.extents[i], (int)p, &nc, &values, error)) {
          k.num_choices = nc;
          k.choices = calloc(nc + 1, sizeof *k.choices);
          MlirContext ctx = mlirAttributeGetContext(d);
          for (size_t c = 0; c < nc; ++c)
            k.choices[c] = mlirDenseI64ArrayGet(ctx, (intptr_t)(p - 1), values + c * (size_t)(p - 1));
          free(values);
        } else {
          ok = false;
        }
      }
      if (!ok) {
        knob_free(&k);
        break;
      }
      /* One knob per name. A name repeated at several places is one
       * decision: each place lists its own value for every choice (the
       * register tile is rows at one split, columns at another, the
       * intrinsic at tensorize), so the lists must be equally long. The
       * knob's values (what decisions record) are those of its first place
       * whose choices are not integers (the intrinsic names say more than
       * tile sizes), else of its first place. */
      size_t existing = n;
      for (size_t j = 0; j < n; ++j)
        if (strcmp(knobs[j].name, k.name) == 0)
          existing = j;
      if (existing < n) {
        bool ints_there = true, ints_here = true;
        for (size_t c = 0; c < k.num_choices; ++c)
          ints_here &= mlirAttributeIsADenseI64Array(k.choices[c]) ||
                       mlirAttributeIsAInteger(k.choices[c]);
        for (size_t c = 0; c < knobs[existing].num_choices; ++c)
          ints_there &= mlirAttributeIsADenseI64Array(knobs[existing].choices[c]) ||
                        mlirAttributeIsAInteger(knobs[existing].choices[c]);
        if (knobs[existing].num_choices != k.num_choices) {
          ok = strata_fail(error,
                           "knob '%s' appears twice with different numbers of choices (%zu, %zu)",
                           name, knobs[existing].num_choices, k.num_choices);
        } else if (ints_there && !ints_here) {
          free(knobs[existing].choices);
          knobs[existing].choices = k.choices;
          k.choices = NULL;
        }
        knob_free(&k);
        if (!ok)
          break;
        continue;
      }
      if (!(knobs = realloc(knobs, (n + 1) * sizeof *knobs)))
        abort();
      knobs[n++] = k;
    }
    /* Follow fixed splits (their names' extents feed later parts knobs). */
    MlirAttribute factors = strata_te_step_field(st, "factors");
    if (ok && prim == STRATA_TE_PRIM_SPLIT && !mlirAttributeIsNull(factors) &&
        mlirAttributeIsADenseI64Array(factors)) {
      int64_t fv[16];
      intptr_t nf = mlirDenseArrayGetNumElements(factors);
      for (intptr_t q = 0; q < nf && q < 16; ++q)
        fv[q] = mlirDenseI64ArrayGetElement(factors, q);
      names_split(&names, axis, fv, nf < 16 ? nf : 16);
    }
  }
  /* The space: ints when every choice is an array<i64> or an integer,
   * strings (the printed value; names joined by commas) otherwise. */
  for (size_t j = 0; ok && space && j < n; ++j) {
    strata_te_knob_t *k = &knobs[j];
    bool ints = true;
    for (size_t c = 0; c < k->num_choices; ++c)
      ints &= mlirAttributeIsADenseI64Array(k->choices[c]) ||
              (mlirAttributeIsAInteger(k->choices[c]) && !mlirAttributeIsABool(k->choices[c]));
    if (ints) {
      size_t *offsets = calloc(k->num_choices + 1, sizeof *offsets);
      size_t total = 0;
      for (size_t c = 0; c < k->num_choices; ++c)
        total += mlirAttributeIsAInteger(k->choices[c])
                     ? 1
                     : (size_t)mlirDenseArrayGetNumElements(k->choices[c]);
      int64_t *values = calloc(total + 1, sizeof *values);
      size_t at = 0;
      for (size_t c = 0; c < k->num_choices; ++c) {
        offsets[c] = at;
        MlirAttribute a = k->choices[c];
        if (mlirAttributeIsAInteger(a))
          values[at++] = mlirIntegerAttrGetValueInt(a);
        else
          for (intptr_t q = 0; q < mlirDenseArrayGetNumElements(a); ++q)
            values[at++] = mlirDenseI64ArrayGetElement(a, q);
      }
      offsets[k->num_choices] = at;
      ok = strata_space_add_int_knob(space, k->name, k->num_choices, offsets, values, error);
      free(offsets);
      free(values);
    } else {
      char **strings = calloc(k->num_choices + 1, sizeof *strings);
      for (size_t c = 0; c < k->num_choices; ++c) {
        MlirAttribute a = k->choices[c];
        if (mlirAttributeIsAString(a)) {
          strings[c] = ref_dup(mlirStringAttrGetValue(a));
        } else if (mlirAttributeIsAArray(a)) {
          text_t t = {0};
          for (intptr_t q = 0; q < mlirArrayAttrGetNumElements(a); ++q) {
            MlirAttribute e = mlirArrayAttrGetElement(a, q);
            if (q)
              text_append(sref(","), &t);
            if (mlirAttributeIsAString(e)) {
              text_append(mlirStringAttrGetValue(e), &t);
            } else {
              char *p = print_attr(e);
              text_append(sref(p), &t);
              free(p);
            }
          }
          strings[c] = t.data ? t.data : strdup("");
        } else {
          strings[c] = print_attr(a);
        }
      }
      ok = strata_space_add_string_knob(space, k->name, k->num_choices,
                                        (const char *const *)strings, error);
      for (size_t c = 0; c < k->num_choices; ++c)
        free(strings[c]);
      free(strings);
    }
  }
  if (!ok) {
    for (size_t j = 0; j < n; ++j)
      knob_free(&knobs[j]);
    free(knobs);
    return false;
  }
  *out = knobs;
  *count = n;
  return true;
}

static const strata_te_knob_t *knob_named(const strata_te_knob_t *knobs, size_t n,
                                          MlirAttribute decision, size_t *index) {
  char name[128];
  string_of(mlirDictionaryAttrGetElementByName(decision, sref("knob")), name, sizeof name);
  for (size_t j = 0; j < n; ++j)
    if (strcmp(knobs[j].name, name) == 0) {
      *index = j;
      return &knobs[j];
    }
  return NULL;
}

/* The trace with knobs replaced by choices[candidate] (first choices for a
 * NULL candidate; a knob not in `knobs` takes the first of its own
 * `choices`, so knobs = NULL gives the default decisions). */
static MlirAttribute substitute(MlirAttribute schedule, const strata_te_knob_t *knobs, size_t n,
                                const strata_choice_t *candidate) {
  MlirContext ctx = mlirAttributeGetContext(schedule);
  intptr_t ns = mlirArrayAttrGetNumElements(schedule);
  MlirAttribute *steps = calloc((size_t)ns + 1, sizeof *steps);
  for (intptr_t s = 0; s < ns; ++s) {
    MlirAttribute st = mlirArrayAttrGetElement(schedule, s);
    intptr_t nf = mlirDictionaryAttrGetNumElements(st);
    MlirNamedAttribute *fields = calloc((size_t)nf + 1, sizeof *fields);
    for (intptr_t f = 0; f < nf; ++f) {
      fields[f] = mlirDictionaryAttrGetElement(st, f);
      size_t j;
      const strata_te_knob_t *k;
      if (!strata_te_decision_is_knob(fields[f].attribute))
        continue;
      MlirAttribute own = mlirDictionaryAttrGetElementByName(fields[f].attribute, sref("choices"));
      if ((k = knob_named(knobs, n, fields[f].attribute, &j)) != NULL) {
        size_t c = candidate ? candidate[j] : 0;
        c = c < k->num_choices ? c : 0;
        /* This place's own value of the choice (a knob named at several
         * places lists one per place); `parts` knobs have no list. */
        fields[f].attribute = !mlirAttributeIsNull(own) && (size_t)mlirArrayAttrGetNumElements(own) == k->num_choices
                                  ? mlirArrayAttrGetElement(own, (intptr_t)c)
                                  : k->choices[c];
      } else {
        MlirAttribute choices =
            mlirDictionaryAttrGetElementByName(fields[f].attribute, sref("choices"));
        if (!mlirAttributeIsNull(choices) && mlirArrayAttrGetNumElements(choices) > 0)
          fields[f].attribute = mlirArrayAttrGetElement(choices, 0);
      }
    }
    steps[s] = mlirDictionaryAttrGet(ctx, nf, fields);
    free(fields);
  }
  MlirAttribute r = mlirArrayAttrGet(ctx, ns, steps);
  free(steps);
  return r;
}

/* --- target string -------------------------------------------------------- */

static int thread_count(void) {
  const char *omp = getenv("OMP_NUM_THREADS");
  int n = omp ? atoi(omp) : 0;
  if (n <= 0)
    n = (int)sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? n : 1;
}

void strata_te_tuning_target(const char *option, char *buf, size_t size) {
  if (option && *option && strcmp(option, "host") != 0) {
    snprintf(buf, size, "%s", option);
    return;
  }
  struct utsname u;
  const char *machine = uname(&u) == 0 ? u.machine : "unknown";
  char *cpu = LLVMGetHostCPUName();
  snprintf(buf, size, "%s %s %s cores=%d", machine, cpu && *cpu ? cpu : "generic",
           strata_hwi_host_target(), thread_count());
  LLVMDisposeMessage(cpu);
}

/* --- the task ------------------------------------------------------------- */

static bool dtype_of(MlirType t, strata_dtype_t *d, int64_t *bytes) {
  if (mlirTypeIsAF32(t))
    return *d = STRATA_DTYPE_F32, *bytes = 4, true;
  if (mlirTypeIsAF64(t))
    return *d = STRATA_DTYPE_F64, *bytes = 8, true;
  if (mlirTypeIsAInteger(t)) {
    unsigned w = mlirIntegerTypeGetWidth(t);
    if (w == 32)
      return *d = STRATA_DTYPE_I32, *bytes = 4, true;
    if (w == 64)
      return *d = STRATA_DTYPE_I64, *bytes = 8, true;
    if (w == 8)
      return *d = STRATA_DTYPE_I8, *bytes = 1, true;
  }
  return false;
}

static bool static_tensor(MlirType t) {
  strata_dtype_t d;
  int64_t b;
  return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
         mlirShapedTypeGetRank(t) <= 8 && dtype_of(mlirShapedTypeGetElementType(t), &d, &b);
}

typedef struct {
  MlirOperation compute;
  MlirValue tensors[STRATA_TE_MAX_READS];
  int count;
  bool too_many;
} reads_t;

static MlirWalkResult collect_read(MlirOperation op, void *user) {
  reads_t *r = user;
  if (!strata_op_is(op, "te.read"))
    return MlirWalkResultAdvance;
  MlirValue t = strata_te_read_tensor(op);
  for (int i = 0; i < r->count; ++i)
    if (mlirValueEqual(r->tensors[i], t))
      return MlirWalkResultAdvance;
  if (r->count == STRATA_TE_MAX_READS)
    r->too_many = true;
  else
    r->tensors[r->count++] = t;
  return MlirWalkResultAdvance;
}

typedef struct {
  reads_t *reads;
  MlirBlock args;
} remap_t;

static MlirWalkResult remap_read(MlirOperation op, void *user) {
  remap_t *m = user;
  if (!strata_op_is(op, "te.read"))
    return MlirWalkResultAdvance;
  MlirValue t = strata_te_read_tensor(op);
  for (int i = 0; i < m->reads->count; ++i)
    if (mlirValueEqual(m->reads->tensors[i], t))
      mlirOperationSetOperand(op, 0, mlirBlockGetArgument(m->args, i));
  return MlirWalkResultAdvance;
}

/* Per read in the body (first occurrence of each tensor): the axis each
 * index is (or -1) and the tensor's extents. */
static MlirWalkResult collect_access(MlirOperation op, void *user) {
  strata_te_task_t *t = user;
  if (!strata_op_is(op, "te.read") || t->num_reads == STRATA_TE_MAX_READS)
    return MlirWalkResultAdvance;
  MlirBlock body = strata_te_compute_body(t->compute);
  strata_te_read_info_t *r = &t->reads[t->num_reads++];
  MlirType tt = mlirValueGetType(strata_te_read_tensor(op));
  r->rank = (int)strata_te_read_num_indices(op);
  if (r->rank > 8)
    r->rank = 8;
  for (int d = 0; d < r->rank; ++d) {
    MlirValue v = strata_te_read_index(op, d);
    r->axis[d] = mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), body)
                     ? (int)mlirBlockArgumentGetArgNumber(v)
                     : -1;
    r->extent[d] = mlirShapedTypeHasRank(tt) && mlirShapedTypeGetRank(tt) > d &&
                           !mlirShapedTypeIsDynamicDim(tt, d)
                       ? mlirShapedTypeGetDimSize(tt, d)
                       : 1;
  }
  return MlirWalkResultAdvance;
}

static strata_te_shared_t *shared_create(size_t bytes) {
  size_t size = sizeof(strata_te_shared_t) + bytes;
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  strata_te_shared_t *s = p;
  s->valid = 0;
  s->bytes = bytes;
  return s;
}

bool strata_te_task_init(strata_te_task_t *t, MlirOperation compute, const char *target,
                         char **error) {
  memset(t, 0, sizeof *t);
  strata_space_init(&t->space);
  t->compute = compute;
  t->schedule = strata_te_compute_schedule(compute);
  t->measure = strata_measure_default_options();
  MlirContext ctx = mlirOperationGetContext(compute);
  MlirLocation loc = mlirOperationGetLocation(compute);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(compute, 0));
  intptr_t ns = strata_te_compute_num_spatial(compute), nr = strata_te_compute_num_reduce(compute);
  if (mlirOperationGetNumOperands(compute) != 0 || !static_tensor(rt))
    return strata_fail(error, "only computes with static shapes and f32, f64, i8, i32 or i64 "
                              "elements can be tuned");
  if (ns + nr > STRATA_TE_MAX_AXES)
    return strata_fail(error, "more than %d axes", STRATA_TE_MAX_AXES);
  strata_dtype_t dt;
  dtype_of(mlirShapedTypeGetElementType(rt), &dt, &t->elem_bytes);
  t->num_spatial = (int)ns;
  t->num_axes = (int)(ns + nr);
  names_t names;
  names_init(&names, compute, t->extents);
  t->flops = 2;
  for (int a = 0; a < t->num_axes; ++a) {
    strata_te_compute_axis_name(compute, a, t->axis_names[a], sizeof t->axis_names[a]);
    if (t->extents[a] < 1)
      return strata_fail(error, "only computes with static shapes can be tuned");
    t->flops *= (double)t->extents[a];
  }
  size_t nk = 0;
  if (!read_knobs(compute, t->schedule, &t->knobs, &nk, &t->space, error))
    return false;
  (void)nk;

  /* The tensors read become the kernel's arguments. */
  reads_t reads = {.compute = compute};
  mlirOperationWalk(compute, collect_read, &reads, MlirWalkPreOrder);
  if (reads.too_many)
    return strata_fail(error, "the compute reads more than %d tensors", STRATA_TE_MAX_READS);
  MlirType arg_types[STRATA_TE_MAX_READS];
  for (int i = 0; i < reads.count; ++i) {
    arg_types[i] = mlirValueGetType(reads.tensors[i]);
    if (!static_tensor(arg_types[i]))
      return strata_fail(error, "only computes reading statically shaped tensors can be tuned");
  }
  t->num_inputs = reads.count;
  mlirOperationWalk(compute, collect_access, t, MlirWalkPreOrder);

  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirOperation mod = mlirModuleGetOperation(module);
  strata_builder_t b = strata_builder_at_end(mlirModuleGetBody(module), loc);
  MlirType fn_type = mlirFunctionTypeGet(ctx, reads.count, arg_types, 1, &rt);
  MlirNamedAttribute fattrs[2] = {
      strata_named(ctx, "sym_name", strata_string_attr(ctx, "kernel")),
      strata_named(ctx, "function_type", mlirTypeAttrGet(fn_type)),
  };
  MlirOperation fn = strata_build_region_op(&b, "func.func", 0, NULL, 0, NULL, 2, fattrs,
                                            reads.count, arg_types);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  strata_builder_t fb = strata_builder_at_end(entry, loc);
  MlirOperation clone = strata_build_insert(&fb, mlirOperationClone(compute));
  remap_t remap = {&reads, entry};
  mlirOperationWalk(clone, remap_read, &remap, MlirWalkPreOrder);
  MlirValue result = mlirOperationGetResult(clone, 0);
  strata_build_op(&fb, "func.return", 1, &result, 0, NULL, 0, NULL);
  t->kernel_text = print_op(mod);

  /* Canonical text: the function without names and schedule. */
  const char *strip[] = {"name", "axis_names", "schedule"};
  for (int i = 0; i < 3; ++i)
    mlirOperationRemoveAttributeByName(clone, sref(strip[i]));
  t->canonical = print_op(fn);
  mlirModuleDestroy(module);

  char target_buf[512];
  strata_te_tuning_target(target, target_buf, sizeof target_buf);
  t->target = strdup(target_buf);
  strata_tuning_task_init(&t->task, t->canonical, t->target);

  for (int i = 0; i <= reads.count; ++i) {
    MlirType tt = i < reads.count ? arg_types[i] : rt;
    strata_dtype_t d;
    int64_t bytes;
    dtype_of(mlirShapedTypeGetElementType(tt), &d, &bytes);
    t->arg_dtype[i] = (int)d;
    t->arg_rank[i] = (int)mlirShapedTypeGetRank(tt);
    for (int k = 0; k < t->arg_rank[i]; ++k)
      t->arg_shape[i][k] = mlirShapedTypeGetDimSize(tt, k);
  }

  /* Summary: name, result shape, reduce extents, element type. */
  text_t s = {0};
  text_append(strata_te_compute_name(compute), &s);
  for (int a = 0; a < t->num_axes; ++a) {
    char part[48];
    const char *sep = a == 0 ? " " : a == t->num_spatial ? " r" : "x";
    snprintf(part, sizeof part, "%s%lld", sep, (long long)t->extents[a]);
    text_append(sref(part), &s);
  }
  text_t e = {0};
  mlirTypePrint(mlirShapedTypeGetElementType(rt), text_append, &e);
  text_append(sref(" "), &s);
  text_append(sref(e.data ? e.data : "?"), &s);
  free(e.data);
  t->summary = s.data;

  size_t out_bytes = (size_t)t->elem_bytes;
  for (int a = 0; a < t->num_spatial; ++a)
    out_bytes *= (size_t)t->extents[a];
  if (!(t->shared = shared_create(out_bytes)))
    return strata_fail(error, "cannot map %zu bytes for the reference output", out_bytes);
  return true;
}

void strata_te_task_clear(strata_te_task_t *t) {
  for (size_t k = 0; k < t->space.num_knobs && t->knobs; ++k)
    knob_free(&t->knobs[k]);
  free(t->knobs);
  strata_space_free(&t->space);
  free(t->kernel_text);
  free(t->canonical);
  free(t->target);
  free(t->summary);
  free(t->first_error);
  if (t->shared)
    munmap(t->shared, sizeof *t->shared + t->shared->bytes);
  memset(t, 0, sizeof *t);
}

MlirAttribute strata_te_task_schedule(const strata_te_task_t *t, const strata_choice_t *candidate) {
  return substitute(t->schedule, t->knobs, t->space.num_knobs, candidate);
}

void strata_te_task_apply(strata_te_task_t *t, const strata_choice_t *candidate) {
  mlirOperationSetAttributeByName(t->compute, sref("schedule"),
                                  strata_te_task_schedule(t, candidate));
}

void strata_te_compute_apply_defaults(MlirOperation compute) {
  MlirAttribute schedule = strata_te_compute_schedule(compute);
  if (!mlirAttributeIsNull(schedule))
    mlirOperationSetAttributeByName(compute, sref("schedule"),
                                    substitute(schedule, NULL, 0, NULL));
}

/* --- features -------------------------------------------------------------- */

/* The loop nest's order while walking a trace (outermost first), as
 * indices into names_t, for the bytes-per-level features. Fused loops
 * remember their parts (whose origins give the axes they cover). */
typedef struct {
  int loop[64], n;
  int parts[96][4], num_parts[96]; /* by names_t index; 0 parts: not fused */
} nest_t;

static int nest_pos(const nest_t *nest, int name) {
  for (int p = 0; p < nest->n; ++p)
    if (nest->loop[p] == name)
      return p;
  return -1;
}

/* Replaces the loop at position p by `count` loops (0 removes it). */
static void nest_replace(nest_t *nest, int p, const int *with, int count) {
  if (p < 0 || nest->n - 1 + count > 64)
    return;
  memmove(&nest->loop[p + count], &nest->loop[p + 1], (size_t)(nest->n - p - 1) * sizeof(int));
  if (count > 0)
    memcpy(&nest->loop[p], with, (size_t)count * sizeof(int));
  nest->n += count - 1;
}

/* reorder: the listed loops take the positions they occupy, in list order. */
static void nest_reorder(nest_t *nest, const int *names, int count) {
  int pos[64], k = 0;
  for (int p = 0; p < nest->n && k < 64; ++p)
    for (int q = 0; q < count; ++q)
      if (nest->loop[p] == names[q])
        pos[k++] = p;
  if (k != count)
    return; /* a name not in the nest: leave the order */
  for (int q = 0; q < count; ++q)
    nest->loop[pos[q]] = names[q];
}

/* Multiplies cover[axis] by what loop `name` iterates over. */
static void nest_cover(const nest_t *nest, const names_t *names, int name, double *cover) {
  if (nest->num_parts[name] > 0) {
    for (int q = 0; q < nest->num_parts[name]; ++q)
      nest_cover(nest, names, nest->parts[name][q], cover);
    return;
  }
  if (names->origin[name] >= 0)
    cover[names->origin[name]] *= (double)names->extents[name];
}


/* Bytes of read r (or of the result, r = -1) touched when each axis a
 * covers extent[a] (capped to the axis extent); an index that is not a
 * plain axis covers its whole dimension. */
static double footprint(const strata_te_task_t *t, int r, const double *extent) {
  double bytes = (double)t->elem_bytes;
  if (r < 0) {
    for (int a = 0; a < t->num_spatial; ++a)
      bytes *= fmin(extent[a], (double)t->extents[a]);
    return bytes;
  }
  for (int d = 0; d < t->reads[r].rank; ++d) {
    int a = t->reads[r].axis[d];
    bytes *= a >= 0 && a < t->num_axes ? fmin(extent[a], (double)t->extents[a])
                                       : (double)t->reads[r].extent[d];
  }
  return bytes;
}

void strata_te_task_features(const strata_te_task_t *t, const strata_choice_t *candidate,
                             float *out) {
  memset(out, 0, STRATA_TE_NUM_FEATURES * sizeof *out);
  double block[STRATA_TE_MAX_AXES], inner[STRATA_TE_MAX_AXES];
  for (int a = 0; a < t->num_axes; ++a)
    block[a] = inner[a] = (double)t->extents[a];
  names_t names = {0};
  for (int a = 0; a < t->num_axes; ++a)
    names_add(&names, t->axis_names[a], t->extents[a], a);
  double parallel = 1, packed = 0;
  int parallel_pos = -1;
  nest_t nest = {.n = 0};
  for (int a = 0; a < t->num_axes && a < 64; ++a)
    nest.loop[nest.n++] = a;
  MlirAttribute trace = strata_te_task_schedule(t, candidate);
  for (intptr_t s = 0; s < mlirArrayAttrGetNumElements(trace); ++s) {
    MlirAttribute st = mlirArrayAttrGetElement(trace, s);
    strata_te_prim_t prim = strata_te_step_prim(st);
    char axis[96];
    string_of(strata_te_step_field(st, "axis"), axis, sizeof axis);
    MlirAttribute factors = strata_te_step_field(st, "factors");
    if (prim == STRATA_TE_PRIM_SPLIT && !mlirAttributeIsNull(factors) &&
        mlirAttributeIsADenseI64Array(factors)) {
      int64_t fv[16], p = 1;
      intptr_t nf = mlirDenseArrayGetNumElements(factors);
      nf = nf < 16 ? nf : 16;
      for (intptr_t q = 0; q < nf; ++q)
        p *= (fv[q] = mlirDenseI64ArrayGetElement(factors, q)) > 0 ? fv[q] : 1;
      int i = names_find(&names, axis);
      if (i >= 0 && names.root[i] >= 0 && nf > 0) {
        block[names.root[i]] = (double)p;
        inner[names.root[i]] = (double)fv[nf - 1];
      } else if (i >= 0 && names.origin[i] >= 0 && nf > 0) {
        /* A block split again (the register tile): the innermost factor. */
        inner[names.origin[i]] = (double)fv[nf - 1];
      }
      int before = names.count;
      names_split(&names, axis, fv, nf);
      int parts[17];
      for (int q = before; q < names.count && q - before < 17; ++q)
        parts[q - before] = q;
      if (i >= 0 && names.count > before)
        nest_replace(&nest, nest_pos(&nest, i), parts, names.count - before);
    } else if (prim == STRATA_TE_PRIM_TILE && !mlirAttributeIsNull(factors) &&
               mlirAttributeIsADenseI64Array(factors)) {
      MlirAttribute axes = strata_te_step_field(st, "axes");
      for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes) &&
                           q < mlirDenseArrayGetNumElements(factors);
           ++q) {
        char name[96];
        string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
        int64_t f = mlirDenseI64ArrayGetElement(factors, q);
        int i = names_find(&names, name);
        if (i >= 0 && names.root[i] >= 0)
          block[names.root[i]] = inner[names.root[i]] = (double)f;
        int before = names.count;
        names_split(&names, name, &f, 1);
        if (i >= 0 && names.count == before + 2) /* outer parts first, as tile orders them */
          nest_replace(&nest, nest_pos(&nest, i), (int[]){before, before + 1}, 2);
      }
      /* tile = split each axis, then every outer part before every inner one. */
      int tiled[32], k = 0;
      for (int p = 0; p < nest.n && k < 32; ++p)
        for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes); ++q) {
          char name[96], outer[100], innr[100];
          string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
          snprintf(outer, sizeof outer, "%s.0", name);
          snprintf(innr, sizeof innr, "%s.1", name);
          if (strcmp(names.names[nest.loop[p]], outer) == 0 || strcmp(names.names[nest.loop[p]], innr) == 0)
            tiled[k++] = nest.loop[p];
        }
      int sorted[32], m = 0;
      for (int pass = 0; pass < 2; ++pass)
        for (int q = 0; q < k; ++q) {
          size_t l = strlen(names.names[tiled[q]]);
          if ((names.names[tiled[q]][l - 1] == '0') == (pass == 0))
            sorted[m++] = tiled[q];
        }
      nest_reorder(&nest, sorted, m);
    } else if (prim == STRATA_TE_PRIM_FUSE) {
      MlirAttribute axes = strata_te_step_field(st, "axes");
      char joined[128] = "";
      int64_t e = 1;
      for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes); ++q) {
        char name[96];
        string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
        int i = names_find(&names, name);
        e *= i >= 0 ? names.extents[i] : 1;
        size_t l = strlen(joined);
        if (l + strlen(name) + 2 < sizeof joined)
          snprintf(joined + l, sizeof joined - l, "%s%.60s", q ? "+" : "", name);
      }
      names_add(&names, joined, e, -1);
      /* The fused loop takes the first part's place; the others go. */
      int fused = names.count - 1, first = -1;
      for (intptr_t q = 0; !mlirAttributeIsNull(axes) && q < mlirArrayAttrGetNumElements(axes); ++q) {
        char name[96];
        string_of(mlirArrayAttrGetElement(axes, q), name, sizeof name);
        int i = names_find(&names, name), p = i >= 0 ? nest_pos(&nest, i) : -1;
        if (p < 0)
          continue;
        if (fused < 96 && nest.num_parts[fused] < 4)
          nest.parts[fused][nest.num_parts[fused]++] = i;
        if (first < 0) {
          first = p;
          nest.loop[p] = fused;
        } else {
          nest_replace(&nest, p, NULL, 0);
        }
      }
    } else if (prim == STRATA_TE_PRIM_REORDER) {
      MlirAttribute order = strata_te_step_field(st, "order");
      int listed[64], k = 0;
      for (intptr_t q = 0; !mlirAttributeIsNull(order) && mlirAttributeIsAArray(order) &&
                           q < mlirArrayAttrGetNumElements(order) && k < 64;
           ++q) {
        char name[96];
        string_of(mlirArrayAttrGetElement(order, q), name, sizeof name);
        int i = names_find(&names, name);
        if (i >= 0)
          listed[k++] = i;
      }
      nest_reorder(&nest, listed, k);
    } else if (prim == STRATA_TE_PRIM_PARALLEL) {
      int i = names_find(&names, axis);
      if (i >= 0)
        parallel = (double)names.extents[i];
      parallel_pos = i >= 0 ? nest_pos(&nest, i) : -1;
    } else if (prim == STRATA_TE_PRIM_CACHE_READ) {
      MlirAttribute en = strata_te_step_field(st, "enabled");
      packed += mlirAttributeIsNull(en) || !mlirAttributeIsABool(en) || mlirBoolAttrGetValue(en);
    }
  }
  double blocks = 1, padding = 1, flops = 2;
  for (int a = 0; a < t->num_axes; ++a) {
    double e = (double)t->extents[a], b = block[a] > 0 ? block[a] : 1;
    double outer = ceil(e / b), pad = outer * b / e;
    if (b > e)
      pad = 1, outer = 1, b = e;
    blocks *= outer;
    padding *= pad;
    flops *= b;
    if (a < 6) {
      out[5 * a + 0] = (float)lg(e);
      out[5 * a + 1] = (float)lg(b);
      out[5 * a + 2] = (float)lg(outer);
      out[5 * a + 3] = (float)pad;
      out[5 * a + 4] = (float)lg(inner[a]);
    }
  }
  double bytes = 0, result = footprint(t, -1, block);
  for (int r = 0; r < t->num_reads; ++r) {
    double fp = footprint(t, r, block);
    bytes += fp;
    if (r < 3)
      out[31 + r] = (float)lg(fp);
  }
  bytes += result;
  out[30] = (float)lg(bytes);
  out[34] = (float)lg(result);
  out[35] = (float)(flops / fmax(bytes, 1));
  out[36] = (float)lg(blocks);
  out[37] = (float)padding;
  out[38] = (float)(parallel / thread_count());
  out[39] = (float)lg(parallel);
  out[52] = (float)packed;
  /* Bytes touched inside each loop level, innermost first: every read's
   * footprint (the extents its indexing axes cover inside that level,
   * capped to the axis extents) plus the result's. */
  double cover[STRATA_TE_MAX_AXES];
  for (int a = 0; a < t->num_axes; ++a)
    cover[a] = 1;
  for (int level = 0; level < 10; ++level) {
    int p = nest.n - 1 - level;
    if (p >= 0)
      nest_cover(&nest, &names, nest.loop[p], cover);
    double touched = footprint(t, -1, cover);
    for (int r = 0; r < t->num_reads; ++r)
      touched += footprint(t, r, cover);
    out[53 + level] = (float)lg(touched);
  }
  out[63] = (float)nest.n;
  out[64] = parallel_pos >= 0 ? (float)parallel_pos / (float)(nest.n > 0 ? nest.n : 1) : -1.0f;
  for (size_t k = 0; k < t->space.num_knobs && k < 6; ++k) {
    const strata_knob_t *knob = &t->space.knobs[k];
    size_t c = candidate ? candidate[k] : 0;
    if (knob->kind == STRATA_KNOB_INTS) {
      size_t len;
      const int64_t *v = strata_knob_ints(knob, c, &len);
      double p = 1;
      for (size_t q = 0; q < len; ++q)
        p *= v[q] > 0 ? (double)v[q] : 1;
      out[40 + k] = (float)lg(p);
    }
    out[46 + k] = (float)c / (float)knob->num_choices;
  }
}

/* --- measuring ---------------------------------------------------------------- */

/* Faults a test can inject into a measurement (STRATA_TUNE_INJECT). */
typedef enum { FAULT_NONE, FAULT_CRASH, FAULT_HANG, FAULT_WRONG } fault_t;

/* State of one measurement; lives in the child after the fork. */
typedef struct {
  strata_te_task_t *task;
  const strata_choice_t *candidate; /* NULL: the default */
  bool is_default;
  bool paired; /* runs alternate with the default's; a run's value is the ratio */
  int inject;  /* a fault_t (STRATA_TUNE_INJECT) */
  char diag[1024];
  strata_jit_t *jit;
  strata_jit_t *default_jit; /* paired: the default decisions' kernel */
  strata_tensor_t args[STRATA_TE_MAX_READS + 1];
  int num_args;
} measure_state_t;

static MlirLogicalResult capture_diagnostic(MlirDiagnostic d, void *user) {
  measure_state_t *m = user;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError && !m->diag[0]) {
    text_t t = {0};
    mlirDiagnosticPrint(d, text_append, &t);
    snprintf(m->diag, sizeof m->diag, "%s", t.data ? t.data : "error");
    free(t.data);
  }
  return mlirLogicalResultSuccess();
}

static MlirOperation first_compute(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!strata_op_is(f, "func.func"))
      continue;
    MlirBlock fb = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    for (MlirOperation o = mlirBlockGetFirstOperation(fb); !mlirOperationIsNull(o);
         o = mlirOperationGetNextInBlock(o))
      if (strata_op_is(o, "te.compute"))
        return o;
  }
  return (MlirOperation){NULL};
}

/* Parses the kernel into a fresh context, schedules it (the candidate's
 * decisions, or no schedule at all when `unscheduled`), lowers and
 * JIT-compiles it. */
static strata_jit_t *build_kernel(measure_state_t *m, bool unscheduled, char **error) {
  strata_te_task_t *t = m->task;
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  if (mlirContextIsNull(ctx))
    return strata_fail(error, "cannot create an MLIR context"), NULL;
  mlirContextAttachDiagnosticHandler(ctx, capture_diagnostic, m, NULL);
  MlirOperation module = strata_parse_module(ctx, sref(t->kernel_text), sref("kernel"));
  MlirOperation compute = mlirOperationIsNull(module) ? module : first_compute(module);
  if (mlirOperationIsNull(compute))
    return strata_fail(error, "cannot parse the kernel: %s", m->diag), NULL;
  if (unscheduled) {
    mlirOperationRemoveAttributeByName(compute, sref("schedule"));
  } else {
    strata_te_knob_t *knobs = NULL;
    size_t n = 0;
    MlirAttribute schedule = strata_te_compute_schedule(compute);
    if (!read_knobs(compute, schedule, &knobs, &n, NULL, error))
      return NULL;
    if (n != t->space.num_knobs)
      return strata_fail(error, "the kernel's knobs differ from the task's"), NULL;
    mlirOperationSetAttributeByName(compute, sref("schedule"),
                                    substitute(schedule, knobs, n, m->candidate));
  }
  if (mlirLogicalResultIsFailure(strata_verify(module)) ||
      mlirLogicalResultIsFailure(strata_run_pipeline(module, LOWER_PIPELINE)))
    return strata_fail(error, "cannot lower: %s", m->diag[0] ? m->diag : "unknown error"), NULL;
  strata_jit_t *jit = strata_jit_create(module, 3, error);
  if (!jit && m->diag[0]) {
    char *e = *error;
    *error = NULL;
    strata_fail(error, "%s: %s", e, m->diag);
    free(e);
  }
  return jit;
}

static bool call_kernel(measure_state_t *m, strata_jit_t *jit, char **error) {
  return strata_jit_call(jit, "kernel", m->args, m->num_args, error);
}

/* The wrong-result fault: the first element of the output moves far from
 * any tolerance, as a miscompiled candidate's would. */
static void corrupt_first_element(strata_tensor_t *out) {
  if (strata_tensor_numel(out) == 0)
    return;
  switch (out->dtype) {
  case STRATA_DTYPE_F32: ((float *)out->data)[0] = 1e6f + 2 * fabsf(((float *)out->data)[0]); break;
  case STRATA_DTYPE_F64: ((double *)out->data)[0] = 1e6 + 2 * fabs(((double *)out->data)[0]); break;
  case STRATA_DTYPE_I8: ((int8_t *)out->data)[0] ^= 0x55; break;
  case STRATA_DTYPE_I32: ((int32_t *)out->data)[0] ^= 0x55555; break;
  case STRATA_DTYPE_I64: ((int64_t *)out->data)[0] ^= 0x55555; break;
  default: ((unsigned char *)out->data)[0] ^= 0x55; break;
  }
}

static bool measure_prepare(void *user, char **error) {
  measure_state_t *m = user;
  strata_te_task_t *t = m->task;
  if (m->inject == FAULT_CRASH)
    raise(SIGSEGV);
  if (m->inject == FAULT_HANG)
    for (;;)
      pause();
  if (!(m->jit = build_kernel(m, false, error)))
    return false;
  /* Inputs: seeded random tensors of the argument types; then the result. */
  m->num_args = t->num_inputs + 1;
  for (int i = 0; i < m->num_args; ++i) {
    if (!strata_tensor_alloc(&m->args[i], (strata_dtype_t)t->arg_dtype[i], t->arg_rank[i],
                             t->arg_shape[i]))
      return strata_fail(error, "out of memory for the kernel's tensors");
    if (i < t->num_inputs)
      strata_tensor_fill_random(&m->args[i], 1000 + (uint64_t)i);
  }
  strata_tensor_t *out = &m->args[t->num_inputs];
  if (!call_kernel(m, m->jit, error))
    return false;
  strata_te_shared_t *ref = t->shared;
  size_t bytes = (size_t)strata_tensor_numel(out) * strata_dtype_size(out->dtype);
  if (bytes != ref->bytes)
    return strata_fail(error, "result size differs from the reference");
  if (!ref->valid && m->is_default) {
    memcpy(ref->data, out->data, bytes);
    ref->valid = 1;
    if (m->inject != FAULT_WRONG)
      return true;
  } else if (!ref->valid) {
    /* The default failed: the unscheduled kernel is the reference. */
    char *e = NULL;
    strata_jit_t *naive = build_kernel(m, true, &e);
    strata_tensor_t keep = *out, tmp;
    if (!naive || !strata_tensor_alloc(&tmp, out->dtype, out->rank, out->shape)) {
      strata_fail(error, "no reference output (the default candidate failed and the "
                         "unscheduled kernel: %s)", e ? e : "out of memory");
      free(e);
      return false;
    }
    m->args[t->num_inputs] = tmp;
    bool ok = call_kernel(m, naive, error);
    m->args[t->num_inputs] = keep;
    if (!ok)
      return false;
    memcpy(ref->data, tmp.data, bytes);
    ref->valid = 1;
  }
  if (m->inject == FAULT_WRONG)
    corrupt_first_element(out);
  strata_tensor_t expected = *out;
  expected.data = ref->data;
  int64_t reduce = 1;
  for (int a = t->num_spatial; a < t->num_axes; ++a)
    reduce *= t->extents[a];
  strata_compare_t c = strata_tensor_compare(out, &expected, 1e-3, 1e-5 * (double)(reduce + 1));
  if (!c.ok)
    return strata_fail(error,
                       "wrong result: %lld elements differ from the reference, max abs error "
                       "%.3g at %lld",
                       (long long)c.mismatches, c.max_abs_error, (long long)c.worst_index);
  if (m->paired) {
    const strata_choice_t *candidate = m->candidate;
    m->candidate = NULL; /* the default decisions */
    m->default_jit = build_kernel(m, false, error);
    m->candidate = candidate;
    if (!m->default_jit || !call_kernel(m, m->default_jit, error))
      return false;
  }
  return true;
}

/* Evicts [p, p + n) from every cache level (x86 clflush; elsewhere nothing
 * is flushed). */
static void flush_range(const void *p, size_t n) {
#if defined(__x86_64__) || defined(__i386__)
  for (size_t o = 0; o < n; o += 64)
    _mm_clflush((const char *)p + o);
  _mm_mfence();
#else
  (void)p, (void)n;
#endif
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One timed call of `jit` (after evicting the arguments but the first
 * from the caches with flush-cache). */
static bool timed_call(measure_state_t *m, strata_jit_t *jit, double *seconds, char **error) {
  if (m->task->flush_cache)
    for (int i = 1; i < m->num_args; ++i)
      flush_range(m->args[i].data,
                  (size_t)strata_tensor_numel(&m->args[i]) * strata_dtype_size(m->args[i].dtype));
  double start = now_seconds();
  bool ok = call_kernel(m, jit, error);
  *seconds = now_seconds() - start;
  return ok;
}

/* A run: the candidate's time; paired, the default's call then the
 * candidate's, and the value is their ratio (candidate / default), so that
 * the machine slowing down or speeding up between runs cancels out. */
static bool measure_run(void *user, double *seconds, char **error) {
  measure_state_t *m = user;
  if (!m->paired && !m->task->flush_cache)
    return call_kernel(m, m->jit, error);
  double base = 0;
  if (m->paired && !timed_call(m, m->default_jit, &base, error))
    return false;
  if (!timed_call(m, m->jit, seconds, error))
    return false;
  if (m->paired)
    *seconds = base > 0 ? *seconds / base : 1.0;
  return true;
}

/* STRATA_TUNE_INJECT="crash=N,hang=M,wrong=W": the N-th (M-th, W-th)
 * measurement of a task, counting from 0, crashes (hangs, computes a wrong
 * result: its output is changed before the comparison with the reference)
 * in its child: a test hook for the tuner's fault handling. */
static fault_t injected_fault(int measurement) {
  const char *spec = getenv("STRATA_TUNE_INJECT");
  if (!spec)
    return FAULT_NONE;
  fault_t fault = FAULT_NONE;
  for (const char *p = spec; *p;) {
    fault_t kind = strncmp(p, "crash=", 6) == 0   ? FAULT_CRASH
                   : strncmp(p, "hang=", 5) == 0  ? FAULT_HANG
                   : strncmp(p, "wrong=", 6) == 0 ? FAULT_WRONG
                                                  : FAULT_NONE;
    const char *num = kind ? strchr(p, '=') + 1 : p;
    char *end;
    long n = strtol(num, &end, 10);
    if (kind && end != num && n == measurement)
      fault = kind;
    p = strchr(p, ',');
    if (!p)
      break;
    ++p;
  }
  return fault;
}

/* One measurement in a child: the candidate's median time, or (paired)
 * the median ratio of its time to the default's in alternating runs. */
static bool measure_in_child(strata_te_task_t *t, const strata_choice_t *candidate, bool paired,
                             double *latency, char **error) {
  bool is_default = true;
  for (size_t k = 0; candidate && k < t->space.num_knobs; ++k)
    is_default &= candidate[k] == 0;
  measure_state_t m = {
      .task = t,
      .candidate = candidate,
      .is_default = is_default,
      .paired = paired && !is_default,
      .inject = injected_fault(t->measurements++),
  };
  strata_measure_callbacks_t cb = {.prepare = measure_prepare, .run = measure_run, .user = &m};
  strata_measure_result_t r = strata_measure(&cb, &t->measure);
  if (r.ok) {
    *latency = r.latency;
    return true;
  }
  if (!t->first_error)
    t->first_error = strdup(r.error);
  *error = r.error;
  return false;
}

bool strata_te_task_measure(strata_te_task_t *t, const strata_choice_t *candidate,
                            double *latency, char **error) {
  return measure_in_child(t, candidate, false, latency, error);
}

bool strata_te_task_measure_ratio(strata_te_task_t *t, const strata_choice_t *candidate,
                                  double *ratio, char **error) {
  return measure_in_child(t, candidate, true, ratio, error);
}

typedef struct {
  const strata_choice_t *candidate;
  double samples[64]; /* latencies measured alone */
  int count;
  double ratios[64]; /* latency / the default's, measured alongside it */
  int num_ratios;
  bool failed;
} finalist_t;

/* A validated candidate replaces the default only when it was faster than
 * the default, run alternately in one process, by more than this share (a
 * 1% difference is within what the same kernel measures against itself). */
#define PAIRED_MIN_GAIN 0.01

static int by_latency(const void *a, const void *b) {
  double x = ((const double *)a)[0], y = ((const double *)b)[0];
  return x < y ? -1 : x > y;
}

bool strata_te_task_validate(strata_te_task_t *t, const strata_search_result_t *r,
                             strata_tuning_db_t *db, int top, int rounds,
                             const strata_choice_t **chosen, double *default_score,
                             double *best_score, char **error) {
  size_t k = t->space.num_knobs;
  *chosen = r->best;
  *default_score = r->trials > 0 ? r->latencies[0] : NAN;
  *best_score = r->best ? r->best_latency : NAN;
  if (!r->best || rounds <= 0)
    return true;
  /* Finalists: trial 0 (the default) and the fastest others. */
  finalist_t f[17];
  int n = 0;
  if (r->trials > 0 && !isnan(r->latencies[0]))
    f[n++] = (finalist_t){.candidate = r->candidates, .samples = {r->latencies[0]}, .count = 1};
  double (*order)[2] = malloc(sizeof *order * (size_t)(r->trials + 1));
  int m = 0;
  for (int i = 1; i < r->trials; ++i)
    if (!isnan(r->latencies[i]))
      order[m][0] = r->latencies[i], order[m++][1] = i;
  qsort(order, (size_t)m, sizeof *order, by_latency);
  for (int i = 0; i < m && n < 1 + (top < 16 ? top : 16); ++i) {
    int trial = (int)order[i][1];
    f[n++] = (finalist_t){.candidate = r->candidates + (size_t)trial * k,
                          .samples = {r->latencies[trial]}, .count = 1};
  }
  free(order);
  /* Paired: with the default at f[0], the others are measured against it
   * in the same child (strata_te_task_measure_ratio), so their scores do
   * not depend on how fast the machine was when each one ran. */
  bool paired = n > 0 && f[0].candidate == r->candidates;
  for (int round = 0; round < rounds && round < 60; ++round)
    for (int i = 0; i < n; ++i) {
      if (f[i].failed)
        continue;
      double value = NAN, latency = NAN;
      char *failure = NULL;
      bool against_default = paired && i > 0;
      bool ok = against_default ? strata_te_task_measure_ratio(t, f[i].candidate, &value, &failure)
                                : strata_te_task_measure(t, f[i].candidate, &value, &failure);
      if (ok && against_default) {
        f[i].ratios[f[i].num_ratios++] = value;
        latency = value * strata_median(f[0].samples, f[0].count);
      } else if (ok) {
        f[i].samples[f[i].count++] = latency = value;
      } else {
        f[i].failed = true;
      }
      if (db) {
        char *decisions = strata_space_decisions_json(&t->space, f[i].candidate);
        bool added = strata_tuning_db_add(db, &t->task, decisions, latency, ok ? NULL : failure,
                                          0, error);
        free(decisions);
        if (!added) {
          free(failure);
          return false;
        }
      }
      free(failure);
    }
  int winner = -1;
  double best = INFINITY;
  for (int i = 0; i < n; ++i) {
    double score = f[i].failed ? NAN : strata_median(f[i].samples, f[i].count);
    if (paired && i > 0 && !f[i].failed && f[i].num_ratios > 0) {
      /* Another candidate wins only when it beat the default head to head
       * by more than PAIRED_MIN_GAIN. */
      double ratio = strata_median(f[i].ratios, f[i].num_ratios);
      score = ratio < 1.0 - PAIRED_MIN_GAIN ? ratio * strata_median(f[0].samples, f[0].count) : NAN;
    }
    if (i == 0 && f[0].candidate == r->candidates)
      *default_score = score;
    if (!isnan(score) && score < best)
      best = score, winner = i;
  }
  *chosen = winner >= 0 ? f[winner].candidate : NULL;
  *best_score = winner >= 0 ? best : NAN;
  return true;
}

static bool cb_measure(void *user, const strata_choice_t *candidate, double *latency,
                       char **error) {
  return strata_te_task_measure(user, candidate, latency, error);
}

static void cb_features(void *user, const strata_choice_t *candidate, float *out) {
  strata_te_task_features(user, candidate, out);
}

strata_search_callbacks_t strata_te_task_callbacks(strata_te_task_t *t) {
  return (strata_search_callbacks_t){
      .measure = cb_measure,
      .features = cb_features,
      .num_features = STRATA_TE_NUM_FEATURES,
      .user = t,
  };
}
