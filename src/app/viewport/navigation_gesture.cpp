#include "viewport/navigation_gesture.h"

namespace flexure::app {

NavigationGesture navigationGestureFor(Qt::MouseButton button, Qt::KeyboardModifiers modifiers) {
  const bool alt = modifiers.testFlag(Qt::AltModifier);
  const bool shift = modifiers.testFlag(Qt::ShiftModifier);
  const bool ctrl = modifiers.testFlag(Qt::ControlModifier);
  switch (button) {
    case Qt::MiddleButton:
      if (shift || alt) return NavigationGesture::Pan;
      if (ctrl) return NavigationGesture::Dolly;
      return NavigationGesture::Orbit;
    case Qt::LeftButton:
      return alt ? NavigationGesture::Orbit : NavigationGesture::None;
    case Qt::RightButton:
      return alt ? NavigationGesture::Dolly : NavigationGesture::None;
    default:
      return NavigationGesture::None;
  }
}

}  // namespace flexure::app
