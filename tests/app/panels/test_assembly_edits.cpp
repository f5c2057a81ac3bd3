// Issue 19: placed parts, wrapping the selection, unwrapping with the children's world
// placement kept, numeric rotation entry, and the drag mode a part gets by default.
#include <catch2/catch.hpp>

#include <QDoubleSpinBox>
#include <QUndoStack>
#include <cmath>
#include <map>

#include "commands/assembly_commands.h"
#include "commands/node_commands.h"
#include "flexure/core/node_registry.h"
#include "flexure/session/part_drag.h"
#include "panels/outliner_panel.h"
#include "panels/parameter_panel.h"
#include "shared/world_picture.h"
#include "support/panel_test_support.h"
#include "viewport/display_geometry.h"
#include "viewport/drag_mode_choice.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;
using flexure::world_picture::largestMove;

namespace {

struct Assembly : OpenDocument {
  OutlinerPanel outliner{document, selection};
  ParameterPanel parameters{document, selection};
  explicit Assembly(const char* scene) : OpenDocument(scene) {}
  void select(const char* name) {
    const Node* node = scene().find(name);
    REQUIRE(node);
    selection.select(node);
  }
  double value(const char* qualified) {
    const int i = scene().parameters().find(qualified);
    REQUIRE(i >= 0);
    return scene().parameters().value(i);
  }
  void set(const char* qualified, double v) {
    const int i = scene().parameters().find(qualified);
    REQUIRE(i >= 0);
    scene().parameters().setValue(i, v);
  }
};

// Every displayed vertex of every leaf, in world space: what the user sees of the model.
std::map<std::string, std::vector<Vec3d>> worldVertices(const Scene& scene) {
  std::map<std::string, std::vector<Vec3d>> out;
  const DisplayGeometry geometry = buildDisplayGeometry(scene);
  for (std::size_t i = 0; i < geometry.sceneMeshCount; ++i) out[(*geometry.meshes)[i].name] = (*geometry.meshes)[i].positions;
  return out;
}

}  // namespace

TEST_CASE("a primitive added in the window arrives under its own placement, selected, in one undo step",
          "[app][panels][assembly]") {
  Assembly a("pipefitting.json");
  const std::string original = sceneText(a.scene());
  a.outliner.setPlacementPoint([] { return Vec3d(1.0, -2.0, 0.5); });
  a.selection.clear();
  const int steps = a.document.undoStack().count();
  REQUIRE(a.outliner.addNode("tube"));
  CHECK(a.document.undoStack().count() == steps + 1);
  const Node* tube = a.selection.current();
  REQUIRE(tube);
  CHECK(tube->type() == "tube");
  CHECK(tube->name() == "tube");
  REQUIRE(tube->parent());
  CHECK(tube->parent()->name() == "tube-rotate");
  CHECK(tube->parent()->type() == "rotate");
  REQUIRE(tube->parent()->parent());
  CHECK(tube->parent()->parent()->name() == "tube-translate");
  CHECK(tube->parent()->parent()->parent() == &a.scene().root());
  CHECK(a.value("tube-translate.x") == 1.0);
  CHECK(a.value("tube-translate.y") == -2.0);
  CHECK(a.value("tube-translate.z") == 0.5);
  CHECK(a.value("tube-rotate.qw") == 1.0);
  // The part's own parameters are the registry's defaults; the placement is free.
  const auto fresh = NodeRegistry::instance().create("tube");
  for (const ParamSpec& spec : fresh->parameterSpecs()) {
    INFO(spec.name);
    CHECK(a.value(("tube." + spec.name).c_str()) == spec.defaultValue);
  }
  for (const char* slot : {"tube-translate.x", "tube-translate.y", "tube-translate.z", "tube-rotate.qw", "tube-rotate.qx"})
    CHECK_FALSE(a.scene().parameters().isFrozen(a.scene().parameters().find(slot)));
  // Auto: one rule for every part, the stiffness ladder (energy/drag_metric.h).
  CHECK(resolveDragMode(DragModeChoice::Auto, a.scene(), "tube") == DragMode::Auto);
  // A second tube gets names of its own.
  REQUIRE(a.outliner.addNode("tube"));
  CHECK(a.selection.current()->name() == "tube.1");
  CHECK(a.selection.current()->parent()->name() == "tube.1-rotate");
  std::string why;
  CHECK(isConsistent(a.scene(), why));
  a.document.undoStack().undo();
  a.document.undoStack().undo();
  CHECK(sceneText(a.scene()) == original);
}

TEST_CASE("a solid added in the window has its pose at the view centre: the pose is its placement",
          "[app][panels][assembly]") {
  Assembly a("pipefitting.json");
  a.outliner.setPlacementPoint([] { return Vec3d(1.0, -2.0, 0.5); });
  a.selection.clear();
  const std::string before = sceneText(a.scene());
  const int steps = a.document.undoStack().count();
  REQUIRE(a.outliner.addNode("solid"));
  CHECK(a.document.undoStack().count() == steps + 1);
  const Node* solid = a.selection.current();
  REQUIRE(solid);
  CHECK(solid->type() == "solid");
  CHECK(solid->parent() == &a.scene().root());  // no translate or rotate: the pose places it
  CHECK(a.value("solid.x") == 1.0);
  CHECK(a.value("solid.y") == -2.0);
  CHECK(a.value("solid.z") == 0.5);
  CHECK(a.value("solid.qw") == 1.0);
  CHECK(a.scene().find("solid-translate") == nullptr);
  a.document.undoStack().undo();
  CHECK(sceneText(a.scene()) == before);
}

TEST_CASE("an MES curve added in the window lies in its plane through the view centre", "[app][panels][assembly]") {
  Assembly a("pipefitting.json");
  const Vec3d at(1.0, -2.0, 0.5);
  a.outliner.setPlacementPoint([at] { return at; });
  a.selection.clear();
  const std::string before = sceneText(a.scene());
  const int steps = a.document.undoStack().count();
  REQUIRE(a.outliner.addNode("mes-curve"));
  CHECK(a.document.undoStack().count() == steps + 1);
  const Node* curve = a.selection.current();
  REQUIRE(curve);
  CHECK(curve->type() == "mes-curve");
  CHECK(curve->parent() == &a.scene().root());  // its plane is its placement
  const std::string name = curve->name();
  // The control points keep the registry's defaults, relative to the plane's origin: the
  // curve starts at the view centre (r(0) = p1 = (0, 0)) and runs one unit along x.
  const int p1 = a.scene().parameters().find(name + ".p1.x");
  REQUIRE(p1 >= 0);
  CHECK(a.scene().parameters().value(p1) == 0.0);
  const Vec3d start = session::pickedPointPosition(a.scene(), name, {0, 0.0, 0.25});
  const Vec3d end = session::pickedPointPosition(a.scene(), name, {0, 1.0, 0.25});
  CHECK(norm(start - at) < 0.03);  // within the display radius (0.02)
  CHECK(norm(end - (at + Vec3d(1, 0, 0))) < 0.03);
  a.document.undoStack().undo();
  CHECK(sceneText(a.scene()) == before);
}

TEST_CASE("an operator added with a node selected wraps it, in one undo step", "[app][panels][assembly]") {
  Assembly a("pipefitting.json");
  const std::string original = sceneText(a.scene());
  a.select("pipe");
  REQUIRE(a.outliner.addNode("twist"));
  const Node* twist = a.selection.current();
  REQUIRE(twist);
  CHECK(twist->type() == "twist");
  CHECK(twist->parent()->name() == "pipe-bend");
  REQUIRE(twist->children().size() == 1);
  CHECK(twist->children().front()->name() == "pipe");
  CHECK(a.scene().find("pipe-bend")->children().size() == 1);
  CHECK(a.document.undoStack().count() == 1);
  // The same from the context menu's Wrap In, on an operator.
  a.select("fixed-a-rotate");
  REQUIRE(a.outliner.wrapSelected("scale"));
  CHECK(a.scene().find("fixed-a-rotate")->parent()->type() == "scale");
  CHECK(a.scene().find("fixed-a-rotate")->parent()->parent()->name() == "fixed-a-translate");
  // A primitive cannot wrap.
  a.select("pipe");
  CHECK_FALSE(a.outliner.wrapSelected("sphere"));
  CHECK_FALSE(a.outliner.message().isEmpty());
  while (a.document.undoStack().canUndo()) a.document.undoStack().undo();
  CHECK(sceneText(a.scene()) == original);
  // With nothing selected an operator goes to the top level, as before.
  a.selection.clear();
  REQUIRE(a.outliner.addNode("bend"));
  CHECK(a.selection.current()->parent() == &a.scene().root());
}

TEST_CASE("unwrapping a rigid operator keeps its children's world position", "[app][panels][assembly]") {
  Assembly a("pipefitting.json");
  // A translate between the pipe's translate and rotate, away from identity.
  a.select("pipe-rotate");
  REQUIRE(a.outliner.wrapSelected("translate"));
  const std::string inner = a.selection.current()->name();
  a.set((inner + ".x").c_str(), 0.5);
  a.set((inner + ".y").c_str(), -1.0);
  a.set((inner + ".z").c_str(), 2.0);
  // A rotate between the pipe's rotate and bend.
  a.select("pipe-bend");
  REQUIRE(a.outliner.wrapSelected("rotate"));
  const std::string innerRotate = a.selection.current()->name();
  a.set((innerRotate + ".qw").c_str(), 0.8);
  a.set((innerRotate + ".qx").c_str(), 0.3);
  a.set((innerRotate + ".qy").c_str(), -0.2);
  a.set((innerRotate + ".qz").c_str(), 0.4);
  const auto before = worldVertices(a.scene());
  const std::string text = sceneText(a.scene());
  const int steps = a.document.undoStack().count();

  // The outer translate goes into its child translate; the outer rotate into its child rotate.
  a.select("pipe-translate");
  REQUIRE(a.outliner.unwrapSelected());
  CHECK_FALSE(a.scene().find("pipe-translate"));
  CHECK(a.value((inner + ".x").c_str()) == Approx(-0.6 + 0.5));
  CHECK(largestMove(before, worldVertices(a.scene())) < 1e-9);
  a.select("pipe-rotate");
  REQUIRE(a.outliner.unwrapSelected());
  CHECK_FALSE(a.scene().find("pipe-rotate"));
  CHECK(largestMove(before, worldVertices(a.scene())) < 1e-9);
  CHECK(a.document.undoStack().count() == steps + 2);
  std::string why;
  CHECK(isConsistent(a.scene(), why));

  // A translate whose child is no translate and whose parent is the root: refused, untouched.
  const std::string now = sceneText(a.scene());
  a.select("fixed-a-translate");
  CHECK_FALSE(a.outliner.unwrapSelected());
  CHECK(a.outliner.message().contains("would move"));
  CHECK(sceneText(a.scene()) == now);

  // A parent rotate takes an only child's rotation: p·q.
  while (a.document.undoStack().index() > steps) a.document.undoStack().undo();
  CHECK(sceneText(a.scene()) == text);
  a.select(innerRotate.c_str());
  REQUIRE(a.outliner.unwrapSelected());
  CHECK(largestMove(before, worldVertices(a.scene())) < 1e-9);

  // A deformer is removed as it is; its child takes its place.
  a.select("pipe-bend");
  REQUIRE(a.outliner.unwrapSelected());
  CHECK_FALSE(a.scene().find("pipe-bend"));
  CHECK(a.scene().find("pipe")->parent()->name() == "pipe-rotate");
}

TEST_CASE("a rotate's rotation is edited as degrees about an axis, one undo step", "[app][panels][assembly]") {
  Assembly a("pipefitting.json");
  a.select("fixed-a-rotate");
  const ParameterPanel::RotationEditors& r = a.parameters.rotationEditors();
  REQUIRE(r.angle);
  CHECK(r.angle->value() == Approx(0.0));
  const int steps = a.document.undoStack().count();
  r.axis[0]->setValue(0.0);
  r.axis[1]->setValue(0.0);
  r.axis[2]->setValue(2.0);  // any length
  r.angle->setValue(90.0);
  CHECK(a.value("fixed-a-rotate.qw") == Approx(std::sqrt(0.5)));
  CHECK(a.value("fixed-a-rotate.qz") == Approx(std::sqrt(0.5)));
  CHECK(a.value("fixed-a-rotate.qx") == Approx(0.0).margin(1e-12));
  // fixed-b is turned -90° about y: shown as such (or +90° about -y).
  a.select("fixed-b-rotate");
  const ParameterPanel::RotationEditors& b = a.parameters.rotationEditors();
  REQUIRE(b.angle);
  CHECK(std::abs(b.angle->value()) == Approx(90.0));
  CHECK(b.axis[1]->value() * b.angle->value() == Approx(-90.0));
  // Undo gives the quaternion back.
  CHECK(a.document.undoStack().count() > steps);
  while (a.document.undoStack().index() > steps) a.document.undoStack().undo();
  CHECK(a.value("fixed-a-rotate.qw") == 1.0);
  CHECK(a.value("fixed-a-rotate.qz") == 0.0);
  // Not a rotate: no rotation rows.
  a.select("pipe");
  CHECK_FALSE(a.parameters.rotationEditors().angle);
}

TEST_CASE("the toolbar's drag modes are the session's modes, Auto the stiffness ladder for every part",
          "[app][panels][assembly]") {
  Assembly a("pipefitting.json");
  CHECK(resolveDragMode(DragModeChoice::Auto, a.scene(), "pipe") == DragMode::Auto);
  CHECK(resolveDragMode(DragModeChoice::Shape, a.scene(), "pipe") == DragMode::Shape);
  CHECK(resolveDragMode(DragModeChoice::Free, a.scene(), "pipe") == DragMode::Free);
  CHECK(resolveDragMode(DragModeChoice::Rotate, a.scene(), "pipe") == DragMode::Rotate);
  a.document.undoStack().push(new AddNodeCommand(a.document, NodeRegistry::instance().create("sphere"), nullptr));
  CHECK(resolveDragMode(DragModeChoice::Auto, a.scene(), "sphere") == DragMode::Auto);
  CHECK(resolveDragMode(DragModeChoice::Move, a.scene(), "sphere") == DragMode::Move);
}
