#include "frame_mesh_pool.h"

#include <algorithm>

namespace flexure::session {

void FrameMeshPool::giveBack(std::vector<TriangleMesh>& meshes, const std::vector<MeshRevision>& revisions) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (std::size_t i = 0; i < std::min(meshes.size(), revisions.size()); ++i) {
    if (meshes[i].positions.size() < kMinimumVertices ||
        !std::binary_search(wanted_.begin(), wanted_.end(), revisions[i].id))
      continue;
    if (kept_.size() >= kCapacity) kept_.erase(kept_.begin());
    kept_.emplace_back(revisions[i].id, std::move(meshes[i]));
  }
}

bool FrameMeshPool::take(const MeshRevision& revision, TriangleMesh& out, const std::vector<int>*& moved) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const MeshRevision::Since& since : revision.since) {
    const auto it = std::find_if(kept_.begin(), kept_.end(), [&](const auto& k) { return k.first == since.id; });
    if (it == kept_.end()) continue;
    out = std::move(it->second);
    kept_.erase(it);
    moved = since.moved.get();
    return true;
  }
  return false;
}

void FrameMeshPool::keepOnly(std::vector<std::uint64_t> wanted) {
  std::sort(wanted.begin(), wanted.end());
  std::lock_guard<std::mutex> lock(mutex_);
  wanted_ = std::move(wanted);
  std::erase_if(kept_, [&](const auto& k) { return !std::binary_search(wanted_.begin(), wanted_.end(), k.first); });
}

std::size_t FrameMeshPool::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return kept_.size();
}

}  // namespace flexure::session
