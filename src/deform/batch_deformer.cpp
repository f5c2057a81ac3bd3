#include "flexure/deform/batch_deformer.h"

#include <algorithm>
#include <cmath>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "flexure/core/parallel_for.h"
#include "flexure/deform/coordinate_bounds.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "block_chunks.h"
#include "simd_clones.h"

namespace flexure::deform {

void BatchDeformer::prepare(const MetaballDeformOperator& op, const std::vector<Metaball>& balls, const double* slots) {
  op.translationsWith(balls, slots, translations_);  // Eq. 8's dD_i, or the interpolating alpha_i, once per call
  packed_.resize(balls.size());
  unbounded_.clear();
  for (std::size_t i = 0; i < balls.size(); ++i) {
    const Metaball& mb = balls[i];
    const double* s = slots + op.slotOffset(static_cast<int>(i));
    Packed& m = packed_[i];
    m.skeleton = &mb.skeleton;
    m.bezier = std::get_if<BezierSkeleton>(&mb.skeleton);
    m.polygon = std::get_if<PolygonSkeleton>(&mb.skeleton);
    m.kind = mb.skeleton.index();
    const double radius = s[kSlotRadius];
    const Vec3d reach = Metaball::reach(s);
    m.invRadii = {1.0 / reach.x, 1.0 / reach.y, 1.0 / reach.z};
    // A Euclidean bound on |P - Q| inside the metaball: t >= |d_k| / R_k for every metric, and
    // t >= |d| / max R_k for L2 and L1.
    const double maxReach = std::max({reach.x, reach.y, reach.z});
    m.reach2 = (mb.metric == Metric::L2 || mb.metric == Metric::L1) ? maxReach * maxReach : squaredNorm(reach);
    m.frame = mb.hasFrame() ? &mb.frame() : nullptr;
    m.frameT = mb.hasFrame() ? &mb.frameTranspose() : nullptr;
    m.box = mb.influenceBox(s);
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
    m.closedForm = m.fastWyvill && !m.rotates && !m.scales && !m.frame && reach.x == reach.y && reach.y == reach.z;
    m.laneInfluence = m.fastWyvill && !m.rotates && !m.scales && !m.frame;
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
    // Curves: small cells keep few candidate pieces per cell (see candidatePieces).
    if (m.bezier) cell = std::min(cell, 0.35 * std::sqrt(m.reach2));
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
  // Pieces of a curve that can hold the nearest point, within reach, of some point of the cell
  // (bit k: piece k); all bits for other skeletons.
  auto pieceMask = [&](const Packed& m, int x, int y, int z) -> std::uint32_t {
    if (!m.bezier) return ~std::uint32_t(0);
    Bounds3 c;
    c.lo = gridLo_ + Vec3d(x * cellSize.x, y * cellSize.y, z * cellSize.z);
    c.hi = c.lo + cellSize;
    return m.bezier->candidatePieces(c, std::sqrt(m.reach2));
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
void BatchDeformer::accumulate(const Packed& m, const Vec3<S>& p, const Vec3d& pv, std::uint32_t pieces, Vec3<S>& sum,
                               BezierSkeleton::Hint* hint) const {
  Vec3<S> d;
  if (m.bezier) {
    // Curves search only within the metaball's reach (farther points have F = 0 anyway) and
    // only the pieces listed for the vertex's cell.
    Vec3d nearest;
    const double u0 = m.bezier->nearestParameter(pv, m.reach2, pieces, &nearest, hint);
    if (u0 < 0.0) return;
    if constexpr (std::is_same_v<S, double>) d = p - nearest;
    else d = m.bezier->offsetAt(p, u0);
  } else {
    d = offsetByIndex(*m.skeleton, m.kind, p);
  }
  addInfluence(m, p, d, sum);
}

template <class S>
void BatchDeformer::addInfluence(const Packed& m, const Vec3<S>& p, const Vec3<S>& d, Vec3<S>& sum) const {
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

template <class S, bool skipSimple>
Vec3<S> BatchDeformer::displacement(const Vec3<S>& p, const Vec3d& pv, const CellItem* items, int count, BezierSkeleton::Hint* hint) const {
  Vec3<S> sum(S(0.0), S(0.0), S(0.0));
  for (int k = 0; k < count; ++k) {
    const Packed& m = packed_[static_cast<std::size_t>(items[k].metaball)];
    if constexpr (skipSimple) {
      if (m.simplePoint) continue;
    } else if constexpr (std::is_same_v<S, double>) {
      if (m.simplePoint) {  // the common case, inline: F = w(r^2 / R^2), Eq. 3 and Eq. 8
        const double qx = (p.x - m.center.x) * m.invRadii.x, qy = (p.y - m.center.y) * m.invRadii.y,
                     qz = (p.z - m.center.z) * m.invRadii.z;
        const double x = qx * qx + qy * qy + qz * qz;
        if (x < 1.0) sum += m.translation * wyvillOfSquare(x);
        continue;
      }
    }
    if (!m.box.contains(pv)) continue;
    accumulate(m, p, pv, items[k].pieces, sum, hint);
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
// Metaballs of the common kind on any other skeleton (L2, Wyvill, isotropic radius, no inner
// radius, rotation, scale or frame) need no jets either: with d = P - Q(P) the offset to the
// nearest point of the skeleton, the squared distance has the gradient 2 d (the nearest point
// moves along the skeleton, perpendicular to d: the envelope theorem), so
//   x = |d|^2 / R^2,  grad F = w'(x) 2 d / R^2,  J += dD (grad F)^T,
// from the offset in doubles alone (for curves, the scalar search with the cell's pieces).
void BatchDeformer::displacementAndJacobian(const Vec3d& p, const CellItem* items, int count, Vec3d& d, Mat3d& jac,
                                            BezierSkeleton::Hint* hint, const RunOffsets* run, int lane, std::uint64_t skip) const {
  using J = Jet<double, 3>;
  const Vec3<J> pj(J(p.x, 0), J(p.y, 1), J(p.z, 2));
  Vec3<J> jetSum(J(0.0), J(0.0), J(0.0));
  d = {0, 0, 0};
  auto addGradient = [&](const Packed& m, const Vec3d& q, const Vec3d& gradScale) {
    const double x = squaredNorm(q);
    if (x >= 1.0) return;
    const double dw = (x * (-12.0 / 9.0) + 34.0 / 9.0) * x - 22.0 / 9.0;  // w'(x)
    const Vec3d grad = cwiseProduct(q, gradScale) * (2.0 * dw);
    d += m.translation * wyvillOfSquare(x);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) jac.m[r][c] += m.translation[r] * grad[c];
  };
  auto one = [&](const Packed& m, std::uint32_t pieces) {
    const auto index = static_cast<std::size_t>(&m - packed_.data());
    if (index < 64 && ((skip >> index) & 1u)) return;
    if (!m.box.contains(p)) return;
    if (m.closedForm && !m.simplePoint) {
      Vec3d offset;
      const int slot = run ? run->slotOf(static_cast<int>(&m - packed_.data())) : -1;
      if (slot >= 0) {  // computed in lanes for the whole run
        if (!run->found[slot][lane]) return;
        offset = {run->ox[slot][lane], run->oy[slot][lane], run->oz[slot][lane]};
      } else if (m.bezier) {
        Vec3d nearest;
        if (m.bezier->nearestParameter(p, m.reach2, pieces, &nearest, hint) < 0.0) return;
        offset = p - nearest;
      } else {
        offset = offsetByIndex(*m.skeleton, m.kind, p);
      }
      addGradient(m, offset * m.invRadii.x, m.invRadii);
      return;
    }
    if (m.simplePoint) {
      addGradient(m, cwiseProduct(p - m.center, m.invRadii), m.invRadii);
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

namespace {

constexpr int kBlock = 256;  // vertices per block: 6 coordinate arrays of 2 kB stay in L1
constexpr int kRun = BezierSkeleton::kRunLength;  // vertices per chunk of a block (block_chunks.h)
constexpr int kChunks = kBlock / kRun;
static_assert(kBlock % kRun == 0 && kChunks <= 32, "a block is a whole number of chunks, one bit each");

// The vertices [p, p + count) on their way into the core's L2 cache (prefetcht2) while the
// current block (or run, on the normals path) is worked: a block near a curve or a polygon
// takes long enough that the hardware's stream prefetcher, which runs only a little ahead of
// the reads, has fallen idle by the time the next block is read, whose first read then waits on
// memory. Into L2 rather than L1: 96 lines at once into L1 made blocks slower (issue 29's
// notes); L2 has room for them. The two-thread figures gained 2-4 % (Bezier, polygons, the Z).
void prefetchToL2(const Vec3d* p, int count) {
  if (p == nullptr) return;
  const char* bytes = reinterpret_cast<const char*>(p);
  const long size = static_cast<long>(count) * static_cast<long>(sizeof(Vec3d));
  for (long at = 0; at < size; at += 64) __builtin_prefetch(bytes + at, 0, 1);
}

// A point metaball of the common kind, as the SIMD loop reads it.
struct PointBump {
  double cx, cy, cz, ix, iy, iz, tx, ty, tz;  // centre, 1 / (R R_k), translation
};

PointBump pointBump(const Vec3d& centre, const Vec3d& invRadii, const Vec3d& translation) {
  return {centre.x, centre.y, centre.z, invRadii.x, invRadii.y, invRadii.z, translation.x, translation.y, translation.z};
}


// d += w(|q|^2) dD for every bump and vertex of the block (Eq. 8's sum), without branches.
// Eq. 3 in x = |q|^2 factors as w(x) = (1 - x)^2 (1 - 4x/9); with x clamped to 1 it is exactly
// 0 beyond R (Eq. 7), and a NaN coordinate clamps to 1 too and adds nothing.
FLEXURE_DEFORM_SIMD
void addPointBumps(const PointBump* bumps, int bumpCount, const double* __restrict xs, const double* __restrict ys,
                   const double* __restrict zs, double* __restrict dx, double* __restrict dy, double* __restrict dz, int n) {
  for (int b = 0; b < bumpCount; ++b) {
    const PointBump m = bumps[b];
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double qx = (xs[i] - m.cx) * m.ix, qy = (ys[i] - m.cy) * m.iy, qz = (zs[i] - m.cz) * m.iz;
      const double r2 = qx * qx + qy * qy + qz * qz;
      const double x = r2 < 1.0 ? r2 : 1.0;
      const double s = 1.0 - x;
      const double F = s * s * (1.0 - (4.0 / 9.0) * x);
      dx[i] += F * m.tx;
      dy[i] += F * m.ty;
      dz[i] += F * m.tz;
    }
  }
}

// The sums of chunk c of a block set to 0 before the first metaball adds to it, unless done
// (bit c of `cleared`): a chunk nothing reaches is neither cleared nor written back.
inline void clearChunkOnce(std::uint32_t& cleared, int c, int count, double* dx, double* dy, double* dz) {
  if ((cleared >> c) & 1u) return;
  cleared |= std::uint32_t(1) << c;
  const int s = c * kRun, n = std::min(kRun, count - s);
  std::fill(dx + s, dx + s + n, 0.0);
  std::fill(dy + s, dy + s + n, 0.0);
  std::fill(dz + s, dz + s + n, 0.0);
}

// A block only point metaballs reach (the 12-point Z): one lane loop over the whole block, then
// the whole block written back in lanes (writeBackMoved: unmoved vertices get their own bits
// back). The lines are in cache from the block's read, so writing them all costs less than a
// per-vertex test-and-write's unpredictable branches: one thread 3.9–4.9 -> 3.3–3.4 ms at 10^6
// vertices from memory (issue 29, fifth stop). Issue 29 also tried these blocks in chunks (each
// point metaball summed only over the chunks whose box it reaches): 15 % less time with the
// array in cache, but 7–9 % more with it in memory, so they keep one lane loop; and groups of
// eight written only when one of them moved, whose any-moved test GCC reduced through memory
// (25 % slower).
void addPointBumpsOnly(const PointBump* bumps, int bumpCount, Vec3d* pts, const double* xs, const double* ys, const double* zs, double* dx,
                       double* dy, double* dz, int count) {
  std::fill(dx, dx + count, 0.0);
  std::fill(dy, dy + count, 0.0);
  std::fill(dz, dz + count, 0.0);
  addPointBumps(bumps, bumpCount, xs, ys, zs, dx, dy, dz, count);
  writeBackMoved(pts, xs, ys, zs, dx, dy, dz, count);
}

// `found` flags of a run in which every vertex counts.
constexpr std::array<unsigned char, BezierSkeleton::kRunLength> kEveryLane = [] {
  std::array<unsigned char, BezierSkeleton::kRunLength> a{};
  for (auto& v : a) v = 1;
  return a;
}();

// The displacement d and J - I of a run of vertices, in lanes (row-major: j[3 r + c][i]).
struct NormalLanes {
  alignas(64) double d[3][BezierSkeleton::kRunLength];
  alignas(64) double j[9][BezierSkeleton::kRunLength];
  void clear(int n) {
    for (auto& a : d) std::fill(a, a + n, 0.0);
    for (auto& a : j) std::fill(a, a + n, 0.0);
  }
  void add(int i, const Vec3d& di, const Mat3d& ji) {
    for (int r = 0; r < 3; ++r) {
      d[r][i] += di[r];
      for (int c = 0; c < 3; ++c) j[3 * r + c][i] += ji.m[r][c];
    }
  }
};

// addPointBumps with the Jacobian, for the normals path: Eq. 8's sum and its derivative
// J - I = sum_i dD_i (grad F_i)^T, grad F_i = w'(x) 2 q / R_k (x = |q|^2, q the offset over the
// radii; Eq. 3 differentiated: w'(x) = -12/9 x^2 + 34/9 x - 22/9), position and Jacobian from
// the same q, w and w'. Beyond R (and for NaN) both are exactly 0 (Eq. 7).
// found[i] = 0 drops vertex i (kEveryLane: none dropped). With offsets given: one metaball
// whose offsets o = P - Q are xs, ys, zs (centre 0), for the closed-form gradient of extended skeletons (isotropic radius): the nearest point
// moves along the skeleton, perpendicular to o, so grad |o|^2 = 2 o (the envelope theorem).
FLEXURE_DEFORM_SIMD
void addBumpsWithJacobianInLanes(const PointBump* bumps, int bumpCount, const double* __restrict xs, const double* __restrict ys,
                                 const double* __restrict zs, const unsigned char* __restrict found, int n, double* __restrict dx,
                                 double* __restrict dy, double* __restrict dz, double* __restrict j00, double* __restrict j01,
                                 double* __restrict j02, double* __restrict j10, double* __restrict j11, double* __restrict j12,
                                 double* __restrict j20, double* __restrict j21, double* __restrict j22) {
  for (int b = 0; b < bumpCount; ++b) {
    const PointBump m = bumps[b];
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double qx = (xs[i] - m.cx) * m.ix, qy = (ys[i] - m.cy) * m.iy, qz = (zs[i] - m.cz) * m.iz;
      const double r2 = qx * qx + qy * qy + qz * qz;
      const double x = r2 < 1.0 ? r2 : 1.0;
      const double s = 1.0 - x;
      // w'(x) = (1 - x)(12/9 x - 22/9): exactly 0 at the clamped x = 1, like w.
      const double keep = found[i] != 0 ? 1.0 : 0.0;
      const double g = keep * 2.0 * s * ((12.0 / 9.0) * x - 22.0 / 9.0);
      const double F = keep * s * s * (1.0 - (4.0 / 9.0) * x);
      const double gx = qx * m.ix * g, gy = qy * m.iy * g, gz = qz * m.iz * g;
      dx[i] += F * m.tx;
      dy[i] += F * m.ty;
      dz[i] += F * m.tz;
      j00[i] += m.tx * gx;
      j01[i] += m.tx * gy;
      j02[i] += m.tx * gz;
      j10[i] += m.ty * gx;
      j11[i] += m.ty * gy;
      j12[i] += m.ty * gz;
      j20[i] += m.tz * gx;
      j21[i] += m.tz * gy;
      j22[i] += m.tz * gz;
    }
  }
}

inline void addPointBumpsWithJacobian(const PointBump* bumps, int bumpCount, const double* xs, const double* ys, const double* zs,
                                      NormalLanes& out, int n, const unsigned char* found) {
  addBumpsWithJacobianInLanes(bumps, bumpCount, xs, ys, zs, found, n, out.d[0], out.d[1], out.d[2], out.j[0], out.j[1], out.j[2], out.j[3],
                              out.j[4], out.j[5], out.j[6], out.j[7], out.j[8]);
}

// Whether a run query found anything within reach for some vertex of the run.
inline bool anyLaneFound(const unsigned char* found, int n) {
  unsigned char any = 0;
  for (int i = 0; i < n; ++i) any |= found[i];
  return any != 0;
}

// n' = cof(J) n / |cof(J) n|, negated where det J < 0 (= J^{-T} n normalized, the normal's
// transformation by the deformation's Jacobian), in lanes; moved[i]: d or J - I is not zero
// (a vertex nothing reaches keeps its position and normal). A zero cof(J) n keeps the normal.
FLEXURE_DEFORM_SIMD
void transformNormals(const NormalLanes& l, double* __restrict nx, double* __restrict ny, double* __restrict nz,
                      unsigned char* __restrict moved, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double a00 = 1.0 + l.j[0][i], a01 = l.j[1][i], a02 = l.j[2][i];
    const double a10 = l.j[3][i], a11 = 1.0 + l.j[4][i], a12 = l.j[5][i];
    const double a20 = l.j[6][i], a21 = l.j[7][i], a22 = 1.0 + l.j[8][i];
    const double c00 = a11 * a22 - a12 * a21, c01 = a12 * a20 - a10 * a22, c02 = a10 * a21 - a11 * a20;
    const double c10 = a21 * a02 - a22 * a01, c11 = a22 * a00 - a20 * a02, c12 = a20 * a01 - a21 * a00;
    const double c20 = a01 * a12 - a02 * a11, c21 = a02 * a10 - a00 * a12, c22 = a00 * a11 - a01 * a10;
    const double det = a00 * c00 + a01 * c01 + a02 * c02;
    const double mx = c00 * nx[i] + c01 * ny[i] + c02 * nz[i];
    const double my = c10 * nx[i] + c11 * ny[i] + c12 * nz[i];
    const double mz = c20 * nx[i] + c21 * ny[i] + c22 * nz[i];
    const double len = std::sqrt(mx * mx + my * my + mz * mz);
    const bool mv = (l.d[0][i] != 0.0) | (l.d[1][i] != 0.0) | (l.d[2][i] != 0.0) | (l.j[0][i] != 0.0) | (l.j[1][i] != 0.0) |
                    (l.j[2][i] != 0.0) | (l.j[3][i] != 0.0) | (l.j[4][i] != 0.0) | (l.j[5][i] != 0.0) | (l.j[6][i] != 0.0) |
                    (l.j[7][i] != 0.0) | (l.j[8][i] != 0.0);
    const bool ok = mv & (len > 0.0);
    const double inv = (det < 0.0 ? -1.0 : 1.0) / (ok ? len : 1.0);
    nx[i] = ok ? mx * inv : nx[i];
    ny[i] = ok ? my * inv : ny[i];
    nz[i] = ok ? mz * inv : nz[i];
    moved[i] = mv ? 1 : 0;
  }
}

// The offsets P - Q(P) of a run of vertices to a skeleton with a closed-form nearest point
// (section 3's formulas, each skeleton's offset()), one plain loop per skeleton type so that
// the simple ones vectorize.
template <class K>
[[gnu::always_inline]] inline void laneOffsetsOf(const K& s, const double* __restrict x, const double* __restrict y, const double* __restrict z, int n,
                          double* __restrict ox, double* __restrict oy, double* __restrict oz) {
  for (int i = 0; i < n; ++i) {
    const Vec3d o = s.offset(Vec3d(x[i], y[i], z[i]));
    ox[i] = o.x;
    oy[i] = o.y;
    oz[i] = o.z;
  }
}

// The alternative's loop, inlined into the caller (and so into its vector clones).
template <std::size_t I = 0>
[[gnu::always_inline]] inline void laneOffsetsByIndex(const Skeleton& s, const double* x, const double* y, const double* z, int n, double* ox,
                                                      double* oy, double* oz) {
  if (s.index() == I) {
    laneOffsetsOf(*std::get_if<I>(&s), x, y, z, n, ox, oy, oz);
    return;
  }
  if constexpr (I + 1 < std::variant_size_v<Skeleton>) laneOffsetsByIndex<I + 1>(s, x, y, z, n, ox, oy, oz);
}

FLEXURE_DEFORM_SIMD
void skeletonOffsetsInLanes(const Skeleton& skeleton, const double* x, const double* y, const double* z, int n, double* ox, double* oy,
                            double* oz) {
  laneOffsetsByIndex(skeleton, x, y, z, n, ox, oy, oz);
}

// The sphere surface's offsets (section 3.7: P - O minus R_C (P - O)/|P - O|; at the centre any
// point is nearest, offset() takes (-R_C, 0, 0)) in lanes, the centre case by a select.
FLEXURE_DEFORM_SIMD
void sphereOffsetLanes(const Vec3d& c, double radius, const double* __restrict xs, const double* __restrict ys,
                       const double* __restrict zs, int n, double* __restrict ox, double* __restrict oy, double* __restrict oz) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double vx = xs[i] - c.x, vy = ys[i] - c.y, vz = zs[i] - c.z;
    const double l2 = vx * vx + vy * vy + vz * vz;
    const bool off = l2 > 1e-300;  // false at the centre and for NaN, as offset's test
    const double k = radius / std::sqrt(off ? l2 : 1.0);
    const double sx = vx - vx * k, sy = vy - vy * k, sz = vz - vz * k;
    ox[i] = off ? sx : -radius;
    oy[i] = off ? sy : 0.0;
    oz[i] = off ? sz : 0.0;
  }
}

// The offsets P - Q of a run from the nearest points Q written into (ox, oy, oz), in lanes: as
// runOffsetsOf's own loop, which GCC left scalar (the arrays might overlap for all it knew), this
// was 2.4 % of a Bezier deformation's samples.
FLEXURE_DEFORM_SIMD
void offsetsFromNearest(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n,
                        double* __restrict ox, double* __restrict oy, double* __restrict oz) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    ox[i] = xs[i] - ox[i];
    oy[i] = ys[i] - oy[i];
    oz[i] = zs[i] - oz[i];
  }
}

// A metaball's share F dD of Eq. 8 from its offsets o = P - Q in lanes (fast Wyvill, no
// rotation, scale or frame): q = o / R_k, F = w(|q|^2) (Eq. 3), exactly 0 beyond R (Eq. 7), for
// NaN and where found[i] is 0 (nothing within reach).
FLEXURE_DEFORM_SIMD
void addOffsetBump(const PointBump& m, const double* __restrict ox, const double* __restrict oy, const double* __restrict oz,
                   const unsigned char* __restrict found, double* __restrict dx, double* __restrict dy, double* __restrict dz, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double qx = ox[i] * m.ix, qy = oy[i] * m.iy, qz = oz[i] * m.iz;
    const double r2 = qx * qx + qy * qy + qz * qz;
    const double x = r2 < 1.0 ? r2 : 1.0;
    const double s = 1.0 - x;
    const double F = found[i] != 0 ? s * s * (1.0 - (4.0 / 9.0) * x) : 0.0;
    dx[i] += F * m.tx;
    dy[i] += F * m.ty;
    dz[i] += F * m.tz;
  }
}

bool overlaps(const Bounds3& a, const Bounds3& b) {
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y && a.lo.z <= b.hi.z && b.lo.z <= a.hi.z;
}

}  // namespace

const BatchDeformer::CellItem* BatchDeformer::cellOf(const Vec3d& p, int& count) const {
  count = 0;
  if (dims_[0] == 0) return nullptr;
  const double fx = (p.x - gridLo_.x) * invCell_.x, fy = (p.y - gridLo_.y) * invCell_.y, fz = (p.z - gridLo_.z) * invCell_.z;
  // Note the negated tests: NaN coordinates fall outside.
  if (!(fx >= 0.0 && fy >= 0.0 && fz >= 0.0 && fx < dims_[0] && fy < dims_[1] && fz < dims_[2])) return nullptr;
  const int c = (static_cast<int>(fz) * dims_[1] + static_cast<int>(fy)) * dims_[0] + static_cast<int>(fx);
  count = cellStart_[static_cast<std::size_t>(c) + 1] - cellStart_[static_cast<std::size_t>(c)];
  return cellItems_.data() + cellStart_[static_cast<std::size_t>(c)];
}

bool BatchDeformer::blockMeetsItems(const Bounds3& box) const {
  if (dims_[0] == 0) return false;
  std::array<int, 3> lo{}, hi{};
  for (int k = 0; k < 3; ++k) {
    const int d = dims_[static_cast<std::size_t>(k)];
    // Cells touched by the box, widened by one so that rounding at a cell face cannot drop one.
    // (clamped as doubles first: infinite or NaN values must not reach the integer conversion).
    auto cellIndex = [&](double x, double widen) {
      const double f = std::floor((x - gridLo_[k]) * invCell_[k]) + widen;
      return f >= 0.0 ? static_cast<int>(std::min(f, double(d - 1))) : 0;
    };
    lo[static_cast<std::size_t>(k)] = cellIndex(box.lo[k], -1.0);
    hi[static_cast<std::size_t>(k)] = cellIndex(box.hi[k], 1.0);
  }
  for (int z = lo[2]; z <= hi[2]; ++z)
    for (int y = lo[1]; y <= hi[1]; ++y) {
      const int row = (z * dims_[1] + y) * dims_[0];
      if (cellStart_[static_cast<std::size_t>(row + hi[0]) + 1] != cellStart_[static_cast<std::size_t>(row + lo[0])]) return true;
    }
  return false;
}

void BatchDeformer::deformOneByOne(Vec3d* pts, int count) const {
  for (int i = 0; i < count; ++i) {
    const Vec3d p = pts[i];
    int n = 0;
    const CellItem* items = cellOf(p, n);
    if (n == 0 && unbounded_.empty()) continue;
    const Vec3d d = displacement(p, p, items, n);
    if (d.x != 0.0 || d.y != 0.0 || d.z != 0.0) pts[i] = p + d;
  }
}

void BatchDeformer::deformBlock(Vec3d* pts, int count, const Upcoming& next) const {
  if (count <= 0) return;
  alignas(64) double xs[kBlock], ys[kBlock], zs[kBlock], dx[kBlock], dy[kBlock], dz[kBlock];
  const Bounds3 box = splitCoordinates(pts, count, xs, ys, zs);  // NaN coordinates drop out
  prefetchToL2(next.points, next.count);
  if (box.empty()) return;  // nothing but NaN vertices: nothing moves them
  // The metaballs whose boxes meet the block's: simple points go to the SIMD loop, the rest
  // (and unbounded ones) are visited per vertex.
  std::array<PointBump, 64> bumps;
  int bumpCount = 0;
  bool others = false;
  // The other metaballs meeting the block; curves need their cells' piece masks, so with a
  // curve among them (or too many) the vertices look up their cells instead.
  std::array<const Packed*, 16> otherList;
  std::array<const Packed*, 16> runList;  // offsets computed a run at a time in lanes (addRuns)
  int otherCount = 0, runCount = 0;
  bool otherListed = true;
  auto consider = [&](const Packed& m) {
    if (!overlaps(m.box, box)) return true;
    if (!m.simplePoint) {
      others = true;
      if (runCount < static_cast<int>(runList.size())) runList[static_cast<std::size_t>(runCount++)] = &m;
      else if (m.bezier || otherCount == static_cast<int>(otherList.size())) otherListed = false;
      else otherList[static_cast<std::size_t>(otherCount++)] = &m;
      return true;
    }
    if (bumpCount == static_cast<int>(bumps.size())) return false;
    bumps[static_cast<std::size_t>(bumpCount++)] = pointBump(m.center, m.invRadii, m.translation);
    return true;
  };
  bool listed = true;
  if (packed_.size() <= bumps.size()) {
    for (const Packed& m : packed_) consider(m);
  } else {
    // Many metaballs: those listed in the grid cells the block's box covers (each once).
    for (int i : unbounded_) consider(packed_[static_cast<std::size_t>(i)]);
    if (dims_[0] > 0) {
      std::array<int, 3> cl{}, ch{};
      long cells = 1;
      for (int k = 0; k < 3; ++k) {
        const int d = dims_[static_cast<std::size_t>(k)];
        cl[static_cast<std::size_t>(k)] = std::clamp(static_cast<int>(std::floor((box.lo[k] - gridLo_[k]) * invCell_[k])), 0, d - 1);
        ch[static_cast<std::size_t>(k)] = std::clamp(static_cast<int>(std::floor((box.hi[k] - gridLo_[k]) * invCell_[k])), 0, d - 1);
        cells *= ch[static_cast<std::size_t>(k)] - cl[static_cast<std::size_t>(k)] + 1;
      }
      std::array<int, 64> seen;
      int seenCount = 0;
      listed = cells <= 64;
      for (int z = cl[2]; listed && z <= ch[2]; ++z)
        for (int y = cl[1]; listed && y <= ch[1]; ++y)
          for (int x = cl[0]; listed && x <= ch[0]; ++x) {
            const int c = (z * dims_[1] + y) * dims_[0] + x;
            for (int k = cellStart_[static_cast<std::size_t>(c)]; listed && k < cellStart_[static_cast<std::size_t>(c) + 1]; ++k) {
              const int mi = cellItems_[static_cast<std::size_t>(k)].metaball;
              if (std::find(seen.begin(), seen.begin() + seenCount, mi) != seen.begin() + seenCount) continue;
              if (seenCount == static_cast<int>(seen.size())) { listed = false; break; }
              seen[static_cast<std::size_t>(seenCount++)] = mi;
              listed = consider(packed_[static_cast<std::size_t>(mi)]);
            }
          }
    }
  }
  if (!listed) {  // an incoherent block (or a crowd of metaballs): vertex by vertex
    deformOneByOne(pts, count);
    return;
  }
  if (bumpCount == 0 && !others) return;
  if (!others) {
    addPointBumpsOnly(bumps.data(), bumpCount, pts, xs, ys, zs, dx, dy, dz, count);
    return;
  }
  // Other metaballs meet the block: its vertices in chunks of kRun (block_chunks.h), each with
  // its box (the runs' culling below).
  std::array<Bounds3, kChunks> chunkBox;
  const int chunks = (count + kRun - 1) / kRun;
  for (int c = 0; c < chunks; ++c) {
    const int s = c * kRun;
    chunkBox[static_cast<std::size_t>(c)] = coordinateBounds(xs + s, ys + s, zs + s, std::min(kRun, count - s));
  }
  std::uint32_t touched = 0;  // chunks whose sums are cleared and added to: only these are written back
  auto clearAll = [&] {
    for (int c = 0; c < chunks; ++c) clearChunkOnce(touched, c, count, dx, dy, dz);
  };
  if (bumpCount > 0) {
    clearAll();
    addPointBumps(bumps.data(), bumpCount, xs, ys, zs, dx, dy, dz, count);
  }
  if (others && otherListed) {
    if (otherCount > 0) clearAll();
    for (int i = 0; otherCount > 0 && i < count; ++i) {  // none listed (the common case): no pass over the vertices
      const Vec3d p(xs[i], ys[i], zs[i]);
      Vec3d d(0, 0, 0);
      for (int k = 0; k < otherCount; ++k)
        if (otherList[static_cast<std::size_t>(k)]->box.contains(p)) accumulate(*otherList[static_cast<std::size_t>(k)], p, p, ~std::uint32_t(0), d);
      dx[i] += d.x;
      dy[i] += d.y;
      dz[i] += d.z;
    }
    for (int k = 0; k < runCount; ++k) addRuns(*runList[static_cast<std::size_t>(k)], xs, ys, zs, dx, dy, dz, count, box, chunkBox.data(), touched);
    others = false;
  }
  // A block all of whose grid cells are empty (no curve piece reaches them) has nothing more
  // to add: skip the per-vertex cell lookups (most blocks around a curve's box).
  if (others && unbounded_.empty() && !blockMeetsItems(box)) others = false;
  if (others) clearAll();
  BezierSkeleton::Hint hint;  // consecutive vertices are neighbours: warm starts for curves
  for (int i = 0; others && i < count; ++i) {
    const Vec3d p(xs[i], ys[i], zs[i]);
    int n = 0;
    const CellItem* items = cellOf(p, n);
    if (n == 0 && unbounded_.empty()) continue;
    const Vec3d d = displacement<double, true>(p, p, items, n, &hint);
    dx[i] += d.x;
    dy[i] += d.y;
    dz[i] += d.z;
  }
  // Only the chunks something added to are written back (their unmoved vertices as read).
  for (int c = 0; c < chunks; ++c) {
    if (!((touched >> c) & 1u)) continue;
    const int s = c * kRun;
    writeBackMoved(pts + s, xs + s, ys + s, zs + s, dx + s, dy + s, dz + s, std::min(kRun, count - s));
  }
}

// The offsets P - Q of a curve or planar-polygon metaball for a run of vertices (box: the run's
// box), in lanes: a curve takes the run's candidate pieces from the box (as a grid cell's) and
// answers the whole run (nearestPointsOfRun; found[i] = 0 where nothing lies within reach); a
// polygon computes the offsets edge by edge (offsetsOfRun). False, for a polygon that is not
// planar: its offsets are then computed one point at a time.
bool BatchDeformer::runOffsetsOf(const Packed& m, const double* x, const double* y, const double* z, int n, const Bounds3& box, double* ox,
                                 double* oy, double* oz, unsigned char* found, BezierSkeleton::Hint* hint) const {
  if (m.bezier) {
    const std::uint32_t pieces = m.bezier->candidatePieces(box, std::sqrt(m.reach2));
    if (pieces == 0) {
      std::fill(found, found + n, static_cast<unsigned char>(0));
      return true;
    }
    m.bezier->nearestPointsOfRun(x, y, z, n, m.reach2, pieces, ox, oy, oz, found, hint, &box);
    offsetsFromNearest(x, y, z, n, ox, oy, oz);  // offsets P - R(u*)
    return true;
  }
  if (m.polygon) {
    const auto result = m.polygon->offsetsOfRunWithin(x, y, z, n, m.reach2, ox, oy, oz);
    if (result == PolygonSkeleton::RunResult::kNotPlanar) return false;
    // Beyond reach: F = 0 for every vertex (Eq. 7), as a curve's run with nothing found.
    std::fill(found, found + n, static_cast<unsigned char>(result == PolygonSkeleton::RunResult::kOffsets ? 1 : 0));
    return true;
  }
  if (const auto* polyline = std::get_if<PolylineSkeleton>(m.skeleton)) {
    const bool near = polyline->offsetsOfRunWithin(x, y, z, n, box, m.reach2, ox, oy, oz);
    std::fill(found, found + n, static_cast<unsigned char>(near ? 1 : 0));  // beyond reach: F = 0 (Eq. 7)
    return true;
  }
  if (const auto* circle = std::get_if<CircleSkeleton>(m.skeleton)) {
    circle->offsetsOfRun(x, y, z, n, ox, oy, oz);
  } else if (const auto* sphere = std::get_if<SphereSkeleton>(m.skeleton)) {
    sphereOffsetLanes(sphere->center, sphere->radius, x, y, z, n, ox, oy, oz);
  } else {
    skeletonOffsetsInLanes(*m.skeleton, x, y, z, n, ox, oy, oz);
  }
  std::fill(found, found + n, static_cast<unsigned char>(1));
  return true;
}

// A Bezier or planar polygon metaball over a block, a run of BezierSkeleton::kRunLength vertices
// at a time: the run's offsets in lanes (runOffsetsOf), then each vertex within reach adds its
// displacement. blockBox: the box of the block's vertices.
void BatchDeformer::addRuns(const Packed& m, const double* xs, const double* ys, const double* zs, double* dx, double* dy, double* dz,
                            int count, const Bounds3& blockBox, const Bounds3* runBoxes, std::uint32_t& cleared) const {
  // A curve none of whose pieces' spheres comes within reach of the block's box has no candidate
  // piece for any of its runs (a run's box lies inside the block's): one test for the block
  // instead of candidatePieces per run (most blocks in a curve's box).
  if (m.bezier && !m.bezier->reachesBox(blockBox, std::sqrt(m.reach2))) return;
  BezierSkeleton::Hint hint;  // warm starts for the vertices the lanes do not settle
  alignas(64) double ox[kRun], oy[kRun], oz[kRun];
  unsigned char found[kRun];
  for (int start = 0; start < count; start += kRun) {
    const int n = std::min(kRun, count - start);
    const double* x = xs + start;
    const double* y = ys + start;
    const double* z = zs + start;
    const Bounds3& run = runBoxes[start / kRun];  // the block's chunks are its runs
    if (!overlaps(m.box, run)) continue;
    const bool lanes = runOffsetsOf(m, x, y, z, n, run, ox, oy, oz, found, &hint);
    if (lanes && !anyLaneFound(found, n)) continue;  // nothing within reach (most runs near a curve's box)
    clearChunkOnce(cleared, start / kRun, count, dx, dy, dz);
    if (lanes && m.laneInfluence) {
      const PointBump bump = pointBump({0, 0, 0}, m.invRadii, m.translation);  // offsets are P - Q: centre 0
      addOffsetBump(bump, ox, oy, oz, found, dx + start, dy + start, dz + start, n);
      continue;
    }
    for (int i = 0; i < n; ++i) {
      if (lanes && !found[i]) continue;
      const Vec3d p(x[i], y[i], z[i]);
      if (!m.box.contains(p)) continue;
      Vec3d d(0, 0, 0);
      if (lanes) addInfluence(m, p, Vec3d(ox[i], oy[i], oz[i]), d);
      else accumulate(m, p, p, ~std::uint32_t(0), d);  // a polygon that is not planar: one point at a time
      dx[start + i] += d.x;
      dy[start + i] += d.y;
      dz[start + i] += d.z;
    }
  }
}

void BatchDeformer::apply(std::span<Vec3d> points, std::span<Vec3d> normals) const {
  if (packed_.empty()) return;
  const long n = static_cast<long>(points.size());
  Vec3d* pts = points.data();
  // Threads: OpenMP's setting (OMP_NUM_THREADS, omp_set_num_threads), one below 20 000 vertices;
  // the loop itself is parallelFor, whose caller never waits for a helper that has not started.
#ifdef _OPENMP
  const int threads = n > 20000 ? omp_get_max_threads() : 1;
#else
  const int threads = 1;
#endif
  if (normals.size() != points.size()) {
    const long blocks = (n + kBlock - 1) / kBlock;
    parallelFor(blocks, 8, threads, [&](long begin, long end) {
      for (long b = begin; b < end; ++b) {
        auto countOf = [&](long block) { return static_cast<int>(std::clamp<long>(n - block * kBlock, 0, kBlock)); };
        const Upcoming next{b + 1 < blocks ? pts + (b + 1) * kBlock : nullptr, nullptr, countOf(b + 1)};
        deformBlock(pts + b * kBlock, countOf(b), next);
      }
    });
    return;
  }
  Vec3d* nrm = normals.data();
  parallelFor(n, 4096, threads, [&](long begin, long end) {
    BezierSkeleton::Hint hint;  // consecutive vertices are neighbours: warm starts for curves
    RunOffsets run;
    for (long r0 = begin; r0 < end; r0 += kRun) {
      const int nextCount = static_cast<int>(std::clamp<long>(end - r0 - kRun, 0, kRun));
      const Upcoming next{nextCount > 0 ? pts + r0 + kRun : nullptr, nextCount > 0 ? nrm + r0 + kRun : nullptr, nextCount};
      deformNormalsRun(pts + r0, nrm + r0, static_cast<int>(std::min<long>(kRun, end - r0)), run, &hint, next);
    }
  });
}

void BatchDeformer::deformNormalsOneByOne(Vec3d* pts, Vec3d* nrm, int count, const double* xs, const double* ys, const double* zs,
                                          RunOffsets& run, BezierSkeleton::Hint* hint) const {
  runOffsets(xs, ys, zs, count, run, hint);
  for (int i = 0; i < count; ++i) {
    const Vec3d p = pts[i];
    int cellCount = 0;
    const CellItem* cellItems = cellOf(p, cellCount);
    if (cellCount == 0 && unbounded_.empty()) continue;
    Vec3d d;
    Mat3d jac = Mat3d::identity();
    displacementAndJacobian(p, cellItems, cellCount, d, jac, hint, &run, i);
    pts[i] = p + d;
    // J^{-T} n, up to the positive factor 1/det: the cofactor keeps the direction (det > 0).
    const Vec3d nn = cofactor(jac) * nrm[i];
    const double len = norm(nn);
    if (len > 0.0) nrm[i] = nn * (determinant(jac) < 0.0 ? -1.0 / len : 1.0 / len);
  }
}

void BatchDeformer::deformNormalsRun(Vec3d* pts, Vec3d* nrm, int count, RunOffsets& run, BezierSkeleton::Hint* hint,
                                     const Upcoming& next) const {
  alignas(64) double xs[kRun], ys[kRun], zs[kRun];
  const Bounds3 box = splitCoordinates(pts, count, xs, ys, zs);
  if (box.empty()) {  // nothing but NaN vertices: only unbounded metaballs can reach them
    if (!unbounded_.empty()) deformNormalsOneByOne(pts, nrm, count, xs, ys, zs, run, hint);
    return;
  }
  // Cull first: the simple point metaballs whose boxes meet the run's go to the lanes; any
  // other metaball meeting it (or an unbounded one) sends the run's vertices through their cells.
  std::array<PointBump, 64> bumps;
  int bumpCount = 0;
  bool others = false;  // unbounded metaballs meet every run: they are sorted below like the rest
  if (packed_.size() > bumps.size()) {
    deformNormalsOneByOne(pts, nrm, count, xs, ys, zs, run, hint);
    return;
  }
  // Closed-form metaballs of other skeletons: their offsets in lanes, then F and grad F from
  // them in lanes too (at most kLaneMax a run; the rest per vertex).
  constexpr int kLaneMax = 8;
  std::array<const Packed*, kLaneMax> laneList;
  int laneCount = 0;
  std::uint64_t inLanes = 0;  // bit i: metaball i is added in lanes
  for (const Packed& m : packed_) {
    if (!overlaps(m.box, box)) continue;
    if (m.simplePoint) {
      bumps[static_cast<std::size_t>(bumpCount++)] = pointBump(m.center, m.invRadii, m.translation);
    } else if (m.closedForm && laneCount < kLaneMax) {
      laneList[static_cast<std::size_t>(laneCount++)] = &m;
    } else {
      others = true;
    }
  }
  if (bumpCount == 0 && laneCount == 0 && !others) return;  // nothing reaches the run: positions and normals stay
  // A run that more than point metaballs reach takes long enough for the next one's vertices
  // and normals to be prefetched (prefetchToL2); a run of points only is quick, and the
  // prefetches made the 12-point Z slower.
  if (laneCount > 0 || others) {
    prefetchToL2(next.points, next.count);
    prefetchToL2(next.normals, next.count);
  }
  // The lanes are cleared when the first metaball adds to them: a run that only lane metaballs
  // with nothing within reach meet (most runs in a curve's box) stays as it is, unread further.
  NormalLanes lanes;
  bool cleared = false;
  if (bumpCount > 0) {
    lanes.clear(count);
    cleared = true;
    addPointBumpsWithJacobian(bumps.data(), bumpCount, xs, ys, zs, lanes, count, kEveryLane.data());
  }
  for (int k = 0; k < laneCount; ++k) {
    const Packed& m = *laneList[static_cast<std::size_t>(k)];
    alignas(64) double ox[kRun], oy[kRun], oz[kRun];
    alignas(64) unsigned char found[kRun];
    if (!runOffsetsOf(m, xs, ys, zs, count, box, ox, oy, oz, found, hint)) {
      others = true;  // a polygon that is not planar: per vertex
      continue;
    }
    inLanes |= std::uint64_t(1) << static_cast<unsigned>(&m - packed_.data());
    if (!anyLaneFound(found, count)) continue;  // adds nothing
    if (!cleared) {
      lanes.clear(count);
      cleared = true;
    }
    const PointBump bump{0, 0, 0, m.invRadii.x, m.invRadii.y, m.invRadii.z, m.translation.x, m.translation.y, m.translation.z};
    addPointBumpsWithJacobian(&bump, 1, ox, oy, oz, lanes, count, found);
  }
  if (others && !cleared) {
    lanes.clear(count);
    cleared = true;
  }
  if (!cleared) return;  // no metaball reached a vertex of the run: positions and normals stay
  if (others) {
    runOffsets(xs, ys, zs, count, run, hint);
    // Simple points and the metaballs added in lanes are left out.
    std::uint64_t skip = inLanes;
    for (std::size_t b = 0; b < packed_.size(); ++b)
      if (packed_[b].simplePoint) skip |= std::uint64_t(1) << b;
    for (int i = 0; i < count; ++i) {
      const Vec3d p(xs[i], ys[i], zs[i]);
      int cellCount = 0;
      const CellItem* cellItems = cellOf(p, cellCount);
      if (cellCount == 0 && unbounded_.empty()) continue;
      Vec3d d;
      Mat3d jac{};  // the metaballs' share of J - I
      displacementAndJacobian(p, cellItems, cellCount, d, jac, hint, &run, i, skip);
      lanes.add(i, d, jac);
    }
  }
  alignas(64) double nx[kRun], ny[kRun], nz[kRun];
  alignas(64) unsigned char moved[kRun];
  for (int i = 0; i < count; ++i) {
    nx[i] = nrm[i].x;
    ny[i] = nrm[i].y;
    nz[i] = nrm[i].z;
  }
  transformNormals(lanes, nx, ny, nz, moved, count);
  for (int i = 0; i < count; ++i)
    if (moved[i]) {
      pts[i] = Vec3d(xs[i] + lanes.d[0][i], ys[i] + lanes.d[1][i], zs[i] + lanes.d[2][i]);
      nrm[i] = Vec3d(nx[i], ny[i], nz[i]);
    }
}

// For the normals path: the offsets of the closed-form curve and planar-polygon metaballs whose
// boxes meet the run's, in lanes (as addRuns computes them for positions). A curve none of whose
// pieces reaches the run is registered with nothing found, so its vertices skip the search.
void BatchDeformer::runOffsets(const double* xs, const double* ys, const double* zs, int n, RunOffsets& out,
                               BezierSkeleton::Hint* hint) const {
  out.count = 0;
  const Bounds3 box = coordinateBounds(xs, ys, zs, n);
  if (box.empty()) return;
  for (std::size_t i = 0; i < packed_.size() && out.count < RunOffsets::kMax; ++i) {
    const Packed& m = packed_[i];
    if (!m.closedForm || !(m.bezier || m.polygon) || !overlaps(m.box, box)) continue;
    const auto slot = static_cast<std::size_t>(out.count);
    if (!runOffsetsOf(m, xs, ys, zs, n, box, out.ox[slot], out.oy[slot], out.oz[slot], out.found[slot], hint)) continue;
    out.metaball[slot] = static_cast<int>(i);
    ++out.count;
  }
}

}  // namespace flexure::deform
