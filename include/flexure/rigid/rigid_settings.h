#pragma once
// The "rigid" settings block of a scene: gravity, time stepping, iteration limits, tolerance,
// the ground plane and its friction, and which constraint-processing scheme runs.
#include <string>
#include <string_view>

#include "flexure/core/scene_settings.h"
#include "flexure/core/vec.h"

namespace flexure {

class RigidSettings final : public SettingsBlock {
 public:
  static constexpr std::string_view kKind = "rigid";
  std::string_view kind() const override { return kKind; }
  std::unique_ptr<SettingsBlock> clone() const override { return std::make_unique<RigidSettings>(*this); }
  void visitFields(FieldVisitor& v) override;
  // The ground plane when it is switched on: solids rest and slide on it (ground_contact.h).
  std::optional<FloorPlane> floor() const override {
    if (!ground) return std::nullopt;
    return FloorPlane{groundNormal, groundOffset};
  }

  // Limits on values read from a scene or description file (docs/scene-format.md, "Limits"):
  // each sizes a loop of every frame.
  static constexpr int kMaxSubsteps = 10000;
  static constexpr int kMaxIterations = 100000;
  static constexpr int kMaxAssemblyIterations = 1000000;
  static constexpr double kMinTimeStep = 1e-6;  // seconds

  Vec3d gravity{0.0, -9.81, 0.0};
  double timeStep = 0.01;        // largest dynamics step; advance(t0, t1) splits into substeps
  int substeps = 1;              // at least this many substeps per advance() call
  int iterations = 30;           // constraint-processing iterations per dynamics step
  int assemblyIterations = 2000; // iterations of the assembly mode (section 2.3)
  double tolerance = 1e-6;       // corrections and violations below this are "satisfied"
  double maxRotation = 0.2;      // largest rotation per step (radians): the rotation-vector
                                 // approximation's limit (section 2.2, Eq. 4)
  double alpha = 0.5;            // scale of Eq. 18's α during dynamics (paper schemes); the
                                 // full α of Eq. 17 makes falling rod chains diverge
  double assemblyAlpha = 0.5;    // the same during assembly: damps rotation overshoot
  double assemblyStep = 0.2;     // largest rotation (rad) and translation per assembly step
  // "direct": sparse linearized solve per iteration (beyond the paper); "paper": Eqs. 18-19
  // with the 1/max(n_i, n_j) weights of section 3.2; "paper-momentum": Eqs. 14-15.
  std::string scheme = "direct";
  bool ground = false;
  Vec3d groundNormal{0.0, 1.0, 0.0};
  double groundOffset = 0.0;     // the plane is {X : n·X = offset}
  double friction = 0.8;         // Coulomb coefficient, as a displacement bound
};

}  // namespace flexure
