#pragma once
// Plain OpenGL 3.3 core entry points, exported directly by glvnd's libOpenGL. The calls dispatch
// to whichever context is current (GLX under Qt, EGL headless), so no function table is needed.
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>
