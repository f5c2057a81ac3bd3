#pragma once
// An MES curve as a scene-graph node (type "mes-curve"). Its slice of Ψ is its control points
// q = (p0.x, p0.y, p1.x, ...) in its plane, so solvers, the timeline and editors move them like
// any other parameter; its fields are the shape (count, closed), the material α(u), β(u) of
// Eq. 1 (one value, or one per span), the plane placement and a display radius.
//
// As a primitive it is a thin tube of the display radius around the curve, so the renderer draws
// it and picking works: P(u, v) = c(u) + ρ (cos 2πv N1 - sin 2πv N2) with c(u) the curve point,
// N1 = n̂ of Eq. 5 and N2 = -plane normal; I(x) = distance to the curve - ρ.
#include <Eigen/Core>

#include "flexure/core/primitive.h"
#include "flexure/curves/cubic_bspline.h"
#include "flexure/curves/curve_plane.h"

namespace flexure {

class Scene;
class ParameterTable;

class MesCurve final : public PrimitiveT<MesCurve> {
 public:
  static constexpr std::string_view kType = "mes-curve";
  // The most control points a curve read from a file may have (docs/scene-format.md, "Limits"):
  // every one is two Ψ slots and a column of the curve's KKT system.
  static constexpr int kMaxControlPoints = 10000;
  MesCurve() = default;
  MesCurve(int count, bool closed) : count_(count), closed_(closed) {}

  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override;
  void visitFields(FieldVisitor& v) override;
  std::unique_ptr<Node> cloneNode() const override;

  BSplineShape shape() const { return {count_, closed_}; }
  CurvePlane plane() const { return CurvePlane::fromAxes(origin_, axisU_, axisV_); }
  const std::vector<double>& alpha() const { return alpha_; }
  const std::vector<double>& beta() const { return beta_; }
  double displayRadius() const { return displayRadius_; }
  void setMaterial(std::vector<double> alpha, std::vector<double> beta);
  void setDisplayRadius(double r) { displayRadius_ = r; }
  void setPlane(const Vec3d& origin, const Vec3d& axisU, const Vec3d& axisV);
  // Changing the count changes the parameter list: call Scene::rebuildParameters() after.
  void setShape(int count, bool closed);

  // Control points out of / into Ψ (interleaved x, y).
  Eigen::VectorXd controlPoints(const ParameterTable& psi) const;
  void setControlPoints(ParameterTable& psi, const Eigen::VectorXd& q) const;

  template <class S>
  Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S>
  Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S>
  S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;

  void tessellate(const ParamAccess<double>& params, int resolution, TriangleMesh& out) const override;
  Bounds3 bounds(const ParamAccess<double>& params) const override;

 private:
  void validate() const;
  int count_ = 6;  // the paper's six control points
  bool closed_ = false;
  std::vector<double> alpha_{0.0};
  std::vector<double> beta_{1.0};
  double displayRadius_ = 0.02;
  Vec3d origin_{0, 0, 0}, axisU_{1, 0, 0}, axisV_{0, 1, 0};
};

// The 3D point of a curve's centerline at u (plane placement applied), read through ParamAccess:
// what extrude / sweep / loft evaluate.
template <class S>
CurveSample<S> sampleCurveNode(const MesCurve& curve, const ParamAccess<S>& p, const S& u) {
  return sampleCurve(curve.shape(), p.of(curve), u);
}

}  // namespace flexure
