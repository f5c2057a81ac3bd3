#pragma once
// Presents parameters of scalar type S as constants of type Jet<S, N>: their derivative with
// respect to the N lanes seeded on a point (u, v or x, y, z) is zero. Used where a node
// differentiates its own templated code with respect to the point (default normals, implicit
// gradients, operator Jacobians) while S itself may already carry derivatives with respect to Ψ.
// Converts each node's slice once, on first request.
#include <vector>

#include "flexure/core/node.h"

namespace flexure {

template <class S, int N>
class LiftedParamAccess : public ParamAccess<Jet<S, N>> {
 public:
  explicit LiftedParamAccess(const ParamAccess<S>& base) : base_(base) {}
  const Jet<S, N>* of(const Node& node) const override {
    for (const Entry& e : cache_)
      if (e.node == &node) return e.values.data();
    const S* src = base_.of(node);
    Entry e{&node, std::vector<Jet<S, N>>(static_cast<std::size_t>(node.paramCount()))};
    for (int i = 0; i < node.paramCount(); ++i) e.values[static_cast<std::size_t>(i)] = Jet<S, N>(src[i]);
    cache_.push_back(std::move(e));
    return cache_.back().values.data();
  }

 private:
  struct Entry {
    const Node* node;
    std::vector<Jet<S, N>> values;
  };
  const ParamAccess<S>& base_;
  mutable std::vector<Entry> cache_;
};

}  // namespace flexure
