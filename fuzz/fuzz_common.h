/* What the libFuzzer harnesses in fuzz/ share: a quiet Strata context
 * (diagnostics swallowed, no op printed with them, one thread), a temporary
 * file holding the current input for readers that take a path, and a
 * budget check on the sizes of the types in a module.
 *
 * The harnesses (one per input format Strata reads from users; see
 * docs/reliability.md):
 *   onnx_import.c     ONNX ModelProto bytes -> importer -> strata_verify
 *   mlir_pipeline.c   MLIR text -> parse -> strata_verify -> strata-graph-to-llvm
 *   tensor_read.c     bytes -> .npy reader, TensorProto/SequenceProto/OptionalProto readers
 *   schedule_trace.c  schedule trace text on fixed te.compute ops -> convert-te-to-tir,
 *                     tir-apply-schedule, strata-lower-to-llvm
 * Build and run them with scripts/fuzz.sh. */
#ifndef STRATA_FUZZ_FUZZ_COMMON_H
#define STRATA_FUZZ_FUZZ_COMMON_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The context for the current input: created on first use with Strata's
 * dialects and every pass registered, and made anew every few hundred
 * inputs so that what a context keeps (uniqued types and attributes) stays
 * bounded over a long run. Never null (aborts if the dialects fail to
 * load: a broken build, not a finding). */
MlirContext fuzz_context(void);

/* Writes data to the harness's temporary file and returns its path (valid
 * until the next call). Aborts if the file cannot be written. */
const char *fuzz_write_temp(const uint8_t *data, size_t size);

/* True when every ranked shaped type of a value in `root` (results and
 * block arguments) has at most max_elements elements (dynamic sizes count
 * as 1): larger ones are legitimate IR whose compilation is legitimately
 * slow or large, which the harnesses skip. */
bool fuzz_types_within(MlirOperation root, int64_t max_elements);

/* True when MLIR `text` (len bytes) may reach a known crash of the MLIR
 * 22 parser itself (not Strata's): a dense array of `index` (or of an
 * aliased type, which may be index), "array<index: 1>", makes
 * Parser::parseDenseArrayAttr call getIntOrFloatBitWidth on index and
 * crash (llvm/llvm-project#179045, fixed upstream after 22.1). Harnesses
 * skip such inputs; docs/reliability.md lists the exception. */
bool fuzz_hits_upstream_parser_bug(const char *text, size_t len);

#endif
