// Tessellation worker (geometry_builder.h).
#include "flexure/session/geometry_builder.h"

#include <utility>

#include "flexure/core/param_access.h"
#include "flexure/render/overlay_builder.h"

namespace flexure::session {

GeometryBuilder::GeometryBuilder(const Scene& document, TessellationOptions options)
    : GeometryBuilder(document, options, ExtraMeshes()) {}

GeometryBuilder::GeometryBuilder(const Scene& document, TessellationOptions options, ExtraMeshes extraMeshes)
    : extraMeshes_(std::move(extraMeshes)), options_(options), nextScene_(document.clone()) {
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

namespace {

// The meshes of the previous frame by path, with the values of the Ψ entries each path reads
// (Path::parameterIndices): a path whose entries are unchanged tessellates to the same mesh, so
// a drag that moves one part re-tessellates that part only (a mold's walls, a pipe's fixed
// neighbours, a mechanism's frame).
class PathMeshCache {
 public:
  void reset(const Scene& scene) {
    entries_.clear();
    for (const Path& path : scene.paths()) entries_.push_back({path.parameterIndices(), {}, {}, false});
  }

  // The scene's meshes for its current Ψ; `tessellated` counts the paths tessellated anew.
  std::vector<TriangleMesh> tessellate(const Scene& scene, const TessellationOptions& options, std::size_t& tessellated) {
    tessellated = 0;
    if (options.resolution != options_.resolution || options.mergeAffineCells != options_.mergeAffineCells)
      for (Entry& e : entries_) e.valid = false;
    options_ = options;
    const Eigen::VectorXd& psi = scene.parameters().values();
    const ValueAccess values(psi);
    std::vector<TriangleMesh> meshes;
    const std::vector<Path>& paths = scene.paths();
    meshes.reserve(paths.size());
    for (std::size_t k = 0; k < paths.size(); ++k) {
      Entry& e = entries_[k];
      bool same = e.valid;
      for (std::size_t j = 0; j < e.indices.size() && same; ++j) same = e.values[j] == psi[e.indices[j]];
      if (!same) {
        e.values.resize(e.indices.size());
        for (std::size_t j = 0; j < e.indices.size(); ++j) e.values[j] = psi[e.indices[j]];
        e.mesh = tessellatePath(paths[k], values, options);
        e.valid = true;
        ++tessellated;
      }
      meshes.push_back(e.mesh);
    }
    return meshes;
  }

 private:
  struct Entry {
    std::vector<int> indices;
    std::vector<double> values;
    TriangleMesh mesh;
    bool valid = false;
  };
  std::vector<Entry> entries_;
  TessellationOptions options_;
};

}  // namespace

void GeometryBuilder::threadMain() {
  std::unique_ptr<Scene> scene;
  PathMeshCache cache;
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
    auto frame = std::make_shared<GeometryFrame>();
    frame->meshes = cache.tessellate(*scene, options, frame->pathsTessellated);
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
