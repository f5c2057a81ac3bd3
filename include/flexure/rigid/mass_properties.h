#pragma once
// Mass, centre of mass and inertia tensor of a solid (section 2.2 needs m and J). Either given
// in the solid's fields, or computed from the primitives of its sub-tree and a density:
// analytically for a sphere, a block and a cylinder placed directly under the solid, and
// otherwise by integrating the closed tessellated surface (divergence theorem over the
// tetrahedra from the origin to each triangle).
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "flexure/core/triangle_mesh.h"
#include "flexure/core/vec.h"

namespace flexure {

class Scene;
class SolidOperator;

struct MassProperties {
  double mass = 0.0;
  Vec3d centre;   // solid frame
  Mat3d inertia;  // about the centre, solid frame
};

MassProperties sphereMassProperties(double radius, double density);
MassProperties blockMassProperties(double sx, double sy, double sz, double density);
// Axis x (the core's cylinder convention).
MassProperties cylinderMassProperties(double length, double radius, double density);
// A closed, outward-oriented triangle surface (duplicate seam vertices are fine).
MassProperties closedMeshMassProperties(const TriangleMesh& mesh, double density);
// Sum of parts (each about its own centre) with the parallel-axis theorem.
MassProperties combine(const MassProperties& a, const MassProperties& b);

// What the solver uses: the fields where given, the geometry otherwise; a solid with no
// geometry and no mass gets mass 1 and the inertia of a unit-diameter ball. The mass properties
// of a primitive integrated from its tessellation come from the solid's MassPropertiesCache when
// nothing they depend on has changed (bitwise the same numbers as computing them again).
MassProperties solidMassProperties(const Scene& scene, const SolidOperator& solid);
// The same, always computed from the geometry (no cache): what the cache must agree with.
MassProperties computeSolidMassProperties(const Scene& scene, const SolidOperator& solid);

// Mass properties of a solid's tessellated primitives, keyed on everything they depend on
// (issue 17 item 3). The rigid solver rebuilds its RigidSystem from the scene on every step, and
// integrating a 48×48 tessellation per primitive per step was three quarters of a solve step of
// otary's drag (1.06 of 1.43 ms; docs/rigid.md). The properties depend on the primitive's shape
// — its own Ψ entries and fields, those of the operators between it and the solid and of every
// node they read (dependencies()), and the solid's density — but not on the solid's pose, which
// is what a drag or a simulation changes.
// The key holds all of these as exact bytes (and the nodes' addresses, so a node replaced in
// place is not mistaken for its predecessor): an edit of a radius, an offset or a density is a
// different key and is computed again. Owned by one SolidOperator (a clone starts empty) and
// safe to use from several threads.
class MassPropertiesCache {
 public:
  // True and `out` set when `key` has an entry (counted as a hit, else as a miss).
  bool find(const std::string& key, MassProperties& out) const;
  void store(const std::string& key, const MassProperties& value);
  void clear();
  std::size_t hits() const;
  std::size_t misses() const;
  std::size_t size() const;

  // An edited shape leaves its old entries behind; past this many the cache starts afresh.
  static constexpr std::size_t kMaxEntries = 64;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, MassProperties> entries_;
  mutable std::size_t hits_ = 0, misses_ = 0;
};

}  // namespace flexure
