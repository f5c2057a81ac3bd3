#pragma once
// Sets a spin box's range (and value, a widget's text) only when it differs.
// QAbstractSpinBox::setRange drops the cached size hints and calls updateGeometry() even for the
// same range, which posts a layout request that relayouts the dock and then the whole main
// window: called for every row of a panel on every solver result, that was a tenth of the GUI
// thread's time while dragging (issue 17 item 3, docs/performance.md).
#include <QAbstractSpinBox>
#include <QDoubleSpinBox>
#include <QString>
#include <type_traits>

namespace flexure::app {

// The value a spin box stores for `value`: a QDoubleSpinBox keeps its bounds rounded to its
// decimals (QDoubleSpinBoxPrivate::round), so a bound of 1e-6 reads back as 0 and would look
// changed on every call.
template <class SpinBox, class Value>
Value storedBound(const SpinBox& spin, Value value) {
  if constexpr (std::is_base_of_v<QDoubleSpinBox, SpinBox>)
    return QString::number(value, 'f', spin.decimals()).toDouble();
  else
    return value;
}

template <class SpinBox, class Value>
void setRangeIfChanged(SpinBox& spin, Value minimum, Value maximum) {
  if (spin.minimum() == storedBound(spin, minimum) && spin.maximum() == storedBound(spin, maximum)) return;
  spin.setRange(minimum, maximum);
}

// The same for the value: setValue rewrites the line edit's text even when the value stays, and
// a panel of 200 rows refreshed on every solver result of a drag that moves three of them spent
// 3–4 ms a frame of the GUI thread there (issue 29).
template <class SpinBox, class Value>
void setValueIfChanged(SpinBox& spin, Value value) {
  if (spin.value() == storedBound(spin, value)) return;
  spin.setValue(value);
}

// Texts and tool tips likewise (a widget whose text is set again may ask for a new layout).
template <class Widget>
void setTextIfChanged(Widget& widget, const QString& text) {
  if (widget.text() != text) widget.setText(text);
}
template <class Widget>
void setToolTipIfChanged(Widget& widget, const QString& tip) {
  if (widget.toolTip() != tip) widget.setToolTip(tip);
}

}  // namespace flexure::app
