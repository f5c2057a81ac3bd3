#include "flexure/core/parameter_edit.h"

#include <algorithm>
#include <cmath>

#include "flexure/core/parameters.h"

namespace flexure {

namespace {

std::string numberText(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  return std::to_string(d);
}

}  // namespace

ParameterEdit ParameterEdit::of(const ParameterTable& table, int index) {
  const ParameterInfo& info = table.info(index);
  return {table.value(index), info.frozen, info.lower, info.upper};
}

std::optional<std::string> checkParameterEdit(ParameterEdit& edit) {
  if (!std::isfinite(edit.value)) return "a parameter value must be a finite number, not " + numberText(edit.value);
  if (std::isnan(edit.lower) || std::isnan(edit.upper)) return std::string("a bound must be a number (use infinity for none), not nan");
  if (!(edit.lower <= edit.upper))
    return "the lower bound (" + numberText(edit.lower) + ") is greater than the upper bound (" + numberText(edit.upper) + ")";
  edit.value = std::clamp(edit.value, edit.lower, edit.upper);
  return std::nullopt;
}

std::optional<std::string> checkParameterValues(const ParameterTable& table, Eigen::Ref<Eigen::VectorXd> values) {
  if (values.size() != table.size())
    return "expected " + std::to_string(table.size()) + " values (one per parameter), got " + std::to_string(values.size());
  if (!values.allFinite()) {
    for (Eigen::Index i = 0; i < values.size(); ++i)
      if (!std::isfinite(values[i]))
        return table.info(static_cast<int>(i)).qualifiedName() + ": a parameter value must be a finite number, not " +
               numberText(values[i]);
  }
  for (int i = 0; i < table.size(); ++i) {
    const ParameterInfo& info = table.info(i);
    values[i] = std::clamp(values[i], info.lower, info.upper);
  }
  return std::nullopt;
}

void applyParameterEdit(ParameterTable& table, int index, const ParameterEdit& edit) {
  table.setValue(index, edit.value);
  ParameterInfo& info = table.info(index);
  info.frozen = edit.frozen;
  info.lower = edit.lower;
  info.upper = edit.upper;
}

}  // namespace flexure
