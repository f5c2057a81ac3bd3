#pragma once
// Wavefront OBJ import and export.
//
// Import reads v, vn, vt and f; faces may be polygons (fan-triangulated from their first
// corner) and use any of the corner forms v, v/vt, v//vn, v/vt/vn, with positive (1-based) or
// negative (relative to the end of the list so far) indices. Comments, g, o, s, usemtl, mtllib
// and every other statement without triangles are skipped. Errors name the line and the column
// of the bad token.
// Each distinct (v, vt, vn) corner becomes one vertex of the TriangleMesh; meshes without vn
// get area-weighted vertex normals. A file larger than a scene's meshes may be (ObjLimits) is
// refused at the line that crosses the limit.
//
// Export writes one `o` group per mesh with v and vn (and vt when present), 1-based indices.
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/load_error.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/io/atomic_file.h"

namespace flexure {

// The most entries of each list of an OBJ file: v, vn, vt lines and distinct face corners
// (maxVertices), triangles after fan triangulation (maxTriangles). The defaults are the mesh
// primitive's limits (docs/scene-format.md, "Limits").
struct ObjLimits {
  int maxVertices = MeshPrimitive::kMaxVertices;
  int maxTriangles = MeshPrimitive::kMaxTriangles;
};

// Throws LoadError (file:line:column) on malformed input.
TriangleMesh parseObj(std::string_view text, const std::string& sourceName = "<string>", const ObjLimits& limits = {});
TriangleMesh readObjFile(const std::string& path);

// OBJ text for the meshes; `o` lines carry each mesh's name. Throws SaveError on NaN/inf.
std::string meshesToObj(const std::vector<TriangleMesh>& meshes);
// Written atomically.
void writeObjFile(const std::vector<TriangleMesh>& meshes, const std::string& path);

}  // namespace flexure
