#pragma once
// Mass, centre of mass and inertia tensor of a solid (section 2.2 needs m and J). Either given
// in the solid's fields, or computed from the primitives of its sub-tree and a density:
// analytically for a sphere, a block and a cylinder placed directly under the solid, and
// otherwise by integrating the closed tessellated surface (divergence theorem over the
// tetrahedra from the origin to each triangle).
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
// geometry and no mass gets mass 1 and the inertia of a unit-diameter ball.
MassProperties solidMassProperties(const Scene& scene, const SolidOperator& solid);

}  // namespace flexure
