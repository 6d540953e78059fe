/* convert-te-to-tir: lowers tensor-expression functions to tir loop nests
 * over memref buffers, in destination-passing style.
 *   function signature  tensor arguments -> memrefs of the same shape; one
 *                       memref argument appended per tensor result (its
 *                       destination); tensor results dropped (other results
 *                       kept); public definitions get `llvm.emit_c_interface`
 *   te.compute          a buffer (the destination argument when its result is
 *                       returned, else tir.alloc_buffer {scope = "global"}
 *                       freed before the return) and a tir.for nest: spatial
 *                       axes, then reduce axes; the body is moved into the
 *                       innermost loop; te.read -> memref.load; the yielded
 *                       value is stored (or combined into the init-filled
 *                       output for reductions); the outermost loop carries
 *                       `te.compute` (name) and `te.schedule` (verbatim)
 *   arith.constant of a dense / dense_resource tensor
 *                       -> private constant memref.global + memref.get_global
 *   tensor.dim          -> memref.dim
 *   tensor.extract      -> memref.load (an element read outside a compute:
 *                       a reshape's run-time target)
 *   tensor.collapse_shape -> memref.collapse_shape (a view, no copy: every
 *                       buffer here is contiguous with the identity layout)
 *   tensor.expand_shape -> memref.expand_shape (a view); a compute whose only
 *                       use is an expand_shape that is returned writes
 *                       straight into the (collapsed) destination
 *   tensor.cast         -> memref.cast (static <-> dynamic extents)
 *   func.call           tensor operands become memrefs; destination buffers
 *                       are passed for tensor results (a dynamic result whose
 *                       only use is a tensor.cast to a static type gets a
 *                       static buffer, memref.cast for the call: how a
 *                       library kernel declared on dynamic shapes is called)
 *   func.return         copies (memref.copy) returned values that were not
 *                       computed in place: arguments, constants, duplicates
 * Everything is checked before anything is rewritten: any other op using
 * tensors gets a located error and the pass fails, leaving the IR intact. */
#include <stdio.h>
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/ControlFlow.h>
#include <mlir-c/Dialect/Func.h>
#include <mlir-c/Dialect/MemRef.h>

#include "core/builder.h"
#include "core/text.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "lowering/lowering_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define MSG 256
enum { MAX_TENSOR_RANK = 16 };

static MlirAttribute get_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, strata_sref(name));
}

/* A growable array of values or ops. */
typedef struct {
  void **items;
  size_t count, cap;
} list_t;

static void list_push(list_t *l, const void *item) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->items = realloc(l->items, l->cap * sizeof *l->items);
  }
  l->items[l->count++] = (void *)item; /* handles of values/attributes are const */
}

/* The memref type a tensor type becomes (same shape and element type,
 * identity layout); null for unranked tensors and tensors with an encoding. */
static MlirType memref_of(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(t)))
    return (MlirType){NULL};
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t *shape = malloc((size_t)(rank + 1) * sizeof *shape);
  for (intptr_t i = 0; i < rank; ++i)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  MlirType m = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), rank, shape,
                                           mlirAttributeGetNull());
  free(shape);
  return m;
}

static bool uses_tensors(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return true;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

static MlirBlock func_entry(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/* Position of the first return operand that is `v`, or -1: where a compute
 * or call result is written in place (its destination argument). */
static intptr_t returned_at(MlirOperation ret, MlirValue v) {
  if (mlirOperationIsNull(ret))
    return -1;
  for (intptr_t p = 0; p < mlirOperationGetNumOperands(ret); ++p)
    if (mlirValueEqual(mlirOperationGetOperand(ret, p), v))
      return p;
  return -1;
}

/* ---- checks (nothing is rewritten unless all of them pass) ------------- */

static MlirLogicalResult check_convertible(MlirOperation op, const char *what, intptr_t i,
                                           MlirType t) {
  if (!mlirTypeIsATensor(t) || !mlirTypeIsNull(memref_of(t)))
    return mlirLogicalResultSuccess();
  char buf[MSG];
  return strata_emit_error(op,
                           "%s #%ld has type '%s', which has no memref equivalent (only ranked "
                           "tensors without an encoding convert)",
                           what, (long)i, strata_type_str(t, buf, sizeof buf));
}

static MlirLogicalResult check_results_convertible(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (mlirLogicalResultIsFailure(
            check_convertible(op, "result", i, mlirValueGetType(mlirOperationGetResult(op, i)))))
      return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult check_compute(MlirOperation op) {
  if (mlirLogicalResultIsFailure(check_results_convertible(op)))
    return mlirLogicalResultFailure();
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(op, 0)));
  if (strata_te_compute_num_reduce(op) > 0 && mlirTypeIsAInteger(elem) &&
      !mlirIntegerTypeIsSignless(elem)) {
    char buf[MSG];
    return strata_emit_error(op,
                             "reduction over element type '%s' is not supported by "
                             "convert-te-to-tir (arith needs signless integers)",
                             strata_type_str(elem, buf, sizeof buf));
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult check_constant(MlirOperation op) {
  if (mlirLogicalResultIsFailure(check_results_convertible(op)))
    return mlirLogicalResultFailure();
  MlirAttribute value = get_attr(op, "value");
  if (!mlirAttributeIsADenseElements(value) && !mlirAttributeIsADenseResourceElements(value))
    return strata_emit_error(op, "only dense and dense_resource tensor constants are supported "
                                 "by convert-te-to-tir");
  return mlirLogicalResultSuccess();
}

/* The tensor.cast to a static type that is the only use of v, or null. */
static MlirOperation static_cast_of(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  MlirOperation user = mlirOpOperandGetOwner(use);
  if (!strata_op_is(user, "tensor.cast") ||
      !mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(user, 0))))
    return (MlirOperation){NULL};
  return user;
}

static MlirLogicalResult check_call(MlirOperation op, MlirOperation ret) {
  if (mlirLogicalResultIsFailure(check_results_convertible(op)))
    return mlirLogicalResultFailure();
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    MlirType t = mlirValueGetType(r);
    if (mlirTypeIsATensor(t) && !mlirShapedTypeHasStaticShape(t) && returned_at(ret, r) < 0 &&
        mlirOperationIsNull(static_cast_of(r))) {
      char buf[MSG];
      return strata_emit_error(op,
                               "result #%ld of type '%s' has a dynamic shape and is not "
                               "returned, so convert-te-to-tir cannot size its destination buffer",
                               (long)i, strata_type_str(t, buf, sizeof buf));
    }
  }
  return mlirLogicalResultSuccess();
}

typedef struct {
  MlirOperation func, ret;
  bool uses_tensors, failed;
} check_state_t;

static MlirWalkResult check_op(MlirOperation op, void *user) {
  check_state_t *s = user;
  if (mlirOperationEqual(op, s->func) || strata_op_is(op, "te.read"))
    return MlirWalkResultAdvance;
  bool compute = strata_op_is(op, "te.compute");
  if (!compute && !uses_tensors(op))
    return MlirWalkResultAdvance;
  s->uses_tensors = true;
  bool constant = strata_op_is(op, "arith.constant"), call = strata_op_is(op, "func.call");
  if (!compute && !constant && !call && !strata_op_is(op, "tensor.dim") &&
      !strata_op_is(op, "tensor.extract") &&
      !strata_op_is(op, "tensor.collapse_shape") && !strata_op_is(op, "tensor.expand_shape") &&
      !strata_op_is(op, "tensor.cast") && !strata_op_is(op, "func.return")) {
    strata_emit_error(op, "is not supported by convert-te-to-tir: only te.compute, te.read, "
                          "tensor constants, tensor.dim, tensor.extract, tensor.collapse_shape / "
                          "expand_shape, tensor.cast, func.call and func.return may have tensor "
                          "operands or results");
    s->failed = true;
    return MlirWalkResultAdvance;
  }
  MlirOperation parent = mlirOperationGetParentOperation(op);
  bool dim_in_body = strata_op_is(op, "tensor.dim") && strata_op_is(parent, "te.compute");
  if (!mlirOperationEqual(parent, s->func) && !dim_in_body) {
    MlirStringRef p = mlirIdentifierStr(mlirOperationGetName(parent));
    strata_emit_error(op,
                      "uses tensors inside '%.*s'; convert-te-to-tir needs it directly in the "
                      "function body",
                      (int)p.length, p.data);
    s->failed = true;
    return MlirWalkResultAdvance;
  }
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (compute)
    r = check_compute(op);
  else if (constant)
    r = check_constant(op);
  else if (call)
    r = check_call(op, s->ret);
  if (mlirLogicalResultIsFailure(r))
    s->failed = true;
  return MlirWalkResultAdvance;
}

/* Checks one func.func: its signature and every op of its body. */
static MlirLogicalResult check_func(MlirOperation func) {
  MlirType type = mlirTypeAttrGetValue(get_attr(func, "function_type"));
  check_state_t s = {.func = func, .ret = {NULL}};
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(type); ++i) {
    MlirType t = mlirFunctionTypeGetInput(type, i);
    s.uses_tensors |= mlirTypeIsATensor(t);
    s.failed |= mlirLogicalResultIsFailure(check_convertible(func, "argument", i, t));
  }
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(type); ++i) {
    MlirType t = mlirFunctionTypeGetResult(type, i);
    s.uses_tensors |= mlirTypeIsATensor(t);
    s.failed |= mlirLogicalResultIsFailure(check_convertible(func, "result", i, t));
  }
  MlirBlock entry = func_entry(func);
  bool single = !mlirBlockIsNull(entry) && mlirBlockIsNull(mlirBlockGetNextInRegion(entry));
  if (single)
    s.ret = mlirBlockGetTerminator(entry);
  mlirOperationWalk(func, check_op, &s, MlirWalkPreOrder);
  if (!mlirBlockIsNull(entry) && !single && s.uses_tensors) {
    long n = 0;
    for (MlirBlock b = entry; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      ++n;
    strata_emit_error(func, "has %ld blocks; convert-te-to-tir supports single-block functions only",
                      n);
    s.failed = true;
  }
  return s.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

/* ---- rewriting ---------------------------------------------------------- */

/* Module-wide state: the symbol table (for fresh global names) and the
 * globals already made, so equal constants share one. */
typedef struct {
  MlirOperation first; /* the module's first op: globals go before it */
  MlirSymbolTable symbols;
  list_t constants; /* MlirAttribute values (as void *) */
  list_t globals;   /* their memref.global ops, same order */
  int next_global;
  bool bounds_checks; /* option bounds-checks: assert every te.read index */
} module_state_t;

/* Per-function state. */
typedef struct {
  module_state_t *m;
  MlirOperation func, ret;
  MlirContext ctx;
  MlirValue *dest; /* per original result: its destination argument (null if not a tensor) */
  list_t allocs;   /* tir.alloc_buffer results to free before the return */
} func_state_t;

static MlirValue value_of(void *p) { return (MlirValue){p}; }

/* The buffer a compute or call result `v` is written to: the destination
 * argument when v is returned (first position), else a new global buffer
 * (dynamic sizes from `dyn`) freed before the return. */
/* The returned tensor.expand_shape that is the only use of v, or null. */
static MlirOperation returned_expand(func_state_t *f, MlirValue v, intptr_t *pos) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  MlirOperation user = mlirOpOperandGetOwner(use);
  if (!strata_op_is(user, "tensor.expand_shape"))
    return (MlirOperation){NULL};
  *pos = returned_at(f->ret, mlirOperationGetResult(user, 0));
  return *pos >= 0 ? user : (MlirOperation){NULL};
}

static MlirValue buffer_for(func_state_t *f, strata_builder_t *b, MlirValue v, intptr_t n_dyn,
                            const MlirValue *dyn) {
  intptr_t p = returned_at(f->ret, v);
  if (p >= 0)
    return f->dest[p];
  MlirOperation expand = returned_expand(f, v, &p);
  if (!mlirOperationIsNull(expand)) { /* write into the destination, collapsed */
    MlirNamedAttribute a =
        strata_named(f->ctx, "reassociation", get_attr(expand, "reassociation"));
    return strata_build_value(b, "memref.collapse_shape", 1, &f->dest[p],
                              memref_of(mlirValueGetType(v)), 1, &a);
  }
  MlirNamedAttribute scope = strata_named(f->ctx, "scope", strata_string_attr(f->ctx, "global"));
  MlirValue buf = strata_build_value(b, "tir.alloc_buffer", n_dyn, dyn,
                                     memref_of(mlirValueGetType(v)), 1, &scope);
  list_push(&f->allocs, buf.ptr);
  return buf;
}

static MlirOperation global_for(func_state_t *f, MlirAttribute value, MlirType type,
                                MlirLocation loc) {
  module_state_t *m = f->m;
  for (size_t i = 0; i < m->constants.count; ++i)
    if (mlirAttributeEqual((MlirAttribute){m->constants.items[i]}, value))
      return (MlirOperation){m->globals.items[i]};
  char name[64];
  do
    snprintf(name, sizeof name, "__constant_%d", m->next_global++);
  while (!mlirOperationIsNull(mlirSymbolTableLookup(m->symbols, strata_sref(name))));
  MlirContext ctx = f->ctx;
  MlirNamedAttribute attrs[] = {
      strata_named(ctx, "sym_name", strata_string_attr(ctx, name)),
      strata_named(ctx, "sym_visibility", strata_string_attr(ctx, "private")),
      strata_named(ctx, "type", mlirTypeAttrGet(type)),
      strata_named(ctx, "initial_value", value),
      strata_named(ctx, "constant", mlirUnitAttrGet(ctx)),
  };
  strata_builder_t b = strata_builder_before(m->first);
  b.loc = loc;
  MlirOperation g = strata_build_op(&b, "memref.global", 0, NULL, 0, NULL, 5, attrs);
  mlirSymbolTableInsert(m->symbols, g);
  list_push(&m->constants, value.ptr);
  list_push(&m->globals, g.ptr);
  return g;
}

static void lower_constant(func_state_t *f, MlirOperation op) {
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = memref_of(mlirValueGetType(result));
  MlirOperation g = global_for(f, get_attr(op, "value"), type, mlirOperationGetLocation(op));
  MlirStringRef name = mlirStringAttrGetValue(get_attr(g, "sym_name"));
  strata_builder_t b = strata_builder_before(op);
  MlirNamedAttribute a = strata_named(f->ctx, "name", mlirFlatSymbolRefAttrGet(f->ctx, name));
  MlirValue v = strata_build_value(&b, "memref.get_global", 0, NULL, type, 1, &a);
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
}

/* tensor.dim -> memref.dim, tensor.extract -> memref.load (same operands:
 * the tensor, now its buffer, then the indices). */
static void lower_to_memref_op(MlirOperation op, const char *name) {
  strata_builder_t b = strata_builder_before(op);
  MlirValue operands[1 + MAX_TENSOR_RANK];
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n && i < 1 + MAX_TENSOR_RANK; ++i)
    operands[i] = mlirOperationGetOperand(op, i);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue v = strata_build_value(&b, name, n, operands, mlirValueGetType(result), 0, NULL);
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
}

/* tensor.collapse_shape -> memref.collapse_shape with the same grouping. */
/* tensor.cast -> memref.cast (the same buffer); erased when unused (a
 * call result's cast to its static buffer, see lower_call). */
static void lower_cast(MlirOperation op) {
  strata_builder_t b = strata_builder_before(op);
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirValue result = mlirOperationGetResult(op, 0);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(result))) {
    mlirOperationDestroy(op);
    return;
  }
  MlirValue v = strata_build_value(&b, "memref.cast", 1, &src,
                                   memref_of(mlirValueGetType(result)), 0, NULL);
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
}

static void lower_collapse(MlirOperation op) {
  strata_builder_t b = strata_builder_before(op);
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute a = strata_named(ctx, "reassociation", get_attr(op, "reassociation"));
  MlirValue v = strata_build_value(&b, "memref.collapse_shape", 1, &src,
                                   memref_of(mlirValueGetType(result)), 1, &a);
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
}

/* tensor.expand_shape -> memref.expand_shape; when the operand was
 * computed into the collapsed destination of this returned value, the
 * result is that destination itself. */
static void lower_expand(func_state_t *f, MlirOperation op) {
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirValue result = mlirOperationGetResult(op, 0);
  intptr_t p = returned_at(f->ret, result);
  MlirValue v;
  if (p >= 0 && mlirValueIsAOpResult(src) &&
      strata_op_is(mlirOpResultGetOwner(src), "memref.collapse_shape") &&
      mlirValueEqual(mlirOperationGetOperand(mlirOpResultGetOwner(src), 0), f->dest[p])) {
    v = f->dest[p];
  } else {
    strata_builder_t b = strata_builder_before(op);
    MlirContext ctx = mlirOperationGetContext(op);
    MlirNamedAttribute a[2] = {
        strata_named(ctx, "reassociation", get_attr(op, "reassociation")),
        strata_named(ctx, "static_output_shape", get_attr(op, "static_output_shape")),
    };
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirValue operands[1 + 16];
    for (intptr_t i = 0; i < n && i < 17; ++i)
      operands[i] = mlirOperationGetOperand(op, i);
    v = strata_build_value(&b, "memref.expand_shape", n, operands,
                           memref_of(mlirValueGetType(result)), 2, a);
  }
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
}

static MlirWalkResult collect_reads(MlirOperation op, void *user) {
  if (strata_op_is(op, "te.read") || strata_op_is(op, "tensor.dim"))
    list_push(user, op.ptr);
  return MlirWalkResultAdvance;
}

/* The debug mode's check before a load (option bounds-checks): every
 * index is below its dim, compared unsigned so a negative one fails too;
 * otherwise cf.assert stops the program with the read's location. */
static void assert_in_bounds(strata_builder_t *b, MlirOperation read, const MlirValue *operands,
                             intptr_t n) {
  MlirContext ctx = mlirOperationGetContext(read);
  MlirValue ok = {NULL};
  for (intptr_t i = 1; i < n; ++i) {
    MlirValue dim = strata_build_dim(b, operands[0], i - 1);
    MlirNamedAttribute ult = strata_named(
        ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 6 /* ult */));
    MlirValue cmp_operands[2] = {operands[i], dim};
    MlirValue in = strata_build_value(b, "arith.cmpi", 2, cmp_operands, mlirIntegerTypeGet(ctx, 1),
                                      1, &ult);
    MlirValue both[2] = {ok, in};
    ok = mlirValueIsNull(ok) ? in
                             : strata_build_value(b, "arith.andi", 2, both, mlirIntegerTypeGet(ctx, 1),
                                                  0, NULL);
  }
  if (mlirValueIsNull(ok))
    return;
  char loc[512], msg[640];
  strata_location_text(mlirOperationGetLocation(read), loc, sizeof loc);
  snprintf(msg, sizeof msg, "strata: te.read index out of bounds at %s\n", loc);
  MlirNamedAttribute text = strata_named(ctx, "msg", strata_string_attr(ctx, msg));
  strata_build_op(b, "cf.assert", 1, &ok, 0, NULL, 1, &text);
}

/* te.read %t[idx] -> memref.load %t[idx] (%t is a memref by now). */
static void lower_read(MlirOperation op, bool bounds_checks) {
  strata_builder_t b = strata_builder_before(op);
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue *operands = malloc((size_t)n * sizeof *operands);
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = mlirOperationGetOperand(op, i);
  if (bounds_checks)
    assert_in_bounds(&b, op, operands, n);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirValue v =
      strata_build_value(&b, "memref.load", n, operands, mlirValueGetType(result), 0, NULL);
  free(operands);
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
}

/* Builds tir.for(lb, ub, step) {name, kind = "serial"} with an empty body
 * ending in gpu.yield; returns the loop, its induction variable in *iv and
 * an insertion point before the yield in *inner. */
static MlirOperation build_for(strata_builder_t *b, MlirValue lb, MlirValue ub, MlirValue step,
                               const char *name, MlirValue *iv, strata_builder_t *inner) {
  MlirContext ctx = mlirLocationGetContext(b->loc);
  MlirValue bounds[3] = {lb, ub, step};
  MlirNamedAttribute attrs[2] = {
      strata_named(ctx, "name", strata_string_attr(ctx, name)),
      strata_named(ctx, "kind", strata_string_attr(ctx, "serial")),
  };
  MlirType index = mlirIndexTypeGet(ctx);
  MlirOperation loop =
      strata_build_region_op(b, "tir.for", 3, bounds, 0, NULL, 2, attrs, 1, &index);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  strata_builder_t end = strata_builder_at_end(body, b->loc);
  MlirOperation yield = strata_build_op(&end, "gpu.yield", 0, NULL, 0, NULL, 0, NULL);
  *iv = mlirBlockGetArgument(body, 0);
  *inner = strata_builder_before(yield);
  inner->loc = b->loc;
  return loop;
}

/* The arith op of a combiner on elem; max/min of i1 (booleans: true > false)
 * are unsigned, where a signed i1 would order true (-1) below false. */
static const char *combine_op(strata_te_combiner_t c, MlirType elem) {
  bool is_float = mlirTypeIsAFloat(elem);
  bool is_bool = mlirTypeIsAInteger(elem) && mlirIntegerTypeGetWidth(elem) == 1;
  switch (c) {
  case STRATA_TE_COMBINER_ADD: return is_float ? "arith.addf" : "arith.addi";
  case STRATA_TE_COMBINER_MUL: return is_float ? "arith.mulf" : "arith.muli";
  case STRATA_TE_COMBINER_MAX:
    return is_float ? "arith.maximumf" : is_bool ? "arith.maxui" : "arith.maxsi";
  case STRATA_TE_COMBINER_MIN:
    return is_float ? "arith.minimumf" : is_bool ? "arith.minui" : "arith.minsi";
  default: return NULL;
  }
}

/* Index constants of one loop nest, each built once. */
typedef struct {
  int64_t values[8];
  MlirValue made[8];
  int count;
} index_cache_t;

static MlirValue cached_index(index_cache_t *c, strata_builder_t *b, int64_t v) {
  for (int i = 0; i < c->count; ++i)
    if (c->values[i] == v)
      return c->made[i];
  MlirValue made = strata_build_index(b, v);
  if (c->count < 8) {
    c->values[c->count] = v;
    c->made[c->count++] = made;
  }
  return made;
}

static void lower_compute(func_state_t *f, MlirOperation op) {
  MlirContext ctx = f->ctx;
  strata_builder_t b = strata_builder_before(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  MlirType elem = mlirShapedTypeGetElementType(type);
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  intptr_t n = ns + nr, next_dim = 0, n_dyn = 0;
  MlirValue *ubs = malloc((size_t)(n + 1) * sizeof *ubs);
  MlirValue *ivs = malloc((size_t)(n + 1) * sizeof *ivs);
  MlirValue *dyn = malloc((size_t)(ns + 1) * sizeof *dyn);
  index_cache_t consts = {.count = 0};

  /* Extents: dims operands for dynamic ones (result dims first), constants else. */
  for (intptr_t i = 0; i < ns; ++i) {
    if (mlirShapedTypeIsDynamicDim(type, i))
      ubs[i] = dyn[n_dyn++] = mlirOperationGetOperand(op, next_dim++);
    else
      ubs[i] = cached_index(&consts, &b, mlirShapedTypeGetDimSize(type, i));
  }
  for (intptr_t j = 0; j < nr; ++j) {
    int64_t e = strata_te_compute_reduce_extent(op, j);
    ubs[ns + j] = e == STRATA_TE_DYNAMIC_EXTENT ? mlirOperationGetOperand(op, next_dim++)
                                                : cached_index(&consts, &b, e);
  }
  MlirValue buf = buffer_for(f, &b, result, n_dyn, dyn);
  MlirValue c0 = {NULL}, c1 = {NULL};
  if (n > 0) {
    c0 = cached_index(&consts, &b, 0);
    c1 = cached_index(&consts, &b, 1);
  }

  /* The loop nest; for reductions, out[spatial] = init before the reduce loops. */
  MlirValue *access = malloc((size_t)(ns + 2) * sizeof *access); /* value, buf, spatial ivs */
  access[1] = buf;
  MlirOperation outer = {NULL};
  strata_builder_t in = b;
  for (intptr_t i = 0; i < n; ++i) {
    if (i == ns) {
      MlirNamedAttribute v = strata_named(ctx, "value", strata_te_compute_init(op));
      access[0] = strata_build_value(&in, "arith.constant", 0, NULL, elem, 1, &v);
      strata_build_op(&in, "memref.store", ns + 2, access, 0, NULL, 0, NULL);
    }
    char name[MSG];
    strata_te_compute_axis_name(op, i, name, sizeof name);
    MlirOperation loop = build_for(&in, c0, ubs[i], c1, name, &ivs[i], &in);
    if (i == 0)
      outer = loop;
    if (i < ns)
      access[2 + i] = ivs[i];
  }

  /* Move the body in, reads become loads (tensor.dim in the body memref.dim),
   * block arguments the ivs. */
  list_t reads = {0};
  mlirOperationWalk(op, collect_reads, &reads, MlirWalkPreOrder);
  MlirBlock body = strata_te_compute_body(op);
  MlirOperation yield = mlirBlockGetTerminator(body);
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationEqual(o, yield);) {
    MlirOperation next = mlirOperationGetNextInBlock(o);
    mlirOperationMoveBefore(o, in.before);
    o = next;
  }
  for (intptr_t i = 0; i < n; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i), ivs[i]);
  for (size_t i = 0; i < reads.count; ++i) {
    MlirOperation r = {reads.items[i]};
    if (strata_op_is(r, "tensor.dim"))
      lower_to_memref_op(r, "memref.dim");
    else
      lower_read(r, f->m->bounds_checks);
  }
  free(reads.items);

  /* Store (or combine into) out[spatial ivs]. */
  MlirValue v = mlirOperationGetOperand(yield, 0);
  if (nr > 0) {
    MlirValue acc = strata_build_value(&in, "memref.load", ns + 1, access + 1, elem, 0, NULL);
    MlirValue pair[2] = {acc, v};
    v = strata_build_value(&in, combine_op(strata_te_compute_combiner(op), elem),
                           2, pair, elem, 0, NULL);
  }
  access[0] = v;
  strata_build_op(&in, "memref.store", ns + 2, access, 0, NULL, 0, NULL);

  if (!mlirOperationIsNull(outer)) {
    MlirStringRef cname = strata_te_compute_name(op);
    mlirOperationSetDiscardableAttributeByName(outer, strata_sref("te.compute"),
                                               mlirStringAttrGet(ctx, cname));
    MlirAttribute schedule = strata_te_compute_schedule(op);
    if (!mlirAttributeIsNull(schedule))
      mlirOperationSetDiscardableAttributeByName(outer, strata_sref("te.schedule"), schedule);
  }
  mlirValueReplaceAllUsesOfWith(result, buf);
  mlirOperationDestroy(op);
  free(ubs);
  free(ivs);
  free(dyn);
  free(access);
}

/* func.call: destination buffers appended for tensor results (which the
 * callee no longer returns); tensor operands are memrefs already. */
static void lower_call(func_state_t *f, MlirOperation op) {
  strata_builder_t b = strata_builder_before(op);
  intptr_t n_in = mlirOperationGetNumOperands(op), n_res = mlirOperationGetNumResults(op);
  MlirValue *operands = malloc((size_t)(n_in + n_res + 1) * sizeof *operands);
  MlirType *types = malloc((size_t)(n_res + 1) * sizeof *types);
  MlirValue *bufs = malloc((size_t)(n_res + 1) * sizeof *bufs);
  intptr_t n_ops = 0, n_types = 0;
  for (intptr_t i = 0; i < n_in; ++i)
    operands[n_ops++] = mlirOperationGetOperand(op, i);
  for (intptr_t i = 0; i < n_res; ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    MlirOperation cast = static_cast_of(r);
    if (!mlirOperationIsNull(cast)) { /* a static buffer, passed as the dynamic type */
      MlirValue c = mlirOperationGetResult(cast, 0);
      MlirValue buf = buffer_for(f, &b, c, 0, NULL);
      mlirValueReplaceAllUsesOfWith(c, buf); /* the cast, now unused, is erased in turn */
      operands[n_ops++] = bufs[i] =
          strata_build_value(&b, "memref.cast", 1, &buf, memref_of(mlirValueGetType(r)), 0, NULL);
    } else if (mlirTypeIsATensor(mlirValueGetType(r))) {
      operands[n_ops++] = bufs[i] = buffer_for(f, &b, r, 0, NULL);
    } else {
      types[n_types++] = mlirValueGetType(r);
    }
  }
  /* Keep callee and other attributes; per-argument attributes no longer line up. */
  MlirNamedAttribute *attrs =
      malloc((size_t)(mlirOperationGetNumAttributes(op) + 1) * sizeof *attrs);
  intptr_t n_attrs = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(a.name);
    if (!strata_str_eq(name, "arg_attrs") && !strata_str_eq(name, "res_attrs"))
      attrs[n_attrs++] = a;
  }
  MlirOperation call =
      strata_build_op(&b, "func.call", n_ops, operands, n_types, types, n_attrs, attrs);
  for (intptr_t i = 0, k = 0; i < n_res; ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    mlirValueReplaceAllUsesOfWith(
        r, mlirTypeIsATensor(mlirValueGetType(r)) ? bufs[i] : mlirOperationGetResult(call, k++));
  }
  mlirOperationDestroy(op);
  free(operands);
  free(types);
  free(bufs);
  free(attrs);
}

/* func.return: copies into destinations not written in place, frees the
 * temporary buffers, returns the non-tensor values only. */
static void lower_return(func_state_t *f, MlirOperation ret, intptr_t n_res) {
  strata_builder_t b = strata_builder_before(ret);
  MlirValue *kept = malloc((size_t)(n_res + 1) * sizeof *kept);
  intptr_t n_kept = 0;
  for (intptr_t p = 0; p < n_res; ++p) {
    MlirValue v = mlirOperationGetOperand(ret, p);
    if (mlirValueIsNull(f->dest[p])) {
      kept[n_kept++] = v;
    } else if (!mlirValueEqual(v, f->dest[p])) {
      MlirValue copy[2] = {v, f->dest[p]};
      strata_build_op(&b, "memref.copy", 2, copy, 0, NULL, 0, NULL);
    }
  }
  for (size_t i = 0; i < f->allocs.count; ++i) {
    MlirValue buf = value_of(f->allocs.items[i]);
    strata_build_op(&b, "memref.dealloc", 1, &buf, 0, NULL, 0, NULL);
  }
  strata_build_op(&b, "func.return", n_kept, kept, 0, NULL, 0, NULL);
  mlirOperationDestroy(ret);
  free(kept);
}

/* New arg_attrs/res_attrs for the new signature: destination arguments take
 * the attributes of the results they replace. */
static void update_arg_attrs(MlirOperation func, MlirType type) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute args = get_attr(func, "arg_attrs"), res = get_attr(func, "res_attrs");
  if (mlirAttributeIsNull(args) && mlirAttributeIsNull(res))
    return;
  intptr_t n_in = mlirFunctionTypeGetNumInputs(type), n_res = mlirFunctionTypeGetNumResults(type);
  MlirAttribute *new_args = malloc((size_t)(n_in + n_res + 1) * sizeof *new_args);
  MlirAttribute *new_res = malloc((size_t)(n_res + 1) * sizeof *new_res);
  intptr_t na = 0, nr = 0;
  MlirAttribute empty = mlirDictionaryAttrGet(ctx, 0, NULL);
  for (intptr_t i = 0; i < n_in; ++i)
    new_args[na++] = mlirAttributeIsNull(args) ? empty : mlirArrayAttrGetElement(args, i);
  for (intptr_t p = 0; p < n_res; ++p) {
    MlirAttribute a = mlirAttributeIsNull(res) ? empty : mlirArrayAttrGetElement(res, p);
    if (mlirTypeIsATensor(mlirFunctionTypeGetResult(type, p)))
      new_args[na++] = a;
    else
      new_res[nr++] = a;
  }
  mlirOperationSetAttributeByName(func, strata_sref("arg_attrs"), mlirArrayAttrGet(ctx, na, new_args));
  if (nr > 0)
    mlirOperationSetAttributeByName(func, strata_sref("res_attrs"), mlirArrayAttrGet(ctx, nr, new_res));
  else
    mlirOperationRemoveAttributeByName(func, strata_sref("res_attrs"));
  free(new_args);
  free(new_res);
}

static void lower_func(module_state_t *m, MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirType type = mlirTypeAttrGetValue(get_attr(func, "function_type"));
  intptr_t n_in = mlirFunctionTypeGetNumInputs(type), n_res = mlirFunctionTypeGetNumResults(type);
  MlirType *ins = malloc((size_t)(n_in + n_res + 1) * sizeof *ins);
  MlirType *outs = malloc((size_t)(n_res + 1) * sizeof *outs);
  intptr_t n_ins = 0, n_outs = 0;
  for (intptr_t i = 0; i < n_in; ++i) {
    MlirType t = mlirFunctionTypeGetInput(type, i);
    ins[n_ins++] = mlirTypeIsATensor(t) ? memref_of(t) : t;
  }
  for (intptr_t p = 0; p < n_res; ++p) {
    MlirType t = mlirFunctionTypeGetResult(type, p);
    if (mlirTypeIsATensor(t))
      ins[n_ins++] = memref_of(t);
    else
      outs[n_outs++] = t;
  }

  func_state_t f = {.m = m, .func = func, .ctx = ctx};
  f.dest = calloc((size_t)(n_res + 1), sizeof *f.dest);
  MlirBlock entry = func_entry(func);
  if (!mlirBlockIsNull(entry)) {
    for (intptr_t i = 0; i < n_in; ++i)
      mlirValueSetType(mlirBlockGetArgument(entry, i), ins[i]);
    for (intptr_t p = 0, k = n_in; p < n_res; ++p)
      if (mlirTypeIsATensor(mlirFunctionTypeGetResult(type, p)))
        f.dest[p] = mlirBlockAddArgument(entry, ins[k++], loc);
    f.ret = mlirBlockGetTerminator(entry);

    list_t ops = {0};
    for (MlirOperation o = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(o);
         o = mlirOperationGetNextInBlock(o))
      list_push(&ops, o.ptr);
    for (size_t i = 0; i < ops.count; ++i) {
      MlirOperation o = {ops.items[i]};
      if (strata_op_is(o, "te.compute"))
        lower_compute(&f, o);
      else if (strata_op_is(o, "arith.constant") && uses_tensors(o))
        lower_constant(&f, o);
      else if (strata_op_is(o, "tensor.dim"))
        lower_to_memref_op(o, "memref.dim");
      else if (strata_op_is(o, "tensor.extract"))
        lower_to_memref_op(o, "memref.load");
      else if (strata_op_is(o, "tensor.collapse_shape"))
        lower_collapse(o);
      else if (strata_op_is(o, "tensor.cast"))
        lower_cast(o);
      else if (strata_op_is(o, "tensor.expand_shape"))
        lower_expand(&f, o);
      else if (strata_op_is(o, "func.call") && uses_tensors(o))
        lower_call(&f, o);
    }
    free(ops.items);
    lower_return(&f, f.ret, n_res);

    MlirAttribute vis = get_attr(func, "sym_visibility");
    if (mlirAttributeIsNull(vis) || strata_str_eq(mlirStringAttrGetValue(vis), "public"))
      mlirOperationSetAttributeByName(func, strata_sref("llvm.emit_c_interface"), mlirUnitAttrGet(ctx));
  }
  update_arg_attrs(func, type);
  mlirOperationSetAttributeByName(
      func, strata_sref("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n_ins, ins, n_outs, outs)));
  free(ins);
  free(outs);
  free(f.dest);
  free(f.allocs.items);
}

/* The pass; its record (argument, summary, options): lowering/lowering_passes.def. */
MlirLogicalResult convert_te_to_tir_run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  list_t funcs = {0};
  bool failed = false;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!strata_op_is(o, "func.func"))
      continue;
    list_push(&funcs, o.ptr);
    failed |= mlirLogicalResultIsFailure(check_func(o));
  }
  if (!failed) {
    module_state_t m = {.first = mlirBlockGetFirstOperation(body),
                        .symbols = mlirSymbolTableCreate(module),
                        .bounds_checks = strata_pass_options_get_bool(opts, "bounds-checks")};
    for (size_t i = 0; i < funcs.count; ++i)
      lower_func(&m, (MlirOperation){funcs.items[i]});
    mlirSymbolTableDestroy(m.symbols);
    free(m.constants.items);
    free(m.globals.items);
  }
  free(funcs.items);
  return failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
