#pragma once
// Dragging a part of a parameterized model: the energy module's DragSession (Witkin et al.
// 1987, section 2, the time-varying E_user spring). move() solves the sub-steps itself.
#include <memory>

#include "flexure/energy/drag.h"
#include "flexure/session/part_drag.h"

namespace flexure {

using session::PartDrag;
using session::PartDragStatus;

class EnergyPartDrag final : public PartDrag {
 public:
  EnergyPartDrag(Scene& scene, double time);
  const char* kindName() const override { return "energy spring"; }
  void setMode(DragMode mode) override { drag_.setMode(mode); }
  bool setOnly(const std::string& node) override {
    drag_.setOnly(node);
    return true;
  }
  bool setGrip(const std::vector<std::string>& parameters, const std::vector<SurfacePoint>& pins) override {
    drag_.setGrip(parameters, pins);
    return true;
  }
  bool setFollowers(const std::vector<std::pair<std::string, SurfacePoint>>& followers) override {
    std::vector<DragFollower> along;
    for (const auto& [node, point] : followers) along.push_back({node, point});
    drag_.setFollowers(std::move(along));
    return true;
  }
  PartDragStatus begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) override;
  PartDragStatus beginLocal(const std::string& node, const Vec3d& local, const Vec3d& target) override;
  PartDragStatus move(const Vec3d& target) override;
  PartDragStatus moveExactly(const Vec3d& target) override;
  PartDragStatus settle() override { return convert(drag_.settle()); }
  PartDragStatus end() override;
  bool needsSolverSteps() const override { return false; }
  std::string_view solvesFamily() const override { return "energy"; }

 private:
  PartDragStatus convert(const DragStatus& status) const;
  Scene& scene_;
  DragSession drag_;
};

}  // namespace flexure
