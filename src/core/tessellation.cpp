#include "flexure/core/tessellation.h"

#include <cmath>
#include <utility>

#include "flexure/core/affine_grid_lines.h"
#include "flexure/core/operator.h"
#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

// Operators carry normals through J^{-T}, which keeps them outward; but an operator with a
// negative Jacobian determinant (a mirroring scale) reverses the triangles' winding. Restore
// counter-clockwise-from-outside when the winding disagrees with the normals overall.
void orientWindingWithNormals(TriangleMesh& mesh) {
  if (mesh.normals.size() != mesh.positions.size()) return;
  double agreement = 0.0;
  for (const auto& t : mesh.triangles) agreement += windingTerm(mesh, t);
  if (!(agreement >= 0.0)) turnWinding(mesh);
}

}  // namespace

double windingTerm(const TriangleMesh& mesh, const std::array<int, 3>& t) {
  const Vec3d& a = mesh.positions[static_cast<std::size_t>(t[0])];
  const Vec3d& b = mesh.positions[static_cast<std::size_t>(t[1])];
  const Vec3d& c = mesh.positions[static_cast<std::size_t>(t[2])];
  const Vec3d n = mesh.normals[static_cast<std::size_t>(t[0])] + mesh.normals[static_cast<std::size_t>(t[1])] +
                  mesh.normals[static_cast<std::size_t>(t[2])];
  return dot(cross(b - a, c - a), n);
}

bool windingAgrees(const std::vector<double>& terms) {
  double agreement = 0.0;
  for (double term : terms) agreement += term;
  return agreement >= 0.0;
}

void turnWinding(TriangleMesh& mesh) {
  for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
}

TriangleMesh tessellatePath(const Path& path, const ParamAccess<double>& params, const TessellationOptions& options) {
  // Unmerged, where the path is split does not matter: all of it is the inner part.
  const std::size_t start = options.mergeAffineCells ? placementStart(path, params) : path.operators.size();
  TriangleMesh mesh = tessellatePathInner(path, params, start, options);
  placeOnPath(mesh, path, params, start);
  return mesh;
}

namespace {

// T(x) = translation + rotation·(s x) with |s| the same on every axis: angles, planes and the
// affinity of every field are kept (a mirror included).
bool isSimilarity(const Operator& op, const ParamAccess<double>& params) {
  if (op.isIdentity()) return true;
  if (!op.isTrs()) return false;
  const Vec3d s = op.trs(params).scale;
  return std::abs(s.x) == std::abs(s.y) && std::abs(s.y) == std::abs(s.z) && s.x != 0.0;
}

void applyOperators(std::vector<Vec3d>& positions, std::vector<Vec3d>& normals, const Path& path,
                    const ParamAccess<double>& params, std::size_t first, std::size_t end) {
  for (std::size_t k = first; k < end && k < path.operators.size(); ++k)
    path.operators[k]->applyBatch(params, positions, normals);
}

}  // namespace

std::size_t placementStart(const Path& path, const ParamAccess<double>& params) {
  std::size_t start = path.operators.size();
  while (start > 0 && isSimilarity(*path.operators[start - 1], params)) --start;
  return start;
}

TriangleMesh tessellateLeaf(const Path& path, const ParamAccess<double>& params, const TessellationOptions& options) {
  TriangleMesh mesh;
  // In the primitive's own space (Appendix A: P^{i,1} = P^{L^i}) ...
  path.leaf->tessellate(params, options.resolution, mesh);
  if (mesh.normals.size() != mesh.positions.size()) mesh.computeVertexNormals();
  return mesh;
}

void applyPlacement(std::vector<Vec3d>& positions, std::vector<Vec3d>& normals, const Path& path,
                    const ParamAccess<double>& params, std::size_t start) {
  applyOperators(positions, normals, path, params, start, path.operators.size());
}

void applyInnerOperators(std::vector<Vec3d>& positions, std::vector<Vec3d>& normals, const Path& path,
                         const ParamAccess<double>& params, std::size_t start) {
  // ... then through each operator, leaf to root (P^{i,j} = T^{i,j}(P^{i,j-1}), N by J^{-T}).
  applyOperators(positions, normals, path, params, 0, start);
}

void finishPathInner(TriangleMesh& mesh, const Path& path, const ParamAccess<double>& params, std::size_t start,
                     const TessellationOptions& options) {
  applyInnerOperators(mesh.positions, mesh.normals, path, params, start);
  if (options.mergeAffineCells) dropAffineGridLines(mesh);
  mesh.name = path.leaf->name();
}

TriangleMesh tessellatePathInner(const Path& path, const ParamAccess<double>& params, std::size_t start,
                                 const TessellationOptions& options) {
  TriangleMesh mesh = tessellateLeaf(path, params, options);
  finishPathInner(mesh, path, params, start, options);
  return mesh;
}

void placeOnPath(TriangleMesh& mesh, const Path& path, const ParamAccess<double>& params, std::size_t start) {
  applyPlacement(mesh.positions, mesh.normals, path, params, start);
  orientWindingWithNormals(mesh);
}

TriangleMesh tessellatePathBelow(const Path& path, const ParamAccess<double>& params, std::size_t operatorCount,
                                 const TessellationOptions& options) {
  TriangleMesh mesh = tessellatePathInner(path, params, operatorCount, options);
  orientWindingWithNormals(mesh);
  return mesh;
}

std::vector<TriangleMesh> tessellateScene(const Scene& scene, const TessellationOptions& options) {
  const ValueAccess values(scene.parameters().values());
  std::vector<TriangleMesh> meshes;
  for (const Path& path : scene.paths()) meshes.push_back(tessellatePath(path, values, options));
  return meshes;
}

}  // namespace flexure
