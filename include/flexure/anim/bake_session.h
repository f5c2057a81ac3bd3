#pragma once
// One animation being played, scrubbed, baked and edited: a working scene, its initial state
// (the document's configuration, from which the start frame is solved), the resolved tracks, a
// FrameSolver and the BakeCache. The solver thread owns one; the GUI asks it to go to a frame,
// reads the cached ranges and bytes, and turns edits into applyEdit calls.
//
//   goToFrame(k)        cached: restore instantly. Not cached: restore the latest cached frame
//                       before k (or the initial state) and solve forward to k, storing every
//                       frame; cancellable between and inside frames.
//   showCachedFrame(k)  playback: restore k if cached, otherwise do nothing. Never solves, so
//                       what plays is exactly what was baked, at any playback rate.
//   bake(range)         fill every missing frame of the range (re-baking evicted frames).
//   applyEdit(...)      edits apply to the initial state (the document), then the frames from
//                       the edit's first invalid frame on are erased (invalidation.h).
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "flexure/anim/bake_cache.h"
#include "flexure/anim/frame_solver.h"
#include "flexure/anim/scene_snapshot.h"
#include "flexure/anim/track_binding.h"

namespace flexure {

class Constraint;
class Scene;
class TimelineSettings;

struct BakeProgress {
  int frame = 0;  // the frame just solved
  int done = 0;   // frames solved so far in this call
  int total = 0;  // frames this call will solve at most
  const FrameStats* stats = nullptr;
};
using BakeProgressCallback = std::function<void(const BakeProgress&)>;

struct BakeOutcome {
  std::optional<int> shownFrame;  // the frame the scene now holds (nothing: the initial state)
  int solvedFrames = 0;
  bool fromCache = false;  // the requested frame was restored from the cache
  bool cancelled = false;
};

class BakeSession {
 public:
  // `scene`'s current configuration becomes the initial state. Throws FieldError when a track
  // target does not resolve.
  explicit BakeSession(Scene& scene, const SolverRegistry& registry = SolverRegistry::instance(),
                       std::size_t byteBudget = BakeCache::kDefaultBudget, int checkpointInterval = 10);

  Scene& scene() { return scene_; }
  const TimelineSettings& timeline() const;
  BakeCache& cache() { return cache_; }
  const BakeCache& cache() const { return cache_; }
  const TrackBinding& binding() const { return binding_; }
  const SceneSnapshot& initialState() const { return initial_; }
  std::optional<int> shownFrame() const { return shown_; }
  // Options passed to every solver (method, iteration limit, tolerance); changing them is a
  // solver-setting edit: call setSolveOptions, which invalidates everything.
  const SolveOptions& solveOptions() const { return options_; }
  void setSolveOptions(const SolveOptions& options);

  BakeOutcome goToFrame(int frame, const std::atomic<bool>* cancel = nullptr, const BakeProgressCallback& progress = {});
  bool showCachedFrame(int frame);
  BakeOutcome bake(FrameRange range, const std::atomic<bool>* cancel = nullptr, const BakeProgressCallback& progress = {});
  // Re-bakes from `first` to `last`: drops the cached frames from `first` on and bakes again.
  BakeOutcome rebakeFrom(int first, int last, const std::atomic<bool>* cancel = nullptr,
                         const BakeProgressCallback& progress = {});

  // Restores the initial state, runs `edit` on it, captures the new initial state, re-resolves
  // the tracks and erases the frames from `firstInvalidFrame` on (every frame when the scene's
  // structure changed). Afterwards the scene holds the initial state (shownFrame() is empty).
  void applyEdit(const std::function<void(Scene&)>& edit, std::optional<int> firstInvalidFrame);

  // Convenience edits that compute their own invalidation.
  void setKey(const std::string& target, const Keyframe& key, TrackKind kind = TrackKind::Scalar);
  bool removeKey(const std::string& target, double time);
  bool moveKey(const std::string& target, double fromTime, double toTime);
  void setParameter(int psiIndex, double value);
  void editConstraint(std::size_t index, const std::function<void(Constraint&)>& edit);
  // Structural or solver-setting edits: everything is invalid.
  void editGlobally(const std::function<void(Scene&)>& edit);

 private:
  void restoreFrame(const SceneSnapshot& state, int frame);
  void editTrack(const std::string& target, TrackKind kind, const std::function<bool(Track&)>& edit, bool* changed);
  Scene& scene_;
  FrameSolver solver_;
  BakeCache cache_;
  SceneSnapshot initial_;
  TrackBinding binding_;
  SolveOptions options_;
  std::optional<int> shown_;
};

}  // namespace flexure
