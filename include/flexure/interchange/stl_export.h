#pragma once
// Binary STL of tessellated meshes, for printing the solved part (issue 15): an 80-byte header,
// the triangle count, then per triangle its unit facet normal, three vertices (float32,
// counter-clockwise seen from outside) and a zero attribute word. Written atomically; throws
// SaveError on NaN or infinity.
#include <cstddef>
#include <string>
#include <vector>

#include "flexure/core/triangle_mesh.h"

namespace flexure {

std::string meshesToBinaryStl(const std::vector<TriangleMesh>& meshes);
// Returns the bytes written.
std::size_t writeBinaryStlFile(const std::vector<TriangleMesh>& meshes, const std::string& path);

}  // namespace flexure
