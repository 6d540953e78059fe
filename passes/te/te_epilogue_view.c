/* te-epilogue-view: puts the elementwise epilogue of a product on the
 * product's own index space, so tir can run it per tile of the product
 * (tir-fuse-epilogue, tir-reverse-compute-at).
 *
 * A convolution lowers to a product mm[n, o, p] (p = oh * OW + ow) viewed
 * as [n, o, oh, ow] by a tensor.expand_shape, and the group's elementwise
 * ops (bias, residual add, relu, clip: one compute after te-inline) read
 * that view at their own indices. A tile of the product covers a range of
 * p, which is not a box of (oh, ow), so the epilogue cannot follow the
 * tiles as written. This pass rewrites such an epilogue E (a te.compute
 * without reduce axes, operands or nested regions, of the view's shape)
 * whose reads of the view are at exactly its own indices:
 *
 *   - E iterates over the product's shape: one index per group of the
 *     expand_shape's reassociation;
 *   - its reads of the view read the product at those indices;
 *   - its reads of other tensors of its own shape at its own indices read a
 *     tensor.collapse_shape of them with the same reassociation (a residual
 *     input, collapsed as the conv output was expanded);
 *   - an index of a group of one dimension is replaced by the new index
 *     wherever it is used (the channel of a bias read, ...);
 *   - its result is expanded back with a copy of the view, so its users see
 *     the same tensor (te-to-tir computes a returned expand_shape straight
 *     into the destination).
 *
 * E is left alone if an index of a multi-dimension group is used any other
 * way (a read of a broadcast operand along oh, index arithmetic): that
 * would need a division by OW in every element. Except in a group whose
 * other dimensions are all 1 (a transformer projection's [S, N] viewed as
 * [1, S, N], convert-graph-to-te's view of a product's rows): there the
 * one other index is the group's index, used as it is (the residual add
 * and LayerNorm after a projection read the row statistics at [0, s, 0]). */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "passes/te/te_passes.h"
#include "strata/pass.h"

enum { MAX_RANK = 16 };

/* The reassociation groups of an expand/collapse op: group[d] = the group
 * of expanded dimension d. Returns the number of groups, or -1. */
static int read_groups(MlirOperation view, int rank, int *group) {
  MlirAttribute r = mlirOperationGetAttributeByName(view, mlirStringRefCreateFromCString(
                                                              "reassociation"));
  if (mlirAttributeIsNull(r) || !mlirAttributeIsAArray(r))
    return -1;
  int n = (int)mlirArrayAttrGetNumElements(r), seen = 0;
  for (int g = 0; g < n; ++g) {
    MlirAttribute dims = mlirArrayAttrGetElement(r, g);
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(dims); ++i) {
      int64_t d = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(dims, i));
      if (d != seen || d >= rank)
        return -1;
      group[seen++] = g;
    }
  }
  return seen == rank ? n : -1;
}

/* True if `read` reads at exactly the compute's block arguments, in order
 * (any index on a dimension of size 1: it can only be 0). */
static bool reads_identity(MlirOperation read, MlirBlock body, int rank) {
  if (strata_te_read_num_indices(read) != rank)
    return false;
  MlirType shape = mlirValueGetType(mlirOperationGetResult(
      mlirBlockGetParentOperation(body), 0));
  for (int d = 0; d < rank; ++d)
    if (!mlirValueEqual(strata_te_read_index(read, d), mlirBlockGetArgument(body, d)) &&
        mlirShapedTypeGetDimSize(shape, d) != 1)
      return false;
  return true;
}

static bool same_shape(MlirType a, MlirType b) {
  if (!mlirTypeIsARankedTensor(a) || !mlirTypeIsARankedTensor(b) ||
      mlirShapedTypeGetRank(a) != mlirShapedTypeGetRank(b))
    return false;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(a); ++d)
    if (mlirShapedTypeGetDimSize(a, d) != mlirShapedTypeGetDimSize(b, d))
      return false;
  return mlirShapedTypeHasStaticShape(a);
}

/* The expand_shape of a reduction's result of the compute's shape that
 * `compute` reads at its own indices, or null. */
static MlirOperation find_view(MlirOperation compute, MlirBlock body, int rank) {
  MlirOperation found = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!strata_op_is(op, "te.read"))
      continue;
    MlirValue t = mlirOperationGetOperand(op, 0);
    if (!mlirValueIsAOpResult(t) || !strata_op_is(mlirOpResultGetOwner(t), "tensor.expand_shape"))
      continue;
    MlirValue src = mlirOperationGetOperand(mlirOpResultGetOwner(t), 0);
    if (!mlirValueIsAOpResult(src) || !strata_op_is(mlirOpResultGetOwner(src), "te.compute") ||
        strata_te_compute_num_reduce(mlirOpResultGetOwner(src)) == 0 ||
        !same_shape(mlirValueGetType(t), mlirValueGetType(mlirOperationGetResult(compute, 0))) ||
        !reads_identity(op, body, rank))
      continue;
    if (mlirOperationIsNull(found))
      found = mlirOpResultGetOwner(t);
  }
  return found;
}

/* The one dimension of d's group not of extent 1 in `shape` when every
 * other one is (a group that only puts unit dims back: [S, N] viewed as
 * [1, S, N]), else -1. Its index is the group's index itself, so it may
 * be used any way (a LayerNorm's row statistic read at [0, s, 0]). */
static int sole_dim(int d, int rank, const int *group, MlirType shape) {
  int sole = -1;
  for (int e = 0; e < rank; ++e) {
    if (group[e] != group[d] || mlirShapedTypeGetDimSize(shape, e) == 1)
      continue;
    if (sole >= 0)
      return -1;
    sole = e;
  }
  return sole;
}

/* Every use of an index of a multi-dimension group is an identity read of
 * the view or of another tensor of the compute's shape, unless the index
 * is its group's sole dimension (sole_dim). */
static bool legal(MlirBlock body, int rank, const int *group, const int *group_size,
                  MlirType shape) {
  for (int d = 0; d < rank; ++d) {
    if (group_size[group[d]] == 1 || sole_dim(d, rank, group, shape) == d)
      continue;
    MlirValue arg = mlirBlockGetArgument(body, d);
    for (MlirOpOperand u = mlirValueGetFirstUse(arg); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u)) {
      MlirOperation user = mlirOpOperandGetOwner(u);
      if (!strata_op_is(user, "te.read") || !reads_identity(user, body, rank) ||
          !same_shape(mlirValueGetType(mlirOperationGetOperand(user, 0)), shape))
        return false;
    }
  }
  return true;
}

/* tensor.collapse_shape of `t` with the view's reassociation, before `at`. */
static MlirValue collapse(MlirOperation at, MlirOperation view, MlirValue t, MlirType product) {
  strata_builder_t b = strata_builder_before(at);
  MlirContext ctx = mlirOperationGetContext(at);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(t));
  intptr_t rank = mlirShapedTypeGetRank(product);
  int64_t dims[MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    dims[d] = mlirShapedTypeGetDimSize(product, d);
  MlirType type = mlirRankedTensorTypeGet(rank, dims, elem, mlirAttributeGetNull());
  MlirNamedAttribute attr = strata_named(
      ctx, "reassociation",
      mlirOperationGetAttributeByName(view, mlirStringRefCreateFromCString("reassociation")));
  return strata_build_value(&b, "tensor.collapse_shape", 1, &t, type, 1, &attr);
}

static void rewrite(MlirOperation compute, MlirOperation view, int rank, const int *group,
                    int groups) {
  MlirBlock body = strata_te_compute_body(compute);
  MlirValue product = mlirOperationGetOperand(view, 0);
  MlirType ptype = mlirValueGetType(product);
  MlirType etype = mlirValueGetType(mlirOperationGetResult(compute, 0));
  MlirContext ctx = mlirOperationGetContext(compute);
  MlirLocation loc = mlirOperationGetLocation(compute);
  MlirValue fresh[MAX_RANK];
  for (int g = 0; g < groups; ++g)
    fresh[g] = mlirBlockAddArgument(body, mlirIndexTypeGet(ctx), loc);
  /* Identity reads of multi-dimension groups: the product or a collapse. */
  strata_op_list_t reads = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (strata_op_is(op, "te.read") && reads_identity(op, body, rank) &&
        same_shape(mlirValueGetType(mlirOperationGetOperand(op, 0)), etype))
      strata_op_list_push(&reads, op);
  for (size_t i = 0; i < reads.count; ++i) {
    MlirOperation r = reads.ops[i];
    MlirValue t = mlirOperationGetOperand(r, 0);
    MlirValue src = mlirValueEqual(t, mlirOperationGetResult(view, 0))
                        ? product
                        : collapse(compute, view, t, ptype);
    MlirValue ops[1 + MAX_RANK];
    ops[0] = src;
    for (int g = 0; g < groups; ++g)
      ops[1 + g] = fresh[g];
    mlirOperationSetOperands(r, 1 + groups, ops);
  }
  strata_op_list_free(&reads);
  for (int d = 0; d < rank; ++d) {
    int size = 0;
    for (int e = 0; e < rank; ++e)
      size += group[e] == group[d];
    if (size == 1 || sole_dim(d, rank, group, etype) == d)
      mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, d), fresh[group[d]]);
  }
  for (int d = rank; d-- > 0;)
    mlirBlockEraseArgument(body, (unsigned)d);
  /* The result on the product's shape, expanded back for its users. */
  MlirValue result = mlirOperationGetResult(compute, 0);
  intptr_t prank = mlirShapedTypeGetRank(ptype);
  int64_t dims[MAX_RANK];
  for (intptr_t d = 0; d < prank; ++d)
    dims[d] = mlirShapedTypeGetDimSize(ptype, d);
  mlirValueSetType(result, mlirRankedTensorTypeGet(prank, dims, mlirShapedTypeGetElementType(etype),
                                                   mlirAttributeGetNull()));
  MlirOperation expand = mlirOperationClone(view);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(compute), compute, expand);
  MlirValue expanded = mlirOperationGetResult(expand, 0);
  mlirValueReplaceAllUsesOfWith(result, expanded);
  mlirOperationSetOperand(expand, 0, result);
}

static bool visit(MlirOperation compute) {
  if (strata_te_compute_num_reduce(compute) > 0 || mlirOperationGetNumOperands(compute) > 0)
    return false;
  MlirBlock body = strata_te_compute_body(compute);
  int rank = (int)mlirBlockGetNumArguments(body);
  if (rank < 2 || rank > MAX_RANK)
    return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (mlirOperationGetNumRegions(op) > 0)
      return false;
  MlirOperation view = find_view(compute, body, rank);
  if (mlirOperationIsNull(view))
    return false;
  int group[MAX_RANK], group_size[MAX_RANK] = {0};
  int groups = read_groups(view, rank, group);
  if (groups <= 0 || groups == rank)
    return false;
  for (int d = 0; d < rank; ++d)
    group_size[group[d]]++;
  if (!legal(body, rank, group, group_size,
             mlirValueGetType(mlirOperationGetResult(compute, 0))))
    return false;
  rewrite(compute, view, rank, group, groups);
  return true;
}

/* A te.read of a tensor.expand_shape whose every group has at most one
 * dimension not of extent 1 (dims of 1 put back: [S, N] viewed as [1, S,
 * N]) reads the source instead, at the index of each group's one such
 * dimension (0 for a group of 1s). Such views are left behind by the
 * epilogue rewrite above for the computes it does not take (the FFN's
 * GELU inlined into the next product's rows [S, 4N] reads the [1, S, 4N]
 * view at [0, s, j]); read through them, such a compute reads the product
 * at its own indices and is still an epilogue for tir-fuse-epilogue. */
static bool fold_unit_read(MlirOperation read) {
  MlirValue t = mlirOperationGetOperand(read, 0);
  if (!mlirValueIsAOpResult(t) || !strata_op_is(mlirOpResultGetOwner(t), "tensor.expand_shape"))
    return false;
  MlirOperation view = mlirOpResultGetOwner(t);
  MlirType vt = mlirValueGetType(t);
  int rank = (int)mlirShapedTypeGetRank(vt), group[MAX_RANK];
  if (rank > MAX_RANK || !mlirShapedTypeHasStaticShape(vt) ||
      strata_te_read_num_indices(read) != rank)
    return false;
  int groups = read_groups(view, rank, group);
  if (groups <= 0 || groups >= rank)
    return false;
  MlirValue ops[1 + MAX_RANK];
  ops[0] = mlirOperationGetOperand(view, 0);
  for (int g = 0; g < groups; ++g)
    ops[1 + g] = (MlirValue){NULL};
  for (int d = 0; d < rank; ++d) {
    if (mlirShapedTypeGetDimSize(vt, d) == 1)
      continue;
    if (!mlirValueIsNull(ops[1 + group[d]]))
      return false; /* two dims of one group: a linear index */
    ops[1 + group[d]] = strata_te_read_index(read, d);
  }
  strata_builder_t b = strata_builder_before(read);
  for (int g = 0; g < groups; ++g)
    if (mlirValueIsNull(ops[1 + g]))
      ops[1 + g] = strata_build_index(&b, 0);
  mlirOperationSetOperands(read, 1 + groups, ops);
  return true;
}

/* The pass; its record (argument, summary, options): passes/te/te_passes.def. */
MlirLogicalResult te_epilogue_view_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_rewrite_each(module, (const char *const[]){"te.compute", NULL}, visit);
  strata_op_list_rewrite_each(module, (const char *const[]){"te.read", NULL}, fold_unit_read);
  return mlirLogicalResultSuccess();
}
