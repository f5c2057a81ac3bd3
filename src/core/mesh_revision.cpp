#include "flexure/core/mesh_revision.h"

#include <algorithm>
#include <atomic>
#include <iterator>

namespace flexure {

std::uint64_t newMeshRevisionId() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

MeshRevision newMeshRevision() {
  MeshRevision r;
  r.id = newMeshRevisionId();
  return r;
}

MeshRevision nextMeshRevision(const MeshRevision& previous, std::vector<int> moved, std::size_t depth) {
  MeshRevision next;
  next.id = newMeshRevisionId();
  if (previous.id == 0 || depth == 0) return next;
  auto shared = std::make_shared<const std::vector<int>>(std::move(moved));
  next.since.push_back({previous.id, shared, nullptr});
  for (const MeshRevision::Since& s : previous.since) {
    if (next.since.size() >= depth) break;
    std::vector<int> joined;
    joined.reserve(s.moved->size() + shared->size());
    std::set_union(s.moved->begin(), s.moved->end(), shared->begin(), shared->end(), std::back_inserter(joined));
    next.since.push_back({s.id, std::make_shared<const std::vector<int>>(std::move(joined)), nullptr});
  }
  return next;
}

void describeStep(MeshRevision& next, const MeshRevision& previous, std::vector<Bounds3> stepDamage) {
  if (next.since.empty() || next.since[0].id != previous.id) return;
  auto damage = std::make_shared<const std::vector<Bounds3>>(std::move(stepDamage));
  next.since[0].damage = damage;
  for (std::size_t k = 1; k < next.since.size() && k - 1 < previous.since.size(); ++k) {
    const std::shared_ptr<const std::vector<Bounds3>>& earlier = previous.since[k - 1].damage;
    if (!earlier) break;  // not known since that revision, nor since any before it
    std::vector<Bounds3> joined(*earlier);
    joined.insert(joined.end(), damage->begin(), damage->end());
    next.since[k].damage = std::make_shared<const std::vector<Bounds3>>(std::move(joined));
  }
}

}  // namespace flexure
