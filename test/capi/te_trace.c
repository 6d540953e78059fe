/* C test of the schedule-trace decoder (dialects/te/te_trace.h): a trace of
 * every primitive decoded into typed steps (fixed values and knobs), each
 * kind of decoding error with its message, resolving knobs (first choice, a
 * choice index, an invalid chosen value), re-encoding as an attribute, and
 * the loop names and extents after split, tile, fuse and reorder. */
// RUN: capi-te_trace 2>&1 | FileCheck %s
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "dialects/te/te_trace.h"
#include "strata/strata.h"

static MlirContext ctx;

static MlirAttribute parse(const char *text) {
  MlirAttribute a = mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
  if (mlirAttributeIsNull(a))
    printf("cannot parse: %s\n", text);
  return a;
}

static void print_str(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stdout);
}

static void print_value(const strata_te_decision_t *d) {
  const strata_te_value_t *v = &d->value;
  switch (d->value_kind) {
  case STRATA_TE_VALUE_NAME:
  case STRATA_TE_VALUE_SYMBOL:
    printf("%.*s", (int)v->name.length, v->name.data);
    break;
  case STRATA_TE_VALUE_NAMES:
    for (int i = 0; i < v->count; ++i)
      printf("%s%.*s", i ? "," : "", (int)v->names[i].length, v->names[i].data);
    break;
  case STRATA_TE_VALUE_FACTORS:
    for (int i = 0; i < v->count; ++i)
      printf("%s%lld", i ? "," : "", (long long)v->factors[i]);
    break;
  case STRATA_TE_VALUE_POSITIVE:
  case STRATA_TE_VALUE_NONNEGATIVE:
    printf("%lld", (long long)v->integer);
    break;
  case STRATA_TE_VALUE_SCOPE:
    printf("%s", strata_tir_scope_name(v->scope));
    break;
  case STRATA_TE_VALUE_BOOL:
    printf("%s", v->flag ? "true" : "false");
    break;
  }
}

static void print_step(const strata_te_step_t *s) {
  printf("step %ld %s:", s->index, strata_te_prim_name(s->prim));
  const strata_te_decision_t *d[8];
  int n = strata_te_step_decisions(s, d);
  for (int i = 0; i < n; ++i) {
    printf(" %s=", d[i]->field);
    if (d[i]->kind == STRATA_TE_DECISION_FIXED)
      print_value(d[i]);
    else if (d[i]->parts)
      printf("knob(%.*s parts %lld)", (int)d[i]->knob.length, d[i]->knob.data,
             (long long)d[i]->parts);
    else
      printf("knob(%.*s, %zu choices%s)", (int)d[i]->knob.length, d[i]->knob.data,
             strata_te_decision_num_choices(d[i]),
             strata_te_decision_choices_are_ints(d[i]) ? ", ints" : "");
  }
  printf("%s\n", strata_te_step_enabled(s) ? "" : " (disabled)");
}

static void decode_and_print(const char *text) {
  strata_te_trace_t t;
  strata_te_trace_error_t err;
  if (!strata_te_trace_decode(parse(text), &t, &err)) {
    char msg[512];
    printf("error: %s\n", strata_te_trace_error_str(&err, "", msg, sizeof msg));
    return;
  }
  for (size_t i = 0; i < t.count; ++i)
    print_step(&t.steps[i]);
  printf("knobs: %d\n", strata_te_trace_has_knobs(&t));
  strata_te_trace_free(&t);
}

static void expect_error(const char *text) {
  strata_te_trace_t t;
  strata_te_trace_error_t err;
  char msg[512];
  if (strata_te_trace_decode(parse(text), &t, &err)) {
    printf("no error for %s\n", text);
    strata_te_trace_free(&t);
    return;
  }
  printf("error: %s\n", strata_te_trace_error_str(&err, " of compute 'c'", msg, sizeof msg));
}

/* A chooser returning a value of the wrong kind. */
static MlirAttribute choose_string(void *user, const strata_te_step_t *step,
                                   const strata_te_decision_t *knob) {
  (void)user, (void)step, (void)knob;
  return parse("\"eight\"");
}

static void resolve_and_print(const char *text, strata_te_choose_fn choose, void *user) {
  strata_te_trace_t t;
  strata_te_trace_error_t err;
  char msg[512];
  if (!strata_te_trace_decode(parse(text), &t, &err))
    return;
  if (!strata_te_trace_resolve(&t, choose, user, &err)) {
    printf("resolve error: %s\n", strata_te_trace_error_str(&err, "", msg, sizeof msg));
  } else {
    printf("resolved: ");
    mlirAttributePrint(strata_te_trace_attr(ctx, &t), print_str, NULL);
    printf("\nknobs left: %d\n", strata_te_trace_has_knobs(&t));
  }
  strata_te_trace_free(&t);
}

static void print_nest(const strata_te_loops_t *l) {
  printf("nest:");
  for (int p = 0; p < l->depth; ++p) {
    const strata_te_loop_t *x = &l->loops[l->nest[p]];
    printf(" %s[%lld]", x->name, (long long)x->extent);
  }
  printf("\n");
}

static const char MODULE[] =
    "func.func @f(%a: tensor<10x12x6xf32>) -> tensor<10x12xf32> {\n"
    "  %r = \"te.compute\"() ({\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %x = \"te.read\"(%a, %i, %j, %k) : (tensor<10x12x6xf32>, index, index, index) -> f32\n"
    "    gpu.yield %x : f32\n"
    "  }) {name = \"sum\", reduce_extents = array<i64: 6>, combiner = \"add\", init = 0.0 : f32}"
    " : () -> tensor<10x12xf32>\n"
    "  return %r : tensor<10x12xf32>\n"
    "}\n";

static void simulate(const char *text) {
  MlirOperation module = strata_parse_module(ctx, mlirStringRefCreateFromCString(MODULE),
                                             mlirStringRefCreateFromCString("m.mlir"));
  MlirOperation func = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)));
  MlirOperation compute =
      mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  strata_te_loops_t loops;
  strata_te_loops_init(&loops, compute);
  print_nest(&loops);
  strata_te_trace_t t;
  strata_te_trace_error_t err;
  if (strata_te_trace_decode(parse(text), &t, &err)) {
    for (size_t i = 0; i < t.count; ++i) {
      strata_te_loops_step(&loops, &t.steps[i]);
      print_nest(&loops);
    }
    strata_te_trace_free(&t);
  }
  int fused = strata_te_loops_find(&loops, mlirStringRefCreateFromCString("d1.0+d0.1.1"));
  printf("fused parts: %d, axis %d\n", fused >= 0 ? loops.loops[fused].num_parts : -1,
         fused >= 0 ? loops.loops[fused].axis : 99);
  mlirOperationDestroy(module);
}

int main(void) {
  ctx = strata_context_create();

  // CHECK: step 0 split: axis=d0 factors=4,2
  // CHECK-NEXT: step 1 tile: axes=d0.0,d1 factors=knob(t parts 3)
  // CHECK-NEXT: step 2 fuse: axes=a,b
  // CHECK-NEXT: step 3 reorder: order=knob(o, 2 choices)
  // CHECK-NEXT: step 4 parallel: axis=a+b
  // CHECK-NEXT: step 5 vectorize: axis=x
  // CHECK-NEXT: step 6 unroll: axis=x factor=knob(u, 2 choices, ints)
  // CHECK-NEXT: step 7 cache_read: enabled=knob(pack, 2 choices) input=1 scope=packed transpose=true width=8
  // CHECK-NEXT: step 8 cache_write: axis=y enabled=false scope=local (disabled)
  // CHECK-NEXT: step 9 tensorize: axis=z intrinsic=fma_8x8
  // CHECK-NEXT: step 10 compute_inline:
  // CHECK-NEXT: step 11 compute_at: axis=d0 target=c2
  // CHECK-NEXT: knobs: 1
  decode_and_print(
      "[{prim = \"split\", axis = \"d0\", factors = array<i64: 4, 2>},"
      " {prim = \"tile\", axes = [\"d0.0\", \"d1\"], factors = {knob = \"t\", parts = 3}},"
      " {prim = \"fuse\", axes = [\"a\", \"b\"]},"
      " {prim = \"reorder\", order = {knob = \"o\", choices = [[\"a\", \"b\"], [\"b\", \"a\"]]}},"
      " {prim = \"parallel\", axis = \"a+b\"}, {prim = \"vectorize\", axis = \"x\"},"
      " {prim = \"unroll\", axis = \"x\", factor = {knob = \"u\", choices = [2, 4]}},"
      " {prim = \"cache_read\", input = 1, scope = \"packed\", width = 8, transpose = true,"
      "  enabled = {knob = \"pack\", choices = [true, false]}},"
      " {prim = \"cache_write\", scope = \"local\", axis = \"y\", enabled = false},"
      " {prim = \"tensorize\", axis = \"z\", intrinsic = @fma_8x8},"
      " {prim = \"compute_inline\"}, {prim = \"compute_at\", target = \"c2\", axis = \"d0\"}]");
  // CHECK-NEXT: knobs: 0
  decode_and_print("[]");

  // Every kind of decoding error.
  // CHECK: error: 'schedule' of compute 'c' must be an array of step dictionaries
  expect_error("{prim = \"split\"}");
  // CHECK: error: 'schedule' of compute 'c' must be an array of step dictionaries
  expect_error("[\"split\"]");
  // CHECK: error: schedule step #0 of compute 'c': missing field 'prim'
  expect_error("[{axis = \"d0\"}]");
  // CHECK: error: schedule step #0 of compute 'c': 'prim' must be a string
  expect_error("[{prim = 3}]");
  // CHECK: error: schedule step #1 of compute 'c': unknown primitive "splt"
  expect_error("[{prim = \"parallel\", axis = \"d0\"}, {prim = \"splt\"}]");
  // CHECK: error: schedule step #0 (split) of compute 'c': unknown field 'factor'
  expect_error("[{prim = \"split\", axis = \"d0\", factor = 2}]");
  // CHECK: error: schedule step #0 (split) of compute 'c': missing field 'factors'
  expect_error("[{prim = \"split\", axis = \"d0\"}]");
  // CHECK: error: schedule step #0 (split) of compute 'c': 'factors' must be a non-empty array<i64: ...> of positive factors or a knob
  expect_error("[{prim = \"split\", axis = \"d0\", factors = array<i64: 0>}]");
  // CHECK: error: schedule step #0 (fuse) of compute 'c': 'axes' must be a non-empty array of non-empty strings
  expect_error("[{prim = \"fuse\", axes = [\"a\", \"\"]}]");
  // CHECK: error: schedule step #0 (cache_write) of compute 'c': 'scope' must be one of "global", "local" or "packed"
  expect_error("[{prim = \"cache_write\", scope = \"shared\"}]");
  // CHECK: error: schedule step #0 (tensorize) of compute 'c': 'intrinsic' must be a symbol reference or a knob
  expect_error("[{prim = \"tensorize\", axis = \"z\", intrinsic = \"fma\"}]");
  // CHECK: error: schedule step #0 (cache_read) of compute 'c': 'input' must be a non-negative integer
  expect_error("[{prim = \"cache_read\", input = -1, scope = \"packed\"}]");
  // CHECK: error: schedule step #0 (split) of compute 'c': 'factors' holds more than 16 entries
  expect_error("[{prim = \"split\", axis = \"d0\", factors = array<i64: 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1>}]");
  // CHECK: error: schedule step #0 (parallel) of compute 'c': 'axis' is not tunable
  expect_error("[{prim = \"parallel\", axis = {knob = \"p\", choices = [\"d0\"]}}]");
  // CHECK: error: schedule step #0 (split) of compute 'c': knob in 'factors' needs a non-empty 'knob' name
  expect_error("[{prim = \"split\", axis = \"d0\", factors = {knob = \"\", parts = 2}}]");
  // CHECK: error: schedule step #0 (split) of compute 'c': knob 'k' has unknown key 'choice'
  expect_error("[{prim = \"split\", axis = \"d0\", factors = {knob = \"k\", choice = []}}]");
  // CHECK: error: schedule step #0 (split) of compute 'c': knob 'k' needs either a non-empty 'choices' array or a 'parts' count
  expect_error("[{prim = \"split\", axis = \"d0\", factors = {knob = \"k\", choices = [], parts = 2}}]");
  // CHECK: error: schedule step #0 (unroll) of compute 'c': knob 'u': 'parts' must be an integer >= 2 and only applies to 'factors'
  expect_error("[{prim = \"unroll\", axis = \"d0\", factor = {knob = \"u\", parts = 2}}]");
  // CHECK: error: schedule step #0 (unroll) of compute 'c': choice #1 of knob 'u' must be a positive integer
  expect_error("[{prim = \"unroll\", axis = \"d0\", factor = {knob = \"u\", choices = [2, 0]}}]");
  // CHECK: error: schedule step #0 (parallel) of compute 'c': 'enabled' must be true or false or a knob
  expect_error("[{prim = \"parallel\", axis = \"d0\", enabled = 1 : i64}]");

  // Resolving: first choices (parts knobs stay), a choice index, a bad value.
  const char *knobbed =
      "[{prim = \"split\", axis = \"d0\", factors = {knob = \"t\", parts = 2}},"
      " {prim = \"unroll\", axis = \"d0.1\", factor = {knob = \"u\", choices = [2, 4]}},"
      " {prim = \"parallel\", axis = \"d0.0\", enabled = {knob = \"p\", choices = [true, false]}}]";
  // CHECK: resolved: [{axis = "d0", factors = {knob = "t", parts = 2 : i64}, prim = "split"}, {axis = "d0.1", factor = 2 : i64, prim = "unroll"}, {axis = "d0.0", enabled = true, prim = "parallel"}]
  // CHECK-NEXT: knobs left: 1
  resolve_and_print(knobbed, NULL, NULL);
  size_t second = 1;
  // CHECK: resolved: [{{.*}}factor = 4 : i64{{.*}}enabled = false
  resolve_and_print(knobbed, strata_te_choose_index, &second);
  // CHECK: resolve error: schedule step #0 (split): the value chosen for knob 't' must be a non-empty array<i64: ...> of positive factors
  resolve_and_print(knobbed, choose_string, NULL);

  // Loop names: d0[10] d1[12] r0[6]; split d0 by 4; tile d0.1, d1 by 2, 4;
  // fuse d0.0 with d1.0 (its parts stay known); reorder.
  // CHECK: nest: d0[10] d1[12] r0[6]
  // CHECK-NEXT: nest: d0.0[3] d0.1[4] d1[12] r0[6]
  // CHECK-NEXT: nest: d0.0[3] d0.1.0[2] d1.0[3] d0.1.1[2] d1.1[4] r0[6]
  // CHECK-NEXT: nest: d0.0[3] d0.1.0[2] d1.0[3] d0.1.1[2] d1.1[4] r0[6]
  // CHECK-NEXT: nest: r0[6] d0.1.0[2] d1.0[3] d0.1.1[2] d1.1[4] d0.0[3]
  // CHECK-NEXT: nest: r0[6] d0.1.0[2] d1.0+d0.1.1[6] d1.1[4] d0.0[3]
  // CHECK-NEXT: fused parts: 2, axis -1
  simulate("[{prim = \"split\", axis = \"d0\", factors = array<i64: 4>},"
           " {prim = \"tile\", axes = [\"d0.1\", \"d1\"], factors = array<i64: 2, 4>},"
           " {prim = \"parallel\", axis = \"d0.0\"},"
           " {prim = \"reorder\", order = [\"r0\", \"d0.0\"]},"
           " {prim = \"fuse\", axes = [\"d1.0\", \"d0.1.1\"]}]");
  mlirContextDestroy(ctx);
  return 0;
}
