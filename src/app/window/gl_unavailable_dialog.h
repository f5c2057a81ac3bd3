#pragma once
// The one dialog that says the display gives no OpenGL 3.3 context (issue 28 item 2;
// viewport/gl_availability.h): window-modal, not blocking the event loop, so the window stays
// usable behind it and a run without anyone to press OK (the offscreen platform) goes on.
#include "viewport/gl_availability.h"

class QWidget;

namespace flexure::app {

void showGlUnavailableDialog(QWidget& window, const GlAvailability& gl);

}  // namespace flexure::app
