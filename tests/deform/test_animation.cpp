// Section 6: blending deformed key meshes and interpolating constraint parameters.
#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/deform/deformation_animation.h"
#include "flexure/deform/figure_setups.h"
#include "flexure/deform/grid_mesh_primitive.h"

using namespace flexure;
using namespace flexure::deform;

TEST_CASE("blending deformed key meshes (section 6, first method)", "[animation]") {
  MetaballDeformOperator op;
  const DeformerSetup setup = zLetterSetup();
  const std::vector<double> raised = configure(op, setup);
  std::vector<double> flat = raised;
  for (std::size_t i = 0; i < op.metaballs().size(); ++i) flat[static_cast<std::size_t>(op.slotOffset(static_cast<int>(i)) + kSlotDz)] = 0.0;
  TriangleMesh a = makeGridMesh(2, 2, 40, 40), b = a;
  op.applyBatchFromSlots(flat.data(), a.positions, a.normals);
  op.applyBatchFromSlots(raised.data(), b.positions, b.normals);
  const std::vector<TriangleMesh> keys = {a, b};
  const std::vector<double> times = {1.0, 3.0};
  const TriangleMesh start = blendKeyMeshes(keys, times, 0.0), mid = blendKeyMeshes(keys, times, 2.0),
                     end = blendKeyMeshes(keys, times, 5.0);
  for (std::size_t i = 0; i < a.positions.size(); ++i) {
    CHECK(start.positions[i].z == a.positions[i].z);
    CHECK(end.positions[i].z == b.positions[i].z);
    CHECK(mid.positions[i].z == Approx(0.5 * (a.positions[i].z + b.positions[i].z)).margin(1e-15));
    CHECK(norm(mid.normals[i]) == Approx(1.0));
  }
  // Eq. 8 is linear in dD, so blending key meshes equals deforming with the blended dD here.
  std::vector<double> half = raised;
  for (std::size_t i = 0; i < op.metaballs().size(); ++i) half[static_cast<std::size_t>(op.slotOffset(static_cast<int>(i)) + kSlotDz)] *= 0.5;
  TriangleMesh c = makeGridMesh(2, 2, 40, 40);
  op.applyBatchFromSlots(half.data(), c.positions, {});
  for (std::size_t i = 0; i < c.positions.size(); ++i) CHECK(norm(c.positions[i] - mid.positions[i]) < 1e-14);
  TriangleMesh other = makeGridMesh(2, 2, 10, 10);
  CHECK_THROWS(blendKeyMeshes({a, other}, {0.0, 1.0}, 0.5));
}

TEST_CASE("slerp takes the shorter arc at constant angular speed", "[animation]") {
  const Quatd a = Quatd::fromAxisAngle(Vec3d(0, 0, 1), 0.3);
  const Quatd b = Quatd::fromAxisAngle(Vec3d(1, 1, 0), 2.0);
  const Quatd mid = slerp(a, b, 0.5);
  auto angleBetween = [](const Quatd& p, const Quatd& q) {
    return 2.0 * std::acos(std::min(1.0, std::fabs(p.w * q.w + p.x * q.x + p.y * q.y + p.z * q.z)));
  };
  CHECK(angleBetween(a, mid) == Approx(angleBetween(mid, b)));
  CHECK(angleBetween(a, slerp(a, b, 0.25)) == Approx(0.25 * angleBetween(a, b)));
  Vec3d axis;
  double angle;
  toAxisAngle(Quatd::fromAxisAngle(Vec3d(0, 1, 0), 1.2), axis, angle);
  CHECK(angle == Approx(1.2));
  CHECK(axis.y == Approx(1.0));
}

TEST_CASE("interpolating constraint parameters (section 6, second method) slerps the rotation", "[animation]") {
  MetaballDeformOperator op;
  DeformerSetup setup;
  SphereVolumeSkeleton ball;
  ball.radius = 0.3;
  Metaball m;
  m.skeleton = ball;
  setup.metaballs.push_back(m);
  setup.set(0, "radius", 1.0);
  const std::vector<double> rest = configure(op, setup);
  setup.set(0, "dx", 0.4);
  setup.set(0, "sx", 2.0);
  setup.set(0, "angle", -120.0 * M_PI / 180.0);
  setup.set(0, "ax", std::sqrt(0.5));
  setup.set(0, "ay", std::sqrt(0.5));
  setup.set(0, "az", 0.0);
  const std::vector<double> turned = configure(op, setup);
  // Key 0 has no rotation: the angle runs from 0 to -120 degrees about the key's axis.
  const std::vector<double> mid = interpolateMetaballKeys(op, {rest, turned}, {0.0, 1.0}, 0.5);
  const Vec3d p(0.1, -0.2, 0.15);  // inside the skeleton: F = 1, a rigid motion
  const Quatd q = slerp(Quatd(), Quatd::fromAxisAngle(Vec3d(1, 1, 0), -120.0 * M_PI / 180.0), 0.5);
  const Vec3d expected = Vec3d(0.2, 0, 0) + cwiseProduct(Vec3d(1.5, 1, 1), toMatrix(q) * p);
  CHECK(norm(op.deform(mid.data(), p) - expected) < 1e-12);
  // Two rotated keys about different axes: the rotation at s is the slerp of the keys'.
  std::vector<double> other = turned;
  const std::size_t o = static_cast<std::size_t>(op.slotOffset(0));
  other[o + kSlotAxisX] = 0.0;
  other[o + kSlotAxisY] = 0.0;
  other[o + kSlotAxisZ] = 2.0;
  other[o + kSlotAngle] = 0.8;
  other[o + kSlotScaleX] = 1.0;
  std::vector<double> keyA = turned;
  keyA[o + kSlotScaleX] = 1.0;
  const std::vector<double> s = interpolateMetaballSlots(op, keyA, other, 0.3);
  const Quatd qs = slerp(Quatd::fromAxisAngle(Vec3d(1, 1, 0), -120.0 * M_PI / 180.0), Quatd::fromAxisAngle(Vec3d(0, 0, 1), 0.8), 0.3);
  CHECK(norm(op.deform(s.data(), p) - (Vec3d(0.4, 0, 0) + toMatrix(qs) * p)) < 1e-12);
  // At the keys the keys come back.
  const std::vector<double> atA = interpolateMetaballSlots(op, keyA, other, 0.0);
  CHECK(norm(op.deform(atA.data(), p) - op.deform(keyA.data(), p)) < 1e-12);
}
