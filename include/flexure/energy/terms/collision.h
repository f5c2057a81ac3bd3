#pragma once
// Interference (collision) through the implicit function (section 3):
//   E = Σ_s A_s exp(−κ I^b(P^a(s)))
// summed over samples s = (patch, u, v) on a grid over each patch of a's surface, weighted by the
// area A_s each sample represents (|∂P/∂u × ∂P/∂v| ΔuΔv, taken at double precision), so the sum
// approximates ∫ exp(−κ I^b) dA. Samples outside b's bounding box grown by "cutoff" (world units)
// are skipped: there exp(−κ I^b) is negligible. A scalar-form term: it never reaches zero, so it
// counts as met when no sample penetrates b (I^b ≥ −"penetration_tolerance").
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class CollisionTerm final : public ScalarTerm<CollisionTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("collision")
  template <class S> S energyT(const ParamAccess<S>& params) const;
  bool isSatisfied(const ParamAccess<double>& params, double weightedEnergy, double tolerance) const override;

  // Smallest I^b over the samples (negative: penetration), and how many samples were kept.
  double minimumImplicit(const ParamAccess<double>& params, int* keptSamples = nullptr) const;

  LeafRef a, b;          // "node_a" (sampled), "node_b" (implicit)
  double kappa = 20.0;   // κ
  int samples = 8;       // grid samples per patch side
  std::vector<int> patches;  // "patches": which patches of a to sample (empty: all)
  double cutoff = 0.5;
  double penetrationTolerance = 1e-3;

 private:
  struct Sample { int patch; double u, v, area; };
  std::vector<Sample> keptSamples(const ParamAccess<double>& params) const;
};

}  // namespace flexure
