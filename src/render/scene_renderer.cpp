#include "flexure/render/scene_renderer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <utility>
#include <glm/gtc/matrix_transform.hpp>

#include "flexure/render/camera_matrices.h"
#include "flexure/render/glyph_meshes.h"
#include "backdrop_cache.h"
#include "flexure/core/triangle_damage.h"
#include "frame_damage.h"
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

// What changed is collected in world boxes at most a fraction of the model's size
// (triangle_damage.h, damageExtentFor; frame_damage.h, changedRegions, PolylineDamage), and the
// pixels they cover are redrawn in rectangles of whole tiles of this size, at most this many
// (coveringRects), drawn in one pass masked by the stencil's damage bit.
constexpr int kDamageTilePixels = 32;
constexpr std::size_t kMaxDamageRects = 24;

// Stencil bits of a frame: the model's pixels (for the grid's second pass), and the pixels a
// partial frame of several rectangles redraws.
constexpr GLint kModelBit = 1;
constexpr GLint kDamageBit = 2;

// A batch holds consecutive meshes up to about this many vertices (a mesh larger than that gets
// a batch of its own): a few draw calls for any scene, buffers of a few tens of megabytes.
constexpr std::size_t kBatchVertexLimit = std::size_t{1} << 20;

bool sameStyle(const MeshStyle& a, const MeshStyle& b) {
  return a.color.r == b.color.r && a.color.g == b.color.g && a.color.b == b.color.b && a.selected == b.selected &&
         a.active == b.active;
}

// The selection as the shaders read it (the style's alpha): 0 not selected, 0.75 selected,
// 1 the active part.
float selectionCode(const MeshStyle& s) { return s.selected ? (s.active ? 1.0f : 0.75f) : 0.0f; }

// The styles of meshes[first, first + count) as a batch's attribute carries them.
std::vector<BatchStyle> batchStyles(const std::vector<MeshStyle>& styles, std::size_t first, std::size_t count) {
  std::vector<BatchStyle> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    const MeshStyle& s = styles[first + i];
    out[i] = {s.color.r, s.color.g, s.color.b, selectionCode(s)};
  }
  return out;
}

// The gizmo's three arrows, in world axis order, with the usual x red, y green, z blue.
constexpr ColorRgb kAxisColors[3] = {{0.89f, 0.31f, 0.30f}, {0.46f, 0.76f, 0.28f}, {0.30f, 0.52f, 0.92f}};
// The same on the grid, a little brighter over the dark background.
constexpr ColorRgb kGridAxisColors[3] = {{0.90f, 0.32f, 0.30f}, {0.45f, 0.80f, 0.30f}, {0.36f, 0.58f, 0.98f}};

}  // namespace

// One uploaded overlay mesh with its look. (In render_detail, not in an anonymous namespace:
// SceneRenderer::Impl holds them, and Impl has external linkage.)
namespace render_detail {
struct OverlayGpuMesh {
  GpuMesh mesh;
  ColorRgb color;
  float opacity = 1.0f;
  OverlayLayer layer = OverlayLayer::ConstraintGlyphs;
  // Runs of consecutive triangles with their bounds (frame_damage.h): a partial frame draws only
  // the triangles of the runs that reach into its pixels that do, in order.
  std::vector<render_detail::TriangleChunk> chunks;
  const TriangleMesh* source = nullptr;  // the uploaded mesh (in SceneRenderer::Impl::cpuOverlays)
};
}  // namespace render_detail
using render_detail::OverlayGpuMesh;

namespace {

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
  // Incremental frames (frame_damage.h): the last frame drawn, the inputs it was drawn with, and
  // the world boxes of what changed since.
  render_detail::CachedFramebuffer lastFrame;
  bool lastFrameValid = false;
  std::vector<double> lastFrameKey;
  std::vector<Bounds3> damage;
  bool damageEverywhere = true;
  std::vector<TriangleMesh> shownMeshes;  // what the batches hold, to compare the next meshes with
  // Per shown mesh: its revision (0: not known) and, once asked for, the triangles around each
  // of its vertices (kept while only vertices move).
  std::vector<std::uint64_t> shownRevisions;
  std::vector<std::shared_ptr<const VertexTriangles>> shownAround;
  // What changed between shown mesh i and `next` (changedRegions), from the revision of `next`
  // when it lists the vertices moved since the one shown.
  bool changedSinceShown(std::size_t i, const TriangleMesh& next, const MeshRevision* revision, double damageExtent,
                         render_detail::ChangedVertices& changed);
  void rememberRevisions(const std::vector<MeshRevision>* revisions, std::size_t count) {
    shownRevisions.assign(count, 0);
    if (revisions)
      for (std::size_t i = 0; i < std::min(count, revisions->size()); ++i) shownRevisions[i] = (*revisions)[i].id;
  }
  std::vector<std::vector<render_detail::TriangleChunk>> chunks;  // per mesh
  FrameDrawing lastDrawing;
  // The pixels a partial frame redraws (null: all of them): a rectangle, or when `damageRects`
  // is set, the rectangles it lists, `clip` then being their bounding rectangle. Several
  // rectangles are drawn in one pass masked by stencil bit kDamageBit: every triangle reaching
  // into them is set up once (a pass per rectangle set up the triangles along their seams again,
  // and a metaball's tube across a sheet is all seams).
  const render_detail::PixelRect* clip = nullptr;
  const std::vector<render_detail::PixelRect>* damageRects = nullptr;
  // Stencil state between passes: the damage mask when several rectangles are redrawn, else off.
  void applyDamageMask() const {
    if (!damageRects) {
      glDisable(GL_STENCIL_TEST);
      return;
    }
    glEnable(GL_STENCIL_TEST);
    glStencilMask(0xFF);
    glStencilFunc(GL_EQUAL, kDamageBit, kDamageBit);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  }
  // The overlays as last given (their triangles, for partial frames), and the element buffer a
  // partial frame's selection of triangles is drawn through.
  std::shared_ptr<const OverlayGeometry> cpuOverlays;
  render_detail::GlBuffer clipIndices;
  std::vector<unsigned> clipIndexList;
  render_detail::ProjectionScratch projectionScratch;
  void pointOverlaysAtSources();
  // Batch b brought to `meshes` and the styles `next` when the packing stays (setMeshes).
  void updateBatch(std::size_t b, const std::vector<TriangleMesh>& meshes, const std::vector<char>& moved,
                   const std::vector<render_detail::ChangedVertices>& changedVertices,
                   const std::vector<MeshStyle>& next);

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
  // Meshes, batch by batch; in a partial frame only their chunks that reach into the clip.
  void drawMeshGeometry(const ShaderProgram& program, const glm::dmat4& viewProjection, int width, int height);
  // One whole frame or, with `clip` set, the pixels of `clip`, into framebuffer `target`.
  void drawFrame(GLuint target, bool cached, const Camera& camera, int width, int height, const RenderOptions& options);
  // Whether a world box reaches into the clip (always, in a whole frame).
  bool reachesClip(const Bounds3& box, const glm::dmat4& viewProjection, int width, int height) const;
  std::vector<double> frameKey(const Camera& camera, int width, int height, const RenderOptions& options) const;
  void addDamage(const Bounds3& box) {
    if (!box.empty()) damage.push_back(box);
  }
  // The largest a damage box grows (frame_damage.h): a fraction of the model's size.
  double damageExtent() const { return damageExtentFor(bounds); }
  void drawGrid(const Camera& camera, const glm::mat4& viewProjection, const RenderOptions& options,
                bool onMarkedPixelsOnly = false);
  void drawAxisGizmo(const glm::mat4& view, int width, int height);
  void useOverlayProgram(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width,
                         int height);
  void drawOverlays(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width, int height,
                    const RenderOptions& options);
  void drawVolumes(const glm::mat4& view, const glm::mat4& projection, bool orthographic, int width, int height,
                   const RenderOptions& options);
  // A mesh's chunks that reach into the clip, drawn in order (all of it in a whole frame).
  void drawChunks(const OverlayGpuMesh& mesh, const glm::dmat4& viewProjection, int width, int height);
  void drawOverlayLines(const glm::mat4& viewProjection, int width, int height, float alpha,
                        const RenderOptions& options);
  void drawOverlayMeshes(const std::vector<OverlayGpuMesh>& list, float transparency, const RenderOptions& options,
                         const glm::dmat4& viewProjection, int width, int height);
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
  d.lastFrame.release();
  d.lastFrameValid = false;
  d.clipIndices.reset();
  d.emptyVao.reset();
  d.initialized = false;
}

namespace {

// Mesh i's revision, when the caller gives one.
const MeshRevision* revisionAt(const std::vector<MeshRevision>* revisions, std::size_t i) {
  return revisions && i < revisions->size() ? &(*revisions)[i] : nullptr;
}

// A mesh's chunks (frame_damage.h): as its revision gives them, else found.
std::vector<TriangleChunk> chunksOf(const TriangleMesh& mesh, const MeshRevision* revision) {
  if (revision && revision->chunks) return *revision->chunks;
  return triangleChunks(mesh, kTrianglesPerChunk);
}

// Positions and normals of the vertices of `ranges` from `from` into `to` (the same vertex count).
void copyVertexRanges(const TriangleMesh& from, const std::vector<render_detail::VertexRange>& ranges, TriangleMesh& to) {
  for (const render_detail::VertexRange& r : ranges) {
    const auto first = static_cast<std::ptrdiff_t>(r.first), end = static_cast<std::ptrdiff_t>(r.end());
    std::copy(from.positions.begin() + first, from.positions.begin() + end, to.positions.begin() + first);
    std::copy(from.normals.begin() + first, from.normals.begin() + end, to.normals.begin() + first);
  }
}

}  // namespace

// Batch `b` brought to `meshes` with `styles`, its packing unchanged: when each moved mesh of it
// says which of its vertices differ, only their rows are sent again (a metaball dragged over a
// large sheet moves a small part of it); otherwise the whole batch is uploaded again.
void SceneRenderer::Impl::updateBatch(std::size_t b, const std::vector<TriangleMesh>& meshes,
                                      const std::vector<char>& moved,
                                      const std::vector<render_detail::ChangedVertices>& changedVertices,
                                      const std::vector<MeshStyle>& next) {
  const std::size_t first = batchFirst[b], count = batches[b].meshCount();
  bool anyMoved = false, anyRestyled = false, rowsKnown = true;
  for (std::size_t i = first; i < first + count; ++i) {
    anyMoved = anyMoved || moved[i];
    rowsKnown = rowsKnown && (!moved[i] || changedVertices[i].known);
    anyRestyled = anyRestyled || !sameStyle(next[i], styles[i]);
  }
  if (anyMoved && !rowsKnown) {
    batches[b].upload(meshes, first, count, batchStyles(next, first, count));
    return;
  }
  if (anyMoved)
    for (std::size_t i = first; i < first + count; ++i)
      if (moved[i]) batches[b].updateVertices(i - first, meshes[i], changedVertices[i].ranges);
  if (anyRestyled) batches[b].setStyles(batchStyles(next, first, count));
}

bool SceneRenderer::Impl::changedSinceShown(std::size_t i, const TriangleMesh& next, const MeshRevision* revision,
                                            double damageExtent, render_detail::ChangedVertices& changed) {
  const std::uint64_t shown = i < shownRevisions.size() ? shownRevisions[i] : 0;
  if (revision && shown != 0 && revision->id == shown) {  // the very mesh shown
    changed = render_detail::ChangedVertices{true, {}, {}};
    return false;
  }
  // (Only for a mesh with a normal per vertex: one without gets normals from every triangle.)
  const bool normals = next.normals.size() == next.positions.size();
  if (const MeshRevision::Since* since = revision && normals ? revision->changesSince(shown) : nullptr) {
    // Worked out by the geometry worker: the damage, and the chunks (taken in setMeshes, so the
    // changed triangles, which would update them, are not needed).
    if (since->damage && revision->chunks) {
      const auto ranges = render_detail::rangesOf(*since->moved, render_detail::kVertexRangeJoinGap);
      changed = render_detail::ChangedVertices{true, ranges, {}};
      damage.insert(damage.end(), since->damage->begin(), since->damage->end());
      return !since->moved->empty();
    }
    if (!shownAround[i]) shownAround[i] = std::make_shared<const VertexTriangles>(shownMeshes[i]);
    return render_detail::changedRegionsAt(shownMeshes[i], next, *since->moved, *shownAround[i], damageExtent, damage,
                                           changed);
  }
  return render_detail::changedRegions(shownMeshes[i], next, damageExtent, damage, &changed);
}

void SceneRenderer::setMeshes(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles,
                              const std::vector<MeshRevision>* revisions) {
  Impl& d = *impl_;
  std::vector<MeshStyle> next = paletteStyles(meshes.size());
  for (std::size_t i = 0; i < std::min(styles.size(), next.size()); ++i) next[i] = styles[i];
  // What changed since the frame the GPU holds: the next frame redraws only there, and only the
  // batches holding a changed mesh are uploaded again (the same vertex counts keep the packing).
  bool samePacking = !d.batches.empty() && meshes.size() == d.shownMeshes.size();
  for (std::size_t i = 0; i < meshes.size() && samePacking; ++i)
    samePacking = meshes[i].positions.size() == d.shownMeshes[i].positions.size();
  std::vector<char> moved(meshes.size(), 1);
  std::vector<render_detail::ChangedVertices> changedVertices(meshes.size());
  d.bounds = Bounds3{};
  for (std::size_t i = 0; i < meshes.size(); ++i) {
    const MeshRevision* revision = revisionAt(revisions, i);
    d.bounds.extend(revision && revision->bounds ? *revision->bounds : meshes[i].bounds());
  }
  const double damageExtent = d.damageExtent();
  if (meshes.size() != d.shownMeshes.size()) {
    d.damageEverywhere = true;
  } else {
    d.shownRevisions.resize(meshes.size(), 0);
    d.shownAround.resize(meshes.size());
    for (std::size_t i = 0; i < meshes.size(); ++i) {
      const MeshRevision* revision = revisionAt(revisions, i);
      moved[i] = d.changedSinceShown(i, meshes[i], revision, damageExtent, changedVertices[i]);
      // A new colour or selection redraws the mesh where it was and where it is.
      if (i < d.styles.size() && !sameStyle(next[i], d.styles[i])) {
        d.addDamage(d.shownMeshes[i].bounds());
        d.addDamage(meshes[i].bounds());
      }
    }
  }
  d.meshCount = meshes.size();
  if (samePacking) {
    for (std::size_t b = 0; b < d.batches.size(); ++b) d.updateBatch(b, meshes, moved, changedVertices, next);
    for (std::size_t i = 0; i < meshes.size(); ++i) {
      if (!moved[i]) continue;
      const MeshRevision* revision = revisionAt(revisions, i);
      if (changedVertices[i].known) {  // only these vertices differ: the rest of the copy stays
        copyVertexRanges(meshes[i], changedVertices[i].ranges, d.shownMeshes[i]);
        if (revision && revision->chunks) d.chunks[i] = *revision->chunks;  // found by the geometry worker
        else render_detail::updateTriangleChunks(d.shownMeshes[i], changedVertices[i].triangles, d.chunks[i]);
      } else {
        d.shownMeshes[i] = meshes[i];
        d.shownAround[i].reset();
        d.chunks[i] = chunksOf(meshes[i], revision);
      }
    }
    d.rememberRevisions(revisions, meshes.size());
    d.styles = std::move(next);
    return;
  }
  d.shownMeshes = meshes;
  d.shownAround.assign(meshes.size(), nullptr);
  d.rememberRevisions(revisions, meshes.size());
  d.chunks.clear();
  for (std::size_t i = 0; i < meshes.size(); ++i)
    d.chunks.push_back(chunksOf(meshes[i], revisionAt(revisions, i)));
  d.styles = std::move(next);
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
    for (std::size_t i = first; i < first + count; ++i)
      if (!sameStyle(next[i], d.styles[i])) {
        changed = true;
        if (i < d.shownMeshes.size()) d.addDamage(d.shownMeshes[i].bounds());
      }
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
      to[i].chunks = render_detail::triangleChunks(from[i].mesh, kTrianglesPerChunk);
      to[i].color = from[i].color;
      to[i].opacity = from[i].opacity;
      to[i].layer = from[i].layer;
    }
  };
  upload(overlays.solids, d.overlaySolids);
  upload(overlays.volumes, d.overlayVolumes);
  d.overlayFloor = overlays.ground;
  d.damageEverywhere = true;
  d.cpuOverlays = std::make_shared<const OverlayGeometry>(overlays);
  d.pointOverlaysAtSources();
}

void SceneRenderer::Impl::pointOverlaysAtSources() {
  for (std::size_t i = 0; i < overlaySolids.size(); ++i)
    overlaySolids[i].source = i < cpuOverlays->solids.size() ? &cpuOverlays->solids[i].mesh : nullptr;
  for (std::size_t i = 0; i < overlayVolumes.size(); ++i)
    overlayVolumes[i].source = i < cpuOverlays->volumes.size() ? &cpuOverlays->volumes[i].mesh : nullptr;
}

void SceneRenderer::Impl::drawChunks(const OverlayGpuMesh& mesh, const glm::dmat4& viewProjection, int width,
                                     int height) {
  if (!clip || !mesh.source) {
    mesh.mesh.draw();
    return;
  }
  clipIndexList.clear();
  render_detail::appendTrianglesInClip(*mesh.source, mesh.chunks, viewProjection, width, height, *clip, 0, clipIndexList,
                                       projectionScratch, damageRects);
  mesh.mesh.drawIndexList(clipIndexList, clipIndices);
}

int SceneRenderer::setOverlays(std::shared_ptr<const OverlayGeometry> overlays) {
  Impl& d = *impl_;
  if (!overlays) overlays = std::make_shared<const OverlayGeometry>();
  const std::shared_ptr<const OverlayGeometry> previous = std::move(d.uploadedOverlays);
  if (!previous) {
    setOverlays(*overlays);
    d.cpuOverlays = overlays;
    d.pointOverlaysAtSources();
    d.uploadedOverlays = std::move(overlays);
    return static_cast<int>(d.overlaySolids.size() + d.overlayVolumes.size()) + kOverlayLayerCount;
  }
  int uploads = 0;
  for (int layer = 0; layer < kOverlayLayerCount; ++layer) {
    const std::vector<const OverlayPolyline*> lines = linesOfLayer(*overlays, layer);
    const std::vector<const OverlayPolyline*> before = linesOfLayer(*previous, layer);
    if (sameLines(lines, before)) continue;
    // The polylines that differ, before and after (a frame lists them in the same order; when
    // their number changed, all of them).
    auto addLine = [&d](const OverlayPolyline& line) {
      render_detail::PolylineDamage boxes(d.damageExtent(), d.damage);
      for (std::size_t p = 0; p + 1 < line.points.size(); ++p) boxes.addSegment(line.points[p], line.points[p + 1]);
      if (line.points.size() == 1) d.addDamage(Bounds3{line.points[0], line.points[0]});
    };
    const bool sameCount = lines.size() == before.size();
    for (std::size_t k = 0; k < std::max(lines.size(), before.size()); ++k) {
      const bool differs = !sameCount || !sameLines({lines[k]}, {before[k]});
      if (!differs) continue;
      if (k < lines.size()) addLine(*lines[k]);
      if (k < before.size()) addLine(*before[k]);
    }
    d.overlayLines[layer].release();
    d.overlayLines[layer].upload(lines);
    ++uploads;
  }
  // Meshes are compared index by index: a frame of the same scene lists its overlays in the
  // same order, so an unchanged volume sits where it was.
  auto update = [&uploads, &d](const std::vector<OverlayMesh>& from, const std::vector<OverlayMesh>& before,
                               std::vector<OverlayGpuMesh>& to) {
    to.resize(from.size());
    // Meshes that went away leave their pixels to redraw.
    for (std::size_t i = from.size(); i < before.size(); ++i) d.addDamage(before[i].mesh.bounds());
    for (std::size_t i = 0; i < from.size(); ++i) {
      const bool sameGeometry = i < before.size() && sameMesh(from[i].mesh, before[i].mesh);
      if (!sameGeometry) {
        to[i].mesh.upload(from[i].mesh);
        to[i].chunks = render_detail::triangleChunks(from[i].mesh, kTrianglesPerChunk);
        ++uploads;
      }
      const bool sameLook = i < before.size() && sameColor(from[i].color, before[i].color) &&
                            from[i].opacity == before[i].opacity && from[i].layer == before[i].layer;
      if (!sameGeometry || !sameLook) {
        d.addDamage(from[i].mesh.bounds());
        if (i < before.size()) d.addDamage(before[i].mesh.bounds());
      }
      to[i].color = from[i].color;
      to[i].opacity = from[i].opacity;
      to[i].layer = from[i].layer;
    }
  };
  update(overlays->solids, previous->solids, d.overlaySolids);
  update(overlays->volumes, previous->volumes, d.overlayVolumes);
  const bool sameFloor = overlays->ground.has_value() == previous->ground.has_value() &&
                         (!overlays->ground || (overlays->ground->offset == previous->ground->offset &&
                                                overlays->ground->normal.x == previous->ground->normal.x &&
                                                overlays->ground->normal.y == previous->ground->normal.y &&
                                                overlays->ground->normal.z == previous->ground->normal.z));
  if (!sameFloor) d.damageEverywhere = true;
  d.overlayFloor = overlays->ground;
  d.cpuOverlays = overlays;
  d.pointOverlaysAtSources();
  d.uploadedOverlays = std::move(overlays);
  return uploads;
}

void SceneRenderer::setPassTiming(bool on) { impl_->passTiming = on; }

void SceneRenderer::redrawWhole() { impl_->damageEverywhere = true; }

const RenderPassTimes& SceneRenderer::lastPassTimes() const { return impl_->passTimes; }

int SceneRenderer::backdropRedraws() const { return impl_->backdropRedraws; }

const FrameDrawing& SceneRenderer::lastFrameDrawing() const { return impl_->lastDrawing; }

void SceneRenderer::Impl::releaseOverlays() {
  for (auto& lines : overlayLines) lines.release();
  overlaySolids.clear();
  overlayVolumes.clear();
}

void SceneRenderer::render(const Camera& camera, int width, int height, const RenderOptions& options) {
  Impl& d = *impl_;
  if (!d.initialized || width <= 0 || height <= 0) return;
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  const auto target = static_cast<GLuint>(bound);
  // A wireframe blends its edges over what lies behind: only the background, never the grid.
  const bool cached =
      options.cacheBackdrop && options.shading != ShadingMode::Wireframe && render_detail::takesBackdrop(target);
  const render_detail::PixelRect viewport{0, 0, width, height};
  d.lastDrawing = FrameDrawing{};
  d.lastDrawing.pixelsDrawn = viewport.area();

  // Where the frame changed, when only its meshes and overlays did (same camera, size, options,
  // grid): rectangles covering the changed boxes' pixels, grown by the widest line's reach.
  const std::vector<double> key = d.frameKey(camera, width, height, options);
  bool local = cached && !d.damageEverywhere && key == d.lastFrameKey;
  std::vector<render_detail::PixelRect> changed;
  long long changedArea = 0;
  if (local) {
    const glm::dmat4 viewProjection =
        projectionMatrix(camera, static_cast<double>(width) / height) * viewMatrix(camera);
    const int margin = static_cast<int>(std::ceil(std::max(options.overlayLineWidthPixels, options.wireWidthPixels))) + 3;
    std::vector<render_detail::PixelRect> rects;
    rects.reserve(d.damage.size());
    for (const Bounds3& box : d.damage) rects.push_back(render_detail::screenRectOf(box, viewProjection, width, height, margin));
    changed = render_detail::coveringRects(rects, viewport, kDamageTilePixels, kMaxDamageRects);
    for (const render_detail::PixelRect& r : changed) changedArea += r.area();
    // Redrawing most of the picture costs what a whole frame does, plus the copy.
    local = 2 * changedArea <= viewport.area();
  }
  d.lastFrameKey = key;
  d.damage.clear();
  d.damageEverywhere = false;

  // Pass times are those of the last frame that drew anything, summed over its rectangles.
  if (!local || !d.lastFrameValid || !changed.empty()) d.passTimes = RenderPassTimes{};
  if (!local) {
    d.lastFrameValid = false;
    d.drawFrame(target, cached, camera, width, height, options);
    d.lastDrawing.kind = FrameDrawing::Kind::Whole;
    return;
  }
  if (!d.lastFrame.bindForDrawing(width, height)) {
    d.passTimes = RenderPassTimes{};
    d.drawFrame(target, cached, camera, width, height, options);
    d.lastDrawing.kind = FrameDrawing::Kind::Whole;
    return;
  }
  if (!d.lastFrameValid) {
    d.drawFrame(d.lastFrame.name(), cached, camera, width, height, options);
    d.lastFrameValid = true;
    d.lastDrawing.kind = FrameDrawing::Kind::WholeKept;
  } else {
    if (changed.size() == 1) {
      d.clip = &changed.front();
      d.drawFrame(d.lastFrame.name(), cached, camera, width, height, options);
    } else if (!changed.empty()) {
      render_detail::PixelRect bound;
      for (const render_detail::PixelRect& r : changed) bound = bound.united(r);
      d.clip = &bound;
      d.damageRects = &changed;
      d.drawFrame(d.lastFrame.name(), cached, camera, width, height, options);
      d.damageRects = nullptr;
    }
    d.clip = nullptr;
    d.lastDrawing.kind = FrameDrawing::Kind::Partial;
    d.lastDrawing.pixelsDrawn = changedArea;
    d.lastDrawing.rectangles = static_cast<int>(changed.size());
  }
  d.lastFrame.copyTo(target);
}

std::vector<double> SceneRenderer::Impl::frameKey(const Camera& camera, int width, int height,
                                                  const RenderOptions& options) const {
  std::vector<double> key;
  for (const Vec3d& v : {camera.eye, camera.target, camera.up}) key.insert(key.end(), {v.x, v.y, v.z});
  key.insert(key.end(), {camera.fovYDegrees, camera.orthoHeight, camera.nearPlane, camera.farPlane,
                         static_cast<double>(camera.projection), static_cast<double>(width), static_cast<double>(height),
                         static_cast<double>(options.shading), options.showAxisGizmo ? 1.0 : 0.0,
                         options.wireWidthPixels, options.showConstraintGlyphs ? 1.0 : 0.0,
                         options.showControlPolygons ? 1.0 : 0.0, options.showInfluenceVolumes ? 1.0 : 0.0,
                         options.overlayLineWidthPixels, options.batchMeshes ? 1.0 : 0.0});
  // The backdrop's own key: background, grid and its layout (which follows the model's bounds).
  const glm::mat4 viewProjection(projectionMatrix(camera, static_cast<double>(width) / height) * viewMatrix(camera));
  const render_detail::BackdropKey backdropValues = backdropKey(camera, viewProjection, width, height, options);
  key.insert(key.end(), backdropValues.values.begin(), backdropValues.values.end());
  return key;
}

bool SceneRenderer::Impl::reachesClip(const Bounds3& box, const glm::dmat4& viewProjection, int width,
                                      int height) const {
  return !clip || render_detail::screenRectOf(box, viewProjection, width, height, 1).intersects(*clip);
}

void SceneRenderer::Impl::drawFrame(GLuint target, bool cached, const Camera& camera, int width, int height,
                                    const RenderOptions& options) {
  const glm::mat4 view(viewMatrix(camera));
  const glm::mat4 projection(projectionMatrix(camera, static_cast<double>(width) / height));
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  glViewport(0, 0, width, height);
  glClearColor(options.backgroundBottom.r, options.backgroundBottom.g, options.backgroundBottom.b, 1.0f);
  glClearDepth(1.0);
  glClearStencil(0);
  glDepthMask(GL_TRUE);
  glStencilMask(0xFF);
  glDisable(GL_CULL_FACE);  // open surfaces show their inside
  if (clip) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(clip->x0, clip->y0, clip->x1 - clip->x0, clip->y1 - clip->y0);
  }

  const bool orthographic = camera.projection == Camera::Projection::Orthographic;
  PassClock clock(passTiming);
  RenderPassTimes& times = passTimes;
  drawBackdrop(target, cached, camera, projection * view, width, height, options);
  times.background += clock.lap();
  drawMeshes(view, projection, orthographic, width, height, options, cached);
  times.meshes += clock.lap();
  // Cached, the backdrop holds the grid already; it goes again only over the model's pixels.
  if (options.showGrid) drawGrid(camera, projection * view, options, cached);
  times.grid += clock.lap();
  drawOverlays(view, projection, orthographic, width, height, options);
  times.overlays += clock.lap();
  drawVolumes(view, projection, orthographic, width, height, options);
  times.volumes += clock.lap();
  if (options.showAxisGizmo) drawAxisGizmo(view, width, height);
  times.gizmo += clock.lap();

  // Leave the context as Qt and other users expect to find it.
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
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
      // The whole backdrop, whatever part of the frame is being drawn.
      glDisable(GL_SCISSOR_TEST);
      if (!backdrop.beginDrawing(width, height)) {
        glBindFramebuffer(GL_FRAMEBUFFER, target);
        cached = false;
      } else {
        const auto* damage = std::exchange(damageRects, nullptr);  // the whole backdrop, unmasked
        glDisable(GL_STENCIL_TEST);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        drawBackground(options);
        if (options.showGrid) drawGrid(camera, viewProjection, options);
        damageRects = damage;
        backdrop.finishDrawing(key);
        ++backdropRedraws;
      }
      if (clip) glEnable(GL_SCISSOR_TEST);
    }
    if (cached && damageRects) {
      // Only the damage's pixels get the backdrop and the damage bit; depth and stencil are
      // cleared over the bounding rectangle (no pixel outside the damage is drawn this frame,
      // and a later frame clears what it redraws).
      for (const render_detail::PixelRect& rect : *damageRects) backdrop.copyTo(target, rect);
      glScissor(clip->x0, clip->y0, clip->x1 - clip->x0, clip->y1 - clip->y0);
      glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);  // drawFrame set the stencil mask to 0xFF
      glClearStencil(kDamageBit);
      for (const render_detail::PixelRect& rect : *damageRects) {
        glScissor(rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
        glClear(GL_STENCIL_BUFFER_BIT);
      }
      glClearStencil(0);
      glScissor(clip->x0, clip->y0, clip->x1 - clip->x0, clip->y1 - clip->y0);
      applyDamageMask();
      return;
    }
    if (cached) {
      backdrop.copyTo(target, clip ? *clip : render_detail::PixelRect{0, 0, width, height});
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
    if (damageRects) {  // only in the damage, setting the model's bit and keeping the damage's
      glStencilFunc(GL_EQUAL, kDamageBit | kModelBit, kDamageBit);
      glStencilMask(kModelBit);
    } else {
      glStencilFunc(GL_ALWAYS, kModelBit, 0xFF);
    }
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
    drawMeshGeometry(program, glm::dmat4(projection) * glm::dmat4(view), width, height);
    program.set("uBatched", 0);
  } else {
    for (std::size_t b = 0; b < batches.size(); ++b)
      for (std::size_t i = 0; i < batches[b].meshCount(); ++i) {
        const MeshStyle& style = styles[batchFirst[b] + i];
        program.set("uBaseColor", toVec3(style.color));
        program.set("uSelected", style.selected ? (style.active ? 2 : 1) : 0);
        batches[b].drawMesh(i);
      }
  }
  glDisable(GL_BLEND);
  applyDamageMask();
}

void SceneRenderer::Impl::drawMeshGeometry(const ShaderProgram&, const glm::dmat4& viewProjection, int width,
                                           int height) {
  if (!clip) {
    for (const GpuMeshBatch& batch : batches) batch.draw();
    return;
  }
  // Only the triangles that reach into the redrawn pixels, batch by batch in order.
  for (std::size_t b = 0; b < batches.size(); ++b) {
    clipIndexList.clear();
    for (std::size_t i = 0; i < batches[b].meshCount(); ++i) {
      const std::size_t mesh = batchFirst[b] + i;
      if (mesh >= chunks.size() || mesh >= shownMeshes.size()) continue;
      render_detail::appendTrianglesInClip(shownMeshes[mesh], chunks[mesh], viewProjection, width, height, *clip,
                                           batches[b].vertexBase(i), clipIndexList, projectionScratch, damageRects);
    }
    batches[b].drawIndexList(clipIndexList, clipIndices);
  }
}

void SceneRenderer::Impl::drawGrid(const Camera& camera, const glm::mat4& viewProjection, const RenderOptions& options,
                                   bool onMarkedPixelsOnly) {
  const render_detail::GridLayout layout = render_detail::gridLayoutFor(bounds, camera, gridPlane(camera, options));
  if (onMarkedPixelsOnly) {
    glEnable(GL_STENCIL_TEST);
    if (damageRects) glStencilFunc(GL_EQUAL, kDamageBit | kModelBit, kDamageBit | kModelBit);
    else glStencilFunc(GL_EQUAL, kModelBit, 0xFF);
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
  applyDamageMask();
  glDepthMask(GL_TRUE);
}

void SceneRenderer::Impl::drawAxisGizmo(const glm::mat4& view, int width, int height) {
  // A small square in the lower-left corner showing the world axes as the camera sees them.
  const int size = std::clamp(static_cast<int>(0.17 * std::min(width, height)), 64, 150);
  const int margin = size / 8;
  render_detail::PixelRect square{margin, margin, margin + size, margin + size};
  if (clip) {
    if (!square.intersects(*clip)) return;
    square = square.intersection(*clip);
  }
  glViewport(margin, margin, size, size);
  glEnable(GL_SCISSOR_TEST);
  glScissor(square.x0, square.y0, square.x1 - square.x0, square.y1 - square.y0);
  glClear(GL_DEPTH_BUFFER_BIT);
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
  if (clip) glScissor(clip->x0, clip->y0, clip->x1 - clip->x0, clip->y1 - clip->y0);
  else glDisable(GL_SCISSOR_TEST);
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
  const glm::dmat4 viewProjection = glm::dmat4(projection) * glm::dmat4(view);
  drawOverlayMeshes(overlaySolids, 0.0f, options, viewProjection, width, height);
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
  drawOverlayMeshes(overlaySolids, 0.75f, options, viewProjection, width, height);
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
  const glm::dmat4 viewProjection = glm::dmat4(projection) * glm::dmat4(view);
  // A partial frame's triangles of each volume, found once for both passes.
  std::vector<std::vector<unsigned>> inClip(clip ? overlayVolumes.size() : 0);
  for (std::size_t k = 0; k < inClip.size(); ++k)
    if (overlayVolumes[k].source && layerShown(overlayVolumes[k].layer, options))
      render_detail::appendTrianglesInClip(*overlayVolumes[k].source, overlayVolumes[k].chunks, viewProjection, width,
                                           height, *clip, 0, inClip[k], projectionScratch, damageRects);
  for (GLenum culledFaces : {GL_FRONT, GL_BACK}) {
    glCullFace(culledFaces);  // back faces first, then front faces
    for (std::size_t k = 0; k < overlayVolumes.size(); ++k) {
      const OverlayGpuMesh& volume = overlayVolumes[k];
      if (!layerShown(volume.layer, options)) continue;
      if (clip && volume.source && inClip[k].empty()) continue;
      meshDirectProgram.set("uBaseColor", toVec3(volume.color));
      meshDirectProgram.set("uTransparency", 1.0f - volume.opacity);
      if (clip && volume.source) volume.mesh.drawIndexList(inClip[k], clipIndices);
      else drawChunks(volume, viewProjection, width, height);
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
                                            const RenderOptions& options, const glm::dmat4& viewProjection, int width,
                                            int height) {
  meshDirectProgram.set("uTransparency", transparency);
  for (const OverlayGpuMesh& solid : list) {
    if (!layerShown(solid.layer, options)) continue;
    meshDirectProgram.set("uBaseColor", toVec3(solid.color));
    drawChunks(solid, viewProjection, width, height);
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
