#include "flexure/core/parameters.h"

#include <algorithm>

#include "flexure/core/node.h"

namespace flexure {

std::string ParameterInfo::qualifiedName() const {
  return (owner ? owner->name() : std::string("?")) + "." + slot;
}

std::vector<int> ParameterTable::freeIndices() const {
  std::vector<int> out;
  for (int i = 0; i < size(); ++i)
    if (!info(i).frozen) out.push_back(i);
  return out;
}

bool ParameterTable::clampToBounds() {
  bool changed = false;
  for (int i = 0; i < size(); ++i) {
    const double c = std::clamp(values_[i], info(i).lower, info(i).upper);
    if (c != values_[i]) { values_[i] = c; changed = true; }
  }
  return changed;
}

int ParameterTable::find(const std::string& qualifiedName) const {
  for (int i = 0; i < size(); ++i)
    if (info(i).qualifiedName() == qualifiedName) return i;
  return -1;
}

int ParameterTable::append(const Node* owner, const ParamSpec& spec) {
  ParameterInfo p;
  p.owner = owner;
  p.slot = spec.name;
  p.frozen = spec.frozen;
  p.lower = spec.lower;
  p.upper = spec.upper;
  info_.push_back(std::move(p));
  const auto n = static_cast<Eigen::Index>(info_.size());
  values_.conservativeResize(n);
  values_[n - 1] = spec.defaultValue;
  return static_cast<int>(n - 1);
}

void ParameterTable::clear() {
  values_.resize(0);
  info_.clear();
}

}  // namespace flexure
