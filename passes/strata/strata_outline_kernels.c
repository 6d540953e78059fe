/* strata-outline-kernels: each kernel of a public function (its loop nests,
 * grouped as strata-instrument-profile groups them: up to and including the
 * nest carrying `te.compute`) becomes a private function
 * `strata_kernel_<hash>` called from where it was, and identical kernels
 * become one: the name is the xxHash64 of the kernel's canonical text (as
 * the tuning database keys tasks), so two identical convolutions call one
 * function. Kept apart, the kernels are separate LLVM modules that
 * runtime/codegen.c compiles in parallel and caches on disk. Runs on tir,
 * after tir-fuse-epilogue (and strata-instrument-profile), before
 * strata-lower-to-llvm. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Func.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "core/text.h"
#include "dialects/op_checks.h"
#include "passes/strata/strata_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define PREFIX "strata_kernel_"

/* Values a kernel uses but does not define: constants are cloned into it,
 * everything else becomes an argument. */
typedef struct {
  MlirValue *values;
  bool *is_constant;
  size_t count, cap;
} captures_t;

typedef struct {
  MlirOperation *group; /* the kernel's top-level ops */
  size_t group_count;
  MlirBlock block; /* the function block they are in */
  captures_t *captures;
  bool escapes; /* a result is used outside the group */
  bool failed;
} scan_t;

/* Outlined kernels so far: hash and text, to merge identical ones. */
typedef struct {
  MlirOperation func;
  char *text;
} kernel_t;

typedef struct {
  kernel_t *items;
  size_t count, cap;
  MlirSymbolTable table;
  MlirOperation module;
  size_t outlined;
} kernels_t;

static bool in_group(const scan_t *s, MlirOperation op) {
  for (size_t i = 0; i < s->group_count; ++i)
    if (mlirOperationEqual(s->group[i], op))
      return true;
  return false;
}

/* The op of s->block that contains the definition of `v` (null when `v`
 * is an argument of the block itself). */
static MlirOperation top_level_definer(const scan_t *s, MlirValue v) {
  MlirOperation op;
  if (mlirValueIsAOpResult(v)) {
    op = mlirOpResultGetOwner(v);
  } else {
    MlirBlock owner = mlirBlockArgumentGetOwner(v);
    if (mlirBlockEqual(owner, s->block))
      return (MlirOperation){NULL};
    op = mlirBlockGetParentOperation(owner);
  }
  while (!mlirOperationIsNull(op) && !mlirBlockEqual(mlirOperationGetBlock(op), s->block))
    op = mlirOperationGetParentOperation(op);
  return op;
}

static void capture(scan_t *s, MlirValue v) {
  MlirOperation def = top_level_definer(s, v);
  if (!mlirOperationIsNull(def) && in_group(s, def))
    return;
  captures_t *c = s->captures;
  for (size_t i = 0; i < c->count; ++i)
    if (mlirValueEqual(c->values[i], v))
      return;
  if (c->count == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 16;
    MlirValue *v2 = realloc(c->values, cap * sizeof *v2);
    if (v2)
      c->values = v2;
    bool *k2 = realloc(c->is_constant, cap * sizeof *k2);
    if (k2)
      c->is_constant = k2;
    if (!v2 || !k2) {
      s->failed = true;
      return;
    }
    c->cap = cap;
  }
  c->is_constant[c->count] =
      mlirValueIsAOpResult(v) && strata_op_is(mlirOpResultGetOwner(v), "arith.constant");
  c->values[c->count++] = v;
}

static MlirWalkResult scan_op(MlirOperation op, void *user) {
  scan_t *s = user;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k)
    capture(s, mlirOperationGetOperand(op, k));
  return MlirWalkResultAdvance;
}

/* Whether a result of the group's ops is used outside the group. */
static bool results_escape(const scan_t *s) {
  for (size_t i = 0; i < s->group_count; ++i)
    for (intptr_t r = 0; r < mlirOperationGetNumResults(s->group[i]); ++r)
      for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(s->group[i], r));
           !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        MlirOperation top = mlirOpOperandGetOwner(u);
        while (!mlirOperationIsNull(top) && !mlirBlockEqual(mlirOperationGetBlock(top), s->block))
          top = mlirOperationGetParentOperation(top);
        if (mlirOperationIsNull(top) || !in_group(s, top))
          return true;
      }
  return false;
}

/* Operands inside the kernel that name a capture are replaced by the
 * kernel's own value for it. */
typedef struct {
  const captures_t *captures;
  const MlirValue *inside;
} remap_t;

static MlirWalkResult remap_op(MlirOperation op, void *user) {
  const remap_t *m = user;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
    MlirValue v = mlirOperationGetOperand(op, k);
    for (size_t i = 0; i < m->captures->count; ++i)
      if (mlirValueEqual(m->captures->values[i], v)) {
        mlirOperationSetOperand(op, k, m->inside[i]);
        break;
      }
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult strip_compute(MlirOperation op, void *user) {
  (void)user;
  mlirOperationRemoveAttributeByName(op, strata_sref("te.compute"));
  return MlirWalkResultAdvance;
}

/* The kernel's canonical text: the function as printed, with a fixed name
 * and without the te.compute labels (they number computes per model). */
static char *canonical_text(MlirOperation func) {
  mlirOperationWalk(func, strip_compute, NULL, MlirWalkPreOrder);
  return strata_print_op(func);
}

static void set_name(MlirOperation func, const char *name) {
  MlirContext ctx = mlirOperationGetContext(func);
  mlirOperationSetAttributeByName(func, strata_sref("sym_name"),
                                  mlirStringAttrGet(ctx, strata_sref(name)));
}

/* Names the new kernel after its text's hash, or merges it into an
 * identical one already outlined (then `func` is destroyed); writes the
 * name the call must use. */
static void name_or_merge(kernels_t *ks, MlirOperation func, char *name, size_t size) {
  char *text = canonical_text(func);
  for (size_t i = 0; i < ks->count; ++i)
    if (!strcmp(ks->items[i].text, text)) {
      MlirStringRef n = mlirStringAttrGetValue(
          mlirOperationGetAttributeByName(ks->items[i].func, strata_sref("sym_name")));
      snprintf(name, size, "%.*s", (int)n.length, n.data);
      mlirOperationDestroy(func);
      free(text);
      return;
    }
  unsigned long long h = (unsigned long long)XXH64(text, strlen(text), 0);
  snprintf(name, size, PREFIX "%016llx", h);
  for (int suffix = 1; !mlirOperationIsNull(mlirSymbolTableLookup(ks->table, strata_sref(name)));
       ++suffix) /* a hash collision, or a name the module already had */
    snprintf(name, size, PREFIX "%016llx_%d", h, suffix);
  set_name(func, name);
  mlirSymbolTableInsert(ks->table, func);
  if (ks->count == ks->cap) {
    size_t cap = ks->cap ? 2 * ks->cap : 32;
    kernel_t *grown = realloc(ks->items, cap * sizeof *grown);
    if (!grown) {
      free(text);
      return;
    }
    ks->items = grown;
    ks->cap = cap;
  }
  ks->items[ks->count++] = (kernel_t){func, text};
}

/* The buffer a memref value views (through collapse/expand_shape, subview,
 * casts, views): the alloc, global or argument it comes from. */
static MlirValue root_buffer(MlirValue v) {
  static const char *const views[] = {"memref.collapse_shape", "memref.expand_shape",
                                      "memref.subview", "memref.cast",
                                      "memref.reinterpret_cast", "memref.view", NULL};
  while (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    bool view = false;
    for (const char *const *n = views; *n && !view; ++n)
      view = strata_op_is(def, *n);
    if (!view || mlirOperationGetNumOperands(def) == 0)
      break;
    v = mlirOperationGetOperand(def, 0);
  }
  return v;
}

/* Marks `llvm.noalias` each memref argument whose buffer no other argument
 * views: the buffers of one call are distinct allocations (or disjoint
 * parts of strata-plan-memory's arena, both live at the call), so LLVM
 * may keep values in registers across the kernel's stores, as it could
 * when the kernel was inline and saw the allocations. */
static void mark_noalias(MlirOperation func, const MlirValue *args, intptr_t nargs) {
  MlirContext ctx = mlirOperationGetContext(func);
  int *flags = malloc((size_t)(nargs + 1) * sizeof *flags);
  intptr_t count = 0;
  for (intptr_t i = 0; i < nargs; ++i) {
    if (!mlirTypeIsAMemRef(mlirValueGetType(args[i])))
      continue;
    MlirValue root = root_buffer(args[i]);
    bool shared = false;
    for (intptr_t j = 0; j < nargs && !shared; ++j)
      shared = j != i && mlirTypeIsAMemRef(mlirValueGetType(args[j])) &&
               mlirValueEqual(root_buffer(args[j]), root);
    flags[count++] = !shared;
  }
  mlirOperationSetDiscardableAttributeByName(func, strata_sref("strata.noalias"),
                                             mlirDenseBoolArrayGet(ctx, count, flags));
  free(flags);
}

/* The kernel function: arguments for the non-constant captures, clones of
 * the constants, then the group's ops moved in, and a return. */
static MlirOperation build_kernel(const scan_t *s, MlirOperation last) {
  MlirContext ctx = mlirOperationGetContext(last);
  const captures_t *c = s->captures;
  MlirType *types = malloc((c->count + 1) * sizeof *types);
  MlirValue *inside = malloc((c->count + 1) * sizeof *inside);
  intptr_t nargs = 0;
  for (size_t i = 0; i < c->count; ++i)
    if (!c->is_constant[i])
      types[nargs++] = mlirValueGetType(c->values[i]);
  MlirType fn_type = mlirFunctionTypeGet(ctx, nargs, types, 0, NULL);
  MlirNamedAttribute attrs[3] = {
      strata_named(ctx, "sym_name", mlirStringAttrGet(ctx, strata_sref(PREFIX "new"))),
      strata_named(ctx, "function_type", mlirTypeAttrGet(fn_type)),
      strata_named(ctx, "sym_visibility", mlirStringAttrGet(ctx, strata_sref("private"))),
  };
  MlirLocation loc = mlirOperationGetLocation(last);
  MlirOperationState st = mlirOperationStateGet(strata_sref("func.func"), loc);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  MlirRegion region = mlirRegionCreate();
  MlirLocation *locs = malloc((size_t)(nargs + 1) * sizeof *locs);
  for (intptr_t i = 0; i < nargs; ++i)
    locs[i] = loc;
  MlirBlock body = mlirBlockCreate(nargs, types, locs);
  mlirRegionAppendOwnedBlock(region, body);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation func = mlirOperationCreate(&st);
  intptr_t arg = 0;
  for (size_t i = 0; i < c->count; ++i) {
    if (c->is_constant[i]) {
      MlirOperation k = mlirOperationClone(mlirOpResultGetOwner(c->values[i]));
      mlirBlockAppendOwnedOperation(body, k);
      inside[i] = mlirOperationGetResult(k, 0);
    } else {
      inside[i] = mlirBlockGetArgument(body, arg++);
    }
  }
  remap_t map = {c, inside};
  for (size_t i = 0; i < s->group_count; ++i) {
    mlirOperationRemoveFromParent(s->group[i]);
    mlirBlockAppendOwnedOperation(body, s->group[i]);
    mlirOperationWalk(s->group[i], remap_op, &map, MlirWalkPreOrder);
  }
  MlirOperationState ret = mlirOperationStateGet(strata_sref("func.return"), loc);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&ret));
  free(types);
  free(inside);
  free(locs);
  return func;
}

/* Outlines s->group (non-empty), unless a result escapes it. */
static void outline(kernels_t *ks, scan_t *s) {
  captures_t caps = {0};
  s->captures = &caps;
  for (size_t i = 0; i < s->group_count; ++i)
    mlirOperationWalk(s->group[i], scan_op, s, MlirWalkPreOrder);
  if (s->failed || results_escape(s)) {
    free(caps.values);
    free(caps.is_constant);
    return;
  }
  MlirOperation last = s->group[s->group_count - 1];
  MlirValue *args = malloc((caps.count + 1) * sizeof *args);
  intptr_t nargs = 0;
  for (size_t i = 0; i < caps.count; ++i)
    if (!caps.is_constant[i])
      args[nargs++] = caps.values[i];
  MlirContext ctx = mlirOperationGetContext(last);
  strata_builder_t b = strata_builder_before(last);
  MlirNamedAttribute callee =
      strata_named(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, strata_sref(PREFIX "new")));
  MlirOperation call = strata_build_op(&b, "func.call", nargs, args, 0, NULL, 1, &callee);
  char name[64];
  MlirOperation func = build_kernel(s, last);
  mark_noalias(func, args, nargs);
  name_or_merge(ks, func, name, sizeof name);
  mlirOperationSetAttributeByName(call, strata_sref("callee"),
                                  mlirFlatSymbolRefAttrGet(ctx, strata_sref(name)));
  ++ks->outlined;
  free(args);
  free(caps.values);
  free(caps.is_constant);
}

/* Ops that may sit between a kernel's nests and stay where they are (the
 * call goes after them): they define values and touch no memory. */
static bool is_transparent(MlirOperation op) {
  static const char *const names[] = {
      "arith.constant", "memref.get_global", "memref.alloc", "tir.alloc_buffer",
      "memref.collapse_shape", "memref.expand_shape", "memref.subview", "memref.view",
      "memref.cast", "memref.reinterpret_cast", "memref.dim", "tensor.cast", NULL};
  for (const char *const *n = names; *n; ++n)
    if (strata_op_is(op, *n))
      return true;
  return false;
}

/* Splits a block into kernels: runs of ops with regions (skipping
 * transparent ops), each ending after a nest carrying `te.compute` or
 * before any other op. */
static void outline_block(kernels_t *ks, MlirBlock block) {
  strata_op_list_t ops = {0}, group = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    strata_op_list_push(&ops, op);
  for (size_t i = 0; i <= ops.count; ++i) {
    MlirOperation op = i < ops.count ? ops.ops[i] : (MlirOperation){NULL};
    bool region = !mlirOperationIsNull(op) && mlirOperationGetNumRegions(op) > 0;
    if (region)
      strata_op_list_push(&group, op);
    bool ends = region ? !mlirAttributeIsNull(mlirOperationGetAttributeByName(
                             op, strata_sref("te.compute")))
                       : mlirOperationIsNull(op) || !is_transparent(op);
    if (ends && group.count > 0) {
      scan_t s = {.group = group.ops, .group_count = group.count, .block = block};
      outline(ks, &s);
      group.count = 0;
    }
  }
  strata_op_list_free(&ops);
  strata_op_list_free(&group);
}

static bool is_public_definition(MlirOperation op) {
  if (!strata_op_is(op, "func.func") ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
    return false;
  MlirAttribute vis = mlirOperationGetAttributeByName(op, strata_sref("sym_visibility"));
  return mlirAttributeIsNull(vis) || strata_str_eq(mlirStringAttrGetValue(vis), "public");
}

/* The pass; its record (argument, summary, options): passes/strata/strata_passes.def. */
MlirLogicalResult strata_outline_kernels_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  kernels_t ks = {.table = mlirSymbolTableCreate(module), .module = module};
  strata_op_list_t funcs = {0};
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (is_public_definition(op))
      strata_op_list_push(&funcs, op);
  for (size_t f = 0; f < funcs.count; ++f)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(funcs.ops[f], 0));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      outline_block(&ks, b);
  MlirContext ctx = mlirOperationGetContext(module);
  mlirOperationSetDiscardableAttributeByName(
      module, strata_sref("strata.kernels"),
      mlirArrayAttrGet(ctx, 2,
                       (MlirAttribute[]){
                           mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), (int64_t)ks.outlined),
                           mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), (int64_t)ks.count)}));
  for (size_t i = 0; i < ks.count; ++i)
    free(ks.items[i].text);
  free(ks.items);
  strata_op_list_free(&funcs);
  mlirSymbolTableDestroy(ks.table);
  return mlirLogicalResultSuccess();
}
