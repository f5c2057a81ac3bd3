#pragma once
// Ready-made ParamAccess implementations.
//   ValueAccess      plain values straight out of Ψ (no copy)
//   SeededAccess<N>  the slices of a fixed set of nodes as Jet<double, N>, with up to N chosen
//                    Ψ entries seeded as variables: one pass of evaluation gives the exact partial
//                    derivatives with respect to those entries. Buffers are reused between passes.
#include <Eigen/Core>
#include <stdexcept>
#include <vector>

#include "flexure/core/node.h"

namespace flexure {

class ValueAccess final : public ParamAccess<double> {
 public:
  explicit ValueAccess(const Eigen::VectorXd& psi) : psi_(psi) {}
  const double* of(const Node& node) const override { return psi_.data() + node.paramOffset(); }

 private:
  const Eigen::VectorXd& psi_;
};

template <int N>
class SeededAccess final : public ParamAccess<Jet<double, N>> {
 public:
  using J = Jet<double, N>;
  explicit SeededAccess(std::vector<const Node*> nodes) : nodes_(std::move(nodes)), slices_(nodes_.size()) {
    for (std::size_t k = 0; k < nodes_.size(); ++k) slices_[k].resize(static_cast<std::size_t>(nodes_[k]->paramCount()));
  }
  // Loads values from psi and seeds lane l of psiIndices[l] (fewer than N entries allowed).
  void seed(const Eigen::VectorXd& psi, const int* psiIndices, int count) {
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const int off = nodes_[k]->paramOffset();
      for (std::size_t i = 0; i < slices_[k].size(); ++i) slices_[k][i] = J(psi[off + static_cast<int>(i)]);
    }
    for (int l = 0; l < count; ++l) {
      J* slot = find(psiIndices[l]);
      if (slot) slot->v[static_cast<std::size_t>(l)] = 1.0;
    }
  }
  const J* of(const Node& node) const override {
    for (std::size_t k = 0; k < nodes_.size(); ++k)
      if (nodes_[k] == &node) return slices_[k].data();
    throw std::logic_error("SeededAccess: node '" + node.name() + "' was not declared");
  }

 private:
  J* find(int psiIndex) {
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const int off = nodes_[k]->paramOffset();
      if (psiIndex >= off && psiIndex < off + nodes_[k]->paramCount())
        return &slices_[k][static_cast<std::size_t>(psiIndex - off)];
    }
    return nullptr;
  }
  std::vector<const Node*> nodes_;
  std::vector<std::vector<J>> slices_;
};

}  // namespace flexure
