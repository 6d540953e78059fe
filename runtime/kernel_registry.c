/* The list of library kernel families (see kernel_registry.h): one line per
 * family. */
#include "runtime/kernel_registry.h"

#include <stddef.h>

#include "runtime/detection_kernels.h"
#include "runtime/image_kernels.h"
#include "runtime/memory_kernels.h"
#include "runtime/profile_kernels.h"
#include "runtime/narrow_types.h"
#include "runtime/string_kernels.h"
#include "runtime/table_kernels.h"
#include "runtime/text_kernels.h"

const strata_kernel_symbol_t *const *strata_kernel_tables(void) {
  static const strata_kernel_symbol_t *const tables[] = {
      strata_string_kernels,
      strata_table_kernels,
      strata_text_kernels,
      strata_detection_kernels,
      strata_memory_kernels,
      strata_profile_kernels,
      strata_narrow_kernels,
      strata_image_kernels,
      NULL,
  };
  return tables;
}
