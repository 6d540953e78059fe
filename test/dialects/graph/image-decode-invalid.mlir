// Every error of the graph verifier's rule for graph.image_decode
// (dialects/graph/graph_infer_text.c: infer_image_decode), one case each, and a valid
// op (the result's H and W are the builder's, C follows pixel_format).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @ok(%x: tensor<300xui8>) -> tensor<4x5x1xui8> {
  %0 = "graph.image_decode"(%x) {pixel_format = "Grayscale"} : (tensor<300xui8>) -> tensor<4x5x1xui8>
  return %0 : tensor<4x5x1xui8>
}

// -----

func.func @rank(%x: tensor<3x100xui8>) {
  // expected-error @+1 {{'graph.image_decode' op operand 'input' must have rank 1, got 2}}
  %0 = "graph.image_decode"(%x) {pixel_format = "RGB"} : (tensor<3x100xui8>) -> tensor<4x5x3xui8>
  return
}

// -----

func.func @elem(%x: tensor<300xf32>) {
  // expected-error @+1 {{'graph.image_decode' op operand 'input' must be a static 1-D tensor of 8-bit integers, got tensor<300xf32>}}
  %0 = "graph.image_decode"(%x) {pixel_format = "RGB"} : (tensor<300xf32>) -> tensor<4x5x3xf32>
  return
}

// -----

func.func @format(%x: tensor<300xui8>) {
  // expected-error @+1 {{'graph.image_decode' op 'pixel_format' must be one of "RGB", "BGR", "Grayscale", got "HSV"}}
  %0 = "graph.image_decode"(%x) {pixel_format = "HSV"} : (tensor<300xui8>) -> tensor<4x5x3xui8>
  return
}

// -----

func.func @channels(%x: tensor<300xui8>) {
  // expected-error @+1 {{'graph.image_decode' op result shape [4, 5, 1] does not match inferred [?, ?, 3]}}
  %0 = "graph.image_decode"(%x) {pixel_format = "RGB"} : (tensor<300xui8>) -> tensor<4x5x1xui8>
  return
}
