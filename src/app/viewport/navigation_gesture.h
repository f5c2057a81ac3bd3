#pragma once
// Which navigation a mouse button + modifier combination starts in the viewport, as Blender
// and Maya users expect:
//   orbit  MMB, or Alt+LMB (Maya)
//   pan    Shift+MMB (Blender), or Alt+MMB (Maya)
//   dolly  Ctrl+MMB (Blender), or Alt+RMB (Maya); the wheel dollies too
#include <Qt>

namespace flexure::app {

enum class NavigationGesture { None, Orbit, Pan, Dolly };

NavigationGesture navigationGestureFor(Qt::MouseButton button, Qt::KeyboardModifiers modifiers);

}  // namespace flexure::app
