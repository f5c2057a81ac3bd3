// Eqs. 5-8 and section 5: the metaball-deform operator.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"
#include "flexure/deform/figure_setups.h"
#include "flexure/deform/grid_mesh_primitive.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "skeleton_sampling.h"

using namespace flexure;
using namespace flexure::deform;

namespace {

// Slot values of an operator without a scene: defaults, then edits by name.
struct Slots {
  const MetaballDeformOperator& op;
  std::vector<double> values;
  explicit Slots(const MetaballDeformOperator& o) : op(o) {
    for (const ParamSpec& s : op.parameterSpecs()) values.push_back(s.defaultValue);
  }
  void set(int metaball, const std::string& slot, double v) {
    const std::vector<ParamSpec> specs = op.parameterSpecs();
    const std::string name = std::to_string(metaball) + "." + slot;
    for (std::size_t i = 0; i < specs.size(); ++i)
      if (specs[i].name == name) { values[i] = v; return; }
    FAIL("no slot " << name);
  }
  void displacement(int i, const Vec3d& d) { set(i, "dx", d.x); set(i, "dy", d.y); set(i, "dz", d.z); }
  Vec3d apply(const Vec3d& x) const { return op.deform(values.data(), x); }
};

Metaball ball(const Skeleton& s) {
  Metaball m;
  m.skeleton = s;
  return m;
}

bool close(const Vec3d& a, const Vec3d& b, double tol) { return norm(a - b) <= tol; }

// An n × n sheet over [−half, half]² with heights z(column, row), in grid order (coherent runs:
// the lane paths) and shuffled (scattered runs).
struct SheetOrders {
  std::vector<Vec3d> grid, scattered;
};
SheetOrders sheetOrders(int n, double half, const std::function<double(int, int)>& z, unsigned seed) {
  SheetOrders out;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      out.grid.emplace_back(-half + 2 * half * x / (n - 1.0), -half + 2 * half * y / (n - 1.0), z(x, y));
  out.scattered = out.grid;
  std::shuffle(out.scattered.begin(), out.scattered.end(), std::mt19937(seed));
  return out;
}

// The batch paths (positions alone, and with normals: normalAt(i) at point i) against the
// straightforward per-point evaluation: how many points fail it (positions to 1e-12 relative,
// normals to 1e-9), how many move, and how many do not and stay as they were bit for bit.
struct PerPointComparison {
  int failed = 0, moved = 0, still = 0;
};
PerPointComparison compareWithPerPoint(const MetaballDeformOperator& op, const Slots& slots,
                                       const std::vector<Vec3d>& points, const std::function<Vec3d(std::size_t)>& normalAt) {
  std::vector<Vec3d> positions = points, withNormals = points;
  std::vector<Vec3d> normals(points.size());
  for (std::size_t i = 0; i < normals.size(); ++i) normals[i] = normalAt(i);
  const std::vector<Vec3d> restNormals = normals;
  op.applyBatchFromSlots(slots.values.data(), positions, {});
  op.applyBatchFromSlots(slots.values.data(), withNormals, normals);
  PerPointComparison c;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Vec3d& p = points[i];
    const Vec3d expected = slots.apply(p);
    const Vec3d n = normalized(inverseTranspose(op.jacobianFromSlots(slots.values.data(), p)) * restNormals[i]);
    const double scale = 1.0 + norm(expected);
    c.failed += !(norm(positions[i] - expected) <= 1e-12 * scale && norm(withNormals[i] - expected) <= 1e-12 * scale &&
                  norm(normals[i] - n) <= 1e-9);
    const bool moves = norm(expected - p) > 0.0;
    c.moved += moves;
    c.still += !moves && positions[i].x == p.x && positions[i].y == p.y && positions[i].z == p.z &&
               normals[i].x == restNormals[i].x && normals[i].y == restNormals[i].y && normals[i].z == restNormals[i].z;
  }
  return c;
}

}  // namespace

TEST_CASE("points on every skeleton move by exactly their displacement (Eq. 6)", "[deform]") {
  for (const Skeleton& skeleton : testing::exampleSkeletons()) {
    INFO("skeleton " << skeletonType(skeleton));
    MetaballDeformOperator op;
    op.addMetaball(ball(skeleton));
    Slots slots(op);
    const Vec3d dD(0.1, -0.2, 0.15);
    slots.displacement(0, dD);
    slots.set(0, "radius", 0.3);
    const std::vector<Vec3d> onSkeleton = testing::sampleSkeleton(skeleton, 0.1, {0.1, 0.2, 0.0}, 0.5);
    REQUIRE(!onSkeleton.empty());
    for (const Vec3d& p : onSkeleton) CHECK(close(slots.apply(p), p + dD, 1e-12));
  }
}

TEST_CASE("points beyond the effective radius do not move (Eq. 7)", "[deform]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> coord(-1.5, 1.5);
  for (const Skeleton& skeleton : testing::exampleSkeletons()) {
    INFO("skeleton " << skeletonType(skeleton));
    for (Metric metric : {Metric::L2, Metric::L1, Metric::LInf}) {
      Metaball m = ball(skeleton);
      m.metric = metric;
      MetaballDeformOperator op;
      op.addMetaball(m);
      Slots slots(op);
      slots.displacement(0, {0.3, 0.2, -0.1});
      slots.set(0, "radius", 0.25);
      slots.set(0, "angle", 0.7);
      slots.set(0, "sx", 1.4);
      int outside = 0;
      for (int q = 0; q < 300; ++q) {
        const Vec3d p(coord(rng), coord(rng), coord(rng));
        // r measured in the metaball's metric (Linf reaches farther than L2, L1 less far).
        const double r = 0.25 * normalizedDistance(metric, skeletonOffset(skeleton, p) * (1.0 / 0.25), 0.0);
        const Vec3d y = slots.apply(p);
        if (r > 0.25) {
          ++outside;
          CHECK(y.x == p.x);
          CHECK(y.y == p.y);
          CHECK(y.z == p.z);
        }
      }
      CHECK(outside > 50);
    }
  }
}

TEST_CASE("a disjoint set of constraints satisfies every constraint (section 2)", "[deform]") {
  const std::vector<Skeleton> examples = testing::exampleSkeletons();
  // Four bounded skeletons placed far apart, radii smaller than the gaps.
  const std::vector<int> picks = {0, 1, 5, 12};  // point, segment, bezier, box
  const std::vector<Vec3d> shifts = {{-3, 0, 0}, {0, 3, 0}, {3, 0, 0}, {0, -3, 0}};
  MetaballDeformOperator op;
  std::vector<Skeleton> placed;
  for (std::size_t k = 0; k < picks.size(); ++k) {
    Skeleton s = examples[static_cast<std::size_t>(picks[k])];
    std::visit([&](auto& sk) {
      using K = std::decay_t<decltype(sk)>;
      if constexpr (std::is_same_v<K, PointSkeleton>) sk.center += shifts[k];
      if constexpr (std::is_same_v<K, SegmentSkeleton>) { sk.a += shifts[k]; sk.b += shifts[k]; }
      if constexpr (std::is_same_v<K, BezierSkeleton>) for (Vec3d& c : sk.controlPoints) c += shifts[k];
      if constexpr (std::is_same_v<K, BoxSkeleton>) sk.center += shifts[k];
    }, s);
    prepareSkeleton(s);
    placed.push_back(s);
    op.addMetaball(ball(s));
  }
  Slots slots(op);
  const std::vector<Vec3d> dD = {{0.2, 0, 0}, {0, 0.3, 0.1}, {-0.1, 0.1, 0.4}, {0.05, -0.2, 0}};
  for (int i = 0; i < 4; ++i) {
    slots.displacement(i, dD[static_cast<std::size_t>(i)]);
    slots.set(i, "radius", 0.8);
  }
  for (int i = 0; i < 4; ++i)
    for (const Vec3d& p : testing::sampleSkeleton(placed[static_cast<std::size_t>(i)], 0.1, {0, 0, 0}, 0.0))
      CHECK(close(slots.apply(p), p + dD[static_cast<std::size_t>(i)], 1e-12));
}

TEST_CASE("overlapping point constraints: Eq. 8 blends, the interpolating blend meets them exactly", "[deform]") {
  MetaballDeformOperator op;
  const std::vector<Vec3d> centers = {{0, 0, 0}, {0.2, 0, 0}, {0.1, 0.15, 0}};
  for (const Vec3d& c : centers) {
    PointSkeleton p;
    p.center = c;
    op.addMetaball(ball(p));
  }
  Slots slots(op);
  const std::vector<Vec3d> dD = {{0, 0, 0.3}, {0, 0, -0.2}, {0.1, 0, 0.1}};
  for (int i = 0; i < 3; ++i) {
    slots.displacement(i, dD[static_cast<std::size_t>(i)]);
    slots.set(i, "radius", 0.35);
  }
  // Eq. 8 sums the bumps: each centre also feels its neighbours (the paper's remark).
  CHECK(norm(slots.apply(centers[0]) - (centers[0] + dD[0])) > 0.05);
  op.setBlendMode(BlendMode::Interpolate);
  for (int i = 0; i < 3; ++i) CHECK(close(slots.apply(centers[static_cast<std::size_t>(i)]), centers[static_cast<std::size_t>(i)] + dD[static_cast<std::size_t>(i)], 1e-12));
  // Still local: beyond every radius nothing moves.
  const Vec3d far(1.0, 1.0, 0.0);
  CHECK(slots.apply(far).x == far.x);
}

TEST_CASE("rotation and scale reproduce the rigid motion inside R_U (section 5)", "[deform]") {
  SphereVolumeSkeleton s;
  s.center = {0.2, -0.1, 0.3};
  s.radius = 0.25;
  MetaballDeformOperator op;
  op.addMetaball(ball(s));
  Slots slots(op);
  const double angle = -120.0 * M_PI / 180.0;
  const Vec3d axis(std::sqrt(0.5), std::sqrt(0.5), 0.0);
  const Vec3d scale(1.5, 0.8, 1.2), dD(0.2, 0.0, 0.1);
  slots.displacement(0, dD);
  slots.set(0, "radius", 1.0);
  slots.set(0, "inner", 0.5);
  slots.set(0, "angle", angle);
  slots.set(0, "ax", axis.x);
  slots.set(0, "ay", axis.y);
  slots.set(0, "az", axis.z);
  slots.set(0, "sx", scale.x);
  slots.set(0, "sy", scale.y);
  slots.set(0, "sz", scale.z);
  const Mat3d rot = toMatrix(Quatd::fromAxisAngle(axis, angle));
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> coord(-0.8, 0.8);
  int inside = 0;
  for (int q = 0; q < 400; ++q) {
    const Vec3d p = s.center + Vec3d(coord(rng), coord(rng), coord(rng));
    if (norm(skeletonOffset(Skeleton(s), p)) > 0.5) continue;  // within R_U of the skeleton
    ++inside;
    // M = T S R about the pivot (the sphere's centre).
    const Vec3d expected = s.center + dD + cwiseProduct(scale, rot * (p - s.center));
    CHECK(close(slots.apply(p), expected, 1e-12));
  }
  CHECK(inside > 50);
  // Beyond R_U the rotation fades with F: the angle is theta F (a twist, not a rigid motion).
  const Vec3d p = s.center + Vec3d(0.9, 0.0, 0.0);
  CHECK_FALSE(close(slots.apply(p), s.center + dD + cwiseProduct(scale, rot * (p - s.center)), 1e-3));
}

namespace {
// Operator with one metaball of every skeleton type, mixed metrics and potentials, rotation
// and scale: exercises every branch of the per-point and batch paths.
std::unique_ptr<MetaballDeformOperator> everythingOperator(std::vector<double>& values) {
  auto op = std::make_unique<MetaballDeformOperator>();
  const std::vector<Skeleton> examples = testing::exampleSkeletons();
  for (std::size_t i = 0; i < examples.size(); ++i) {
    Metaball m = ball(examples[i]);
    m.metric = static_cast<Metric>(i % 4);
    if (i % 3 == 1) {
      m.potential = PotentialKind::Bezier;
      m.bezierDegree = 4;
    }
    if (i % 3 == 2) {  // an oriented local frame (Fig. 12) for scale and anisotropic radii
      m.frameAxis = {1.0, 2.0, 0.5};
      m.frameAngle = 35.0;
    }
    op->addMetaball(m);
  }
  Slots slots(*op);
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> small(-0.05, 0.05);
  for (int i = 0; i < static_cast<int>(examples.size()); ++i) {
    slots.displacement(i, {small(rng), small(rng), small(rng)});
    slots.set(i, "radius", 0.3 + 0.02 * i);
    slots.set(i, "rx", 1.2);
    slots.set(i, "rz", 0.8);
    slots.set(i, "u", 0.4);
    if (i % 2 == 0) {
      slots.set(i, "angle", 0.3 * small(rng) * 10);
      slots.set(i, "ax", 0.3);
      slots.set(i, "ay", -0.5);
      slots.set(i, "az", 1.0);
      slots.set(i, "sy", 1.1);
    }
    if (i % 5 == 0) slots.set(i, "inner", 0.05);
  }
  values = slots.values;
  return op;
}
}  // namespace

TEST_CASE("applyBatch equals per-point apply, normals included", "[deform][batch]") {
  std::vector<double> values;
  auto op = everythingOperator(values);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> coord(-1.2, 1.2);
  const int n = 30000;  // above the threshold of the parallel loop
  std::vector<Vec3d> points(n), normals(n), batch, batchNormals;
  for (int i = 0; i < n; ++i) {
    points[static_cast<std::size_t>(i)] = {coord(rng), coord(rng), coord(rng)};
    normals[static_cast<std::size_t>(i)] = normalized(Vec3d(coord(rng), coord(rng), coord(rng)));
  }
  batch = points;
  op->applyBatchFromSlots(values.data(), batch, {});
  batchNormals = normals;
  std::vector<Vec3d> batch2 = points;
  op->applyBatchFromSlots(values.data(), batch2, batchNormals);
  int moved = 0;
  for (int i = 0; i < n; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    const Vec3d expected = op->deform(values.data(), points[k]);
    moved += norm(expected - points[k]) > 0.0;
    CHECK(close(batch[k], expected, 1e-12));
    CHECK(close(batch2[k], expected, 1e-12));
    const Vec3d nExpected = normalized(inverseTranspose(op->jacobianFromSlots(values.data(), points[k])) * normals[k]);
    CHECK(close(batchNormals[k], nExpected, 1e-9));
  }
  CHECK(moved > n / 10);
}

TEST_CASE("the block path: many metaballs, coherent and scattered vertex orders, NaN vertices", "[deform][batch]") {
  // 80 point metaballs (more than a block lists directly: gathered through the grid) and a
  // segment; vertices first in grid order (small block boxes), then shuffled (large ones).
  MetaballDeformOperator op;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  for (int i = 0; i < 80; ++i) {
    PointSkeleton p;
    p.center = {coord(rng), coord(rng), 0.05 * coord(rng)};
    op.addMetaball(ball(p));
  }
  SegmentSkeleton seg;
  seg.a = {-0.8, -0.2, 0};
  seg.b = {0.7, 0.4, 0};
  op.addMetaball(ball(seg));
  Slots slots(op);
  for (int i = 0; i <= 80; ++i) {
    slots.displacement(i, {0.01 * coord(rng), 0.01 * coord(rng), 0.1});
    slots.set(i, "radius", 0.12 + 0.05 * (1 + coord(rng)));
  }
  std::vector<Vec3d> points;
  for (int y = 0; y < 160; ++y)
    for (int x = 0; x < 160; ++x) points.emplace_back(-1.1 + 2.2 * x / 159.0, -1.1 + 2.2 * y / 159.0, 0.0);
  for (int order = 0; order < 2; ++order) {
    if (order == 1) std::shuffle(points.begin(), points.end(), rng);
    std::vector<Vec3d> batch = points;
    batch[300] = {std::nan(""), 0.0, 0.0};
    op.applyBatchFromSlots(slots.values.data(), batch, {});
    CHECK(std::isnan(batch[300].x));
    CHECK(batch[300].y == 0.0);
    CHECK(batch[300].z == 0.0);
    int moved = 0;
    for (std::size_t k = 0; k < points.size(); ++k) {
      if (k == 300) continue;
      const Vec3d expected = slots.apply(points[k]);
      moved += norm(expected - points[k]) > 0.0;
      CHECK(close(batch[k], expected, 1e-12));
    }
    CHECK(moved > static_cast<int>(points.size()) / 4);
  }
}

TEST_CASE("deformed normals equal finite differences of the deformed surface", "[deform][normals]") {
  std::vector<double> values;
  auto op = everythingOperator(values);
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> coord(-0.9, 0.9);
  int compared = 0;
  for (int q = 0; q < 300; ++q) {
    // A small surface patch through p with tangents t1, t2.
    const Vec3d p(coord(rng), coord(rng), coord(rng));
    const Vec3d t1 = normalized(Vec3d(coord(rng), coord(rng), coord(rng)));
    const Vec3d t2 = normalized(cross(t1, Vec3d(0.3, 0.9, -0.2)));
    const Vec3d n = normalized(cross(t1, t2));
    const double e = 1e-6;
    auto D = [&](const Vec3d& x) { return op->deform(values.data(), x); };
    const Vec3d d1 = (D(p + t1 * e) - D(p - t1 * e)) / (2 * e);
    const Vec3d d2 = (D(p + t2 * e) - D(p - t2 * e)) / (2 * e);
    const Vec3d fd = normalized(cross(d1, d2));
    const Vec3d exact = normalized(inverseTranspose(op->jacobianFromSlots(values.data(), p)) * n);
    // Skip stencils that straddle a kink of the field (medial axes of skeletons).
    const Vec3d d1far = (D(p + t1 * 1e-4) - D(p - t1 * 1e-4)) / 2e-4;
    const Vec3d d2far = (D(p + t2 * 1e-4) - D(p - t2 * 1e-4)) / 2e-4;
    if (norm(d1far - d1) > 1e-5 || norm(d2far - d2) > 1e-5) continue;
    // Where the map folds (det J < 0) the surface turns inside out and J^{-T} n points against
    // the cross product of the deformed tangents: orientation is undefined there.
    if (determinant(op->jacobianFromSlots(values.data(), p)) <= 0.0) continue;
    INFO("p " << p.x << " " << p.y << " " << p.z << " |fd - exact| " << norm(fd - exact));
    ++compared;
    CHECK(close(fd, exact, 1e-6));
  }
  CHECK(compared > 200);
}

TEST_CASE("inverse(apply(x)) = x where the deformation is invertible", "[deform][inverse]") {
  std::vector<double> values;
  auto op = everythingOperator(values);
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  for (int q = 0; q < 300; ++q) {
    const Vec3d x(coord(rng), coord(rng), coord(rng));
    const Vec3d X = op->deform(values.data(), x);
    bool converged = false;
    const Vec3d back = op->inverseFromSlots(values.data(), X, &converged);
    CHECK(converged);
    CHECK(close(back, x, 1e-9));
  }
}

TEST_CASE("the operator in a scene: Psi slots named per metaball, jets through Psi and the point", "[deform][scene]") {
  Scene scene;
  auto owned = std::make_unique<MetaballDeformOperator>();
  PointSkeleton a;
  a.center = {0, 0, 0};
  owned->addMetaball(ball(a));
  MetaballDeformOperator& op = static_cast<MetaballDeformOperator&>(scene.add(std::move(owned)));
  REQUIRE(scene.parameters().size() == kFixedSlotCount);
  CHECK(scene.parameters().info(op.paramIndexOf(0, "dx")).qualifiedName() == op.name() + ".0.dx");
  scene.parameters().setValue(op.paramIndexOf(0, "dz"), 0.5);
  // A second metaball with a Bezier potential: more slots, old values kept.
  SegmentSkeleton seg;
  seg.a = {1, 0, 0};
  seg.b = {2, 0, 0};
  Metaball m = ball(seg);
  m.potential = PotentialKind::Bezier;
  m.bezierDegree = 5;
  op.addMetaball(m);
  scene.rebuildParameters();
  REQUIRE(scene.parameters().size() == 2 * kFixedSlotCount + 4);
  CHECK(scene.parameters().value(op.paramIndexOf(0, "dz")) == 0.5);
  CHECK(op.paramIndexOf(1, "g4") >= 0);
  CHECK(op.paramIndexOf(1, "g5") == -1);

  const ValueAccess values(scene.parameters().values());
  CHECK(close(op.apply(values, Vec3d(0, 0, 0)), Vec3d(0, 0, 0.5), 1e-15));
  // d Deform / d (0.dz) at a point of the skeleton is F = 1 (Eq. 6); at r = R/2, Wyvill's value.
  SeededAccess<1> seeded({&op});
  const int index = op.paramIndexOf(0, "dz");
  seeded.seed(scene.parameters().values(), &index, 1);
  CHECK(op.apply(seeded, Vec3<Dual>(Dual(0.0), Dual(0.0), Dual(0.0))).z.v[0] == Approx(1.0));
  CHECK(op.apply(seeded, Vec3<Dual>(Dual(0.5), Dual(0.0), Dual(0.0))).z.v[0] == Approx(wyvillOfSquare(0.25)));
  // The Jacobian entry point agrees with the slot path; the inverse with jets undoes apply.
  const Vec3<Dual> X = op.apply(seeded, Vec3<Dual>(Dual(0.3), Dual(0.2), Dual(0.1)));
  const Vec3<Dual> back = op.inverse(seeded, X);
  CHECK(back.x.a == Approx(0.3).margin(1e-12));
  CHECK(std::fabs(back.z.v[0]) < 1e-9);  // x does not depend on 0.dz after the round trip
}

TEST_CASE("the closed-form gradient of point metaballs matches the jet path in applyBatch", "[deform][batch]") {
  MetaballDeformOperator op;
  DeformerSetup setup = zLetterSetup();
  setup.set(3, "dx", 0.1);  // a sideways pull too, so J is not symmetric
  const std::vector<double> values = configure(op, setup);
  TriangleMesh grid = makeGridMesh(2, 2, 150, 150);
  std::vector<Vec3d> points = grid.positions, normals(points.size());
  for (std::size_t i = 0; i < normals.size(); ++i) normals[i] = normalized(Vec3d(0.1 * std::sin(double(i)), 0.2, 1.0));
  const std::vector<Vec3d> rest = points, restNormals = normals;
  op.applyBatchFromSlots(values.data(), points, normals);
  int moved = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    CHECK(norm(points[i] - op.deform(values.data(), rest[i])) < 1e-13);
    const Vec3d n = normalized(inverseTranspose(op.jacobianFromSlots(values.data(), rest[i])) * restNormals[i]);
    CHECK(norm(normals[i] - n) < 1e-12);
    moved += norm(points[i] - rest[i]) > 0.0;
  }
  CHECK(moved > 5000);
}

TEST_CASE("the closed-form gradient of every skeleton's common metaballs matches the jet path", "[deform][batch][normals]") {
  // L2, Wyvill, isotropic radius, no rotation, scale or frame: grad F = w'(x) 2 d / R^2 from the
  // offset alone (envelope theorem), on every skeleton type, against the per-point jet Jacobian.
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> coord(-1.2, 1.2);
  for (const Skeleton& skeleton : testing::exampleSkeletons()) {
    MetaballDeformOperator op;
    op.addMetaball(ball(skeleton));
    Slots slots(op);
    slots.displacement(0, {0.07, -0.04, 0.12});  // not along any axis: J is not symmetric
    slots.set(0, "radius", 0.45);
    INFO("skeleton " << skeletonType(skeleton));
    std::vector<Vec3d> points, normals;
    for (int i = 0; i < 30000; ++i) {
      points.emplace_back(coord(rng), coord(rng), 0.5 * coord(rng));
      normals.push_back(normalized(Vec3d(coord(rng), coord(rng), coord(rng))));
    }
    const std::vector<Vec3d> rest = points, restNormals = normals;
    op.applyBatchFromSlots(slots.values.data(), points, normals);
    int moved = 0, failed = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Vec3d n = normalized(inverseTranspose(op.jacobianFromSlots(slots.values.data(), rest[i])) * restNormals[i]);
      failed += !(norm(points[i] - slots.apply(rest[i])) < 1e-12 && norm(normals[i] - n) < 1e-9);
      moved += norm(points[i] - rest[i]) > 0.0;
    }
    CHECK(failed == 0);
    CHECK(moved > 300);
  }
}

TEST_CASE("the interpolating blend is solved once per batch and matches per-point apply", "[deform][batch]") {
  MetaballDeformOperator op;
  DeformerSetup setup = zLetterSetup();
  for (int i = 0; i < 12; ++i) setup.set(i, "radius", 0.45);  // overlapping: Eq. 8 alone would miss
  setup.blend = BlendMode::Interpolate;
  const std::vector<double> values = configure(op, setup);
  for (const Metaball& m : op.metaballs()) {
    const Vec3d c = std::get<PointSkeleton>(m.skeleton).center;
    CHECK(norm(op.deform(values.data(), c) - (c + Vec3d(0, 0, 0.25))) < 1e-12);
  }
  TriangleMesh grid = makeGridMesh(2, 2, 100, 100);
  std::vector<Vec3d> points = grid.positions;
  op.applyBatchFromSlots(values.data(), points, {});
  for (std::size_t i = 0; i < points.size(); ++i) CHECK(norm(points[i] - op.deform(values.data(), grid.positions[i])) < 1e-12);
}

TEST_CASE("scale and anisotropic radii follow the constraint's local frame (Fig. 12)", "[deform]") {
  SphereVolumeSkeleton s;
  s.radius = 0.2;
  Metaball m = ball(s);
  m.frameAxis = {0, 0, 1};
  m.frameAngle = 90.0;  // local x is world y
  MetaballDeformOperator op;
  op.addMetaball(m);
  Slots slots(op);
  slots.set(0, "radius", 0.5);
  slots.set(0, "rx", 2.0);  // reaches 1.0 along local x = world y
  slots.set(0, "dz", 0.1);
  CHECK(slots.apply({0.0, 0.9, 0.0}).z > 0.0);   // within 0.2 + 1.0 along world y
  CHECK(slots.apply({0.9, 0.0, 0.0}).z == 0.0);  // beyond 0.2 + 0.5 along world x
  slots.set(0, "sx", 2.0);  // doubles local x (world y) inside the skeleton
  const Vec3d p(0.05, 0.1, 0.0);
  CHECK(norm(slots.apply(p) - Vec3d(0.05, 0.2, 0.1)) < 1e-12);
  // The batch path's boxes account for the frame.
  std::vector<Vec3d> pts = {{0.0, 0.9, 0.0}, {0.9, 0.0, 0.0}, p};
  const std::vector<Vec3d> rest = pts;
  op.applyBatchFromSlots(slots.values.data(), pts, {});
  for (std::size_t i = 0; i < pts.size(); ++i) CHECK(norm(pts[i] - slots.apply(rest[i])) < 1e-12);
}

TEST_CASE("the lane paths of every skeleton type deform as per-point apply does, positions and normals", "[deform][batch][normals]") {
  // Every skeleton alone and beside a point metaball, in grid order (coherent runs: the offsets
  // and influences in lanes) and in a scattered order, with isotropic radii (closed-form
  // gradient in lanes) and anisotropic ones (positions in lanes, normals through the jets),
  // against the straightforward per-point evaluation: positions to 1e-12, normals to 1e-9.
  const SheetOrders sheet = sheetOrders(160, 1.2, [](int x, int) { return 0.05 * std::sin(0.3 * x); }, 5);
  for (const Skeleton& skeleton : testing::exampleSkeletons()) {
    for (const bool anisotropic : {false, true}) {
      MetaballDeformOperator op;
      op.addMetaball(ball(skeleton));
      op.addMetaball(ball(PointSkeleton{}));
      Slots slots(op);
      slots.displacement(0, {0.07, -0.04, 0.12});
      slots.set(0, "radius", 0.45);
      if (anisotropic) slots.set(0, "rx", 1.5);
      slots.displacement(1, {-0.05, 0.02, 0.1});
      slots.set(1, "radius", 0.3);
      INFO("skeleton " << skeletonType(skeleton) << (anisotropic ? ", anisotropic" : ""));
      for (const std::vector<Vec3d>* order : {&sheet.grid, &sheet.scattered}) {
        const PerPointComparison c = compareWithPerPoint(
            op, slots, *order, [](std::size_t i) { return normalized(Vec3d(0.3 * std::sin(double(i)), 0.2, 1.0)); });
        CHECK(c.failed == 0);
        CHECK(c.moved > 1000);
      }
    }
  }
}

TEST_CASE("runs a curve does not reach are skipped, beside metaballs of the other paths", "[deform][batch][normals]") {
  // A long S-curve of many pieces (lanes, isotropic radius) whose box covers most of the grid
  // but whose reach covers a band only: whole blocks and runs inside its box that no piece
  // reaches are skipped (BezierSkeleton::reachesBox per block for positions; a normals run
  // where the curve finds nothing is left as it is unless another metaball adds to it). Beside
  // it a point metaball (the point lanes) and an anisotropic segment (per vertex, through the
  // jets: the normal lanes cleared for it alone), each reaching runs the curve does not.
  // Grid and scattered orders, against the per-point evaluation: positions to 1e-12, normals
  // to 1e-9.
  const SheetOrders sheet = sheetOrders(200, 1.3, [](int, int y) { return 0.04 * std::cos(0.2 * y); }, 11);
  BezierSkeleton curve;
  curve.followUniformBSpline({{-1.1, -1.0, 0}, {-1.0, 1.0, 0}, {-0.3, -1.0, 0.1}, {0.3, 1.0, 0}, {1.0, -1.0, -0.1}, {1.1, 1.0, 0}}, false);
  SegmentSkeleton segment;
  segment.a = {0.9, -1.2, 0};
  segment.b = {1.2, -0.8, 0};
  PointSkeleton point;
  point.center = {-1.1, 1.1, 0};
  for (const bool others : {false, true}) {
    MetaballDeformOperator op;
    op.addMetaball(ball(curve));
    op.addMetaball(ball(point));
    if (others) op.addMetaball(ball(segment));
    Slots slots(op);
    slots.displacement(0, {0.05, -0.03, 0.1});
    slots.set(0, "radius", 0.12);
    slots.displacement(1, {-0.04, 0.02, 0.08});
    slots.set(1, "radius", 0.2);
    if (others) {
      slots.displacement(2, {0.03, 0.03, -0.06});
      slots.set(2, "radius", 0.15);
      slots.set(2, "rx", 1.6);  // anisotropic: per vertex through the jets
    }
    INFO((others ? "with" : "without") << " the anisotropic segment");
    for (const std::vector<Vec3d>* order : {&sheet.grid, &sheet.scattered}) {
      const PerPointComparison c = compareWithPerPoint(
          op, slots, *order, [](std::size_t i) { return normalized(Vec3d(0.2 * std::cos(double(i)), -0.3, 1.0)); });
      CHECK(c.failed == 0);
      CHECK(c.moved > 2000);
      CHECK(c.still > 10000);  // most of the grid lies beyond every metaball's reach and stays bit for bit
    }
  }
}
