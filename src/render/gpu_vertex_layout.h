#pragma once
// The one vertex layout of Flexure's GPU storage: six floats per vertex, attribute 0 a position
// and attribute 1 a normal (meshes) or a colour (lines), shared by GpuMesh, GpuMeshBatch and
// GpuLines so the shaders' attribute locations are laid out in one place.
#include <cstddef>
#include <vector>

#include "flexure/core/triangle_mesh.h"
#include "gl_api.h"
#include "gl_name.h"

namespace flexure::render_detail {

// `source` when it has a normal per vertex, else `scratch` filled with a copy given vertex normals.
const TriangleMesh& meshWithNormals(const TriangleMesh& source, TriangleMesh& scratch);

// Appends position and normal of every vertex of `mesh` (which has a normal per vertex).
void appendPositionsAndNormals(const TriangleMesh& mesh, std::vector<float>& vertices);
// The same for vertices [first, first + count) only.
void appendPositionsAndNormals(const TriangleMesh& mesh, std::size_t first, std::size_t count,
                               std::vector<float>& vertices);

// Overwrites rows [firstRow, firstRow + vertices.size() / 6) of `buffer`, filled before by
// uploadSixFloatVertices: the rows of the vertices a frame moved, the others left as they are.
void writeSixFloatRows(GLuint buffer, std::size_t firstRow, const std::vector<float>& vertices);

// Fills `buffer` with `vertices` and points attributes 0 and 1 of the bound vertex array at it.
void uploadSixFloatVertices(GLuint buffer, const std::vector<float>& vertices);

// Draws the triangles of `indices` (into the vertices of `vertexArray`) through `scratch` as the
// element buffer, then binds the vertex array's own element buffer `indexBuffer` again: a
// partial frame's own selection of triangles (GpuMesh, GpuMeshBatch).
void drawIndexListThrough(GLuint vertexArray, GLuint indexBuffer, const std::vector<unsigned>& indices,
                          GlBuffer& scratch);

}  // namespace flexure::render_detail
