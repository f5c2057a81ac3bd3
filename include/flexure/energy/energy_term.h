#pragma once
// An energy constraint (Witkin, Fleischer & Barr 1987, section 2): a non-negative smooth function
// E_i(Ψ) that is zero exactly where the constraint holds. The solver sums w_i E_i.
//
// Two forms exist, so that the solver can use a second-order least-squares method where the
// energy allows it:
//   residual form   E_i = w_i |r_i(Ψ)|²        (a sum of squares: attachments, sliders, ...,
//                                                and the collision, two residuals per sample)
//   scalar form     E_i = w_i e_i(Ψ) ≥ 0        (anything else; today only a collision with more
//                                                samples than its residual form allows)
// A scalar term enters the least-squares machinery as the single residual √(w_i e_i), whose
// Gauss-Newton Hessian is the rank-one ∇E_i ∇E_iᵀ / (2 E_i): prefer a residual form whenever
// the energy is a sum of squares (docs/energy.md; terms/collision.h for why the rank matters).
//
// Both forms are evaluated by templated code (see residual_term.h, scalar_term.h), stamped out
// for double (values) and Dual8 (exact derivatives with respect to up to 8 seeded Ψ entries).
#include <string>
#include <vector>

#include "flexure/core/constraint.h"
#include "flexure/core/node.h"
#include "flexure/core/scalar_types.h"

namespace flexure {

class EnergyConstraint : public Constraint {
 public:
  std::string_view family() const final { return "energy"; }

  // Every node whose Ψ slice the term reads (leaf-to-root paths of the nodes it references and
  // their dependencies). Valid after resolveReferences().
  virtual std::vector<const Node*> nodesRead() const = 0;
  // Number of residuals in the residual form; 0 marks a scalar-form term.
  virtual int residualCount() const = 0;

  // Residual form: writes residualCount() values (unweighted).
  virtual void residuals(const ParamAccess<double>& params, double* out) const;
  virtual void residuals(const ParamAccess<Dual8>& params, Dual8* out) const;
  // Scalar form: e_i(Ψ) (unweighted). The default is |r|² of the residual form.
  virtual double scalarEnergy(const ParamAccess<double>& params) const;
  virtual Dual8 scalarEnergy(const ParamAccess<Dual8>& params) const;

  // Diagnosis: whether the constraint counts as met, given its weighted energy at the solution.
  // Sum-of-squares terms are met when their energy is below the tolerance; terms whose energy
  // never reaches zero (collision) override with their own geometric test.
  virtual bool isSatisfied(const ParamAccess<double>& params, double weightedEnergy, double tolerance) const;

  bool isResidualForm() const { return residualCount() > 0; }
  // True when the term may contribute at time t (enabled and inside its active interval).
  bool activeAt(double t) const { return enabled && active.contains(t); }
};

}  // namespace flexure
