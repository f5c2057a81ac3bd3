#pragma once
// Where a change of a mesh's vertices can change its picture: world boxes covering every changed
// triangle where it was and where it is. The renderer redraws only the pixels they cover
// (render/frame_damage.h); the geometry worker makes them for a dragged sheet's frames as it
// brings them up to date, so that the GUI thread, which draws, does not (MeshRevision::Since).
#include <array>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure {

// The size of damage boxes for a scene within `bounds`: a thirty-second of its diagonal (a box
// smaller than that costs more to project each frame than the pixels it saves).
inline constexpr double kDamageBoxFraction = 1.0 / 32.0;
double damageExtentFor(const Bounds3& bounds);

// Appends to `out` boxes covering the triangles `changedTriangles` (indices into `triangles`) at
// the positions `before` and at `after`: the cells (cubes of side at least `maxExtent`, at most 64
// along an axis and 32 768 in all, in runs of two along x) of a grid over their bounds that the
// triangles' own bounding boxes reach, or their bounds alone when that marks over 2 048 cells (a
// whole surface moved: thousands of boxes would cost more to project than they save). A
// metaball's tube lifted across a sheet is then a chain of small boxes along the tube.
// `movedVertices` (ascending) are the vertices whose positions may differ; every other vertex is
// at the same place in both. Where the triangles were and where they are are marked on up to
// `maxThreads` threads (parallel_for.h): two on the GUI thread, whose other core is otherwise idle
// before it draws; one on the geometry worker, which shares the cores with the drawing.
void appendTriangleDamage(const std::vector<Vec3d>& before, const std::vector<Vec3d>& after,
                          const std::vector<std::array<int, 3>>& triangles, const std::vector<int>& changedTriangles,
                          const std::vector<int>& movedVertices, double maxExtent, std::vector<Bounds3>& out,
                          int maxThreads = 2);

}  // namespace flexure
