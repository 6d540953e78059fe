/* Loop-nest queries and building blocks shared by the tir schedule
 * primitives (split, tile, fuse, reorder, parallel, vectorize, unroll) and
 * by tir-apply-schedule: finding a nest's root and its compute name, looking
 * loops up by name, building a tir.for, moving loop bodies, telling
 * reduction loops from spatial ones, and making a chain of loops perfectly
 * nested by hoisting a reduction's init store into its own nest.
 * Internal to passes/tir/. Functions borrow unless stated; the strata_tir_nest_*
 * functions that return MlirLogicalResult emit a located error on failure. */
#ifndef STRATA_PASSES_TIR_LOOPS_H
#define STRATA_PASSES_TIR_LOOPS_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "strata/pass.h"

/* True if `op` is a tir.for. */
bool strata_tir_is_for(MlirOperation op);

/* The outermost tir.for enclosing `loop` (loop itself if it has no tir.for
 * parent): the op that carries te.compute / te.schedule. */
MlirOperation strata_tir_nest_root(MlirOperation loop);

/* The nearest tir.for before `root` in its block (a null op if none), and
 * whether it carries te.compute (a computation's nest, not a hoisted init
 * or copy): the producer tir-sink-init and tir-sink-epilogue look at. */
MlirOperation strata_tir_nest_before(MlirOperation root, bool *is_compute);

/* The compute name of the nest holding `loop` (te.compute of its root) into
 * buf; "?" when the root has none. Returns buf. */
const char *strata_tir_compute_name(MlirOperation loop, char *buf, size_t size);

/* Loop name of `loop` as a C string into buf. Returns buf. */
const char *strata_tir_loop_name(MlirOperation loop, char *buf, size_t size);

/* The nest roots (tir.for carrying te.compute) below `scope`, in
 * pre-order: those of compute `compute`, or all when it is "". */
void strata_tir_collect_roots(MlirOperation scope, const char *compute, strata_op_list_t *out);

/* The first nest root of compute `compute` below `scope`, or null. */
MlirOperation strata_tir_find_root(MlirOperation scope, const char *compute);

/* An arith op `name` (addi, muli, divui, ...) on two index values. */
MlirValue strata_tir_index_op(strata_builder_t *b, const char *name, MlirValue x, MlirValue y);

/* The single tir.for directly in loop's body (other ops allowed beside
 * it), or null if there is none or more than one. */
MlirOperation strata_tir_single_inner_loop(MlirOperation loop);

/* Every tir.for named `name` in the nest rooted at `root` (root included),
 * appended to `out` in pre-order. */
void strata_tir_collect_named(MlirOperation root, const char *name, strata_op_list_t *out);

/* The unique loop named `name` in the nest of `root`. Emits (on root)
 * "no loop named 'x' in compute 'c' (loops: ...)" or "loop name 'x' is
 * ambiguous in compute 'c'" and fails otherwise. */
MlirLogicalResult strata_tir_lookup_loop(MlirOperation root, const char *name,
                                         MlirOperation *out);

/* The names of the loops under `root` (root included), comma-separated,
 * into buf (truncated to size); returns buf. For "no loop named" errors. */
char *strata_tir_list_loops(MlirOperation root, char *buf, size_t size);

/* True if a tir.for named `name` exists in the nest of `root`. */
bool strata_tir_name_taken(MlirOperation root, const char *name);

/* True for ops the primitives may move freely between loop bodies (pure
 * scalar/index arithmetic: the arith dialect). */
bool strata_tir_is_pure(MlirOperation op);

/* An index constant inserted at the top of the block holding the nest root
 * of `loop` (so it dominates the whole nest, and loops built before it). */
MlirValue strata_tir_const_index(MlirOperation loop, int64_t value);

/* Checks lower bound 0 and step 1 (constants); emits
 * "<prim>: loop 'x' of compute 'c' must start at 0 with step 1". */
MlirLogicalResult strata_tir_check_normalized(MlirOperation loop, const char *prim);

/* True if the upper bound is an arith.constant; stores it. */
bool strata_tir_const_extent(MlirOperation loop, int64_t *out);

/* A constant upper bound of the loop's extent: the constant upper bound
 * itself, or c of min(c, x) / min(x, c) (a non-divisible split). */
bool strata_tir_extent_bound(MlirOperation loop, int64_t *bound);

/* True if iterations of `loop` store to memory locations whose indices do
 * not depend on its induction variable (a reduction / accumulation loop),
 * i.e. it is not safe to run its iterations in parallel. */
bool strata_tir_is_reduction_loop(MlirOperation loop);

/* Whether loops[0..n) (each the single loop in the previous one's body) is
 * a perfect spatial nest around at most one store: outer bodies hold only
 * loops and pure ops, the innermost also loads, math ops and one
 * memref.store, stored in *store (null when there is none). */
bool strata_tir_spatial_store_nest(const MlirOperation *loops, int n, MlirOperation *store);

/* True if `v` is defined inside (a region of) `op`. */
bool strata_tir_defined_inside(MlirValue v, MlirOperation op);
/* True if `op` is nested (at any depth) in a region of `root`. */
bool strata_tir_nested_in(MlirOperation op, MlirOperation root);

/* Creates a tir.for (lb, ub, step) named `name` of `kind` at `b`, with an
 * empty body ending in gpu.yield. */
MlirOperation strata_tir_build_for(strata_builder_t *b, MlirValue lb, MlirValue ub,
                                   MlirValue step, const char *name, const char *kind);

/* Copies the discardable attributes of `from` to `to`: those named "te.*"
 * when `te` is true (the nest attributes), the others (except name and kind)
 * when false. */
void strata_tir_copy_attrs(MlirOperation from, MlirOperation to, bool te);

/* Moves every op of loop's body except its terminator before `before`. */
void strata_tir_move_body(MlirOperation loop, MlirOperation before);

/* Erases unused pure ops of `block` (repeatedly, last to first). */
void strata_tir_erase_dead_pure(MlirBlock block);

/* The chain of loops from `outer` down to `inner` (both included), outer
 * first, into `chain`; fails (no message) if inner is not nested in outer. */
bool strata_tir_chain(MlirOperation outer, MlirOperation inner, strata_op_list_t *chain);

/* Makes chain[0..n) perfectly nested: the body of each chain[i] (i < n-1)
 * may then hold only pure ops, chain[i+1] and the terminator. A reduction
 * init (stores of values computed by pure ops only) found between two chain
 * loops is hoisted into its own nest (a copy of the enclosing chain loops
 * whose names get the suffix ".init", placed before chain[0]). Emits
 * "<what>: '<b>' is not perfectly nested in '<a>' in compute 'c' (...)" and
 * fails otherwise. */
MlirLogicalResult strata_tir_make_perfect(strata_op_list_t *chain, const char *what);

/* --- for the single-primitive passes (tir-split{loop=...}, ...) ------- */

/* The loop named `name` among all nests of `module`, restricted to the nest
 * of compute `compute` when that is non-empty. Emits (on the module, or on
 * the nest) "no loop named 'x'", "loop 'x' is ambiguous: found in computes
 * 'a' and 'b' (choose one with compute=)" or the nest's own ambiguity. */
MlirLogicalResult strata_tir_find_in_module(MlirOperation module, const char *compute,
                                            const char *name, MlirOperation *out);

/* strata_tir_find_in_module with the pass's `loop` and `compute` options. */
MlirLogicalResult strata_tir_find_option_loop(MlirOperation module,
                                              const strata_pass_options_t *opts,
                                              MlirOperation *out);

/* The loops named in names[0..n) (as for strata_tir_find_in_module, within
 * the pass's `compute` option) into loops[0..n); fails at the first one not
 * found (its error emitted). */
MlirLogicalResult strata_tir_find_option_loops(MlirOperation module,
                                               const strata_pass_options_t *opts,
                                               char (*names)[128], int n, MlirOperation *loops);

/* The loops named by the comma-separated list in option `option` (e.g.
 * "loops", "order"), at most max of them, looked up as above. Emits
 * "<pass>: '<option>' must be a comma-separated list of loop names, got '..'"
 * for a bad list. Returns the count, or -1 on failure. */
int strata_tir_option_loop_list(MlirOperation module, const strata_pass_options_t *opts,
                                const char *pass, const char *option, MlirOperation *loops,
                                int max);

/* Runs primitive `prim` on the loop named by the pass's `loop` and
 * `compute` options (the whole run of tir-parallel, tir-vectorize, ...). */
MlirLogicalResult strata_tir_run_on_option_loop(MlirOperation module,
                                                const strata_pass_options_t *opts,
                                                MlirLogicalResult (*prim)(MlirOperation loop));

/* The one nest root of compute `compute` below `module` (any compute when it
 * is "" and `any` is true; none otherwise) into *root. Emits (on the module)
 * "<pass>: no loop nest of compute '<compute>'" or "<pass>: <several>"
 * (`several` a literal format taking the compute name, "(any)" for "") and
 * fails otherwise. */
MlirLogicalResult strata_tir_single_root(MlirOperation module, const char *compute, bool any,
                                         const char *pass, const char *several,
                                         MlirOperation *root);

/* A schedule primitive's refusal: the op it is reported at and what the
 * primitive was asked to do ("cannot compute 'p' at 'i' of compute 'c'"),
 * which every reason follows after ": ". */
typedef struct {
  MlirOperation at;
  char what[448];
} strata_tir_refusal_t;

/* Emits "<what>: <reason>" at r->at; returns failure. */
MlirLogicalResult strata_tir_refuse(const strata_tir_refusal_t *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Option-table entries of the single-primitive passes: a string option with
 * an empty default, and the `compute` option that restricts a loop search. */
#define STRATA_TIR_TEXT_OPTION(name_, help_)                                                 \
  {.name = (name_), .kind = STRATA_OPTION_STRING, .default_value = "", .help = (help_)}
#define STRATA_TIR_COMPUTE_OPTION                                                            \
  STRATA_TIR_TEXT_OPTION("compute", "restrict the search to the nest of this compute")

/* Parses a comma-separated list of integers ("8,4") into out[0..max).
 * Returns the count, or -1 on a syntax error or too many entries. */
int strata_tir_parse_ints(const char *s, int64_t *out, int max);

/* Splits a comma-separated list of names ("d1,d0") into names[0..max)
 * (each at most 127 characters). Returns the count, or -1. */
int strata_tir_parse_names(const char *s, char (*names)[128], int max);
#endif
