#pragma once
// Registers the energy module: constraint kinds (family "energy"), the settings block "energy",
// the FamilySolver "energy" and the BenchmarkSuite "energy".
namespace flexure {
void registerEnergyModule();
}  // namespace flexure
