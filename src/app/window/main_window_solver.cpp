// The main window's live solver (docs/app.md "The live solver"): a session per loaded scene,
// document edits forwarded to the solver thread as the smallest exact command, its results
// adopted into the document, finished drags recorded as one undo step, geometry of the shown Ψ
// built off the GUI thread and taken when the worker says a frame is ready (and polled), and the
// status bar's solver label.
#include <QAction>
#include <QLabel>
#include <QMetaObject>
#include <QStatusBar>
#include <QTimer>

#include "commands/set_parameters_command.h"
#include "document/scene_document.h"
#include "flexure/session/geometry_builder.h"
#include "flexure/session/session_result.h"
#include "timeline/drive_key_offer.h"
#include "viewport/part_drag_controller.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

#include "viewport/viewport_interaction.h"
#include "commands/constraint_commands.h"
#include "window/solver_link.h"

namespace flexure::app {

// ---------------------------------------------------------------- display

void MainWindow::stepSolvers() { solver_->send(session::Step{1}); }

// ---------------------------------------------------------------- live solver

void MainWindow::startSession() {
  // Node pointers of the old scene are gone: nothing from it may be drawn or picked.
  interaction_->cancel();
  geometry_ = DisplayGeometry{};
  shownResult_.reset();
  expectedStructureVersion_ = 0;
  valueEditsSent_ = 0;
  seenRollbacks_ = 0;
  const Scene& scene = document_->scene();
  session::SessionOptions options;
  options.startRunning = solveOnOpen_;
  solver_->start(scene, options);
  sessionSync_.reset(scene);
  // The worker appends the metaball handle spheres to each frame (display_geometry.h).
  geometryBuilder_ = std::make_unique<session::GeometryBuilder>(scene, displayTessellation(), appendMetaballHandleSpheres);
  // A frame is handed to the viewport as soon as the GUI thread is free, not at the next poll.
  geometryBuilder_->setNotifier([this] { QMetaObject::invokeMethod(this, &MainWindow::pollGeometry, Qt::QueuedConnection); });
  geometryFloor_ = geometryRequests_ + 1;
  showSceneOnNextFrame_ = true;
  viewport_->setMeshes({}, {});
  viewport_->setOverlays(nullptr);
  viewport_->setAwaitingGeometry(true);
  requestGeometry(0);
}

void MainWindow::onDocumentEdited() {
  if (adoptingResult_) return;  // the solver's own Ψ coming back
  const Scene& scene = document_->scene();
  const DocumentSessionSync::Change change = sessionSync_.compare(scene, document_->valuesOnlyEdit());
  if (change.structure || change.values.size() > 1) {
    // A fresh copy: exact, and results computed before it are recognised and dropped.
    solver_->structureChanged(scene);
    ++expectedStructureVersion_;
    sessionSync_.reset(scene);
    if (change.structure) {
      geometryBuilder_->setScene(scene);
      geometryFloor_ = geometryRequests_ + 1;
    }
  } else if (change.values.size() == 1) {
    const int index = change.values.front();
    solver_->send(session::ParameterEdited{index, scene.parameters().value(index)});
    ++valueEditsSent_;
    sessionSync_.acceptValues(scene);
  }
  requestGeometry(shownResult_ ? shownResult_->sequence : 0);
  showSceneStatistics();
}

void MainWindow::holdLiveUpdates(bool hold, bool redeliverLatest) {
  liveUpdatesHeld_ = hold;
  if (hold) return;
  if (redeliverLatest)
    if (const auto latest = solver_->latest()) onSolverResult(latest);
  refreshGeometry();
}

void MainWindow::onSolverResult(const std::shared_ptr<const session::SessionResult>& result) {
  if (liveUpdatesHeld_) return;  // a script owns the document (holdLiveUpdates)
  Scene& scene = document_->scene();
  if (result->structureVersion < expectedStructureVersion_) return;  // solved before the last edit
  // Computed before the last value edit reached the solver: adopting it would undo the edit (a
  // result published as the session started, taken after the user's first edit, did).
  if (result->valueEditsApplied < valueEditsSent_) return;
  if (result->psi.size() != scene.parameters().size()) return;
  // The label changes at once when the solver starts or stops doing something; its rates and
  // step count follow with the status timer (twice a second), not with every result: during a
  // drag a result arrives per frame, and each new text repainted the status bar.
  const bool stateChanged = !shownResult_ || shownResult_->activity != result->activity ||
                            shownResult_->converged != result->converged;
  shownResult_ = result;
  if (stateChanged) updateSolverLabel();
  if (result->rollbackCount != seenRollbacks_) {
    seenRollbacks_ = result->rollbackCount;
    statusBar()->showMessage(
        tr("Solver step rolled back, the last good state kept: %1").arg(QString::fromStdString(result->rollbackMessage)),
        8000);
  }
  if (result->dragPinned && !result->dragMessage.empty())
    statusBar()->showMessage(QString::fromStdString(result->dragMessage), 4000);
  if (result->psi == scene.parameters().values()) return;
  // Adopt the solved Ψ, so panels, save and export see what the viewport shows. Solving is
  // not an edit of the user's: it neither marks the document modified nor enters the undo
  // history (a drag does, as one step, in onDragFinished).
  scene.parameters().values() = result->psi;
  sessionSync_.adoptValues(result->psi);
  // The worker starts on the new Ψ first; the panels that follow the document catch up meanwhile.
  requestGeometry(result->sequence, result->dragMoveSentAt);
  adoptingResult_ = true;
  emit document_->sceneEdited();
  adoptingResult_ = false;
}

void MainWindow::onDragFinished(const std::shared_ptr<const session::DragOutcome>& outcome) {
  // A drag released on a snap leaves the constraint it makes: one undo step with the drag.
  std::unique_ptr<Constraint> snapped = interaction_->takeSnapConstraint();
  if (outcome->pinned) {
    statusBar()->showMessage(QString::fromStdString(outcome->message), 4000);
    return;
  }
  const Eigen::VectorXd& psi = document_->scene().parameters().values();
  if (outcome->psiBefore.size() != psi.size() || outcome->psiAfter.size() != psi.size()) return;
  const bool moved = outcome->psiBefore != outcome->psiAfter;
  if (!moved && !snapped) return;
  const QString part = QString::fromStdString(outcome->node);
  QUndoStack& stack = document_->undoStack();
  if (snapped) {
    statusBar()->showMessage(tr("Snapped: %1").arg(QString::fromStdString(snapped->name)), 4000);
    stack.beginMacro(tr("Drag %1 and snap").arg(part));
  }
  if (moved)
    stack.push(new SetParametersCommand(*document_, tr("Drag %1").arg(part), outcome->psiBefore, outcome->psiAfter, true));
  if (snapped) {
    stack.push(new AddConstraintCommand(*document_, std::move(snapped)));
    stack.endMacro();
  }
  // A keyed drive the hand turned holds only until the playhead moves: offer to key it.
  if (auto* offer = findChild<DriveKeyOffer*>()) offer->offer(outcome->changedDrives);
}

TessellationOptions MainWindow::displayTessellation() const {
  TessellationOptions options;
  options.mergeAffineCells = viewport_->renderOptions().shading == ShadingMode::Shaded;
  return options;
}

void MainWindow::requestGeometry(std::uint64_t resultSequence, std::chrono::steady_clock::time_point moveSentAt) {
  if (!geometryBuilder_) return;
  requestResultSequence_ = resultSequence;
  geometryBuilder_->request(document_->scene().parameters().values(), ++geometryRequests_);
  // Requests replaced before the worker took them never arrive: keep the newest few only.
  geometryRequestTimes_[geometryRequests_] = {std::chrono::steady_clock::now(), moveSentAt};
  while (geometryRequestTimes_.size() > 64) geometryRequestTimes_.erase(geometryRequestTimes_.begin());
  if (!geometryTimer_->isActive()) geometryTimer_->start();
}

void MainWindow::pollGeometry() {
  if (liveUpdatesHeld_) return;  // frames wait until the script has finished
  const auto frame = geometryBuilder_ ? geometryBuilder_->latest() : nullptr;
  if (!frame || frame->tag == shownGeometryTag_) return;
  if (frame->tag < geometryFloor_) return;  // built from the structure before the last change
  const auto handoverStart = std::chrono::steady_clock::now();
  const auto millisecondsSince = [&](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(handoverStart - t).count();
  };
  handover_.mouseLatencyMs = -1.0;
  if (const auto it = geometryRequestTimes_.find(frame->tag); it != geometryRequestTimes_.end()) {
    handover_.latencyMs = millisecondsSince(it->second.requested);
    if (it->second.moveSentAt != std::chrono::steady_clock::time_point{})
      handover_.mouseLatencyMs = millisecondsSince(it->second.moveSentAt);
  }
  geometryRequestTimes_.erase(geometryRequestTimes_.begin(), geometryRequestTimes_.upper_bound(frame->tag));
  shownGeometryTag_ = frame->tag;
  if (frame->tag == geometryRequests_) {
    shownGeometryResult_ = requestResultSequence_;
    geometryTimer_->stop();  // nothing newer is on its way
  }
  // The frame's meshes, handle spheres included, are shared (aliasing the frame), not copied:
  // GUI-thread time per frame.
  geometry_ = assembleDisplayGeometry(document_->scene(), SharedMeshes(frame, &frame->meshes), frame->sceneMeshCount);
  markSelectedMeshes();
  if (showSceneOnNextFrame_) {
    showSceneOnNextFrame_ = false;
    viewport_->showScene(geometry_.meshes, geometry_.styles, document_->scene().camera);
    viewport_->setAwaitingGeometry(false);
  } else {
    // The frame's revisions tell the renderer which vertices moved (a dragged deformer's sheet).
    viewport_->setMeshes(geometry_.meshes, geometry_.styles,
                         std::shared_ptr<const std::vector<MeshRevision>>(frame, &frame->revisions));
  }
  interaction_->setSceneOverlays(frame->overlays);  // the handle's origin follows the Ψ of the frame
  ++geometryFramesShown_;
  showSceneStatistics();
  handover_.handoverMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - handoverStart).count();
  ++handover_.frames;
}

void MainWindow::refreshSolverStatus() {
  const double seconds = static_cast<double>(frameClock_.restart()) / 1000.0;
  framesPerSecond_ = seconds > 0.0 ? framesCounted_ / seconds : 0.0;
  framesCounted_ = 0;
  updateSolverLabel();
  updateFrameReadout();
}

// ---------------------------------------------------------------- frame-time readout

void MainWindow::setFrameReadoutVisible(bool on) {
  frameReadout_->setVisible(on);
  if (frameReadoutAction_ && frameReadoutAction_->isChecked() != on) frameReadoutAction_->setChecked(on);
  updateFrameReadout();
}

bool MainWindow::frameReadoutVisible() const { return frameReadoutAction_ && frameReadoutAction_->isChecked(); }

QString MainWindow::frameReadoutText() const {
  const auto r = frameMeter_.reading(static_cast<double>(meterClock_.nsecsElapsed()) * 1e-9);
  // Fixed-width figures: the label keeps its size, so the status bar does not re-layout.
  if (!r) return tr("  – fps · frame    – ms · paint    – ms");
  return tr("%1 fps · frame %2 ms · paint %3 ms")
      .arg(r->framesPerSecond, 3, 'f', 0)
      .arg(r->frameIntervalMs, 5, 'f', 1)
      .arg(r->paintMs, 5, 'f', 1);
}

void MainWindow::updateFrameReadout() {
  if (!frameReadout_->isVisible()) return;
  const QString text = frameReadoutText();
  if (frameReadout_->text() != text) frameReadout_->setText(text);
}

void MainWindow::updateSolverLabel() {
  QString text;
  if (!shownResult_) {
    text = tr("Solver: idle");
  } else {
    const session::SessionResult& r = *shownResult_;
    text = tr("Solver: %1").arg(QString::fromUtf8(session::activityName(r.activity)));
    if (r.activity == session::SessionActivity::Idle && !r.reports.empty())
      text += r.converged ? tr(" (converged)") : tr(" (paused)");
    if (r.activity != session::SessionActivity::Idle) text += tr(" · %1 steps/s").arg(r.iterationsPerSecond, 0, 'f', 0);
    text += tr(" · %n step(s)", nullptr, static_cast<int>(r.totalIterations));
  }
  // Frames per second of the viewport while it draws; a still picture is not "0 fps".
  if (framesPerSecond_ > 0.0) text += tr(" · %1 fps").arg(framesPerSecond_, 0, 'f', 0);
  if (solverLabel_->text() != text) solverLabel_->setText(text);
}

void MainWindow::refreshGeometry() { requestGeometry(shownResult_ ? shownResult_->sequence : 0); }

}  // namespace flexure::app
