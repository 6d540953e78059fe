/* The ONNX importer's own state, shared by its files (the operator
 * mappings see onnx_internal.h only, where the importer is opaque): the
 * value table and its entries (import_values.c). */
#ifndef STRATA_FRONTENDS_ONNX_IMPORT_STATE_H
#define STRATA_FRONTENDS_ONNX_IMPORT_STATE_H

#include <stdarg.h>

#include "frontends/onnx/onnx_internal.h"

/* An entry of the value table: what an ONNX value name stands for. */
typedef struct {
  char *name;
  MlirValue value; /* null until a constant is first used */
  bool has_const;
  onnx_const_t cst;
  MlirLocation loc; /* where a constant is materialized */
  bool bound;       /* a graph input with a known value (specialization) */
  onnx_seq_t *seq;  /* a sequence or optional (owned): value is null */
} onnx_value_t;

struct onnx_importer {
  MlirContext ctx;
  const char *path;
  MlirLocation file_loc;
  MlirBlock body;
  onnx_value_t *entries; /* open addressing on name */
  size_t cap, count;
  unsigned resource_id;
  int depth;                    /* bodies being imported (onnx_import_subgraph) */
  int num_bound;                /* graph-input values given by the caller */
  const char *const *bound_pb;  /* TensorProto file per graph input, or NULL */
};

/* --- The value table (import_values.c) ----------------------------------- */
/* The entry for name, or NULL. */
onnx_value_t *onnx_value_lookup(onnx_importer_t *imp, const char *name);
/* Returns the entry for name, creating (or replacing: SSA names in ONNX are
 * unique, but be robust) it. */
onnx_value_t *onnx_value_define(onnx_importer_t *imp, const char *name);
void onnx_value_table_free(onnx_importer_t *imp);
/* e's SSA value, a constant materialized (once) at its location. */
MlirValue onnx_value_materialize(onnx_importer_t *imp, onnx_value_t *e);
/* Entry e as an item the caller owns. */
bool onnx_value_item(onnx_importer_t *imp, onnx_value_t *e, onnx_item_t *out);
/* Emits the formatted error at loc (onnx_error, the driver's file errors).
 * Returns false. */
bool onnx_emit_errorv(MlirLocation loc, const char *fmt, va_list ap);

#endif
