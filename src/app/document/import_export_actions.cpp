#include "document/import_export_actions.h"

#include <QFileInfo>
#include <QImage>
#include <QStringList>
#include <exception>
#include <thread>

#include "commands/import_command.h"
#include "document/scene_document.h"
#include "flexure/core/importer_registry.h"
#include "flexure/core/tessellation.h"
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

bool importIntoDocument(SceneDocument& document, const QString& path, QString& error) {
  LoadResult loaded;
  try {
    loaded = openSceneFile(path.toStdString());
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
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
