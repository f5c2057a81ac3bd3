#include "viewport/gl_format.h"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QSurfaceFormat>

namespace flexure::app {

void installDefaultGlFormat() {
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  format.setSamples(0);  // the window's compositing surface; the viewport asks for its own samples
  QSurfaceFormat::setDefaultFormat(format);
}

bool isSoftwareRenderer(const QString& glRenderer) {
  for (const char* name : {"llvmpipe", "softpipe", "swrast", "SwiftShader", "Software Rasterizer",
                           "Microsoft Basic Render", "Apple Software Renderer"})
    if (glRenderer.contains(QLatin1String(name), Qt::CaseInsensitive)) return true;
  return false;
}

QString probeGlRenderer() {
  static const QString renderer = [] {
    QOpenGLContext context;
    context.setFormat(QSurfaceFormat::defaultFormat());
    if (!context.create()) return QString();
    QOffscreenSurface surface;
    surface.setFormat(context.format());
    surface.create();
    if (!surface.isValid() || !context.makeCurrent(&surface)) return QString();
    const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    QString result = name ? QString::fromLatin1(name) : QString();
    context.doneCurrent();
    return result;
  }();
  return renderer;
}

int viewportSamples(int preference, const QString& glRenderer) {
  if (preference != kAntialiasAutomatic) return preference;
  return isSoftwareRenderer(glRenderer) ? 0 : kAntialiasHardwareSamples;
}

}  // namespace flexure::app
