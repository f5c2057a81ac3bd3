#include "energy_plot.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace flexure::app {
namespace {

// The plot keeps this many most recent iterations (the session's history is shorter, so this
// spans several results).
constexpr std::size_t kMaxPoints = 4000;
// A log axis cannot show 0: exact zeros (no energy constraints, met constraints) sit at the floor.
constexpr double kFloor = 1e-16;

double onLogAxis(double v) { return std::max(std::abs(v), kFloor); }

}  // namespace

EnergyPlot::EnergyPlot(QWidget* parent)
    : QChartView(parent), energy_(new QLineSeries), violation_(new QLineSeries), xAxis_(new QValueAxis), yAxis_(new QLogValueAxis) {
  auto* chart = new QChart;
  energy_->setName(tr("energy"));
  violation_->setName(tr("max residual"));
  chart->addSeries(energy_);
  chart->addSeries(violation_);
  xAxis_->setTitleText(tr("iteration"));
  xAxis_->setLabelFormat("%d");
  yAxis_->setBase(10.0);
  yAxis_->setLabelFormat("%.0e");
  chart->addAxis(xAxis_, Qt::AlignBottom);
  chart->addAxis(yAxis_, Qt::AlignLeft);
  for (QLineSeries* s : {energy_, violation_}) {
    s->attachAxis(xAxis_);
    s->attachAxis(yAxis_);
  }
  chart->legend()->setAlignment(Qt::AlignTop);
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  setChart(chart);
  setRenderHint(QPainter::Antialiasing);
  setMinimumHeight(160);
  clear();
}

void EnergyPlot::clear() {
  points_.clear();
  refreshSeries();
}

void EnergyPlot::addHistory(const std::vector<session::HistoryPoint>& history) {
  if (history.empty()) return;
  // A history that ends before what we hold belongs to a new session: start over.
  if (!points_.empty() && history.back().iteration < points_.rbegin()->first) points_.clear();
  for (const session::HistoryPoint& p : history) points_[p.iteration] = p;
  while (points_.size() > kMaxPoints) points_.erase(points_.begin());
  refreshSeries();
}

void EnergyPlot::refreshSeries() {
  QList<QPointF> energy, violation;
  energy.reserve(static_cast<qsizetype>(points_.size()));
  violation.reserve(static_cast<qsizetype>(points_.size()));
  double lo = 1.0, hi = 1.0;
  bool first = true;
  for (const auto& [iteration, p] : points_) {
    const double e = onLogAxis(p.energy), v = onLogAxis(p.maxViolation);
    energy.append(QPointF(static_cast<double>(iteration), e));
    violation.append(QPointF(static_cast<double>(iteration), v));
    lo = first ? std::min(e, v) : std::min({lo, e, v});
    hi = first ? std::max(e, v) : std::max({hi, e, v});
    first = false;
  }
  energy_->replace(energy);
  violation_->replace(violation);
  if (points_.empty()) {
    xAxis_->setRange(0, 10);
    yAxis_->setRange(1e-12, 1.0);
    return;
  }
  const double x0 = static_cast<double>(points_.begin()->first), x1 = static_cast<double>(points_.rbegin()->first);
  xAxis_->setRange(x0, std::max(x1, x0 + 1.0));
  // Whole decades around the data, so the labels are round numbers.
  yAxis_->setRange(std::pow(10.0, std::floor(std::log10(lo))), std::pow(10.0, std::ceil(std::log10(hi)) + (hi == lo ? 1 : 0)));
}

}  // namespace flexure::app
