#pragma once
// Registers what the interchange module contributes: importers for the mesh formats read
// through assimp (STL, PLY, glTF/GLB, FBX, Collada, 3DS; scene import and mesh-node sources) and
// the glTF export figures of the "io" benchmark suite.
namespace flexure {
void registerInterchangeModule();
}  // namespace flexure
