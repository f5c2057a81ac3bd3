#pragma once
// What File → Import…, Export OBJ… and Export Image… do, apart from their file dialogs (which
// the main window shows), so that tests drive exactly the code the menu runs.
#include <QSize>
#include <QString>
#include <vector>

#include "flexure/core/scene.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/render/render_options.h"
#include "flexure/render/scene_renderer.h"

namespace flexure::app {

class SceneDocument;
class Viewport;

// Dialog filter for every importable format: the ImporterRegistry's (OBJ meshes, description
// files) and Flexure scene files.
QString importFileFilter();

// Reads `path` into a fresh scene (all-or-nothing) and pushes one ImportSceneCommand onto the
// document's undo stack. On failure the document is untouched and `error` holds the loader's
// message (file:line:column).
bool importIntoDocument(SceneDocument& document, const QString& path, QString& error);

// The displayed geometry (the scene tessellated at the current Ψ) as an OBJ file, one `o`
// group per primitive, written atomically through io's OBJ writer.
bool exportObj(const Scene& scene, const QString& path, QString& error);

// The viewport's picture as a PNG: at the viewport's own size its framebuffer; at another size
// the same meshes, styles, camera and options rendered off screen.
bool exportViewportImage(Viewport& viewport, const std::vector<MeshStyle>& styles, const QString& path, QSize size,
                         QString& error);

}  // namespace flexure::app
