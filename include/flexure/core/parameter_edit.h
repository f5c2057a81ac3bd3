#pragma once
// The rules every edit of Ψ by a person or a script follows: the property editor's undo command
// and the Python API (`scene.params[...] = v`, `scene.params.values = array`) check through here,
// so a script cannot put into Ψ what the editor would refuse.
//   - a value must be finite: NaN or infinity would poison every solver and cannot be saved;
//   - a bound must not be NaN, and lower <= upper (an infinite bound means unbounded);
//   - the value is clamped into [lower, upper] (what the editor's spin box does).
// A frozen entry may still be set: freezing tells solvers to leave it, not people or scripts.
#include <optional>
#include <string>

#include <Eigen/Core>

namespace flexure {

class ParameterTable;

// Everything an edit can change about one entry of Ψ.
struct ParameterEdit {
  double value = 0.0;
  bool frozen = false;
  double lower = 0.0;
  double upper = 0.0;

  // The entry's current state.
  static ParameterEdit of(const ParameterTable& table, int index);
  bool operator==(const ParameterEdit&) const = default;
};

// Checks `edit` and clamps its value into its bounds; returns why the edit is refused, or nothing.
std::optional<std::string> checkParameterEdit(ParameterEdit& edit);

// Checks a whole new Ψ for `table` (same size, every value finite) and clamps each value into
// its entry's bounds. Returns why it is refused (naming the first bad entry), or nothing.
std::optional<std::string> checkParameterValues(const ParameterTable& table, Eigen::Ref<Eigen::VectorXd> values);

// Applies a checked edit to entry `index`.
void applyParameterEdit(ParameterTable& table, int index, const ParameterEdit& edit);

}  // namespace flexure
