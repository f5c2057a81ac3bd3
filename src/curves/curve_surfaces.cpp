#include "flexure/curves/curve_surfaces.h"

#include <cmath>
#include <limits>

#include "flexure/core/scene.h"
#include "flexure/curves/curve_basis_row.h"

namespace flexure {

namespace {

const MesCurve* findCurve(const Scene& scene, const std::string& name, std::string_view owner) {
  const auto* c = dynamic_cast<const MesCurve*>(scene.find(name));
  if (!c) throw FieldError(std::string(owner) + ": '" + name + "' is not an mes-curve of the scene");
  return c;
}

template <class S>
Vec3<S> curvePoint3(const MesCurve& c, const ParamAccess<S>& p, const S& u) {
  return c.plane().toWorld(sampleCurve(c.shape(), p.of(c), u).r);
}

// Signed (closed, negative inside) or unsigned (open) distance of a plane point to a curve.
double profileDistance(const MesCurve& c, const double* q, double x, double y) {
  Eigen::VectorXd qv(2 * c.shape().count);
  for (int i = 0; i < qv.size(); ++i) qv[i] = q[i];
  const Eigen::Vector2d p(x, y);
  const double u = closestParameter(c.shape(), qv, p);
  const Eigen::Vector2d r = curvePoint(c.shape(), qv, u);
  const double d = (p - r).norm();
  if (!c.shape().closed) return d;
  // Orientation from the control polygon's signed area; n̂ (Eq. 5) points outward on a
  // counter-clockwise curve.
  double area = 0.0;
  const int n = c.shape().count;
  for (int i = 0; i < n; ++i) area += qv[2 * i] * qv[2 * ((i + 1) % n) + 1] - qv[2 * ((i + 1) % n)] * qv[2 * i + 1];
  const Eigen::Vector2d t = curveDerivative(c.shape(), qv, u);
  const Eigen::Vector2d nr(t.y(), -t.x());
  const double side = nr.dot(p - r) * (area >= 0.0 ? 1.0 : -1.0);
  return side >= 0.0 ? d : -d;
}

template <class S>
std::vector<double> values(const S* q, int count) {
  std::vector<double> v(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) v[static_cast<std::size_t>(i)] = value(q[i]);
  return v;
}

// The most profiles of a loft read from a file (docs/scene-format.md, "Limits").
constexpr std::size_t kMaxLoftProfiles = 1000;

}  // namespace

// ---- extrude ----

void ExtrudeSurface::visitFields(FieldVisitor& v) {
  v.field("profile", profile, FieldUse::Required);
  v.field("direction", direction);
  if (v.isReading() && !(norm(direction) > 0.0)) throw FieldError::about("direction", "direction must not be zero");
}
std::vector<const Node*> ExtrudeSurface::dependencies() const { return curve_ ? std::vector<const Node*>{curve_} : std::vector<const Node*>{}; }
void ExtrudeSurface::resolveReferences(const Scene& scene) { curve_ = findCurve(scene, profile, name()); }
std::unique_ptr<Node> ExtrudeSurface::cloneNode() const {
  auto c = std::make_unique<ExtrudeSurface>();
  c->profile = profile;
  c->direction = direction;
  return c;
}
int ExtrudeSurface::patchCount() const { return curve_ && curve_->shape().closed ? 3 : 1; }

template <class S>
Vec3<S> ExtrudeSurface::positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const {
  if (!curve_) return {};
  const S length = p.of(*this)[0];
  const Vec3<S> d = Vec3<S>::from(normalized(direction));
  if (patch == 0) return curvePoint3(*curve_, p, u) + d * (v * length);
  // Caps: a fan from the control points' centroid (star-shaped profiles), reversed at the bottom.
  const S* q = p.of(*curve_);
  const int n = curve_->shape().count;
  Vec3<S> centroid;
  for (int i = 0; i < n; ++i) { centroid.x += q[2 * i]; centroid.y += q[2 * i + 1]; }
  centroid = curve_->plane().toWorld(centroid / S(double(n)));
  const S uu = patch == 1 ? S(1.0) - u : u;
  const Vec3<S> rim = curvePoint3(*curve_, p, uu);
  const Vec3<S> base = centroid + (rim - centroid) * v;
  return patch == 1 ? base : base + d * length;
}

template <class S>
S ExtrudeSurface::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  if (!curve_) return S(1.0);
  const CurvePlane pl = curve_->plane();
  const Vec3d d = normalized(direction);
  const double dn = dot(d, pl.normal);
  // Height along the direction (measured through the plane normal) and the foot in the plane.
  const Vec3<S> local = pl.toPlane(x);
  const S h = std::abs(dn) > 1e-9 ? local.z / dn : S(0.0);
  const Vec3<S> foot = x - Vec3<S>::from(d) * h;
  const Vec3<S> f = pl.toPlane(foot);
  const std::vector<double> q = values(p.of(*curve_), curve_->paramCount());
  const double d2 = profileDistance(*curve_, q.data(), value(f.x), value(f.y));
  const S length = p.of(*this)[0];
  const S slab = max(-h, h - length);
  return max(S(d2), slab);
}

// ---- sweep ----

void SweepSurface::visitFields(FieldVisitor& v) {
  v.field("profile", profile, FieldUse::Required);
  v.field("path", path, FieldUse::Required);
  v.field("frame", frame);
  if (v.isReading() && frame != "rmf" && frame != "frenet")
    throw FieldError::about("frame", "frame must be \"rmf\" or \"frenet\"");
}
std::vector<const Node*> SweepSurface::dependencies() const {
  std::vector<const Node*> d;
  if (profile_) d.push_back(profile_);
  if (path_ && path_ != profile_) d.push_back(path_);
  return d;
}
void SweepSurface::resolveReferences(const Scene& scene) {
  profile_ = findCurve(scene, profile, name());
  path_ = findCurve(scene, path, name());
}
std::unique_ptr<Node> SweepSurface::cloneNode() const {
  auto c = std::make_unique<SweepSurface>();
  c->profile = profile;
  c->path = path;
  c->frame = frame;
  return c;
}

template <class S>
void SweepSurface::frameT(const ParamAccess<S>& p, const S& v, Vec3<S>& origin, Vec3<S>& t, Vec3<S>& n, Vec3<S>& b) const {
  const CurvePlane pl = path_->plane();
  const CurveSample<S> c = sampleCurve(path_->shape(), p.of(*path_), v);
  origin = pl.toWorld(c.r);
  t = normalized(pl.directionToWorld(c.r1));
  n = pl.directionToWorld(rightNormal(c.r1));  // Eq. 5, in the path's plane
  b = Vec3<S>(S(-pl.normal.x), S(-pl.normal.y), S(-pl.normal.z));
  if (frame == "frenet") {
    // N of the Frenet frame points to the centre of curvature: -n̂ where the path turns left.
    const double curl = value(c.r1.x * c.r2.y - c.r1.y * c.r2.x);
    if (curl > 0.0) { n = -n; b = -b; }
  }
}

template <class S>
Vec3<S> SweepSurface::positionT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
  if (!profile_ || !path_) return {};
  Vec3<S> o, t, n, b;
  frameT(p, v, o, t, n, b);
  const CurveSample<S> c = sampleCurve(profile_->shape(), p.of(*profile_), u);
  return o + n * c.r.x + b * c.r.y;
}

template <class S>
S SweepSurface::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  if (!profile_ || !path_) return S(1.0);
  // Nearest path parameter (on values), then the profile distance in that cross-section.
  const std::vector<double> qp = values(p.of(*path_), path_->paramCount());
  Eigen::VectorXd qv = Eigen::Map<const Eigen::VectorXd>(qp.data(), static_cast<Eigen::Index>(qp.size()));
  const Vec3<S> lp = path_->plane().toPlane(x);
  const double v = closestParameter(path_->shape(), qv, Eigen::Vector2d(value(lp.x), value(lp.y)));
  Vec3<S> o, t, n, b;
  frameT(p, S(v), o, t, n, b);
  const Vec3<S> d = x - o;
  const std::vector<double> q = values(p.of(*profile_), profile_->paramCount());
  const double d2 = profileDistance(*profile_, q.data(), value(dot(d, n)), value(dot(d, b)));
  S along(0.0);
  if (!path_->shape().closed && (v <= 0.0 || v >= 1.0)) along = v <= 0.0 ? -dot(d, t) : dot(d, t);
  return max(S(d2), along);
}

// ---- loft ----

void LoftSurface::visitFields(FieldVisitor& v) {
  v.field("profiles", profiles, MaxItems{kMaxLoftProfiles}, FieldUse::Required);
  if (v.isReading() && profiles.size() < 2) throw FieldError::about("profiles", "a loft needs at least two profiles");
}
std::vector<const Node*> LoftSurface::dependencies() const { return {curves_.begin(), curves_.end()}; }
void LoftSurface::resolveReferences(const Scene& scene) {
  curves_.clear();
  for (const std::string& n : profiles) curves_.push_back(findCurve(scene, n, name()));
}
std::unique_ptr<Node> LoftSurface::cloneNode() const {
  auto c = std::make_unique<LoftSurface>();
  c->profiles = profiles;
  return c;
}

template <class S>
Vec3<S> LoftSurface::positionT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
  if (curves_.size() < 2) return {};
  const int k = static_cast<int>(curves_.size()) - 1;
  const double x = std::clamp(value(v), 0.0, 1.0) * k;
  const int i = std::min(static_cast<int>(std::floor(x)), k - 1);
  const S w = v * double(k) - double(i);
  const Vec3<S> a = curvePoint3(*curves_[static_cast<std::size_t>(i)], p, u);
  const Vec3<S> b = curvePoint3(*curves_[static_cast<std::size_t>(i + 1)], p, u);
  return a + (b - a) * w;
}

template <class S>
S LoftSurface::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  // Unsigned distance to the nearest point of a sampled grid (documented approximation).
  double best = std::numeric_limits<double>::infinity();
  double bu = 0.0, bv = 0.0;
  const int n = 24;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {
      const Vec3<S> y = positionT(p, 0, S(double(i) / n), S(double(j) / n));
      const double d = value(squaredNorm(y - x));
      if (d < best) { best = d; bu = double(i) / n; bv = double(j) / n; }
    }
  return norm(positionT(p, 0, S(bu), S(bv)) - x);
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
#define FLEXURE_CURVE_SURFACES_INSTANTIATE(S)                                                            \
  template Vec3<S> ExtrudeSurface::positionT<S>(const ParamAccess<S>&, int, const S&, const S&) const;  \
  template S ExtrudeSurface::implicitT<S>(const ParamAccess<S>&, const Vec3<S>&) const;                 \
  template Vec3<S> SweepSurface::positionT<S>(const ParamAccess<S>&, int, const S&, const S&) const;    \
  template S SweepSurface::implicitT<S>(const ParamAccess<S>&, const Vec3<S>&) const;                   \
  template Vec3<S> LoftSurface::positionT<S>(const ParamAccess<S>&, int, const S&, const S&) const;     \
  template S LoftSurface::implicitT<S>(const ParamAccess<S>&, const Vec3<S>&) const;
FLEXURE_FOR_EACH_SCALAR(FLEXURE_CURVE_SURFACES_INSTANTIATE)
FLEXURE_FOR_EACH_NESTED(FLEXURE_CURVE_SURFACES_INSTANTIATE)
#undef FLEXURE_FOR_EACH_NESTED
#undef FLEXURE_CURVE_SURFACES_INSTANTIATE

}  // namespace flexure
