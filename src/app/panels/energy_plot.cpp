#include "panels/energy_plot.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTimer>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace flexure::app {
namespace {

// The plot keeps this many most recent iterations (the session's history is shorter, so this
// spans several results).
constexpr std::size_t kMaxPoints = 4000;
// The lowest the log axis goes (it cannot show 0).
constexpr double kFloor = 1e-16;

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
  xAxis_->setTickType(QValueAxis::TicksDynamic);
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
  setMinimumHeight(140);
  refreshTimer_ = new QTimer(this);
  refreshTimer_->setSingleShot(true);
  connect(refreshTimer_, &QTimer::timeout, this, &EnergyPlot::refreshSeries);
  clear();
}

void EnergyPlot::clear() {
  points_.clear();
  if (refreshTimer_) refreshTimer_->stop();
  refreshSeries();
}

void EnergyPlot::addHistory(const std::vector<session::HistoryPoint>& history) {
  if (history.empty()) return;
  // A history that ends before what we hold belongs to a new session: start over.
  if (!points_.empty() && history.back().iteration < points_.rbegin()->first) points_.clear();
  for (const session::HistoryPoint& p : history) points_[p.iteration] = p;
  while (points_.size() > kMaxPoints) points_.erase(points_.begin());
  scheduleRefresh();
}

void EnergyPlot::scheduleRefresh() {
  const qint64 elapsed = sinceRefresh_.isValid() ? sinceRefresh_.elapsed() : kRefreshMs;
  if (elapsed >= kRefreshMs) {
    refreshTimer_->stop();
    refreshSeries();
    return;
  }
  if (!refreshTimer_->isActive()) refreshTimer_->start(static_cast<int>(kRefreshMs - elapsed));
}

void EnergyPlot::flushRefresh() const {
  if (!refreshTimer_->isActive()) return;
  refreshTimer_->stop();
  const_cast<EnergyPlot*>(this)->refreshSeries();  // the curves the next redraw would show
}

const QLineSeries& EnergyPlot::energySeries() const {
  flushRefresh();
  return *energy_;
}

const QLineSeries& EnergyPlot::violationSeries() const {
  flushRefresh();
  return *violation_;
}

void EnergyPlot::showSeries(QLineSeries* series, bool visible) {
  series->setVisible(visible);
  for (QLegendMarker* marker : chart()->legend()->markers(series)) marker->setVisible(visible);
}

// The energy curve: E of the constraints plus, during an energy drag, the drag spring's E_user
// (Witkin et al. 1987, section 2: what the drag minimizes), so a pull the model cannot follow
// shows as a rise that falls back at release.
static double plottedEnergy(const session::HistoryPoint& p) { return std::abs(p.energy + p.dragEnergy); }

void EnergyPlot::refreshSeries() {
  sinceRefresh_.start();
  // The smallest and largest positive values set the axis; exact zeros (no energy
  // constraints, met constraints) sit at its bottom, since a log axis cannot show 0.
  double lo = kFloor, hi = 1.0;
  bool any = false;
  for (const auto& [iteration, p] : points_)
    for (const double v : {plottedEnergy(p), std::abs(p.maxViolation)})
      if (v > 0.0) {
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
      }
  lo = std::max(std::pow(10.0, std::floor(std::log10(lo))), kFloor);
  hi = std::pow(10.0, std::ceil(std::log10(hi)));
  if (hi <= lo) hi = lo * 10.0;
  QList<QPointF> energy, violation;
  energy.reserve(static_cast<qsizetype>(points_.size()));
  violation.reserve(static_cast<qsizetype>(points_.size()));
  for (const auto& [iteration, p] : points_) {
    energy.append(QPointF(static_cast<double>(iteration), std::max(plottedEnergy(p), lo)));
    violation.append(QPointF(static_cast<double>(iteration), std::max(std::abs(p.maxViolation), lo)));
  }
  energy_->replace(energy);
  violation_->replace(violation);
  // A quantity that is exactly zero throughout (the energy of a scene without energy
  // constraints) is not a curve worth showing: a flat line at the axis floor reads as data.
  showSeries(energy_, std::any_of(points_.begin(), points_.end(), [](const auto& e) { return plottedEnergy(e.second) != 0.0; }));
  showSeries(violation_,
             std::any_of(points_.begin(), points_.end(), [](const auto& e) { return e.second.maxViolation != 0.0; }));
  if (points_.empty()) {
    xAxis_->setRange(0, 10);
    // One label every four decades: thirteen labels do not fit a docked panel's height.
    yAxis_->setBase(1e4);
    yAxis_->setRange(1e-12, 1.0);
    return;
  }
  const double x0 = static_cast<double>(points_.begin()->first), x1 = static_cast<double>(points_.rbegin()->first);
  xAxis_->setRange(x0, std::max(x1, x0 + 1.0));
  // Whole iterations, about five labels.
  xAxis_->setTickAnchor(x0);
  xAxis_->setTickInterval(std::max(1.0, std::ceil((x1 - x0) / 5.0)));
  // At most about six labels: one every k decades.
  const double decades = std::log10(hi / lo);
  yAxis_->setBase(std::pow(10.0, std::max(1.0, std::ceil(decades / 6.0))));
  yAxis_->setRange(lo, hi);
}

}  // namespace flexure::app
