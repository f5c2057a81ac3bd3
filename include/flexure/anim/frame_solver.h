#pragma once
// Solving one frame of an animation (issue 8, "frame solving"): at frame k (time k / fps)
//   1. write the keyed values at t_k into Ψ and the constraints (track_binding.h),
//   2. hold the keyed Ψ entries frozen, so no solver moves what the animator keyed, and hold
//      the constraints whose active interval excludes t_k disabled (constraint_activity.h),
//   3. run every FamilySolver that applies to the scene, in the fixed order rigid, energy,
//      curves, deform (then any other family in registry order): advance(scene, t_{k-1}, t_k)
//      starting from the state the scene holds (the previous frame's solution). Dynamics take
//      their own substeps inside advance. The start frame instead runs solve() (assembly), so
//      an animation starts from a configuration that meets its constraints (Gascuel 1994,
//      section 2.3: valid initial positions before animating),
//   4. restore the frozen and enabled flags.
// Rigid dynamics goes first because its solids carry parts that the energy solver fits to;
// curves then follow the parts, and the deform family, whose parameters are driven by the
// others, comes last. Simulated time is k / fps only: nothing depends on wall-clock time, so a
// frame's result depends only on the previous frame's state and the keys.
#include <atomic>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/solver_registry.h"

namespace flexure {

class Scene;
class TimelineSettings;
class TrackBinding;

// What solving one frame did (the CLI's --stats line, the GUI's status bar).
struct FrameStats {
  int frame = 0;
  double time = 0.0;
  int iterations = 0;         // summed over solvers
  double energy = 0.0;        // summed over solvers
  double maxViolation = 0.0;  // largest over solvers
  bool converged = true;      // every solver converged
  bool cancelled = false;
  double seconds = 0.0;       // wall-clock time spent (a statistic only, never an input)
  std::vector<SolveReport> reports;
  // {"frame", "time", "iterations", "energy", "max_violation", "converged", "seconds",
  //  "cancelled", "solvers": [report.toJson()...]}
  nlohmann::json toJson(bool withReports = false) const;
};

class FrameSolver {
 public:
  explicit FrameSolver(const SolverRegistry& registry = SolverRegistry::instance());

  // The fixed order in which families run.
  static const std::vector<std::string_view>& familyOrder();
  // The solvers that apply to the scene, in order.
  std::vector<const FamilySolver*> applicableSolvers(const Scene& scene) const;

  // Solves frame `frame` from the scene's current state. `first`: this is the start frame (run
  // solve() instead of advance()). A cancelled solve returns stats.cancelled and leaves the
  // scene in a partial state: callers restore the previous frame.
  FrameStats solveFrame(Scene& scene, const TrackBinding& binding, const TimelineSettings& timeline, int frame,
                        bool first, const std::atomic<bool>* cancel = nullptr, SolveOptions options = {}) const;

 private:
  const SolverRegistry& registry_;
};

}  // namespace flexure
