# Writes a graph model with two dense_resource weights for jit-weights.mlir:
# a 32x32 f32 one (4096 bytes: the JIT hands it to the code as data) and a
# 31x32 one (3968 bytes: it stays in the LLVM IR), with seeded values.
import random
import struct
import sys

random.seed(3)


def blob(n):
    values = [random.uniform(-1, 1) for _ in range(n)]
    return "0x04000000" + struct.pack("<%df" % n, *values).hex().upper()


with open(sys.argv[1], "w") as f:
    f.write("""func.func @model(%x: tensor<4x32xf32>) -> (tensor<4x32xf32>, tensor<4x31xf32>) {
  %big = "graph.constant"() {value = dense_resource<big> : tensor<32x32xf32>} : () -> tensor<32x32xf32>
  %small = "graph.constant"() {value = dense_resource<small> : tensor<31x32xf32>} : () -> tensor<31x32xf32>
  %a = "graph.dense"(%x, %big) : (tensor<4x32xf32>, tensor<32x32xf32>) -> tensor<4x32xf32>
  %b = "graph.dense"(%x, %small) : (tensor<4x32xf32>, tensor<31x32xf32>) -> tensor<4x31xf32>
  return %a, %b : tensor<4x32xf32>, tensor<4x31xf32>
}
{-#
  dialect_resources: {
    builtin: {
      big: "BIG",
      small: "SMALL"
    }
  }
#-}
""".replace("BIG", blob(32 * 32)).replace("SMALL", blob(31 * 32)))
