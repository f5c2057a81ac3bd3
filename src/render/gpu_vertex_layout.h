#pragma once
// The one vertex layout of Flexure's GPU storage: six floats per vertex, attribute 0 a position
// and attribute 1 a normal (meshes) or a colour (lines), shared by GpuMesh, GpuMeshBatch and
// GpuLines so the shaders' attribute locations are laid out in one place.
#include <vector>

#include "flexure/core/triangle_mesh.h"
#include "gl_api.h"

namespace flexure::render_detail {

// `source` when it has a normal per vertex, else `scratch` filled with a copy given vertex normals.
const TriangleMesh& meshWithNormals(const TriangleMesh& source, TriangleMesh& scratch);

// Appends position and normal of every vertex of `mesh` (which has a normal per vertex).
void appendPositionsAndNormals(const TriangleMesh& mesh, std::vector<float>& vertices);

// Fills `buffer` with `vertices` and points attributes 0 and 1 of the bound vertex array at it.
void uploadSixFloatVertices(GLuint buffer, const std::vector<float>& vertices);

}  // namespace flexure::render_detail
