/* Splitting a lowered module (llvm dialect) into independent modules for
 * parallel code generation: each kernel function strata-outline-kernels
 * made (`strata_kernel_<hash>`) moves into a module of its own, with
 * declarations of the functions and globals it uses (private copies of
 * constant globals and of helper functions defined in the module), and
 * the original module keeps a declaration in its place. */
#include "runtime/codegen.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/op_list.h"
#include "core/text.h"

#define KERNEL_PREFIX "strata_kernel_"

static bool op_is(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

static MlirStringRef sym_name(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, strata_sref("sym_name"));
  return mlirAttributeIsNull(a) || !mlirAttributeIsAString(a) ? (MlirStringRef){"", 0}
                                                              : mlirStringAttrGetValue(a);
}

static bool has_body(MlirOperation op) {
  return mlirOperationGetNumRegions(op) > 0 &&
         !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

static bool is_kernel(MlirOperation op) {
  MlirStringRef n = sym_name(op);
  return op_is(op, "llvm.func") && has_body(op) && n.length > strlen(KERNEL_PREFIX) &&
         !memcmp(n.data, KERNEL_PREFIX, strlen(KERNEL_PREFIX));
}

/* The symbols the ops under `root` name (flat symbol references in their
 * attributes), appended to `names` (as string attributes, unique). */
typedef struct {
  MlirAttribute *names;
  size_t count, cap;
  bool failed;
} names_t;

static void add_name(names_t *n, MlirAttribute name) {
  for (size_t i = 0; i < n->count; ++i)
    if (mlirAttributeEqual(n->names[i], name))
      return;
  if (n->count == n->cap) {
    size_t cap = n->cap ? 2 * n->cap : 16;
    MlirAttribute *grown = realloc(n->names, cap * sizeof *grown);
    if (!grown) {
      n->failed = true;
      return;
    }
    n->names = grown;
    n->cap = cap;
  }
  n->names[n->count++] = name;
}

static void collect_attr(names_t *n, MlirAttribute a) {
  if (mlirAttributeIsAFlatSymbolRef(a))
    add_name(n, mlirStringAttrGet(mlirAttributeGetContext(a), mlirFlatSymbolRefAttrGetValue(a)));
  else if (mlirAttributeIsAArray(a)) /* e.g. omp.wsloop's reduction_syms */
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i)
      collect_attr(n, mlirArrayAttrGetElement(a, i));
}

static MlirWalkResult collect_refs(MlirOperation op, void *user) {
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i)
    collect_attr(user, mlirOperationGetAttribute(op, i).attribute);
  return MlirWalkResultAdvance;
}

static void set_linkage(MlirOperation op, const char *linkage) {
  MlirContext ctx = mlirOperationGetContext(op);
  char text[64];
  snprintf(text, sizeof text, "#llvm.linkage<%s>", linkage);
  mlirOperationSetAttributeByName(op, strata_sref("linkage"),
                                  mlirAttributeParseGet(ctx, strata_sref(text)));
}

/* Copies into `into` what the kernel's code names, following helper
 * functions defined in the module. False when a name cannot be copied
 * (a mutable global with an initializer, a kernel, an unknown op). */
static bool copy_dependencies(MlirSymbolTable table, MlirOperation kernel, MlirBlock into) {
  names_t n = {0};
  mlirOperationWalk(kernel, collect_refs, &n, MlirWalkPreOrder);
  bool ok = true;
  for (size_t i = 0; ok && !n.failed && i < n.count; ++i) {
    MlirStringRef name = mlirStringAttrGetValue(n.names[i]);
    MlirOperation def = mlirSymbolTableLookup(table, name);
    if (mlirOperationIsNull(def) || mlirOperationEqual(def, kernel))
      continue; /* not a module symbol (e.g. a nested one), or itself */
    MlirOperation copy;
    if (op_is(def, "llvm.func")) {
      if (is_kernel(def)) {
        ok = false;
        break;
      }
      copy = mlirOperationClone(def);
      if (has_body(def)) {
        set_linkage(copy, "private");
        mlirOperationWalk(def, collect_refs, &n, MlirWalkPreOrder);
      }
    } else if (op_is(def, "llvm.mlir.global")) {
      bool constant =
          !mlirAttributeIsNull(mlirOperationGetAttributeByName(def, strata_sref("constant")));
      bool initialized =
          !mlirAttributeIsNull(mlirOperationGetAttributeByName(def, strata_sref("value"))) ||
          has_body(def);
      if (initialized && !constant) {
        ok = false;
        break;
      }
      copy = mlirOperationClone(def);
      if (initialized)
        set_linkage(copy, "private");
    } else if (!strncmp(mlirIdentifierStr(mlirOperationGetName(def)).data, "omp.", 4)) {
      copy = mlirOperationClone(def); /* omp.declare_reduction, omp.private */
      mlirOperationWalk(def, collect_refs, &n, MlirWalkPreOrder);
    } else {
      ok = false;
      break;
    }
    mlirBlockAppendOwnedOperation(into, copy);
  }
  ok = ok && !n.failed;
  free(n.names);
  return ok;
}

/* A declaration of `func` (an llvm.func), for the module it leaves. */
static MlirOperation declaration(MlirOperation func) {
  char *type = strata_print_attr(
      mlirOperationGetAttributeByName(func, strata_sref("function_type")));
  MlirStringRef name = sym_name(func);
  size_t size = strlen(type) + name.length + 128;
  char *text = malloc(size);
  snprintf(text, size, "\"llvm.func\"() <{function_type = %s, sym_name = \"%.*s\"}> ({}) : () -> ()",
           type, (int)name.length, name.data);
  MlirOperation decl = mlirOperationCreateParse(mlirOperationGetContext(func), strata_sref(text),
                                                strata_sref("strata-codegen"));
  free(type);
  free(text);
  return decl;
}

/* The kernel's `strata.noalias` (one flag per memref argument, from
 * strata-outline-kernels) as `llvm.noalias` on both pointers of each such
 * memref's descriptor (its arguments' only pointers, in pairs). */
static void apply_noalias(MlirOperation kernel) {
  MlirAttribute flags = mlirOperationGetAttributeByName(kernel, strata_sref("strata.noalias"));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  if (mlirAttributeIsNull(flags) || !mlirAttributeIsADenseBoolArray(flags))
    return;
  MlirContext ctx = mlirOperationGetContext(kernel);
  intptr_t n = mlirBlockGetNumArguments(entry), ptrs = 0;
  MlirAttribute *dicts = malloc((size_t)(n + 1) * sizeof *dicts);
  MlirNamedAttribute noalias = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, strata_sref("llvm.noalias")), mlirUnitAttrGet(ctx));
  for (intptr_t i = 0; i < n; ++i) {
    bool ptr = mlirTypeIsALLVMPointerType(mlirValueGetType(mlirBlockGetArgument(entry, i)));
    intptr_t memref = ptr ? ptrs++ / 2 : -1;
    bool mark = memref >= 0 && memref < mlirDenseArrayGetNumElements(flags) &&
                mlirDenseBoolArrayGetElement(flags, memref);
    dicts[i] = mlirDictionaryAttrGet(ctx, mark ? 1 : 0, &noalias);
  }
  mlirOperationSetAttributeByName(kernel, strata_sref("arg_attrs"), mlirArrayAttrGet(ctx, n, dicts));
  mlirOperationRemoveAttributeByName(kernel, strata_sref("strata.noalias"));
  free(dicts);
}

/* Moves `kernel` into a new module; NULL module when it must stay. */
static MlirModule split_one(MlirSymbolTable table, MlirOperation kernel) {
  MlirModule part = mlirModuleCreateEmpty(mlirOperationGetLocation(kernel));
  MlirBlock body = mlirModuleGetBody(part);
  MlirOperation decl = {NULL};
  if (!copy_dependencies(table, kernel, body) || mlirOperationIsNull(decl = declaration(kernel))) {
    mlirModuleDestroy(part);
    return (MlirModule){NULL};
  }
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(kernel), kernel, decl);
  mlirOperationRemoveFromParent(kernel);
  set_linkage(kernel, "external");
  mlirBlockAppendOwnedOperation(body, kernel);
  return part;
}

int strata_codegen_split(MlirOperation module, MlirModule **parts) {
  strata_op_list_t kernels = {0};
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (is_kernel(op))
      strata_op_list_push(&kernels, op);
  *parts = calloc(kernels.count + 1, sizeof **parts);
  int count = 0;
  if (*parts) {
    MlirSymbolTable table = mlirSymbolTableCreate(module);
    for (size_t i = 0; i < kernels.count; ++i) {
      apply_noalias(kernels.ops[i]);
      MlirModule part = split_one(table, kernels.ops[i]);
      if (!mlirModuleIsNull(part))
        (*parts)[count++] = part;
    }
    mlirSymbolTableDestroy(table);
  }
  strata_op_list_free(&kernels);
  return count;
}
