#include "timeline/timeline_playback.h"

#include <QTimer>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "document/scene_document.h"
#include "flexure/anim/invalidation.h"
#include "flexure/anim/scene_snapshot.h"
#include "flexure/core/constraint.h"
#include "flexure/io/scene_file.h"
#include "window/solver_link.h"

namespace flexure::app {

namespace {

// Ψ values are not part of a node's edit-relevant state (they are compared one by one), but
// frozen flags and bounds are: drop "value" and bare numbers, keep the rest.
void stripParameterValues(nlohmann::json& nodes) {
  for (nlohmann::json& node : nodes) {
    if (auto params = node.find("params"); params != node.end())
      for (auto& [name, param] : params->items()) {
        if (param.is_object())
          param.erase("value");
        else
          param = nullptr;
      }
    if (auto children = node.find("children"); children != node.end()) stripParameterValues(*children);
  }
}

void lower(std::optional<int>& first, std::optional<int> frame) {
  if (frame) first = first ? std::min(*first, *frame) : *frame;
}

bool sameTrack(const Track* a, const Track* b) {
  if (!a || !b) return a == b;
  return a->kind == b->kind && a->channels == b->channels && a->keys == b->keys;
}

}  // namespace

TimelinePlayback::TimelinePlayback(SceneDocument& document, QObject* parent)
    : QObject(parent), document_(document), timer_(new QTimer(this)) {
  timer_->setTimerType(Qt::PreciseTimer);
  connect(timer_, &QTimer::timeout, this, &TimelinePlayback::tick);
  connect(&document_.undoStack(), &QUndoStack::indexChanged, this, &TimelinePlayback::syncWithDocument);
  connect(&document_, &SceneDocument::sceneEdited, this, [this] {
    if (!writing_) syncWithDocument();
    announceTimelineIfChanged();
  });
  connect(&document_, &SceneDocument::sceneAboutToBeReplaced, this, [this] {
    pause();
    dropSession();
  });
  connect(&document_, &SceneDocument::sceneReplaced, this, [this] {
    error_.clear();
    current_ = timeline().startFrame;
    announced_ = std::make_unique<TimelineSettings>(timeline());
    emit timelineChanged();
    emit frameChanged(current_);
    emit cacheChanged();
  });
  current_ = timeline().startFrame;
}

TimelinePlayback::~TimelinePlayback() {
  // The window destroys the document before its panels: join the worker without showing frames
  // or emitting anything.
  blockSignals(true);
  if (worker_.joinable()) {
    cancel_ = true;
    worker_.join();
  }
}

namespace {
bool sameTimeline(const TimelineSettings& a, const TimelineSettings& b) {
  if (a.fps != b.fps || a.startFrame != b.startFrame || a.endFrame != b.endFrame || a.loop != b.loop ||
      a.tracks.size() != b.tracks.size())
    return false;
  for (std::size_t i = 0; i < a.tracks.size(); ++i)
    if (a.tracks[i].target != b.tracks[i].target || !sameTrack(&a.tracks[i], &b.tracks[i])) return false;
  return true;
}
}  // namespace

void TimelinePlayback::announceTimelineIfChanged() {
  const TimelineSettings& now = timeline();
  if (announced_ && sameTimeline(*announced_, now)) return;
  announced_ = std::make_unique<TimelineSettings>(now);
  emit timelineChanged();
}

const TimelineSettings& TimelinePlayback::timeline() const { return timelineOf(std::as_const(document_.scene())); }

bool TimelinePlayback::isCached(int frame) const { return session_ && session_->cache().contains(frame); }

std::shared_ptr<const CachedFrame> TimelinePlayback::cachedFrame(int frame) const {
  return session_ ? session_->cache().find(frame) : nullptr;
}

std::vector<FrameRange> TimelinePlayback::cachedRanges() const {
  return session_ ? session_->cache().cachedRanges() : std::vector<FrameRange>{};
}

std::size_t TimelinePlayback::cacheBytes() const { return session_ ? session_->cache().bytesUsed() : 0; }

std::size_t TimelinePlayback::cacheBudget() const {
  return session_ ? session_->cache().byteBudget() : BakeCache::kDefaultBudget;
}

void TimelinePlayback::setError(const QString& message) {
  error_ = message;
  if (!message.isEmpty()) emit errorOccurred(message);
}

// ---------------------------------------------------------------- session

bool TimelinePlayback::ensureSession() {
  if (session_) return true;
  work_ = document_.scene().clone();
  try {
    session_ = std::make_unique<BakeSession>(*work_);
  } catch (const std::exception& e) {
    work_.reset();
    setError(tr("Timeline: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  error_.clear();
  captureBaseline();
  return true;
}

void TimelinePlayback::dropSession() {
  stopJob();
  session_.reset();
  work_.reset();
  baseline_.reset();
  shown_.reset();
}

void TimelinePlayback::captureBaseline() {
  baseline_ = document_.scene().clone();
  baselineState_ = editableState(*baseline_);
  syncedUndoIndex_ = document_.undoStack().index();
}

TimelinePlayback::EditableState TimelinePlayback::editableState(const Scene& scene) {
  nlohmann::json file = nlohmann::json::parse(sceneToString(scene));
  EditableState state;
  if (file.contains("nodes")) {
    stripParameterValues(file["nodes"]);
    state.nodes = file["nodes"].dump();
  }
  if (file.contains("constraints"))
    for (const nlohmann::json& c : file["constraints"]) state.constraints.push_back(c.dump());
  if (file.contains("settings"))
    for (auto& [kind, block] : file["settings"].items()) state.settings[kind] = block.dump();
  return state;
}

// ---------------------------------------------------------------- edits

void TimelinePlayback::syncWithDocument() {
  if (!session_ || !baseline_) return;
  Scene& doc = document_.scene();
  if (SceneSnapshot::structureOf(doc) != SceneSnapshot::structureOf(*baseline_)) {
    // Nodes or constraints added, removed or renamed: Ψ indices moved, nothing baked is valid.
    const bool wasShowing = shown_.has_value();
    dropSession();
    if (ensureSession() && wasShowing) setFrame(current_);
    emit cacheChanged();
    return;
  }
  // Ψ values changed with no new undo step while the live solver runs: most likely its result
  // (adopted at its own rate, e.g. during a drag); decided without serialising the scene.
  const int undoIndex = document_.undoStack().index();
  const bool undoStep = undoIndex != syncedUndoIndex_;
  if (!undoStep && solver_ && solver_->isRunning() && doc.parameters().values() != baseline_->parameters().values()) {
    deferAdoption();
    return;
  }
  const TimelineSettings& tl = timelineOf(std::as_const(doc));
  const TimelineSettings& oldTl = timelineOf(std::as_const(*baseline_));
  std::optional<int> first;
  bool changed = false;

  // Frozen flags, bounds, node fields, solver settings, frame rate and start: everything.
  const ParameterTable &now = doc.parameters(), &was = baseline_->parameters();
  const EditableState state = editableState(doc);
  bool global = state.nodes != baselineState_.nodes || tl.fps != oldTl.fps || tl.startFrame != oldTl.startFrame;
  for (const auto& [kind, text] : state.settings)
    if (kind != TimelineSettings::kKind && baselineState_.settings[kind] != text) global = true;
  for (const auto& [kind, text] : baselineState_.settings)
    if (kind != TimelineSettings::kKind && !state.settings.count(kind)) global = true;
  if (global) lower(first, firstInvalidFrameForGlobalEdit(tl));
  changed = global || tl.endFrame != oldTl.endFrame || tl.loop != oldTl.loop;

  // Constraints: from the earlier of the old and new active interval begins.
  for (std::size_t i = 0; i < state.constraints.size() && i < baselineState_.constraints.size(); ++i)
    if (state.constraints[i] != baselineState_.constraints[i]) {
      changed = true;
      lower(first, firstInvalidFrameForConstraintEdit(tl, *baseline_->constraints[i], *doc.constraints[i]));
    }

  // Keys: from the key before the first edited key (track.h firstChangedTime).
  std::set<std::string> targets;
  for (const Track& t : tl.tracks) targets.insert(t.target);
  for (const Track& t : oldTl.tracks) targets.insert(t.target);
  for (const std::string& target : targets) {
    const Track *before = oldTl.findTrack(target), *after = tl.findTrack(target);
    if (sameTrack(before, after)) continue;
    changed = true;
    lower(first, firstInvalidFrameForKeyEdit(tl, before, after));
  }

  // Ψ values typed in: the initial state changed (keyed entries excepted). Values that arrive
  // while the live solver runs and no undo step was made are its results, not edits.
  std::vector<char> edited(static_cast<std::size_t>(now.size()), 0);
  bool psiChanged = false;
  for (int i = 0; i < now.size(); ++i) {
    if (now.value(i) != was.value(i)) edited[static_cast<std::size_t>(i)] = 1, psiChanged = true;
    if (now.isFrozen(i) != was.isFrozen(i) || now.info(i).lower != was.info(i).lower ||
        now.info(i).upper != was.info(i).upper) {
      changed = true;
      lower(first, firstInvalidFrameForGlobalEdit(tl));
    }
  }
  syncedUndoIndex_ = undoIndex;
  if (psiChanged) {
    changed = true;
    for (int i = 0; i < now.size(); ++i)
      if (edited[static_cast<std::size_t>(i)]) lower(first, firstInvalidFrameForParameterEdit(tl, session_->binding(), i));
  }
  if (changed) applyDocumentEdit(first, edited);
}

// An undo command's redo announces its edit before the stack's index moves, so Ψ values that
// changed with no new undo step are decided a moment later: the index moved meanwhile → an
// edit (synchronised then); it did not → the live solver's result.
void TimelinePlayback::deferAdoption() {
  if (adoptPending_) return;
  adoptPending_ = true;
  QTimer::singleShot(0, this, &TimelinePlayback::adoptSolverValues);
}

void TimelinePlayback::adoptSolverValues() {
  adoptPending_ = false;
  if (!baseline_) return;
  if (document_.undoStack().index() != syncedUndoIndex_) return syncWithDocument();
  // The solver's Ψ: not an edit. The baseline follows, nothing is invalidated.
  const ParameterTable& psi = document_.scene().parameters();
  if (psi.size() == baseline_->parameters().size()) baseline_->parameters().values() = psi.values();
}

void TimelinePlayback::applyDocumentEdit(std::optional<int> firstInvalid, const std::vector<char>& editedPsi) {
  stopJob();
  Scene& doc = document_.scene();
  try {
    session_->applyEdit(
        [&](Scene& s) {
          // `s` holds the initial state: take the document's fields, constraints and settings,
          // and its Ψ values only where the user typed them (elsewhere the document shows a frame).
          const Eigen::VectorXd initial = s.parameters().values();
          SceneSnapshot::capture(doc).restore(s);
          ParameterTable& psi = s.parameters();
          for (int i = 0; i < psi.size(); ++i) {
            psi.setValue(i, editedPsi[static_cast<std::size_t>(i)] ? doc.parameters().value(i) : initial[i]);
            psi.info(i).frozen = doc.parameters().info(i).frozen;
            psi.info(i).lower = doc.parameters().info(i).lower;
            psi.info(i).upper = doc.parameters().info(i).upper;
          }
          for (std::size_t i = 0; i < s.constraints.size(); ++i) s.constraints[i] = doc.constraints[i]->clone();
          s.resolveReferences();
          s.settings = doc.settings;
        },
        firstInvalid);
    error_.clear();
  } catch (const std::exception& e) {
    // A key whose target does not resolve: drop the session; the next action retries.
    setError(tr("Timeline: %1").arg(QString::fromStdString(e.what())));
    dropSession();
    emit cacheChanged();
    return;
  }
  captureBaseline();
  emit cacheChanged();
  // Nothing invalidated (a keyed value typed in: its keys overwrite it at every frame): the
  // document keeps what the user typed until the playhead moves, so it can be keyed.
  if (shown_ && firstInvalid) {
    shown_.reset();
    if (!showFrame(current_)) bakeTowards(current_);
  }
}

// ---------------------------------------------------------------- showing frames

bool TimelinePlayback::showFrame(int frame) {
  const std::shared_ptr<const CachedFrame> cached = cachedFrame(frame);
  if (!cached) return false;
  const std::vector<double>& values = cached->state.psi();
  ParameterTable& psi = document_.scene().parameters();
  if (static_cast<int>(values.size()) != psi.size() || !baseline_) return false;
  for (int i = 0; i < psi.size(); ++i) {
    const double v = values[static_cast<std::size_t>(i)];
    psi.setValue(i, v);
    baseline_->parameters().setValue(i, v);
  }
  shown_ = frame;
  writing_ = true;
  document_.notifyValuesEdited(false);  // redraw, without an undo step or the modified flag
  writing_ = false;
  // The window forwards the new Ψ to the live solver like any edit (ParameterEdited, or a fresh
  // copy when several values changed). The clock moves without advancing: an advance(t_old, t)
  // would integrate the rigid dynamics once more and the document would stop holding the baked
  // frame; the plain jump makes drags and solves at this frame use the constraints active at it.
  if (solver_) solver_->send(session::TimeChanged{timeline().timeOfFrame(frame), false});
  emit frameShown(frame);
  return true;
}

void TimelinePlayback::setFrame(int frame) {
  const TimelineSettings& tl = timeline();
  frame = std::clamp(frame, tl.startFrame, tl.endFrame);
  const bool moved = frame != current_;
  current_ = frame;
  if (moved) emit frameChanged(current_);
  if (!ensureSession()) return;
  session_->cache().setPlayhead(frame);
  if (shown_ == frame) return;
  if (!showFrame(frame) && !playing_) bakeTowards(frame);
}

void TimelinePlayback::bakeTowards(int frame) {
  if (!ensureSession()) return;
  if (baking_ && jobTarget_ >= frame) return;  // the running job passes it: shown on its progress
  startJob([frame](BakeSession& s, const std::atomic<bool>* cancel,
                   const BakeProgressCallback& progress) { s.goToFrame(frame, cancel, progress); },
           frame);
}

void TimelinePlayback::stepForward() {
  pause();
  const TimelineSettings& tl = timeline();
  setFrame(current_ >= tl.endFrame && tl.loop ? tl.startFrame : current_ + 1);
}

void TimelinePlayback::stepBackward() {
  pause();
  const TimelineSettings& tl = timeline();
  setFrame(current_ <= tl.startFrame && tl.loop ? tl.endFrame : current_ - 1);
}

void TimelinePlayback::goToStart() { setFrame(timeline().startFrame); }
void TimelinePlayback::goToEnd() { setFrame(timeline().endFrame); }

// ---------------------------------------------------------------- playback

void TimelinePlayback::play() {
  if (playing_ || !ensureSession()) return;
  const TimelineSettings& tl = timeline();
  if (current_ >= tl.endFrame && !tl.loop) setFrame(tl.startFrame);
  playing_ = true;
  clock_.start();
  advanced_ = 0;
  timer_->start(std::max(1, static_cast<int>(500.0 / tl.fps)));  // two ticks per frame
  // Bake ahead of the playhead over the whole range; playback only ever shows stored frames.
  const int end = tl.endFrame, start = tl.startFrame;
  if (!(baking_ && jobTarget_ >= end))
    startJob([start, end](BakeSession& s, const std::atomic<bool>* cancel,
                          const BakeProgressCallback& progress) { s.bake({start, end}, cancel, progress); },
             end);
  showFrame(current_);
  emit playingChanged(true);
}

void TimelinePlayback::pause() {
  if (!playing_) return;
  playing_ = false;
  timer_->stop();
  emit playingChanged(false);
  if (shown_ != current_ && !showFrame(current_)) bakeTowards(current_);
}

void TimelinePlayback::togglePlay() { playing_ ? pause() : play(); }

// Which baked frame is on screen follows the wall clock (frames are skipped when display falls
// behind); a frame not baked yet is waited for, never solved here and never approximated.
void TimelinePlayback::tick() {
  if (!playing_) return;
  const TimelineSettings& tl = timeline();
  const int due = static_cast<int>(std::floor(static_cast<double>(clock_.elapsed()) * tl.fps / 1000.0));
  int frame = current_;
  bool waiting = false;
  while (advanced_ < due) {
    int next = frame + 1;
    if (next > tl.endFrame) {
      if (!tl.loop) {
        pause();
        break;
      }
      next = tl.startFrame;
    }
    if (!isCached(next)) {
      waiting = true;
      break;
    }
    frame = next;
    ++advanced_;
  }
  if (waiting) {
    // Resume at the frame rate once the bake catches up, without jumping ahead.
    clock_.restart();
    advanced_ = 0;
    if (!baking_) bakeTowards(tl.endFrame);  // e.g. frames evicted behind a loop
  }
  if (frame != current_) {
    current_ = frame;
    session_->cache().setPlayhead(frame);
    emit frameChanged(frame);
    showFrame(frame);
  }
}

// ---------------------------------------------------------------- worker

void TimelinePlayback::runSessionJob(SessionJob work, std::function<void()> done) {
  if (!ensureSession()) {
    if (done) done();
    return;
  }
  pause();
  startJob(std::move(work), timeline().endFrame, std::move(done));
}

void TimelinePlayback::startJob(SessionJob work, int target, std::function<void()> done) {
  stopJob();
  const quint64 generation = ++generation_;
  baking_ = true;
  jobTarget_ = target;
  jobDone_ = std::move(done);
  jobError_.clear();
  cancel_ = false;
  emit bakingChanged(true);
  worker_ = std::thread([this, generation, work = std::move(work)] {
    const BakeProgressCallback progress = [this, generation](const BakeProgress& p) {
      QMetaObject::invokeMethod(
          this, [this, generation, done = p.done, total = p.total] { onJobProgress(generation, done, total); },
          Qt::QueuedConnection);
    };
    try {
      work(*session_, &cancel_, progress);
    } catch (const std::exception& e) {
      jobError_ = QString::fromStdString(e.what());
    }
    QMetaObject::invokeMethod(this, [this, generation] { onJobFinished(generation); }, Qt::QueuedConnection);
  });
}

void TimelinePlayback::stopJob() {
  if (!worker_.joinable()) return;
  cancel_ = true;
  worker_.join();
  cancel_ = false;
  finishJob();
  ++generation_;  // posts of the stopped job are stale
}

void TimelinePlayback::waitForBake() {
  if (!worker_.joinable()) return;
  worker_.join();
  onJobFinished(generation_);
}

void TimelinePlayback::cancelBake() { stopJob(); }

void TimelinePlayback::onJobProgress(quint64 generation, int done, int total) {
  if (generation != generation_) return;
  emit bakeProgress(done, total);
  emit cacheChanged();
  if (!playing_ && shown_ != current_) showFrame(current_);
}

void TimelinePlayback::onJobFinished(quint64 generation) {
  if (generation != generation_ || !baking_) return;
  if (worker_.joinable()) worker_.join();
  finishJob();
  if (!playing_ && shown_ != current_) showFrame(current_);
}

// The worker has been joined: report the end (a stopped job shows nothing: its caller decides).
void TimelinePlayback::finishJob() {
  if (!baking_) return;
  baking_ = false;
  jobTarget_ = -1;
  emit bakingChanged(false);
  emit cacheChanged();
  if (!jobError_.isEmpty()) setError(tr("Bake failed: %1").arg(jobError_));
  if (auto done = std::move(jobDone_)) {
    jobDone_ = nullptr;
    done();
  }
}

}  // namespace flexure::app
