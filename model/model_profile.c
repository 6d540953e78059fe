/* Per-kernel times of a model compiled with options.profile (model API,
 * include/strata/model.h): the names strata-instrument-profile records in
 * the module and the runtime's kernel timers (runtime/profile_kernels.c),
 * which the compiled code drives. */
#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "model/model_internal.h"
#include "runtime/profile_kernels.h"

bool strata_model_take_kernel_names(strata_model_t *m) {
  MlirStringRef key = strata_sref("strata.profile_kernels");
  MlirAttribute a = mlirOperationGetAttributeByName(m->module, key);
  intptr_t n = mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ? 0
                                                                     : mlirArrayAttrGetNumElements(a);
  m->kernel_names = calloc((size_t)n + 1, sizeof *m->kernel_names);
  if (!m->kernel_names)
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    MlirStringRef s = mlirAttributeIsAString(e) ? mlirStringAttrGetValue(e) : strata_sref("?");
    if (!(m->kernel_names[i] = strata_ref_dup(s)))
      return false;
    m->num_kernels = (int)(i + 1);
  }
  if (!mlirAttributeIsNull(a))
    mlirOperationRemoveAttributeByName(m->module, key);
  strata_profile_reset();
  return true;
}

void strata_model_free_kernel_names(strata_model_t *m) {
  for (int i = 0; m->kernel_names && i < m->num_kernels; ++i)
    free(m->kernel_names[i]);
  free(m->kernel_names);
  m->kernel_names = NULL;
  m->num_kernels = 0;
}

int strata_model_num_kernels(const strata_model_t *m) { return m ? m->num_kernels : 0; }

const char *strata_model_kernel_name(const strata_model_t *m, int i) {
  return m && i >= 0 && i < m->num_kernels ? m->kernel_names[i] : NULL;
}

strata_status_t strata_model_kernel_time(const strata_model_t *m, int i, double *seconds,
                                         int64_t *calls) {
  if (!m || !seconds || !calls)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "strata_model_kernel_time: model, seconds and calls must not be "
                               "NULL");
  if (i < 0 || i >= m->num_kernels)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "kernel %d does not exist: the model times %d kernels%s", i,
                               m->num_kernels,
                               m->num_kernels ? "" : " (compile it with options.profile)");
  strata_profile_get(i, seconds, calls);
  return NULL;
}

void strata_model_profile_reset(strata_model_t *m) {
  (void)m;
  strata_profile_reset();
}
