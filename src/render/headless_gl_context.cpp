#include "headless_gl_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstring>

namespace flexure::render_detail {
namespace {

bool hasExtension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

std::string eglErrorText(const char* what) {
  char code[16];
  std::snprintf(code, sizeof code, "0x%04X", static_cast<unsigned>(eglGetError()));
  return std::string(what) + " failed (EGL error " + code + ")";
}

// Tries the surfaceless Mesa platform first: it needs neither an X server nor a GPU device.
EGLDisplay openDisplay(const char*& platform) {
  const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (hasExtension(clientExtensions, "EGL_MESA_platform_surfaceless") &&
      hasExtension(clientExtensions, "EGL_EXT_platform_base")) {
    auto getPlatformDisplay =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (getPlatformDisplay) {
      EGLDisplay display = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
      if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr)) {
        platform = "surfaceless";
        return display;
      }
    }
  }
  EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr)) {
    platform = "default";
    return display;
  }
  return EGL_NO_DISPLAY;
}

}  // namespace

HeadlessGlContext::~HeadlessGlContext() { destroy(); }

void HeadlessGlContext::destroy() {
  if (!display_) return;
  EGLDisplay display = display_;
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (surface_) eglDestroySurface(display, surface_);
  if (context_) eglDestroyContext(display, context_);
  eglTerminate(display);
  eglReleaseThread();
  display_ = context_ = surface_ = nullptr;
}

bool HeadlessGlContext::create(std::string& error) {
  destroy();
  EGLDisplay display = openDisplay(platform_);
  if (display == EGL_NO_DISPLAY) {
    error = "no EGL display: neither Mesa's surfaceless platform nor the default display initialized";
    return false;
  }
  display_ = display;
  if (!eglBindAPI(EGL_OPENGL_API)) {
    error = eglErrorText("eglBindAPI(EGL_OPENGL_API)");
    destroy();
    return false;
  }
  const bool surfaceless = hasExtension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
  const EGLint configAttributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                     EGL_SURFACE_TYPE,    surfaceless ? 0 : EGL_PBUFFER_BIT,
                                     EGL_RED_SIZE,        8,
                                     EGL_GREEN_SIZE,      8,
                                     EGL_BLUE_SIZE,       8,
                                     EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configCount = 0;
  if (!eglChooseConfig(display, configAttributes, &config, 1, &configCount) || configCount < 1) {
    error = "no EGL config with desktop OpenGL on the " + std::string(platform_) + " EGL display";
    destroy();
    return false;
  }
  const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  context_ = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
  if (!context_) {
    error = eglErrorText("creating an OpenGL 3.3 core context");
    destroy();
    return false;
  }
  if (!surfaceless) {
    const EGLint pbufferAttributes[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
    surface_ = eglCreatePbufferSurface(display, config, pbufferAttributes);
    if (!surface_) {
      error = eglErrorText("eglCreatePbufferSurface");
      destroy();
      return false;
    }
  }
  if (!eglMakeCurrent(display, surface_, surface_, context_)) {
    error = eglErrorText("eglMakeCurrent");
    destroy();
    return false;
  }
  return true;
}

}  // namespace flexure::render_detail
