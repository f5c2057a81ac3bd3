#pragma once
// GLSL 3.30 core sources of the renderer's passes, compiled into the library (the renderer is
// Qt-free, so no Qt resource system).
#include <string>

namespace flexure::render_detail::shaders {

// Lit meshes (also the axis gizmo's arrows). The geometry stage gives every fragment its
// screen-space distance to the triangle's three edges, for the anti-aliased wireframe overlay.
extern const char* const kMeshVertex;
extern const char* const kMeshGeometry;
extern const char* const kMeshFragment;
// The same vertex stage writing the fragment stage's inputs directly, for passes without the
// wireframe (shaded meshes, overlay glyphs and volumes, the gizmo): no geometry stage. Under a
// software rasterizer (Mesa llvmpipe) the geometry stage runs per triangle on one thread and
// was most of a shaded frame's vertex work; the fragments are the same (docs/performance.md).
extern const char* const kMeshVertexDirect;
// kMeshFragment for those passes: SHADED_ONLY defined after its #version line removes the
// wireframe modes and with them the shader's only `discard`, so a software rasterizer can test
// depth before shading (llvmpipe shades first when a shader may discard), and reads only what
// kMeshVertexDirect writes (no edge distances; the world normal turned back from the view
// normal by uViewToWorld).
std::string meshFragmentShadedOnly();

// Full-screen vertical gradient, drawn first.
extern const char* const kBackgroundVertex;
extern const char* const kBackgroundFragment;

// Procedural ground grid on a plane given by uPlaneToWorld (ground_grid.h), anti-aliased with
// screen-space derivatives.
extern const char* const kGridVertex;
extern const char* const kGridFragment;

// Overlay lines (overlay_geometry.h): GL_LINES widened by the geometry stage into screen-space
// quads of uLineWidth pixels (core profiles have no wide lines), anti-aliased across.
extern const char* const kOverlayLineVertex;
extern const char* const kOverlayLineGeometry;
extern const char* const kOverlayLineFragment;

}  // namespace flexure::render_detail::shaders
