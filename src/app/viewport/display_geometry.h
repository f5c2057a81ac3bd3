#pragma once
// What the viewport shows for a scene: one tessellated mesh per leaf-to-root path, with its
// palette colour, followed by one small handle sphere per metaball of every metaball deformer
// (the part a user drags to move a metaball, issue 7 item 3). The tessellation runs off the GUI
// thread (session::GeometryBuilder), and so do the handle spheres: the window hands
// appendMetaballHandleSpheres to the builder as its ExtraMeshes, so a frame's list already ends
// with them. assembleDisplayGeometry() then adds only what picking and colouring need (palette
// styles, which metaball each sphere moves).
//
// The meshes are shared and immutable: a frame from the worker is handed to the viewport,
// picking and export by reference count, not by copying its vertex arrays (the GUI thread
// copied a 5,000-mesh frame twice per frame before, docs/performance.md; a scene with metaball
// handles copied its scene meshes once more per frame to append the spheres, until they were
// made on the worker).
#include <memory>
#include <string>
#include <vector>

#include "flexure/core/scene.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/render/scene_renderer.h"

namespace flexure::app {

// Where a metaball's handle sits: pivot + dD (the point the metaball moves by dD at full
// potential, Jin et al. Eq. 5), mapped through the operators above the deformer.
struct MetaballHandle {
  std::string deformer;  // the metaball-deform node
  int metaball = -1;     // index of the metaball in the deformer
  Vec3d world;
  double radius = 0.05;  // of the displayed sphere (a fraction of the metaball's radius)
};

using SharedMeshes = std::shared_ptr<const std::vector<TriangleMesh>>;

// One empty list shared by every empty geometry, so `meshes` is never null.
const SharedMeshes& noMeshes();

struct DisplayGeometry {
  SharedMeshes meshes = noMeshes();  // scene meshes (name = leaf node), then handle spheres
  std::vector<MeshStyle> styles;
  std::size_t sceneMeshCount = 0;     // meshes[sceneMeshCount + i] is handles[i]'s sphere
  std::vector<MetaballHandle> handles;
  long long triangleCount = 0;        // of the scene meshes
};

// Every metaball handle of the scene with its current Ψ.
std::vector<MetaballHandle> metaballHandles(const Scene& scene);

// Appends one sphere per metaball handle of the scene (named by its deformer, in the order of
// metaballHandles). A session::ExtraMeshes: the GeometryBuilder calls it on its worker.
void appendMetaballHandleSpheres(const Scene& scene, std::vector<TriangleMesh>& meshes);

// A frame's meshes as they are, shared: `sceneMeshCount` scene meshes, then the handle spheres
// appendMetaballHandleSpheres added (GeometryFrame::sceneMeshCount). The handles are read from
// `scene` only when there are spheres, so a scene without them costs no walk over its nodes.
DisplayGeometry assembleDisplayGeometry(const Scene& scene, SharedMeshes meshes, std::size_t sceneMeshCount);
// Scene meshes only (tessellated on the calling thread): the handle spheres are appended to them.
DisplayGeometry assembleDisplayGeometry(const Scene& scene, std::vector<TriangleMesh> sceneMeshes);

// Tessellates on the calling thread (tests, the CLI); the window uses a GeometryBuilder.
DisplayGeometry buildDisplayGeometry(const Scene& scene);

}  // namespace flexure::app
