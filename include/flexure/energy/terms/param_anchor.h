#pragma once
// A soft anchor of all of a node's parameters to given values: E = Σ_k (ψ_k − a_k)², the
// paper's default-value constraint (section 3) applied to a whole slice. The drag uses it with
// a tiny weight, anchored at the drag's start, so that directions the constraints and the drag
// leave free do not drift: dragging back returns the model to where it started.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class ParamAnchorTerm final : public ResidualTerm<ParamAnchorTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("param-anchor")
  int residualCount() const override { return static_cast<int>(values.size()); }
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  std::string node;
  std::vector<double> values;  // "values": one per slot of the node
  const Node* owner = nullptr;
};

}  // namespace flexure
