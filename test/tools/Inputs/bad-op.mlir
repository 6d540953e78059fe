// A module with an op no dialect defines (for the diagnostics format).
func.func @main() -> f32 {
  %0 = "graph.bogus"() : () -> f32
  return %0 : f32
}
