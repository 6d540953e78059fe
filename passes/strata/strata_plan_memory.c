/* strata-plan-memory: static memory planning. In each function, the
 * intermediate buffers allocated at its top level (memref.alloc of static
 * shape, freed before the return) are placed in one arena allocated once
 * per call: each buffer lives from its allocation to its last use (through
 * views: collapse/expand_shape, subview, ...), and buffers whose lifetimes
 * do not overlap share bytes. Each alloc becomes a memref.view of the
 * arena at its planned offset, its dealloc goes, and the arena is freed
 * before each return. The plan is recorded in the module attribute
 * `strata.memory_plan` (strata-run --stats). Runs on scf + memref, after
 * convert-tir-to-scf. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/MemRef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "core/text.h"
#include "dialects/op_checks.h"
#include "passes/strata/strata_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define ALIGNMENT 64
#define PLAN_ATTR "strata.memory_plan"

typedef struct {
  MlirOperation alloc;
  int64_t bytes, offset;
  size_t first, last; /* top-level op indices: allocation, last use */
} buffer_t;

typedef struct {
  buffer_t *items;
  size_t count, cap;
} buffers_t;

/* Bytes of one element of a planned buffer; 0 when not plannable. */
static int64_t element_bytes(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return ((int64_t)mlirIntegerTypeGetWidth(t) + 7) / 8;
  if (mlirTypeIsAFloat(t))
    return ((int64_t)mlirFloatTypeGetWidth(t) + 7) / 8;
  return 0;
}

/* The byte size of an alloc's static, identity-layout memref; 0 when the
 * buffer cannot be planned (dynamic sizes, operands, other layouts). */
static int64_t alloc_bytes(MlirOperation alloc) {
  if (mlirOperationGetNumOperands(alloc) != 0)
    return 0;
  MlirType type = mlirValueGetType(mlirOperationGetResult(alloc, 0));
  if (!mlirTypeIsAMemRef(type) || !mlirShapedTypeHasStaticShape(type) ||
      !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)) ||
      !mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(type)))
    return 0;
  int64_t n = element_bytes(mlirShapedTypeGetElementType(type));
  for (intptr_t d = 0; n > 0 && d < mlirShapedTypeGetRank(type); ++d) {
    int64_t e = mlirShapedTypeGetDimSize(type, d);
    if (e != 0 && n > INT64_MAX / e)
      return 0;
    n *= e;
  }
  return n;
}

/* The op of `block` that holds `op` (op itself or an ancestor). */
static MlirOperation top_level(MlirOperation op, MlirBlock block) {
  while (!mlirOperationIsNull(op) && !mlirBlockEqual(mlirOperationGetBlock(op), block))
    op = mlirOperationGetParentOperation(op);
  return op;
}

static size_t index_of(MlirOperation op) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(op, strata_sref("strata.plan_index"));
  return (size_t)mlirIntegerAttrGetValueInt(a);
}

/* Ops through which a buffer leaves what this pass can follow: region
 * terminators (the value flows into the parent's results or another
 * block), pointer extraction, casts to other types. */
static bool escapes_through(MlirOperation user) {
  static const char *const names[] = {
      "func.return",        "llvm.return",        "scf.yield",
      "scf.condition",      "scf.reduce.return",  "affine.yield",
      "cf.br",              "cf.cond_br",         "memref.alloca_scope.return",
      "omp.yield",          "omp.terminator",     "builtin.unrealized_conversion_cast",
      "memref.extract_aligned_pointer_as_index",
  };
  for (size_t i = 0; i < STRATA_COUNTOF(names); ++i)
    if (strata_op_is(user, names[i]))
      return true;
  return false;
}

/* Extends *last over every use of `v` and of views of it; false when the
 * buffer escapes (returned, yielded out of a region, or its pointer taken
 * by an op this pass does not know), so it must stay a heap buffer. */
static bool last_use(MlirValue v, MlirBlock block, size_t *last, int depth) {
  if (depth > 64)
    return false;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (strata_op_is(user, "memref.dealloc"))
      continue;
    if (escapes_through(user))
      return false;
    MlirOperation top = top_level(user, block);
    if (mlirOperationIsNull(top))
      return false;
    size_t i = index_of(top);
    if (i > *last)
      *last = i;
    /* A memref result of a user is a view (or may alias): follow it. */
    for (intptr_t r = 0; r < mlirOperationGetNumResults(user); ++r) {
      MlirValue res = mlirOperationGetResult(user, r);
      if (mlirTypeIsAMemRef(mlirValueGetType(res)) && !last_use(res, block, last, depth + 1))
        return false;
    }
  }
  return true;
}

static int larger_first(const void *a, const void *b) {
  const buffer_t *x = a, *y = b;
  if (x->bytes != y->bytes)
    return x->bytes > y->bytes ? -1 : 1;
  return x->first < y->first ? -1 : x->first > y->first;
}

static int by_offset(const void *a, const void *b) {
  const buffer_t *x = *(buffer_t *const *)a, *y = *(buffer_t *const *)b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Greedy by size: each buffer, largest first, at the lowest aligned offset
 * free of the already placed buffers whose lifetimes overlap its own.
 * Returns the arena's size. */
static int64_t place(buffers_t *bufs) {
  qsort(bufs->items, bufs->count, sizeof *bufs->items, larger_first);
  buffer_t **live = malloc((bufs->count + 1) * sizeof *live);
  int64_t arena = 0;
  for (size_t i = 0; i < bufs->count; ++i) {
    buffer_t *b = &bufs->items[i];
    size_t n = 0;
    for (size_t j = 0; j < i; ++j) {
      buffer_t *o = &bufs->items[j];
      if (o->first <= b->last && b->first <= o->last)
        live[n++] = o;
    }
    qsort(live, n, sizeof *live, by_offset);
    int64_t offset = 0;
    for (size_t j = 0; j < n; ++j) {
      if (offset + b->bytes <= live[j]->offset)
        break;
      int64_t end = live[j]->offset + live[j]->bytes;
      end = (end + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
      if (end > offset)
        offset = end;
    }
    b->offset = offset;
    if (offset + b->bytes > arena)
      arena = offset + b->bytes;
  }
  free(live);
  return (arena + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
}

/* Replaces each planned alloc with a view of the arena allocated at the top
 * of `block`; drops their deallocs; frees the arena before each return. */
static void rewrite(MlirBlock block, buffers_t *bufs, int64_t arena_bytes) {
  MlirOperation first = mlirBlockGetFirstOperation(block);
  strata_builder_t b = strata_builder_before(first);
  MlirContext ctx = mlirLocationGetContext(b.loc);
  int64_t shape[1] = {arena_bytes};
  MlirType arena_type = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 8), 1, shape,
                                                    mlirAttributeGetNull());
  MlirNamedAttribute align =
      strata_named(ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), ALIGNMENT));
  MlirNamedAttribute segments =
      strata_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, (int32_t[]){0, 0}));
  MlirNamedAttribute attrs[2] = {align, segments};
  MlirValue arena = strata_build_value(&b, "memref.alloc", 0, NULL, arena_type, 2, attrs);
  for (size_t i = 0; i < bufs->count; ++i) {
    MlirOperation alloc = bufs->items[i].alloc;
    MlirValue old = mlirOperationGetResult(alloc, 0);
    strata_builder_t at = strata_builder_before(alloc);
    MlirValue offset = strata_build_index(&at, bufs->items[i].offset);
    MlirValue operands[2] = {arena, offset};
    MlirValue view =
        strata_build_value(&at, "memref.view", 2, operands, mlirValueGetType(old), 0, NULL);
    strata_op_list_t deallocs = {0};
    for (MlirOpOperand u = mlirValueGetFirstUse(old); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u))
      if (strata_op_is(mlirOpOperandGetOwner(u), "memref.dealloc"))
        strata_op_list_push(&deallocs, mlirOpOperandGetOwner(u));
    for (size_t d = 0; d < deallocs.count; ++d)
      mlirOperationDestroy(deallocs.ops[d]);
    strata_op_list_free(&deallocs);
    mlirValueReplaceAllUsesOfWith(old, view);
    mlirOperationDestroy(alloc);
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (strata_op_is(op, "func.return")) {
      strata_builder_t at = strata_builder_before(op);
      strata_build_op(&at, "memref.dealloc", 1, &arena, 0, NULL, 0, NULL);
    }
  }
}

typedef struct {
  int64_t arena, separate, planned, unplanned;
} plan_stats_t;

/* Plans the entry block of one function. */
static plan_stats_t plan_block(MlirBlock block) {
  plan_stats_t s = {0};
  MlirContext ctx = mlirOperationGetContext(mlirBlockGetParentOperation(block));
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  size_t n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    mlirOperationSetDiscardableAttributeByName(op, strata_sref("strata.plan_index"),
                                               mlirIntegerAttrGet(i64, (int64_t)n++));
  buffers_t bufs = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!strata_op_is(op, "memref.alloc"))
      continue;
    buffer_t b = {.alloc = op, .bytes = alloc_bytes(op), .first = index_of(op)};
    b.last = b.first;
    if (b.bytes <= 0 || !last_use(mlirOperationGetResult(op, 0), block, &b.last, 0)) {
      s.unplanned++;
      continue;
    }
    if (bufs.count == bufs.cap) {
      bufs.cap = bufs.cap ? 2 * bufs.cap : 64;
      bufs.items = realloc(bufs.items, bufs.cap * sizeof *bufs.items);
    }
    bufs.items[bufs.count++] = b;
    s.separate += b.bytes;
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    mlirOperationRemoveDiscardableAttributeByName(op, strata_sref("strata.plan_index"));
  s.planned = (int64_t)bufs.count;
  if (bufs.count > 0) {
    s.arena = place(&bufs);
    rewrite(block, &bufs, s.arena);
  }
  free(bufs.items);
  return s;
}

static MlirNamedAttribute stat(MlirContext ctx, const char *name, int64_t v) {
  return strata_named(ctx, name, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v));
}

/* The pass; its record (argument, summary, options): passes/strata/strata_passes.def. */
MlirLogicalResult strata_plan_memory_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  MlirContext ctx = mlirOperationGetContext(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  strata_op_list_t funcs = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (strata_op_is(op, "func.func") &&
        !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      strata_op_list_push(&funcs, op);
  MlirNamedAttribute *entries = malloc((funcs.count + 1) * sizeof *entries);
  for (size_t i = 0; i < funcs.count; ++i) {
    MlirOperation f = funcs.ops[i];
    plan_stats_t s = plan_block(mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0)));
    MlirNamedAttribute fields[4] = {
        stat(ctx, "arena_bytes", s.arena), stat(ctx, "planned_buffers", s.planned),
        stat(ctx, "separate_bytes", s.separate), stat(ctx, "unplanned_buffers", s.unplanned)};
    MlirAttribute name = mlirOperationGetAttributeByName(f, strata_sref("sym_name"));
    entries[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringAttrGetValue(name)), mlirDictionaryAttrGet(ctx, 4, fields));
  }
  mlirOperationSetDiscardableAttributeByName(
      module, strata_sref(PLAN_ATTR), mlirDictionaryAttrGet(ctx, (intptr_t)funcs.count, entries));
  free(entries);
  strata_op_list_free(&funcs);
  return mlirLogicalResultSuccess();
}
