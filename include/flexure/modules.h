#pragma once
// Registers every module's node types, constraint kinds, settings blocks, solvers, importers
// and benchmark suites. Executables and tests call it once before loading scenes. Calling it
// again does nothing.
namespace flexure {
void registerAllModules();
}  // namespace flexure
