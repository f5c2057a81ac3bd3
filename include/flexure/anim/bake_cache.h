#pragma once
// Solved frames of an animation (issue 8, "bake cache"): a scene snapshot (Ψ and the solver
// state that is not in Ψ, never meshes) and the frame's statistics per frame. Every stored frame
// is valid: edits erase the frames they invalidate (invalidateFrom), so the cache never holds a
// stale frame.
//
// Memory is bounded by a byte budget. When storing a frame would exceed it, frames are evicted:
// first the frames that are not checkpoints (frame numbers not multiple of checkpointInterval),
// farthest from the playhead first; then checkpoints, farthest first. The frame being stored is
// never evicted. Keeping checkpoints longest means a frame evicted far from the playhead is
// re-baked from a nearby checkpoint, at most checkpointInterval - 1 frames of work.
//
// Thread safety: every member function locks; frames are handed out as shared pointers so a
// reader (the GUI showing a cached frame) keeps its frame even if it is evicted meanwhile.
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "flexure/anim/frame_solver.h"
#include "flexure/anim/scene_snapshot.h"

namespace flexure {

struct CachedFrame {
  SceneSnapshot state;
  FrameStats stats;
};

// An inclusive run of frames.
struct FrameRange {
  int first = 0;
  int last = -1;
  int count() const { return last - first + 1; }
  bool contains(int f) const { return f >= first && f <= last; }
  bool operator==(const FrameRange&) const = default;
};

class BakeCache {
 public:
  static constexpr std::size_t kDefaultBudget = std::size_t(256) << 20;  // 256 MiB
  explicit BakeCache(std::size_t byteBudget = kDefaultBudget, int checkpointInterval = 10);

  // Stores (or replaces) a frame, then evicts down to the budget.
  void store(int frame, SceneSnapshot state, FrameStats stats);
  std::shared_ptr<const CachedFrame> find(int frame) const;
  bool contains(int frame) const;
  // The latest cached frame at or before `frame`.
  std::optional<int> latestAtOrBefore(int frame) const;

  // Erases every frame >= frame.
  void invalidateFrom(int frame);
  void clear();

  // Contiguous runs of cached frames, in order (the timeline's cached-range bar).
  std::vector<FrameRange> cachedRanges() const;
  std::vector<int> frames() const;
  std::size_t frameCount() const;
  std::size_t bytesUsed() const;
  std::size_t byteBudget() const;
  void setByteBudget(std::size_t bytes);  // evicts immediately if needed
  int checkpointInterval() const { return checkpointInterval_; }
  // The frame the user looks at; eviction keeps the frames near it.
  void setPlayhead(int frame);
  int playhead() const;
  // Frames evicted for the budget since construction.
  std::size_t evictions() const;

 private:
  void evictToBudget(int keep);  // lock held
  bool isCheckpoint(int frame) const { return frame % checkpointInterval_ == 0; }
  mutable std::mutex mutex_;
  std::map<int, std::shared_ptr<const CachedFrame>> frames_;
  std::size_t bytes_ = 0;
  std::size_t budget_;
  int checkpointInterval_;
  int playhead_ = 0;
  std::size_t evictions_ = 0;
};

}  // namespace flexure
