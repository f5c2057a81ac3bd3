#include "flexure/deform/batch_deformer.h"

#include <algorithm>
#include <cmath>

#include "flexure/deform/metaball_deform_operator.h"

namespace flexure::deform {

void BatchDeformer::prepare(const MetaballDeformOperator& op, const double* slots) {
  const std::vector<Metaball>& balls = op.metaballs();
  op.translations(slots, translations_);  // Eq. 8's dD_i, or the interpolating alpha_i, once per call
  packed_.resize(balls.size());
  unbounded_.clear();
  for (std::size_t i = 0; i < balls.size(); ++i) {
    const Metaball& mb = balls[i];
    const double* s = slots + op.slotOffset(static_cast<int>(i));
    Packed& m = packed_[i];
    m.skeleton = &mb.skeleton;
    m.bezier = std::get_if<BezierSkeleton>(&mb.skeleton);
    m.kind = mb.skeleton.index();
    const double radius = s[kSlotRadius];
    const Vec3d reach(radius * s[kSlotRadiusX], radius * s[kSlotRadiusY], radius * s[kSlotRadiusZ]);
    m.invRadii = {1.0 / reach.x, 1.0 / reach.y, 1.0 / reach.z};
    // A Euclidean bound on |P - Q| inside the metaball: t >= |d_k| / R_k for every metric, and
    // t >= |d| / max R_k for L2 and L1.
    const double maxReach = std::max({reach.x, reach.y, reach.z});
    m.reach2 = (mb.metric == Metric::L2 || mb.metric == Metric::L1) ? maxReach * maxReach : squaredNorm(reach);
    const Bounds3 sb = skeletonBounds(mb.skeleton);
    // |d_local,j| < R r_j inside the metaball, so along world axis k |d_k| < sum_j |F_kj| R r_j.
    Vec3d worldReach = reach;
    m.frame = mb.hasFrame() ? &mb.frame() : nullptr;
    m.frameT = mb.hasFrame() ? &mb.frameTranspose() : nullptr;
    if (m.frame)
      for (int k = 0; k < 3; ++k)
        worldReach[k] = std::fabs(m.frame->m[k][0]) * reach.x + std::fabs(m.frame->m[k][1]) * reach.y + std::fabs(m.frame->m[k][2]) * reach.z;
    m.box.lo = sb.lo - worldReach;
    m.box.hi = sb.hi + worldReach;
    if (!isBounded(m.box)) unbounded_.push_back(static_cast<int>(i));
    for (int j = 0; j < mb.controlCount(); ++j) m.controls[static_cast<std::size_t>(j)] = s[kFixedSlotCount + j];
    m.shape.metric = mb.metric;
    m.shape.kind = mb.potential;
    m.shape.degree = mb.bezierDegree;
    m.shape.metricU = s[kSlotMetricU];
    m.shape.innerFraction = s[kSlotInner] / radius;
    m.shape.controls = m.controls.data();
    m.fastWyvill = mb.metric == Metric::L2 && mb.potential == PotentialKind::Wyvill && !(m.shape.innerFraction > 0.0);
    m.translation = translations_[i];
    m.pivot = mb.pivot();
    m.axis = {s[kSlotAxisX], s[kSlotAxisY], s[kSlotAxisZ]};
    m.scale = {s[kSlotScaleX], s[kSlotScaleY], s[kSlotScaleZ]};
    m.angle = s[kSlotAngle];
    m.rotates = m.angle != 0.0 && squaredNorm(m.axis) > 0.0;
    m.scales = m.scale.x != 1.0 || m.scale.y != 1.0 || m.scale.z != 1.0;
    const auto* point = std::get_if<PointSkeleton>(&mb.skeleton);
    m.simplePoint = point && m.fastWyvill && !m.rotates && !m.scales && !m.frame;
    if (point) m.center = point->center;
  }
  buildGrid();
}

void BatchDeformer::buildGrid() {
  Bounds3 all;
  double cell = 1e300;
  for (const Packed& m : packed_) {
    if (!isBounded(m.box)) continue;
    all.extend(m.box);
    // Cell edge: a quarter of the smallest metaball box (so a vertex meets few boxes and,
    // for curves, few pieces), limited to 128 cells per axis and 2^18 cells in all.
    const Vec3d e = m.box.extent();
    cell = std::min(cell, 0.25 * std::max({e.x, e.y, e.z}));
    if (m.bezier) cell = std::min(cell, 0.5 * std::sqrt(m.reach2));
  }
  if (all.empty()) {
    dims_ = {0, 0, 0};
    return;
  }
  const Vec3d extent = all.extent();
  for (;;) {
    for (int k = 0; k < 3; ++k) dims_[static_cast<std::size_t>(k)] = std::clamp(static_cast<int>(std::ceil(extent[k] / cell)), 1, 128);
    if (static_cast<long>(dims_[0]) * dims_[1] * dims_[2] <= (1L << 18)) break;
    cell *= 1.5;
  }
  gridLo_ = all.lo;
  Vec3d cellSize;
  for (int k = 0; k < 3; ++k) {
    invCell_[k] = extent[k] > 0.0 ? dims_[static_cast<std::size_t>(k)] / extent[k] : 0.0;
    cellSize[k] = extent[k] / dims_[static_cast<std::size_t>(k)];
  }
  const int cells = gridCellCount();
  cellStart_.assign(static_cast<std::size_t>(cells) + 1, 0);
  auto cellRange = [&](const Bounds3& b, std::array<int, 3>& lo, std::array<int, 3>& hi) {
    for (int k = 0; k < 3; ++k) {
      const int d = dims_[static_cast<std::size_t>(k)];
      lo[static_cast<std::size_t>(k)] = std::clamp(static_cast<int>(std::floor((b.lo[k] - gridLo_[k]) * invCell_[k])), 0, d - 1);
      hi[static_cast<std::size_t>(k)] = std::clamp(static_cast<int>(std::floor((b.hi[k] - gridLo_[k]) * invCell_[k])), 0, d - 1);
    }
  };
  // Pieces of a curve whose reach overlaps the cell (bit k: piece k); all bits for other skeletons.
  auto pieceMask = [&](const Packed& m, int x, int y, int z) -> std::uint32_t {
    if (!m.bezier) return ~std::uint32_t(0);
    Bounds3 c;
    c.lo = gridLo_ + Vec3d(x * cellSize.x, y * cellSize.y, z * cellSize.z);
    c.hi = c.lo + cellSize;
    std::uint32_t mask = 0;
    for (int k = 0; k < BezierSkeleton::kPieceCount; ++k)
      if (m.bezier->pieceBounds(k, std::sqrt(m.reach2)).overlaps(c)) mask |= std::uint32_t(1) << k;
    return mask;
  };
  // Two passes (count, fill) into compressed rows of (metaball, piece mask).
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {
      for (int c = 0; c < cells; ++c) cellStart_[static_cast<std::size_t>(c) + 1] += cellStart_[static_cast<std::size_t>(c)];
      cellItems_.resize(static_cast<std::size_t>(cellStart_[static_cast<std::size_t>(cells)]));
      cellFill_.assign(cellStart_.begin(), cellStart_.end() - 1);
    }
    for (std::size_t i = 0; i < packed_.size(); ++i) {
      const Packed& m = packed_[i];
      if (!isBounded(m.box)) continue;
      std::array<int, 3> lo{}, hi{};
      cellRange(m.box, lo, hi);
      for (int z = lo[2]; z <= hi[2]; ++z)
        for (int y = lo[1]; y <= hi[1]; ++y)
          for (int x = lo[0]; x <= hi[0]; ++x) {
            const std::uint32_t mask = pieceMask(m, x, y, z);
            if (mask == 0) continue;  // no piece of the curve reaches this cell
            const int c = (z * dims_[1] + y) * dims_[0] + x;
            if (pass == 0) ++cellStart_[static_cast<std::size_t>(c) + 1];
            else cellItems_[static_cast<std::size_t>(cellFill_[static_cast<std::size_t>(c)]++)] = {static_cast<int>(i), mask};
          }
    }
  }
}

namespace {
// The skeleton's offset with the alternative known: a chain of index tests the compiler inlines,
// instead of std::visit's indirect call.
template <class S, std::size_t I = 0>
Vec3<S> offsetByIndex(const Skeleton& s, std::size_t index, const Vec3<S>& p) {
  if constexpr (I + 1 < std::variant_size_v<Skeleton>) {
    if (index == I) return std::get_if<I>(&s)->offset(p);
    return offsetByIndex<S, I + 1>(s, index, p);
  } else {
    return std::get_if<I>(&s)->offset(p);
  }
}
}  // namespace

template <class S>
void BatchDeformer::accumulate(const Packed& m, const Vec3<S>& p, const Vec3d& pv, std::uint32_t pieces, Vec3<S>& sum) const {
  Vec3<S> d;
  if (m.bezier) {
    // Curves search only within the metaball's reach (farther points have F = 0 anyway) and
    // only the pieces listed for the vertex's cell.
    Vec3d nearest;
    const double u0 = m.bezier->nearestParameter(pv, m.reach2, pieces, &nearest);
    if (u0 < 0.0) return;
    if constexpr (std::is_same_v<S, double>) d = p - nearest;
    else d = m.bezier->offsetAt(p, u0);
  } else {
    d = offsetByIndex(*m.skeleton, m.kind, p);
  }
  const Vec3<S> dl = m.frameT ? mul(*m.frameT, d) : d;  // in the constraint's frame
  const Vec3<S> q(dl.x * m.invRadii.x, dl.y * m.invRadii.y, dl.z * m.invRadii.z);
  S F;
  if (m.fastWyvill) {
    const S x = squaredNorm(q);
    if (x >= 1.0) return;
    F = wyvillOfSquare(x);  // Eq. 3 from r^2
  } else {
    F = potentialAt(m.shape, q);
    if (F == 0.0) return;
  }
  sum += along(m.translation, F);  // Eq. 8
  if (m.rotates || m.scales) sum += rotateScaleOffset(minus(p, m.pivot), F, m.angle, m.axis, m.scale, m.rotates, m.scales, m.frame, m.frameT);
}

template <class S>
Vec3<S> BatchDeformer::displacement(const Vec3<S>& p, const Vec3d& pv, const CellItem* items, int count) const {
  Vec3<S> sum(S(0.0), S(0.0), S(0.0));
  for (int k = 0; k < count; ++k) {
    const Packed& m = packed_[static_cast<std::size_t>(items[k].metaball)];
    if constexpr (std::is_same_v<S, double>) {
      if (m.simplePoint) {  // the common case, inline: F = w(r^2 / R^2), Eq. 3 and Eq. 8
        const double qx = (p.x - m.center.x) * m.invRadii.x, qy = (p.y - m.center.y) * m.invRadii.y,
                     qz = (p.z - m.center.z) * m.invRadii.z;
        const double x = qx * qx + qy * qy + qz * qz;
        if (x < 1.0) sum += m.translation * wyvillOfSquare(x);
        continue;
      }
    }
    if (!m.box.contains(pv)) continue;
    accumulate(m, p, pv, items[k].pieces, sum);
  }
  for (int i : unbounded_) {
    const Packed& m = packed_[static_cast<std::size_t>(i)];
    if (!m.box.contains(pv)) continue;
    accumulate(m, p, pv, ~std::uint32_t(0), sum);
  }
  return sum;
}

// Point metaballs with Wyvill's potential and no rotation or scale, the common case of
// interactive editing, get their gradient in closed form:
//   F = w(x), x = sum_k (d_k / R_k)^2, d = P - C:   grad F = w'(x) 2 (d_k / R_k^2)_k,
//   J += dD (grad F)^T.
// Every other metaball differentiates its own kernel with a 3-lane jet.
void BatchDeformer::displacementAndJacobian(const Vec3d& p, const CellItem* items, int count, Vec3d& d, Mat3d& jac) const {
  using J = Jet<double, 3>;
  const Vec3<J> pj(J(p.x, 0), J(p.y, 1), J(p.z, 2));
  Vec3<J> jetSum(J(0.0), J(0.0), J(0.0));
  d = {0, 0, 0};
  auto one = [&](const Packed& m, std::uint32_t pieces) {
    if (!m.box.contains(p)) return;
    if (m.simplePoint) {
      const Vec3d c = std::get_if<PointSkeleton>(m.skeleton)->center;
      const Vec3d q = cwiseProduct(p - c, m.invRadii);
      const double x = squaredNorm(q);
      if (x >= 1.0) return;
      const double F = wyvillOfSquare(x);
      const double dw = (x * (-12.0 / 9.0) + 34.0 / 9.0) * x - 22.0 / 9.0;  // w'(x)
      const Vec3d grad = cwiseProduct(q, m.invRadii) * (2.0 * dw);
      d += m.translation * F;
      for (int r = 0; r < 3; ++r)
        for (int c2 = 0; c2 < 3; ++c2) jac.m[r][c2] += m.translation[r] * grad[c2];
      return;
    }
    accumulate(m, pj, p, pieces, jetSum);
  };
  for (int k = 0; k < count; ++k) one(packed_[static_cast<std::size_t>(items[k].metaball)], items[k].pieces);
  for (int i : unbounded_) one(packed_[static_cast<std::size_t>(i)], ~std::uint32_t(0));
  d += Vec3d(jetSum.x.a, jetSum.y.a, jetSum.z.a);
  for (int j = 0; j < 3; ++j) {
    jac.m[0][j] += jetSum.x.v[static_cast<std::size_t>(j)];
    jac.m[1][j] += jetSum.y.v[static_cast<std::size_t>(j)];
    jac.m[2][j] += jetSum.z.v[static_cast<std::size_t>(j)];
  }
}

void BatchDeformer::apply(std::span<Vec3d> points, std::span<Vec3d> normals) const {
  if (packed_.empty()) return;
  const bool withNormals = normals.size() == points.size();
  const long n = static_cast<long>(points.size());
  const bool hasGrid = dims_[0] > 0;
  const CellItem* items = cellItems_.data();
  const int* starts = cellStart_.data();
  Vec3d* pts = points.data();
  Vec3d* nrm = normals.data();
#pragma omp parallel for schedule(dynamic, 4096) if (n > 20000)
  for (long i = 0; i < n; ++i) {
    const Vec3d p = pts[i];
    const CellItem* cellItems = nullptr;
    int count = 0;
    if (hasGrid) {
      const double fx = (p.x - gridLo_.x) * invCell_.x, fy = (p.y - gridLo_.y) * invCell_.y, fz = (p.z - gridLo_.z) * invCell_.z;
      // Note the negated tests: NaN coordinates fall outside.
      if (fx >= 0.0 && fy >= 0.0 && fz >= 0.0 && fx < dims_[0] && fy < dims_[1] && fz < dims_[2]) {
        const int c = (static_cast<int>(fz) * dims_[1] + static_cast<int>(fy)) * dims_[0] + static_cast<int>(fx);
        cellItems = items + starts[c];
        count = starts[c + 1] - starts[c];
      }
    }
    if (count == 0 && unbounded_.empty()) continue;
    if (!withNormals) {
      const Vec3d d = displacement(p, p, cellItems, count);
      if (d.x != 0.0 || d.y != 0.0 || d.z != 0.0) pts[i] = p + d;
      continue;
    }
    Vec3d d;
    Mat3d jac = Mat3d::identity();
    displacementAndJacobian(p, cellItems, count, d, jac);
    pts[i] = p + d;
    // J^{-T} n, up to the positive factor 1/det: the cofactor keeps the direction (det > 0).
    const Vec3d nn = cofactor(jac) * nrm[i];
    const double len = norm(nn);
    if (len > 0.0) nrm[i] = nn * (determinant(jac) < 0.0 ? -1.0 / len : 1.0 / len);
  }
}

}  // namespace flexure::deform
