#include <catch2/catch.hpp>

#include <QComboBox>
#include <QLineSeries>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "panels/energy_plot.h"
#include "panels/solver_panel.h"
#include "support/gui_test_support.h"
#include "window/main_window.h"

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
