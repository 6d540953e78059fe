// strata-compile reports bad usage and failures clearly, with exit status 1/2.
// RUN: not strata-compile %s 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: strata-compile: need a model and -o <output> (see --help)
// RUN: not strata-compile %s.missing -o %t.so 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: strata-compile: cannot open model '{{.*}}.missing': No such file or directory
// RUN: not strata-compile %s -o %t.so --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: strata-compile: no public function named 'nope'
// RUN: not strata-compile %s -o /nonexistent-dir/x.o 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: strata-compile: /nonexistent-dir/x.o: cannot write the object file
// RUN: strata-compile --help | FileCheck %s --check-prefix=HELP
// HELP: USAGE: strata-compile [options] <model.mlir> -o <out.so | out.o>
// An object file works too, with its header.
// RUN: strata-compile %s -o %t.o | FileCheck %s --check-prefix=OBJ
// OBJ: wrote {{.*}}.o and {{.*}}.h (entry: _mlir_ciface_add)

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
