#include "document/gltf_export_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>
#include <exception>

#include "flexure/anim/animated_scene.h"
#include "flexure/anim/bake_cache.h"
#include "flexure/anim/bake_session.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/scene.h"
#include "flexure/render/color.h"
#include "timeline/timeline_playback.h"

namespace flexure::app {

GltfExportOptions windowGltfOptions(int resolution) {
  GltfExportOptions options;
  options.tessellation.resolution = resolution;
  // The viewport's part colours (render/scene_renderer.cpp: paletteColor of the path's index).
  options.partColor = [](std::size_t i) {
    const ColorRgb c = paletteColor(static_cast<int>(i));
    return std::array<float, 3>{c.r, c.g, c.b};
  };
  return options;
}

namespace {

bool hasGltfSuffix(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return suffix == "glb" || suffix == "gltf";
}

}  // namespace

GltfExportOutcome runGltfExport(const Scene& scene, TimelinePlayback* playback, const GltfExportRequest& request,
                                QWidget* parent) {
  GltfExportOutcome outcome;
  if (!hasGltfSuffix(request.path)) {
    outcome.error = QObject::tr("%1: the file name must end in .glb or .gltf").arg(request.path);
    return outcome;
  }
  const std::string path = request.path.toStdString();
  const GltfExportOptions options = windowGltfOptions(request.resolution);
  if (!request.animated) {
    try {
      outcome.result = exportGltf(scene, path, options);
    } catch (const std::exception& e) {
      outcome.error = QString::fromStdString(e.what());
    }
    return outcome;
  }
  if (!playback) {
    outcome.error = QObject::tr("%1: the scene has no timeline to export frames from").arg(request.path);
    return outcome;
  }
  const FrameRange range{request.firstFrame, request.lastFrame};
  if (range.count() < 1) {
    outcome.error = QObject::tr("frames %1–%2: the first frame is after the last").arg(range.first).arg(range.last);
    return outcome;
  }
  QProgressDialog progress(QObject::tr("Exporting frames %1–%2 to %3…")
                               .arg(range.first)
                               .arg(range.last)
                               .arg(QFileInfo(request.path).fileName()),
                           QObject::tr("Cancel"), 0, range.count(), parent);
  progress.setWindowModality(Qt::WindowModal);
  progress.setMinimumDuration(0);
  progress.setValue(0);  // modal: processes events, so Cancel may already have been pressed
  if (progress.wasCanceled()) {
    outcome.cancelled = true;
    return outcome;
  }
  const QMetaObject::Connection onProgress =
      QObject::connect(playback, &TimelinePlayback::bakeProgress, &progress,
                       [&progress](int done, int) { progress.setValue(done); });
  QObject::connect(&progress, &QProgressDialog::canceled, playback, &TimelinePlayback::cancelBake);

  // Filled by the worker; read after `done` ran on this thread (the worker has been joined).
  GltfExportResult result;
  QString error;
  bool jobRan = false;
  QEventLoop loop;
  bool finished = false;
  playback->runSessionJob(
      [&result, &error, &jobRan, range, path, options](BakeSession& session, const std::atomic<bool>* cancel,
                                                       const BakeProgressCallback& report) {
        jobRan = true;
        try {
          result = exportGltfAnimation(
              session, range, path, options,
              [&report](const GltfExportProgress& p) { report(BakeProgress{p.frame, p.done, p.total, nullptr}); }, cancel);
        } catch (const std::exception& e) {
          error = QString::fromStdString(e.what());
        }
      },
      [&] {
        finished = true;
        loop.quit();
      });
  if (!finished) loop.exec();
  QObject::disconnect(onProgress);
  outcome.result = result;
  outcome.error = error;
  if (!jobRan && error.isEmpty())
    outcome.error = playback->error().isEmpty() ? QObject::tr("the timeline's bake session could not be created")
                                                : playback->error();
  // Only the exporter's word counts: Cancel pressed after the last frame still wrote the file.
  outcome.cancelled = outcome.error.isEmpty() && result.cancelled;
  return outcome;
}

GltfExportRequest defaultGltfExportRequest(const Scene& scene, bool hasTimeline) {
  const SceneAnimation animation = sceneAnimation(scene);
  GltfExportRequest request;
  request.animated = hasTimeline && animation.animated();
  request.firstFrame = animation.range.first;
  request.lastFrame = animation.range.last;
  return request;
}

QString formatByteSize(qint64 bytes) {
  if (bytes < 1000) return bytes == 1 ? QObject::tr("1 byte") : QObject::tr("%1 bytes").arg(bytes);
  if (bytes < 1000 * 1000) return QObject::tr("%1 kB").arg((bytes + 500) / 1000);
  return QObject::tr("%1 MB").arg(static_cast<double>(bytes) / 1e6, 0, 'f', 1);
}

QString gltfExportStatus(const GltfExportRequest& request, const GltfExportOutcome& outcome) {
  const QString name = QFileInfo(request.path).fileName();
  if (!outcome.error.isEmpty()) return QObject::tr("Export of %1 failed: %2").arg(name, outcome.error);
  if (outcome.cancelled) return QObject::tr("Export of %1 cancelled: nothing written").arg(name);
  const QString size = formatByteSize(static_cast<qint64>(outcome.result.bytes));
  if (!request.animated) return QObject::tr("Exported %1 (%2)").arg(name, size);
  const int frames = outcome.result.frames;
  return QObject::tr("Exported %1 (%2, %3 %4)")
      .arg(name, size, QString::number(frames), frames == 1 ? QObject::tr("frame") : QObject::tr("frames"));
}

QString exportGltfInteractively(const Scene& scene, TimelinePlayback* playback, const QString& suggestedPath,
                                QWidget* parent) {
  GltfExportRequest defaults = defaultGltfExportRequest(scene, playback != nullptr);
  defaults.path = suggestedPath;
  const bool canAnimate = playback && (scene.settings.tryGet<TimelineSettings>() || defaults.animated);
  GltfExportDialog dialog(defaults, canAnimate, parent);
  if (dialog.exec() != QDialog::Accepted) return {};
  GltfExportRequest request = dialog.request();
  if (QFileInfo(request.path).suffix().isEmpty()) request.path += ".glb";
  const GltfExportOutcome outcome = runGltfExport(scene, canAnimate ? playback : nullptr, request, parent);
  if (!outcome.error.isEmpty()) {
    QMessageBox::warning(parent, QObject::tr("Cannot export"),
                         QObject::tr("%1 was not written:\n%2").arg(request.path, outcome.error));
    return {};
  }
  return gltfExportStatus(request, outcome);
}

GltfExportDialog::GltfExportDialog(const GltfExportRequest& defaults, bool canAnimate, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Export glTF"));
  auto* form = new QFormLayout(this);
  auto* pathRow = new QHBoxLayout;
  path_ = new QLineEdit(defaults.path, this);
  path_->setObjectName("gltfPath");
  auto* browse = new QPushButton(tr("Browse…"), this);
  pathRow->addWidget(path_);
  pathRow->addWidget(browse);
  form->addRow(tr("File"), pathRow);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export glTF"), path_->text(),
                                                      tr("glTF binary (*.glb);;glTF JSON + .bin (*.gltf)"));
    if (!path.isEmpty()) path_->setText(path);
  });
  animated_ = new QCheckBox(tr("Animation: bake and export the frame range"), this);
  animated_->setChecked(canAnimate && defaults.animated);
  animated_->setEnabled(canAnimate);
  if (!canAnimate) animated_->setToolTip(tr("The scene has no timeline: the scene is exported as it is"));
  form->addRow(animated_);
  first_ = new QSpinBox(this);
  last_ = new QSpinBox(this);
  for (QSpinBox* s : {first_, last_}) s->setRange(defaults.firstFrame, std::max(defaults.firstFrame, defaults.lastFrame));
  first_->setValue(defaults.firstFrame);
  last_->setValue(defaults.lastFrame);
  auto* rangeRow = new QHBoxLayout;
  rangeRow->addWidget(first_);
  rangeRow->addWidget(last_);
  form->addRow(tr("Frames"), rangeRow);
  resolution_ = new QSpinBox(this);
  resolution_->setRange(1, 4096);
  resolution_->setValue(defaults.resolution);
  resolution_->setToolTip(tr("Tessellation samples per unit of (u, v) on each patch"));
  form->addRow(tr("Resolution"), resolution_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto validate = [this, buttons] {
    const QString suffix = QFileInfo(path_->text()).suffix().toLower();
    first_->setEnabled(animated_->isChecked());
    last_->setEnabled(animated_->isChecked());
    buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(!path_->text().isEmpty() && (suffix.isEmpty() || suffix == "glb" || suffix == "gltf") &&
                     (!animated_->isChecked() || first_->value() <= last_->value()));
  };
  connect(path_, &QLineEdit::textChanged, this, validate);
  connect(animated_, &QCheckBox::toggled, this, validate);
  connect(first_, &QSpinBox::valueChanged, this, validate);
  connect(last_, &QSpinBox::valueChanged, this, validate);
  validate();
}

GltfExportRequest GltfExportDialog::request() const {
  GltfExportRequest r;
  r.path = path_->text();
  r.animated = animated_->isChecked();
  r.firstFrame = first_->value();
  r.lastFrame = last_->value();
  r.resolution = resolution_->value();
  return r;
}

void GltfExportDialog::setRequest(const GltfExportRequest& request) {
  path_->setText(request.path);
  animated_->setChecked(request.animated && animated_->isEnabled());
  first_->setValue(request.firstFrame);
  last_->setValue(request.lastFrame);
  resolution_->setValue(request.resolution);
}

}  // namespace flexure::app
