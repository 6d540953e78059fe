// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{loop=d1 factors=4 compute=even})' | FileCheck %s --check-prefix=EVEN
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{loop=d1 factors=4 compute=odd})' | FileCheck %s --check-prefix=ODD
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{loop=d0 factors=2,3 compute=odd})' | FileCheck %s --check-prefix=TWO
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-split{loop=d0 factors=4 compute=dyn})' | FileCheck %s --check-prefix=DYN

// Divisible: 16 = 4 x 4, no min; the index is d1.0 * 4 + d1.1.
// EVEN-LABEL: func.func @even
// EVEN-DAG: %[[C4:.*]] = arith.constant 4 : index
// EVEN: ^bb0(%[[I:.*]]: index):
// EVEN-NEXT: "tir.for"(%{{[^,]*}}, %[[C4]], %{{[^,]*}}) ({
// EVEN-NEXT: ^bb0(%[[O:.*]]: index):
// EVEN-NEXT: %[[BASE:.*]] = arith.muli %[[O]], %{{.*}} : index
// EVEN-NEXT: "tir.for"(%{{[^,]*}}, %[[C4]], %{{[^,]*}}) ({
// EVEN-NEXT: ^bb0(%[[IN:.*]]: index):
// EVEN-NEXT: %[[J:.*]] = arith.addi %[[BASE]], %[[IN]] : index
// EVEN-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]]
// EVEN-NOT: arith.minsi
// EVEN: }) {kind = "serial", name = "d1.1"}
// EVEN-NEXT: gpu.yield
// EVEN-NEXT: }) {kind = "serial", name = "d1.0"}
// EVEN-NEXT: gpu.yield
// EVEN-NEXT: }) {kind = "serial", name = "d0", te.compute = "even"}
func.func @even(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<8x16xf32>, index, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "even", reduce_extents = array<i64>} : () -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// Odd: 13 by 4 -> d1.0 over ceil(13/4) = 4, d1.1 over min(4, 13 - d1.0*4).
// ODD-LABEL: func.func @odd
// ODD-DAG: %[[C4:.*]] = arith.constant 4 : index
// ODD-DAG: %[[C13:.*]] = arith.constant 13 : index
// ODD: ^bb0(%[[I:.*]]: index):
// ODD-NEXT: "tir.for"(%{{[^,]*}}, %[[C4]], %{{[^,]*}}) ({
// ODD-NEXT: ^bb0(%[[O:.*]]: index):
// ODD-NEXT: %[[BASE:.*]] = arith.muli %[[O]], %[[C4]] : index
// ODD-NEXT: %[[REM:.*]] = arith.subi %[[C13]], %[[BASE]] : index
// ODD-NEXT: %[[UB:.*]] = arith.minsi %[[C4]], %[[REM]] : index
// ODD-NEXT: "tir.for"(%{{[^,]*}}, %[[UB]], %{{[^,]*}}) ({
// ODD-NEXT: ^bb0(%[[IN:.*]]: index):
// ODD-NEXT: %[[J:.*]] = arith.addi %[[BASE]], %[[IN]] : index
// ODD: }) {kind = "serial", name = "d1.1"}
// ODD: }) {kind = "serial", name = "d1.0"}
// ODD: }) {kind = "serial", name = "d0", te.compute = "odd"}

// Two factors: d0 (7) by 2,3 -> d0.0 over ceil(7/6) = 2; d0.1 over
// min(2, ceildiv(7 - d0.0*6, 3)); d0.2 over min(3, 7 - base); the root
// attribute moves to d0.0.
// TWO-LABEL: func.func @odd
// TWO-DAG: %[[C2:.*]] = arith.constant 2 : index
// TWO-DAG: %[[C3:.*]] = arith.constant 3 : index
// TWO-DAG: %[[C6:.*]] = arith.constant 6 : index
// TWO-DAG: %[[C7:.*]] = arith.constant 7 : index
// TWO: "tir.for"(%{{[^,]*}}, %[[C2]], %{{[^,]*}}) ({
// TWO-NEXT: ^bb0(%[[A0:.*]]: index):
// TWO-NEXT: %[[B1:.*]] = arith.muli %[[A0]], %[[C6]] : index
// TWO-NEXT: %[[R1:.*]] = arith.subi %[[C7]], %[[B1]] : index
// TWO-NEXT: %[[D1:.*]] = arith.ceildivsi %[[R1]], %[[C3]] : index
// TWO-NEXT: %[[U1:.*]] = arith.minsi %[[C2]], %[[D1]] : index
// TWO-NEXT: "tir.for"(%{{[^,]*}}, %[[U1]], %{{[^,]*}}) ({
// TWO-NEXT: ^bb0(%[[A1:.*]]: index):
// TWO-NEXT: %[[T:.*]] = arith.muli %[[A1]], %[[C3]] : index
// TWO-NEXT: %[[B2:.*]] = arith.addi %[[B1]], %[[T]] : index
// TWO-NEXT: %[[R2:.*]] = arith.subi %[[C7]], %[[B2]] : index
// TWO-NEXT: %[[U2:.*]] = arith.minsi %[[C3]], %[[R2]] : index
// TWO-NEXT: "tir.for"(%{{[^,]*}}, %[[U2]], %{{[^,]*}}) ({
// TWO-NEXT: ^bb0(%[[A2:.*]]: index):
// TWO-NEXT: %[[I:.*]] = arith.addi %[[B2]], %[[A2]] : index
// TWO: }) {kind = "serial", name = "d1"}
// TWO: }) {kind = "serial", name = "d0.2"}
// TWO: }) {kind = "serial", name = "d0.1"}
// TWO: }) {kind = "serial", name = "d0.0", te.compute = "odd"}
func.func @odd(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %r = "te.compute"() ({
  ^bb0(%i: index, %j: index):
    %x = "te.read"(%a, %i, %j) : (tensor<7x13xf32>, index, index) -> f32
    %y = math.exp %x : f32
    gpu.yield %y : f32
  }) {name = "odd", reduce_extents = array<i64>} : () -> tensor<7x13xf32>
  return %r : tensor<7x13xf32>
}

// Dynamic extent: the outer bound is ceildivsi(n, 4), the inner one a min.
// DYN-LABEL: func.func @dyn
// DYN: %[[N:.*]] = memref.dim
// DYN: %[[OUB:.*]] = arith.ceildivsi %[[N]], %{{.*}} : index
// DYN-NEXT: "tir.for"(%{{[^,]*}}, %[[OUB]], %{{[^,]*}}) ({
// DYN: arith.subi %[[N]], %{{.*}} : index
// DYN-NEXT: arith.minsi
// DYN: name = "d0.1"
// DYN: name = "d0.0", te.compute = "dyn"
func.func @dyn(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %r = "te.compute"(%n) ({
  ^bb0(%i: index):
    %x = "te.read"(%a, %i) : (tensor<?xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "dyn", reduce_extents = array<i64>} : (index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
