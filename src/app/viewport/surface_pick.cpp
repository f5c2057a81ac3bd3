#include "viewport/surface_pick.h"

#include <algorithm>

#include "flexure/core/primitive.h"
#include "flexure/core/primitives/mesh.h"

namespace flexure::app {
namespace {

// The patch whose block of vertices holds `vertex`: the tessellation records one grid per patch,
// in patch order (grid_tessellation.h; the display may have merged a grid's cells, so blocks
// differ in size); without that record, patches are equal blocks one after another.
int patchOfVertex(const Primitive& primitive, const TriangleMesh& mesh, int vertex) {
  const int patches = primitive.patchCount();
  if (mesh.grids.size() == static_cast<std::size_t>(patches)) {
    for (int k = 0; k < patches; ++k) {
      const GridBlock& g = mesh.grids[static_cast<std::size_t>(k)];
      if (vertex >= g.firstVertex && vertex < g.firstVertex + g.columns * g.rows) return k;
    }
  }
  if (patches <= 1 || mesh.vertexCount() % patches != 0) return 0;
  const int perPatch = mesh.vertexCount() / patches;
  return std::clamp(vertex / perPatch, 0, patches - 1);
}

}  // namespace

SurfacePoint surfacePointOfHit(const Node* leaf, const TriangleMesh& mesh, const MeshHit& hit) {
  SurfacePoint point;
  if (hit.triangle < 0 || hit.triangle >= mesh.triangleCount()) return point;
  const auto& t = mesh.triangles[static_cast<std::size_t>(hit.triangle)];
  // A mesh primitive's patches are its triangles, (u, v) the weights of corners b and c.
  if (dynamic_cast<const MeshPrimitive*>(leaf) != nullptr) {
    point.patch = hit.triangle;
    point.u = hit.b1;
    point.v = hit.b2;
    return point;
  }
  if (const auto* primitive = dynamic_cast<const Primitive*>(leaf)) point.patch = patchOfVertex(*primitive, mesh, t[0]);
  if (mesh.uvs.size() == mesh.positions.size()) {
    const double b0 = 1.0 - hit.b1 - hit.b2;
    const auto& a = mesh.uvs[static_cast<std::size_t>(t[0])];
    const auto& b = mesh.uvs[static_cast<std::size_t>(t[1])];
    const auto& c = mesh.uvs[static_cast<std::size_t>(t[2])];
    point.u = std::clamp(b0 * a[0] + hit.b1 * b[0] + hit.b2 * c[0], 0.0, 1.0);
    point.v = std::clamp(b0 * a[1] + hit.b1 * b[1] + hit.b2 * c[1], 0.0, 1.0);
  }
  return point;
}

std::optional<SurfacePick> pickSurface(const Scene& scene, const DisplayGeometry& geometry, const PickRay& ray) {
  const std::optional<MeshHit> hit = pickMeshes(*geometry.meshes, ray);
  if (!hit) return std::nullopt;
  const auto index = static_cast<std::size_t>(hit->mesh);
  SurfacePick pick;
  pick.mesh = hit->mesh;
  pick.world = Vec3d(hit->point.x, hit->point.y, hit->point.z);
  if (index >= geometry.sceneMeshCount) {
    const std::size_t h = index - geometry.sceneMeshCount;
    if (h >= geometry.handles.size()) return std::nullopt;
    pick.node = geometry.handles[h].deformer;
    pick.point.patch = geometry.handles[h].metaball;
    pick.metaballHandle = true;
    return pick;
  }
  const TriangleMesh& mesh = (*geometry.meshes)[index];
  pick.node = mesh.name;
  pick.point = surfacePointOfHit(scene.find(mesh.name), mesh, *hit);
  return pick;
}

}  // namespace flexure::app
