#pragma once
// Triangle mesh primitive (from an OBJ file, or stored inline in the scene file). It has no Ψ
// slots: its shape is data, moved and deformed by the operators above it.
//
// Fields (visitFields): "source"   mesh file (OBJ, or a format with a registered mesh reader)
//                                  relative to the scene file; the io module loads it, maps it
//                                  by the three fields below and calls setMesh();
//                       "source_scale", "source_up", "scene_up": the file's unit scale (> 0),
//                                  its up axis ("x", "y", "z", "none") and the scene's ("x",
//                                  "y", "z"), as File → Import asks for them (mesh_import_options.h);
//                                  bound only for a mesh with a source;
//                       "positions" flat x,y,z doubles and "triangles" flat vertex indices, for a
//                                  mesh stored in the file (written when there is no source).
// Patches: one per triangle (a, b, c); (u, v) ∈ [0,1]² is folded onto the triangle,
//   (u, v) -> (u, v) if u + v <= 1, else (1 - v, 1 - u);  P = a + u (b - a) + v (c - a),
// and N is the triangle's face normal. tessellate() returns the mesh itself.
// Implicit: the signed distance to the mesh (mesh_distance.h), negative inside; meant for closed,
// consistently oriented meshes (counter-clockwise seen from outside).
#include <memory>
#include <string>

#include "flexure/core/mesh_import_options.h"
#include "flexure/core/primitive.h"
#include "flexure/core/primitives/mesh_distance.h"

namespace flexure {

class MeshPrimitive final : public PrimitiveT<MeshPrimitive> {
 public:
  static constexpr std::string_view kType = "mesh";
  // The largest mesh a scene holds, inline, from an OBJ file or generated from a file's sizes
  // (docs/scene-format.md, "Limits"); far below the int range of vertex indices.
  static constexpr int kMaxVertices = 1 << 24;   // 16,777,216
  static constexpr int kMaxTriangles = 1 << 25;  // 33,554,432
  MeshPrimitive();
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {}; }
  void visitFields(FieldVisitor& v) override;
  std::unique_ptr<Node> cloneNode() const override;
  int patchCount() const override { return mesh_.triangleCount(); }
  void tessellate(const ParamAccess<double>& params, int resolution, TriangleMesh& out) const override;
  Bounds3 bounds(const ParamAccess<double>& params) const override;

  // Replaces the geometry (vertex normals are computed when the mesh has none).
  void setMesh(TriangleMesh mesh);
  const TriangleMesh& mesh() const { return mesh_; }
  const std::string& source() const { return source_; }
  void setSource(std::string source) { source_ = std::move(source); }
  // How the source file's coordinates become the mesh's (unit scale, up axis).
  const MeshImportOptions& sourceOptions() const { return sourceOptions_; }
  void setSourceOptions(const MeshImportOptions& options) { sourceOptions_ = options; }

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;

 private:
  void visitSourceOptions(FieldVisitor& v);

  TriangleMesh mesh_;
  std::shared_ptr<const MeshSignedDistance> distance_;  // immutable, shared by clones
  std::string source_;
  MeshImportOptions sourceOptions_;
  std::vector<double> positions_;  // file mirror of mesh_ (inline meshes)
  std::vector<int> triangles_;
};

}  // namespace flexure
