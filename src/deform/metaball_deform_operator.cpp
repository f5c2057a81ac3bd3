#include "flexure/deform/metaball_deform_operator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"
#include "flexure/curves/mes_curve.h"
#include "flexure/deform/batch_deformer.h"
#include "flexure/deform/metaball_field.h"

namespace flexure::deform {

std::string_view blendModeName(BlendMode m) { return m == BlendMode::Interpolate ? "interpolate" : "sum"; }

BlendMode blendModeFromName(std::string_view name) {
  if (name == "sum") return BlendMode::Sum;
  if (name == "interpolate") return BlendMode::Interpolate;
  throw FieldError("unknown blend '" + std::string(name) + "' (known: sum, interpolate)");
}

MetaballDeformOperator::MetaballDeformOperator() = default;
MetaballDeformOperator::~MetaballDeformOperator() = default;

std::vector<ParamSpec> MetaballDeformOperator::parameterSpecs() const {
  std::vector<ParamSpec> specs;
  for (std::size_t i = 0; i < metaballs_.size(); ++i) metaballs_[i].appendParameterSpecs(static_cast<int>(i), specs);
  return specs;
}

void MetaballDeformOperator::visitFields(FieldVisitor& v) {
  std::string blend(blendModeName(blend_));
  v.field("blend", blend);
  // Every deformed vertex looks at the metaballs whose boxes hold it; the limit is one no
  // figure needs (docs/scene-format.md, "Limits").
  constexpr std::size_t kMaxMetaballs = 10000;
  // Each metaball is checked as it is read, so a reader reports a bad one at its own record.
  v.recordList("metaballs", metaballs_, MaxItems{kMaxMetaballs}, [](Metaball& m, FieldVisitor& record) {
    m.visitFields(record);
    if (record.isReading()) m.prepare();
  });
  if (v.isReading()) {
    blend_ = blendModeFromName(blend);
    rebuildLayout();
  }
}

std::unique_ptr<Node> MetaballDeformOperator::cloneNode() const {
  auto copy = std::make_unique<MetaballDeformOperator>();
  copy->metaballs_ = metaballs_;
  copy->blend_ = blend_;
  copy->rebuildLayout();
  return copy;
}

void MetaballDeformOperator::setMetaballs(std::vector<Metaball> metaballs) {
  for (Metaball& m : metaballs) m.prepare();
  metaballs_ = std::move(metaballs);
  rebuildLayout();
}

void MetaballDeformOperator::addMetaball(Metaball metaball) {
  metaball.prepare();
  metaballs_.push_back(std::move(metaball));
  rebuildLayout();
}

void MetaballDeformOperator::rebuildLayout() {
  slotOffsets_.clear();
  slotCount_ = 0;
  for (const Metaball& m : metaballs_) {
    slotOffsets_.push_back(slotCount_);
    slotCount_ += m.slotCount();
  }
  // Followed curves are found again by name (resolveReferences).
  followed_.clear();
  for (std::size_t i = 0; i < metaballs_.size(); ++i) {
    const auto* b = std::get_if<BezierSkeleton>(&metaballs_[i].skeleton);
    if (b && !b->curve.empty()) followed_.push_back({static_cast<int>(i), nullptr});
  }
  std::lock_guard<std::mutex> lock(followMutex_);
  followSnapshot_.reset();
}

std::vector<const Node*> MetaballDeformOperator::dependencies() const {
  std::vector<const Node*> out;
  for (const FollowedCurve& f : followed_)
    if (f.curve && std::find(out.begin(), out.end(), f.curve) == out.end()) out.push_back(f.curve);
  return out;
}

void MetaballDeformOperator::resolveReferences(const Scene& scene) {
  for (FollowedCurve& f : followed_) {
    const std::string& name = std::get<BezierSkeleton>(metaballs_[static_cast<std::size_t>(f.metaball)].skeleton).curve;
    f.curve = dynamic_cast<const MesCurve*>(scene.find(name));
    if (!f.curve) throw FieldError(this->name() + ": metaball " + std::to_string(f.metaball) + " follows '" + name + "', which is not an mes-curve of the scene");
  }
  // The stored skeletons take the curves' present shape, so readers of metaballs() (overlays,
  // editors) see it; evaluations still rebuild it from the Psi they are given.
  const auto psiHolds = [&](const FollowedCurve& f) {
    return f.curve->paramOffset() >= 0 && f.curve->paramOffset() + 2 * f.curve->shape().count <= scene.parameters().values().size();
  };
  if (!followed_.empty() && std::all_of(followed_.begin(), followed_.end(), psiHolds)) {
    const auto now = followedMetaballs(ValueAccess(scene.parameters().values()));
    if (now) metaballs_ = *now;
  }
  std::lock_guard<std::mutex> lock(followMutex_);
  followSnapshot_.reset();
}

template <class S>
std::shared_ptr<const std::vector<Metaball>> MetaballDeformOperator::followedMetaballs(const ParamAccess<S>& params) const {
  if (followed_.empty()) return nullptr;
  // The curves' control values as doubles (derivatives with respect to them are not carried:
  // the skeleton's shape is data of each evaluation, like a mesh's vertices).
  thread_local std::vector<double> key;
  key.clear();
  for (const FollowedCurve& f : followed_) {
    if (!f.curve) return nullptr;  // not in a scene yet: the stored control points
    const S* q = params.of(*f.curve);
    for (int k = 0; k < 2 * f.curve->shape().count; ++k) key.push_back(value(q[k]));
  }
  std::lock_guard<std::mutex> lock(followMutex_);
  if (followSnapshot_ && key == followKey_) return followSnapshot_;
  auto balls = std::make_shared<std::vector<Metaball>>(metaballs_);
  std::size_t at = 0;
  for (const FollowedCurve& f : followed_) {
    const CurvePlane plane = f.curve->plane();
    std::vector<Vec3d> points;
    for (int k = 0; k < f.curve->shape().count; ++k, at += 2) points.push_back(plane.toWorld(Vec3d(key[at], key[at + 1], 0.0)));
    std::get<BezierSkeleton>((*balls)[static_cast<std::size_t>(f.metaball)].skeleton).followUniformBSpline(points, f.curve->shape().closed);
  }
  followKey_ = key;
  followSnapshot_ = balls;
  return followSnapshot_;
}

int MetaballDeformOperator::paramIndexOf(int metaball, std::string_view slot) const {
  return paramIndex(std::to_string(metaball) + "." + std::string(slot));
}

template <class S>
S MetaballDeformOperator::potential(int i, const S* slots, const Vec3<S>& x) const {
  return potentialWith(metaballs_, i, slots, x);
}

template <class S>
S MetaballDeformOperator::potentialWith(const std::vector<Metaball>& balls, int i, const S* slots, const Vec3<S>& x) const {
  const Metaball& mb = balls[static_cast<std::size_t>(i)];
  const MetaballValues<S> v = MetaballValues<S>::read(slots + slotOffset(i), mb.controlCount());
  const Vec3<S> offset = skeletonOffset(mb.skeleton, x);
  const Vec3<S> d = mb.hasFrame() ? mul(mb.frameTranspose(), offset) : offset;  // in the local frame
  const Vec3<S> q(d.x / (v.radius * v.radii.x), d.y / (v.radius * v.radii.y), d.z / (v.radius * v.radii.z));
  PotentialShape<S> shape;
  shape.metric = mb.metric;
  shape.kind = mb.potential;
  shape.degree = mb.bezierDegree;
  shape.metricU = v.metricU;
  shape.innerFraction = v.inner / v.radius;
  shape.controls = v.controls.data();
  return potentialAt(shape, q);
}

namespace {
// Solves A X = B in place (n x n, three right-hand sides) by Gaussian elimination with partial
// pivoting; returns false when A is (numerically) singular.
template <class S>
bool solveSmall(std::vector<S>& a, std::vector<Vec3<S>>& b, int n) {
  auto at = [&](int r, int c) -> S& { return a[static_cast<std::size_t>(r * n + c)]; };
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int r = col + 1; r < n; ++r)
      if (std::fabs(value(at(r, col))) > std::fabs(value(at(pivot, col)))) pivot = r;
    if (!(std::fabs(value(at(pivot, col))) > 1e-12)) return false;
    if (pivot != col) {
      for (int c = 0; c < n; ++c) std::swap(at(pivot, c), at(col, c));
      std::swap(b[static_cast<std::size_t>(pivot)], b[static_cast<std::size_t>(col)]);
    }
    for (int r = col + 1; r < n; ++r) {
      const S f = at(r, col) / at(col, col);
      for (int c = col; c < n; ++c) at(r, c) = at(r, c) - f * at(col, c);
      b[static_cast<std::size_t>(r)] = b[static_cast<std::size_t>(r)] - b[static_cast<std::size_t>(col)] * f;
    }
  }
  for (int r = n - 1; r >= 0; --r) {
    Vec3<S> s = b[static_cast<std::size_t>(r)];
    for (int c = r + 1; c < n; ++c) s = s - b[static_cast<std::size_t>(c)] * at(r, c);
    b[static_cast<std::size_t>(r)] = s / at(r, r);
  }
  return true;
}
}  // namespace

template <class S>
void MetaballDeformOperator::translations(const S* slots, std::vector<Vec3<S>>& out) const {
  translationsWith(metaballs_, slots, out);
}

template <class S>
void MetaballDeformOperator::translationsWith(const std::vector<Metaball>& balls, const S* slots, std::vector<Vec3<S>>& out) const {
  const int n = static_cast<int>(balls.size());
  out.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const S* s = slots + slotOffset(i);
    out[static_cast<std::size_t>(i)] = {s[kSlotDx], s[kSlotDy], s[kSlotDz]};
  }
  if (blend_ != BlendMode::Interpolate || n < 2) return;
  // A_ji = F_i(O_j): what metaball i contributes at the pivot of metaball j.
  std::vector<S> a(static_cast<std::size_t>(n * n));
  for (int j = 0; j < n; ++j) {
    const Vec3<S> pivot = lift<S>(balls[static_cast<std::size_t>(j)].pivot());
    for (int i = 0; i < n; ++i) a[static_cast<std::size_t>(j * n + i)] = potentialWith(balls, i, slots, pivot);
  }
  std::vector<Vec3<S>> alpha = out;
  if (solveSmall(a, alpha, n)) out = std::move(alpha);  // else keep Eq. 8's dD_i
}

template <class S>
Vec3<S> MetaballDeformOperator::deform(const S* slots, const Vec3<S>& x) const {
  return deformWith(metaballs_, slots, x);
}

template <class S>
Vec3<S> MetaballDeformOperator::deformWith(const std::vector<Metaball>& balls, const S* slots, const Vec3<S>& x) const {
  Vec3<S> sum(S(0.0), S(0.0), S(0.0));
  std::vector<Vec3<S>> alpha;
  if (blend_ == BlendMode::Interpolate) translationsWith(balls, slots, alpha);
  for (std::size_t i = 0; i < balls.size(); ++i) {
    const Metaball& mb = balls[i];
    const S* s = slots + slotOffsets_[i];
    const S F = potentialWith(balls, static_cast<int>(i), slots, x);
    if (exactlyZero(F)) continue;  // Eq. 7: beyond R nothing moves
    const Vec3<S> t = alpha.empty() ? Vec3<S>(s[kSlotDx], s[kSlotDy], s[kSlotDz]) : alpha[i];
    sum += t * F;  // Eq. 5 / Eq. 8
    const S& angle = s[kSlotAngle];
    const Vec3<S> axis(s[kSlotAxisX], s[kSlotAxisY], s[kSlotAxisZ]);
    const Vec3<S> scale(s[kSlotScaleX], s[kSlotScaleY], s[kSlotScaleZ]);
    const bool rotates = !exactlyZero(angle) && squaredNorm(axis) > 0.0;
    const bool scales = !exactlyZero(S(scale.x - 1.0)) || !exactlyZero(S(scale.y - 1.0)) || !exactlyZero(S(scale.z - 1.0));
    if (rotates || scales)
      sum += mb.hasFrame() ? rotateScaleOffset(minus(x, mb.pivot()), F, angle, axis, scale, rotates, scales, &mb.frame(), &mb.frameTranspose())
                           : rotateScaleOffset(minus(x, mb.pivot()), F, angle, axis, scale, rotates, scales);
  }
  return x + sum;
}

template <class S>
Vec3<S> MetaballDeformOperator::applyT(const ParamAccess<S>& params, const Vec3<S>& x) const {
  const auto followed = followedMetaballs(params);
  return deformWith(current(followed), params.of(*this), x);
}

template <class S>
Mat3<S> MetaballDeformOperator::jacobianT(const ParamAccess<S>& params, const Vec3<S>& x) const {
  using J = Jet<S, 3>;
  const S* slots = params.of(*this);
  const auto followed = followedMetaballs(params);
  std::vector<J> lifted(static_cast<std::size_t>(slotCount_));
  for (int i = 0; i < slotCount_; ++i) lifted[static_cast<std::size_t>(i)] = J(slots[i]);
  const Vec3<J> y = deformWith(current(followed), lifted.data(), Vec3<J>(J(x.x, 0), J(x.y, 1), J(x.z, 2)));
  Mat3<S> m;
  for (int j = 0; j < 3; ++j) {
    m.m[0][j] = y.x.v[static_cast<std::size_t>(j)];
    m.m[1][j] = y.y.v[static_cast<std::size_t>(j)];
    m.m[2][j] = y.z.v[static_cast<std::size_t>(j)];
  }
  return m;
}

Mat3d MetaballDeformOperator::jacobianFromSlots(const double* slots, const Vec3d& x) const { return jacobianWith(metaballs_, slots, x); }

Mat3d MetaballDeformOperator::jacobianWith(const std::vector<Metaball>& balls, const double* slots, const Vec3d& x) const {
  using J = Jet<double, 3>;
  std::vector<J> lifted(static_cast<std::size_t>(slotCount_));
  for (int i = 0; i < slotCount_; ++i) lifted[static_cast<std::size_t>(i)] = J(slots[i]);
  const Vec3<J> y = deformWith(balls, lifted.data(), Vec3<J>(J(x.x, 0), J(x.y, 1), J(x.z, 2)));
  Mat3d m;
  for (int j = 0; j < 3; ++j) {
    m.m[0][j] = y.x.v[static_cast<std::size_t>(j)];
    m.m[1][j] = y.y.v[static_cast<std::size_t>(j)];
    m.m[2][j] = y.z.v[static_cast<std::size_t>(j)];
  }
  return m;
}

Vec3d MetaballDeformOperator::inverseFromSlots(const double* slots, const Vec3d& X, bool* converged) const {
  return inverseWith(metaballs_, slots, X, converged);
}

Vec3d MetaballDeformOperator::inverseWith(const std::vector<Metaball>& balls, const double* slots, const Vec3d& X, bool* converged) const {
  const double tolerance = 1e-12 * (1.0 + norm(X));
  Vec3d x = X;
  Vec3d r = deformWith(balls, slots, x) - X;
  double rn = norm(r);
  for (int it = 0; it < 100 && rn > tolerance; ++it) {
    const Mat3d jac = jacobianWith(balls, slots, x);
    const double det = determinant(jac);
    // Newton direction; where the map folds (det <= 0) use the fixed point x = X - delta(x).
    const Vec3d step = std::fabs(det) > 1e-14 && det > 0.0 ? ::flexure::inverse(jac) * r : r;
    double lambda = 1.0;
    Vec3d candidate = x - step;
    Vec3d rc = deformWith(balls, slots, candidate) - X;
    while (norm(rc) >= rn && lambda > 1.0 / 1024.0) {  // damping: accept only a decrease
      lambda *= 0.5;
      candidate = x - step * lambda;
      rc = deformWith(balls, slots, candidate) - X;
    }
    x = candidate;
    r = rc;
    rn = norm(r);
  }
  if (converged) *converged = rn <= tolerance * 10.0;
  return x;
}

template <class S>
Vec3<S> MetaballDeformOperator::inverseT(const ParamAccess<S>& params, const Vec3<S>& X) const {
  const S* slots = params.of(*this);
  const auto followed = followedMetaballs(params);
  const std::vector<Metaball>& balls = current(followed);
  if constexpr (std::is_same_v<S, double>) {
    return inverseWith(balls, slots, X, nullptr);
  } else {
    std::vector<double> values(static_cast<std::size_t>(slotCount_));
    for (int i = 0; i < slotCount_; ++i) values[static_cast<std::size_t>(i)] = value(slots[i]);
    const Vec3d x = inverseWith(balls, values.data(), valueOf(X), nullptr);
    // One Newton step in S at the converged x: x - J^{-1} (Deform_S(x) - X) has value x and,
    // in its lanes, dx = -J^{-1} (dDeform/dPsi - dX), the derivative of the inverse.
    const Mat3d jinv = ::flexure::inverse(jacobianWith(balls, values.data(), x));
    const Vec3<S> residual = deformWith(balls, slots, lift<S>(x)) - X;
    return lift<S>(x) - mul(jinv, residual);
  }
}

void MetaballDeformOperator::applyBatch(const ParamAccess<double>& params, std::span<Vec3d> points,
                                        std::span<Vec3d> normals) const {
  const auto followed = followedMetaballs(params);
  applyBatchWith(current(followed), params.of(*this), points, normals);
}

void MetaballDeformOperator::applyBatchFromSlots(const double* slots, std::span<Vec3d> points, std::span<Vec3d> normals) const {
  applyBatchWith(metaballs_, slots, points, normals);
}

void MetaballDeformOperator::applyBatchWith(const std::vector<Metaball>& balls, const double* slots, std::span<Vec3d> points,
                                            std::span<Vec3d> normals) const {
  std::unique_lock<std::mutex> lock(scratchMutex_, std::try_to_lock);
  if (!lock.owns_lock()) {  // another thread holds the shared buffers: use private ones
    BatchDeformer own;
    own.prepare(*this, balls, slots);
    own.apply(points, normals);
    return;
  }
  if (!scratch_) scratch_ = std::make_unique<BatchDeformer>();
  scratch_->prepare(*this, balls, slots);
  scratch_->apply(points, normals);
}

std::optional<std::vector<Bounds3>> MetaballDeformOperator::changedRegion(const ParamAccess<double>& before,
                                                                          const ParamAccess<double>& after) const {
  return changedRegionFromSlots(before.of(*this), after.of(*this));
}

std::optional<std::vector<Bounds3>> MetaballDeformOperator::changedRegionFromSlots(const double* before,
                                                                                   const double* after) const {
  if (!followed_.empty()) return std::nullopt;
  const auto onCurve = [](const Metaball& m) { return std::holds_alternative<BezierSkeleton>(m.skeleton); };
  if (std::any_of(metaballs_.begin(), metaballs_.end(), onCurve)) return std::nullopt;
  std::vector<Vec3d> translationsBefore, translationsAfter;
  translationsWith(metaballs_, before, translationsBefore);
  translationsWith(metaballs_, after, translationsAfter);
  // Compared bit for bit (-0 against +0 too: the batch path's sums are then not known to agree).
  const auto sameBits = [](const void* a, const void* b, std::size_t bytes) { return std::memcmp(a, b, bytes) == 0; };
  std::vector<Bounds3> out;
  for (std::size_t i = 0; i < metaballs_.size(); ++i) {
    const Metaball& m = metaballs_[i];
    const auto offset = static_cast<std::size_t>(slotOffset(static_cast<int>(i)));
    const double *a = before + offset, *b = after + offset;
    if (sameBits(a, b, sizeof(double) * static_cast<std::size_t>(m.slotCount())) &&
        sameBits(&translationsBefore[i], &translationsAfter[i], sizeof(Vec3d)))
      continue;
    const Bounds3 was = m.influenceBox(a), is = m.influenceBox(b);
    if (!isBounded(was) || !isBounded(is)) return std::nullopt;
    out.push_back(was);
    if (std::memcmp(&was, &is, sizeof(Bounds3)) != 0) out.push_back(is);
  }
  return out;
}

#define FLEXURE_DEFORM_INSTANTIATE_EVAL(S)                                                            \
  template Vec3<S> MetaballDeformOperator::deform<S>(const S*, const Vec3<S>&) const;                \
  template S MetaballDeformOperator::potential<S>(int, const S*, const Vec3<S>&) const;              \
  template void MetaballDeformOperator::translations<S>(const S*, std::vector<Vec3<S>>&) const;                  \
  template void MetaballDeformOperator::translationsWith<S>(const std::vector<Metaball>&, const S*, std::vector<Vec3<S>>&) const;
#define FLEXURE_DEFORM_INSTANTIATE_OPERATOR(S)                                                        \
  FLEXURE_DEFORM_INSTANTIATE_EVAL(S)                                                                  \
  FLEXURE_DEFORM_INSTANTIATE_EVAL(Jet<S FLEXURE_COMMA 3>)                                             \
  template Vec3<S> MetaballDeformOperator::applyT<S>(const ParamAccess<S>&, const Vec3<S>&) const;   \
  template Vec3<S> MetaballDeformOperator::inverseT<S>(const ParamAccess<S>&, const Vec3<S>&) const; \
  template Mat3<S> MetaballDeformOperator::jacobianT<S>(const ParamAccess<S>&, const Vec3<S>&) const;
#define FLEXURE_COMMA ,
FLEXURE_FOR_EACH_SCALAR(FLEXURE_DEFORM_INSTANTIATE_OPERATOR)

}  // namespace flexure::deform
