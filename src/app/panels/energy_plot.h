#pragma once
// The solver panel's live plot (QtCharts): energy and maximum constraint violation against
// iteration, on a logarithmic axis. Points come from SessionResult::history, which holds the
// most recent points of the session; results may be skipped, so histories are merged by
// iteration number. A history that starts over (a new session) clears the plot.
#include <QChartView>
#include <map>
#include <vector>

#include "flexure/session/session_result.h"

class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace flexure::app {

class EnergyPlot : public QChartView {
  Q_OBJECT

 public:
  explicit EnergyPlot(QWidget* parent = nullptr);

  QSize sizeHint() const override { return {280, 200}; }

  void addHistory(const std::vector<session::HistoryPoint>& history);
  void clear();
  // Points held (one per iteration number).
  std::size_t pointCount() const { return points_.size(); }
  const QLineSeries& energySeries() const { return *energy_; }
  const QLineSeries& violationSeries() const { return *violation_; }

 private:
  void showSeries(QLineSeries* series, bool visible);
  void refreshSeries();

  std::map<long long, session::HistoryPoint> points_;
  QLineSeries* energy_;
  QLineSeries* violation_;
  QValueAxis* xAxis_;
  QLogValueAxis* yAxis_;
};

}  // namespace flexure::app
