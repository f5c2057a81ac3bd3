#include "flexure/core/mesh_import_options.h"

#include <cctype>
#include <utility>

namespace flexure {

namespace {

Vec3d axisVector(Axis a) {
  switch (a) {
    case Axis::X: return {1, 0, 0};
    case Axis::Y: return {0, 1, 0};
    case Axis::Z: return {0, 0, 1};
    case Axis::None: break;
  }
  return {};
}

}  // namespace

bool parseAxis(const std::string& text, Axis& axis) {
  std::string t = text;
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "x") axis = Axis::X;
  else if (t == "y") axis = Axis::Y;
  else if (t == "z") axis = Axis::Z;
  else if (t == "none") axis = Axis::None;
  else return false;
  return true;
}

std::string_view axisName(Axis axis) {
  switch (axis) {
    case Axis::X: return "x";
    case Axis::Y: return "y";
    case Axis::Z: return "z";
    case Axis::None: break;
  }
  return "none";
}

Vec3d turnUpAxis(const Vec3d& v, const MeshImportOptions& o) {
  if (o.fileUp == Axis::None || o.sceneUp == Axis::None || o.fileUp == o.sceneUp) return v;
  const Vec3d k = cross(axisVector(o.fileUp), axisVector(o.sceneUp));
  return cross(k, v) + dot(k, v) * k;
}

std::size_t applyMeshImportOptions(TriangleMesh& mesh, const MeshImportOptions& options) {
  std::size_t firstBad = kAllFinite;
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    Vec3d& p = mesh.positions[i];
    p = turnUpAxis(p, options) * options.scale;
    if (firstBad == kAllFinite && !isFinite(p)) firstBad = i;
  }
  // R is a rotation, so normals stay unit; a mirror (s < 0) turns them round with the winding.
  for (Vec3d& n : mesh.normals) {
    n = turnUpAxis(n, options);
    if (options.scale < 0) n = -n;
  }
  if (options.scale < 0)
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
  return firstBad;
}

}  // namespace flexure
