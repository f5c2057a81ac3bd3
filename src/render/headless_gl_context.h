#pragma once
// An OpenGL 3.3 core context with no window and no X display: EGL on Mesa's surfaceless
// platform (EGL_MESA_platform_surfaceless), falling back to the default EGL display. Made
// current without a surface (EGL_KHR_surfaceless_context), so drawing goes to an own FBO.
#include <string>

namespace flexure::render_detail {

class HeadlessGlContext {
 public:
  HeadlessGlContext() = default;
  ~HeadlessGlContext();
  HeadlessGlContext(const HeadlessGlContext&) = delete;
  HeadlessGlContext& operator=(const HeadlessGlContext&) = delete;

  // Creates the context and makes it current on this thread.
  bool create(std::string& error);
  // "surfaceless" or "default", for messages.
  const char* platformName() const { return platform_; }

 private:
  void destroy();
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  void* surface_ = nullptr;  // EGLSurface, only when surfaceless contexts are unsupported
  const char* platform_ = "none";
};

}  // namespace flexure::render_detail
