#pragma once
// Scene settings of the curves module ("settings": {"curves": {...}}):
//   method                 "direct" (the instant, exact equilibrium; default) or "paper" (the
//                          animated Euler iteration of Eq. 8: each advance() runs a few steps,
//                          so the curve visibly creeps to equilibrium frame by frame)
//   euler_steps_per_frame  Euler steps per advance() in "paper" mode
#include <memory>
#include <string>

#include "flexure/core/scene_settings.h"

namespace flexure {

class CurveSettings final : public SettingsBlock {
 public:
  static constexpr std::string_view kKind = "curves";
  std::string_view kind() const override { return kKind; }
  std::unique_ptr<SettingsBlock> clone() const override { return std::make_unique<CurveSettings>(*this); }
  void visitFields(FieldVisitor& v) override {
    v.field("method", method);
    v.field("euler_steps_per_frame", eulerStepsPerFrame, IntRange{1, kMaxEulerStepsPerFrame});
    if (v.isReading() && method != "direct" && method != "paper")
      throw FieldError::about("method", "method must be \"direct\" or \"paper\"");
  }
  // Each step is a sparse solve of every curve: a limit no scene needs (docs/scene-format.md).
  static constexpr int kMaxEulerStepsPerFrame = 1000000;

  std::string method = "direct";
  int eulerStepsPerFrame = 200;
};

}  // namespace flexure
