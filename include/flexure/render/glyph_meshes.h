#pragma once
// Small generated meshes the renderer draws that are not part of the model: the axis gizmo's
// arrows now, constraint glyphs later. World units, outward normals, CCW triangles.
#include "flexure/core/triangle_mesh.h"
#include "flexure/core/vec.h"

namespace flexure {

// A UV sphere of `segments` slices around z and segments/2 stacks.
TriangleMesh makeSphereMesh(const Vec3d& center, double radius, int segments = 32);

// A closed cylinder from `base` along `axis` (its length is the height).
TriangleMesh makeCylinderMesh(const Vec3d& base, const Vec3d& axis, double radius, int segments = 24);

// A closed cone with its base disc at `base` and its tip at base + axis.
TriangleMesh makeConeMesh(const Vec3d& base, const Vec3d& axis, double radius, int segments = 24);

// An arrow from the origin to `tip`: a shaft and a cone head (head 25 % of the length).
TriangleMesh makeArrowMesh(const Vec3d& tip, double shaftRadius, double headRadius, int segments = 24);

}  // namespace flexure
