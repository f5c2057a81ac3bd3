#pragma once
// The OpenGL context every viewport asks for: 3.3 core, depth buffer; and how many samples the
// viewport's picture gets (anti-aliasing, a preference: Edit ▸ Preferences).
//
// The default format (installed before the QApplication is constructed) has no multisampling:
// it is also the format of the top-level window's surface, where Qt only composes the widgets'
// pictures. The viewport asks for its samples on its own format (QOpenGLWidget renders into a
// multisampled framebuffer of that many samples and resolves it), so only its picture pays.
//
// Why a choice and an automatic default: a software rasterizer (Mesa's llvmpipe, what virtual
// machines, remote desktops and these CI machines give) tests depth, blends and stores every
// sample on the CPU; 4× multisampling made a metaball drag's frame 2.5–4× as expensive there
// (docs/performance.md, issue 17 item 3). On a GPU it is nearly free. Automatic therefore means
// 4× on hardware and none under a software rasterizer; the user may choose either.
#include <QString>

namespace flexure::app {

void installDefaultGlFormat();

// Frames asked for with QWindow::requestUpdate (the viewport's) are drawn when the event loop is
// next free. Qt otherwise waits an idle time first where the platform gives no frame callback
// (5 ms on X11: QPlatformWindow::requestUpdate), so every frame of a drag came 5 ms after its
// geometry. Before QApplication; a QT_QPA_UPDATE_IDLE_TIME the user set is kept.
void installPromptFrameUpdates();

// Preferences::viewportAntialiasing: kAntialiasAutomatic, or a sample count (0 = off, 2, 4, 8).
inline constexpr int kAntialiasAutomatic = -1;
inline constexpr int kAntialiasHardwareSamples = 4;

// A sample count the viewport offers: 0 (off), 2, 4 or 8 (the preference, --viewport-samples).
constexpr bool isViewportSampleCount(int samples) { return samples == 0 || samples == 2 || samples == 4 || samples == 8; }

// Mesa's llvmpipe/softpipe/swrast, SwiftShader, Microsoft's basic renderer, Apple's software one.
bool isSoftwareRenderer(const QString& glRenderer);
// The GL_RENDERER string of a context of the default format, made once per process on an
// offscreen surface (empty when no context can be made).
QString probeGlRenderer();
// The viewport's sample count for a preference, given the renderer for Automatic.
int viewportSamples(int preference, const QString& glRenderer);

}  // namespace flexure::app
