#pragma once
// Sets a spin box's range only when it differs. QAbstractSpinBox::setRange drops the cached
// size hints and calls updateGeometry() even for the same range, which posts a layout request
// that relayouts the dock and then the whole main window: called for every row of a panel on
// every solver result, that was a tenth of the GUI thread's time while dragging (issue 17
// item 3, docs/performance.md).
#include <QAbstractSpinBox>

namespace flexure::app {

template <class SpinBox, class Value>
void setRangeIfChanged(SpinBox& spin, Value minimum, Value maximum) {
  if (spin.minimum() == minimum && spin.maximum() == maximum) return;
  spin.setRange(minimum, maximum);
}

}  // namespace flexure::app
