/* Shared pieces of the libFuzzer harnesses: see fuzz_common.h. */
#include "fuzz/fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <unistd.h>

#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include "core/checked_math.h"
#include "strata/strata.h"

/* Inputs run on one context before it is made anew. */
enum { FUZZ_CONTEXT_REUSE = 500 };

static MlirLogicalResult swallow(MlirDiagnostic diag, void *user) {
  (void)diag;
  (void)user;
  return mlirLogicalResultSuccess();
}

MlirContext fuzz_context(void) {
  static MlirContext ctx;
  static int uses;
  if (!mlirContextIsNull(ctx) && ++uses < FUZZ_CONTEXT_REUSE)
    return ctx;
  if (!mlirContextIsNull(ctx))
    mlirContextDestroy(ctx);
  uses = 0;
  strata_register_all_passes();
  ctx = strata_context_create();
  if (mlirContextIsNull(ctx))
    abort();
  mlirContextAttachDiagnosticHandler(ctx, swallow, NULL, NULL);
  strata_context_set_print_op_on_diagnostic(ctx, false);
  return ctx;
}

static char temp_path[64];

static void remove_temp(void) {
  if (temp_path[0])
    unlink(temp_path);
}

const char *fuzz_write_temp(const uint8_t *data, size_t size) {
  if (!temp_path[0]) {
    const char *dir = getenv("TMPDIR");
    snprintf(temp_path, sizeof temp_path, "%s/strata-fuzz-XXXXXX",
             dir && strlen(dir) < 32 ? dir : "/tmp");
    int fd = mkstemp(temp_path);
    if (fd < 0)
      abort();
    close(fd);
    atexit(remove_temp);
  }
  FILE *f = fopen(temp_path, "wb");
  if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
    abort();
  return temp_path;
}

typedef struct {
  int64_t max;
  bool within;
} budget_t;

static void check_type(MlirType t, budget_t *b) {
  if (!mlirTypeIsAShaped(t) || !mlirShapedTypeHasRank(t))
    return;
  int64_t n = 1;
  for (intptr_t i = 0, r = mlirShapedTypeGetRank(t); i < r && b->within; ++i) {
    int64_t d = mlirShapedTypeGetDimSize(t, i);
    if (mlirShapedTypeIsDynamicSize(d) || d < 1)
      continue;
    if (!strata_mul_i64(n, d, &n) || n > b->max)
      b->within = false;
  }
}

static MlirWalkResult check_op(MlirOperation op, void *user) {
  budget_t *b = user;
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i)
    check_type(mlirValueGetType(mlirOperationGetResult(op, i)), b);
  for (intptr_t r = 0, nr = mlirOperationGetNumRegions(op); r < nr; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock blk = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(blk);
         blk = mlirBlockGetNextInRegion(blk))
      for (intptr_t a = 0, na = mlirBlockGetNumArguments(blk); a < na; ++a)
        check_type(mlirValueGetType(mlirBlockGetArgument(blk, a)), b);
  }
  return b->within ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

bool fuzz_types_within(MlirOperation root, int64_t max_elements) {
  budget_t b = {max_elements, true};
  mlirOperationWalk(root, check_op, &b, MlirWalkPreOrder);
  return b.within;
}

/* Skips what MLIR's lexer skips between tokens: whitespace, NUL bytes
 * and // comments. */
static size_t skip_blank(const char *text, size_t len, size_t i) {
  while (i < len) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0')
      ++i;
    else if (c == '/' && i + 1 < len && text[i + 1] == '/')
      while (i < len && text[i] != '\n')
        ++i;
    else
      break;
  }
  return i;
}

/* Whether the token at text[t] names an integer or float type (i32, si8,
 * ui16, f32, f8E4M3FN, bf16, tf32): the element types a dense array can
 * hold. */
static bool int_or_float_type(const char *text, size_t len, size_t t) {
  size_t rest = len - t;
  const char *p = text + t;
  if (rest >= 2 && p[0] == 'i' && isdigit((unsigned char)p[1]))
    return true;
  if (rest >= 3 && (p[0] == 's' || p[0] == 'u') && p[1] == 'i' && isdigit((unsigned char)p[2]))
    return true;
  if (rest >= 2 && p[0] == 'f' && isdigit((unsigned char)p[1]))
    return true;
  return (rest >= 4 && memcmp(p, "bf16", 4) == 0) || (rest >= 4 && memcmp(p, "tf32", 4) == 0);
}

bool fuzz_hits_upstream_parser_bug(const char *text, size_t len) {
  /* `array` `<` T, with anything the lexer skips between the tokens, where
   * T is not an integer or float type: MLIR 22 asks T for its bit width
   * (index, dialect types, tensors, ...: a null FloatType, a SEGV). */
  static const char key[] = "array";
  const size_t k = sizeof key - 1;
  for (size_t i = 0; i + k <= len; ++i) {
    if (memcmp(text + i, key, k) != 0)
      continue;
    size_t t = skip_blank(text, len, i + k);
    if (t >= len || text[t] != '<')
      continue;
    t = skip_blank(text, len, t + 1);
    if (t < len && !int_or_float_type(text, len, t))
      return true;
  }
  return false;
}
