#pragma once
// The user's drag (Witkin et al. 1987, section 2: "the user can literally push or pull on parts
// of the model with a pointing device, introducing a time-varying energy term, E_user"):
//
//   DragSession drag(scene);
//   DragStatus s = drag.start("pipe", {0, 0.5, 0.5});   // pick a point on a primitive
//   if (s.pinned) show(s.reason);                        // graceful no-op, says why
//   drag.moveTo(target);  ...                            // each call re-solves
//   drag.end();                                          // constraints met exactly again
//
// Each moveTo() splits the target's motion into sub-steps no longer than `maxTargetStep` and,
// for each, minimizes  W·E_constraints + E_user + ε Σ_nodes |ψ − ψ_start|²  with the default
// method from the current Ψ (continuation: small trust region, so the model follows the
// nearest branch and never jumps or flips), then projects back onto the constraints (E_user
// off) with a few Gauss-Newton steps. W ≫ 1 makes the constraints win over the spring; the tiny
// anchor ε to the Ψ at drag start removes drift in directions nothing else fixes, so dragging
// back along the path returns the model to where it started.
//
// A drag is refused (pinned, Ψ untouched) when every parameter on the picked primitive's path
// is frozen, or when the constraints hold the point fixed: no direction allowed by the
// constraints' linearization moves it (checked at start for up to 400 free parameters), or a
// move leaves it where it was.
#include <memory>
#include <string>

#include "flexure/core/scene.h"
#include "flexure/energy/energy_settings.h"
#include "flexure/energy/terms/param_anchor.h"
#include "flexure/energy/terms/user_spring.h"

namespace flexure {

struct DragStatus {
  bool active = false;  // a drag is in progress
  bool pinned = false;  // the point cannot be dragged; reason says why
  std::string reason;
  Vec3d point;          // the picked point's world position now
  Vec3d target;
  double constraintEnergy = 0.0;  // E of the scene's constraints now
  int iterations = 0;             // solver iterations spent by the last call
};

struct DragOptions {
  double constraintWeight = 1e6;  // W
  double anchorWeight = 1e-4;     // ε
  double maxTargetStep = 0.05;    // world units per sub-step
  int iterationsPerSubstep = 60;
  double trustRadius = 0.05;      // bound on |ΔΨ| per solver step while dragging
};

class DragSession {
 public:
  explicit DragSession(Scene& scene, EnergySettings settings = {}, DragOptions options = {}, double time = 0.0);
  ~DragSession();

  DragStatus start(const std::string& node, const SurfacePoint& point);
  DragStatus moveTo(const Vec3d& target);
  DragStatus end();
  const DragStatus& status() const { return status_; }
  Vec3d pointPosition() const;
  // E_user now (section 2): the spring's weighted energy |P − X_target|² between the picked
  // point and the target; 0 when no drag is active.
  double userEnergy() const;

 private:
  void solveSubstep(const Vec3d& target);
  void project();
  double constraintEnergy() const;
  bool pointIsHeldFixed(std::string& why) const;

  Scene& scene_;
  EnergySettings settings_;
  DragOptions options_;
  double time_;
  UserSpringTerm spring_;
  std::vector<std::unique_ptr<ParamAnchorTerm>> anchors_;
  DragStatus status_;
};

}  // namespace flexure
