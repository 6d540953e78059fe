/* strata-instrument-profile: times each kernel of a model. In every public
 * function it wraps each kernel (the loop nests one te compute became, a
 * func.call, a memref.copy) in calls to the runtime's timers
 * strata_profile_begin(id) / strata_profile_end(id)
 * (runtime/profile_kernels.h), and lists the kernels' names, in id order,
 * in the module attribute `strata.profile_kernels`, for strata-run
 * --profile to print. Runs on tir (after tir-apply-schedule), before
 * strata-lower-to-llvm. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/Func.h>
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

#define BEGIN_FN "strata_profile_begin"
#define END_FN "strata_profile_end"
#define NAMES_ATTR "strata.profile_kernels"

typedef struct {
  MlirContext ctx;
  MlirAttribute *names;
  intptr_t count, cap;
  bool failed;
} profile_t;

static MlirAttribute get_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, strata_sref(name));
}

/* "node 'conv1' (Conv)" from loc("node 'conv1' (Conv)"(...)); a file
 * location as file:line:col; anything else as MLIR prints it. */
static void location_label(MlirLocation loc, char *buf, size_t size) {
  strata_text_t t = {0};
  mlirLocationPrint(loc, strata_text_append_cb, &t);
  const char *s = strata_text_str(&t), *q;
  if (!strncmp(s, "loc(\"", 5) && (q = strchr(s + 5, '"')) && q[1] == '(')
    snprintf(buf, size, "%.*s", (int)(q - s - 5), s + 5);
  else
    strata_location_text(loc, buf, size);
  strata_text_free(&t);
}

/* The kernel's name: what it is (the te compute, the callee, "copy",
 * "loops") and the model node it comes from. */
static MlirAttribute kernel_name(MlirContext ctx, MlirOperation op) {
  char what[256], where[512], text[800];
  MlirAttribute compute = get_attr(op, "te.compute");
  if (strata_op_is(op, "func.call")) {
    MlirStringRef callee = mlirFlatSymbolRefAttrGetValue(get_attr(op, "callee"));
    snprintf(what, sizeof what, "call @%.*s", (int)callee.length, callee.data);
  } else if (strata_op_is(op, "memref.copy")) {
    snprintf(what, sizeof what, "copy");
  } else if (!mlirAttributeIsNull(compute) && mlirAttributeIsAString(compute)) {
    MlirStringRef c = mlirStringAttrGetValue(compute);
    snprintf(what, sizeof what, "%.*s", (int)c.length, c.data);
  } else {
    snprintf(what, sizeof what, "loops");
  }
  location_label(mlirOperationGetLocation(op), where, sizeof where);
  snprintf(text, sizeof text, "%s  %s", what, where);
  return mlirStringAttrGet(ctx, strata_sref(text));
}

static void call_timer(MlirOperation before, const char *fn, int64_t id) {
  strata_builder_t b = strata_builder_before(before);
  MlirContext ctx = mlirLocationGetContext(b.loc);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirValue v = strata_build_scalar(&b, i64, (double)id);
  MlirNamedAttribute callee =
      strata_named(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, strata_sref(fn)));
  strata_build_op(&b, "func.call", 1, &v, 0, NULL, 1, &callee);
}

/* Times [first, last] (ops of one block, first before last) as kernel
 * number p->count, named after `named`. */
static void instrument(profile_t *p, MlirOperation first, MlirOperation last,
                       MlirOperation named) {
  if (p->count == p->cap) {
    intptr_t cap = p->cap ? 2 * p->cap : 64;
    MlirAttribute *grown = realloc(p->names, (size_t)cap * sizeof *grown);
    if (!grown) {
      p->failed = true;
      return;
    }
    p->names = grown;
    p->cap = cap;
  }
  int64_t id = p->count;
  p->names[p->count++] = kernel_name(p->ctx, named);
  call_timer(first, BEGIN_FN, id);
  call_timer(mlirOperationGetNextInBlock(last), END_FN, id);
}

static bool is_profile_call(MlirOperation op) {
  if (!strata_op_is(op, "func.call"))
    return false;
  MlirStringRef callee = mlirFlatSymbolRefAttrGetValue(get_attr(op, "callee"));
  return strata_str_eq(callee, BEGIN_FN) || strata_str_eq(callee, END_FN);
}

/* The kernels of one block: a func.call or memref.copy alone; loop nests
 * (ops with regions) grouped up to and including the nest carrying
 * `te.compute`, so a compute's init and packing nests count with it. */
static void instrument_block(profile_t *p, MlirBlock block) {
  strata_op_list_t ops = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    strata_op_list_push(&ops, op);
  MlirOperation start = {NULL}, last = {NULL};
  for (size_t i = 0; i < ops.count; ++i) {
    MlirOperation op = ops.ops[i];
    bool single = (strata_op_is(op, "func.call") && !is_profile_call(op)) ||
                  strata_op_is(op, "memref.copy");
    if (single || mlirOperationIsNull(mlirOperationGetNextInBlock(op))) {
      if (!mlirOperationIsNull(start))
        instrument(p, start, last, last);
      start.ptr = NULL;
      if (single)
        instrument(p, op, op, op);
      continue;
    }
    if (mlirOperationGetNumRegions(op) == 0)
      continue;
    if (mlirOperationIsNull(start))
      start = op;
    last = op;
    if (!mlirAttributeIsNull(get_attr(op, "te.compute"))) {
      instrument(p, start, op, op);
      start.ptr = NULL;
    }
  }
  strata_op_list_free(&ops);
}

static void declare(MlirOperation module, MlirSymbolTable table, const char *fn) {
  if (!mlirOperationIsNull(mlirSymbolTableLookup(table, strata_sref(fn))))
    return;
  char text[128];
  snprintf(text, sizeof text, "func.func private @%s(i64)", fn);
  MlirContext ctx = mlirOperationGetContext(module);
  MlirOperation decl =
      mlirOperationCreateParse(ctx, strata_sref(text), strata_sref("strata-instrument-profile"));
  mlirSymbolTableInsert(table, decl);
}

/* The pass; its record (argument, summary, options): passes/strata/strata_passes.def. */
MlirLogicalResult strata_instrument_profile_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  profile_t p = {.ctx = mlirOperationGetContext(module)};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute vis = get_attr(op, "sym_visibility");
    if (!strata_op_is(op, "func.func") || mlirRegionIsNull(mlirOperationGetRegion(op, 0)) ||
        (!mlirAttributeIsNull(vis) && !strata_str_eq(mlirStringAttrGetValue(vis), "public")))
      continue;
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      instrument_block(&p, b);
  }
  if (p.failed) {
    free(p.names);
    return strata_emit_error(module, "strata-instrument-profile: out of memory");
  }
  if (p.count > 0) {
    MlirSymbolTable table = mlirSymbolTableCreate(module);
    declare(module, table, BEGIN_FN);
    declare(module, table, END_FN);
    mlirSymbolTableDestroy(table);
  }
  mlirOperationSetDiscardableAttributeByName(module, strata_sref(NAMES_ATTR),
                                             mlirArrayAttrGet(p.ctx, p.count, p.names));
  free(p.names);
  return mlirLogicalResultSuccess();
}
