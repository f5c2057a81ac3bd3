#pragma once
// What the solver thread publishes to the GUI through a latest-value buffer: the newest solved Ψ
// and the statistics of the step that produced it. `sequence` increases by one per publish, so
// a poller can tell a new result from one it has already seen.
#include <chrono>
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "flexure/core/solver_registry.h"

namespace flexure::session {

// One point of the energy/residual plot.
struct HistoryPoint {
  long long iteration = 0;  // solver steps since the session started
  double energy = 0.0;      // energy family's E (0 without energy constraints)
  double maxViolation = 0.0;
  // While an energy drag is active: E_user of the drag spring (Witkin et al. 1987, section 2),
  // so energy + dragEnergy is what the drag minimizes; 0 otherwise.
  double dragEnergy = 0.0;
};

enum class SessionActivity { Idle, Running, Dragging, Stepping };
const char* activityName(SessionActivity activity);

struct SessionResult {
  std::uint64_t sequence = 0;
  std::uint64_t structureVersion = 0;  // counts StructureChanged commands applied
  // Counts ParameterEdited commands applied: a result that has fewer than the GUI sent was
  // computed before its last value edit and would undo it if adopted.
  std::uint64_t valueEditsApplied = 0;
  Eigen::VectorXd psi;                 // always finite: rolled-back steps are never published
  std::vector<SolveReport> reports;    // the last report of each family that ran
  std::vector<HistoryPoint> history;   // the most recent points, oldest first (bounded)
  double iterationsPerSecond = 0.0;
  long long totalIterations = 0;
  bool converged = false;
  SessionActivity activity = SessionActivity::Idle;
  // Numerical safety (issue 9 item 4): whether a step was rolled back since the previous
  // publish, how many were since the session started (a poller that skipped results still sees
  // the count change), and the message of the most recent one (kept until the next).
  bool rolledBack = false;
  std::uint64_t rollbackCount = 0;
  std::string rollbackMessage;
  // Drags: a pinned drag says why nothing moves.
  bool dragPinned = false;
  std::string dragMessage;
  // E_user of an active energy drag (the spring from the picked point to the target); 0 when
  // no energy drag is active. The constraints are met after every drag move (projection), so
  // this is where the energy of a drag the model cannot follow shows.
  double dragEnergy = 0.0;
  double time = 0.0;
  // DragMove::sentAt of the newest move this Ψ answers (a default time point outside a drag).
  std::chrono::steady_clock::time_point dragMoveSentAt{};
};

// Published once per finished drag: the Ψ the GUI records as ONE undo step.
struct DragOutcome {
  std::uint64_t sequence = 0;  // counts finished drags
  std::string node;
  Eigen::VectorXd psiBefore;   // Ψ at drag start
  Eigen::VectorXd psiAfter;    // Ψ at drag end
  bool pinned = false;
  std::string message;
  // Drives the drag turned ("node.slot", PartDragStatus::changedDrives): frozen for solving,
  // keyed on the timeline or declared by the scene; the window offers to key them.
  std::vector<std::string> changedDrives;
};

}  // namespace flexure::session
