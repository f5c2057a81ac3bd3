#pragma once
namespace flexure {
// Adds the glTF export figures to the "io" suite of `flexure-cli bench`.
void registerGltfBenchmark();
}  // namespace flexure
