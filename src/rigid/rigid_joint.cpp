#include "flexure/rigid/rigid_joint.h"

#include <algorithm>
#include <cmath>

#include "flexure/core/scene.h"
#include "flexure/rigid/solid_operator.h"

namespace flexure {

namespace {
// Scene files are JSON, which has no infinity: unbounded ranges are written as ±1e300.
constexpr double kFileInfinity = 1e300;
void boundField(FieldVisitor& v, std::string_view name, double& value, double infinity) {
  double stored = std::isinf(value) ? std::copysign(kFileInfinity, value) : value;
  v.field(name, stored);
  if (v.isReading()) value = std::fabs(stored) >= kFileInfinity ? std::copysign(infinity, stored) : stored;
}
}  // namespace

std::string_view translationKindName(TranslationKind kind) {
  switch (kind) {
    case TranslationKind::None: return "angle-twist";
    case TranslationKind::Point: return "point-to-point";
    case TranslationKind::Segment: return "point-to-segment";
    case TranslationKind::Ring: return "point-to-ring";
    case TranslationKind::Sphere: return "point-in-sphere";
    case TranslationKind::Curve: return "point-to-curve";
    case TranslationKind::Surface: return "point-to-surface";
  }
  return "point-to-point";
}

void RigidJoint::moveGoal(const Vec3d& target) {
  reach = std::max(reach, 2.0 * norm(target - point1));
  point1 = target;
}

void RigidJoint::visitFields(FieldVisitor& v) {
  v.field("object1", object1);
  v.field("object2", object2, FieldUse::Required);
  if (translation != TranslationKind::None) {
    v.field("point1", point1);
    v.field("point2", point2);
  }
  if (translation == TranslationKind::Segment || translation == TranslationKind::Ring)
    v.field("direction", direction);
  if (translation == TranslationKind::Segment || translation == TranslationKind::Ring ||
      translation == TranslationKind::Sphere) {
    boundField(v, "min", min, -kInfinity);
    boundField(v, "max", max, kInfinity);
  }
  if (translation == TranslationKind::Curve) {
    v.field("curve", curve, MaxItems{3 * static_cast<std::size_t>(kMaxCurvePoints)}, FieldUse::Required);
    v.field("closed", closedCurve);
  }
  if (translation == TranslationKind::Surface) v.field("surface", surface, FieldUse::Required);
  v.field("angle", angle.enabled);
  v.field("angle_axis1", angle.axis1);
  v.field("angle_axis2", angle.axis2);
  v.field("angle_min", angle.min);
  v.field("angle_max", angle.max);
  v.field("twist", twist.enabled);
  v.field("twist_axis1", twist.axis1);
  v.field("twist_axis2", twist.axis2);
  v.field("twist_ref1", twist.ref1);
  v.field("twist_ref2", twist.ref2);
  v.field("twist_min", twist.min);
  v.field("twist_max", twist.max);
  v.field("mobility", mobility);
  if (v.isReading()) {
    if (translation == TranslationKind::Curve && (curve.empty() || curve.size() % 3 != 0))
      throw FieldError::about("curve", "curve needs x y z triples");
    if (min > max) throw FieldError::about("min", "min is larger than max");
    if (angle.min > angle.max) throw FieldError::about("angle_min", "angle_min is larger than angle_max");
    if (twist.min > twist.max) throw FieldError::about("twist_min", "twist_min is larger than twist_max");
    if (!(mobility > 0.0 && mobility < 1.0)) throw FieldError::about("mobility", "mobility must lie in (0, 1)");
  }
}

std::vector<std::string> RigidJoint::referencedNodes() const {
  std::vector<std::string> out;
  if (!object1.empty()) out.push_back(object1);
  out.push_back(object2);
  if (!surface.empty()) out.push_back(surface);
  return out;
}

void RigidJoint::resolveReferences(const Scene& scene) {
  for (const std::string* name : {&object1, &object2}) {
    if (name->empty()) continue;
    const Node* n = scene.find(*name);
    if (!n) throw FieldError("constraint '" + this->name + "': no node named '" + *name + "'");
    if (n->type() != SolidOperator::kType)
      throw FieldError("constraint '" + this->name + "': '" + *name + "' is not a solid");
  }
  if (object2.empty()) throw FieldError("constraint '" + this->name + "': object2 is required");
  if (!surface.empty() && !scene.find(surface))
    throw FieldError("constraint '" + this->name + "': no node named '" + surface + "'");
}

}  // namespace flexure
