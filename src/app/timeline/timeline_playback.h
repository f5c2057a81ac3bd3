#pragma once
// The timeline's playback controller (issue 8 in the GUI): the playhead, play/pause, and the
// bake session that solves frames OFF the GUI thread.
//
// It owns a working copy of the document and an anim::BakeSession on it. Frames are solved by a
// worker thread (one job at a time: bake forward to a frame, or bake the whole range while
// playing); the GUI thread only reads the thread-safe BakeCache. Showing frame f writes the
// cached Ψ of f into the document's Ψ (no undo step: it is a view of the animation, like the
// playhead itself); the window forwards the changed Ψ to the live solver like any document edit.
//
//   setFrame(f)   scrub: a cached frame is shown at once; otherwise the worker solves forward
//                 from the latest cached frame before f (progress, cancellable) and f is shown
//                 when it is stored.
//   play()        advances at the timeline's frame rate through CACHED frames only, while the
//                 worker bakes ahead; when display falls behind, frames are skipped, and at the
//                 cache's edge playback waits. What plays is exactly what was baked: wall-clock
//                 time only decides which baked frame is on screen, never what is solved.
//   edits         every document edit (undo stack index changed, sceneEdited) is compared with
//                 the state the session was built from: keys, constraints, parameters, solver
//                 settings. The edit is applied to the session's initial state and the frames
//                 from its first invalid frame on (anim/invalidation.h) are erased; frames
//                 before it stay cached.
//
// The session is created lazily, on the first timeline action, so opening a scene never solves.
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "flexure/anim/bake_session.h"
#include "flexure/anim/timeline_settings.h"

class QTimer;

namespace flexure::app {

class SceneDocument;
class SolverLink;

class TimelinePlayback : public QObject {
  Q_OBJECT

 public:
  explicit TimelinePlayback(SceneDocument& document, QObject* parent = nullptr);
  ~TimelinePlayback() override;

  // The live solver to tell about shown frames (may be null).
  void setSolverLink(SolverLink* link) { solver_ = link; }

  // The document's timeline block (defaults when the scene has none).
  const TimelineSettings& timeline() const;
  int currentFrame() const { return current_; }
  // The frame whose baked Ψ the document holds (nothing: the document's own state).
  std::optional<int> shownFrame() const { return shown_; }
  bool isPlaying() const { return playing_; }
  bool isBaking() const { return baking_; }

  bool isCached(int frame) const;
  std::shared_ptr<const CachedFrame> cachedFrame(int frame) const;
  std::vector<FrameRange> cachedRanges() const;
  std::size_t cacheBytes() const;
  std::size_t cacheBudget() const;
  // Last error of the bake session (a key whose target does not resolve ...), empty if none.
  const QString& error() const { return error_; }

  // Runs `work` on the bake session on the worker thread, after any running job (the export
  // dialog: anim::exportFrameSequence). `done` runs on the GUI thread afterwards.
  using SessionJob =
      std::function<void(BakeSession& session, const std::atomic<bool>* cancel, const BakeProgressCallback& progress)>;
  void runSessionJob(SessionJob work, std::function<void()> done);

  // Blocks until the worker is idle (tests; the export dialog's cancel).
  void waitForBake();

 public slots:
  void setFrame(int frame);
  void play();
  void pause();
  void togglePlay();
  void stepForward();
  void stepBackward();
  void goToStart();
  void goToEnd();
  void cancelBake();
  // Compares the document with the session's state and applies what changed (see above).
  void syncWithDocument();

 signals:
  void frameChanged(int frame);  // the playhead moved
  void frameShown(int frame);    // the document now holds this frame's baked Ψ
  void cacheChanged();
  void bakingChanged(bool baking);
  void bakeProgress(int done, int total);
  void playingChanged(bool playing);
  void timelineChanged();  // frame range, rate or keys of the document's block changed
  void errorOccurred(const QString& message);

 private:
  bool ensureSession();
  void dropSession();
  bool showFrame(int frame);
  void tick();
  void startJob(SessionJob work, int target, std::function<void()> done = {});
  void stopJob();
  void onJobProgress(quint64 generation, int done, int total);
  void onJobFinished(quint64 generation);
  void finishJob();
  void bakeTowards(int frame);
  void captureBaseline();
  void applyDocumentEdit(std::optional<int> firstInvalid, const std::vector<char>& editedPsi);
  void setError(const QString& message);
  void deferAdoption();
  void adoptSolverValues();
  void announceTimelineIfChanged();

  SceneDocument& document_;
  SolverLink* solver_ = nullptr;
  std::unique_ptr<Scene> work_;          // the session's scene (the worker's while a job runs)
  std::unique_ptr<BakeSession> session_;
  // The document as last synchronised (Ψ: as last written by showFrame) and its edit-relevant
  // state in scene-file form: nodes without Ψ values, each constraint, each settings block.
  struct EditableState {
    std::string nodes;
    std::vector<std::string> constraints;
    std::map<std::string, std::string> settings;
  };
  static EditableState editableState(const Scene& scene);
  std::unique_ptr<Scene> baseline_;
  EditableState baselineState_;
  int syncedUndoIndex_ = 0;  // the undo stack's index at the last synchronisation
  bool adoptPending_ = false;
  std::thread worker_;
  std::atomic<bool> cancel_{false};
  quint64 generation_ = 0;
  bool baking_ = false;
  int jobTarget_ = -1;
  std::function<void()> jobDone_;
  QString jobError_;  // written by the worker before it posts its end

  // The timeline block as last announced by timelineChanged: a document edit that leaves it as
  // it was (every adopted solver result while dragging) does not repaint the timeline.
  std::unique_ptr<TimelineSettings> announced_;

  int current_ = 0;
  std::optional<int> shown_;
  bool writing_ = false;  // the document's sceneEdited comes from showFrame
  bool playing_ = false;
  QTimer* timer_ = nullptr;
  QElapsedTimer clock_;
  int clockFrame_ = 0;    // the frame shown when clock_ started
  int advanced_ = 0;      // frames advanced since clock_ started
  QString error_;
};

}  // namespace flexure::app
