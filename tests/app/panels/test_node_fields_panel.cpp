#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QSpinBox>

#include "panels/parameter_panel.h"
#include "support/panel_test_support.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

QWidget* fieldEditor(const ParameterPanel& panel, const char* name) {
  for (const auto& f : panel.fieldRows())
    if (f.name == name) return f.editor;
  return nullptr;
}

}  // namespace

TEST_CASE("a node's fields are edited in the property editor; a field that reshapes Ψ undoes exactly",
          "[app][panels][fields]") {
  OpenDocument d("curve-point-force.json");
  ParameterPanel panel(d.document, d.selection);
  Node* spline = d.scene().find("spline");
  REQUIRE(spline);
  d.selection.select(spline);
  auto* count = qobject_cast<QSpinBox*>(fieldEditor(panel, "count"));
  auto* closed = qobject_cast<QCheckBox*>(fieldEditor(panel, "closed"));
  REQUIRE(count);
  REQUIRE(closed);
  CHECK(count->value() == 12);
  // A recognisable value in the last control point, which a shorter curve drops.
  const int slotCount = spline->paramCount();
  const int last = spline->paramOffset() + slotCount - 1;
  d.scene().parameters().setValue(last, 0.4321);
  const std::string before = sceneText(d.scene());

  count->setValue(10);
  CHECK(spline->paramCount() < slotCount);
  std::string why;
  bool consistent = isConsistent(d.scene(), why);
  INFO(why);
  CHECK(consistent);
  REQUIRE(panel.rows().size() == static_cast<std::size_t>(spline->paramCount()));  // the editor follows
  const std::string after = sceneText(d.scene());
  d.document.undoStack().undo();
  CHECK(spline->paramCount() == slotCount);
  CHECK(d.scene().parameters().value(last) == 0.4321);
  CHECK(sceneText(d.scene()) == before);
  d.document.undoStack().redo();
  CHECK(sceneText(d.scene()) == after);

  // An open MES curve needs four control points: the node refuses, nothing is pushed.
  const int depth = d.document.undoStack().count();
  qobject_cast<QSpinBox*>(fieldEditor(panel, "count"))->setValue(2);
  CHECK(panel.fieldProblem().contains("4 control points"));
  CHECK(d.document.undoStack().count() == depth);
  CHECK(qobject_cast<QSpinBox*>(fieldEditor(panel, "count"))->value() == 10);
}
