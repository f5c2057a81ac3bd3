#pragma once
// A triangle mesh of the boundary of an implicit region {x : f(x) ≤ 0} inside a box, by marching
// tetrahedra on a regular grid (each cube split into six tetrahedra around its main diagonal, so
// there are no ambiguous cases). Used for the influence volumes of metaballs, whose regions
// (a skeleton swept by a radius in some metric) have no closed-form mesh in general.
#include <functional>

#include "flexure/core/triangle_mesh.h"
#include "flexure/core/vec.h"

namespace flexure {

// `resolution` cells along the box's longest side (cubic cells). Triangles wind counter-clockwise
// seen from outside (where f > 0); vertex normals are the gradient of f by central differences
// of the grid values, interpolated along the edge (no evaluations of f beyond the grid's).
// Vertices are shared: one per grid edge the surface crosses. Where the region reaches the box, the mesh is open there.
TriangleMesh meshImplicitSurface(const std::function<double(const Vec3d&)>& f, const Bounds3& box, int resolution);

}  // namespace flexure
