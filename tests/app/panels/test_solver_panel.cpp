#include <catch2/catch.hpp>

#include <QComboBox>
#include <QLineSeries>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "document/scene_document.h"
#include "flexure/core/solver_registry.h"
#include "flexure/io/scene_file.h"
#include "flexure/session/part_drag.h"
#include "flexure/session/session_result.h"
#include "panels/constraint_list_panel.h"
#include "panels/constraint_table_model.h"
#include "panels/energy_plot.h"
#include "panels/solver_panel.h"
#include "support/gui_test_support.h"
#include "window/main_window.h"
#include "window/solver_link.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

TEST_CASE("the energy plot merges histories by iteration and starts over with a new session",
          "[app][panels][solver]") {
  EnergyPlot plot;
  plot.addHistory({{1, 1.0, 0.5}, {2, 0.1, 0.05}, {3, 0.01, 0.005}});
  plot.addHistory({{3, 0.01, 0.005}, {4, 1e-3, 5e-4}, {6, 0.0, 0.0}});  // 5 was skipped
  CHECK(plot.pointCount() == 5);
  CHECK(plot.energySeries().count() == 5);
  CHECK(plot.energySeries().at(4).y() > 0.0);  // zero sits at the log axis' floor
  CHECK(plot.violationSeries().at(1).y() == 0.05);
  plot.addHistory({{1, 2.0, 1.0}});  // iterations count from zero again
  CHECK(plot.pointCount() == 1);
}

TEST_CASE("during an energy drag the plot shows the constraints' energy plus the drag's E_user",
          "[app][panels][solver]") {
  EnergyPlot plot;
  plot.addHistory({{1, 1e-9, 0.0, 0.0}, {2, 1e-9, 0.0, 0.25}, {3, 1e-9, 0.0, 0.5}, {4, 1e-9, 0.0, 0.0}});
  REQUIRE(plot.energySeries().count() == 4);
  CHECK(plot.energySeries().at(1).y() == Approx(0.25 + 1e-9));
  CHECK(plot.energySeries().at(2).y() == Approx(0.5 + 1e-9));  // rises while the pull grows
  CHECK(plot.energySeries().at(3).y() < 1e-6);                 // falls back at release
}

TEST_CASE("the solver panel steps the live solver and plots energy and residual as it runs",
          "[app][panels][solver]") {
  MainWindow window;
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/pipefitting.json"), error));
  auto* panel = window.findChild<SolverPanel*>();
  REQUIRE(panel);
  panel->pauseButton().click();
  panel->methodBox().setCurrentIndex(1);  // paper
  panel->methodBox().setCurrentIndex(0);
  panel->toleranceBox().setCurrentIndex(3);
  panel->stepButton().click();
  REQUIRE(QTest::qWaitFor([&] { return panel->plot().pointCount() >= 1; }, 20000));
  panel->runButton().click();
  REQUIRE(QTest::qWaitFor([&] { return panel->plot().pointCount() >= 3; }, 20000));
  CHECK(panel->statusText().contains("iterations"));
  // The pipe is pulled onto the fixed pipes: the energy falls.
  const QLineSeries& energy = panel->plot().energySeries();
  CHECK(energy.at(energy.count() - 1).y() < energy.at(0).y());
}

namespace {
// The curves family's report the CLI prints for the stored scene (flexure-cli solve FILE).
SolveReport cliCurvesReport(const char* scene) {
  const auto stored = loadScene(sourcePath(scene).toStdString());
  return SolverRegistry::instance().find("curves")->solve(*stored, SolveOptions{});
}

const SolveReport* curvesOf(const session::SessionResult& r) {
  for (const SolveReport& report : r.reports)
    if (report.family == "curves") return &report;
  return nullptr;
}
}  // namespace

TEST_CASE("the solver panel and the constraint list show the curves report as the CLI prints it",
          "[app][panels][solver][curves]") {
  MainWindow window;
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/mold-concave.json"), error));
  auto* panel = window.findChild<SolverPanel*>();
  auto* constraints = window.findChild<ConstraintListPanel*>();
  REQUIRE((panel && constraints));
  const auto settled = [&] {
    const auto& r = window.shownResult();
    return r && r->converged && curvesOf(*r) != nullptr;
  };
  REQUIRE(QTest::qWaitFor(settled, 20000));
  REQUIRE(QTest::qWaitFor([&] { return panel->statusText().contains("curves"); }, 5000));
  // The CLI's energy of the file (−9.1: E = S − W), not the 0 of "no energy constraints".
  const SolveReport cli = cliCurvesReport("scenes/mold-concave.json");
  REQUIRE(cli.energy < -1.0);
  CHECK(panel->statusText().contains(QString("curves: E = %1").arg(cli.energy, 0, 'g', 3)));
  CHECK_FALSE(panel->statusText().contains("E = 0 "));

  // Drag the middle of the curve up into the ceiling tooth: every state the solver publishes
  // is legal, and the constraint list says so for the mold.
  const SurfacePoint mid{0, 0.5, 0.0};
  const Vec3d p0 = session::pickedPointPosition(window.document().scene(), "spline", mid);
  window.solver().send(session::DragStart{"spline", mid, p0});
  for (int k = 1; k <= 12; ++k) {
    window.solver().send(session::DragMove{p0 + Vec3d(0.02 * k, 0.12 * k, 0.0)});
    QTest::qWait(20);
  }
  const auto dragging = [&] {
    const auto& r = window.shownResult();
    return r && r->activity == session::SessionActivity::Dragging;
  };
  REQUIRE(QTest::qWaitFor(dragging, 60000));
  // Settled at the last target when the machine allows; every published state counts anyway.
  (void)QTest::qWaitFor([&] { return dragging() && window.shownResult()->converged; }, 60000);
  REQUIRE(dragging());
  ConstraintTableModel& model = constraints->model();
  int moldRow = -1;
  for (int row = 0; row < model.rowCount(); ++row)
    if (model.data(model.index(row, ConstraintTableModel::NameColumn)).toString() == "mold") moldRow = row;
  REQUIRE(moldRow >= 0);
  REQUIRE(model.residualOf(moldRow));
  INFO("mold residual " << model.residualOf(moldRow)->residual);
  CHECK(model.residualOf(moldRow)->satisfied);
  CHECK(model.data(model.index(moldRow, ConstraintTableModel::ResidualColumn), Qt::BackgroundRole).value<QColor>() !=
        ConstraintTableModel::kViolated);
  window.solver().send(session::DragEnd{});
}
