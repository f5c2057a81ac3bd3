#include "flexure/curves/curve_constraints.h"

#include "flexure/core/scene.h"
#include "flexure/curves/mes_curve.h"

namespace flexure {

void CurveConstraint::resolveReferences(const Scene& scene) {
  const Node* n = scene.find(curve);
  if (!n) throw FieldError("constraint '" + name + "': no node named '" + curve + "'");
  node_ = dynamic_cast<const MesCurve*>(n);
  if (!node_) throw FieldError("constraint '" + name + "': node '" + curve + "' is not an mes-curve");
}

namespace {
void checkParameter(double u, const char* what) {
  if (!(u >= 0.0 && u <= 1.0)) throw FieldError::about(what, std::string(what) + " must lie in [0, 1]");
}
// The most vertices of a mold polygon read from a file (docs/scene-format.md, "Limits").
constexpr std::size_t kMaxMoldVertices = 10000;
}  // namespace

void CurveForce::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("u", u, FieldUse::Required);
  v.field("force", force, FieldUse::Required);
  if (v.isReading()) checkParameter(u, "u");
}

void CurvePressure::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("u0", u0);
  v.field("u1", u1);
  v.field("pressure", p0, FieldUse::Required);
  p1 = v.isReading() ? p0 : p1;
  v.field("pressure_end", p1);
  if (v.isReading()) {
    checkParameter(u0, "u0");
    checkParameter(u1, "u1");
    if (!(u1 > u0)) throw FieldError::about("u1", "u1 must be greater than u0");
  }
}

void CurveThumbnail::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("u", u, FieldUse::Required);
  v.field("point", point, FieldUse::Required);
  if (v.isReading()) checkParameter(u, "u");
}

void CurveRing::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("point", point, FieldUse::Required);
  v.field("u", u);
}

void CurveTangent::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("u", u, FieldUse::Required);
  v.field("direction", direction, FieldUse::Required);
  if (v.isReading()) {
    checkParameter(u, "u");
    if (!(direction.x * direction.x + direction.y * direction.y > 0.0)) throw FieldError::about("direction", "direction must not be zero");
  }
}

void CurveRubberband::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("u", u, FieldUse::Required);
  v.field("point", point, FieldUse::Required);
  v.field("stiffness", stiffness);
  if (v.isReading()) {
    checkParameter(u, "u");
    if (!(stiffness >= 0.0)) throw FieldError::about("stiffness", "stiffness must be non-negative");
  }
}

void CurveHalfspace::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("normal", normal, FieldUse::Required);
  v.field("offset", offset);
  // Each listed index is one inequality row of the contact problem: no more than a curve has.
  v.field("control_points", controlPoints, MaxItems{MesCurve::kMaxControlPoints});
  if (v.isReading() && !(normal.x * normal.x + normal.y * normal.y > 0.0)) throw FieldError::about("normal", "normal must not be zero");
}

void CurveMold::visitFields(FieldVisitor& v) {
  visitCurve(v);
  v.field("vertices", vertices, MaxItems{2 * kMaxMoldVertices}, FieldUse::Required);
  v.field("keep_control_points_inside", keepControlPointsInside);
  if (v.isReading() && (vertices.size() < 6 || vertices.size() % 2 != 0))
    throw FieldError::about("vertices", "vertices needs at least three (x, y) pairs");
}

void registerCurveConstraintKinds() {
  ConstraintRegistry& r = ConstraintRegistry::instance();
  r.add(std::string(CurveForce::kKind), [] { return std::make_unique<CurveForce>(); });
  r.add(std::string(CurvePressure::kKind), [] { return std::make_unique<CurvePressure>(); });
  r.add(std::string(CurveThumbnail::kKind), [] { return std::make_unique<CurveThumbnail>(); });
  r.add(std::string(CurveRing::kKind), [] { return std::make_unique<CurveRing>(); });
  r.add(std::string(CurveTangent::kKind), [] { return std::make_unique<CurveTangent>(); });
  r.add(std::string(CurveRubberband::kKind), [] { return std::make_unique<CurveRubberband>(); });
  r.add(std::string(CurveHalfspace::kKind), [] { return std::make_unique<CurveHalfspace>(); });
  r.add(std::string(CurveMold::kKind), [] { return std::make_unique<CurveMold>(); });
}

}  // namespace flexure
