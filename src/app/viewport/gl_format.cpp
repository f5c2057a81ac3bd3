#include "viewport/gl_format.h"

#include <QSurfaceFormat>

#include "viewport/gl_availability.h"

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

void installPromptFrameUpdates() {
  if (!qEnvironmentVariableIsSet("QT_QPA_UPDATE_IDLE_TIME")) qputenv("QT_QPA_UPDATE_IDLE_TIME", "0");
}

bool isSoftwareRenderer(const QString& glRenderer) {
  for (const char* name : {"llvmpipe", "softpipe", "swrast", "SwiftShader", "Software Rasterizer",
                           "Microsoft Basic Render", "Apple Software Renderer"})
    if (glRenderer.contains(QLatin1String(name), Qt::CaseInsensitive)) return true;
  return false;
}

QString probeGlRenderer() {
  static const QString renderer = checkGlAvailability().renderer;
  return renderer;
}

int viewportSamples(int preference, const QString& glRenderer) {
  if (preference != kAntialiasAutomatic) return preference;
  return isSoftwareRenderer(glRenderer) ? 0 : kAntialiasHardwareSamples;
}

}  // namespace flexure::app
