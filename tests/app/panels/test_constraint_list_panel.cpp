#include <catch2/catch.hpp>

#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "document/scene_document.h"
#include "flexure/core/solver_registry.h"
#include "panels/constraint_list_panel.h"
#include "panels/constraint_table_model.h"
#include "support/gui_test_support.h"
#include "support/panel_test_support.h"
#include "viewport/viewport.h"
#include "window/main_window.h"
#include "window/solver_link.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

struct Constraints : OpenDocument {
  SolverLink solver;
  ConstraintListPanel panel{document, solver};
  explicit Constraints(const char* scene) : OpenDocument(scene) {}
  ConstraintTableModel& model() { return panel.model(); }
  QModelIndex cell(int row, int column) { return model().index(row, column); }
};

// A result like the solver thread's, with the energy solver's real report after `iterations`.
std::shared_ptr<session::SessionResult> solvedResult(const Scene& document, int iterations) {
  const std::unique_ptr<Scene> copy = document.clone();
  SolveOptions options;
  options.maxIterations = iterations;
  auto result = std::make_shared<session::SessionResult>();
  result->reports.push_back(SolverRegistry::instance().find("energy")->solve(*copy, options));
  return result;
}

}  // namespace

TEST_CASE("the constraint list shows kind, ties, weight and the live residual, red when violated",
          "[app][panels][constraints]") {
  Constraints c("pipefitting.json");
  REQUIRE(c.model().rowCount() == 2);
  CHECK(c.model().data(c.cell(0, ConstraintTableModel::NameColumn)).toString() == "join-a");
  CHECK(c.model().data(c.cell(0, ConstraintTableModel::KindColumn)).toString() == "attach-pipes");
  CHECK(c.model().data(c.cell(0, ConstraintTableModel::NodesColumn)).toString() == "pipe, fixed-a");
  CHECK(c.model().data(c.cell(0, ConstraintTableModel::WeightColumn)).toDouble() == 1.0);

  // One iteration from the file's configuration: the pipe is not attached yet.
  c.panel.showResult(solvedResult(c.scene(), 1));
  const QModelIndex residual = c.cell(0, ConstraintTableModel::ResidualColumn);
  REQUIRE(c.model().residualOf(0));
  CHECK_FALSE(c.model().residualOf(0)->satisfied);
  CHECK(c.model().data(residual).toDouble() > 1e-3);
  CHECK(c.model().data(residual, Qt::BackgroundRole).value<QColor>() == ConstraintTableModel::kViolated);

  // Solved to convergence: met, no red.
  c.panel.showResult(solvedResult(c.scene(), -1));
  REQUIRE(c.model().residualOf(0));
  CHECK(c.model().residualOf(0)->satisfied);
  CHECK_FALSE(c.model().data(residual, Qt::BackgroundRole).isValid());
  CHECK(c.model().data(residual, Qt::ForegroundRole).value<QColor>() == ConstraintTableModel::kSatisfied);
}

TEST_CASE("weight and enabled edits are undoable", "[app][panels][constraints]") {
  Constraints c("pipefitting.json");
  const std::string before = sceneText(c.scene());
  REQUIRE(c.model().setData(c.cell(1, ConstraintTableModel::WeightColumn), 2.5));
  CHECK(c.scene().constraints[1]->weight == 2.5);
  REQUIRE(c.model().setData(c.cell(1, ConstraintTableModel::EnabledColumn), Qt::Unchecked, Qt::CheckStateRole));
  CHECK_FALSE(c.scene().constraints[1]->enabled);
  CHECK(c.model().data(c.cell(1, ConstraintTableModel::ResidualColumn)).toString() == "off");
  CHECK_FALSE(c.model().setData(c.cell(1, ConstraintTableModel::WeightColumn), -1.0));  // negative: refused
  CHECK(c.document.undoStack().count() == 2);
  c.document.undoStack().undo();
  CHECK(c.scene().constraints[1]->enabled);
  c.document.undoStack().undo();
  CHECK(sceneText(c.scene()) == before);
}

TEST_CASE("a constraint is created by picking its nodes, deleted, and both undo", "[app][panels][constraints]") {
  Constraints c("pipefitting.json");
  const std::string before = sceneText(c.scene());
  REQUIRE(c.panel.beginCreate("attach-pipes"));
  CHECK(c.panel.message().contains("1 of 2"));
  SurfacePick pick;
  pick.node = "pipe";
  c.panel.takePick(pick);
  CHECK(c.panel.message().contains("2 of 2"));
  pick.node = "fixed-b";
  c.panel.takePick(pick);
  CHECK_FALSE(c.panel.creating());
  REQUIRE(c.scene().constraints.size() == 3);
  const Constraint& made = *c.scene().constraints.back();
  CHECK(made.kind() == "attach-pipes");
  CHECK(made.referencedNodes() == std::vector<std::string>{"pipe", "fixed-b"});
  std::string why;
  const bool consistent = isConsistent(c.scene(), why);
  INFO(why);
  CHECK(consistent);

  c.panel.table().setCurrentIndex(c.cell(0, 0));
  REQUIRE(c.panel.deleteSelected());
  CHECK(c.scene().constraints.size() == 2);
  CHECK(c.scene().constraints[0]->name == "join-b");
  c.document.undoStack().undo();
  CHECK(c.scene().constraints[0]->name == "join-a");
  c.document.undoStack().undo();
  CHECK(sceneText(c.scene()) == before);
}

TEST_CASE("clicking the model in the viewport picks the point of a new attachment", "[app][panels][constraints]") {
  ShownSphere sphere({.radius = 1.0, .center = {0, 0, 0}, .camera = cameraLookingAtOrigin({0, -8, 0}), .solve = true});
  MainWindow& window = sphere.window;
  REQUIRE(QTest::qWaitFor([&] { return window.geometryUpToDate() && !window.displayGeometry().meshes->empty(); }, 10000));
  auto* panel = window.findChild<ConstraintListPanel*>();
  REQUIRE(panel);
  REQUIRE(panel->beginCreate("attach-point"));
  window.selection().clear();
  // While the pick is pending, pressing on the ball and dragging neither starts a part drag (which
  // would select the ball and move it) nor picks (the mouse moved too far for a click).
  const QPoint center = window.viewport().rect().center();
  const Eigen::VectorXd psi = window.document().scene().parameters().values();
  QTest::mousePress(&window.viewport(), Qt::LeftButton, Qt::NoModifier, center);
  QTest::mouseMove(&window.viewport(), center + QPoint(40, 0));
  QTest::qWait(50);
  QTest::mouseRelease(&window.viewport(), Qt::LeftButton, Qt::NoModifier, center + QPoint(40, 0));
  QTest::qWait(200);
  CHECK(window.selection().isEmpty());
  CHECK(window.document().undoStack().count() == 0);
  CHECK(window.document().scene().parameters().values() == psi);
  REQUIRE(panel->creating());
  // The click is the pick only: it does not select the ball.
  QTest::mouseClick(&window.viewport(), Qt::LeftButton, Qt::NoModifier, center);
  CHECK(window.selection().isEmpty());
  const Scene& scene = window.document().scene();
  REQUIRE(scene.constraints.size() == 1);
  CHECK(scene.constraints[0]->referencedNodes() == std::vector<std::string>{"ball"});
  // Its target is where the click met the sphere: on the surface, facing the camera.
  std::string why;
  const bool consistent = isConsistent(scene, why);
  INFO(why);
  CHECK(consistent);
  CHECK(sceneText(scene).find("\"target\": [") != std::string::npos);
  window.document().undoStack().undo();
  CHECK(scene.constraints.empty());
}
