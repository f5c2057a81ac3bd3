#pragma once
// The unit scale and up axis with which a mesh file's coordinates become scene coordinates
// (issue 15). One definition for every place a mesh file is read: File → Import and
// importMeshFile (interchange/mesh_import.h), and a `mesh` node whose "source" names a file
// (its "source_scale", "source_up" and "scene_up" fields, docs/scene-format.md).
//
// The map is p ↦ s · R p for positions and n ↦ sign(s) · R n for normals, where s is the unit
// scale and R the quarter turn that takes the file's up axis onto the scene's (the identity when
// they agree or the file's is None). A negative s mirrors, so the winding is reversed too.
#include <cstddef>
#include <string>
#include <string_view>

#include "flexure/core/triangle_mesh.h"
#include "flexure/core/vec.h"

namespace flexure {

enum class Axis { None, X, Y, Z };

struct MeshImportOptions {
  double scale = 1.0;        // file units to scene units (0.001: millimetres to metres)
  Axis fileUp = Axis::None;  // the file's up axis; None keeps the coordinates as they are
  Axis sceneUp = Axis::Z;    // where fileUp goes (a 90° rotation about fileUp × sceneUp)

  friend bool operator==(const MeshImportOptions&, const MeshImportOptions&) = default;
};

// "x", "y", "z" or "none" (any case); false otherwise.
bool parseAxis(const std::string& text, Axis& axis);
// The lower-case name parseAxis reads: "x", "y", "z", "none".
std::string_view axisName(Axis axis);

// R v: a quarter turn about k = fileUp × sceneUp, R v = k × v + (k·v) k (Rodrigues with θ = 90°);
// v itself when the axes agree or either is None.
Vec3d turnUpAxis(const Vec3d& v, const MeshImportOptions& options);

// Maps the mesh's positions and normals by the options (above) and reverses its triangles'
// winding for a negative scale. Returns the index of the first vertex whose position is not
// finite afterwards (a huge coordinate times the scale), or kAllFinite when every one is.
inline constexpr std::size_t kAllFinite = static_cast<std::size_t>(-1);
std::size_t applyMeshImportOptions(TriangleMesh& mesh, const MeshImportOptions& options);

}  // namespace flexure
