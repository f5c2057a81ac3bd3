#include "flexure/anim/bake_cache.h"

#include <cstdlib>
#include <tuple>

namespace flexure {

namespace {
std::size_t frameBytes(const CachedFrame& f) {
  return f.state.bytes() + sizeof(CachedFrame) + f.stats.reports.size() * sizeof(SolveReport);
}
}  // namespace

BakeCache::BakeCache(std::size_t byteBudget, int checkpointInterval)
    : budget_(byteBudget), checkpointInterval_(checkpointInterval > 0 ? checkpointInterval : 1) {}

void BakeCache::store(int frame, SceneSnapshot state, FrameStats stats) {
  // Reports are kept without their per-constraint residual lists: the figures are enough for
  // the timeline and for --stats, and residual lists grow with the scene.
  for (SolveReport& r : stats.reports) r.residuals.clear();
  auto cached = std::make_shared<const CachedFrame>(CachedFrame{std::move(state), std::move(stats)});
  std::lock_guard lock(mutex_);
  if (auto it = frames_.find(frame); it != frames_.end()) {
    bytes_ -= frameBytes(*it->second);
    frames_.erase(it);
  }
  bytes_ += frameBytes(*cached);
  frames_[frame] = std::move(cached);
  evictToBudget(frame);
}

void BakeCache::evictToBudget(int keep) {
  while (bytes_ > budget_ && frames_.size() > 1) {
    // Candidate: non-checkpoints before checkpoints, then farthest from the playhead, then the
    // later frame (a later frame is cheaper to lose: it is re-baked from an earlier one).
    auto victim = frames_.end();
    auto rank = [&](int f) { return std::make_tuple(!isCheckpoint(f), std::abs(f - playhead_), f); };
    for (auto it = frames_.begin(); it != frames_.end(); ++it)
      if (it->first != keep && (victim == frames_.end() || rank(it->first) > rank(victim->first))) victim = it;
    if (victim == frames_.end()) break;
    bytes_ -= frameBytes(*victim->second);
    frames_.erase(victim);
    ++evictions_;
  }
}

std::shared_ptr<const CachedFrame> BakeCache::find(int frame) const {
  std::lock_guard lock(mutex_);
  auto it = frames_.find(frame);
  return it == frames_.end() ? nullptr : it->second;
}

bool BakeCache::contains(int frame) const {
  std::lock_guard lock(mutex_);
  return frames_.count(frame) > 0;
}

std::optional<int> BakeCache::latestAtOrBefore(int frame) const {
  std::lock_guard lock(mutex_);
  auto it = frames_.upper_bound(frame);
  if (it == frames_.begin()) return std::nullopt;
  return std::prev(it)->first;
}

void BakeCache::invalidateFrom(int frame) {
  std::lock_guard lock(mutex_);
  for (auto it = frames_.lower_bound(frame); it != frames_.end();) {
    bytes_ -= frameBytes(*it->second);
    it = frames_.erase(it);
  }
}

void BakeCache::clear() {
  std::lock_guard lock(mutex_);
  frames_.clear();
  bytes_ = 0;
}

std::vector<FrameRange> BakeCache::cachedRanges() const {
  std::lock_guard lock(mutex_);
  std::vector<FrameRange> out;
  for (const auto& [f, data] : frames_) {
    if (!out.empty() && out.back().last + 1 == f)
      out.back().last = f;
    else
      out.push_back({f, f});
  }
  return out;
}

std::vector<int> BakeCache::frames() const {
  std::lock_guard lock(mutex_);
  std::vector<int> out;
  for (const auto& [f, data] : frames_) out.push_back(f);
  return out;
}

std::size_t BakeCache::frameCount() const {
  std::lock_guard lock(mutex_);
  return frames_.size();
}

std::size_t BakeCache::bytesUsed() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

std::size_t BakeCache::byteBudget() const {
  std::lock_guard lock(mutex_);
  return budget_;
}

void BakeCache::setByteBudget(std::size_t bytes) {
  std::lock_guard lock(mutex_);
  budget_ = bytes;
  evictToBudget(playhead_);
}

void BakeCache::setPlayhead(int frame) {
  std::lock_guard lock(mutex_);
  playhead_ = frame;
}

int BakeCache::playhead() const {
  std::lock_guard lock(mutex_);
  return playhead_;
}

std::size_t BakeCache::evictions() const {
  std::lock_guard lock(mutex_);
  return evictions_;
}

}  // namespace flexure
