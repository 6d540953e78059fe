// Every error strata-check-limits emits, one case each, and what it accepts.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(strata-check-limits)'
// RUN: not strata-opt %s --split-input-file --pass-pipeline='builtin.module(strata-check-limits{memory-limit=1000000})' 2>&1 | FileCheck %s --check-prefix=LIMIT

// A 2^62-element vector: upstream convert-vector-to-llvm aborted on it
// ("SmallVector unable to grow") before Strata said anything.
func.func @huge_vector(%f: f32) -> vector<4611686018427387904xf32> {
  // expected-error @+1 {{'vector.broadcast' op result #0 has the vector type vector<4611686018427387904xf32>, more than the 65536 elements a vector may have}}
  %v = vector.broadcast %f : f32 to vector<4611686018427387904xf32>
  return %v : vector<4611686018427387904xf32>
}

// -----

// One element over the limit, in two dimensions.
func.func @vector_over_limit(%f: f32) {
  // expected-error @+1 {{result #0 has the vector type vector<257x256xf32>, more than the 65536 elements}}
  %v = vector.broadcast %f : f32 to vector<257x256xf32>
  return
}

// -----

// A vector element type of a buffer counts too; block arguments are checked.
// expected-error @+1 {{'func.func' op block argument #0 has the vector type vector<100000xf32>}}
func.func @vector_argument(%m: memref<2xvector<100000xf32>>) {
  return
}

// -----

// At the limit: accepted.
func.func @vector_at_limit(%f: f32) -> vector<65536xf32> {
  %v = vector.broadcast %f : f32 to vector<65536xf32>
  return %v : vector<65536xf32>
}

// -----

// 2^62 f32 elements: the byte count does not fit in 64 bits.
func.func @overflowing_buffer() {
  // expected-error @+1 {{'memref.alloc' op buffer of type memref<4611686018427387904xf32> is too large: its size in bytes does not fit in 64 bits}}
  %m = memref.alloc() : memref<4611686018427387904xf32>
  memref.dealloc %m : memref<4611686018427387904xf32>
  return
}

// -----

// 2^52 bytes (4 PiB): more than any machine's memory.
func.func @buffer_over_memory() {
  // expected-error @+1 {{'memref.alloca' op buffer of 4503599627370496 bytes (memref<1024x1099511627776xf32>) exceeds this machine's}}
  %m = memref.alloca() : memref<1024x1099511627776xf32>
  return
}

// -----

// 4 MB: fits any machine (the LIMIT run, memory-limit=1000000, rejects it).
// LIMIT: error: 'memref.alloc' op buffer of 4000000 bytes (memref<1000x1000xf32>) exceeds the memory limit of 1000000 bytes
func.func @buffer_fits() {
  %m = memref.alloc() : memref<1000x1000xf32>
  memref.dealloc %m : memref<1000x1000xf32>
  return
}
