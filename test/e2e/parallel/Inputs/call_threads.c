/* Calls the AOT-compiled @threads (test/e2e/parallel/threads.mlir) and
 * prints the sum of the OpenMP thread ids its parallel loop recorded. */
#include <stdint.h>
#include <stdio.h>

typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} memref_1d_i32;

void _mlir_ciface_threads(memref_1d_i32 *ids);

int main(void) {
  int32_t ids[64] = {0};
  memref_1d_i32 m = {ids, ids, 0, {64}, {1}};
  _mlir_ciface_threads(&m);
  long sum = 0;
  for (int i = 0; i < 64; ++i)
    sum += ids[i];
  printf("sum of thread ids: %ld\n", sum);
  return 0;
}
