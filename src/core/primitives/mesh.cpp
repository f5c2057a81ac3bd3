#include "flexure/core/primitives/mesh.h"

#include <charconv>
#include <cmath>
#include <string>

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

MeshPrimitive::MeshPrimitive() : distance_(std::make_shared<MeshSignedDistance>(mesh_)) {}

std::unique_ptr<Node> MeshPrimitive::cloneNode() const {
  auto copy = std::make_unique<MeshPrimitive>();
  copy->mesh_ = mesh_;
  copy->distance_ = distance_;
  copy->source_ = source_;
  copy->sourceOptions_ = sourceOptions_;
  copy->positions_ = positions_;
  copy->triangles_ = triangles_;
  return copy;
}

void MeshPrimitive::setMesh(TriangleMesh mesh) {
  mesh_ = std::move(mesh);
  if (mesh_.normals.size() != mesh_.positions.size()) mesh_.computeVertexNormals();
  distance_ = std::make_shared<MeshSignedDistance>(mesh_);
}

namespace {

// Shortest text that reads back to the same double ("0.001", "-2", "0").
std::string numberText(double x) {
  char buffer[32];
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, r.ptr);
}

}  // namespace

// "source_scale", "source_up", "scene_up": File → Import's unit scale and axes, for the file
// named by "source". Axes are written as their names; a reader gets the name and parses it.
void MeshPrimitive::visitSourceOptions(FieldVisitor& v) {
  MeshImportOptions read = sourceOptions_;
  v.field("source_scale", read.scale);
  std::string fileUp(axisName(read.fileUp)), sceneUp(axisName(read.sceneUp));
  v.field("source_up", fileUp);
  v.field("scene_up", sceneUp);
  if (!v.isReading()) return;
  // The import dialog offers 1e-6 to 1e6; any positive finite factor is meaningful. A mirror is
  // a scale operator above the mesh, where the solver and the viewport see it.
  if (!(read.scale > 0.0) || !std::isfinite(read.scale))
    throw FieldError::about("source_scale", "source_scale must be a positive finite number (file units to scene units: "
                                            "0.001 reads millimetres as metres), found " + numberText(read.scale));
  if (!parseAxis(fileUp, read.fileUp))
    throw FieldError::about("source_up", "unknown axis \"" + fileUp + "\" for source_up (expected \"x\", \"y\", \"z\" or \"none\")");
  if (!parseAxis(sceneUp, read.sceneUp) || read.sceneUp == Axis::None)
    throw FieldError::about("scene_up", "unknown axis \"" + sceneUp + "\" for scene_up (expected \"x\", \"y\" or \"z\")");
  sourceOptions_ = read;
}

void MeshPrimitive::visitFields(FieldVisitor& v) {
  if (!v.isReading()) {
    // Inline geometry is written only for meshes that have no source file.
    positions_.clear();
    triangles_.clear();
    if (source_.empty()) {
      for (const Vec3d& p : mesh_.positions) positions_.insert(positions_.end(), {p.x, p.y, p.z});
      for (const auto& t : mesh_.triangles) triangles_.insert(triangles_.end(), t.begin(), t.end());
    }
  }
  v.field("source", source_);
  if (v.isReading() || !source_.empty()) visitSourceOptions(v);
  v.field("positions", positions_, MaxItems{3 * static_cast<std::size_t>(kMaxVertices)});
  v.field("triangles", triangles_, MaxItems{3 * static_cast<std::size_t>(kMaxTriangles)});
  if (!v.isReading()) return;
  // The unit scale and axes describe the source file; an inline mesh is already in scene units.
  if (source_.empty() && sourceOptions_ != MeshImportOptions{})
    throw FieldError::about(sourceOptions_.scale != 1.0 ? "source_scale" : sourceOptions_.fileUp != Axis::None ? "source_up" : "scene_up",
                            "mesh: \"source_scale\", \"source_up\" and \"scene_up\" describe the file named by \"source\"; "
                            "this mesh has none (its positions are in scene units)");
  if (positions_.empty()) return;
  // A mesh read from a file is saved as that file's name: inline geometry given to it would be
  // shown, then lost on the next save and load.
  if (!source_.empty())
    throw FieldError::about("positions", "mesh: \"positions\" and \"triangles\" are for inline meshes; this one comes from \"" + source_ +
                     "\" (clear \"source\" to edit its geometry inline)");
  if (positions_.size() % 3 != 0) throw FieldError::about("positions", "mesh: \"positions\" must hold x, y, z triples");
  if (triangles_.size() % 3 != 0) throw FieldError::about("triangles", "mesh: \"triangles\" must hold index triples");
  const int vertices = static_cast<int>(positions_.size() / 3);
  TriangleMesh mesh;
  for (std::size_t i = 0; i < positions_.size(); i += 3)
    mesh.positions.emplace_back(positions_[i], positions_[i + 1], positions_[i + 2]);
  for (std::size_t i = 0; i < triangles_.size(); i += 3) {
    for (std::size_t k = 0; k < 3; ++k)
      if (triangles_[i + k] < 0 || triangles_[i + k] >= vertices)
        throw FieldError::about("triangles", "mesh: triangle index " + std::to_string(triangles_[i + k]) + " is out of range (" +
                         std::to_string(vertices) + " positions)");
    mesh.triangles.push_back({triangles_[i], triangles_[i + 1], triangles_[i + 2]});
  }
  setMesh(std::move(mesh));
}

void MeshPrimitive::tessellate(const ParamAccess<double>&, int, TriangleMesh& out) const { out.append(mesh_); }

Bounds3 MeshPrimitive::bounds(const ParamAccess<double>&) const { return mesh_.bounds(); }

template <class S>
Vec3<S> MeshPrimitive::positionT(const ParamAccess<S>&, int patch, const S& u, const S& v) const {
  if (patch < 0 || patch >= mesh_.triangleCount()) return {};
  const auto& t = mesh_.triangles[static_cast<std::size_t>(patch)];
  const Vec3d& a = mesh_.positions[static_cast<std::size_t>(t[0])];
  const Vec3d b = mesh_.positions[static_cast<std::size_t>(t[1])] - a;
  const Vec3d c = mesh_.positions[static_cast<std::size_t>(t[2])] - a;
  // Fold the unit square onto the triangle along its diagonal u + v = 1.
  const bool folded = value(u) + value(v) > 1.0;
  const S s = folded ? 1.0 - v : u, r = folded ? 1.0 - u : v;
  return {a.x + s * b.x + r * c.x, a.y + s * b.y + r * c.y, a.z + s * b.z + r * c.z};
}

template <class S>
Vec3<S> MeshPrimitive::normalT(const ParamAccess<S>&, int patch, const S&, const S&) const {
  if (patch < 0 || patch >= mesh_.triangleCount()) return {};
  return Vec3<S>::from(distance_->faceNormal(patch));
}

// On a face the signed distance is the distance to the face's plane (gradient: the face normal);
// on an edge or a vertex it is ±|x - c| with the closest point c held fixed, whose gradient
// (x - c)/|x - c| is the exact one.
template <class S>
S MeshPrimitive::implicitT(const ParamAccess<S>&, const Vec3<S>& x) const {
  if (distance_->empty()) return S(1e300);
  const MeshSignedDistance::Closest c = distance_->closest(valueOf(x));
  const Vec3<S> d = x - Vec3<S>::from(c.point);
  if (c.feature == MeshSignedDistance::Feature::Face) return dot(d, Vec3<S>::from(c.pseudoNormal));
  const S distance = safeNorm(d);
  return c.distance < 0.0 ? -distance : distance;
}

#define INSTANTIATE(S)                                      \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(MeshPrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(MeshPrimitive, S)   \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(MeshPrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
