#pragma once
// The solver panel's live plot (QtCharts): energy and maximum constraint violation against
// iteration, on a logarithmic axis. Points come from SessionResult::history, which holds the
// most recent points of the session; results may be skipped, so histories are merged by
// iteration number. A history that starts over (a new session) clears the plot. The curves are
// redrawn at most every kRefreshMs while results stream in (a drag publishes one per frame, and
// a chart's axes, layout and anti-aliased strokes cost the GUI thread a few milliseconds each
// time); the points are merged at once.
#include <QChartView>
#include <QElapsedTimer>
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
  // The curves as drawn, a pending redraw made first.
  const QLineSeries& energySeries() const;
  const QLineSeries& violationSeries() const;
  static constexpr int kRefreshMs = 50;

 private:
  void showSeries(QLineSeries* series, bool visible);
  void refreshSeries();
  // Redraws now when the last redraw is kRefreshMs old, else once that time is up.
  void scheduleRefresh();
  void flushRefresh() const;

  std::map<long long, session::HistoryPoint> points_;
  class QTimer* refreshTimer_ = nullptr;
  QElapsedTimer sinceRefresh_;  // invalid until the first redraw
  QLineSeries* energy_;
  QLineSeries* violation_;
  QValueAxis* xAxis_;
  QLogValueAxis* yAxis_;
};

}  // namespace flexure::app
