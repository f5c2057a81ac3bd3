#pragma once
// Registers what the io module contributes: the ".obj" importer (a scene with one mesh node
// whose source is the OBJ file) and the "io" benchmark suite (load/save of a large scene).
namespace flexure {
void registerIoModule();
}  // namespace flexure
