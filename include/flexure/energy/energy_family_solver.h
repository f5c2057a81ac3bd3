#pragma once
// The "energy" FamilySolver: what `flexure-cli solve`, the solver thread and the timeline call.
// solve() assembles the scene from its current Ψ (method from SolveOptions, else the scene's
// "energy" settings block); advance() re-solves at t1 from the current state with the
// constraints active at t1.
#include "flexure/core/solver_registry.h"

namespace flexure {

class EnergyFamilySolver final : public FamilySolver {
 public:
  std::string_view family() const override { return "energy"; }
  bool appliesTo(const Scene& scene) const override;
  SolveReport solve(Scene& scene, const SolveOptions& options) const override;
  SolveReport advance(Scene& scene, double t0, double t1, const SolveOptions& options) const override;
  std::unique_ptr<FamilyStepper> makeStepper(Scene& scene, const SolveOptions& options, double time) const override;
  bool minimizesEnergy() const override { return true; }

 private:
  SolveReport solveAt(Scene& scene, double time, const SolveOptions& options) const;
};

}  // namespace flexure
