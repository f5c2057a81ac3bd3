#pragma once
// Registers the curves module: node types mes-curve, extrude, sweep, loft, mold-wall; the constraint kinds
// of the "curves" family; the settings block "curves"; the FamilySolver "curves"; the
// BenchmarkSuite "curves".
namespace flexure {
void registerCurvesModule();
}  // namespace flexure
