#include "flexure/core/mesh_revision.h"

#include <algorithm>
#include <atomic>
#include <iterator>

namespace flexure {

std::uint64_t newMeshRevisionId() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

MeshRevision nextMeshRevision(const MeshRevision& previous, std::vector<int> moved, std::size_t depth) {
  MeshRevision next;
  next.id = newMeshRevisionId();
  if (previous.id == 0 || depth == 0) return next;
  auto shared = std::make_shared<const std::vector<int>>(std::move(moved));
  next.since.push_back({previous.id, shared});
  for (const MeshRevision::Since& s : previous.since) {
    if (next.since.size() >= depth) break;
    std::vector<int> joined;
    joined.reserve(s.moved->size() + shared->size());
    std::set_union(s.moved->begin(), s.moved->end(), shared->begin(), shared->end(), std::back_inserter(joined));
    next.since.push_back({s.id, std::make_shared<const std::vector<int>>(std::move(joined))});
  }
  return next;
}

}  // namespace flexure
