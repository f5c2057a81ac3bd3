// Frames that redraw only what changed (frame_damage.h) are the very pixels of whole frames: a
// bump moving across a large sheet (whose untouched bands are skipped), translucent volumes of
// which most stay and one moves, glyph lines and solids that change, a selection; and whatever
// changes globally (the camera, the list of meshes, the grid's layout) draws the whole frame.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>

#include "flexure/core/grid_tessellation.h"
#include "flexure/core/mesh_revision.h"
#include "flexure/core/triangle_damage.h"
#include "flexure/core/vertex_triangles.h"
#include "flexure/render/glyph_meshes.h"
#include "flexure/render/scene_renderer.h"
#include "headless_gl_context.h"
#include "offscreen_framebuffer.h"

using namespace flexure;

namespace {

// A 60×60 sheet with a smooth bump of radius 0.6 at (bx, by).
TriangleMesh sheet(double bx, double by) {
  TriangleMesh m;
  appendGrid(m, 61, 61, [&](int i, int j) {
    const double x = -3.0 + 0.1 * i, y = -3.0 + 0.1 * j;
    const double r2 = ((x - bx) * (x - bx) + (y - by) * (y - by)) / 0.36;
    const double h = r2 < 1.0 ? 0.5 * std::pow(1.0 - r2, 3) : 0.0;
    const double dh = r2 < 1.0 ? -3.0 * 0.5 * std::pow(1.0 - r2, 2) / 0.36 : 0.0;  // ∂h/∂(r²)·... per unit
    const Vec3d n = normalized(Vec3d(-dh * 2.0 * (x - bx), -dh * 2.0 * (y - by), 1.0));
    return GridVertex{Vec3d(x, y, 0.3 + h), n, {x, y}};
  });
  return m;
}

struct Step {
  double bumpX = -1.5;       // the sheet's bump
  double ballX = 1.5;        // a solid glyph and one of the volumes follow it
  bool lineOn = true;        // a glyph polyline that comes and goes
  bool selected = false;     // the sheet's selection
  double azimuth = 0.7;      // the camera
  bool extraMesh = false;    // a mesh added to the list
  enum class Expect { Kept, Whole, Either };
  Expect expect = Expect::Kept;  // kept (partial or first kept) frame, whole frame, or either
};

std::vector<TriangleMesh> meshesOf(const Step& s) {
  std::vector<TriangleMesh> meshes{sheet(s.bumpX, 0.4), makeSphereMesh(Vec3d(0.0, -2.0, 1.0), 0.4, 20)};
  if (s.extraMesh) meshes.push_back(makeSphereMesh(Vec3d(-2.0, 2.0, 1.0), 0.3, 16));
  return meshes;
}

std::shared_ptr<const OverlayGeometry> overlaysOf(const Step& s) {
  auto o = std::make_shared<OverlayGeometry>();
  for (int k = 0; k < 4; ++k) {  // translucent volumes; the last follows the ball
    OverlayMesh v;
    const Vec3d c = k < 3 ? Vec3d(-2.0 + 1.6 * k, 1.8, 0.6) : Vec3d(s.ballX, -0.8, 0.6);
    v.mesh = makeSphereMesh(c, 0.7, 24);
    v.color = overlay_colors::kInfluence;
    v.opacity = 0.22f;
    v.layer = OverlayLayer::InfluenceVolumes;
    o->volumes.push_back(std::move(v));
  }
  OverlayMesh ball;
  ball.mesh = makeSphereMesh(Vec3d(s.ballX, -0.8, 1.5), 0.15, 12);
  ball.color = overlay_colors::kSatisfied;
  o->solids.push_back(std::move(ball));
  OverlayPolyline fixedLine;
  fixedLine.points = {{-2.5, -2.5, 0.35}, {2.5, -2.5, 0.35}};
  fixedLine.color = overlay_colors::kLimit;
  o->lines.push_back(fixedLine);
  if (s.lineOn) {
    OverlayPolyline spring;
    spring.points = {{s.ballX, -0.8, 1.5}, {s.ballX + 0.5, -1.5, 2.0}};
    spring.color = overlay_colors::kViolated;
    o->lines.push_back(spring);
  }
  return o;
}

Camera cameraAt(double azimuth) {
  Camera c;
  c.target = {0, 0, 0.3};
  c.eye = {9.0 * std::cos(azimuth), 9.0 * std::sin(azimuth), 6.0};
  c.up = {0, 0, 1};
  return c;
}

}  // namespace

namespace {

std::vector<int> movedVerticesBetween(const TriangleMesh& a, const TriangleMesh& b) {
  std::vector<int> moved;
  for (std::size_t v = 0; v < b.positions.size(); ++v)
    if (v >= a.positions.size() || flexure::norm(a.positions[v] - b.positions[v]) != 0.0 ||
        (v < a.normals.size() && v < b.normals.size() && flexure::norm(a.normals[v] - b.normals[v]) != 0.0))
      moved.push_back(static_cast<int>(v));
  return moved;
}

// The revision after `previous` of `after` (whose triangles are `before`'s), described as the
// geometry worker describes a dragged sheet's: where the changed triangles were and are, the
// bounds and the chunks.
MeshRevision describedRevision(const MeshRevision& previous, const TriangleMesh& before, const TriangleMesh& after) {
  const std::vector<int> moved = movedVerticesBetween(before, after);
  MeshRevision next = nextMeshRevision(previous, moved);
  std::vector<Bounds3> damage;
  appendTriangleDamage(before.positions, after.positions, after.triangles, VertexTriangles(after).around(moved), moved,
                       damageExtentFor(after.bounds()), damage);
  describeStep(next, previous, std::move(damage));
  next.bounds = after.bounds();
  next.chunks = std::make_shared<const std::vector<TriangleChunk>>(triangleChunks(after, kTrianglesPerChunk));
  return next;
}

}  // namespace

TEST_CASE("frames that redraw only what changed equal whole frames", "[render][partial]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  constexpr int kWidth = 640, kHeight = 480;
  std::string error;
  render_detail::HeadlessGlContext context;
  REQUIRE(context.create(error));
  render_detail::OffscreenFramebuffer framebuffer;
  REQUIRE(framebuffer.create(kWidth, kHeight, 0, error));
  SceneRenderer kept;
  REQUIRE(kept.initialize(error));

  std::vector<Step> steps;
  Step s;
  s.expect = Step::Expect::Whole;  // the first frame draws everything
  steps.push_back(s);
  s.expect = Step::Expect::Kept;
  for (double x : {-1.4, -1.2, -0.9, -0.9}) {  // the bump moves, then stays (nothing to redraw)
    s.bumpX = x;
    steps.push_back(s);
  }
  for (double x : {1.3, 1.0, 0.6}) {  // the ball, its volume and its spring move
    s.ballX = x;
    steps.push_back(s);
  }
  s.lineOn = false;  // a glyph line goes away
  steps.push_back(s);
  s.selected = true;  // the sheet turns selected: its whole area
  s.expect = Step::Expect::Either;
  steps.push_back(s);
  s.extraMesh = true;  // a new mesh in the list: everything
  s.expect = Step::Expect::Whole;
  steps.push_back(s);
  s.expect = Step::Expect::Kept;
  s.bumpX = -0.6;
  steps.push_back(s);
  s.azimuth = 0.9;  // the camera turns: everything
  s.expect = Step::Expect::Whole;
  steps.push_back(s);
  s.bumpX = -0.3;
  s.expect = Step::Expect::Kept;
  steps.push_back(s);

  // A third renderer is told which vertices moved (mesh_revision.h), as the window's geometry
  // worker tells it, and skips one step's meshes (it then finds the moves since the revision it
  // holds further back in the list): it must draw the same pixels without comparing meshes.
  SceneRenderer told;
  REQUIRE(told.initialize(error));
  std::vector<TriangleMesh> previous;
  std::vector<MeshRevision> revisions;
  // A fourth is also told where the moved triangles were and are, and the meshes' bounds, as the
  // geometry worker tells it for a dragged sheet (MeshRevision::Since::damage, describeStep).
  SceneRenderer described;
  REQUIRE(described.initialize(error));
  std::vector<MeshRevision> describedRevisions;
  int stepsDescribed = 0;

  int partial = 0, mostRectangles = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const Step& step = steps[k];
    INFO("step " << k);
    const std::vector<TriangleMesh> meshes = meshesOf(step);
    std::vector<MeshStyle> styles = paletteStyles(meshes.size());
    styles[0].selected = step.selected;
    const auto overlays = overlaysOf(step);
    RenderOptions options;
    options.gridPlane = GridPlane{{0, 0, 1}, 0.0};
    revisions.resize(meshes.size());
    for (std::size_t i = 0; i < meshes.size(); ++i)
      revisions[i] = i < previous.size() && previous[i].triangles == meshes[i].triangles
                         ? nextMeshRevision(revisions[i], movedVerticesBetween(previous[i], meshes[i]))
                         : newMeshRevision();
    describedRevisions.resize(meshes.size());
    for (std::size_t i = 0; i < meshes.size(); ++i) {
      const bool sameTriangles = i < previous.size() && previous[i].triangles == meshes[i].triangles;
      describedRevisions[i] = sameTriangles ? describedRevision(describedRevisions[i], previous[i], meshes[i])
                                            : newMeshRevision();
      stepsDescribed += sameTriangles && !describedRevisions[i].since.at(0).moved->empty();
    }
    previous = meshes;
    if (k != 2) {
      told.setMeshes(meshes, styles, &revisions);
      told.setOverlays(overlays);
      told.render(cameraAt(step.azimuth), kWidth, kHeight, options);
    }
    const RgbaImage toldFrame = framebuffer.read();
    if (k != 2) {
      described.setMeshes(meshes, styles, &describedRevisions);
      described.setOverlays(overlays);
      described.render(cameraAt(step.azimuth), kWidth, kHeight, options);
    }
    const RgbaImage describedFrame = framebuffer.read();

    kept.setMeshes(meshes, styles);
    kept.setOverlays(overlays);
    kept.render(cameraAt(step.azimuth), kWidth, kHeight, options);
    const RgbaImage incremental = framebuffer.read();
    const FrameDrawing drawing = kept.lastFrameDrawing();

    SceneRenderer whole;  // a renderer that has only this frame to draw
    REQUIRE(whole.initialize(error));
    whole.setMeshes(meshes, styles);
    whole.setOverlays(overlays);
    whole.render(cameraAt(step.azimuth), kWidth, kHeight, options);
    const RgbaImage expected = framebuffer.read();
    CHECK(whole.lastFrameDrawing().kind == FrameDrawing::Kind::Whole);

    std::size_t differing = 0, differingTold = 0, differingDescribed = 0;
    for (std::size_t b = 0; b < expected.pixels.size(); ++b) {
      differing += incremental.pixels[b] != expected.pixels[b];
      differingTold += toldFrame.pixels[b] != expected.pixels[b];
      differingDescribed += describedFrame.pixels[b] != expected.pixels[b];
    }
    CHECK(differing == 0);
    if (k != 2) CHECK(differingTold == 0);
    if (k != 2) CHECK(differingDescribed == 0);
    if (step.expect == Step::Expect::Kept) CHECK(drawing.kind != FrameDrawing::Kind::Whole);
    if (step.expect == Step::Expect::Whole) CHECK(drawing.kind == FrameDrawing::Kind::Whole);
    if (drawing.kind == FrameDrawing::Kind::Partial) {
      ++partial;
      mostRectangles = std::max(mostRectangles, drawing.rectangles);
      CHECK(2 * drawing.pixelsDrawn <= static_cast<long long>(kWidth) * kHeight);
    }
    if (k == 4) CHECK(drawing.pixelsDrawn == 0);  // nothing moved
  }
  CHECK(partial >= 7);
  // The told renderer believes what it is told: a revision saying the sheet moved nowhere leaves
  // the old bump on screen (so the frames above were drawn from what it was told, not compared).
  Step moved = steps.back();
  moved.bumpX = -0.2;
  const std::vector<TriangleMesh> meshes = meshesOf(moved);
  std::vector<MeshRevision> lying = revisions;
  lying[0] = nextMeshRevision(revisions[0], {});
  RenderOptions options;
  options.gridPlane = GridPlane{{0, 0, 1}, 0.0};
  std::vector<MeshStyle> styles = paletteStyles(meshes.size());
  styles[0].selected = moved.selected;
  told.setMeshes(meshes, styles, &lying);
  told.render(cameraAt(moved.azimuth), kWidth, kHeight, options);
  CHECK(told.lastFrameDrawing().pixelsDrawn == 0);
  // So does the described one, told the right vertices but no damage: it draws where it is told
  // (so it drew the frames above from the damage described, not from its own comparison).
  CHECK(stepsDescribed >= 4);
  std::vector<MeshRevision> noDamage = describedRevisions;
  noDamage[0] = nextMeshRevision(describedRevisions[0], movedVerticesBetween(previous[0], meshes[0]));
  describeStep(noDamage[0], describedRevisions[0], {});
  noDamage[0].chunks = std::make_shared<const std::vector<TriangleChunk>>(triangleChunks(meshes[0], kTrianglesPerChunk));
  REQUIRE(!noDamage[0].since.at(0).moved->empty());
  described.setMeshes(meshes, styles, &noDamage);
  described.render(cameraAt(moved.azimuth), kWidth, kHeight, options);
  CHECK(described.lastFrameDrawing().pixelsDrawn == 0);
  // The ball, its volume and its spring lie apart from each other: separate rectangles, and
  // still the very pixels of a whole frame.
  CHECK(mostRectangles >= 2);
}
