/* strata-opt: the opt-style driver. Parses MLIR (Strata and upstream
 * dialects), verifies it (IRDL plus Strata's C checks), runs a textual pass
 * pipeline, prints the result. Supports --split-input-file and
 * --verify-diagnostics so lit tests can check both output and errors. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/bridge.h"
#include "core/compile_timing.h"
#include "core/suggest.h"
#include "core/text.h"
#include "passes/te/te_tuning_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"
#include "strata/strata.h"
#include "tools/strata-opt/opt.h"

typedef struct {
  const char *input;
  const char *output;
  const char *pipeline;
  bool list_passes, pass_docs, split, verify_diags, print_before, print_after;
  bool print_after_change, print_after_failure, dump_pipeline, statistics;
  bool debuginfo, generic, allow_unregistered;
  strata_timing_t *timing; /* --timing (--mlir-timing): parse and pass times, else NULL */
} options_t;

static const char usage[] =
    "OVERVIEW: strata-opt - the Strata optimizer driver\n"
    "\n"
    "Reads MLIR (Strata's graph/te/tir/hwi dialects and upstream dialects),\n"
    "verifies it, runs a pass pipeline and prints the result.\n"
    "\n"
    "USAGE: strata-opt [options] [<input file> | -]\n"
    "\n"
    "OPTIONS:\n"
    "  -p, --pass-pipeline=<text>   pipeline to run, e.g.\n"
    "                               'builtin.module(graph-canonicalize,strata-dce)'\n"
    "                               or a plain list 'graph-canonicalize,canonicalize'\n"
    "                               (Strata and upstream passes mix; options in {})\n"
    "  --<pass>[=\"<options>\"]       add a Strata pass to the pipeline, in order\n"
    "                               (as mlir-opt: --graph-fuse --strata-dce)\n"
    "  -o <file>                    write output there (default: stdout)\n"
    "  --list-passes                print every Strata pass with its summary and exit\n"
    "  --pass-docs                  print the pass reference (docs/passes.md) and exit\n"
    "  --split-input-file           process each '// -----' separated chunk alone\n"
    "  --verify-diagnostics         check diagnostics against 'expected-error' comments\n"
    "  --mlir-print-ir-before-all   print the IR before every pass (stderr)\n"
    "  --mlir-print-ir-after-all    print the IR after every pass (stderr)\n"
    "  --mlir-print-ir-after-change print the IR after every pass that changed it\n"
    "  --mlir-print-ir-after-failure print the IR after a pass that failed\n"
    "  --dump-pass-pipeline         print the pipeline that will run (stderr)\n"
    "  --mlir-pass-statistics       print the passes' statistics after the run\n"
    "  --mlir-print-debuginfo       print locations\n"
    "  --mlir-print-op-generic      print every op in generic form\n"
    "  --allow-unregistered-dialect accept ops of unknown dialects\n"
    "  --timing, --mlir-timing      print the parse time and each pass's time (stderr)\n"
    "  --version                    print the version and exit\n"
    "  -h, --help                   print this help and exit\n"
    "\n"
    "Exit status: 0 on success; 1 on a parse, verify or pass failure (or, with\n"
    "--verify-diagnostics, when diagnostics differ from the expectations); 2 on\n"
    "a usage error.\n";

/* Matches "--name=value", "--name value", "-name=value" (one dash too). */
static bool take_value(int argc, char **argv, int *i, const char *name, const char **value) {
  const char *a = argv[*i];
  if (a[0] != '-')
    return false;
  a += a[1] == '-' ? 2 : 1;
  size_t n = strlen(name);
  if (strncmp(a, name, n) != 0)
    return false;
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  if (a[n] == '\0' && *i + 1 < argc) {
    *value = argv[++*i];
    return true;
  }
  return false;
}

static bool is_flag(const char *arg, const char *name) {
  if (arg[0] != '-')
    return false;
  arg += arg[1] == '-' ? 2 : 1;
  return strcmp(arg, name) == 0;
}

/* The --<pass>[=options] flags, as a pipeline text; lives as long as the
 * process (options_t.pipeline may point into it). */
static strata_text_t pass_flags;

/* Whether `name` is a pass or pipeline in MLIR's registry (upstream ones
 * too, which only a trial parse can tell). */
static bool is_registered_pass(const char *name) {
  if (strata_pass_lookup(name))
    return true;
  MlirContext ctx = mlirContextCreate();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  strata_text_t err = {0};
  bool ok = mlirLogicalResultIsSuccess(mlirOpPassManagerAddPipeline(
      mlirPassManagerGetAsOpPassManager(pm), strata_sref(name), strata_text_append_cb, &err));
  strata_text_free(&err);
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);
  return ok;
}

/* "--name" or "--name=options" naming a registered pass: appends
 * "name{options}" to the pipeline text `flags`. */
static bool add_pass_flag(const char *arg, strata_text_t *flags) {
  const char *name = arg + (arg[1] == '-' ? 2 : 1);
  const char *eq = strchr(name, '=');
  char pass[128];
  size_t n = eq ? (size_t)(eq - name) : strlen(name);
  if (n >= sizeof pass)
    return false;
  memcpy(pass, name, n);
  pass[n] = '\0';
  if (!is_registered_pass(pass))
    return false;
  if (flags->len)
    strata_text_append_c(flags, ",");
  strata_text_append_c(flags, pass);
  if (eq) {
    strata_text_append_c(flags, "{");
    strata_text_append_c(flags, eq + 1);
    strata_text_append_c(flags, "}");
  }
  return true;
}

/* An unknown option, with the closest option or pass flag as a hint. */
static int unknown_option(const char *arg) {
  size_t count = strata_pass_count();
  char **names = calloc(count ? count : 1, sizeof *names);
  for (size_t i = 0; names && i < count; ++i) {
    const char *pass = strata_pass_at(i)->argument;
    if ((names[i] = malloc(strlen(pass) + 3)))
      sprintf(names[i], "--%s", pass);
  }
  int rc = strata_cli_unknown_option("strata-opt", arg, usage, (const char *const *)names,
                                     names ? count : 0);
  for (size_t i = 0; names && i < count; ++i)
    free(names[i]);
  free(names);
  return rc;
}

static int parse_args(int argc, char **argv, options_t *o) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    if (is_flag(a, "h") || is_flag(a, "help")) {
      fputs(usage, stdout);
      exit(0);
    } else if (is_flag(a, "version")) {
      printf("strata-opt %s (MLIR 22)\n", STRATA_VERSION);
      exit(0);
    } else if (is_flag(a, "list-passes")) {
      o->list_passes = true;
    } else if (is_flag(a, "pass-docs")) {
      o->pass_docs = true;
    } else if (is_flag(a, "split-input-file")) {
      o->split = true;
    } else if (is_flag(a, "verify-diagnostics")) {
      o->verify_diags = true;
    } else if (is_flag(a, "mlir-print-ir-before-all") || is_flag(a, "print-ir-before-all")) {
      o->print_before = true;
    } else if (is_flag(a, "mlir-print-ir-after-all") || is_flag(a, "print-ir-after-all")) {
      o->print_after = true;
    } else if (is_flag(a, "mlir-print-ir-after-change")) {
      o->print_after = o->print_after_change = true;
    } else if (is_flag(a, "mlir-print-ir-after-failure")) {
      o->print_after = o->print_after_failure = true;
    } else if (is_flag(a, "dump-pass-pipeline")) {
      o->dump_pipeline = true;
    } else if (is_flag(a, "mlir-pass-statistics")) {
      o->statistics = true;
    } else if (is_flag(a, "mlir-print-debuginfo")) {
      o->debuginfo = true;
    } else if (is_flag(a, "mlir-print-op-generic")) {
      o->generic = true;
    } else if (is_flag(a, "timing") || is_flag(a, "mlir-timing")) {
      static strata_timing_t timing;
      o->timing = &timing;
    } else if (is_flag(a, "allow-unregistered-dialect")) {
      o->allow_unregistered = true;
    } else if (take_value(argc, argv, &i, "pass-pipeline", &v) ||
               take_value(argc, argv, &i, "p", &v)) {
      o->pipeline = v;
    } else if (take_value(argc, argv, &i, "o", &v)) {
      o->output = v;
    } else if (a[0] == '-' && a[1] != '\0' && add_pass_flag(a, &pass_flags)) {
      continue;
    } else if (a[0] == '-' && a[1] != '\0') {
      return unknown_option(a);
    } else if (o->input) {
      fprintf(stderr, "strata-opt: more than one input file ('%s' and '%s')\n", o->input, a);
      return 2;
    } else {
      o->input = a;
    }
  }
  if (!o->input)
    o->input = "-";
  if (pass_flags.len && o->pipeline) {
    fprintf(stderr, "strata-opt: give passes either as --pass-pipeline or as pass flags, "
                    "not both\n");
    return 2;
  }
  if (pass_flags.len)
    o->pipeline = strata_text_str(&pass_flags);
  return 0;
}

static char *read_all(FILE *f, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (n + 1 == cap)
      buf = realloc(buf, cap *= 2);
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

static void list_passes(void) {
  for (size_t i = 0; i < strata_pass_count(); ++i) {
    const strata_pass_info_t *p = strata_pass_at(i);
    printf("%-28s %s\n", p->argument, p->summary);
    for (size_t k = 0; k < p->num_options; ++k)
      printf("  %-26s %s (default: %s)\n", p->options[k].name, p->options[k].help,
             p->options[k].default_value ? p->options[k].default_value : "");
  }
}

/* The Markdown reference of every pass, generated from the records. */
static void print_pass_docs(void) {
  printf("# Strata passes\n\n"
         "Generated by `strata-opt --pass-docs` from the pass records "
         "(passes/passes.def); do not edit by hand.\n");
  for (size_t i = 0; i < strata_pass_count(); ++i) {
    const strata_pass_info_t *p = strata_pass_at(i);
    printf("\n## `%s`\n\n%s.\n\n%s\n\nRuns on: `%s`.\n", p->argument, p->summary,
           p->description ? p->description : "", p->anchor);
    if (p->pipeline)
      printf("Pipeline: `%s`.\n", p->pipeline);
    if (p->num_options) {
      printf("\n| option | default | meaning |\n|---|---|---|\n");
      for (size_t k = 0; k < p->num_options; ++k)
        printf("| `%s` | `%s` | %s |\n", p->options[k].name,
               p->options[k].default_value ? p->options[k].default_value : "",
               p->options[k].help);
    }
  }
}

static void write_to_file(MlirStringRef s, void *user) { fwrite(s.data, 1, s.length, user); }

/* Parses, verifies, transforms and prints one chunk. Returns success when
 * every step succeeded. */
/* The IR-printing, pipeline-dump and statistics flags, on `pm`. */
static void configure_pass_manager(const options_t *o, MlirPassManager pm) {
  if (o->print_before || o->print_after) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    mlirPassManagerEnableIRPrinting(pm, o->print_before, o->print_after,
                                    /*printModuleScope=*/true, o->print_after_change,
                                    o->print_after_failure, flags, mlirStringRefCreate(NULL, 0));
    mlirOpPrintingFlagsDestroy(flags);
  }
  if (o->dump_pipeline) {
    fputs("Pass Manager with pipeline:\n", stderr);
    mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), write_to_file, stderr);
    fputc('\n', stderr);
  }
  if (o->statistics)
    strata_pass_manager_enable_statistics(pm);
}

static bool process_chunk(MlirContext ctx, const options_t *o, const strata_chunk_t *chunk,
                          FILE *out) {
  char *source = strata_chunk_padded(chunk);
  const char *name = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
  strata_time_mark_t mark = strata_time_mark();
  MlirOperation op = strata_parse_module(ctx, mlirStringRefCreateFromCString(source),
                                         mlirStringRefCreateFromCString(name));
  strata_timing_charge(o->timing, STRATA_PHASE_IMPORT, mark);
  free(source);
  if (mlirOperationIsNull(op))
    return false;
  bool ok = mlirLogicalResultIsSuccess(strata_verify(op));
  if (ok && o->pipeline) {
    MlirPassManager pm = strata_pass_manager_create(op, o->pipeline);
    ok = !mlirPassManagerIsNull(pm);
    if (ok) {
      mlirPassManagerEnableVerifier(pm, true);
      configure_pass_manager(o, pm);
      ok = mlirLogicalResultIsSuccess(strata_timing_run_pass_manager(o->timing, pm, op)) &&
           mlirLogicalResultIsSuccess(strata_verify(op));
      mlirPassManagerDestroy(pm);
    }
  }
  if (ok) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (o->debuginfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    if (o->generic)
      mlirOpPrintingFlagsPrintGenericOpForm(flags);
    mlirOperationPrintWithFlags(op, flags, write_to_file, out);
    fputc('\n', out);
    mlirOpPrintingFlagsDestroy(flags);
  }
  mlirOperationDestroy(op);
  return ok;
}

int main(int argc, char **argv) {
  options_t o = {0};
  strata_tuning_passes_register();
  strata_register_all_passes();
  int rc = parse_args(argc, argv, &o);
  if (rc)
    return rc;
  if (o.list_passes || o.pass_docs) {
    o.list_passes ? list_passes() : print_pass_docs();
    return 0;
  }

  FILE *in = strcmp(o.input, "-") == 0 ? stdin : fopen(o.input, "rb");
  if (!in) {
    fprintf(stderr, "strata-opt: cannot open input '%s': %s\n", o.input, strerror(errno));
    return 1;
  }
  size_t len = 0;
  char *text = read_all(in, &len);
  if (in != stdin)
    fclose(in);

  MlirContext ctx = strata_context_create();
  if (mlirContextIsNull(ctx)) {
    free(text);
    return 1;
  }
  mlirContextSetAllowUnregisteredDialects(ctx, o.allow_unregistered);
  if (o.verify_diags)
    strata_context_set_print_op_on_diagnostic(ctx, false);
  const char *name = strcmp(o.input, "-") == 0 ? "<stdin>" : o.input;
  strata_diag_log_t log = {.echo = !o.verify_diags,
                           .color = strata_diag_color_for(stderr, STRATA_COLOR_AUTO),
                           .source = text, .source_len = len, .source_name = name};
  strata_diag_log_attach(ctx, &log);

  FILE *out = stdout;
  if (o.output && strcmp(o.output, "-") != 0 && !(out = fopen(o.output, "w"))) {
    fprintf(stderr, "strata-opt: cannot open output '%s': %s\n", o.output, strerror(errno));
    mlirContextDestroy(ctx);
    free(text);
    return 1;
  }

  strata_chunk_t *chunks = NULL;
  size_t n = strata_split_input(text, len, o.split, &chunks);
  bool all_ok = true;
  for (size_t i = 0; i < n; ++i) {
    if (i > 0)
      fputs("// -----\n", out);
    bool ok = process_chunk(ctx, &o, &chunks[i], out);
    if (o.verify_diags)
      ok = strata_verify_diagnostics(&chunks[i], name, &log, stderr);
    all_ok &= ok;
    strata_diag_log_clear(&log);
  }
  free(chunks);
  if (out != stdout)
    fclose(out);
  strata_timing_print(o.timing, name, stderr);
  strata_timing_free(o.timing);
  mlirContextDestroy(ctx);
  free(log.items);
  free(text);
  return all_ok ? 0 : 1;
}
