#pragma once
// What File → Import…, Export → OBJ…, STL… and Image… do, apart from their file dialogs (which
// the main window shows), so that tests drive exactly the code the menu runs.
#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "flexure/core/scene.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/interchange/mesh_import.h"
#include "flexure/render/render_options.h"
#include "flexure/render/scene_renderer.h"

namespace flexure::app {

class SceneDocument;
class Viewport;

// Dialog filter for every importable format: the ImporterRegistry's (OBJ meshes, description
// files) and Flexure scene files.
QString importFileFilter();

// A mesh format read through assimp (STL, PLY, glTF/GLB, FBX, Collada, 3DS): these take the unit
// scale and up-axis options (mesh_import_dialog.h).
bool isAssimpMeshPath(const QString& path);

// Reads `path` into a fresh scene (all-or-nothing) and pushes one ImportSceneCommand onto the
// document's undo stack. On failure the document is untouched and `error` holds the loader's
// message (naming the file; file:line:column where the format has lines). Mesh formats read
// through assimp use `meshOptions` (scale, up axis); `warnings` (when given) receives what the
// reader reported: open or non-manifold meshes, whose inside/outside is undefined.
// With `progressParent`, the file is read through runWithImportProgress (import_progress.h):
// progress and Cancel; a cancelled read leaves the document untouched and `error` ends in
// "import cancelled" (isCancelledImport).
bool importIntoDocument(SceneDocument& document, const QString& path, QString& error,
                        const MeshImportOptions& meshOptions = {}, QStringList* warnings = nullptr,
                        QWidget* progressParent = nullptr);

// The displayed geometry (the scene tessellated at the current Ψ) as an OBJ file, one `o`
// group per primitive, written atomically through io's OBJ writer.
bool exportObj(const Scene& scene, const QString& path, QString& error);

// The displayed geometry as binary STL (interchange/stl_export.h), for printing the solved part:
// 84 + 50·n bytes for n triangles, written atomically. `bytes` receives the size written.
bool exportStl(const Scene& scene, const QString& path, QString& error, qint64* bytes = nullptr);

// The viewport's picture as a PNG: at the viewport's own size its framebuffer; at another size
// the same meshes, styles, camera and options rendered off screen.
bool exportViewportImage(Viewport& viewport, const std::vector<MeshStyle>& styles, const QString& path, QSize size,
                         QString& error);

}  // namespace flexure::app
