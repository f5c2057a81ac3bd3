// The main window's document actions: File → New, Open, Save, Save As, opening a dropped file,
// and asking before unsaved changes are discarded; then document safety and file exchange:
// File → Revert, Import (mesh options, warnings), Export → glTF, STL, OBJ, Image, Preferences;
// autosave and crash recovery;
// the window layout in QSettings.
#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QStatusBar>

#include "document/autosave.h"
#include "document/gltf_export_dialog.h"
#include "document/import_export_actions.h"
#include "document/import_progress.h"
#include "document/mesh_import_dialog.h"
#include "document/recovery_dialog.h"
#include "document/scene_document.h"
#include "flexure/core/importer_registry.h"
#include "flexure/interchange/import_limits.h"
#include "flexure/io/open_scene.h"
#include "flexure/io/installed_resources.h"
#include "flexure/io/scene_file.h"
#include "timeline/timeline_panel.h"
#include "viewport/viewport.h"
#include "window/app_settings.h"
#include "window/main_window.h"
#include "window/preferences_dialog.h"

namespace flexure::app {

// ---------------------------------------------------------------- document

bool MainWindow::openFile(const QString& path, QString& error) {
  QStringList warnings;
  if (!document_->open(path, error, &warnings)) return false;
  recentFiles_.add(path);
  if (!warnings.isEmpty())
    statusBar()->showMessage(tr("Opened with %n warning(s): %1", nullptr, static_cast<int>(warnings.size()))
                                 .arg(warnings.front()));
  return true;
}

void MainWindow::openInteractively(const QString& path) {
  if (!confirmDiscardChanges()) return;
  QString error;
  if (!openFile(path, error)) {
    if (isCancelledImport(error)) {
      statusBar()->showMessage(tr("Opening %1 cancelled").arg(QFileInfo(path).fileName()), 5000);
      return;
    }
    QMessageBox::warning(this, tr("Cannot open file"), error);
    recentFiles_.remove(path);
    return;
  }
  statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::newDocument() {
  if (confirmDiscardChanges()) document_->newScene();
}

void MainWindow::openWithDialog() {
  QString filters = tr("Flexure scenes (*%1 *.json)").arg(QString::fromUtf8(kSceneFileExtension.data()));
  QStringList patterns{"*" + QString::fromUtf8(kSceneFileExtension.data()), "*.json"};
  for (const SceneImporter& importer : ImporterRegistry::instance().importers()) {
    filters += QStringLiteral(";;%1 (*%2)").arg(QString::fromStdString(importer.description),
                                                 QString::fromStdString(importer.extension));
    patterns << "*" + QString::fromStdString(importer.extension);
  }
  filters = tr("All supported (%1);;").arg(patterns.join(' ')) + filters;
  // A new document starts in the installation's example scenes (installed_resources.h).
  QString start;
  if (!document_->filePath().isEmpty())
    start = QFileInfo(document_->filePath()).path();
  else if (const auto examples = installedScenesDirectory())
    start = QString::fromStdString(examples->string());
  const QString path = QFileDialog::getOpenFileName(this, tr("Open"), start, filters);
  if (!path.isEmpty()) openInteractively(path);
}

void MainWindow::syncCameraIntoScene() { document_->scene().camera = viewport_->camera(); }

bool MainWindow::saveDocument() {
  if (document_->filePath().isEmpty()) return saveDocumentAs();
  syncCameraIntoScene();
  QString error;
  if (!document_->save(error)) {
    QMessageBox::warning(this, tr("Cannot save"), error);
    return false;
  }
  recentFiles_.add(document_->filePath());
  statusBar()->showMessage(tr("Saved %1").arg(document_->displayName()), 5000);
  return true;
}

bool MainWindow::saveDocumentAs() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save As"), document_->filePath(),
                                              tr("Flexure scenes (*.json *%1)").arg(QString::fromUtf8(kSceneFileExtension.data())));
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += ".json";
  syncCameraIntoScene();
  QString error;
  if (!document_->saveAs(path, error)) {
    QMessageBox::warning(this, tr("Cannot save"), error);
    return false;
  }
  recentFiles_.add(path);
  statusBar()->showMessage(tr("Saved %1").arg(document_->displayName()), 5000);
  return true;
}

bool MainWindow::confirmDiscardChanges() {
  if (!document_->isModified()) return true;
  const auto answer = QMessageBox::question(
      this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them first?").arg(document_->displayName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return saveDocument();
  return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (confirmDiscardChanges()) {
    saveSettingsOnCleanClose();
    event->accept();
  } else {
    event->ignore();
  }
}

bool MainWindow::isOpenableFile(const QString& path) {
  const QString suffix = "." + QFileInfo(path).suffix().toLower();
  if (suffix == ".json" || suffix == QString::fromUtf8(kSceneFileExtension.data())) return true;
  return ImporterRegistry::instance().forPath(path.toStdString()) != nullptr;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.size() == 1 && urls.front().isLocalFile() && isOpenableFile(urls.front().toLocalFile()))
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.front().isLocalFile()) return;
  event->acceptProposedAction();
  openInteractively(urls.front().toLocalFile());
}

// ---------------------------------------------------------------- revert, import, export, settings

void MainWindow::addDocumentFileActions(QMenu* file) {
  QAction* revert = file->addAction(tr("Re&vert"), this, &MainWindow::revertDocument);
  revert->setObjectName("revertAction");
  revert->setStatusTip(tr("Reload the file from disk, dropping unsaved changes"));
  auto enableRevert = [this, revert] {
    revert->setEnabled(!document_->filePath().isEmpty() && document_->isModified());
  };
  connect(document_, &SceneDocument::modifiedChanged, revert, enableRevert);
  connect(document_, &SceneDocument::filePathChanged, revert, enableRevert);
  enableRevert();
  file->addSeparator();
  QAction* import = file->addAction(tr("&Import…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I), this, &MainWindow::importWithDialog);
  import->setObjectName("importAction");
  import->setStatusTip(tr("Add a mesh (OBJ, STL, PLY, glTF, FBX, Collada, 3DS), a description file's solids or another "
                          "scene to this document"));
  // File → Export: glTF and STL (issue 15), OBJ, Image; createFileMenu adds the animation frames.
  QMenu* exportMenu = file->addMenu(tr("&Export"));
  exportMenu->setObjectName("exportMenu");
  QAction* gltf = exportMenu->addAction(tr("&glTF…"), this, [this] {
    const QString suggested = document_->filePath().isEmpty()
                                  ? QString()
                                  : QFileInfo(document_->filePath()).dir().filePath(
                                        QFileInfo(document_->filePath()).completeBaseName() + ".glb");
    auto* timeline = findChild<TimelinePanel*>();
    const QString status =
        exportGltfInteractively(document_->scene(), timeline ? &timeline->playback() : nullptr, suggested, this);
    if (!status.isEmpty()) statusBar()->showMessage(status, 10000);
  });
  gltf->setObjectName("exportGltfAction");
  gltf->setStatusTip(tr("Write the scene, or the timeline's frames as an animation, as glTF 2.0 (.glb or .gltf)"));
  QAction* stl = exportMenu->addAction(tr("&STL…"), this, [this] {
    QString path = QFileDialog::getSaveFileName(this, tr("Export STL"), QString(), tr("Binary STL (*.stl)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += ".stl";
    QString error;
    qint64 bytes = 0;
    if (!exportStl(document_->scene(), path, error, &bytes)) {
      QMessageBox::warning(this, tr("Cannot export"), tr("%1 was not written:\n%2").arg(path, error));
      return;
    }
    const qint64 triangles = (bytes - 84) / 50;  // binary STL: 84-byte header, 50 bytes a triangle
    statusBar()->showMessage(tr("Exported %1 (%2, %3 %4)")
                                 .arg(QFileInfo(path).fileName(), formatByteSize(bytes), QString::number(triangles),
                                      triangles == 1 ? tr("triangle") : tr("triangles")),
                             10000);
  });
  stl->setObjectName("exportStlAction");
  stl->setStatusTip(tr("Write the displayed (solved) geometry as a binary STL file, for printing"));
  exportMenu->addAction(tr("&OBJ…"), this, &MainWindow::exportObjWithDialog)
      ->setStatusTip(tr("Write the displayed geometry as a Wavefront OBJ file"));
  exportMenu->addAction(tr("&Image…"), this, &MainWindow::exportImageWithDialog)
      ->setStatusTip(tr("Write the viewport as a PNG picture"));
  file->addSeparator();
  QAction* preferences = file->addAction(tr("&Preferences…"), QKeySequence::Preferences, this, &MainWindow::showPreferences);
  preferences->setMenuRole(QAction::PreferencesRole);

  // File → Open and Revert read through the import progress: a mesh file shows how long its
  // reader has run and what it took, with Cancel.
  document_->setFileReader([this](const QString& path) {
    LoadResult result;
    runWithImportProgress(this, path, [&] { result = openSceneFile(path.toStdString()); });
    return result;
  });
  autosave_ = new Autosave(*document_, this);
  autosave_->setBeforeWrite([this] { syncCameraIntoScene(); });
  connect(autosave_, &Autosave::autosaveFailed, this,
          [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::revertDocument() {
  if (document_->filePath().isEmpty()) return;
  if (document_->isModified()) {
    const auto answer = QMessageBox::question(
        this, tr("Revert"), tr("Discard your changes to %1 and reload it from disk?").arg(document_->displayName()),
        QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Discard) return;
  }
  QString error;
  if (!document_->revert(error)) {
    QMessageBox::warning(this, tr("Cannot revert"), error);
    return;
  }
  statusBar()->showMessage(tr("Reverted to the saved %1").arg(document_->displayName()), 5000);
}

void MainWindow::importWithDialog() {
  const QString start = document_->filePath().isEmpty() ? QString() : QFileInfo(document_->filePath()).path();
  const QString path = QFileDialog::getOpenFileName(this, tr("Import"), start, importFileFilter());
  if (path.isEmpty()) return;
  // Mesh formats read through assimp: unit scale and up axis first.
  MeshImportOptions options;
  if (isAssimpMeshPath(path)) {
    MeshImportDialog dialog(QFileInfo(path).fileName(), options, this);
    if (dialog.exec() != QDialog::Accepted) return;
    options = dialog.options();
  }
  QString error;
  QStringList warnings;
  if (!importIntoDocument(*document_, path, error, options, &warnings, this)) {
    if (isCancelledImport(error)) {
      statusBar()->showMessage(tr("Import of %1 cancelled: nothing imported").arg(QFileInfo(path).fileName()), 5000);
      return;
    }
    QMessageBox::warning(this, tr("Cannot import"), tr("%1 was not imported:\n%2").arg(path, error));
    return;
  }
  if (warnings.isEmpty()) {
    statusBar()->showMessage(tr("Imported %1 (Undo removes it)").arg(QFileInfo(path).fileName()), 5000);
    return;
  }
  // Open or non-manifold meshes: imported, but their inside/outside is undefined.
  statusBar()->showMessage(tr("Imported %1 with %n warning(s): %2", nullptr, static_cast<int>(warnings.size()))
                               .arg(QFileInfo(path).fileName(), warnings.join(QStringLiteral("; "))),
                           20000);
}

void MainWindow::exportObjWithDialog() {
  QString path = QFileDialog::getSaveFileName(this, tr("Export OBJ"), QString(), tr("Wavefront OBJ (*.obj)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += ".obj";
  QString error;
  if (!exportObj(document_->scene(), path, error)) {
    QMessageBox::warning(this, tr("Cannot export"), error);
    return;
  }
  statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::exportImageWithDialog() {
  QString path = QFileDialog::getSaveFileName(this, tr("Export Image"), QString(), tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += ".png";
  // The viewport's own size (its framebuffer) unless another is asked for (rendered off screen).
  const QSize own = viewport_->size() * viewport_->devicePixelRatio();
  bool ok = false;
  const QString answer = QInputDialog::getText(this, tr("Export Image"), tr("Size in pixels (width x height):"),
                                               QLineEdit::Normal, QStringLiteral("%1x%2").arg(own.width()).arg(own.height()), &ok);
  if (!ok) return;
  const QStringList parts = answer.split(QRegularExpression("\\s*[x×*,]\\s*"));
  const QSize size = parts.size() == 2 ? QSize(parts[0].toInt(), parts[1].toInt()) : QSize();
  if (size.width() < 1 || size.height() < 1 || size.width() > 16384 || size.height() > 16384) {
    QMessageBox::warning(this, tr("Cannot export"), tr("\"%1\" is not a size like 1920x1080").arg(answer));
    return;
  }
  QString error;
  if (!exportViewportImage(*viewport_, geometry_.styles, path, size, error)) {
    QMessageBox::warning(this, tr("Cannot export"), error);
    return;
  }
  statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::showPreferences() {
  PreferencesDialog dialog(Preferences::load(), this);
  if (dialog.exec() == QDialog::Accepted) applyPreferences(dialog.preferences());
}

void MainWindow::applyPreferences(const Preferences& preferences) {
  preferences.store();
  setMeshImportLimits(preferences.importLimits());
  autosave_->setIntervalSeconds(preferences.autosaveIntervalSeconds);
  recentFiles_.setCapacity(preferences.recentFilesCount);
  setShading(preferences.defaultShading);
}

void MainWindow::restoreDocumentSettings() {
  const Preferences preferences = Preferences::load();
  setMeshImportLimits(preferences.importLimits());
  autosave_->setIntervalSeconds(preferences.autosaveIntervalSeconds);
  recentFiles_.setCapacity(preferences.recentFilesCount);
  setShading(preferences.defaultShading);
  restoreWindowLayout(*this);
}

void MainWindow::saveSettingsOnCleanClose() {
  saveWindowLayout(*this);
  autosave_->discard();  // a clean close leaves no recovery copy behind
}

void MainWindow::offerRecovery() {
  std::vector<RecoveryEntry> entries = findRecoverableCopies();
  if (entries.empty()) return;
  RecoveryDialog dialog(std::move(entries), this);
  if (dialog.exec() != QDialog::Accepted || !dialog.chosen()) return;
  if (!confirmDiscardChanges()) return;
  QString error;
  if (!autosave_->recover(*dialog.chosen(), error)) {
    QMessageBox::warning(this, tr("Cannot recover"), error);
    return;
  }
  statusBar()->showMessage(tr("Recovered %1: save it to keep the changes").arg(document_->displayName()));
}

}  // namespace flexure::app
