/* strata-reference: a naive interpreter of graph-dialect functions, the
 * independent oracle of the end-to-end tests. It parses a model with the
 * Strata C API, walks the entry function's ops in order, evaluates each one
 * with plain loops written from docs/dialects/graph.md (ref_*.c) and writes
 * the results as .npy. Inputs follow strata-run's conventions (files first,
 * the rest random from strata_tensor_fill_random(seed + i)), so both tools
 * see the same data. Unknown ops are an error (exit 1), never skipped. */

#include <errno.h>
#include <math.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/npy.h"
#include "strata/diagnostics.h"
#include "strata/strata.h"
#include "test/e2e/reference/ref.h"

enum { REF_MAX_ARGS = 64 };

static const char usage[] =
    "OVERVIEW: strata-reference - evaluate a graph-dialect function naively\n"
    "\n"
    "USAGE: strata-reference <model.mlir> [options]\n"
    "\n"
    "OPTIONS:\n"
    "  --entry <name>        function to run (default: main, or the only public one)\n"
    "  --input <file.npy>    an input, in argument order (repeat for each)\n"
    "  --seed <n>            inputs not given as files are random: input i uses seed + i\n"
    "                        (strata_tensor_fill_random, as strata-run; default 0)\n"
    "  --output <file.npy>   write result i to this file (repeat for each)\n"
    "  --print               print every result's values\n"
    "  -h, --help            this help\n"
    "\n"
    "Exit status: 0 on success, 1 on any error (including an op it does not know).\n";

/* ------------------------------------------------------------------------ */
/* Errors and attributes                                                     */

static void print_to_stderr(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stderr);
}

_Noreturn void ref_fail(const ref_op_t *r, const char *fmt, ...) {
  fprintf(stderr, "strata-reference: '%s' at ", r->name);
  mlirLocationPrint(mlirOperationGetLocation(r->op), print_to_stderr, NULL);
  fprintf(stderr, ": ");
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(1);
}

static MlirAttribute get_attr(const ref_op_t *r, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a))
    ref_fail(r, "missing attribute '%s'", name);
  return a;
}

int64_t ref_attr_int(const ref_op_t *r, const char *name) {
  MlirAttribute a = get_attr(r, name);
  if (!mlirAttributeIsAInteger(a))
    ref_fail(r, "attribute '%s' is not an integer", name);
  return mlirIntegerAttrGetValueSInt(a);
}

double ref_attr_number(const ref_op_t *r, const char *name) {
  MlirAttribute a = get_attr(r, name);
  if (mlirAttributeIsAFloat(a))
    return mlirFloatAttrGetValueDouble(a);
  if (mlirAttributeIsABool(a))
    return mlirBoolAttrGetValue(a);
  if (mlirAttributeIsAInteger(a))
    return (double)mlirIntegerAttrGetValueSInt(a);
  ref_fail(r, "attribute '%s' is not a number", name);
}

bool ref_attr_bool(const ref_op_t *r, const char *name) {
  MlirAttribute a = get_attr(r, name);
  if (!mlirAttributeIsABool(a))
    ref_fail(r, "attribute '%s' is not a boolean", name);
  return mlirBoolAttrGetValue(a);
}

void ref_attr_str(const ref_op_t *r, const char *name, char *buf, size_t size) {
  MlirAttribute a = get_attr(r, name);
  if (!mlirAttributeIsAString(a))
    ref_fail(r, "attribute '%s' is not a string", name);
  MlirStringRef s = mlirStringAttrGetValue(a);
  if (s.length + 1 > size)
    ref_fail(r, "attribute '%s' is too long", name);
  memcpy(buf, s.data, s.length);
  buf[s.length] = '\0';
}

int ref_attr_ints(const ref_op_t *r, const char *name, int64_t *vals) {
  MlirAttribute a = get_attr(r, name);
  if (!mlirAttributeIsADenseI64Array(a))
    ref_fail(r, "attribute '%s' is not an array<i64>", name);
  intptr_t n = mlirDenseArrayGetNumElements(a);
  if (n > REF_MAX_LIST)
    ref_fail(r, "attribute '%s' has too many elements", name);
  for (intptr_t i = 0; i < n; ++i)
    vals[i] = mlirDenseI64ArrayGetElement(a, i);
  return (int)n;
}

/* ------------------------------------------------------------------------ */
/* Elements and indices                                                      */

bool ref_is_float(strata_dtype_t d) {
  return d == STRATA_DTYPE_F32 || d == STRATA_DTYPE_F64 || d == STRATA_DTYPE_F16 ||
         d == STRATA_DTYPE_BF16;
}

double ref_get(const strata_tensor_t *t, int64_t i) { return strata_tensor_get(t, i); }

/* Truncates toward zero, saturating at the int64 range (no UB on NaN/inf). */
static int64_t to_int(double v) {
  if (isnan(v))
    return 0;
  if (v >= 9.2233720368547758e18)
    return INT64_MAX;
  if (v <= -9.2233720368547758e18)
    return INT64_MIN;
  return (int64_t)v;
}

void ref_set(strata_tensor_t *t, int64_t i, double v) {
  switch (t->dtype) {
  case STRATA_DTYPE_F32: ((float *)t->data)[i] = (float)v; break;
  case STRATA_DTYPE_F64: ((double *)t->data)[i] = v; break;
  case STRATA_DTYPE_I8: ((int8_t *)t->data)[i] = (int8_t)(uint8_t)(uint64_t)to_int(v); break;
  case STRATA_DTYPE_I32: ((int32_t *)t->data)[i] = (int32_t)(uint32_t)(uint64_t)to_int(v); break;
  case STRATA_DTYPE_I64: ((int64_t *)t->data)[i] = to_int(v); break;
  case STRATA_DTYPE_U8: ((uint8_t *)t->data)[i] = (uint8_t)(uint64_t)to_int(v); break;
  case STRATA_DTYPE_BOOL: ((uint8_t *)t->data)[i] = v != 0; break;
  case STRATA_DTYPE_STRING: break; /* the reference has no string ops */
  case STRATA_DTYPE_I16: ((int16_t *)t->data)[i] = (int16_t)(uint16_t)(uint64_t)to_int(v); break;
  case STRATA_DTYPE_U16: ((uint16_t *)t->data)[i] = (uint16_t)(uint64_t)to_int(v); break;
  case STRATA_DTYPE_U32: ((uint32_t *)t->data)[i] = (uint32_t)(uint64_t)to_int(v); break;
  case STRATA_DTYPE_U64: /* doubles: exact up to 2^53; 2^64 - k rounds to 2^64, saturated */
    ((uint64_t *)t->data)[i] = v >= 0x1p64   ? UINT64_MAX
                               : v >= 0x1p63 ? (uint64_t)v
                                             : (uint64_t)to_int(v);
    break;
  case STRATA_DTYPE_F16: ((uint16_t *)t->data)[i] = strata_double_to_f16(v); break;
  case STRATA_DTYPE_BF16: ((uint16_t *)t->data)[i] = strata_float_to_bf16((float)v); break;
  case STRATA_DTYPE_I4:
  case STRATA_DTYPE_U4: /* wraps: the low 4 bits, read back as the type says */
    ((uint8_t *)t->data)[i] = (uint8_t)((uint64_t)to_int(v) & 15);
    break;
  case STRATA_DTYPE_I2:
  case STRATA_DTYPE_U2: ((uint8_t *)t->data)[i] = (uint8_t)((uint64_t)to_int(v) & 3); break;
  default: { /* a narrow float: rounded to nearest even, saturated (Cast's default) */
    strata_narrow_float_t f;
    if (strata_dtype_narrow_float(t->dtype, &f))
      ((uint8_t *)t->data)[i] = (uint8_t)strata_narrow_float_encode(v, f, true, STRATA_ROUND_UP);
    break;
  }
  }
}

void ref_unravel(int64_t flat, int rank, const int64_t *shape, int64_t *idx) {
  for (int d = rank - 1; d >= 0; --d) {
    idx[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
}

int64_t ref_ravel(int rank, const int64_t *shape, const int64_t *idx) {
  int64_t flat = 0;
  for (int d = 0; d < rank; ++d)
    flat = flat * shape[d] + idx[d];
  return flat;
}

/* ------------------------------------------------------------------------ */
/* Layouts                                                                   */

void ref_layout_parse(const ref_op_t *r, const char *text, ref_layout_t *l) {
  memset(l, 0, sizeof *l);
  for (const char *p = text; *p;) {
    if (l->rank == REF_MAX_LIST)
      ref_fail(r, "layout '%s' is too long", text);
    if (*p >= 'A' && *p <= 'Z') {
      l->axis[l->rank] = *p++;
      l->block[l->rank++] = 0;
    } else if (*p >= '0' && *p <= '9') {
      int64_t k = 0;
      while (*p >= '0' && *p <= '9')
        k = k * 10 + (*p++ - '0');
      if (!(*p >= 'a' && *p <= 'z') || k < 1)
        ref_fail(r, "bad block in layout '%s'", text);
      l->axis[l->rank] = (char)(*p++ - 'a' + 'A');
      l->block[l->rank++] = k;
    } else {
      ref_fail(r, "bad character in layout '%s'", text);
    }
  }
}

static int primal_dim(const ref_layout_t *l, char axis) {
  for (int d = 0; d < l->rank; ++d)
    if (l->axis[d] == axis && l->block[d] == 0)
      return d;
  return -1;
}

void ref_layout_logical_shape(const ref_op_t *r, const ref_layout_t *l, const int64_t *shape,
                              const char *axes, int64_t *logical) {
  for (int a = 0; axes[a]; ++a) {
    if (primal_dim(l, axes[a]) < 0)
      ref_fail(r, "layout has no axis '%c'", axes[a]);
    logical[a] = 1;
    for (int d = 0; d < l->rank; ++d)
      if (l->axis[d] == axes[a])
        logical[a] *= shape[d];
  }
}

/* The primal dim is the outermost digit of an axis' mixed-radix index; its
 * blocks follow in the order they appear in the layout string. */
void ref_layout_to_logical(const ref_layout_t *l, const int64_t *phys, const char *axes,
                           int64_t *logical) {
  for (int a = 0; axes[a]; ++a) {
    int64_t v = phys[primal_dim(l, axes[a])];
    for (int d = 0; d < l->rank; ++d)
      if (l->axis[d] == axes[a] && l->block[d])
        v = v * l->block[d] + phys[d];
    logical[a] = v;
  }
}

void ref_layout_from_logical(const ref_layout_t *l, const char *axes, const int64_t *logical,
                             int64_t *phys) {
  for (int a = 0; axes[a]; ++a) {
    int64_t v = logical[a];
    for (int d = l->rank - 1; d >= 0; --d)
      if (l->axis[d] == axes[a] && l->block[d]) {
        phys[d] = v % l->block[d];
        v /= l->block[d];
      }
    phys[primal_dim(l, axes[a])] = v;
  }
}

/* ------------------------------------------------------------------------ */
/* Types, constants                                                          */

/* dtype + static shape of a ranked tensor type; false with a message. */
static bool type_to_spec(MlirType t, strata_dtype_t *dtype, int *rank, int64_t *shape,
                         char *why, size_t why_size) {
  char name[128];
  if (!mlirTypeIsARankedTensor(t)) {
    snprintf(why, why_size, "type %s is not a ranked tensor", strata_type_str(t, name, sizeof name));
    return false;
  }
  strata_type_str(mlirShapedTypeGetElementType(t), name, sizeof name);
  if (!strata_dtype_parse(name, dtype)) {
    snprintf(why, why_size, "element type %s is not supported (f16 bf16 f32 f64 i8 i16 i32 i64 ui8 ui16 ui32 ui64 i1)", name);
    return false;
  }
  *rank = (int)mlirShapedTypeGetRank(t);
  if (*rank > STRATA_MAX_RANK) {
    snprintf(why, why_size, "rank %d is above %d", *rank, (int)STRATA_MAX_RANK);
    return false;
  }
  for (int i = 0; i < *rank; ++i) {
    if (mlirShapedTypeIsDynamicDim(t, i)) {
      snprintf(why, why_size, "type %s has a dynamic dimension (only static shapes are supported)",
               strata_type_str(t, name, sizeof name));
      return false;
    }
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  }
  return true;
}

static double attr_number(MlirAttribute a) {
  if (mlirAttributeIsAFloat(a))
    return mlirFloatAttrGetValueDouble(a);
  if (mlirAttributeIsABool(a))
    return mlirBoolAttrGetValue(a);
  return (double)mlirIntegerAttrGetValueSInt(a);
}

static void eval_constant(const ref_op_t *r) {
  MlirAttribute v = get_attr(r, "value");
  strata_tensor_t *out = r->out;
  int64_t n = strata_tensor_numel(out);
  if (mlirAttributeIsADenseElements(v)) {
    if (mlirDenseElementsAttrIsSplat(v)) {
      double x = attr_number(mlirDenseElementsAttrGetSplatValue(v));
      for (int64_t i = 0; i < n; ++i)
        ref_set(out, i, x);
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      double x = 0;
      switch (out->dtype) {
      case STRATA_DTYPE_F32: x = mlirDenseElementsAttrGetFloatValue(v, i); break;
      case STRATA_DTYPE_F64: x = mlirDenseElementsAttrGetDoubleValue(v, i); break;
      case STRATA_DTYPE_I8: x = mlirDenseElementsAttrGetInt8Value(v, i); break;
      case STRATA_DTYPE_I32: x = mlirDenseElementsAttrGetInt32Value(v, i); break;
      case STRATA_DTYPE_I64: x = (double)mlirDenseElementsAttrGetInt64Value(v, i); break;
      case STRATA_DTYPE_U8: x = mlirDenseElementsAttrGetUInt8Value(v, i); break;
      case STRATA_DTYPE_BOOL: x = mlirDenseElementsAttrGetBoolValue(v, i); break;
      case STRATA_DTYPE_I16: x = mlirDenseElementsAttrGetInt16Value(v, i); break;
      case STRATA_DTYPE_U16: x = mlirDenseElementsAttrGetUInt16Value(v, i); break;
      case STRATA_DTYPE_U32: x = mlirDenseElementsAttrGetUInt32Value(v, i); break;
      case STRATA_DTYPE_U64: x = (double)mlirDenseElementsAttrGetUInt64Value(v, i); break;
      case STRATA_DTYPE_F16: /* no per-element getter: the raw 16-bit patterns */
        x = strata_f16_to_float(((const uint16_t *)mlirDenseElementsAttrGetRawData(v))[i]);
        break;
      case STRATA_DTYPE_BF16:
        x = strata_bf16_to_float(((const uint16_t *)mlirDenseElementsAttrGetRawData(v))[i]);
        break;
      case STRATA_DTYPE_STRING: break; /* no string constants */
      default: { /* the narrow types: a byte each, as host tensors hold them */
        strata_tensor_t raw = {.dtype = out->dtype, .rank = 1, .shape = {n},
                               .data = (void *)mlirDenseElementsAttrGetRawData(v)};
        x = strata_tensor_get(&raw, i);
        break;
      }
      }
      ref_set(out, i, x);
    }
    return;
  }
  if (mlirAttributeIsADenseResourceElements(v)) {
    for (int64_t i = 0; i < n; ++i) {
      double x = 0;
      switch (out->dtype) {
      case STRATA_DTYPE_F32: x = mlirDenseFloatResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_F64: x = mlirDenseDoubleResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_I8: x = mlirDenseInt8ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_I32: x = mlirDenseInt32ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_I64: x = (double)mlirDenseInt64ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_U8: x = mlirDenseUInt8ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_BOOL: x = mlirDenseBoolResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_I16: x = mlirDenseInt16ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_U16: x = mlirDenseUInt16ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_U32: x = mlirDenseUInt32ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_U64: x = (double)mlirDenseUInt64ResourceElementsAttrGetValue(v, i); break;
      case STRATA_DTYPE_F16:
      case STRATA_DTYPE_BF16: /* the C API has no getter for 16-bit float resources */
      case STRATA_DTYPE_STRING:
      default:
        ref_fail(r, "dense_resource<...> of %s is not supported", strata_dtype_name(out->dtype));
      }
      ref_set(out, i, x);
    }
    return;
  }
  ref_fail(r, "'value' is neither dense<...> nor dense_resource<...>");
}

/* ------------------------------------------------------------------------ */
/* Dispatch                                                                  */

static const struct {
  const char *name;
  ref_eval_fn fn;
} ops[] = {
    {"graph.constant", eval_constant},
    {"graph.relu", ref_unary},
    {"graph.neg", ref_unary},
    {"graph.abs", ref_unary},
    {"graph.sigmoid", ref_unary},
    {"graph.tanh", ref_unary},
    {"graph.exp", ref_unary},
    {"graph.log", ref_unary},
    {"graph.sqrt", ref_unary},
    {"graph.erf", ref_unary},
    {"graph.gelu", ref_unary},
    {"graph.leaky_relu", ref_unary},
    {"graph.clip", ref_unary},
    {"graph.add", ref_binary},
    {"graph.sub", ref_binary},
    {"graph.mul", ref_binary},
    {"graph.div", ref_binary},
    {"graph.maximum", ref_binary},
    {"graph.minimum", ref_binary},
    {"graph.pow", ref_binary},
    {"graph.matmul", ref_matmul},
    {"graph.batch_matmul", ref_batch_matmul},
    {"graph.dense", ref_dense},
    {"graph.conv2d", ref_conv2d},
    {"graph.conv3d", ref_conv2d},
    {"graph.max_pool2d", ref_max_pool2d},
    {"graph.max_pool3d", ref_max_pool2d},
    {"graph.max_pool2d_indices", ref_max_pool2d_indices},
    {"graph.avg_pool2d", ref_avg_pool2d},
    {"graph.avg_pool3d", ref_avg_pool2d},
    {"graph.global_avg_pool2d", ref_global_avg_pool2d},
    {"graph.batch_norm", ref_batch_norm},
    {"graph.softmax", ref_softmax},
    {"graph.reshape", ref_reshape},
    {"graph.flatten", ref_reshape},
    {"graph.transpose", ref_transpose},
    {"graph.concat", ref_concat},
    {"graph.slice", ref_slice},
    {"graph.pad", ref_pad},
    {"graph.layout_transform", ref_layout_transform},
    {"graph.reduce_sum", ref_reduce},
    {"graph.reduce_mean", ref_reduce},
    {"graph.reduce_max", ref_reduce},
    {"graph.reduce_min", ref_reduce},
    {"graph.cast", ref_cast},
    {"graph.bitcast", ref_bitcast},
    {"graph.bitwise_and", ref_binary},
    {"graph.bitwise_or", ref_binary},
    {"graph.bitwise_xor", ref_binary},
    {"graph.bitwise_not", ref_unary},
    {"graph.equal", ref_compare},
    {"graph.greater", ref_compare},
    {"graph.less", ref_compare},
    {"graph.where", ref_where},
    {"graph.gather", ref_gather},
    {"graph.expand", ref_expand},
    {"graph.conv_transpose2d", ref_conv_transpose2d},
    {"graph.conv_transpose3d", ref_conv_transpose2d},
    {"graph.resize", ref_resize},
};

static ref_eval_fn lookup(const char *name) {
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (!strcmp(ops[i].name, name))
      return ops[i].fn;
  return NULL;
}

/* MlirValue -> tensor: a flat list, searched linearly (functions are small). */
typedef struct {
  const void *key;
  strata_tensor_t t;
} binding_t;

typedef struct {
  binding_t *items;
  size_t n, cap;
} value_map_t;

static strata_tensor_t *bind(value_map_t *m, MlirValue v) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 64;
    m->items = realloc(m->items, m->cap * sizeof *m->items);
    if (!m->items) {
      fprintf(stderr, "strata-reference: out of memory\n");
      exit(1);
    }
  }
  m->items[m->n].key = v.ptr;
  memset(&m->items[m->n].t, 0, sizeof m->items[m->n].t);
  return &m->items[m->n++].t;
}

static const strata_tensor_t *lookup_value(const value_map_t *m, MlirValue v) {
  for (size_t i = m->n; i-- > 0;)
    if (m->items[i].key == v.ptr)
      return &m->items[i].t;
  return NULL;
}

/* ------------------------------------------------------------------------ */
/* Driver                                                                    */

typedef struct {
  const char *model, *entry;
  const char *inputs[REF_MAX_ARGS], *outputs[REF_MAX_ARGS];
  int num_inputs, num_outputs;
  unsigned long long seed;
  bool print;
} options_t;

static const char *value_of(int argc, char **argv, int *i, const char *flag) {
  size_t n = strlen(flag);
  if (argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (*i + 1 >= argc) {
    fprintf(stderr, "strata-reference: %s needs a value\n", flag);
    exit(2);
  }
  return argv[++*i];
}

static bool is_flag(const char *arg, const char *flag) {
  size_t n = strlen(flag);
  return !strncmp(arg, flag, n) && (arg[n] == '\0' || arg[n] == '=');
}

static void parse_args(int argc, char **argv, options_t *o) {
  const int max = (int)(sizeof o->inputs / sizeof o->inputs[0]);
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage, stdout);
      exit(0);
    } else if (is_flag(a, "--entry")) {
      o->entry = value_of(argc, argv, &i, "--entry");
    } else if (is_flag(a, "--input")) {
      if (o->num_inputs == max) {
        fprintf(stderr, "strata-reference: too many --input\n");
        exit(2);
      }
      o->inputs[o->num_inputs++] = value_of(argc, argv, &i, "--input");
    } else if (is_flag(a, "--output")) {
      if (o->num_outputs == max) {
        fprintf(stderr, "strata-reference: too many --output\n");
        exit(2);
      }
      o->outputs[o->num_outputs++] = value_of(argc, argv, &i, "--output");
    } else if (is_flag(a, "--seed")) {
      const char *v = value_of(argc, argv, &i, "--seed");
      char *end;
      errno = 0;
      o->seed = strtoull(v, &end, 10);
      if (errno || end == v || *end) {
        fprintf(stderr, "strata-reference: --seed expects an integer, got '%s'\n", v);
        exit(2);
      }
    } else if (!strcmp(a, "--print")) {
      o->print = true;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "strata-reference: unknown option '%s' (see --help)\n", a);
      exit(2);
    } else if (o->model) {
      fprintf(stderr, "strata-reference: more than one model ('%s' and '%s')\n", o->model, a);
      exit(2);
    } else {
      o->model = a;
    }
  }
  if (!o->model) {
    fprintf(stderr, "strata-reference: no model given (see --help)\n");
    exit(2);
  }
}

static char *read_text(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0, got;
  char *buf = malloc(cap);
  while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0)
    if ((n += got) + 1 == cap)
      buf = realloc(buf, cap *= 2);
  if (buf)
    buf[n] = '\0';
  if (f != stdin)
    fclose(f);
  *len = n;
  return buf;
}

static bool str_is(MlirStringRef s, const char *c) {
  return s.length == strlen(c) && !memcmp(s.data, c, s.length);
}

static MlirStringRef str_attr(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                                               : mlirStringRefCreate(NULL, 0);
}

/* The entry: `entry` by name, else `main`, else the only public func.func. */
static MlirOperation find_entry(MlirOperation module, const char *entry) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation main_fn = {NULL}, only = {NULL};
  int publics = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!str_is(mlirIdentifierStr(mlirOperationGetName(op)), "func.func"))
      continue;
    MlirStringRef name = str_attr(op, "sym_name");
    if (entry && str_is(name, entry))
      return op;
    MlirStringRef vis = str_attr(op, "sym_visibility");
    if (vis.length && !str_is(vis, "public"))
      continue;
    if (str_is(name, "main"))
      main_fn = op;
    if (++publics == 1)
      only = op;
  }
  if (entry) {
    fprintf(stderr, "strata-reference: no function named '%s'\n", entry);
    return (MlirOperation){NULL};
  }
  if (!mlirOperationIsNull(main_fn))
    return main_fn;
  if (publics == 1)
    return only;
  fprintf(stderr, "strata-reference: %s\n",
          publics ? "several public functions and none named 'main': choose one with --entry"
                  : "no public function to run");
  return (MlirOperation){NULL};
}

static void print_tensor(int index, const strata_tensor_t *t) {
  printf("result %d: ", index);
  for (int d = 0; d < t->rank; ++d)
    printf("%lldx", (long long)t->shape[d]);
  printf("%s\n  [", strata_dtype_name(t->dtype));
  int64_t n = strata_tensor_numel(t);
  for (int64_t i = 0; i < n; ++i)
    printf("%s%.6g", i ? ", " : "", ref_get(t, i));
  printf("]\n");
}

static int run(const options_t *o, MlirOperation module) {
  MlirOperation fn = find_entry(module, o->entry);
  if (mlirOperationIsNull(fn))
    return 1;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  if (mlirBlockIsNull(body)) {
    fprintf(stderr, "strata-reference: the entry function has no body\n");
    return 1;
  }
  value_map_t map = {0};
  int rc = 1;
  char why[256];
  int nargs = (int)mlirBlockGetNumArguments(body);
  if (o->num_inputs > nargs) {
    fprintf(stderr, "strata-reference: %d --input given but the function takes %d arguments\n",
            o->num_inputs, nargs);
    goto done;
  }
  for (int i = 0; i < nargs; ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    strata_dtype_t dtype;
    int rank;
    int64_t shape[STRATA_MAX_RANK];
    strata_tensor_t *t = bind(&map, arg);
    if (i < o->num_inputs) {
      char *error = NULL;
      if (!strata_npy_read(o->inputs[i], t, &error)) {
        fprintf(stderr, "strata-reference: %s\n", error);
        free(error);
        goto done;
      }
      /* A file may fill dynamic dims; everything static must agree. */
      MlirType ty = mlirValueGetType(arg);
      char name[64];
      bool ok = mlirTypeIsARankedTensor(ty) && mlirShapedTypeGetRank(ty) == t->rank &&
                strata_dtype_parse(strata_type_str(mlirShapedTypeGetElementType(ty), name,
                                                   sizeof name), &dtype) &&
                dtype == t->dtype;
      for (int d = 0; ok && d < t->rank; ++d)
        ok = mlirShapedTypeIsDynamicDim(ty, d) || mlirShapedTypeGetDimSize(ty, d) == t->shape[d];
      if (!ok) {
        fprintf(stderr, "strata-reference: %s: shape or element type does not match argument %d\n",
                o->inputs[i], i);
        goto done;
      }
      continue;
    }
    if (!type_to_spec(mlirValueGetType(arg), &dtype, &rank, shape, why, sizeof why)) {
      fprintf(stderr, "strata-reference: argument %d: %s\n", i, why);
      goto done;
    }
    if (!strata_tensor_alloc(t, dtype, rank, shape)) {
      fprintf(stderr, "strata-reference: cannot allocate argument %d\n", i);
      goto done;
    }
    strata_tensor_fill_random(t, o->seed + (uint64_t)i);
  }

  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sname = mlirIdentifierStr(mlirOperationGetName(op));
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)sname.length, sname.data);
    ref_op_t r = {.op = op, .name = name};
    int nops = (int)mlirOperationGetNumOperands(op);
    if (nops > REF_MAX_OPERANDS)
      ref_fail(&r, "too many operands");
    r.num_operands = nops;
    for (int i = 0; i < nops; ++i)
      if (!(r.in[i] = lookup_value(&map, mlirOperationGetOperand(op, i))))
        ref_fail(&r, "operand %d has no value (not defined in the entry block)", i);

    if (!strcmp(name, "func.return")) {
      if (o->num_outputs > nops) {
        fprintf(stderr, "strata-reference: %d --output given but the function returns %d results\n",
                o->num_outputs, nops);
        goto done;
      }
      for (int i = 0; i < nops; ++i) {
        if (o->print)
          print_tensor(i, r.in[i]);
        char *error = NULL;
        if (i < o->num_outputs && !strata_npy_write(o->outputs[i], r.in[i], &error)) {
          fprintf(stderr, "strata-reference: %s\n", error);
          free(error);
          goto done;
        }
      }
      rc = 0;
      goto done;
    }

    ref_eval_fn fn = lookup(name);
    if (!fn)
      ref_fail(&r, "op not supported by the reference interpreter");
    if (mlirOperationGetNumResults(op) != 1)
      ref_fail(&r, "expected one result");
    MlirValue result = mlirOperationGetResult(op, 0);
    strata_dtype_t dtype;
    int rank;
    int64_t shape[STRATA_MAX_RANK];
    if (!type_to_spec(mlirValueGetType(result), &dtype, &rank, shape, why, sizeof why))
      ref_fail(&r, "result: %s", why);
    r.out = bind(&map, result);
    if (!strata_tensor_alloc(r.out, dtype, rank, shape))
      ref_fail(&r, "cannot allocate the result");
    for (int i = 0; i < nops; ++i) /* bind() may have moved the map */
      r.in[i] = lookup_value(&map, mlirOperationGetOperand(op, i));
    fn(&r);
  }
  fprintf(stderr, "strata-reference: the entry function has no func.return\n");
done:
  for (size_t i = 0; i < map.n; ++i)
    strata_tensor_free(&map.items[i].t);
  free(map.items);
  return rc;
}

int main(int argc, char **argv) {
  options_t o = {0};
  parse_args(argc, argv, &o);
  size_t len = 0;
  char *text = read_text(o.model, &len);
  if (!text) {
    fprintf(stderr, "strata-reference: cannot open model '%s': %s\n", o.model, strerror(errno));
    return 1;
  }
  MlirContext ctx = strata_context_create();
  if (mlirContextIsNull(ctx)) {
    free(text);
    return 1;
  }
  int rc = 1;
  MlirOperation module = strata_parse_module(ctx, mlirStringRefCreate(text, len),
                                             mlirStringRefCreateFromCString(o.model));
  if (!mlirOperationIsNull(module) && mlirLogicalResultIsSuccess(strata_verify(module)))
    rc = run(&o, module);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  free(text);
  return rc;
}
