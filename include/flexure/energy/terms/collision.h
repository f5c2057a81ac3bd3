#pragma once
// Interference (collision) through the implicit function (Witkin, Fleischer & Barr 1987,
// section 3, "Collision using the implicit function": E = exp(−κ I^b(P^a(u,v))), integrated
// over u and v):
//   E = Σ_s A_s exp(−κ I^b(P^a(s)))
// summed over samples s = (patch, u, v) on a grid over each patch of a's surface, weighted by the
// area A_s each sample represents (|∂P/∂u × ∂P/∂v| ΔuΔv from neighbouring samples), so the sum
// approximates ∫ exp(−κ I^b) dA. Samples outside b's bounding box grown by "cutoff" (world units)
// are skipped: there exp(−κ I^b) is negligible. It never reaches zero, so it counts as met when
// no sample penetrates b (I^b ≥ −"penetration_tolerance").
//
// Residual form (issue 17 item 3). The sum is written as a sum of squares with two residuals per
// sample,
//   r_s = √A_s exp(−κ I_s / 2) (cos(κ I_s / 2), sin(κ I_s / 2)),   |r_s|² = A_s exp(−κ I_s),
// so Σ|r_s|² is the same energy and 2Jᵀr the same gradient. What changes is the Gauss-Newton
// model 2JᵀJ the solvers build from it:
//  * one residual per sample instead of the single √E the scalar form gave: the model has rank up
//    to the number of samples in contact instead of one, so a contact that must hold the part in
//    several directions (a rocker's roller on a cam that also turns) is modelled in all of them;
//  * the pair instead of the plain √A_s exp(−κ I_s/2): for a plain exponential residual
//    r = c exp(−κI/2) Gauss-Newton's 2∇r∇rᵀ = (κ²/2) c² e^{−κI} ∇I∇Iᵀ is half the true curvature
//    ∇²(c² e^{−κI}) = κ² c² e^{−κI} ∇I∇Iᵀ (+ terms in ∇²I), so every step overshoots by a factor
//    of two and the iteration oscillates about a contact that balances a load (the cam's valve
//    spring). Writing w = r₁ + i r₂ = √A exp((−1 + i) κI/2), 2(∇r₁∇r₁ᵀ + ∇r₂∇r₂ᵀ) =
//    2|∂w/∂I|² ∇I∇Iᵀ = κ² A e^{−κI} ∇I∇Iᵀ: the model's curvature is the exact one (up to the
//    terms in ∇²I and ∇A).
// Measured on the cam's drag (bench energy drag.cam, docs/energy.md): the scalar form and one
// plain residual per sample both ran every sub-step to the drag's 200-iteration cap; the pair
// converges in about ten (0.106 s -> 4.8 ms CPU per move).
// The residual count is fixed (two per sample of the sampled patches); culled samples write 0.
// Above kMaxResidualSamples samples (a collision over a large mesh) the term falls back to the
// scalar form, one residual √E, so the Jacobian does not grow with the sample count.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class CollisionTerm final : public ResidualTerm<CollisionTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("collision")
  // Two residuals per sample (cos and sin parts, above).
  static constexpr int kResidualsPerSample = 2;
  // Beyond this many samples the term is a scalar-form term (residualCount() = 0).
  static constexpr int kMaxResidualSamples = 10000;

  int residualCount() const override;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;
  // Σ_s A_s exp(−κ I_s) summed directly (section 3): the scalar form, used when the term has
  // too many samples for the residual form, and the reference the residuals are tested against.
  template <class S> S energyT(const ParamAccess<S>& params) const;
  double scalarEnergy(const ParamAccess<double>& p) const override { return energyT<double>(p); }
  Dual8 scalarEnergy(const ParamAccess<Dual8>& p) const override { return energyT<Dual8>(p); }

  bool isSatisfied(const ParamAccess<double>& params, double weightedEnergy, double tolerance) const override;

  // Smallest I^b over the samples (negative: penetration), and how many samples were kept.
  double minimumImplicit(const ParamAccess<double>& params, int* keptSamples = nullptr) const;
  // Number of samples on the sampled patches (kept or culled); 0 before references resolve.
  long long sampleCount() const;

  LeafRef a, b;          // "node_a" (sampled), "node_b" (implicit)
  double kappa = 20.0;   // κ
  int samples = 8;       // grid samples per patch side
  std::vector<int> patches;  // "patches": which patches of a to sample (empty: all)
  double cutoff = 0.5;
  double penetrationTolerance = 1e-3;

 private:
  // The patches of a that are sampled, ascending, each once.
  std::vector<int> sampledPatches() const;
};

}  // namespace flexure
