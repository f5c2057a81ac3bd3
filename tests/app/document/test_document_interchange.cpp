// File → Export → glTF… and STL…, and File → Import of mesh formats read through assimp with
// unit scale, up axis and warnings (issue 15, the window side).
#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <cstdint>
#include <cstring>

#include "document/gltf_export_dialog.h"
#include "document/import_export_actions.h"
#include "document/scene_document.h"
#include "flexure/core/tessellation.h"
#include "support/document_test_support.h"
#include "support/gui_test_support.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_playback.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

std::uint32_t readU32(const QByteArray& bytes, int at) {
  std::uint32_t v = 0;
  std::memcpy(&v, bytes.constData() + at, 4);
  return v;  // little-endian host (x86-64, aarch64)
}

// Fills and accepts the glTF dialog the action is about to open (the dialog runs its own event
// loop, which delivers this timer).
void answerGltfDialog(MainWindow& window, GltfExportRequest request) {
  QTimer::singleShot(0, &window, [&window, request] {
    if (auto* dialog = window.findChild<GltfExportDialog*>()) {
      dialog->setRequest(request);
      dialog->accept();
    }
  });
}

QAction* action(MainWindow& window, const char* name) {
  auto* a = window.findChild<QAction*>(name);
  REQUIRE(a);
  return a;
}

QString writeFile(const QString& directory, const char* name, const QByteArray& bytes) {
  const QString path = QDir(directory).filePath(name);
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly));
  file.write(bytes);
  return path;
}

// A closed tetrahedron (unit legs along x, y, z) as ASCII STL, outward facets.
QByteArray tetrahedronStl() {
  const char* facets[4][3] = {{"0 0 0", "0 1 0", "1 0 0"},
                              {"0 0 0", "1 0 0", "0 0 1"},
                              {"0 0 0", "0 0 1", "0 1 0"},
                              {"1 0 0", "0 1 0", "0 0 1"}};
  QByteArray text = "solid tetra\n";
  for (const auto& f : facets) {
    text += "facet normal 0 0 0\nouter loop\n";
    for (const char* v : f) text += QByteArray("vertex ") + v + "\n";
    text += "endloop\nendfacet\n";
  }
  return text + "endsolid tetra\n";
}

}  // namespace

TEST_CASE("File → Export → glTF writes the timeline's frames as a GLB and reports its size", "[document][export][gltf]") {
  QTemporaryDir dir;
  MainWindow window;
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/anim-oldham.json"), error));
  REQUIRE(showAndWaitForFrames(window, 1));
  REQUIRE(window.findChild<TimelinePanel*>());
  const QString out = QDir(dir.path()).filePath("oldham.glb");
  answerGltfDialog(window, {.path = out, .animated = true, .firstFrame = 0, .lastFrame = 2, .resolution = 8});
  action(window, "exportGltfAction")->trigger();

  QFile file(out);
  REQUIRE(file.open(QIODevice::ReadOnly));
  const QByteArray bytes = file.readAll();
  REQUIRE(bytes.size() > 12);
  CHECK(bytes.left(4) == "glTF");
  CHECK(readU32(bytes, 4) == 2);
  CHECK(readU32(bytes, 8) == static_cast<std::uint32_t>(bytes.size()));
  const QString status = window.statusBar()->currentMessage();
  INFO(status.toStdString());
  CHECK(status.startsWith("Exported oldham.glb ("));
  CHECK(status.contains("3 frames"));
  CHECK(status.contains(formatByteSize(bytes.size())));
  // No temporary file is left beside it.
  CHECK(QDir(dir.path()).entryList(QDir::Files) == QStringList{"oldham.glb"});
}

namespace {
// Presses a progress dialog's Cancel the moment it is shown (the dialog shows from its first
// event-loop turn, after the export job has started): the earliest a user could press it.
// Cancel in the middle of a running export is decided in exportGltfAnimation and in the bake
// (test_gltf_export's "a cancelled export writes nothing", test_bake's cancel tests).
class CancelProgressOnShow : public QObject {
 public:
  bool cancelled = false;
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::Show && !cancelled)
      if (auto* progress = qobject_cast<QProgressDialog*>(watched)) {
        cancelled = true;
        emit progress->canceled();  // what the Cancel button emits (cancel() alone does not)
      }
    return false;
  }
};
}  // namespace

TEST_CASE("cancelling the glTF export writes nothing and says so", "[document][export][gltf]") {
  QTemporaryDir dir;
  MainWindow window;
  QString error;
  // The keyed pipe re-tessellates its bent pipe every frame: at 96 samples per unit the 73 frames
  // take about a second in a Release build, many times the dialog's first event-loop turn (every
  // anim scene now bakes in tens of milliseconds, so the work must lie in the export itself).
  REQUIRE(window.openFile(sourcePath("scenes/anim-pipe-follow.json"), error));
  REQUIRE(showAndWaitForFrames(window, 1));
  const int last = window.findChild<TimelinePanel*>()->playback().timeline().endFrame;
  REQUIRE(last >= 72);
  const QString out = QDir(dir.path()).filePath("cancelled.glb");
  CancelProgressOnShow canceller;
  qApp->installEventFilter(&canceller);
  answerGltfDialog(window, {.path = out, .animated = true, .firstFrame = 0, .lastFrame = last, .resolution = 96});
  action(window, "exportGltfAction")->trigger();
  qApp->removeEventFilter(&canceller);
  CHECK(canceller.cancelled);
  CHECK_FALSE(QFileInfo::exists(out));
  CHECK(QDir(dir.path()).entryList(QDir::Files).isEmpty());
  CHECK(window.statusBar()->currentMessage().toStdString() == "Export of cancelled.glb cancelled: nothing written");
}

// Issue 28 item 3: the dialog proposes what `flexure-cli export-gltf` writes without --frames or
// --still: an animated scene's timeline range, checked; a still scene as it is.
TEST_CASE("File → Export → glTF proposes an animated scene's timeline range, as the CLI exports it",
          "[document][export][gltf][issue28]") {
  struct Case {
    const char* scene;
    bool animated;
    int first, last;
  };
  for (const Case& c : {Case{"scenes/anim-snake.json", true, 0, 125}, Case{"scenes/anim-monocycle.json", true, 0, 150},
                        Case{"scenes/snake.json", true, 0, 48}, Case{"scenes/pipe.json", false, 0, 48}}) {
    INFO(c.scene);
    MainWindow window;
    QString error;
    REQUIRE(window.openFile(sourcePath(c.scene), error));
    GltfExportRequest proposed;
    bool seen = false;
    QTimer::singleShot(0, &window, [&] {
      if (auto* dialog = window.findChild<GltfExportDialog*>()) {
        proposed = dialog->request();
        seen = true;
        dialog->reject();
      }
    });
    action(window, "exportGltfAction")->trigger();
    REQUIRE(seen);
    CHECK(proposed.animated == c.animated);
    if (c.animated) {
      CHECK(proposed.firstFrame == c.first);
      CHECK(proposed.lastFrame == c.last);
    }
    const GltfExportRequest rule = defaultGltfExportRequest(window.document().scene(), true);
    CHECK(rule.animated == c.animated);
    CHECK_FALSE(defaultGltfExportRequest(window.document().scene(), false).animated);
  }
}

TEST_CASE("a scene without a timeline is exported as it is", "[document][export][gltf]") {
  QTemporaryDir dir;
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path()).isEmpty());
  const QString out = QDir(dir.path()).filePath("sphere.glb");
  answerGltfDialog(window, {.path = out, .animated = true, .resolution = 8});  // no timeline: ignored
  action(window, "exportGltfAction")->trigger();
  QFile file(out);
  REQUIRE(file.open(QIODevice::ReadOnly));
  const QByteArray bytes = file.readAll();
  CHECK(bytes.left(4) == "glTF");
  CHECK(readU32(bytes, 8) == static_cast<std::uint32_t>(bytes.size()));
  CHECK(window.statusBar()->currentMessage() == QString("Exported sphere.glb (%1)").arg(formatByteSize(bytes.size())));
}

TEST_CASE("Export STL writes 84 + 50 n bytes for the n displayed triangles", "[document][export][stl]") {
  QTemporaryDir dir;
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path()).isEmpty());
  const Scene& scene = window.document().scene();
  qint64 n = 0;
  for (const TriangleMesh& m : tessellateScene(scene)) n += m.triangleCount();
  REQUIRE(n > 0);
  const QString out = QDir(dir.path()).filePath("part.stl");
  QString error;
  qint64 bytes = 0;
  REQUIRE(exportStl(scene, out, error, &bytes));
  CHECK(bytes == 84 + 50 * n);
  CHECK(QFileInfo(out).size() == 84 + 50 * n);
  QFile file(out);
  REQUIRE(file.open(QIODevice::ReadOnly));
  CHECK(readU32(file.readAll(), 80) == static_cast<std::uint32_t>(n));

  // A folder that does not exist: refused, naming the file.
  const QString bad = QDir(dir.path()).filePath("missing/part.stl");
  CHECK_FALSE(exportStl(scene, bad, error));
  CHECK(error.contains("part.stl"));
}

TEST_CASE("the import filter lists the formats read through assimp", "[document][import]") {
  const QString filter = importFileFilter();
  for (const char* ext : {"*.stl", "*.ply", "*.glb", "*.gltf", "*.fbx", "*.dae", "*.3ds", "*.obj"}) {
    INFO(ext);
    CHECK(filter.contains(ext));
  }
  CHECK(isAssimpMeshPath("a/part.STL"));
  CHECK_FALSE(isAssimpMeshPath("a/part.obj"));
}

TEST_CASE("importing an STL with scale 10 scales its vertices in one undo step", "[document][import][stl]") {
  QTemporaryDir dir;
  const QString stl = writeFile(dir.path(), "tetra.stl", tetrahedronStl());
  MainWindow window;
  SceneDocument& document = window.document();
  const std::string before = documentText(document.scene());
  QString error;
  QStringList warnings;
  MeshImportOptions options;
  options.scale = 10.0;
  INFO(error.toStdString());
  REQUIRE(importIntoDocument(document, stl, error, options, &warnings));
  CHECK(warnings.isEmpty());  // closed and consistently oriented
  CHECK(document.undoStack().count() == 1);
  Bounds3 box;
  for (const TriangleMesh& m : tessellateScene(document.scene()))
    for (const Vec3d& p : m.positions) box.extend(p);
  CHECK(box.lo.x == Approx(0.0).margin(1e-9));
  CHECK(box.hi.x == Approx(10.0));
  CHECK(box.hi.y == Approx(10.0));
  CHECK(box.hi.z == Approx(10.0));
  document.undoStack().undo();
  CHECK(documentText(document.scene()) == before);
}

TEST_CASE("importing an open STL mesh warns that its inside is undefined", "[document][import][stl]") {
  QTemporaryDir dir;
  const QString stl = writeFile(dir.path(), "sheet.stl",
                                "solid sheet\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
                                "vertex 0 1 0\nendloop\nendfacet\nendsolid sheet\n");
  MainWindow window;
  QString error;
  QStringList warnings;
  REQUIRE(importIntoDocument(window.document(), stl, error, {}, &warnings));
  REQUIRE(warnings.size() >= 1);
  CHECK(warnings.join(' ').contains("undefined"));
  CHECK(warnings.front().contains("sheet.stl"));
}

TEST_CASE("importing a malformed STL leaves the document unchanged and names the file", "[document][import][stl]") {
  QTemporaryDir dir;
  // A binary header that promises 1000 triangles followed by one.
  QByteArray binary(80, '\0');
  const std::uint32_t count = 1000;
  binary.append(reinterpret_cast<const char*>(&count), 4);
  binary.append(QByteArray(50, '\0'));
  const QString bad = writeFile(dir.path(), "broken.stl", binary);
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path()).isEmpty());
  SceneDocument& document = window.document();
  const std::string before = documentText(document.scene());
  QString error;
  CHECK_FALSE(importIntoDocument(document, bad, error));
  INFO(error.toStdString());
  CHECK(error.contains("broken.stl"));
  CHECK(documentText(document.scene()) == before);
  CHECK(document.undoStack().count() == 0);
  CHECK_FALSE(document.isModified());
}

TEST_CASE("importing a y-up STL into the z-up scene turns y onto z", "[document][import][stl]") {
  QTemporaryDir dir;
  const QString stl = writeFile(dir.path(), "tetra.stl", tetrahedronStl());
  MainWindow window;
  QString error;
  MeshImportOptions options;
  options.fileUp = Axis::Y;
  options.sceneUp = Axis::Z;
  REQUIRE(importIntoDocument(window.document(), stl, error, options));
  // A quarter turn about y × z = x: (0, 1, 0) goes to (0, 0, 1) and (0, 0, 1) to (0, -1, 0).
  Bounds3 box;
  for (const TriangleMesh& m : tessellateScene(window.document().scene()))
    for (const Vec3d& p : m.positions) box.extend(p);
  CHECK(box.lo.y == Approx(-1.0));
  CHECK(box.hi.y == Approx(0.0).margin(1e-9));
  CHECK(box.hi.z == Approx(1.0));
  CHECK(box.lo.z == Approx(0.0).margin(1e-9));
}
