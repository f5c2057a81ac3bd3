#pragma once
// Box select (issue 27, Blender's B and a drag from empty space in object mode): a part is in the
// box when any of its displayed triangles, projected to the screen, overlaps the box — a vertex
// inside it, a corner of the box inside a triangle, or an edge crossing the box's sides — so a
// box drawn over the middle of a long tube selects it although none of its vertices is inside.
// Triangles with a corner behind the eye are left out.
#include <QRect>

#include "flexure/core/camera.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure::app {

bool meshTouchesBox(const TriangleMesh& mesh, const Camera& camera, int width, int height, const QRect& box);

}  // namespace flexure::app
