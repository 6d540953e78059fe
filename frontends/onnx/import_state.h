/* The ONNX importer's own state, shared by its files (the operator
 * mappings see onnx_internal.h only, where the importer is opaque): the
 * value table and its entries (import_values.c), node locations, operator
 * dispatch and node/body import (import_graph.c). The files build on each
 * other one way: onnx_const.c <- import_values.c <- import_build.c <-
 * import_graph.c <- importer.c (the driver); the mapping files
 * import_<family>.c sit between import_build.c and import_graph.c, which
 * reaches them only through their tables. */
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
  unsigned long errors;         /* errors reported in the context while importing */
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

/* --- Nodes and bodies (import_graph.c) ----------------------------------- */
/* The domain of the training operators (Gradient). */
#define ONNX_TRAINING_DOMAIN "ai.onnx.preview.training"
#define ONNX_PREVIEW_DOMAIN "ai.onnx.preview"
#define ONNX_ML_DOMAIN "ai.onnx.ml"

/* "node '<name>' (<OpType>)" (or "node #<index>") inside the model file. */
MlirLocation onnx_node_location(onnx_importer_t *imp, const Onnx__NodeProto *node, size_t index);
/* "<what> '<name>'" inside the model file ("graph input 'x'"). */
MlirLocation onnx_named_location(onnx_importer_t *imp, const char *what, const char *name);
/* "", NULL or "ai.onnx". */
bool onnx_is_default_domain(const char *domain);
/* The mapping of a node's operator in its domain, or NULL. */
const onnx_mapping_t *onnx_find_mapping(const Onnx__NodeProto *node);
/* "unsupported operator" at the node, naming a domain other than the
 * default. Returns false. */
bool onnx_unsupported_operator(onnx_importer_t *imp, const Onnx__NodeProto *node, size_t index);
/* Imports g->node[index] into imp->body with the default domain's opset.
 * Returns false after an error. */
bool onnx_import_node(onnx_importer_t *imp, const Onnx__GraphProto *g, size_t index,
                      const int64_t *opset_of_default);
/* The first graph input, output or initializer of g without a name
 * (protobuf-c leaves an absent one NULL; an empty one names nothing): its
 * kind ("input", "output", "initializer"), and its index in *index; NULL
 * when all are named. */
const char *onnx_unnamed_value(const Onnx__GraphProto *g, size_t *index);

#endif
