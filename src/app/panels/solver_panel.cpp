#include "panels/solver_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include "flexure/core/solver_registry.h"

#include "document/scene_document.h"
#include "panels/energy_plot.h"
#include "window/solver_link.h"

namespace flexure::app {

SolverPanel::SolverPanel(SceneDocument& document, SolverLink& solver, QWidget* parent)
    : QDockWidget(tr("Solver"), parent),
      solver_(solver),
      method_(new QComboBox),
      tolerance_(new QComboBox),
      run_(new QPushButton(tr("Run"))),
      pause_(new QPushButton(tr("Pause"))),
      step_(new QPushButton(tr("Step"))),
      stepCount_(new QSpinBox),
      status_(new QLabel(tr("No result yet"))),
      plot_(new EnergyPlot),
      refreshTimer_(new QTimer(this)) {
  refreshTimer_->setSingleShot(true);
  connect(refreshTimer_, &QTimer::timeout, this, &SolverPanel::refresh);
  setObjectName("solver");
  method_->addItem(tr("default"), "default");
  method_->addItem(tr("paper"), "paper");
  method_->setToolTip(tr("default: each family's robust method; paper: the method of the technique's paper"));
  // Tolerances in decades; the solvers' own default is the first entry.
  tolerance_->addItem(tr("solver default"), -1.0);
  for (const double t : {1e-4, 1e-6, 1e-8, 1e-10, 1e-12}) tolerance_->addItem(QString::number(t, 'g', 2), t);
  stepCount_->setRange(1, 1000);
  stepCount_->setValue(1);
  stepCount_->setToolTip(tr("Steps per click of Step"));
  run_->setToolTip(tr("Solve until converged, then wait for edits"));
  pause_->setToolTip(tr("Stop stepping (drags still solve)"));
  step_->setToolTip(tr("Run exactly this many bounded steps, then pause"));

  // One row for both choices, so the plot keeps the height.
  auto* form = new QHBoxLayout;
  form->addWidget(new QLabel(tr("Method")));
  form->addWidget(method_, 1);
  form->addWidget(new QLabel(tr("Tolerance")));
  form->addWidget(tolerance_, 1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(run_);
  buttons->addWidget(pause_);
  buttons->addWidget(step_);
  buttons->addWidget(stepCount_);
  status_->setWordWrap(true);
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(status_);
  layout->addWidget(plot_, 1);
  setWidget(content);

  connect(method_, &QComboBox::currentIndexChanged, this,
          [this] { solver_.send(session::SetMethod{method_->currentData().toString().toStdString()}); });
  connect(tolerance_, &QComboBox::currentIndexChanged, this, [this] {
    const double t = tolerance_->currentData().toDouble();
    if (t > 0) solver_.send(session::SetTolerance{t});
  });
  connect(run_, &QPushButton::clicked, this, [this] { solver_.send(session::Run{}); });
  connect(pause_, &QPushButton::clicked, this, [this] { solver_.send(session::Pause{}); });
  connect(step_, &QPushButton::clicked, this, [this] { solver_.send(session::Step{stepCount_->value()}); });
  connect(&solver_, &SolverLink::resultArrived, this, &SolverPanel::showResult);
  // A new document starts a new session whose iterations count from zero.
  connect(&document, &SceneDocument::sceneReplaced, plot_, &EnergyPlot::clear);
}

QString SolverPanel::statusText() const { return status_->text(); }

void SolverPanel::showResult(const std::shared_ptr<const session::SessionResult>& result) {
  if (!result) return;
  // The plot needs every history point only as the newest result lists them (a bounded
  // window, oldest first): keeping the newest result loses none.
  pending_ = result;
  if (!sinceRefresh_.isValid() || sinceRefresh_.elapsed() >= kRefreshMs) {
    refresh();
  } else if (!refreshTimer_->isActive()) {
    refreshTimer_->start(static_cast<int>(kRefreshMs - sinceRefresh_.elapsed()));
  }
}

void SolverPanel::refresh() {
  refreshTimer_->stop();
  if (!pending_) return;
  const std::shared_ptr<const session::SessionResult> result = std::move(pending_);
  pending_.reset();
  sinceRefresh_.start();
  const QString text = statusTextOf(*result);
  if (status_->text() != text) status_->setText(text);
  plot_->addHistory(result->history);
}

QString SolverPanel::statusTextOf(const session::SessionResult& r) {
  QString text = tr("<b>%1</b>").arg(QString::fromUtf8(session::activityName(r.activity)));
  if (r.converged) text += tr(" · converged");
  text += tr(" · %1 it/s · %2 iterations").arg(r.iterationsPerSecond, 0, 'f', 0).arg(r.totalIterations);
  // Per family, from its report, as the CLI prints them. The energy of a family that
  // minimizes one while a drag solves it is the history's (the report predates the drag).
  for (const SolveReport& report : r.reports) {
    double energy = report.energy;
    const FamilySolver* solver = SolverRegistry::instance().find(report.family);
    if (solver && solver->minimizesEnergy() && !r.history.empty()) energy = r.history.back().energy;
    text += tr("<br>%1: E = %2 · max residual %3")
                .arg(QString::fromStdString(report.family))
                .arg(energy, 0, 'g', 3)
                .arg(report.maxViolation, 0, 'g', 3);
  }
  if (r.reports.empty() && !r.history.empty())
    text += tr("<br>E = %1 · max residual %2").arg(r.history.back().energy, 0, 'g', 3).arg(r.history.back().maxViolation, 0, 'g', 3);
  if (r.rollbackCount > 0) text += tr("<br>%n step(s) rolled back", nullptr, static_cast<int>(r.rollbackCount));
  return text;
}

}  // namespace flexure::app
