#pragma once
// A solid of Gascuel & Gascuel (1994): the rigid pose of a sub-tree of the scene graph, with the
// physical data the constraint processing and the dynamics need. The pose lives in Ψ
// (x, y, z, qw, qx, qy, qz; the quaternion is normalized inside every evaluation), so the
// energy solver, the timeline and editors can drive it like any parameter. Everything else
// (mass, inertia, velocities, applied loads) is a field, so a saved scene holds the whole
// dynamic state. The solver never works on these nodes directly: it packs them into a
// RigidSystem (rigid_system.h), steps it, and writes poses and velocities back.
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/operator.h"

namespace flexure {

// A force (world frame, applied at a point given in the solid's frame) and a torque (world
// frame, about the centre of mass), active over [from, until] in seconds.
class MassPropertiesCache;  // mass_properties.h

struct AppliedLoad {
  Vec3d force;
  Vec3d point;  // solid frame; the force's moment about the centre of mass is added
  Vec3d torque;
  double from = -std::numeric_limits<double>::max();
  double until = std::numeric_limits<double>::max();
};

class SolidOperator final : public OperatorT<SolidOperator> {
 public:
  static constexpr std::string_view kType = "solid";
  SolidOperator();
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override;
  void visitFields(FieldVisitor& v) override;
  std::unique_ptr<Node> cloneNode() const override;
  // The pose X = t + R(q/|q|) x is a rotation and a translation.
  bool isTrs() const override { return true; }
  TrsTransform trs(const ParamAccess<double>& params) const override {
    const double* q = params.of(*this);
    TrsTransform parts;
    parts.translation = {q[0], q[1], q[2]};
    parts.rotation = normalized(Quatd(q[3], q[4], q[5], q[6]));
    return parts;
  }

  // X = t + R(q/|q|) x: a rigid transform of the sub-tree.
  template <class S>
  Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
    const S* q = p.of(*this);
    return Vec3<S>(q[0], q[1], q[2]) + rotate(normalized(Quat<S>(q[3], q[4], q[5], q[6])), x);
  }
  template <class S>
  Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const {
    const S* q = p.of(*this);
    return rotate(conjugate(normalized(Quat<S>(q[3], q[4], q[5], q[6]))), X - Vec3<S>(q[0], q[1], q[2]));
  }
  template <class S>
  Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>&) const {
    const S* q = p.of(*this);
    return toMatrix(normalized(Quat<S>(q[3], q[4], q[5], q[6])));
  }

  // Physical data. mass <= 0 means "from the primitives and the density"; an empty
  // centreOfMass / inertia means "computed" (mass_properties.h). inertia holds
  // {Ixx, Iyy, Izz, Ixy, Ixz, Iyz} in the solid's frame, about the centre of mass.
  bool fixed = false;
  double mass = 0.0;
  double density = 1.0;
  std::vector<double> centreOfMass;
  std::vector<double> inertia;
  // Dynamic state, world frame.
  Vec3d velocity;
  Vec3d angularVelocity;
  std::vector<AppliedLoad> loads;
  // Section 3.1.4: without physical data, the constraint processing uses an "ability to
  // rotate" per solid (replacing m J^{-1}) and an "ability to move" μ per constraint.
  bool physical = true;
  double rotationAbility = 1.0;
  // Whether the ground plane (rigid settings) acts on this solid.
  bool groundContact = true;

  // The most applied loads a solid read from a file may carry.
  static constexpr int kMaxLoads = 10000;
  // Why `inertia` ({Ixx, Iyy, Izz, Ixy, Ixz, Iyz}, the symmetric matrix mass_properties.h builds)
  // cannot be an inertia tensor: not six finite numbers, or the matrix is not positive definite
  // (the dynamics inverts it). Empty when it can. Shared with the description language.
  static std::string inertiaProblem(const std::vector<double>& inertia);

  // The mass properties of the tessellated primitives below, keyed on their shape
  // (mass_properties.h). Not data of the solid: a clone starts with an empty cache.
  MassPropertiesCache& massPropertiesCache() const { return *massCache_; }

 private:
  std::shared_ptr<MassPropertiesCache> massCache_;
};

}  // namespace flexure
