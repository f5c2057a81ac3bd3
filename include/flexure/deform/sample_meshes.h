#pragma once
// Small procedural meshes standing in for the paper's teapot (Fig. 16) and cow (Figs. 14-23),
// so the figure scenes need no third-party model files. Each is a union of closed parts
// (lathe bodies, ellipsoids, tubes), counter-clockwise seen from outside, with vertex normals.
#include "flexure/core/triangle_mesh.h"

namespace flexure::deform {

// A teapot-like model about 2 units wide standing on z = 0: lathe body, lid knob, a spout
// (tube along a curve) on +x and a handle (half torus) on -x.
TriangleMesh makeTeapotLikeMesh(int resolution = 24);

// A cow-like quadruped about 2.4 units long along x, standing on z = 0 and facing +x: an
// ellipsoid body and head, a neck, four legs and a tail.
TriangleMesh makeQuadrupedMesh(int resolution = 20);

// Parts, exposed for tests: a closed surface of revolution about z from a profile (r, z) whose
// first and last points lie on the axis; an ellipsoid; a closed tube along a polyline.
TriangleMesh makeLathe(const std::vector<std::array<double, 2>>& profile, int segments);
TriangleMesh makeEllipsoid(const Vec3d& center, const Vec3d& radii, int resolution);
TriangleMesh makeTube(const std::vector<Vec3d>& path, double radius, int segments);

}  // namespace flexure::deform
