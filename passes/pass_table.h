/* How a folder's pass table is read. Each pass folder declares its passes
 * together in one X-macro table, <folder>_passes.def (passes/tir,
 * passes/te, passes/graph, passes/strata, lowering), as MLIR declares a
 * dialect's passes in one Passes.td rather than next to each pass's code:
 * the records (argument, summary, description, dialects, options) read as
 * one list, the pass files hold only the code. A row is
 *
 *   PASS(NAME, argument, summary, description, (dialect handles...))
 *   PASS_WITH_OPTIONS(NAME, argument, summary, description, (dialect handles...),
 *                     (option entries...))
 *
 * and this header gives the two readings of a row: STRATA_PASS_DECLARE_RUN
 * declares NAME_run (the <folder>_passes.h headers, included by the pass
 * files that define them), STRATA_PASS_DEFINE(_WITH_OPTIONS) defines the
 * record NAME_pass (the <folder>_passes.c tables), which passes/passes.def
 * lists for the registry. */
#ifndef STRATA_PASSES_PASS_TABLE_H
#define STRATA_PASSES_PASS_TABLE_H

#include <stddef.h>

#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/ControlFlow.h>
#include <mlir-c/Dialect/Func.h>
#include <mlir-c/Dialect/GPU.h>
#include <mlir-c/Dialect/Math.h>
#include <mlir-c/Dialect/MemRef.h>
#include <mlir-c/Dialect/SCF.h>
#include <mlir-c/Dialect/Tensor.h>
#include <mlir-c/Dialect/Vector.h>

#include "strata/pass.h"

/* A row's parenthesized list, unwrapped into an initializer. */
#define STRATA_UNPAREN(...) __VA_ARGS__
/* The dialect list of a pass that creates no ops of a dialect it may not
 * find loaded. */
#define STRATA_NO_DIALECTS (NULL)

#define STRATA_PASS_DECLARE_RUN(name, ...)                                                         \
  MlirLogicalResult name##_run(MlirOperation op, const strata_pass_options_t *opts);

#define STRATA_PASS_RECORD_FIELDS_(name, argument_, summary_, description_, dialects)              \
  .argument = argument_, .summary = summary_, .description = description_,                         \
  .anchor = "builtin.module", .dependent_dialects = {STRATA_UNPAREN dialects}, .run = name##_run

#define STRATA_PASS_DEFINE(name, argument_, summary_, description_, dialects)                       \
  const strata_pass_info_t name##_pass = {                                                         \
      STRATA_PASS_RECORD_FIELDS_(name, argument_, summary_, description_, dialects)};

#define STRATA_PASS_DEFINE_WITH_OPTIONS(name, argument_, summary_, description_, dialects, opts)   \
  static const strata_pass_option_t name##_options[] = {STRATA_UNPAREN opts};                      \
  const strata_pass_info_t name##_pass = {                                                         \
      STRATA_PASS_RECORD_FIELDS_(name, argument_, summary_, description_, dialects),                \
      STRATA_PASS_OPTIONS(name##_options)};

#endif
