#include "timeline/timeline_export_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>
#include <stdexcept>

#include "flexure/anim/frame_sequence.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/obj.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/png_writer.h"
#include "flexure/render/scene_renderer.h"
#include "timeline/timeline_playback.h"
#include "viewport/viewport.h"

namespace flexure::app {

namespace {

// Renders the scene as the viewport shows it (same meshes and colours, the viewport's camera and
// options) into a PNG. Runs on the worker thread: offscreen rendering makes its own GL context.
void writeViewportPng(const Scene& scene, const AnimationExportRequest& request, const std::filesystem::path& file) {
  // The scene meshes in their palette colours (display_geometry.h) without the metaball handles.
  const std::vector<TriangleMesh> meshes = tessellateScene(scene);
  RgbaImage image;
  std::string error;
  if (!renderMeshesToImage(meshes, paletteStyles(meshes.size()), request.camera, request.width, request.height,
                           request.renderOptions, image, error) ||
      !writePng(image, file.string(), error))
    throw std::runtime_error(file.string() + ": " + error);
}

}  // namespace

AnimationExportResult runAnimationExport(TimelinePlayback& playback, const AnimationExportRequest& request,
                                         QWidget* parent) {
  std::vector<SequenceWriter> writers;
  if (request.png)
    writers.push_back({"png", [request](Scene& s, int, const std::filesystem::path& f) { writeViewportPng(s, request, f); }});
  if (request.obj)
    writers.push_back({"obj", [](Scene& s, int, const std::filesystem::path& f) {
                         writeObjFile(tessellateScene(s), f.string());
                       }});
  AnimationExportResult result;
  if (writers.empty()) {
    result.error = QObject::tr("nothing to export: choose PNG and/or OBJ");
    return result;
  }
  const FrameRange range{request.firstFrame, request.lastFrame};
  QProgressDialog progress(QObject::tr("Exporting frames %1–%2…").arg(range.first).arg(range.last),
                           QObject::tr("Cancel"), 0, range.count(), parent);
  progress.setWindowModality(Qt::WindowModal);
  progress.setMinimumDuration(0);
  progress.setValue(0);
  const QMetaObject::Connection onProgress =
      QObject::connect(&playback, &TimelinePlayback::bakeProgress, &progress, [&progress](int done, int) {
        progress.setValue(done);
      });
  QObject::connect(&progress, &QProgressDialog::canceled, &playback, &TimelinePlayback::cancelBake);

  const QString errorBefore = playback.error();
  QEventLoop loop;
  bool finished = false;
  SequenceResult sequence;
  const std::filesystem::path directory = request.directory.toStdString();
  playback.runSessionJob(
      [&sequence, range, directory, writers](BakeSession& session, const std::atomic<bool>* cancel,
                                             const BakeProgressCallback& report) {
        sequence = exportFrameSequence(
            session, range, directory, writers,
            [&report](const SequenceProgress& p) { report(BakeProgress{p.frame, p.done, p.total, p.stats}); }, cancel);
      },
      [&] {
        finished = true;
        loop.quit();
      });
  if (!finished) loop.exec();
  QObject::disconnect(onProgress);
  result.framesWritten = sequence.framesWritten;
  result.cancelled = sequence.cancelled || progress.wasCanceled();
  if (playback.error() != errorBefore) result.error = playback.error();
  return result;
}

void exportAnimationInteractively(TimelinePlayback& playback, const Viewport& viewport, QWidget* parent) {
  AnimationExportRequest defaults;
  const TimelineSettings& tl = playback.timeline();
  defaults.firstFrame = tl.startFrame;
  defaults.lastFrame = tl.endFrame;
  defaults.camera = viewport.camera();
  defaults.renderOptions = viewport.renderOptions();
  defaults.width = std::max(16, viewport.width());
  defaults.height = std::max(16, viewport.height());
  TimelineExportDialog dialog(defaults, parent);
  if (dialog.exec() != QDialog::Accepted) return;
  const AnimationExportRequest request = dialog.request();
  const AnimationExportResult result = runAnimationExport(playback, request, parent);
  if (!result.error.isEmpty())
    QMessageBox::warning(parent, QObject::tr("Export failed"), result.error);
  else
    QMessageBox::information(parent, QObject::tr("Export Animation"),
                             QObject::tr("%n frame(s) written to %1%2", nullptr, result.framesWritten)
                                 .arg(request.directory, result.cancelled ? QObject::tr(" (cancelled)") : QString()));
}

TimelineExportDialog::TimelineExportDialog(const AnimationExportRequest& defaults, QWidget* parent)
    : QDialog(parent), defaults_(defaults) {
  setWindowTitle(tr("Export Animation"));
  auto* form = new QFormLayout(this);
  auto* dirRow = new QHBoxLayout;
  directory_ = new QLineEdit(defaults.directory, this);
  auto* browse = new QPushButton(tr("Browse…"), this);
  dirRow->addWidget(directory_);
  dirRow->addWidget(browse);
  form->addRow(tr("Folder"), dirRow);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export to folder"), directory_->text());
    if (!dir.isEmpty()) directory_->setText(dir);
  });
  first_ = new QSpinBox(this);
  last_ = new QSpinBox(this);
  for (QSpinBox* s : {first_, last_}) s->setRange(defaults.firstFrame, defaults.lastFrame);
  first_->setValue(defaults.firstFrame);
  last_->setValue(defaults.lastFrame);
  auto* rangeRow = new QHBoxLayout;
  rangeRow->addWidget(first_);
  rangeRow->addWidget(last_);
  form->addRow(tr("Frames"), rangeRow);
  png_ = new QCheckBox(tr("PNG images of the viewport (frame_NNNN.png)"), this);
  png_->setChecked(defaults.png);
  obj_ = new QCheckBox(tr("OBJ meshes (frame_NNNN.obj)"), this);
  obj_->setChecked(defaults.obj);
  form->addRow(png_);
  form->addRow(obj_);
  width_ = new QSpinBox(this);
  height_ = new QSpinBox(this);
  for (QSpinBox* s : {width_, height_}) s->setRange(16, 8192);
  width_->setValue(defaults.width);
  height_->setValue(defaults.height);
  auto* sizeRow = new QHBoxLayout;
  sizeRow->addWidget(width_);
  sizeRow->addWidget(height_);
  form->addRow(tr("Image size"), sizeRow);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto validate = [this, buttons] {
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!directory_->text().isEmpty() &&
                                                      (png_->isChecked() || obj_->isChecked()) &&
                                                      first_->value() <= last_->value());
  };
  connect(directory_, &QLineEdit::textChanged, this, validate);
  connect(png_, &QCheckBox::toggled, this, validate);
  connect(obj_, &QCheckBox::toggled, this, validate);
  connect(first_, &QSpinBox::valueChanged, this, validate);
  connect(last_, &QSpinBox::valueChanged, this, validate);
  validate();
}

AnimationExportRequest TimelineExportDialog::request() const {
  AnimationExportRequest r = defaults_;
  r.directory = directory_->text();
  r.firstFrame = first_->value();
  r.lastFrame = last_->value();
  r.png = png_->isChecked();
  r.obj = obj_->isChecked();
  r.width = width_->value();
  r.height = height_->value();
  return r;
}

}  // namespace flexure::app
