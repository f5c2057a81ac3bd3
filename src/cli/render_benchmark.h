#pragma once
// `flexure-cli bench render`: the viewport's drawing cost per example scene, headless.
namespace flexure::cli {

// Adds the "render" suite to the BenchmarkRegistry (when the build has the renderer).
void registerRenderBenchmark();

}  // namespace flexure::cli
