#include "flexure/anim/constraint_activity.h"

#include <algorithm>
#include <cmath>

#include "flexure/core/scene.h"

namespace flexure {

bool isActiveAt(const Constraint& constraint, double t) { return constraint.enabled && constraint.active.contains(t); }

std::vector<int> activeConstraints(const Scene& scene, double t, std::string_view family) {
  std::vector<int> out;
  for (std::size_t i = 0; i < scene.constraints.size(); ++i) {
    const Constraint& c = *scene.constraints[i];
    if ((family.empty() || c.family() == family) && isActiveAt(c, t)) out.push_back(static_cast<int>(i));
  }
  return out;
}

std::vector<double> activationTimes(const Scene& scene) {
  std::vector<double> out;
  for (const auto& c : scene.constraints)
    for (double t : {c->active.begin, c->active.end})
      if (std::isfinite(t)) out.push_back(t);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace flexure
