#include "viewport/gl_availability.h"

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <utility>

namespace flexure::app {

namespace {

QString profileName(QSurfaceFormat::OpenGLContextProfile profile) {
  switch (profile) {
    case QSurfaceFormat::CoreProfile: return QStringLiteral("core profile");
    case QSurfaceFormat::CompatibilityProfile: return QStringLiteral("compatibility profile");
    case QSurfaceFormat::NoProfile: break;
  }
  return QStringLiteral("no profile");
}

QString describe(const QSurfaceFormat& f) {
  return QStringLiteral("OpenGL %1.%2 (%3)").arg(f.majorVersion()).arg(f.minorVersion()).arg(profileName(f.profile()));
}

}  // namespace

QString GlAvailability::message() const {
  QString text = QStringLiteral("No OpenGL %1 context could be created, so the 3D view is off.\n").arg(version);
  text += QStringLiteral("Tried: %1 on Qt's \"%2\" platform.\n").arg(requested, platform);
  text += QStringLiteral("Result: %1.\n").arg(problem);
  text += QStringLiteral("Renderer: %1.\n\n").arg(renderer.isEmpty() ? QStringLiteral("none") : renderer);
  text += QStringLiteral(
      "The document can still be edited, solved, animated, saved and exported (flexure-cli render draws pictures without "
      "a display). For the 3D view, run Flexure on a display whose OpenGL driver offers version 3.3 (any current driver; "
      "Mesa's llvmpipe does it in software), with QT_QPA_PLATFORM unset or set to xcb or wayland.");
  return text;
}

GlAvailability checkGlAvailability(const QSurfaceFormat& wanted) {
  GlAvailability a;
  a.platform = QGuiApplication::platformName();
  a.version = QStringLiteral("%1.%2").arg(wanted.majorVersion()).arg(wanted.minorVersion());
  a.requested = QStringLiteral("an OpenGL %1 %2 context (%3-bit depth, %4-bit stencil)")
                    .arg(a.version, profileName(wanted.profile()))
                    .arg(wanted.depthBufferSize())
                    .arg(wanted.stencilBufferSize());
  QOpenGLContext context;
  context.setFormat(wanted);
  if (!context.create()) {
    a.problem = QStringLiteral("the platform could not create an OpenGL context");
    return a;
  }
  const QSurfaceFormat got = context.format();
  a.obtained = describe(got);
  QOffscreenSurface surface;
  surface.setFormat(got);
  surface.create();
  if (!surface.isValid() || !context.makeCurrent(&surface)) {
    a.problem = QStringLiteral("a context (%1) was created but could not be made current").arg(a.obtained);
    return a;
  }
  if (const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER)))
    a.renderer = QString::fromLatin1(name);
  context.doneCurrent();
  if (std::pair(got.majorVersion(), got.minorVersion()) < std::pair(wanted.majorVersion(), wanted.minorVersion())) {
    a.problem = QStringLiteral("the driver gave only %1").arg(a.obtained);
    return a;
  }
  a.usable = true;
  return a;
}

}  // namespace flexure::app
