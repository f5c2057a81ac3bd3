#pragma once
// One forward-mode pass of a term's Jacobian: the Ψ slices of the nodes the term reads as Dual8,
// with up to eight chosen Ψ entries seeded as lanes (like core's SeededAccess<8>), plus what lets
// path evaluation skip derivative work that is known to be zero.
//
// A term that joins two parts (attach-pipes, attach-surface, ...) maps a point along each part's
// path. The solver seeds one part's parameters per pass (EnergyProblem plans the passes node by
// node), so in every pass one of the two paths carries no seeded lane: its point and normal have
// zero derivatives, and evaluating it with jets only multiplies zeros. pathMapPointNormal and its
// siblings (path_frame.h) ask the pass whether a path is unseeded and then evaluate it with plain
// doubles on the same values: the same value bits (a jet's value part is computed by the same
// double operations), exact zero derivatives, about an eighth of the arithmetic. This is the
// paper's own remark one level down: "the structure of the tree may be used to avoid the needless
// expense of differentiating energy terms with respect to parameters on which they do not depend"
// (Witkin et al. 1987, section 2).
#include <Eigen/Core>
#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include "flexure/core/node.h"
#include "flexure/core/path.h"
#include "flexure/core/scalar_types.h"

namespace flexure {

class SeededPass final : public ParamAccess<Dual8> {
 public:
  explicit SeededPass(std::vector<const Node*> nodes)
      : nodes_(std::move(nodes)), slices_(nodes_.size()), plain_(nodes_.size()), seeded_(nodes_.size(), 0),
        values_(*this) {
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      slices_[k].resize(static_cast<std::size_t>(nodes_[k]->paramCount()));
      plain_[k].resize(slices_[k].size());
    }
  }
  SeededPass(const SeededPass&) = delete;
  SeededPass& operator=(const SeededPass&) = delete;

  // Loads the nodes' values from psi, all lanes zero. Once per linearization.
  void load(const Eigen::VectorXd& psi) {
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const int off = nodes_[k]->paramOffset();
      for (std::size_t i = 0; i < slices_[k].size(); ++i) {
        plain_[k][i] = psi[off + static_cast<int>(i)];
        slices_[k][i] = Dual8(plain_[k][i]);
      }
      seeded_[k] = 0;
    }
    lanes_.clear();
  }
  // Clears the previous pass's lanes and seeds lane l of psiIndices[l] (fewer than 8 allowed).
  void seed(const int* psiIndices, int count) {
    for (Dual8* slot : lanes_) slot->v.fill(0.0);
    lanes_.clear();
    std::fill(seeded_.begin(), seeded_.end(), 0);
    for (int l = 0; l < count; ++l)
      for (std::size_t k = 0; k < nodes_.size(); ++k) {
        const int off = nodes_[k]->paramOffset();
        if (psiIndices[l] >= off && psiIndices[l] < off + nodes_[k]->paramCount()) {
          Dual8* slot = &slices_[k][static_cast<std::size_t>(psiIndices[l] - off)];
          slot->v[static_cast<std::size_t>(l)] = 1.0;
          lanes_.push_back(slot);
          seeded_[k] = 1;
        }
      }
  }
  // load() then seed(): one pass from scratch.
  void seed(const Eigen::VectorXd& psi, const int* psiIndices, int count) {
    load(psi);
    seed(psiIndices, count);
  }

  const Dual8* of(const Node& node) const override { return slices_[indexOf(node)].data(); }
  // True when a lane of this pass seeds an entry of the node or of a node it depends on.
  bool seeds(const Node& node) const {
    if (isSeeded(&node)) return true;
    const std::vector<const Node*>& deps = dependenciesOf(node);
    return std::any_of(deps.begin(), deps.end(), [this](const Node* d) { return isSeeded(d); });
  }
  // The same slices as plain values.
  const ParamAccess<double>& values() const { return values_; }

  // True when no node whose slice the path reads (Path::nodes(), dependencies included) carries
  // a seeded lane in this pass.
  bool unseeded(const Path& path) const {
    const std::vector<const Node*>& nodes = pathNodes(path);
    return std::none_of(nodes.begin(), nodes.end(), [this](const Node* n) { return isSeeded(n); });
  }

 private:
  class PlainValues final : public ParamAccess<double> {
   public:
    explicit PlainValues(const SeededPass& pass) : pass_(pass) {}
    const double* of(const Node& node) const override { return pass_.plain_[pass_.indexOf(node)].data(); }

   private:
    const SeededPass& pass_;
  };

  bool isSeeded(const Node* n) const {
    for (std::size_t k = 0; k < nodes_.size(); ++k)
      if (nodes_[k] == n) return seeded_[k] != 0;
    return false;  // not read through this access at all
  }
  const std::vector<const Node*>& dependenciesOf(const Node& node) const {
    for (const auto& known : dependencies_)
      if (known.first == &node) return known.second;
    dependencies_.emplace_back(&node, node.dependencies());
    return dependencies_.back().second;
  }
  std::size_t indexOf(const Node& node) const {
    for (std::size_t k = 0; k < nodes_.size(); ++k)
      if (nodes_[k] == &node) return k;
    throw std::logic_error("SeededPass: node '" + node.name() + "' was not declared");
  }
  const std::vector<const Node*>& pathNodes(const Path& path) const {
    for (const KnownPath& known : pathNodes_)
      if (known.leaf == path.leaf && known.operators == path.operators) return known.nodes;
    pathNodes_.push_back({path.leaf, path.operators, path.nodes()});
    return pathNodes_.back().nodes;
  }

  std::vector<const Node*> nodes_;
  std::vector<std::vector<Dual8>> slices_;
  std::vector<std::vector<double>> plain_;
  std::vector<char> seeded_;  // per node: some lane of this pass seeds one of its entries
  std::vector<Dual8*> lanes_;  // the entries seeded in this pass (cleared by the next seed())
  PlainValues values_;
  // Path::nodes() per path met, computed once (a term evaluates the same few paths every pass);
  // known by content, not address, so a term's temporary Path is never mistaken for another.
  struct KnownPath {
    const Primitive* leaf = nullptr;
    std::vector<const Operator*> operators;
    std::vector<const Node*> nodes;
  };
  mutable std::vector<KnownPath> pathNodes_;
  // Node::dependencies() per node met (scene nodes outlive the problem that owns this pass).
  mutable std::vector<std::pair<const Node*, std::vector<const Node*>>> dependencies_;
};

}  // namespace flexure
