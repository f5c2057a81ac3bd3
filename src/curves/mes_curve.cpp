#include "flexure/curves/mes_curve.h"

#include <cmath>
#include <numbers>

#include "flexure/core/grid_tessellation.h"
#include "flexure/core/scene.h"
#include "flexure/curves/curve_basis_row.h"

namespace flexure {

CurvePlane CurvePlane::fromAxes(const Vec3d& o, const Vec3d& u, const Vec3d& v) {
  CurvePlane p;
  p.origin = o;
  const double nu = norm(u);
  if (!(nu > 1e-12)) return p;
  const Vec3d eu = u / nu;
  Vec3d ev = v - eu * dot(v, eu);
  const double nv = norm(ev);
  if (!(nv > 1e-12)) return p;
  ev = ev / nv;
  p.axisU = eu;
  p.axisV = ev;
  p.normal = cross(eu, ev);
  return p;
}

std::vector<ParamSpec> MesCurve::parameterSpecs() const {
  std::vector<ParamSpec> specs;
  specs.reserve(static_cast<std::size_t>(2 * count_));
  for (int i = 0; i < count_; ++i) {
    double x = 0.0, y = 0.0;
    if (closed_) {
      const double a = 2.0 * std::numbers::pi * i / count_;
      x = std::cos(a);
      y = std::sin(a);
    } else {
      // A straight curve from (0,0) to (1,0): r(0) = p1, r(1) = p_{n-2} for collinear, evenly spaced points.
      x = count_ > 3 ? double(i - 1) / double(count_ - 3) : double(i);
    }
    specs.push_back({"p" + std::to_string(i) + ".x", x});
    specs.push_back({"p" + std::to_string(i) + ".y", y});
  }
  return specs;
}

void MesCurve::validate() const {
  if (!shape().valid())
    throw FieldError::about("count", closed_ ? "a closed MES curve needs at least 3 control points"
                             : "an open MES curve needs at least 4 control points");
  const int m = shape().spanCount();
  auto check = [m](const std::vector<double>& values, const char* name) {
    if (values.size() != 1 && values.size() != static_cast<std::size_t>(m))
      throw FieldError::about(name, std::string(name) + " needs one value or one per span (" + std::to_string(m) + ")");
    for (double x : values)
      if (!(x >= 0.0)) throw FieldError::about(name, std::string(name) + " must be non-negative");
  };
  check(alpha_, "alpha");
  check(beta_, "beta");
  if (!(displayRadius_ > 0.0)) throw FieldError::about("display_radius", "display_radius must be positive");
}

void MesCurve::visitFields(FieldVisitor& v) {
  // The limit is checked as the count is read, before parameterSpecs() sizes Ψ by it.
  v.field("count", count_, IntRange{.max = kMaxControlPoints}, FieldUse::Required);
  v.field("closed", closed_);
  v.field("alpha", alpha_, MaxItems{kMaxControlPoints});
  v.field("beta", beta_, MaxItems{kMaxControlPoints});
  v.field("display_radius", displayRadius_);
  v.field("origin", origin_);
  v.field("axis_u", axisU_);
  v.field("axis_v", axisV_);
  if (v.isReading()) validate();
}

std::unique_ptr<Node> MesCurve::cloneNode() const {
  auto c = std::make_unique<MesCurve>(count_, closed_);
  c->alpha_ = alpha_;
  c->beta_ = beta_;
  c->displayRadius_ = displayRadius_;
  c->origin_ = origin_;
  c->axisU_ = axisU_;
  c->axisV_ = axisV_;
  return c;
}

void MesCurve::setMaterial(std::vector<double> alpha, std::vector<double> beta) {
  alpha_ = std::move(alpha);
  beta_ = std::move(beta);
  validate();
}

void MesCurve::setPlane(const Vec3d& origin, const Vec3d& axisU, const Vec3d& axisV) {
  origin_ = origin;
  axisU_ = axisU;
  axisV_ = axisV;
}

void MesCurve::setShape(int count, bool closed) {
  count_ = count;
  closed_ = closed;
  if (alpha_.size() != 1) alpha_ = {alpha_.empty() ? 0.0 : alpha_[0]};
  if (beta_.size() != 1) beta_ = {beta_.empty() ? 1.0 : beta_[0]};
  validate();
}

Eigen::VectorXd MesCurve::controlPoints(const ParameterTable& psi) const {
  return psi.values().segment(paramOffset(), paramCount());
}

void MesCurve::setControlPoints(ParameterTable& psi, const Eigen::VectorXd& q) const {
  psi.values().segment(paramOffset(), paramCount()) = q;
}

template <class S>
Vec3<S> MesCurve::positionT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
  const CurvePlane pl = plane();
  const CurveSample<S> c = sampleCurve(shape(), p.of(*this), u);
  const Vec3<S> n2 = rightNormal(c.r1);
  const Vec3<S> n1 = pl.directionToWorld(n2);
  const Vec3<S> b(S(-pl.normal.x), S(-pl.normal.y), S(-pl.normal.z));
  const S angle = v * (2.0 * std::numbers::pi);
  const S rho(displayRadius_);
  return pl.toWorld(c.r) + (n1 * cos(angle) - b * sin(angle)) * rho;
}

template <class S>
Vec3<S> MesCurve::normalT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
  // A tube of constant radius around a plane curve: the normal is the radial direction.
  const CurvePlane pl = plane();
  const CurveSample<S> c = sampleCurve(shape(), p.of(*this), u);
  const Vec3<S> n1 = pl.directionToWorld(rightNormal(c.r1));
  const Vec3<S> b(S(-pl.normal.x), S(-pl.normal.y), S(-pl.normal.z));
  const S angle = v * (2.0 * std::numbers::pi);
  return n1 * cos(angle) - b * sin(angle);
}

template <class S>
S MesCurve::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  // The closest curve parameter is found on values; by the envelope theorem the derivative of
  // the distance with respect to x and Ψ is its partial derivative at that fixed u.
  const S* q = p.of(*this);
  Eigen::VectorXd qv(2 * count_);
  for (int i = 0; i < 2 * count_; ++i) qv[i] = value(q[i]);
  const CurvePlane pl = plane();
  const Vec3<S> local = pl.toPlane(x);
  const double u = closestParameter(shape(), qv, Eigen::Vector2d(value(local.x), value(local.y)));
  const CurveSample<S> c = sampleCurve(shape(), q, S(u));
  const S dx = local.x - c.r.x, dy = local.y - c.r.y;
  return sqrt(dx * dx + dy * dy + local.z * local.z) - displayRadius_;
}

// The virtual entry points also differentiate these templates with nested jets (default
// normals: Jet<S,2>; implicit gradients: Jet<S,3>), so those are instantiated too.
using NestedD2 = Jet<double, 2>;
using NestedD3 = Jet<double, 3>;
using NestedDual2 = Jet<Dual, 2>;
using NestedDual3 = Jet<Dual, 3>;
using NestedDual8x2 = Jet<Dual8, 2>;
using NestedDual8x3 = Jet<Dual8, 3>;
#define FLEXURE_FOR_EACH_NESTED(X) X(NestedD2) X(NestedD3) X(NestedDual2) X(NestedDual3) X(NestedDual8x2) X(NestedDual8x3)
#define FLEXURE_MES_CURVE_INSTANTIATE(S)                                                                   \
  template Vec3<S> MesCurve::positionT<S>(const ParamAccess<S>&, int, const S&, const S&) const;          \
  template Vec3<S> MesCurve::normalT<S>(const ParamAccess<S>&, int, const S&, const S&) const;            \
  template S MesCurve::implicitT<S>(const ParamAccess<S>&, const Vec3<S>&) const;
FLEXURE_FOR_EACH_SCALAR(FLEXURE_MES_CURVE_INSTANTIATE)
FLEXURE_FOR_EACH_NESTED(FLEXURE_MES_CURVE_INSTANTIATE)
#undef FLEXURE_FOR_EACH_NESTED
#undef FLEXURE_MES_CURVE_INSTANTIATE

void MesCurve::tessellate(const ParamAccess<double>& params, int resolution, TriangleMesh& out) const {
  // Enough samples along u to follow every span; a thin tube needs few around.
  const int nu = std::max(resolution, 8 * shape().spanCount());
  const int nv = 12;
  appendGrid(out, nu + 1, nv + 1, [&](int i, int j) {
    const double u = double(i) / nu, v = double(j) / nv;
    return GridVertex{position(params, 0, u, v), normal(params, 0, u, v), {u, v}};
  });
}

Bounds3 MesCurve::bounds(const ParamAccess<double>& params) const {
  // The curve lies in the convex hull of its control points (B-spline convex hull property).
  const double* q = params.of(*this);
  const CurvePlane pl = plane();
  Bounds3 b;
  for (int i = 0; i < count_; ++i) b.extend(pl.toWorld(Vec3d(q[2 * i], q[2 * i + 1], 0.0)));
  return b.padded(displayRadius_);
}

}  // namespace flexure
