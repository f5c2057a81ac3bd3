#pragma once
// Constraint kinds of the "curves" family: data naming one MES curve (by node name) and what
// holds on it. Points and directions are in the curve's plane coordinates (x, y; z ignored).
//   curve-force       concentrated load f at u (Eq. 3); weight scales f
//   curve-pressure    pressure p(u) linear from p0 to p1 over [u0, u1] (Eq. 4-6); weight scales p
//   curve-thumbnail   r(u*) = p*                        (section 5.1)
//   curve-ring        curve passes through p*, u free   (section 5.1; u is the solver's last value)
//   curve-tangent     r'(u*) ∥ direction                 (section 5.1)
//   curve-rubberband  penalty spring k_p towards p*      (section 5.1, section 4.1); weight scales k_p
//   curve-halfspace   n·p_j >= offset for listed (or all) control points (section 4.3)
//   curve-mold        polygonal cavity, convex or concave (section 5.2)
// Loads are constraint records rather than fields of the curve so that each one carries the
// enabled flag and active time interval every constraint has: the timeline can switch a second
// force on later (Fig. 4c) without touching the curve.
#include <memory>
#include <string>
#include <vector>

#include "flexure/core/constraint.h"
#include "flexure/core/vec.h"

namespace flexure {

class MesCurve;

class CurveConstraint : public Constraint {
 public:
  std::string_view family() const override { return "curves"; }
  std::vector<std::string> referencedNodes() const override { return {curve}; }
  void resolveReferences(const Scene& scene) override;
  const MesCurve* curveNode() const { return node_; }

  std::string curve;  // node name

 protected:
  void visitCurve(FieldVisitor& v) { v.field("curve", curve, FieldUse::Required); }

 private:
  const MesCurve* node_ = nullptr;
};

#define FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(Class, Kind)                                 \
  static constexpr std::string_view kKind = Kind;                                          \
  std::string_view kind() const override { return kKind; }                                 \
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<Class>(*this); }

class CurveForce final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurveForce, "curve-force")
  void visitFields(FieldVisitor& v) override;
  double u = 0.5;
  Vec3d force{0, 0, 0};
};

class CurvePressure final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurvePressure, "curve-pressure")
  void visitFields(FieldVisitor& v) override;
  double u0 = 0.0, u1 = 1.0;
  double p0 = 0.0, p1 = 0.0;
};

class CurveThumbnail final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurveThumbnail, "curve-thumbnail")
  void visitFields(FieldVisitor& v) override;
  double u = 0.0;
  Vec3d point{0, 0, 0};
};

class CurveRing final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurveRing, "curve-ring")
  void visitFields(FieldVisitor& v) override;
  Vec3d point{0, 0, 0};
  double u = 0.5;
};

class CurveTangent final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurveTangent, "curve-tangent")
  void visitFields(FieldVisitor& v) override;
  double u = 0.0;
  Vec3d direction{1, 0, 0};
};

class CurveRubberband final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurveRubberband, "curve-rubberband")
  void visitFields(FieldVisitor& v) override;
  double u = 0.5;
  Vec3d point{0, 0, 0};
  double stiffness = 10.0;
};

class CurveHalfspace final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurveHalfspace, "curve-halfspace")
  void visitFields(FieldVisitor& v) override;
  Vec3d normal{0, 1, 0};
  double offset = 0.0;
  std::vector<int> controlPoints;  // empty: all
};

class CurveMold final : public CurveConstraint {
 public:
  FLEXURE_CURVE_CONSTRAINT_BOILERPLATE(CurveMold, "curve-mold")
  void visitFields(FieldVisitor& v) override;
  std::vector<double> vertices;  // x0, y0, x1, y1, ... (either orientation)
  bool keepControlPointsInside = true;
};

#undef FLEXURE_CURVE_CONSTRAINT_BOILERPLATE

void registerCurveConstraintKinds();

}  // namespace flexure
