/* Accessors for the hwi dialect (hardware intrinsics), for the tensorize
 * pass (which matches tir micro-tiles against declared intrinsics) and the
 * hwi-to-llvm lowering: ISA and kind enums, the tile, the types, and symbol
 * lookup of an hwi.intrinsic from an hwi.call_tile. All functions borrow;
 * none allocates. `op` arguments must be verified ops of the stated kind. */
#ifndef STRATA_DIALECTS_HWI_H
#define STRATA_DIALECTS_HWI_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

/* Instruction set an intrinsic needs: its `isa` attribute. */
typedef enum {
  STRATA_HWI_ISA_INVALID = -1,
  STRATA_HWI_ISA_AVX512F, /* 512-bit zmm registers */
  STRATA_HWI_ISA_AVX2,    /* 256-bit ymm (integer ops) */
  STRATA_HWI_ISA_FMA,     /* 256-bit ymm fused multiply-add */
  STRATA_HWI_ISA_NEON,    /* 128-bit q registers */
  STRATA_HWI_ISA_GENERIC, /* plain vector dialect, any width */
} strata_hwi_isa_t;

/* What one step of the micro-kernel does: its `kind` attribute. */
typedef enum {
  STRATA_HWI_KIND_INVALID = -1,
  STRATA_HWI_KIND_FMA, /* k = 1: broadcast A[i,k], fma with a B row vector */
  STRATA_HWI_KIND_DOT, /* k > 1 packed narrow elements dotted into a wider
                          accumulator lane (VNNI int8->i32, BF16->f32) */
} strata_hwi_kind_t;

strata_hwi_isa_t strata_hwi_isa_from_string(MlirStringRef s);
const char *strata_hwi_isa_name(strata_hwi_isa_t isa); /* NULL if invalid */
/* Vector register width in bits of `isa`; 0 for generic (any width). */
unsigned strata_hwi_isa_register_bits(strata_hwi_isa_t isa);

strata_hwi_kind_t strata_hwi_kind_from_string(MlirStringRef s);
const char *strata_hwi_kind_name(strata_hwi_kind_t kind); /* NULL if invalid */

/* --- hwi.intrinsic ------------------------------------------------------ */
MlirStringRef strata_hwi_intrinsic_name(MlirOperation op); /* sym_name */
strata_hwi_isa_t strata_hwi_intrinsic_isa(MlirOperation op);
strata_hwi_kind_t strata_hwi_intrinsic_kind(MlirOperation op);
/* Accumulator lanes per vector register (16 for vector<16xf32>). */
int64_t strata_hwi_intrinsic_vector_width(MlirOperation op);
/* Tile sizes: dim 0 = m (rows of C), 1 = n (columns of C), 2 = k (depth of
 * one step). */
int64_t strata_hwi_intrinsic_tile(MlirOperation op, int dim);
MlirType strata_hwi_intrinsic_element_type(MlirOperation op); /* of A and B */
MlirType strata_hwi_intrinsic_acc_type(MlirOperation op);     /* of C */

/* The hwi.intrinsic named `name` in the nearest builtin.module enclosing
 * `from` (top level of that module only); null op if there is none. */
MlirOperation strata_hwi_lookup_intrinsic(MlirOperation from, MlirStringRef name);

/* --- hwi.call_tile ------------------------------------------------------ */
/* The referenced intrinsic (null op if unresolved). */
MlirOperation strata_hwi_call_tile_intrinsic(MlirOperation op);
MlirValue strata_hwi_call_tile_lhs(MlirOperation op); /* A: m x K */
MlirValue strata_hwi_call_tile_rhs(MlirOperation op); /* B: K x n */
MlirValue strata_hwi_call_tile_acc(MlirOperation op); /* C: m x n */
/* The memref.subview C is taken from (its operand 0 the whole accumulator
 * buffer), or null when C is no subview. */
MlirOperation strata_hwi_call_tile_acc_view(MlirOperation op);

#endif
