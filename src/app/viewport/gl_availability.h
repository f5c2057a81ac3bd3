#pragma once
// Whether this display gives the OpenGL 3.3 context the viewport draws with (issue 28 item 2).
// Without one — Qt's "offscreen" or "minimal" platform, a remote session without GLX, a driver
// older than OpenGL 3.3 — QOpenGLWindow prints "Failed to create context" and goes on to paint,
// and the first OpenGL call through the missing context crashed the application. The window
// asks first (main.cpp): when no context can be made it says so once, on stderr and in one
// dialog, with what was tried and the renderer that answered, and keeps the document usable
// with the viewport off (Viewport::setUnavailable).
#include <QString>
#include <QSurfaceFormat>

namespace flexure::app {

struct GlAvailability {
  bool usable = false;
  QString platform;   // Qt's platform plugin ("xcb", "wayland", "offscreen", ...)
  QString version;    // the version asked for, "3.3"
  QString requested;  // "an OpenGL 3.3 core profile context (24-bit depth, 8-bit stencil)"
  QString obtained;   // "OpenGL 2.1 (compatibility profile)"; empty when no context was made
  QString renderer;   // GL_RENDERER of the context made, if any
  QString problem;    // why it is not usable; empty when it is

  // The text of the dialog and of stderr: what failed, what was tried, the renderer, what
  // still works.
  QString message() const;
};

// Makes a context of `wanted` (the default format, installed by installDefaultGlFormat) on an
// offscreen surface and checks its version. Needs a QGuiApplication.
GlAvailability checkGlAvailability(const QSurfaceFormat& wanted = QSurfaceFormat::defaultFormat());

}  // namespace flexure::app
