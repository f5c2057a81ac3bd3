// Tessellation worker (geometry_builder.h).
#include "flexure/session/geometry_builder.h"

#include <algorithm>
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

// The meshes of the previous frame by path, in two parts (tessellation.h): the leaf-side mesh,
// merged, with the values of the Ψ entries it reads (the leaf's and those of the operators below
// the path's placement, and their dependencies), and the placed mesh with the values of the
// placement's entries. A path whose entries are unchanged keeps its mesh; one that only moved
// (a pipe dragged, a mechanism turning, a solid of a chain) is placed again without being
// tessellated and merged again.
class PathMeshCache {
 public:
  void reset(const Scene& scene) {
    entries_.assign(scene.paths().size(), Entry{});
  }

  // The scene's meshes for its current Ψ; counts the paths tessellated anew and those only
  // placed anew.
  std::vector<TriangleMesh> tessellate(const Scene& scene, const TessellationOptions& options, std::size_t& tessellated,
                                       std::size_t& placed) {
    tessellated = placed = 0;
    if (options.resolution != options_.resolution || options.mergeAffineCells != options_.mergeAffineCells)
      for (Entry& e : entries_) e = Entry{};
    options_ = options;
    const Eigen::VectorXd& psi = scene.parameters().values();
    const ValueAccess values(psi);
    std::vector<TriangleMesh> meshes;
    const std::vector<Path> paths = scene.paths();
    meshes.reserve(paths.size());
    for (std::size_t k = 0; k < paths.size() && k < entries_.size(); ++k) {
      const Path& path = paths[k];
      Entry& e = entries_[k];
      const std::size_t start = placementStart(path, values);
      if (!e.indexed || e.start != start) {
        e = Entry{};
        e.start = start;
        e.innerIndices = indicesOf(innerNodes(path, start));
        e.outerIndices = indicesOf(outerNodes(path, start));
        e.leafIndices = indicesOf(leafNodes(path));
        e.indexed = true;
      }
      const bool valuesSame = e.innerValid && same(e.innerIndices, e.innerValues, psi);
      const bool innerSame = valuesSame && e.innerHeld;
      e.changesInARow = valuesSame ? 0 : e.changesInARow + 1;
      // With no placement, the placed mesh is the inner one with its winding restored: kept as
      // one mesh, so that a frame copies it once (a 10^6-triangle sheet is 60 MB a copy).
      const bool placedIsInner = start == path.operators.size();
      if (!innerSame) {
        e.inner = leafMesh(e, path, values, psi, options);
        finishPathInner(e.inner, path, values, start, options);
        if (placedIsInner) placeOnPath(e.inner, path, values, start);
        e.innerValues = read(e.innerIndices, psi);
        e.innerValid = e.innerHeld = true;
        e.placedValid = false;
        ++tessellated;
      }
      if (placedIsInner) {
        handOverInner(e, meshes);
        continue;
      }
      if (!e.placedValid || !same(e.outerIndices, e.outerValues, psi)) {
        e.placed = e.inner;
        placeOnPath(e.placed, path, values, start);
        e.outerValues = read(e.outerIndices, psi);
        if (innerSame) ++placed;
        e.placedValid = true;
      }
      meshes.push_back(e.placed);
    }
    return meshes;
  }

 private:
  struct Entry {
    bool indexed = false;
    std::size_t start = 0;
    std::vector<int> innerIndices, outerIndices, leafIndices;
    std::vector<double> innerValues, outerValues, leafValues;
    TriangleMesh leaf, inner, placed;
    bool innerValid = false, placedValid = false, leafValid = false;
    bool innerHeld = false;  // `inner` holds the mesh of innerValues (not handed over to a frame)
    int changesInARow = 0;   // frames in a row whose inner entries changed (a drag of a deformer)
  };

  // The inner mesh of a path without placement into the frame: moved there when its entries
  // changed in the last two frames too (a deformer being dragged: the next frame will deform
  // the leaf again, so keeping this one would only cost a copy of it a frame), else copied.
  // A moved-out mesh whose entries then stay is made once more, and kept from then on.
  static void handOverInner(Entry& e, std::vector<TriangleMesh>& meshes) {
    if (e.changesInARow < 2) {
      meshes.push_back(e.inner);
      return;
    }
    meshes.push_back(std::move(e.inner));
    e.inner = TriangleMesh{};
    e.innerHeld = false;
  }

  // The primitive's own mesh (tessellateLeaf), tessellated again only when the entries it reads
  // changed: a drag of a deformer's parameters copies it instead of tessellating it again. Kept
  // only for paths with inner operators (without them the inner mesh changes with the leaf alone).
  static TriangleMesh leafMesh(Entry& e, const Path& path, const ValueAccess& values, const Eigen::VectorXd& psi,
                               const TessellationOptions& options) {
    if (e.start == 0) return tessellateLeaf(path, values, options);
    if (!e.leafValid || !same(e.leafIndices, e.leafValues, psi)) {
      e.leaf = tessellateLeaf(path, values, options);
      e.leafValues = read(e.leafIndices, psi);
      e.leafValid = true;
    }
    return e.leaf;
  }

  static void addWithDependencies(const Node* n, std::vector<const Node*>& out) {
    out.push_back(n);
    for (const Node* d : n->dependencies()) out.push_back(d);
  }
  static std::vector<const Node*> innerNodes(const Path& path, std::size_t start) {
    std::vector<const Node*> out;
    addWithDependencies(path.leaf, out);
    for (std::size_t k = 0; k < start; ++k) addWithDependencies(path.operators[k], out);
    return out;
  }
  static std::vector<const Node*> leafNodes(const Path& path) {
    std::vector<const Node*> out;
    addWithDependencies(path.leaf, out);
    return out;
  }
  static std::vector<const Node*> outerNodes(const Path& path, std::size_t start) {
    std::vector<const Node*> out;
    for (std::size_t k = start; k < path.operators.size(); ++k) addWithDependencies(path.operators[k], out);
    return out;
  }
  static std::vector<int> indicesOf(const std::vector<const Node*>& nodes) {
    std::vector<int> out;
    for (const Node* n : nodes)
      for (int i = 0; i < n->paramCount(); ++i) out.push_back(n->paramOffset() + i);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
  static std::vector<double> read(const std::vector<int>& indices, const Eigen::VectorXd& psi) {
    std::vector<double> out(indices.size());
    for (std::size_t j = 0; j < indices.size(); ++j) out[j] = psi[indices[j]];
    return out;
  }
  static bool same(const std::vector<int>& indices, const std::vector<double>& values, const Eigen::VectorXd& psi) {
    for (std::size_t j = 0; j < indices.size(); ++j)
      if (values[j] != psi[indices[j]]) return false;
    return true;
  }

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
    frame->meshes = cache.tessellate(*scene, options, frame->pathsTessellated, frame->pathsPlaced);
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
