#pragma once
// Geometry for display off the GUI thread (DESIGN.md "Threads"): a worker tessellates the scene
// (tessellation.h, which also runs metaball deformation through applyBatch) from a Ψ snapshot
// and publishes the newest meshes through a latest-value buffer. Requests are latest-value too:
// a request made while the worker is busy replaces any request still waiting, so the worker
// always draws the newest Ψ and never falls behind.
//
//   GeometryBuilder builder(document);            // own copy of the structure
//   builder.request(result->psi, result->sequence);
//   if (auto g = builder.latest(); g && g->sequence != drawn) upload(g->meshes);
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "flexure/core/mesh_revision.h"
#include "flexure/core/scene.h"
#include "flexure/core/tessellation.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/render/overlay_geometry.h"
#include "flexure/session/latest_value.h"

namespace flexure::session {

struct GeometryFrame {
  std::uint64_t sequence = 0;  // increases per built frame
  std::uint64_t tag = 0;       // the caller's tag of the Ψ it was built from (e.g. result sequence)
  std::vector<TriangleMesh> meshes;
  // meshes[0, sceneMeshCount) tessellate the scene's leaves; any after them are the caller's
  // ExtraMeshes.
  std::size_t sceneMeshCount = 0;
  // One per scene mesh: its revision, and which of its vertices moved since the same path's
  // meshes of recent frames when only vertices moved (a deformer dragged), so that the viewport
  // updates its copy there instead of comparing the meshes (mesh_revision.h). A mesh equal to
  // the one of the frame before keeps its revision id.
  std::vector<MeshRevision> revisions;
  // How many of the scene's paths were tessellated (and merged) anew for this frame, and how many
  // only moved: their leaf-side mesh kept, placed anew (tessellation.h, placementStart). The
  // others' Ψ entries were those of the frame before, and so were their meshes.
  std::size_t pathsTessellated = 0;
  std::size_t pathsPlaced = 0;
  // Of the paths tessellated, those whose mesh is an earlier frame's brought up to date at the
  // vertices that moved since (a deformer dragged: frame_mesh_pool.h), not a copy.
  std::size_t pathsBroughtUpToDate = 0;
  // Of the paths tessellated, those whose sheet was deformed again only where the dragged
  // deformer's change reaches (Operator::changedRegion), the rest of it kept.
  std::size_t pathsDeformedWhereChanged = 0;
  // Constraint glyphs, control polygons, influence volumes of the same Ψ (overlay_builder.h).
  std::shared_ptr<const OverlayGeometry> overlays;
};

// Meshes a caller wants drawn after the scene's (the app's metaball handle spheres), appended
// on the worker from the same scene and Ψ as the frame's meshes, so that the GUI thread does
// not copy the scene meshes to add them. Called on the worker thread only.
using ExtraMeshes = std::function<void(const Scene& scene, std::vector<TriangleMesh>& meshes)>;

class FrameMeshPool;  // frame_mesh_pool.h

class GeometryBuilder {
 public:
  explicit GeometryBuilder(const Scene& document, TessellationOptions options = {});
  GeometryBuilder(const Scene& document, TessellationOptions options, ExtraMeshes extraMeshes);
  ~GeometryBuilder();
  GeometryBuilder(const GeometryBuilder&) = delete;
  GeometryBuilder& operator=(const GeometryBuilder&) = delete;

  // The structure changed: the worker tessellates a fresh clone from now on.
  void setScene(const Scene& document);
  // How the following frames are tessellated (the viewport merges affine cells unless it draws
  // a wireframe); ask for a frame afterwards to see it.
  void setOptions(const TessellationOptions& options);
  // Asks for meshes of Ψ = psi (ignored by the worker if its size does not match the structure).
  void request(const Eigen::VectorXd& psi, std::uint64_t tag);
  std::shared_ptr<const GeometryFrame> latest() const { return frames_.latest(); }
  // Called on the worker thread after each new frame (LatestValue::setNotifier).
  void setNotifier(std::function<void()> notify) { frames_.setNotifier(std::move(notify)); }

 private:
  struct Request {
    Eigen::VectorXd psi;
    std::uint64_t tag = 0;
  };
  void threadMain();

  const ExtraMeshes extraMeshes_;  // set before the worker starts, read by it only
  std::mutex mutex_;  // guards the fields below
  TessellationOptions options_;
  std::condition_variable wake_;
  std::unique_ptr<Scene> nextScene_;
  std::optional<Request> pending_;
  bool stop_ = false;

  // Meshes of frames let go, for the worker to bring up to date instead of copying (shared with
  // the frames' deleters: a frame may outlive the builder).
  const std::shared_ptr<FrameMeshPool> pool_;
  LatestValue<GeometryFrame> frames_;
  std::thread thread_;
};

}  // namespace flexure::session
