#pragma once
// The energy solver's settings, stored with a scene as the settings block "energy".
#include <string>
#include <vector>

#include "flexure/core/scene_settings.h"

namespace flexure {

struct EnergySettings final : SettingsBlock {
  static constexpr std::string_view kKind = "energy";
  std::string_view kind() const override { return kKind; }
  std::unique_ptr<SettingsBlock> clone() const override { return std::make_unique<EnergySettings>(*this); }
  void visitFields(FieldVisitor& v) override;

  std::string method = "default";       // "default" (trust-region LM) or "paper" (Euler, finite differences)
  int maxIterations = 500;               // default method
  int paperMaxIterations = 200000;       // the paper's method takes many small steps
  double gradientTolerance = 1e-10;      // stop when |∇E| < ε (the paper's ε)
  double energyTolerance = 1e-12;        // stop when E is below this: every constraint is met
  double satisfiedTolerance = 1e-8;      // a constraint whose weighted energy exceeds this is unmet
  double trustRadius = 0.25;             // initial bound on each parameter's change per step (default method)
  double maxTrustRadius = 0.5;           // the bound never grows past this
  bool flowFallback = true;              // on landing at E > 0, retry along the gradient flow
  double minDescentCosine = 0.05;        // a step must keep cos(ΔΨ, −∇E) at least this large
  double paperStep = 0.05;               // h of the paper's Euler step Ψ ← Ψ − h ∇E
  double paperDelta = 1e-7;              // Δ of the paper's finite differences
  int stagnationWindow = 20;             // accepted steps compared for stagnation
  double stagnationRatio = 1e-14;        // relative decrease over that window counted as no progress
  // Drives: frozen parameters a drag may turn (node names or "node.slot"), e.g. a mechanism's
  // driving angle; solving and playback keep them frozen (drag_space.h).
  std::vector<std::string> drives;
};

}  // namespace flexure
