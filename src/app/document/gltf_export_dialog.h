#pragma once
// File → Export → glTF… (issue 15): the scene, or a frame range of the timeline baked by its
// bake session, as glTF 2.0 (flexure/interchange/gltf_export.h). The file's suffix chooses the
// container (.glb one file, .gltf JSON + .bin). An animated export runs on the timeline's worker
// thread with a QProgressDialog; Cancel stops between frames and nothing is written (the
// exporter writes atomically at the end). Part colours are the viewport's palette.
#include <QDialog>
#include <QString>

#include "flexure/interchange/gltf_export.h"

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace flexure {
class Scene;
}

namespace flexure::app {

class TimelinePlayback;

// What to export; the dialog fills it, runGltfExport carries it out.
struct GltfExportRequest {
  QString path;           // .glb or .gltf
  bool animated = false;  // the frame range, else the scene as it is
  int firstFrame = 0;
  int lastFrame = 0;
  int resolution = 32;  // tessellation samples per unit of (u, v)
};

struct GltfExportOutcome {
  GltfExportResult result;
  bool cancelled = false;  // nothing was written
  QString error;           // empty on success
};

// The exporter's options for the window: the tessellation resolution and the viewport's part
// colours (render/color.h paletteColor, as the CLI's export-gltf).
GltfExportOptions windowGltfOptions(int resolution);

// Carries the request out. An animated request needs `playback` (the timeline's bake session);
// it runs on the playback's worker thread and waits (event loop running) with a modal progress
// dialog parented to `parent`. A static one exports `scene` on this thread.
GltfExportOutcome runGltfExport(const Scene& scene, TimelinePlayback* playback, const GltfExportRequest& request,
                                QWidget* parent);

// What the dialog proposes: the timeline's range, checked when the scene is animated (keyframe
// tracks or dynamics, anim/animated_scene.h: the rule `flexure-cli export-gltf` follows without
// --frames or --still) and the window has a timeline to bake it on; else the scene as it is.
GltfExportRequest defaultGltfExportRequest(const Scene& scene, bool hasTimeline);

// "Exported snake.glb (377 kB, 125 frames)", "Export of snake.glb cancelled: nothing written".
QString gltfExportStatus(const GltfExportRequest& request, const GltfExportOutcome& outcome);

// 377 kB, 1.2 MB, 84 bytes (decimal units).
QString formatByteSize(qint64 bytes);

// The File menu's action: the dialog (defaultGltfExportRequest), the export, an error dialog on
// failure; returns the status-bar message (empty when the dialog was
// cancelled or the export failed).
QString exportGltfInteractively(const Scene& scene, TimelinePlayback* playback, const QString& suggestedPath,
                                QWidget* parent);

class GltfExportDialog : public QDialog {
  Q_OBJECT

 public:
  // `canAnimate`: the scene has a timeline (its range bounds the frame fields).
  GltfExportDialog(const GltfExportRequest& defaults, bool canAnimate, QWidget* parent = nullptr);
  GltfExportRequest request() const;
  // Fills the fields (tests drive the dialog with it, then accept()).
  void setRequest(const GltfExportRequest& request);

 private:
  QLineEdit* path_;
  QCheckBox* animated_;
  QSpinBox* first_;
  QSpinBox* last_;
  QSpinBox* resolution_;
};

}  // namespace flexure::app
