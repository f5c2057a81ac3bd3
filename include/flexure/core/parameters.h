#pragma once
// Ψ: one flat vector of every model parameter in the scene (Witkin et al. 1987, section 2).
// Each node registers named slots; a solver sees "a vector and which entries it may move".
#include <Eigen/Core>
#include <limits>
#include <string>
#include <vector>

namespace flexure {

class Node;

// What a node declares about one of its parameters.
struct ParamSpec {
  std::string name;  // slot name within the node, e.g. "radius", "q.w"
  double defaultValue = 0.0;
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
  bool frozen = false;
};

// One entry of Ψ.
struct ParameterInfo {
  const Node* owner = nullptr;
  std::string slot;   // ParamSpec::name
  bool frozen = false;
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
  std::string qualifiedName() const;  // "<node name>.<slot>"
};

class ParameterTable {
 public:
  int size() const { return static_cast<int>(info_.size()); }
  Eigen::VectorXd& values() { return values_; }
  const Eigen::VectorXd& values() const { return values_; }
  double value(int i) const { return values_[i]; }
  void setValue(int i, double v) { values_[i] = v; }
  const ParameterInfo& info(int i) const { return info_[static_cast<std::size_t>(i)]; }
  ParameterInfo& info(int i) { return info_[static_cast<std::size_t>(i)]; }
  bool isFrozen(int i) const { return info(i).frozen; }
  void setFrozen(int i, bool f) { info(i).frozen = f; }

  // Indices of the parameters a solver may move (not frozen).
  std::vector<int> freeIndices() const;
  // Clamps every value into its bounds; returns true if anything changed.
  bool clampToBounds();
  // Index of "<node>.<slot>", or -1.
  int find(const std::string& qualifiedName) const;

  // Used by Scene when nodes are registered; values are appended.
  int append(const Node* owner, const ParamSpec& spec);
  void clear();

 private:
  Eigen::VectorXd values_;
  std::vector<ParameterInfo> info_;
};

}  // namespace flexure
