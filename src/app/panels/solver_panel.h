#pragma once
// The solver panel (issue 7 item 1): the live solver's method ("default" or "paper", the
// paper's own method as a baseline) and tolerance, Run / Pause / Step buttons, what the solver
// is doing with its iterations per second, and a live plot of energy and maximum residual
// against iteration (energy_plot.h). Everything is a command to the solver thread
// (session_command.h), not a document edit: these are not undo steps.
#include <QDockWidget>
#include <QElapsedTimer>
#include <memory>

#include "flexure/session/session_result.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;

namespace flexure::app {

class EnergyPlot;
class SceneDocument;
class SolverLink;

class SolverPanel : public QDockWidget {
  Q_OBJECT

 public:
  SolverPanel(SceneDocument& document, SolverLink& solver, QWidget* parent = nullptr);

  EnergyPlot& plot() { return *plot_; }
  QPushButton& runButton() { return *run_; }
  QPushButton& pauseButton() { return *pause_; }
  QPushButton& stepButton() { return *step_; }
  QComboBox& methodBox() { return *method_; }
  QComboBox& toleranceBox() { return *tolerance_; }
  QString statusText() const;

 public:
  // A new solver result (connected to SolverLink::resultArrived). Shown at once when the panel
  // has not changed for kRefreshMs, else with the next refresh: while a drag publishes a
  // result per frame the panel repaints at most 10 times a second, not with every frame.
  void showResult(const std::shared_ptr<const flexure::session::SessionResult>& result);
  // The status line of a result: activity, rate, and per family the energy and the largest
  // violation of its report, the same figures `flexure-cli solve` prints per family.
  static QString statusTextOf(const flexure::session::SessionResult& result);

 private:
  static constexpr int kRefreshMs = 100;
  void refresh();

  SolverLink& solver_;
  QComboBox* method_;
  QComboBox* tolerance_;
  QPushButton* run_;
  QPushButton* pause_;
  QPushButton* step_;
  QSpinBox* stepCount_;
  QLabel* status_;
  EnergyPlot* plot_;
  QTimer* refreshTimer_;
  QElapsedTimer sinceRefresh_;
  std::shared_ptr<const flexure::session::SessionResult> pending_;
};

}  // namespace flexure::app
