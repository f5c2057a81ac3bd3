// Tessellation worker (geometry_builder.h).
#include "flexure/session/geometry_builder.h"

#include <algorithm>
#include <array>
#include <utility>

#include "flexure/core/param_access.h"
#include "flexure/render/overlay_builder.h"
#include "frame_mesh_pool.h"
#include "path_mesh_cache.h"

namespace flexure::session {

GeometryBuilder::GeometryBuilder(const Scene& document, TessellationOptions options)
    : GeometryBuilder(document, options, ExtraMeshes()) {}

GeometryBuilder::GeometryBuilder(const Scene& document, TessellationOptions options, ExtraMeshes extraMeshes)
    : extraMeshes_(std::move(extraMeshes)),
      options_(options),
      nextScene_(document.clone()),
      pool_(std::make_shared<FrameMeshPool>()) {
  thread_ = std::thread([this] { threadMain(); });
}

GeometryBuilder::~GeometryBuilder() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void GeometryBuilder::setScene(const Scene& document) {
  auto copy = document.clone();  // cloned on the caller's thread, outside the lock
  {
    std::lock_guard<std::mutex> lock(mutex_);
    nextScene_ = std::move(copy);
  }
  wake_.notify_one();
}

void GeometryBuilder::setOptions(const TessellationOptions& options) {
  std::lock_guard<std::mutex> lock(mutex_);
  options_ = options;
}

void GeometryBuilder::request(const Eigen::VectorXd& psi, std::uint64_t tag) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_ = Request{psi, tag};
  }
  wake_.notify_one();
}

void GeometryBuilder::threadMain() {
  std::unique_ptr<Scene> scene;
  PathMeshCache cache(pool_);
  std::uint64_t sequence = 0;
  for (;;) {
    std::optional<Request> job;
    TessellationOptions options;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || pending_.has_value(); });
      if (stop_) return;
      if (nextScene_) {
        scene = std::move(nextScene_);
        cache.reset(*scene);
      }
      job = std::move(pending_);
      pending_.reset();
      options = options_;
    }
    if (!scene || job->psi.size() != scene->parameters().size()) continue;
    scene->parameters().values() = job->psi;
    // A frame the GUI lets go gives its large meshes back for the next frames (frame_mesh_pool.h).
    std::shared_ptr<GeometryFrame> frame(new GeometryFrame, [pool = pool_](GeometryFrame* f) {
      pool->giveBack(f->meshes, f->revisions);
      delete f;
    });
    PathMeshCounts counts;
    frame->meshes = cache.tessellate(*scene, options, counts, frame->revisions);
    frame->pathsTessellated = counts.tessellated;
    frame->pathsPlaced = counts.placed;
    frame->pathsBroughtUpToDate = counts.broughtUpToDate;
    frame->pathsDeformedWhereChanged = counts.deformedWhereChanged;
    OverlayBuildOptions overlayOptions;  // glyphs sized by the model just built
    for (const TriangleMesh& mesh : frame->meshes) overlayOptions.modelBounds.extend(mesh.bounds());
    frame->overlays = std::make_shared<const OverlayGeometry>(buildOverlayGeometry(*scene, overlayOptions));
    frame->sceneMeshCount = frame->meshes.size();
    if (extraMeshes_) extraMeshes_(*scene, frame->meshes);
    frame->sequence = ++sequence;
    frame->tag = job->tag;
    frames_.publish(std::move(frame));
  }
}

}  // namespace flexure::session
