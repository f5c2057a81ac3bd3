#include "flexure/render/scene_renderer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "flexure/render/camera_matrices.h"
#include "flexure/render/glyph_meshes.h"
#include "backdrop_cache.h"
#include "gl_api.h"
#include "gl_name.h"
#include "gpu_lines.h"
#include "gpu_mesh.h"
#include "gpu_mesh_batch.h"
#include "ground_grid.h"
#include "shader_program.h"
#include "shader_sources.h"

namespace flexure {

using render_detail::BatchStyle;
using render_detail::GpuMesh;
using render_detail::GpuMeshBatch;
using render_detail::ShaderProgram;

std::vector<MeshStyle> paletteStyles(std::size_t meshCount) {
  std::vector<MeshStyle> styles(meshCount);
  for (std::size_t i = 0; i < meshCount; ++i) styles[i].color = paletteColor(static_cast<int>(i));
  return styles;
}

namespace {

glm::vec3 toVec3(const ColorRgb& c) { return {c.r, c.g, c.b}; }

// A batch holds consecutive meshes up to about this many vertices (a mesh larger than that gets
// a batch of its own): a few draw calls for any scene, buffers of a few tens of megabytes.
constexpr std::size_t kBatchVertexLimit = std::size_t{1} << 20;

bool sameStyle(const MeshStyle& a, const MeshStyle& b) {
  return a.color.r == b.color.r && a.color.g == b.color.g && a.color.b == b.color.b && a.selected == b.selected;
}

// The styles of meshes[first, first + count) as a batch's attribute carries them.
std::vector<BatchStyle> batchStyles(const std::vector<MeshStyle>& styles, std::size_t first, std::size_t count) {
  std::vector<BatchStyle> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    const MeshStyle& s = styles[first + i];
    out[i] = {s.color.r, s.color.g, s.color.b, s.selected ? 1.0f : 0.0f};
  }
  return out;
}

// The gizmo's three arrows, in world axis order, with the usual x red, y green, z blue.
constexpr ColorRgb kAxisColors[3] = {{0.89f, 0.31f, 0.30f}, {0.46f, 0.76f, 0.28f}, {0.30f, 0.52f, 0.92f}};
// The same on the grid, a little brighter over the dark background.
constexpr ColorRgb kGridAxisColors[3] = {{0.90f, 0.32f, 0.30f}, {0.45f, 0.80f, 0.30f}, {0.36f, 0.58f, 0.98f}};

}  // namespace

namespace {

// One uploaded overlay mesh with its look.
struct OverlayGpuMesh {
  GpuMesh mesh;
  ColorRgb color;
  float opacity = 1.0f;
  OverlayLayer layer = OverlayLayer::ConstraintGlyphs;
};

constexpr int kOverlayLayerCount = 3;

bool samePoints(const std::vector<Vec3d>& a, const std::vector<Vec3d>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].x != b[i].x || a[i].y != b[i].y || a[i].z != b[i].z) return false;
  return true;
}

bool sameColor(const ColorRgb& a, const ColorRgb& b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

// Exactly the same GPU data: the same vertices, normals and triangles.
bool sameMesh(const TriangleMesh& a, const TriangleMesh& b) {
  return samePoints(a.positions, b.positions) && samePoints(a.normals, b.normals) && a.triangles == b.triangles;
}

bool sameLines(const std::vector<const OverlayPolyline*>& a, const std::vector<const OverlayPolyline*>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i]->closed != b[i]->closed || !sameColor(a[i]->color, b[i]->color) || !samePoints(a[i]->points, b[i]->points))
      return false;
  return true;
}

std::vector<const OverlayPolyline*> linesOfLayer(const OverlayGeometry& overlays, int layer) {
  std::vector<const OverlayPolyline*> lines;
  for (const OverlayPolyline& line : overlays.lines)
    if (static_cast<int>(line.layer) == layer) lines.push_back(&line);
  return lines;
}

// Wall time of GL passes: glFinish closes each pass so the time includes its rasterization.
class PassClock {
 public:
  explicit PassClock(bool on) : on_(on) {
    if (on_) {
      glFinish();
      last_ = std::chrono::steady_clock::now();
    }
  }
  // Milliseconds since the previous lap (0 when timing is off).
  double lap() {
    if (!on_) return 0.0;
    glFinish();
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - last_).count();
    last_ = now;
    return ms;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point last_;
};

bool layerShown(OverlayLayer layer, const RenderOptions& options) {
  switch (layer) {
    case OverlayLayer::ConstraintGlyphs: return options.showConstraintGlyphs;
    case OverlayLayer::ControlPolygons: return options.showControlPolygons;
    case OverlayLayer::InfluenceVolumes: return options.showInfluenceVolumes;
  }
  return true;
}

}  // namespace

struct SceneRenderer::Impl {
  // meshProgram has the wireframe's geometry stage; meshDirectProgram draws every pass that
  // shows no wireframe (shader_sources.h).
  ShaderProgram meshProgram, meshDirectProgram, backgroundProgram, gridProgram, overlayLineProgram;
  // Overlays: lines per layer (so a toggle skips a whole buffer), opaque glyph meshes and
  // translucent volumes.
  render_detail::GpuLines overlayLines[kOverlayLayerCount];
  std::vector<OverlayGpuMesh> overlaySolids, overlayVolumes;
  render_detail::GlVertexArray emptyVao;  // core profile draws need a bound VAO even without attributes
  // Scene meshes in order, packed into batches of consecutive meshes; batchFirst[b] is the
  // index of batch b's first mesh.
  std::vector<GpuMeshBatch> batches;
  std::vector<std::size_t> batchFirst;
  std::size_t meshCount = 0;
  std::vector<MeshStyle> styles;
  Bounds3 bounds;
  std::optional<GridPlane> overlayFloor;  // the overlays' ground (the scene's floor)
  GpuMesh gizmoArrows[3];
  GpuMesh gizmoCenter;
  bool initialized = false;
  // The overlays on the GPU (shared, never changed by their owner), to skip equal uploads.
  std::shared_ptr<const OverlayGeometry> uploadedOverlays;
  bool passTiming = false;
  RenderPassTimes passTimes;
  render_detail::BackdropCache backdrop;
  int backdropRedraws = 0;

  void drawBackground(const RenderOptions& options);
  // The background (and the grid over it) into the bound framebuffer `target`: copied from the
  // backdrop cache when `cached`, drawn again into the cache first when its key changed.
  void drawBackdrop(GLuint target, bool cached, const Camera& camera, const glm::mat4& viewProjection, int width,
                    int height, const RenderOptions& options);
  render_detail::BackdropKey backdropKey(const Camera& camera, const glm::mat4& viewProjection, int width, int height,
                                         const RenderOptions& options) const;
  GridPlane gridPlane(const Camera& camera, const RenderOptions& options) const;
  void drawMeshes(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width, int height,
                  const RenderOptions& options, bool markStencil);
  void drawGrid(const Camera& camera, const glm::mat4& viewProjection, const RenderOptions& options,
                bool onMarkedPixelsOnly = false);
  void drawAxisGizmo(const glm::mat4& view, int width, int height);
  void useOverlayProgram(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width,
                         int height);
  void drawOverlays(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width, int height,
                    const RenderOptions& options);
  void drawVolumes(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width, int height,
                   const RenderOptions& options);
  void drawOverlayLines(const glm::mat4& viewProjection, int width, int height, float alpha,
                        const RenderOptions& options);
  void drawOverlayMeshes(const std::vector<OverlayGpuMesh>& list, float transparency, const RenderOptions& options);
  void releaseOverlays();
};

SceneRenderer::SceneRenderer() : impl_(std::make_unique<Impl>()) {}
SceneRenderer::~SceneRenderer() { release(); }

bool SceneRenderer::isInitialized() const { return impl_->initialized; }
int SceneRenderer::meshCount() const { return static_cast<int>(impl_->meshCount); }

bool SceneRenderer::initialize(std::string& error) {
  namespace s = render_detail::shaders;
  Impl& d = *impl_;
  if (!d.meshProgram.build("mesh", s::kMeshVertex, s::kMeshGeometry, s::kMeshFragment, error)) return false;
  const std::string directFragment = s::meshFragmentShadedOnly();
  if (!d.meshDirectProgram.build("mesh (no wireframe)", s::kMeshVertexDirect, nullptr, directFragment.c_str(), error))
    return false;
  if (!d.backgroundProgram.build("background", s::kBackgroundVertex, nullptr, s::kBackgroundFragment, error)) return false;
  if (!d.gridProgram.build("grid", s::kGridVertex, nullptr, s::kGridFragment, error)) return false;
  if (!d.overlayLineProgram.build("overlay lines", s::kOverlayLineVertex, s::kOverlayLineGeometry,
                                  s::kOverlayLineFragment, error))
    return false;
  d.emptyVao.ensure();
  for (int axis = 0; axis < 3; ++axis) {
    Vec3d tip(0, 0, 0);
    tip[axis] = 1.0;
    d.gizmoArrows[axis].upload(makeArrowMesh(tip, 0.045, 0.12, 20));
  }
  d.gizmoCenter.upload(makeSphereMesh(Vec3d(0, 0, 0), 0.11, 16));
  d.initialized = true;
  return true;
}

void SceneRenderer::release() {
  Impl& d = *impl_;
  if (!d.initialized) return;
  d.batches.clear();
  d.batchFirst.clear();
  d.meshCount = 0;
  for (GpuMesh& arrow : d.gizmoArrows) arrow.release();
  d.gizmoCenter.release();
  d.meshProgram.release();
  d.meshDirectProgram.release();
  d.backgroundProgram.release();
  d.gridProgram.release();
  d.overlayLineProgram.release();
  d.releaseOverlays();
  d.backdrop.release();
  d.emptyVao.reset();
  d.initialized = false;
}

void SceneRenderer::setMeshes(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles) {
  Impl& d = *impl_;
  d.meshCount = meshes.size();
  d.styles = paletteStyles(meshes.size());
  for (std::size_t i = 0; i < std::min(styles.size(), d.styles.size()); ++i) d.styles[i] = styles[i];
  d.bounds = Bounds3{};
  for (const TriangleMesh& mesh : meshes) d.bounds.extend(mesh.bounds());
  // Consecutive meshes per batch, so drawing batch after batch keeps the meshes' order.
  std::size_t batchCount = 0;
  for (std::size_t first = 0; first < meshes.size(); ++batchCount) {
    std::size_t end = first, vertices = 0;
    do {
      vertices += meshes[end].positions.size();
      ++end;
    } while (end < meshes.size() && vertices + meshes[end].positions.size() <= kBatchVertexLimit);
    if (batchCount == d.batches.size()) d.batches.emplace_back();
    if (batchCount == d.batchFirst.size()) d.batchFirst.push_back(0);
    d.batchFirst[batchCount] = first;
    d.batches[batchCount].upload(meshes, first, end - first, batchStyles(d.styles, first, end - first));
    first = end;
  }
  d.batches.resize(batchCount);
  d.batchFirst.resize(batchCount);
}

void SceneRenderer::setStyles(const std::vector<MeshStyle>& styles) {
  Impl& d = *impl_;
  std::vector<MeshStyle> next = paletteStyles(d.meshCount);
  for (std::size_t i = 0; i < std::min(styles.size(), next.size()); ++i) next[i] = styles[i];
  // Re-upload only the batches whose meshes changed look (a selection click touches one or two).
  for (std::size_t b = 0; b < d.batches.size(); ++b) {
    const std::size_t first = d.batchFirst[b], count = d.batches[b].meshCount();
    bool changed = false;
    for (std::size_t i = first; i < first + count && !changed; ++i) changed = !sameStyle(next[i], d.styles[i]);
    if (changed) d.batches[b].setStyles(batchStyles(next, first, count));
  }
  d.styles = std::move(next);
}

void SceneRenderer::setOverlays(const OverlayGeometry& overlays) {
  Impl& d = *impl_;
  d.releaseOverlays();
  d.uploadedOverlays.reset();
  for (int layer = 0; layer < kOverlayLayerCount; ++layer) {
    std::vector<const OverlayPolyline*> lines;
    for (const OverlayPolyline& line : overlays.lines)
      if (static_cast<int>(line.layer) == layer) lines.push_back(&line);
    d.overlayLines[layer].upload(lines);
  }
  auto upload = [](const std::vector<OverlayMesh>& from, std::vector<OverlayGpuMesh>& to) {
    to.resize(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) {
      to[i].mesh.upload(from[i].mesh);
      to[i].color = from[i].color;
      to[i].opacity = from[i].opacity;
      to[i].layer = from[i].layer;
    }
  };
  upload(overlays.solids, d.overlaySolids);
  upload(overlays.volumes, d.overlayVolumes);
  d.overlayFloor = overlays.ground;
}

int SceneRenderer::setOverlays(std::shared_ptr<const OverlayGeometry> overlays) {
  Impl& d = *impl_;
  if (!overlays) overlays = std::make_shared<const OverlayGeometry>();
  const std::shared_ptr<const OverlayGeometry> previous = std::move(d.uploadedOverlays);
  if (!previous) {
    setOverlays(*overlays);
    d.uploadedOverlays = std::move(overlays);
    return static_cast<int>(d.overlaySolids.size() + d.overlayVolumes.size()) + kOverlayLayerCount;
  }
  int uploads = 0;
  for (int layer = 0; layer < kOverlayLayerCount; ++layer) {
    const std::vector<const OverlayPolyline*> lines = linesOfLayer(*overlays, layer);
    if (sameLines(lines, linesOfLayer(*previous, layer))) continue;
    d.overlayLines[layer].release();
    d.overlayLines[layer].upload(lines);
    ++uploads;
  }
  // Meshes are compared index by index: a frame of the same scene lists its overlays in the
  // same order, so an unchanged volume sits where it was.
  auto update = [&uploads](const std::vector<OverlayMesh>& from, const std::vector<OverlayMesh>& before,
                           std::vector<OverlayGpuMesh>& to) {
    to.resize(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) {
      if (i >= before.size() || !sameMesh(from[i].mesh, before[i].mesh)) {
        to[i].mesh.upload(from[i].mesh);
        ++uploads;
      }
      to[i].color = from[i].color;
      to[i].opacity = from[i].opacity;
      to[i].layer = from[i].layer;
    }
  };
  update(overlays->solids, previous->solids, d.overlaySolids);
  update(overlays->volumes, previous->volumes, d.overlayVolumes);
  d.overlayFloor = overlays->ground;
  d.uploadedOverlays = std::move(overlays);
  return uploads;
}

void SceneRenderer::setPassTiming(bool on) { impl_->passTiming = on; }

const RenderPassTimes& SceneRenderer::lastPassTimes() const { return impl_->passTimes; }

int SceneRenderer::backdropRedraws() const { return impl_->backdropRedraws; }

void SceneRenderer::Impl::releaseOverlays() {
  for (auto& lines : overlayLines) lines.release();
  overlaySolids.clear();
  overlayVolumes.clear();
}

void SceneRenderer::render(const Camera& camera, int width, int height, const RenderOptions& options) {
  Impl& d = *impl_;
  if (!d.initialized || width <= 0 || height <= 0) return;
  const glm::mat4 view(viewMatrix(camera));
  const glm::mat4 projection(projectionMatrix(camera, static_cast<double>(width) / height));
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  const auto target = static_cast<GLuint>(bound);
  // A wireframe blends its edges over what lies behind: only the background, never the grid.
  const bool cached =
      options.cacheBackdrop && options.shading != ShadingMode::Wireframe && render_detail::takesBackdrop(target);

  glViewport(0, 0, width, height);
  glClearColor(options.backgroundBottom.r, options.backgroundBottom.g, options.backgroundBottom.b, 1.0f);
  glClearDepth(1.0);
  glClearStencil(0);
  glDepthMask(GL_TRUE);
  glStencilMask(0xFF);
  glDisable(GL_CULL_FACE);  // open surfaces show their inside

  const bool orthographic = camera.projection == Camera::Projection::Orthographic;
  PassClock clock(d.passTiming);
  RenderPassTimes& times = d.passTimes;
  d.drawBackdrop(target, cached, camera, projection * view, width, height, options);
  times.background = clock.lap();
  d.drawMeshes(view, projection, orthographic, width, height, options, cached);
  times.meshes = clock.lap();
  // Cached, the backdrop holds the grid already; it goes again only over the model's pixels.
  if (options.showGrid) d.drawGrid(camera, projection * view, options, cached);
  times.grid = clock.lap();
  d.drawOverlays(view, projection, orthographic, width, height, options);
  times.overlays = clock.lap();
  d.drawVolumes(view, projection, orthographic, width, height, options);
  times.volumes = clock.lap();
  if (options.showAxisGizmo) d.drawAxisGizmo(view, width, height);
  times.gizmo = clock.lap();

  // Leave the context as Qt and other users expect to find it.
  glViewport(0, 0, width, height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_STENCIL_TEST);
  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glUseProgram(0);
}

GridPlane SceneRenderer::Impl::gridPlane(const Camera& camera, const RenderOptions& options) const {
  return options.gridPlane ? *options.gridPlane : overlayFloor ? *overlayFloor : gridPlaneForUp(camera.up);
}

render_detail::BackdropKey SceneRenderer::Impl::backdropKey(const Camera& camera, const glm::mat4& viewProjection,
                                                           int width, int height, const RenderOptions& options) const {
  render_detail::BackdropKey key;
  auto& v = key.values;
  v = {static_cast<double>(width), static_cast<double>(height), options.showGrid ? 1.0 : 0.0};
  for (const ColorRgb& c : {options.backgroundTop, options.backgroundBottom}) v.insert(v.end(), {c.r, c.g, c.b});
  if (!options.showGrid) return key;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) v.push_back(viewProjection[c][r]);
  const render_detail::GridLayout layout = render_detail::gridLayoutFor(bounds, camera, gridPlane(camera, options));
  const GridFrame& f = layout.frame;
  for (const Vec3d& w : {f.origin, f.axisA, f.axisB, f.normal}) v.insert(v.end(), {w.x, w.y, w.z});
  v.insert(v.end(), {layout.centerA, layout.centerB, layout.halfSize, layout.cell, static_cast<double>(f.worldAxisA),
                     static_cast<double>(f.worldAxisB)});
  return key;
}

void SceneRenderer::Impl::drawBackdrop(GLuint target, bool cached, const Camera& camera,
                                       const glm::mat4& viewProjection, int width, int height,
                                       const RenderOptions& options) {
  if (cached) {
    const render_detail::BackdropKey key = backdropKey(camera, viewProjection, width, height, options);
    if (!backdrop.holds(key)) {
      if (!backdrop.beginDrawing(width, height)) {
        glBindFramebuffer(GL_FRAMEBUFFER, target);
        cached = false;
      } else {
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        drawBackground(options);
        if (options.showGrid) drawGrid(camera, viewProjection, options);
        backdrop.finishDrawing(key);
        ++backdropRedraws;
      }
    }
    if (cached) {
      backdrop.copyTo(target);
      glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      return;
    }
  }
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  drawBackground(options);
}

void SceneRenderer::Impl::drawBackground(const RenderOptions& options) {
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  backgroundProgram.use();
  backgroundProgram.set("uTop", toVec3(options.backgroundTop));
  backgroundProgram.set("uBottom", toVec3(options.backgroundBottom));
  glBindVertexArray(emptyVao.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDepthMask(GL_TRUE);
}

void SceneRenderer::Impl::drawMeshes(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width,
                                     int height, const RenderOptions& options, bool markStencil) {
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  if (markStencil) {  // the model's pixels, for the grid's second pass (drawGrid)
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 1, 0xFF);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  }
  const bool wireOnly = options.shading == ShadingMode::Wireframe;
  if (wireOnly) {
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);  // keep alpha opaque
  }
  // Shaded without wireframe needs no geometry stage: the same fragments, cheaper vertices.
  const ShaderProgram& program = options.shading == ShadingMode::Shaded ? meshDirectProgram : meshProgram;
  program.use();
  program.set("uModel", glm::mat4(1.0f));
  program.set("uView", view);
  program.set("uViewToWorld", glm::transpose(glm::mat3(view)));
  program.set("uProjection", projection);
  program.set("uViewportSize", glm::vec2(width, height));
  program.set("uOrthographic", orthographic ? 1 : 0);
  program.set("uWireWidth", options.wireWidthPixels);
  program.set("uShadingMode", static_cast<int>(options.shading));
  if (options.batchMeshes) {
    program.set("uBatched", 1);
    for (const GpuMeshBatch& batch : batches) batch.draw();
    program.set("uBatched", 0);
  } else {
    for (std::size_t b = 0; b < batches.size(); ++b)
      for (std::size_t i = 0; i < batches[b].meshCount(); ++i) {
        const MeshStyle& style = styles[batchFirst[b] + i];
        program.set("uBaseColor", toVec3(style.color));
        program.set("uSelected", style.selected ? 1 : 0);
        batches[b].drawMesh(i);
      }
  }
  glDisable(GL_BLEND);
  glDisable(GL_STENCIL_TEST);
}

void SceneRenderer::Impl::drawGrid(const Camera& camera, const glm::mat4& viewProjection, const RenderOptions& options,
                                   bool onMarkedPixelsOnly) {
  const render_detail::GridLayout layout = render_detail::gridLayoutFor(bounds, camera, gridPlane(camera, options));
  if (onMarkedPixelsOnly) {
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_EQUAL, 1, 0xFF);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  }
  glEnable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);  // translucent: never hides what is drawn after it
  // A face lying in the grid's plane (a table top at the floor's height) hides the grid: pushed
  // back by a depth step, the grid loses every tie with it instead of showing through in a
  // pattern that depends on how the face is triangulated (z-fighting).
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.0f, 2.0f);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);  // keep alpha opaque
  gridProgram.use();
  gridProgram.set("uViewProjection", viewProjection);
  gridProgram.set("uPlaneToWorld", glm::mat4(render_detail::gridPlaneToWorld(layout)));
  gridProgram.set("uCenter", glm::vec2(layout.centerA, layout.centerB));
  gridProgram.set("uHalfSize", static_cast<float>(layout.halfSize));
  gridProgram.set("uCell", static_cast<float>(layout.cell));
  gridProgram.set("uLineColor", glm::vec3(0.80f, 0.82f, 0.86f));
  gridProgram.set("uAxisColorA", toVec3(kGridAxisColors[layout.frame.worldAxisA]));
  gridProgram.set("uAxisColorB", toVec3(kGridAxisColors[layout.frame.worldAxisB]));
  glBindVertexArray(emptyVao.get());
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(0.0f, 0.0f);
  glDisable(GL_BLEND);
  glDisable(GL_STENCIL_TEST);
  glDepthMask(GL_TRUE);
}

void SceneRenderer::Impl::drawAxisGizmo(const glm::mat4& view, int width, int height) {
  // A small square in the lower-left corner showing the world axes as the camera sees them.
  const int size = std::clamp(static_cast<int>(0.17 * std::min(width, height)), 64, 150);
  const int margin = size / 8;
  glViewport(margin, margin, size, size);
  glEnable(GL_SCISSOR_TEST);
  glScissor(margin, margin, size, size);
  glClear(GL_DEPTH_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_DEPTH_TEST);

  const glm::mat4 rotationOnly = glm::mat4(glm::mat3(view));
  const glm::mat4 gizmoView = glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, -3)) * rotationOnly;
  const glm::mat4 gizmoProjection = glm::ortho(-1.15f, 1.15f, -1.15f, 1.15f, 0.1f, 10.0f);
  const ShaderProgram& program = meshDirectProgram;  // shaded only: no geometry stage
  program.use();
  program.set("uModel", glm::mat4(1.0f));
  program.set("uView", gizmoView);
  program.set("uViewToWorld", glm::transpose(glm::mat3(gizmoView)));
  program.set("uProjection", gizmoProjection);
  program.set("uViewportSize", glm::vec2(size, size));
  program.set("uOrthographic", 1);
  program.set("uShadingMode", 0);
  program.set("uSelected", 0);
  for (int axis = 0; axis < 3; ++axis) {
    program.set("uBaseColor", toVec3(kAxisColors[axis]));
    gizmoArrows[axis].draw();
  }
  program.set("uBaseColor", glm::vec3(0.85f, 0.85f, 0.85f));
  gizmoCenter.draw();
  glViewport(0, 0, width, height);
}

// Overlays go after the opaque model and the grid: glyph meshes and lines depth-tested as usual,
// then their hidden parts once more, faint, where the model covers them (joints sit inside
// solids), then the translucent volumes without writing depth (back faces, then front faces).
void SceneRenderer::Impl::useOverlayProgram(const glm::mat4& view, const glm::mat4& projection, bool orthographic,
                                            int width, int height) {
  // Overlay meshes are shaded without wireframe: no geometry stage.
  meshDirectProgram.use();
  meshDirectProgram.set("uModel", glm::mat4(1.0f));
  meshDirectProgram.set("uView", view);
  meshDirectProgram.set("uViewToWorld", glm::transpose(glm::mat3(view)));
  meshDirectProgram.set("uProjection", projection);
  meshDirectProgram.set("uViewportSize", glm::vec2(width, height));
  meshDirectProgram.set("uOrthographic", orthographic ? 1 : 0);
  meshDirectProgram.set("uShadingMode", 0);
  meshDirectProgram.set("uSelected", 0);
}

void SceneRenderer::Impl::drawOverlays(const glm::mat4& view, const glm::mat4& projection, bool orthographic,
                                       int width, int height, const RenderOptions& options) {
  useOverlayProgram(view, projection, orthographic, width, height);

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  drawOverlayMeshes(overlaySolids, 0.0f, options);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);  // keep alpha opaque
  // Lines lie on the surfaces they mark (rings on discs, outlines on walls): pulled forward.
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(-1.0f, -8.0f);
  glDepthFunc(GL_LEQUAL);
  drawOverlayLines(projection * view, width, height, 1.0f, options);

  // The hidden parts, faint.
  glDepthMask(GL_FALSE);
  glDepthFunc(GL_GREATER);
  drawOverlayLines(projection * view, width, height, 0.30f, options);
  glDisable(GL_POLYGON_OFFSET_FILL);
  meshDirectProgram.use();
  drawOverlayMeshes(overlaySolids, 0.75f, options);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  glDisable(GL_BLEND);
}

void SceneRenderer::Impl::drawVolumes(const glm::mat4& view, const glm::mat4& projection, bool orthographic,
                                      int width, int height, const RenderOptions& options) {
  bool any = false;
  for (const OverlayGpuMesh& volume : overlayVolumes) any = any || layerShown(volume.layer, options);
  if (!any) return;
  useOverlayProgram(view, projection, orthographic, width, height);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);  // keep alpha opaque
  glDepthMask(GL_FALSE);
  // Translucent volumes over everything opaque.
  glDepthFunc(GL_LESS);
  glEnable(GL_CULL_FACE);
  for (GLenum culledFaces : {GL_FRONT, GL_BACK}) {
    glCullFace(culledFaces);  // back faces first, then front faces
    for (const OverlayGpuMesh& volume : overlayVolumes) {
      if (!layerShown(volume.layer, options)) continue;
      meshDirectProgram.set("uBaseColor", toVec3(volume.color));
      meshDirectProgram.set("uTransparency", 1.0f - volume.opacity);
      volume.mesh.draw();
    }
  }
  glDisable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  meshDirectProgram.set("uTransparency", 0.0f);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  glDisable(GL_BLEND);
}

void SceneRenderer::Impl::drawOverlayMeshes(const std::vector<OverlayGpuMesh>& list, float transparency,
                                            const RenderOptions& options) {
  meshDirectProgram.set("uTransparency", transparency);
  for (const OverlayGpuMesh& solid : list) {
    if (!layerShown(solid.layer, options)) continue;
    meshDirectProgram.set("uBaseColor", toVec3(solid.color));
    solid.mesh.draw();
  }
  meshDirectProgram.set("uTransparency", 0.0f);
}

void SceneRenderer::Impl::drawOverlayLines(const glm::mat4& viewProjection, int width, int height, float alpha,
                                           const RenderOptions& options) {
  overlayLineProgram.use();
  overlayLineProgram.set("uViewProjection", viewProjection);
  overlayLineProgram.set("uViewportSize", glm::vec2(width, height));
  overlayLineProgram.set("uLineWidth", options.overlayLineWidthPixels);
  overlayLineProgram.set("uAlpha", alpha);
  for (int layer = 0; layer < kOverlayLayerCount; ++layer)
    if (layerShown(static_cast<OverlayLayer>(layer), options)) overlayLines[layer].draw();
}

}  // namespace flexure
