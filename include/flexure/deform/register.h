#pragma once
// Registers the deform module: node types "metaball-deform" and "grid-mesh" (and the sample
// meshes), and the BenchmarkSuite "deform".
namespace flexure {
void registerDeformModule();
}  // namespace flexure
