#include "slot_values.h"

namespace flexure::deform::testing {

std::vector<double> slotsWith(const MetaballDeformOperator& op, const std::vector<std::pair<std::string, double>>& edits) {
  std::vector<double> values;
  for (const ParamSpec& s : op.parameterSpecs()) {
    double v = s.defaultValue;
    for (const auto& [name, value] : edits)
      if (s.name == name) v = value;
    values.push_back(v);
  }
  return values;
}

}  // namespace flexure::deform::testing
