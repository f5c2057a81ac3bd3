#include "flexure/anim/bake_session.h"

#include <algorithm>

#include "flexure/anim/invalidation.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/scene.h"

namespace flexure {

BakeSession::BakeSession(Scene& scene, const SolverRegistry& registry, std::size_t byteBudget, int checkpointInterval)
    : scene_(scene), solver_(registry), cache_(byteBudget, checkpointInterval) {
  initial_ = SceneSnapshot::capture(scene_);
  binding_ = TrackBinding::resolve(scene_, timeline());
}

const TimelineSettings& BakeSession::timeline() const { return timelineOf(static_cast<const Scene&>(scene_)); }

void BakeSession::setSolveOptions(const SolveOptions& options) {
  options_ = options;
  options_.cancel = nullptr;
  cache_.invalidateFrom(firstInvalidFrameForGlobalEdit(timeline()));
}

BakeOutcome BakeSession::goToFrame(int frame, const std::atomic<bool>* cancel, const BakeProgressCallback& progress) {
  const TimelineSettings& tl = timeline();
  frame = std::max(frame, tl.startFrame);
  cache_.setPlayhead(frame);
  BakeOutcome out;
  if (auto cached = cache_.find(frame)) {
    restoreFrame(cached->state, frame);
    out.shownFrame = frame;
    out.fromCache = true;
    return out;
  }
  // Solve forward from the latest valid state before the frame.
  int from = tl.startFrame;
  std::shared_ptr<const CachedFrame> base;
  if (auto b = cache_.latestAtOrBefore(frame - 1); b && *b >= tl.startFrame && (base = cache_.find(*b))) from = *b + 1;
  SceneSnapshot lastGood = base ? base->state : initial_;
  std::optional<int> lastGoodFrame = base ? std::optional<int>(from - 1) : std::nullopt;
  if (lastGoodFrame)
    restoreFrame(lastGood, *lastGoodFrame);
  else
    initial_.restore(scene_);
  shown_ = lastGoodFrame;
  out.shownFrame = lastGoodFrame;
  const int total = frame - from + 1;
  for (int f = from; f <= frame; ++f) {
    if (cancel && cancel->load()) {
      out.cancelled = true;
      break;
    }
    FrameStats stats = solver_.solveFrame(scene_, binding_, tl, f, f == tl.startFrame, cancel, options_);
    if (stats.cancelled) {
      // The frame is half solved: go back to the last complete one and cache nothing.
      if (lastGoodFrame)
        restoreFrame(lastGood, *lastGoodFrame);
      else
        initial_.restore(scene_);
      out.cancelled = true;
      break;
    }
    SceneSnapshot snap = SceneSnapshot::capture(scene_, &initial_);
    ++out.solvedFrames;
    if (progress) progress({f, out.solvedFrames, total, &stats});
    cache_.store(f, snap, std::move(stats));
    lastGood = std::move(snap);
    lastGoodFrame = f;
    shown_ = f;
    out.shownFrame = f;
  }
  return out;
}

bool BakeSession::showCachedFrame(int frame) {
  auto cached = cache_.find(frame);
  if (!cached) return false;
  cache_.setPlayhead(frame);
  restoreFrame(cached->state, frame);
  return true;
}

void BakeSession::restoreFrame(const SceneSnapshot& state, int frame) {
  // Onto the current initial state: what an edit changed and no solver touches (a constraint's
  // fields, weights, enabled flags) comes from the document; then the keyed constraint targets
  // at the frame's time (keyed Ψ entries are in the snapshot already).
  state.restore(scene_, &initial_);
  binding_.applyToConstraints(scene_, timeline().timeOfFrame(frame));
  shown_ = frame;
}

BakeOutcome BakeSession::bake(FrameRange range, const std::atomic<bool>* cancel, const BakeProgressCallback& progress) {
  BakeOutcome out;
  range.first = std::max(range.first, timeline().startFrame);
  int missing = 0;
  for (int f = range.first; f <= range.last; ++f) missing += cache_.contains(f) ? 0 : 1;
  int done = 0;
  for (int f = range.first; f <= range.last; ++f) {
    if (cache_.contains(f)) continue;
    // Frames before f that goToFrame has to re-solve (evicted ones) are reported too.
    BakeOutcome step = goToFrame(
        f, cancel, [&](const BakeProgress& p) { if (progress) progress({p.frame, ++done, std::max(missing, done), p.stats}); });
    out.solvedFrames += step.solvedFrames;
    out.shownFrame = step.shownFrame;
    if (step.cancelled) {
      out.cancelled = true;
      return out;
    }
  }
  if (range.last >= range.first && !out.shownFrame) {
    showCachedFrame(range.last);
    out.shownFrame = shown_;
  }
  return out;
}

BakeOutcome BakeSession::rebakeFrom(int first, int last, const std::atomic<bool>* cancel, const BakeProgressCallback& progress) {
  cache_.invalidateFrom(first);
  return bake({first, last}, cancel, progress);
}

void BakeSession::applyEdit(const std::function<void(Scene&)>& edit, std::optional<int> firstInvalidFrame) {
  initial_.restore(scene_);
  shown_.reset();
  edit(scene_);
  const SceneSnapshot previous = std::move(initial_);
  initial_ = SceneSnapshot::capture(scene_);
  // A structural change, or a field that changed size (cached frames patch the initial
  // state's bytes in place): no cached frame can be restored onto the new initial state.
  if (!initial_.sameLayout(previous))
    cache_.clear();
  else if (firstInvalidFrame)
    cache_.invalidateFrom(*firstInvalidFrame);
  try {
    binding_ = TrackBinding::resolve(scene_, timeline());
  } catch (...) {
    // A track lost its target: no frame can be solved until the tracks are fixed.
    binding_ = TrackBinding();
    cache_.clear();
    throw;
  }
}

void BakeSession::editTrack(const std::string& target, TrackKind kind, const std::function<bool(Track&)>& edit, bool* changed) {
  const Track* existing = timeline().findTrack(target);
  const std::optional<Track> before = existing ? std::optional<Track>(*existing) : std::nullopt;
  Track after = before ? *before : Track{};
  if (!before) {
    after.target = target;
    after.kind = kind;
  }
  const bool did = edit(after);
  if (changed) *changed = did;
  if (!did) return;
  const std::optional<int> first = firstInvalidFrameForKeyEdit(timeline(), before ? &*before : nullptr, &after);
  applyEdit([&](Scene& s) { timelineOf(s).trackFor(target, kind) = after; }, first);
}

void BakeSession::setKey(const std::string& target, const Keyframe& key, TrackKind kind) {
  editTrack(target, kind, [&](Track& t) { t.setKey(key); return true; }, nullptr);
}

bool BakeSession::removeKey(const std::string& target, double time) {
  bool changed = false;
  editTrack(target, TrackKind::Scalar, [&](Track& t) { return t.removeKeyAt(time); }, &changed);
  return changed;
}

bool BakeSession::moveKey(const std::string& target, double fromTime, double toTime) {
  bool changed = false;
  editTrack(target, TrackKind::Scalar,
            [&](Track& t) {
              const int i = t.keyIndexAt(fromTime);
              if (i < 0) return false;
              Keyframe k = t.keys[static_cast<std::size_t>(i)];
              t.keys.erase(t.keys.begin() + i);
              k.time = toTime;
              t.setKey(k);
              return true;
            },
            &changed);
  return changed;
}

void BakeSession::setParameter(int psiIndex, double value) {
  applyEdit([&](Scene& s) { s.parameters().setValue(psiIndex, value); },
            firstInvalidFrameForParameterEdit(timeline(), binding_, psiIndex));
}

void BakeSession::editConstraint(std::size_t index, const std::function<void(Constraint&)>& edit) {
  std::unique_ptr<Constraint> before;
  applyEdit(
      [&](Scene& s) {
        before = s.constraints.at(index)->clone();
        before->name = s.constraints[index]->name;
        before->weight = s.constraints[index]->weight;
        before->enabled = s.constraints[index]->enabled;
        before->active = s.constraints[index]->active;
        edit(*s.constraints[index]);
      },
      std::nullopt);
  // The interval of the edited constraint is known only now; invalidate after the edit.
  if (auto first = firstInvalidFrameForConstraintEdit(timeline(), *before, *scene_.constraints[index]))
    cache_.invalidateFrom(*first);
}

void BakeSession::editGlobally(const std::function<void(Scene&)>& edit) {
  applyEdit(edit, firstInvalidFrameForGlobalEdit(timeline()));
}

}  // namespace flexure
