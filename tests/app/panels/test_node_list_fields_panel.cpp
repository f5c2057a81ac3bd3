#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <limits>
#include <variant>

#include "commands/node_field_command.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/curves/mes_curve.h"
#include "panels/parameter_panel.h"
#include "support/gui_test_support.h"
#include "support/panel_test_support.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

// A tetrahedron given inline (no source file): its "positions" and "triangles" are top-level
// lists of numbers of the mesh node.
QString writeTetrahedronScene(const QString& directory) {
  const QString path = QDir(directory).filePath("tetrahedron.json");
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
  file.write(R"({
  "format": "flexure-scene", "version": 1, "description": "GUI test: an inline mesh",
  "camera": {"projection": "perspective", "eye": [0, -10, 1], "target": [0, 0, 0.5], "up": [0, 0, 1],
             "fov_y_degrees": 40, "ortho_height": 10, "near": 0.05, "far": 500},
  "nodes": [{"name": "mover", "type": "translate", "params": {"x": 0, "y": 0, "z": 0},
             "children": [{"name": "tet", "type": "mesh",
                           "positions": [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
                           "triangles": [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]}]}],
  "constraints": []
})");
  return path;
}

QLineEdit* listEditor(const ParameterPanel& panel, const char* name) {
  for (const auto& f : panel.fieldRows())
    if (f.name == name) return qobject_cast<QLineEdit*>(f.editor);
  return nullptr;
}

void type(QLineEdit* edit, const char* text) {
  edit->setText(QString::fromUtf8(text));
  emit edit->editingFinished();
}

// Largest x of the shown scene mesh of node `name` (-inf when it is not shown).
double shownMaxX(const MainWindow& window, const std::string& name) {
  double x = -std::numeric_limits<double>::infinity();
  const DisplayGeometry& shown = window.displayGeometry();
  for (std::size_t i = 0; i < shown.sceneMeshCount; ++i)
    if ((*shown.meshes)[i].name == name)
      for (const Vec3d& p : (*shown.meshes)[i].positions) x = std::max(x, p.x);
  return x;
}

// Bit-exact comparison of two vertex lists.
bool samePositions(const std::vector<Vec3d>& a, const std::vector<Vec3d>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Vec3d& p, const Vec3d& q) { return p.x == q.x && p.y == q.y && p.z == q.z; });
}

}  // namespace

TEST_CASE("lists of numbers print in the shortest text that reads back to the same bits", "[app][panels][fields]") {
  const std::vector<double> values{0.1, 1.0 / 3.0, -2.5e-17, 1e300, 4};
  CHECK(formatNumberList(values).substr(0, 4) == "0.1 ");
  FieldValue back;
  QString error;
  REQUIRE(parseNumberList("alpha", formatNumberList(values), values, back, error));
  CHECK(std::get<std::vector<double>>(back) == values);
  CHECK(formatNumberList(std::vector<int>{3, -1, 0}) == "3 -1 0");
  REQUIRE(parseNumberList("triangles", "  +3\t-1 0 ", std::vector<int>{}, back, error));
  CHECK(std::get<std::vector<int>>(back) == std::vector<int>{3, -1, 0});
  CHECK_FALSE(parseNumberList("triangles", "0 1.5 2", std::vector<int>{}, back, error));
  CHECK(error.contains("triangles"));
  CHECK(error.contains("'1.5'"));
  CHECK_FALSE(parseNumberList("alpha", "1 inf", std::vector<double>{}, back, error));
  CHECK(error.contains("'inf'"));
}

TEST_CASE("a mesh's positions are edited as text in the property editor; the shown geometry follows, undo is exact",
          "[app][panels][fields]") {
  QTemporaryDir dir;
  MainWindow window;
  const QString path = writeTetrahedronScene(dir.path());
  REQUIRE_FALSE(path.isEmpty());
  window.setSolveOnOpen(false);
  QString openError;
  REQUIRE(window.openFile(path, openError));
  REQUIRE(showAndWaitForMeshes(window));
  REQUIRE(QTest::qWaitFor([&] { return window.geometryUpToDate() && shownMaxX(window, "tet") == 1.0; }, 10000));

  auto* panel = window.findChild<ParameterPanel*>();
  REQUIRE(panel);
  auto* tet = dynamic_cast<MeshPrimitive*>(window.document().scene().find("tet"));
  REQUIRE(tet);
  window.selection().select(tet);
  QLineEdit* positions = listEditor(*panel, "positions");
  REQUIRE(positions);
  REQUIRE(listEditor(*panel, "triangles"));
  CHECK(positions->text() == "0 0 0 1 0 0 0 1 0 0 0 1");
  CHECK(listEditor(*panel, "triangles")->text() == "0 2 1 0 1 3 0 3 2 1 2 3");
  const std::vector<Vec3d> original = tet->mesh().positions;
  const std::string before = sceneText(window.document().scene());
  const int depth = window.document().undoStack().count();

  // A valid edit: vertex 1 moves to x = 2.5; one undo step; the node, the file text and the
  // geometry the window shows (built off the GUI thread from the announced edit) follow.
  type(positions, "0 0 0 2.5 0 0 0 1 0 0 0 1");
  CHECK(panel->fieldProblem().isEmpty());
  CHECK(window.document().undoStack().count() == depth + 1);
  REQUIRE(tet->mesh().positions.size() == 4);
  CHECK(tet->mesh().positions[1].x == 2.5);
  CHECK(tet->mesh().triangleCount() == 4);
  CHECK(sceneText(window.document().scene()) != before);
  CHECK(QTest::qWaitFor([&] { return window.geometryUpToDate() && shownMaxX(window, "tet") == 2.5; }, 10000));
  REQUIRE(listEditor(*panel, "positions"));  // the editor shows the node's new list
  CHECK(listEditor(*panel, "positions")->text() == "0 0 0 2.5 0 0 0 1 0 0 0 1");

  window.document().undoStack().undo();
  const int commands = window.document().undoStack().count();  // the undone edit stays for redo
  CHECK(window.document().undoStack().index() == depth);
  CHECK(samePositions(tet->mesh().positions, original));
  CHECK(sceneText(window.document().scene()) == before);
  CHECK(QTest::qWaitFor([&] { return window.geometryUpToDate() && shownMaxX(window, "tet") == 1.0; }, 10000));

  // A malformed entry: the field and the token are named, nothing changes, no undo step.
  positions = listEditor(*panel, "positions");
  REQUIRE(positions);
  type(positions, "1 2 x");
  CHECK(panel->fieldProblem().contains("positions"));
  CHECK(panel->fieldProblem().contains("'x'"));
  CHECK(window.document().undoStack().count() == commands);
  CHECK(window.document().undoStack().index() == depth);
  CHECK(samePositions(tet->mesh().positions, original));
  CHECK(sceneText(window.document().scene()) == before);

  // Entries the node itself refuses (its FieldError): refused with its message, node unchanged.
  type(listEditor(*panel, "positions"), "0 0 0 1 0 0 0 1");
  CHECK(panel->fieldProblem().contains("x, y, z triples"));
  REQUIRE(listEditor(*panel, "positions"));
  type(listEditor(*panel, "positions"), "0 0 0 1 0 0");  // two vertices: triangle index 2 is out of range
  CHECK(panel->fieldProblem().contains("out of range"));
  CHECK(window.document().undoStack().count() == commands);
  CHECK(window.document().undoStack().index() == depth);
  CHECK(samePositions(tet->mesh().positions, original));
  CHECK(sceneText(window.document().scene()) == before);
  REQUIRE(listEditor(*panel, "positions"));
  CHECK(listEditor(*panel, "positions")->text() == "0 0 0 1 0 0 0 1 0 0 0 1");  // shows what the node kept
}

TEST_CASE("an MES curve's per-span stiffness is a list field: the node's own count check refuses a wrong length",
          "[app][panels][fields]") {
  OpenDocument d("curve-point-force.json");
  ParameterPanel panel(d.document, d.selection);
  auto* spline = dynamic_cast<MesCurve*>(d.scene().find("spline"));
  REQUIRE(spline);
  d.selection.select(spline);
  REQUIRE(listEditor(panel, "alpha"));
  CHECK(listEditor(panel, "alpha")->text() == "0.05");
  const int depth = d.document.undoStack().count();

  type(listEditor(panel, "alpha"), "0.5 0.25");  // two values for eleven spans
  CHECK(panel.fieldProblem().contains("one per span"));
  CHECK(d.document.undoStack().count() == depth);
  CHECK(spline->alpha() == std::vector<double>{0.05});

  type(listEditor(panel, "alpha"), "-1");  // the node's non-negativity check
  CHECK(panel.fieldProblem().contains("non-negative"));
  CHECK(spline->alpha() == std::vector<double>{0.05});

  type(listEditor(panel, "alpha"), "0.125");
  CHECK(panel.fieldProblem().isEmpty());
  CHECK(d.document.undoStack().count() == depth + 1);
  CHECK(spline->alpha() == std::vector<double>{0.125});
  d.document.undoStack().undo();
  CHECK(spline->alpha() == std::vector<double>{0.05});
}

// Issue 15: a mesh read from a file takes File ▸ Import's unit scale and axes as fields; editing
// them (or the file) in the property editor reads the file again, so the part changes size at
// once, and undo gives the geometry back.
TEST_CASE("editing a mesh's source_scale or source in the property editor reloads the file; undo restores it",
          "[app][panels][fields]") {
  QTemporaryDir dir;
  // A unit tetrahedron as the source file, beside the scene (a relative source).
  {
    QFile obj(QDir(dir.path()).filePath("tet.obj"));
    REQUIRE(obj.open(QIODevice::WriteOnly));
    obj.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
  }
  const QString path = QDir(dir.path()).filePath("sourced.json");
  {
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({
  "format": "flexure-scene", "version": 1, "description": "GUI test: a mesh from a file",
  "nodes": [{"name": "tet", "type": "mesh", "source": "tet.obj", "source_scale": 2}],
  "constraints": []
})");
  }
  MainWindow window;
  window.setSolveOnOpen(false);
  QString openError;
  REQUIRE(window.openFile(path, openError));
  REQUIRE(showAndWaitForMeshes(window));
  auto* tet = dynamic_cast<MeshPrimitive*>(window.document().scene().find("tet"));
  REQUIRE(tet);
  REQUIRE(tet->mesh().positions.size() == 4);
  CHECK(tet->mesh().positions[1].x == 2.0);
  const std::vector<Vec3d> original = tet->mesh().positions;
  const int depth = window.document().undoStack().count();

  // Millimetres to metres: the file is read again at the new scale, one undo step.
  CHECK(pushNodeFieldEdit(window.document(), *tet, "source_scale", FieldValue{0.5}).isEmpty());
  CHECK(window.document().undoStack().count() == depth + 1);
  CHECK(tet->mesh().positions[1].x == 0.5);
  CHECK(tet->sourceOptions().scale == 0.5);
  CHECK(QTest::qWaitFor([&] { return window.geometryUpToDate() && shownMaxX(window, "tet") == 0.5; }, 10000));
  // The file's z axis is up in the scene already; "y" up turns the file's y to the scene's z.
  CHECK(pushNodeFieldEdit(window.document(), *tet, "source_up", FieldValue{std::string("y")}).isEmpty());
  const Vec3d fileY = tet->mesh().positions[2];  // the file's (0, 1, 0), scaled
  CHECK(fileY.z == Approx(0.5));
  CHECK(std::abs(fileY.y) < 1e-12);

  // A file that is not there is refused with its name; nothing changes.
  const QString missing = pushNodeFieldEdit(window.document(), *tet, "source", FieldValue{std::string("gone.obj")});
  CHECK(missing.contains("gone.obj"));
  CHECK(window.document().undoStack().count() == depth + 2);
  CHECK(tet->source() == "tet.obj");

  window.document().undoStack().undo();
  window.document().undoStack().undo();
  CHECK(samePositions(tet->mesh().positions, original));
  CHECK(tet->sourceOptions().scale == 2.0);
  CHECK(QTest::qWaitFor([&] { return window.geometryUpToDate() && shownMaxX(window, "tet") == 2.0; }, 10000));
  window.document().undoStack().redo();
  CHECK(tet->mesh().positions[1].x == 0.5);
}
