#pragma once
// The scene's record of a displacement constraint between two solids (or a solid and the fixed
// world), as in the description language of section 5.2: a translation part (hinge point
// pair with a permitted region: point, segment, ring, sphere, curve, surface, or none), an
// optional angle limit and an optional twist limit (section 4.2), processed in the order of
// section 4.2.3. object1 empty means the world. The permitted region is attached to object1,
// the moving point P2 to object2.
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/constraint.h"
#include "flexure/core/vec.h"

namespace flexure {

enum class TranslationKind { None, Point, Segment, Ring, Sphere, Curve, Surface };

// Scene-file kind names, one per translation part.
std::string_view translationKindName(TranslationKind kind);

struct AngleLimit {
  bool enabled = false;
  Vec3d axis1{1, 0, 0};  // a1, object1 frame
  Vec3d axis2{1, 0, 0};  // a2, object2 frame
  double min = 0.0;      // radians, within [0, π]
  double max = 3.141592653589793;
};

struct TwistLimit {
  bool enabled = false;
  Vec3d axis1{1, 0, 0};  // a1 (taken from the angle limit when that is enabled)
  Vec3d axis2{1, 0, 0};
  Vec3d ref1{0, 1, 0};   // b1 ⟂ a1, object1 frame
  Vec3d ref2{0, 1, 0};   // b2 ⟂ a2, object2 frame
  double min = -3.141592653589793;
  double max = 3.141592653589793;
};

class RigidJoint final : public Constraint {
 public:
  explicit RigidJoint(TranslationKind kind = TranslationKind::Point) : translation(kind) {}
  std::string_view kind() const override { return translationKindName(translation); }
  std::string_view family() const override { return "rigid"; }
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<RigidJoint>(*this); }
  void visitFields(FieldVisitor& v) override;
  std::vector<std::string> referencedNodes() const override;
  void resolveReferences(const Scene& scene) override;

  static constexpr double kInfinity = std::numeric_limits<double>::infinity();
  // The most polyline points of a point-to-curve region read from a file.
  static constexpr int kMaxCurvePoints = 10000;

  TranslationKind translation;
  std::string object1;   // empty: the world
  std::string object2;
  Vec3d point1;          // P1 in object1's frame (hinge first triple)
  Vec3d point2;          // P2 in object2's frame (hinge second triple)
  Vec3d direction{1, 0, 0};  // segment direction t / ring-plane normal n, object1 frame
  double min = -kInfinity;   // λmin (segment), rmin (ring), inner radius (sphere)
  double max = kInfinity;    // λmax, rmax, radius
  std::vector<double> curve; // point-to-curve: polyline x0 y0 z0 x1 ..., object1 frame
  bool closedCurve = false;
  std::string surface;       // point-to-surface: a primitive in object1's sub-tree
  AngleLimit angle;
  TwistLimit twist;
  double mobility = 0.5;     // μ12, "ability to move" of object1 (section 3.1.4)
  // A goal, not a constraint: the solids move toward it as far as the other joints allow
  // (a drag's mouse joint, rigid/interaction/solid_part_drag.cpp). Its rows are soft
  // (ConstraintRow::compliance), it counts in no violation, and processing ends when the
  // solids have come to rest against it. Never read from or written to a file.
  bool goal = false;
  // A goal's reach: the largest part of its gap one iteration of the direct scheme asks the
  // solids to close. Gauss-Newton on a gap the joints cannot close overshoots (it ignores the
  // curvature of the path the grabbed point can take: a rod of length L pointing near a target
  // D away turns by D/L times its angle to it), so processing adapts the reach like a trust
  // region (goal_pull.h); moveGoal widens it. Kept between solves (writeBack), so a drag that
  // came to rest stays at rest. Never read from or written to a file.
  double reach = kInfinity;

  // Moves a goal's world point (point1, object1 the world) to `target`; the solids may then
  // follow at least as far as it moved.
  void moveGoal(const Vec3d& target);
};

}  // namespace flexure
