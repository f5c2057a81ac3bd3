// File → Import into the open document as one undo step; File → Export OBJ and Export Image.
#include <catch2/catch.hpp>

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include "document/import_export_actions.h"
#include "document/scene_document.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/obj.h"
#include "flexure/io/open_scene.h"
#include "support/document_test_support.h"
#include "support/gui_test_support.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

QString writeTetrahedron(const QString& directory) {
  const QString path = QDir(directory).filePath("tetra.obj");
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly));
  file.write("o tetra\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
  return path;
}

}  // namespace

TEST_CASE("importing an OBJ mesh adds one node as one undo step that undo removes exactly", "[document][import]") {
  QTemporaryDir dir;
  const QString obj = writeTetrahedron(dir.path());
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path()).isEmpty());
  QString error;
  SceneDocument& document = window.document();
  const std::string before = documentText(document.scene());

  REQUIRE(importIntoDocument(document, obj, error));
  CHECK(document.undoStack().count() == 1);
  CHECK(document.isModified());
  const Node* tetra = document.scene().find("tetra");
  REQUIRE(tetra);
  CHECK(tetra->type() == "mesh");
  CHECK(document.scene().find("ball"));  // the document's own nodes stay
  const std::string after = documentText(document.scene());
  CHECK(after != before);

  // A second import of the same file gets a fresh name.
  REQUIRE(importIntoDocument(document, obj, error));
  CHECK(document.scene().find("tetra.1"));

  document.undoStack().undo();
  CHECK(documentText(document.scene()) == after);
  document.undoStack().undo();
  CHECK(documentText(document.scene()) == before);
  CHECK_FALSE(document.scene().find("tetra"));
  document.undoStack().redo();
  CHECK(documentText(document.scene()) == after);
}

TEST_CASE("importing a description file adds its solids and joints; names that clash are renamed with their references",
          "[document][import]") {
  QTemporaryDir dir;
  const QString snake = sourcePath("scenes/snake.dcl");
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path()).isEmpty());
  QString error;
  SceneDocument& document = window.document();
  Scene& s = document.scene();
  // A stand-alone copy of what the file holds, to compare the imported part with.
  LoadResult alone = openSceneFile(snake.toStdString());
  REQUIRE(alone.scene);
  const std::size_t joints = alone.scene->constraints.size();
  REQUIRE(joints > 0);
  const std::string before = documentText(s);
  const Eigen::VectorXd psiBefore = s.parameters().values();

  REQUIRE(importIntoDocument(document, snake, error));
  CHECK(s.constraints.size() == joints);
  CHECK(s.parameters().size() == psiBefore.size() + alone.scene->parameters().size());
  // Imported values arrive as they were in the file (not the nodes' defaults).
  for (const Node* node : alone.scene->nodes()) {
    if (node == &alone.scene->root()) continue;
    const Node* copy = s.find(node->name());
    REQUIRE(copy);
    for (int k = 0; k < node->paramCount(); ++k)
      CHECK(s.parameters().value(copy->paramOffset() + k) ==
            alone.scene->parameters().value(node->paramOffset() + k));
  }
  const std::string once = documentText(s);

  // Again: every solid clashes, so all get ".1" and the second set of joints ties those.
  REQUIRE(importIntoDocument(document, snake, error));
  CHECK(s.constraints.size() == 2 * joints);
  CHECK(s.find("tail.1"));
  const std::vector<std::string> refs = s.constraints.back()->referencedNodes();
  REQUIRE_FALSE(refs.empty());
  for (const std::string& name : refs)
    if (!name.empty()) CHECK(name.size() > 2);
  for (const std::string& name : refs)
    if (!name.empty()) CHECK(name.substr(name.size() - 2) == ".1");

  document.undoStack().undo();
  CHECK(documentText(s) == once);
  document.undoStack().undo();
  CHECK(documentText(s) == before);
  CHECK(s.parameters().values() == psiBefore);
  CHECK(s.constraints.empty());
}

TEST_CASE("a file that cannot be imported leaves the document and its history as they were", "[document][import]") {
  QTemporaryDir dir;
  const QString bad = QDir(dir.path()).filePath("bad.obj");
  QFile file(bad);
  REQUIRE(file.open(QIODevice::WriteOnly));
  file.write("v 0 0 0\nv 1 0 0\nf 1 2 9\n");
  file.close();
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path()).isEmpty());
  QString error;
  const std::string before = documentText(window.document().scene());
  CHECK_FALSE(importIntoDocument(window.document(), bad, error));
  CHECK(error.contains("bad.obj:3"));
  CHECK(documentText(window.document().scene()) == before);
  CHECK(window.document().undoStack().count() == 0);
  CHECK_FALSE(window.document().isModified());
}

TEST_CASE("Export OBJ writes the displayed geometry at the current parameters", "[document][export]") {
  QTemporaryDir dir;
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path()).isEmpty());
  QString error;
  Scene& s = window.document().scene();
  s.parameters().setValue(s.parameters().find("mover.x"), 4.0);  // the current Ψ, not the file's
  const QString out = QDir(dir.path()).filePath("out.obj");
  REQUIRE(exportObj(s, out, error));
  const TriangleMesh mesh = readObjFile(out.toStdString());
  const std::vector<TriangleMesh> shown = tessellateScene(s);
  REQUIRE(shown.size() == 1);
  CHECK(mesh.triangleCount() == shown[0].triangleCount());
  // The sphere of radius 0.75 sits around x = 4.
  Bounds3 box;
  for (const Vec3d& p : mesh.positions) box.extend(p);
  CHECK((box.lo.x + box.hi.x) / 2 == Approx(4.0).margin(0.02));
  CHECK(box.hi.x - box.lo.x == Approx(1.5).margin(0.05));
}

TEST_CASE("Export Image writes the viewport as a PNG", "[document][export]") {
  QTemporaryDir dir;
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path(), {.radius = 1.0, .center = {0.0, 0.0, 1.0}}).isEmpty());
  REQUIRE(showAndWaitForMeshes(window));
  QString error;
  const QString out = QDir(dir.path()).filePath("view.png");
  REQUIRE(exportViewportImage(window.viewport(), window.displayGeometry().styles, out, QSize(), error));
  const QImage image(out);
  REQUIRE_FALSE(image.isNull());
  const QImage frame = window.viewport().grabFramebuffer();
  CHECK(image.size() == frame.size());
  // The sphere is in the middle, the background at the corner: they differ.
  CHECK(colorDistance(image, image.width() / 2, image.height() / 2, image, 2, 2) > 60);
}

TEST_CASE("Export Image renders at another size off screen", "[document][export]") {
  QTemporaryDir dir;
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path(), {.radius = 1.0, .center = {0.0, 0.0, 1.0}}).isEmpty());
  REQUIRE(showAndWaitForMeshes(window));
  QString error;
  const QString out = QDir(dir.path()).filePath("big.png");
  const QSize size(320, 200);
  INFO(error.toStdString());
  REQUIRE(exportViewportImage(window.viewport(), window.displayGeometry().styles, out, size, error));
  const QImage image(out);
  REQUIRE(image.size() == size);
  CHECK(colorDistance(image, image.width() / 2, image.height() / 2, image, 2, 2) > 60);
}
