// Parallel tir loops run on several threads, in the JIT and in AOT
// libraries: each iteration of a parallel loop of 64 records the OpenMP
// thread that ran it. With 2 threads and OpenMP's static schedule, thread 1
// runs iterations 32..63, so the sum of the ids is exactly 32 (it would be
// 0 if everything ran on one thread).
// RUN: strata-run %s --result-args 1 --threads 2 | FileCheck %s --check-prefix=JIT
// JIT: result 0: 64xi32 checksum 32
// RUN: strata-run %s --result-args 1 --threads 1 | FileCheck %s --check-prefix=ONE
// ONE: result 0: 64xi32 checksum 0
// RUN: rm -rf %t && mkdir -p %t
// RUN: strata-compile %s -o %t/threads.so
// RUN: cc %S/Inputs/call_threads.c %t/threads.so -Wl,-rpath,%t -o %t/call_threads
// RUN: env OMP_NUM_THREADS=2 %t/call_threads | FileCheck %s --check-prefix=AOT
// AOT: sum of thread ids: 32
// RUN: ldd %t/threads.so | FileCheck %s --check-prefix=LIBS
// LIBS: libomp

func.func private @omp_get_thread_num() -> i32

func.func @threads(%ids: memref<64xi32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  "tir.for"(%c0, %c64, %c1) ({
  ^bb0(%i: index):
    %t = func.call @omp_get_thread_num() : () -> i32
    memref.store %t, %ids[%i] : memref<64xi32>
    gpu.yield
  }) {name = "i", kind = "parallel"} : (index, index, index) -> ()
  return
}
