#pragma once
// From a viewport pixel to the point of the scene under it (issue 7 item 3): the displayed
// mesh hit by the pick ray (render/mesh_picking.h) mapped back to the primitive's parameter
// space, (node, SurfacePoint{patch, u, v}), so constraints and drags can name the point in the
// model rather than on one tessellation of it.
//
//   u, v   interpolated from the tessellated mesh's per-vertex (u, v) with the hit's
//          barycentric weights (exact on the grid a primitive is tessellated on, linear in
//          between);
//   patch  the tessellation lays patches out one after another with equal vertex counts, so
//          the hit triangle's first vertex tells the patch; a mesh primitive's patch is its
//          triangle and (u, v) are the barycentric weights (mesh.h's convention);
//   handle a metaball handle sphere names the deformer with patch = metaball index (the
//          convention of session::MetaballPartDrag).
#include <optional>
#include <string>

#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "flexure/render/mesh_picking.h"
#include "viewport/display_geometry.h"

namespace flexure::app {

struct SurfacePick {
  std::string node;            // the picked primitive, or the metaball-deform node of a handle
  SurfacePoint point;          // where on it (patch = metaball index for a handle)
  Vec3d world;                 // the hit point in world space
  int mesh = -1;               // index of the hit mesh in DisplayGeometry::meshes
  bool metaballHandle = false;
};

// The nearest pick along `ray`, or nullopt over empty space. `geometry` must show `scene`
// (same structure; names are looked up in `scene`).
std::optional<SurfacePick> pickSurface(const Scene& scene, const DisplayGeometry& geometry, const PickRay& ray);

// The (patch, u, v) of a hit on scene mesh `mesh` (no handle), using the primitive `leaf`.
SurfacePoint surfacePointOfHit(const Node* leaf, const TriangleMesh& mesh, const MeshHit& hit);

}  // namespace flexure::app
