/* IR building for passes written in C: an insertion point plus short calls
 * for the op shapes conversions create over and over (an op from operands,
 * result types and named attributes; an op with one single-block region;
 * index and float constants). The MLIR C API's MlirOperationState is
 * verbose; every pass would otherwise repeat the same dozen lines. */
#ifndef STRATA_CORE_BUILDER_H
#define STRATA_CORE_BUILDER_H

#include <mlir-c/IR.h>
#include <stdint.h>

typedef struct {
  MlirBlock block;
  MlirOperation before; /* insert before this op; null: append to block */
  MlirLocation loc;
} strata_builder_t;

/* Insertion point just before `op`, with op's location. */
strata_builder_t strata_builder_before(MlirOperation op);
/* Insertion point at the end of `block` (before its terminator if any). */
strata_builder_t strata_builder_at_end(MlirBlock block, MlirLocation loc);

/* Inserts an owned, detached op at the insertion point; returns it. */
MlirOperation strata_build_insert(strata_builder_t *b, MlirOperation op);

/* Creates and inserts `name`(operands) -> result types {attrs}. */
MlirOperation strata_build_op(strata_builder_t *b, const char *name, intptr_t num_operands,
                              const MlirValue *operands, intptr_t num_results,
                              const MlirType *results, intptr_t num_attrs,
                              const MlirNamedAttribute *attrs);

/* Like strata_build_op, plus one region holding one block whose arguments
 * have `arg_types` (locations: b->loc). Get the block with
 * mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)). */
MlirOperation strata_build_region_op(strata_builder_t *b, const char *name,
                                     intptr_t num_operands, const MlirValue *operands,
                                     intptr_t num_results, const MlirType *results,
                                     intptr_t num_attrs, const MlirNamedAttribute *attrs,
                                     intptr_t num_args, const MlirType *arg_types);

/* Single-result convenience: the op's first result. */
MlirValue strata_build_value(strata_builder_t *b, const char *name, intptr_t num_operands,
                             const MlirValue *operands, MlirType result, intptr_t num_attrs,
                             const MlirNamedAttribute *attrs);

/* arith.constant of index type / of a float or integer scalar type. */
MlirValue strata_build_index(strata_builder_t *b, int64_t value);
MlirValue strata_build_scalar(strata_builder_t *b, MlirType type, double value);

/* Size of dimension `d` of the memref `v`: an index constant when static,
 * else memref.dim. */
MlirValue strata_build_dim(strata_builder_t *b, MlirValue v, intptr_t d);
/* Named attribute from a C string name. */
MlirNamedAttribute strata_named(MlirContext ctx, const char *name, MlirAttribute attr);
MlirAttribute strata_string_attr(MlirContext ctx, const char *s);

#endif
