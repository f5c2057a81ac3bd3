// MetaballDeformOperator::changedRegion's promise (core/operator.h): outside its boxes the
// batch path maps every vertex and normal of a sheet as before a change, bit for bit, and the
// vertices inside them, deformed alone (in any company), come out with the bits they get among
// all the others. The geometry worker relies on both to deform only what a dragged metaball
// reaches (session/path_mesh_cache.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <numbers>
#include <random>
#include <string>

#include "flexure/deform/metaball_deform_operator.h"
#include "slot_values.h"

using namespace flexure;
using namespace flexure::deform;
using flexure::deform::testing::slotsWith;

namespace {

struct Sheet {
  std::vector<Vec3d> positions, normals;
};

// A 160 × 160 sheet over [-1.2, 1.2]², gently waved, with normals not quite unit (so a vertex
// that is renormalized without being moved would show it).
Sheet wavySheet() {
  Sheet s;
  constexpr int kSide = 160;
  for (int y = 0; y < kSide; ++y)
    for (int x = 0; x < kSide; ++x) {
      const double u = -1.2 + 2.4 * x / (kSide - 1), v = -1.2 + 2.4 * y / (kSide - 1);
      s.positions.emplace_back(u, v, 0.05 * std::sin(3.0 * u) * std::cos(2.0 * v));
      s.normals.emplace_back(0.01 * std::sin(5.0 * v), 0.01 * std::cos(4.0 * u), 1.001);
    }
  return s;
}

bool sameBits(const Vec3d& a, const Vec3d& b) { return std::memcmp(&a, &b, sizeof(Vec3d)) == 0; }

Sheet deformedSheet(const MetaballDeformOperator& op, const std::vector<double>& slots, const Sheet& in) {
  Sheet out = in;
  op.applyBatchFromSlots(slots.data(), out.positions, out.normals);
  return out;
}

bool inAny(const std::vector<Bounds3>& boxes, const Vec3d& p) {
  return std::any_of(boxes.begin(), boxes.end(), [&](const Bounds3& b) { return b.contains(p); });
}

// Checks the promise for one change from `before` to `after`, whose region should hold less than
// `mostInside` of the sheet's vertices.
void checkChange(const MetaballDeformOperator& op, const std::vector<double>& before, const std::vector<double>& after,
                 const Sheet& sheet, std::mt19937& random, double mostInside = 0.5) {
  const auto region = op.changedRegionFromSlots(before.data(), after.data());
  REQUIRE(region.has_value());
  const Sheet was = deformedSheet(op, before, sheet), is = deformedSheet(op, after, sheet);
  std::vector<std::size_t> inside;
  std::size_t changedOutside = 0, changedInside = 0;
  for (std::size_t v = 0; v < sheet.positions.size(); ++v) {
    const bool same = sameBits(was.positions[v], is.positions[v]) && sameBits(was.normals[v], is.normals[v]);
    if (inAny(*region, sheet.positions[v])) {
      inside.push_back(v);
      changedInside += same ? 0 : 1;
    } else {
      changedOutside += same ? 0 : 1;
    }
  }
  CHECK(changedOutside == 0);
  CHECK(changedInside > 0);  // the change shows (else this check proves nothing)
  CHECK(static_cast<double>(inside.size()) < mostInside * static_cast<double>(sheet.positions.size()));
  // The inside deformed alone: in order, and shuffled with a few outside vertices among them.
  std::vector<std::size_t> shuffled = inside;
  for (std::size_t k = 0; k < 40; ++k) shuffled.push_back((k * 7919) % sheet.positions.size());
  std::shuffle(shuffled.begin(), shuffled.end(), random);
  for (const std::vector<std::size_t>* order : {&inside, &shuffled}) {
    Sheet alone;
    for (std::size_t v : *order) {
      alone.positions.push_back(sheet.positions[v]);
      alone.normals.push_back(sheet.normals[v]);
    }
    op.applyBatchFromSlots(after.data(), alone.positions, alone.normals);
    std::size_t differ = 0;
    for (std::size_t k = 0; k < order->size(); ++k) {
      const std::size_t v = (*order)[k];
      differ += sameBits(alone.positions[k], is.positions[v]) && sameBits(alone.normals[k], is.normals[v]) ? 0 : 1;
    }
    CHECK(differ == 0);
  }
}

Metaball metaballOn(Skeleton skeleton) {
  Metaball m;
  m.skeleton = std::move(skeleton);
  return m;
}

}  // namespace

TEST_CASE("a dragged point metaball of the Z changes its box alone, and the vertices there deform alone as among all",
          "[deform][batch][region]") {
  // Twelve point metaballs along a Z (metaball-z-letter.json), overlapping in pairs.
  MetaballDeformOperator op;
  for (int k = 0; k < 12; ++k) {
    PointSkeleton p;
    p.center = Vec3d(-0.6 + 0.11 * k, k % 3 == 0 ? -0.4 : 0.3 - 0.06 * k, 0.0);
    op.addMetaball(metaballOn(p));
  }
  std::vector<std::pair<std::string, double>> base;
  for (int k = 0; k < 12; ++k) {
    base.emplace_back(std::to_string(k) + ".radius", 0.28);
    base.emplace_back(std::to_string(k) + ".dz", 0.25);
  }
  const Sheet sheet = wavySheet();
  std::mt19937 random(5);
  const std::vector<double> before = slotsWith(op, base);
  for (const auto& [slot, value] : std::vector<std::pair<std::string, double>>{
           {"4.dz", 0.31}, {"4.dx", -0.07}, {"7.radius", 0.2}, {"7.radius", 0.4}, {"0.angle", 0.3}, {"11.sx", 1.4}}) {
    INFO(slot << " = " << value);
    auto edits = base;
    edits.emplace_back(slot, value);
    const std::vector<double> after = slotsWith(op, edits);
    checkChange(op, before, after, sheet, random);
    const auto region = op.changedRegionFromSlots(before.data(), after.data());
    // One metaball changed: its box, or its old and new boxes when the radius changed.
    CHECK(region->size() == (slot.find("radius") != std::string::npos ? 2u : 1u));
  }
  // Nothing changed: no region.
  CHECK(op.changedRegionFromSlots(before.data(), before.data())->empty());
}

TEST_CASE("every bounded skeleton kind keeps changedRegion's promise, in lanes and one by one, summed and interpolated",
          "[deform][batch][region]") {
  // Six metaballs of several kinds over one another (more than a run's list of closed-form
  // metaballs holds, so runs near them go vertex by vertex), some with frames, anisotropic radii,
  // rotation and scale.
  SegmentSkeleton segment;
  segment.a = Vec3d(-0.8, -0.5, 0.0);
  segment.b = Vec3d(0.5, 0.4, 0.1);
  PolylineSkeleton polyline;
  polyline.points = {Vec3d(-0.9, 0.5, 0.0), Vec3d(-0.2, 0.1, 0.05), Vec3d(0.3, 0.6, 0.0), Vec3d(0.8, 0.0, 0.0)};
  PolygonSkeleton polygon;
  polygon.points = {Vec3d(-0.3, -0.6, 0.0), Vec3d(0.4, -0.7, 0.0), Vec3d(0.1, 0.2, 0.0), Vec3d(0.0, -0.2, 0.0)};
  CircleSkeleton circle;
  circle.center = Vec3d(0.2, -0.1, 0.0);
  circle.radius = 0.35;
  BoxSkeleton box;
  box.center = Vec3d(-0.3, 0.2, 0.0);
  box.halfExtents = Vec3d(0.15, 0.1, 0.05);
  PointSkeleton point;
  point.center = Vec3d(0.1, 0.05, 0.0);
  MetaballDeformOperator op;
  for (Skeleton s : {Skeleton(segment), Skeleton(polyline), Skeleton(polygon), Skeleton(circle), Skeleton(box), Skeleton(point)}) {
    Metaball m = metaballOn(s);
    if (std::holds_alternative<BoxSkeleton>(s)) {
      m.frameAxis = Vec3d(0.3, 0.2, 1.0);
      m.frameAngle = 25.0;
    }
    op.addMetaball(m);
  }
  const std::vector<std::pair<std::string, double>> base{
      {"0.radius", 0.3}, {"0.dz", 0.2},  {"1.radius", 0.25}, {"1.dy", 0.1},   {"2.radius", 0.3}, {"2.dz", -0.15},
      {"3.radius", 0.2}, {"3.dx", 0.1},  {"4.radius", 0.3},  {"4.angle", 0.4}, {"4.sx", 1.3},    {"4.ry", 1.5},
      {"5.radius", 0.4}, {"5.dz", 0.3},  {"5.sz", 0.7}};
  const Sheet sheet = wavySheet();
  std::mt19937 random(9);
  for (const BlendMode blend : {BlendMode::Sum, BlendMode::Interpolate}) {
    op.setBlendMode(blend);
    const std::vector<double> before = slotsWith(op, base);
    for (const auto& [slot, value] : std::vector<std::pair<std::string, double>>{
             {"0.dz", 0.35}, {"2.radius", 0.22}, {"3.dx", -0.2}, {"4.angle", -0.3}, {"4.rx", 0.6}, {"5.dz", 0.1}, {"1.inner", 0.1}}) {
      INFO(blendModeName(blend) << ", " << slot << " = " << value);
      auto edits = base;
      edits.emplace_back(slot, value);
      // Interpolating, the overlapping metaballs' alphas all change with any slot (their boxes
      // cover two thirds of the sheet); summing, only the changed metaball's box.
      checkChange(op, before, slotsWith(op, edits), sheet, random, blend == BlendMode::Sum ? 0.5 : 0.7);
    }
  }
}

TEST_CASE("no region for a Bezier skeleton or a metaball without bounds", "[deform][batch][region]") {
  for (const char* type : {"bezier", "line", "plane"}) {
    INFO(type);
    MetaballDeformOperator op;
    op.addMetaball(metaballOn(PointSkeleton{}));
    Metaball m;
    m.skeleton = makeSkeleton(type);
    op.addMetaball(m);
    const std::vector<double> before = slotsWith(op, {}), after = slotsWith(op, {{"1.dz", 0.2}}),
                              pointMoved = slotsWith(op, {{"0.dz", 0.2}});
    CHECK_FALSE(op.changedRegionFromSlots(before.data(), after.data()).has_value());
    // A bounded metaball beside a Bezier one: still none (the curve's vertices depend on their
    // neighbours); beside a line or plane: its own box.
    CHECK(op.changedRegionFromSlots(before.data(), pointMoved.data()).has_value() == (std::string(type) != "bezier"));
  }
}
