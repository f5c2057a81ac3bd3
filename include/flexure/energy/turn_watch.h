#pragma once
// How far a drag has turned the parts it moves (issue 26 item 4): the largest angle between a
// part's surface normals now and at a reference state, over a few fixed surface points of each
// watched part. A drag bounds it per move (anchored_minimization.h), so that where a small pull
// asks for a large turn (the grabbed point near the axis a mechanism turns about) the model
// follows over several frames instead of jumping, and no surface turns over between two frames.
#include <Eigen/Core>
#include <vector>

#include "flexure/core/path.h"
#include "flexure/core/scene.h"

namespace flexure {

class TurnWatch {
 public:
  TurnWatch() = default;
  // Watches the primitives whose paths read one of `parameters` (sorted Ψ indices): `first`
  // (when it is one of them) and then the others in scene order, at most `maxParts`.
  TurnWatch(const Scene& scene, const std::vector<int>& parameters, const Primitive* first, int maxParts = 64);

  bool empty() const { return parts_.empty(); }
  std::size_t partCount() const { return parts_.size(); }
  // The normals at Ψ = psi become the reference.
  void setReference(const Eigen::VectorXd& psi);
  // The largest angle (radians) between a watched normal at Ψ = psi and its reference.
  double largestTurn(const Eigen::VectorXd& psi) const;

 private:
  struct Part {
    Path path;
    std::vector<SurfacePoint> points;
    std::vector<Vec3d> reference;  // unit normals, or zero where the normal is undefined
  };
  std::vector<Part> parts_;
};

}  // namespace flexure
