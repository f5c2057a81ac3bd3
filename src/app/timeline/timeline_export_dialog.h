#pragma once
// File → Export Animation…: a PNG sequence of the viewport (its camera, render options and
// size) and/or an OBJ sequence of the tessellated scene over a frame range, written as
// DIR/frame_NNNN.{png,obj} by anim::exportFrameSequence on the timeline's bake session (so what
// is exported is exactly what is baked and played). Runs on the timeline's worker thread with a
// QProgressDialog; Cancel stops between frames and keeps the files already written.
#include <QDialog>
#include <QString>

#include "flexure/core/camera.h"
#include "flexure/render/render_options.h"

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace flexure::app {

class TimelinePlayback;
class Viewport;

// What to export; the dialog fills it, runAnimationExport carries it out.
struct AnimationExportRequest {
  QString directory;
  int firstFrame = 0;
  int lastFrame = 0;
  bool png = true;
  bool obj = false;
  Camera camera;  // the viewport's
  RenderOptions renderOptions;
  int width = 640, height = 480;
};

struct AnimationExportResult {
  int framesWritten = 0;
  bool cancelled = false;
  QString error;  // empty on success
};

// Runs the export on the playback's worker thread and waits (event loop running) for the end,
// showing a modal progress dialog parented to `parent` (none when null: tests).
AnimationExportResult runAnimationExport(TimelinePlayback& playback, const AnimationExportRequest& request,
                                         QWidget* parent);

// The File menu's action: the dialog (defaults from the timeline and the viewport), the export,
// then a message with the outcome.
void exportAnimationInteractively(TimelinePlayback& playback, const Viewport& viewport, QWidget* parent);

class TimelineExportDialog : public QDialog {
  Q_OBJECT

 public:
  TimelineExportDialog(const AnimationExportRequest& defaults, QWidget* parent = nullptr);
  AnimationExportRequest request() const;

 private:
  AnimationExportRequest defaults_;
  QLineEdit* directory_;
  QSpinBox* first_;
  QSpinBox* last_;
  QCheckBox* png_;
  QCheckBox* obj_;
  QSpinBox* width_;
  QSpinBox* height_;
};

}  // namespace flexure::app
