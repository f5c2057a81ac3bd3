#pragma once
// Time-varying constraints: a constraint acts at time t when it is enabled and t lies in its
// active interval (Constraint::active, closed [begin, end]). Gascuel 1994 (section 5.2): "many
// situations require constraints that vary over time ... by specifying in which time interval
// each constraint is valid"; Witkin et al. 1987: models "move in response to time-varying
// constraints while continuing to satisfy static ones". Solvers call isActiveAt(c, t1) in
// FamilySolver::advance; the timeline draws activationTimes().
#include <string_view>
#include <vector>

namespace flexure {

class Constraint;
class Scene;

bool isActiveAt(const Constraint& constraint, double t);
// Indices (in Scene::constraints) of the constraints active at t, of one family or of all when
// `family` is empty.
std::vector<int> activeConstraints(const Scene& scene, double t, std::string_view family = {});
// Every finite begin and end time of the scene's active intervals, sorted, without duplicates.
std::vector<double> activationTimes(const Scene& scene);

}  // namespace flexure
