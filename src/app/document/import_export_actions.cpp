#include "document/import_export_actions.h"

#include <QFileInfo>
#include <QImage>
#include <QStringList>
#include <algorithm>
#include <exception>
#include <memory>
#include <thread>

#include "commands/import_command.h"
#include "document/import_progress.h"
#include "document/scene_document.h"
#include "flexure/core/importer_registry.h"
#include "flexure/core/tessellation.h"
#include "flexure/interchange/stl_export.h"
#include "flexure/io/obj.h"
#include "flexure/io/open_scene.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/png_writer.h"
#include "viewport/viewport.h"

namespace flexure::app {

QString importFileFilter() {
  QStringList filters, patterns;
  for (const SceneImporter& importer : ImporterRegistry::instance().importers()) {
    const QString pattern = "*" + QString::fromStdString(importer.extension);
    filters << QStringLiteral("%1 (%2)").arg(QString::fromStdString(importer.description), pattern);
    patterns << pattern;
  }
  if (!patterns.contains("*.json")) {
    filters << QObject::tr("Flexure scenes (*.json)");
    patterns << "*.json";
  }
  filters.prepend(QObject::tr("All importable (%1)").arg(patterns.join(' ')));
  return filters.join(";;");
}

bool isAssimpMeshPath(const QString& path) {
  const std::string suffix = "." + QFileInfo(path).suffix().toLower().toStdString();
  const std::vector<std::string>& extensions = assimpMeshExtensions();
  return std::find(extensions.begin(), extensions.end(), suffix) != extensions.end();
}

bool importIntoDocument(SceneDocument& document, const QString& path, QString& error,
                        const MeshImportOptions& meshOptions, QStringList* warnings, QWidget* progressParent) {
  LoadResult loaded;
  auto read = [&] {
    if (isAssimpMeshPath(path)) {
      // Through assimp with the unit scale and up axis; all-or-nothing into a fresh scene.
      loaded.scene = std::make_unique<Scene>();
      for (std::string& w : importMeshFile(path.toStdString(), *loaded.scene, meshOptions))
        loaded.warnings.push_back(LoadWarning{FileLocation{path.toStdString(), 0, 0}, "", std::move(w)});
    } else {
      loaded = openSceneFile(path.toStdString());
    }
  };
  try {
    if (progressParent) runWithImportProgress(progressParent, path, read);
    else read();
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
    if (!error.contains(path)) error = path + ": " + error;
    return false;
  }
  if (!loaded.scene) {
    error = path + ": could not be read";
    return false;
  }
  if (loaded.scene->root().children().empty() && loaded.scene->constraints.empty()) {
    error = path + ": contains nothing to import";
    return false;
  }
  if (warnings)
    for (const LoadWarning& w : loaded.warnings) {
      const QString text = QString::fromStdString(w.message);
      *warnings << (text.contains(QFileInfo(path).fileName()) ? text : QFileInfo(path).fileName() + ": " + text);
    }
  document.undoStack().push(new ImportSceneCommand(document, *loaded.scene, path));
  return true;
}

bool exportObj(const Scene& scene, const QString& path, QString& error) {
  try {
    writeObjFile(tessellateScene(scene), path.toStdString());
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

bool exportStl(const Scene& scene, const QString& path, QString& error, qint64* bytes) {
  try {
    const std::size_t written = writeBinaryStlFile(tessellateScene(scene), path.toStdString());
    if (bytes) *bytes = static_cast<qint64>(written);
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
    if (!error.contains(path)) error = path + ": " + error;
    return false;
  }
  return true;
}

bool exportViewportImage(Viewport& viewport, const std::vector<MeshStyle>& styles, const QString& path, QSize size,
                         QString& error) {
  const QImage frame = viewport.grabFramebuffer();
  if (!frame.isNull() && (size.isEmpty() || size == frame.size())) {
    if (frame.save(path, "PNG")) return true;
    error = path + ": cannot write the PNG file";
    return false;
  }
  if (size.isEmpty()) size = viewport.size() * viewport.devicePixelRatio();
  RgbaImage image;
  std::string message;
  // On a thread of its own: the headless EGL context cannot be made current on the GUI thread,
  // where the viewport's context lives.
  bool rendered = false;
  std::thread worker([&] {
    rendered = renderMeshesToImage(viewport.meshes(), styles, viewport.camera(), size.width(), size.height(),
                                   viewport.renderOptions(), image, message);
  });
  worker.join();
  if (!rendered || !writePng(image, path.toStdString(), message)) {
    error = QString::fromStdString(message);
    return false;
  }
  return true;
}

}  // namespace flexure::app
