// The pieces of a partial frame's damage (frame_damage.h): world boxes that stay small along long
// segments and along a moved band of a mesh, and the rectangles that cover the pixels of many small screen
// rectangles without covering their bounding rectangle.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "flexure/core/grid_tessellation.h"
#include "flexure/render/glyph_meshes.h"
#include "frame_damage.h"

using namespace flexure;
using namespace flexure::render_detail;

namespace {

bool covers(const std::vector<PixelRect>& rects, int x, int y) {
  return std::any_of(rects.begin(), rects.end(), [&](const PixelRect& r) { return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1; });
}

long long totalArea(const std::vector<PixelRect>& rects) {
  long long a = 0;
  for (const PixelRect& r : rects) a += r.area();
  return a;
}

}  // namespace

TEST_CASE("damage rectangles cover a diagonal band without its bounding rectangle", "[render][partial]") {
  // A band 40 pixels thick from (100, 100) to (700, 500), as 60 small rectangles along it.
  std::vector<PixelRect> band;
  for (int k = 0; k < 60; ++k) {
    const int x = 100 + 10 * k, y = 100 + (20 * k) / 3;
    band.push_back({x, y, x + 20, y + 40});
  }
  const PixelRect viewport{0, 0, 800, 600};
  const std::vector<PixelRect> rects = coveringRects(band, viewport, 32, 24);
  REQUIRE(!rects.empty());
  CHECK(rects.size() <= 24);
  // Every pixel of every input is covered, nothing outside the viewport or the inputs' bounds.
  for (const PixelRect& r : band)
    for (int y = r.y0; y < r.y1; y += 3)
      for (int x = r.x0; x < r.x1; x += 3) CHECK(covers(rects, x, y));
  for (const PixelRect& r : rects) {
    CHECK(r.x0 >= 100);
    CHECK(r.y0 >= 100);
    CHECK(r.x1 <= 710);
    CHECK(r.y1 <= 533);
  }
  // The bounding rectangle is 610 × 433 pixels; the band's tiles are a small part of it.
  CHECK(totalArea(rects) < 0.45 * 610 * 433);
}

TEST_CASE("damage rectangles: none for nothing, the bound beyond the cap", "[render][partial]") {
  const PixelRect viewport{0, 0, 640, 480};
  CHECK(coveringRects({}, viewport, 32, 8).empty());
  CHECK(coveringRects({{700, 500, 800, 600}}, viewport, 32, 8).empty());  // outside the viewport
  // Scattered specks: more rectangles than allowed gives their bounding rectangle.
  std::vector<PixelRect> specks;
  for (int k = 0; k < 10; ++k) specks.push_back({64 * k + 5, 40 * k + 5, 64 * k + 9, 40 * k + 9});
  const std::vector<PixelRect> capped = coveringRects(specks, viewport, 32, 4);
  REQUIRE(capped.size() == 1);
  CHECK(capped[0].x0 == 5);
  CHECK(capped[0].y0 == 5);
  CHECK(capped[0].x1 == 64 * 9 + 9);
  CHECK(capped[0].y1 == 40 * 9 + 9);
  CHECK(coveringRects(specks, viewport, 32, 24).size() == 10);
}

TEST_CASE("damage boxes stay small along a long segment", "[render][partial]") {
  std::vector<Bounds3> boxes;
  {
    PolylineDamage collect(0.5, boxes);
    collect.addSegment(Vec3d(0, 10, 0), Vec3d(0, 16, 3));
    collect.addSegment(Vec3d(0, 16, 3), Vec3d(0.1, 16, 3));  // short: shares the last box
  }
  REQUIRE(boxes.size() >= 13);  // 6.7 long, pieces at most 0.5 along an axis
  for (const Bounds3& b : boxes) {
    const Vec3d e = b.extent();
    CHECK(std::max({e.x, e.y, e.z}) <= 0.5);
  }
  // Together they still cover the segments (points along them lie in a box).
  for (double t = 0.0; t <= 1.0; t += 0.01)
    for (const Vec3d& p : {Vec3d(0, 10 + 6 * t, 3 * t), Vec3d(0.1 * t, 16, 3)})
      CHECK(std::any_of(boxes.begin(), boxes.end(), [&](const Bounds3& b) { return b.padded(1e-12).contains(p); }));
}

TEST_CASE("the changed region of a sheet whose diagonal band moved is boxes along the band", "[render][partial]") {
  // A 100×100 sheet over [0, 10]²; the vertices within 0.4 of the diagonal x = y rise by 0.1.
  auto sheet = [](double lift) {
    TriangleMesh m;
    appendGrid(m, 101, 101, [&](int i, int j) {
      const double x = 0.1 * i, y = 0.1 * j;
      const double z = std::abs(x - y) < 0.4 * std::sqrt(2.0) ? lift : 0.0;
      return GridVertex{Vec3d(x, y, z), Vec3d(0, 0, 1), {x / 10, y / 10}};
    });
    return m;
  };
  const TriangleMesh before = sheet(0.0), after = sheet(0.1);
  std::vector<Bounds3> boxes;
  REQUIRE(changedRegions(before, after, 0.5, boxes));
  REQUIRE(!boxes.empty());
  // Every triangle touching a moved vertex lies, before and after, in the boxes (its corners and
  // its centre each in some box; the boxes are cells, so a small triangle's corners share one).
  auto inside = [&](const Vec3d& p) {
    return std::any_of(boxes.begin(), boxes.end(), [&](const Bounds3& b) { return b.padded(1e-12).contains(p); });
  };
  int checked = 0;
  for (const auto& t : after.triangles) {
    bool moved = false;
    for (int v : t) moved = moved || before.positions[static_cast<std::size_t>(v)].z != after.positions[static_cast<std::size_t>(v)].z;
    if (!moved) continue;
    for (const TriangleMesh* m : {&before, &after}) {
      Vec3d centre(0, 0, 0);
      for (int v : t) {
        CHECK(inside(m->positions[static_cast<std::size_t>(v)]));
        centre += m->positions[static_cast<std::size_t>(v)] * (1.0 / 3.0);
      }
      CHECK(inside(centre));
    }
    ++checked;
  }
  CHECK(checked > 1000);
  // Their area is the band's, not the square's: the one box around it all would be 10 × 10.
  double area = 0.0;
  for (const Bounds3& b : boxes) area += b.extent().x * b.extent().y;
  CHECK(area < 0.35 * 100.0);
  // Nothing moved: no boxes; a mesh moved as a whole: a bounded number of them.
  std::vector<Bounds3> none;
  CHECK_FALSE(changedRegions(after, after, 0.5, none));
  CHECK(none.empty());
  TriangleMesh shifted = before;
  for (Vec3d& p : shifted.positions) p += Vec3d(0.05, 0.0, 0.0);
  std::vector<Bounds3> whole;
  REQUIRE(changedRegions(before, shifted, 0.5, whole));
  CHECK(whole.size() <= 64u * 64u);
  // A closed surface moved as a whole marks too many cells: the one box around it, before and after.
  const TriangleMesh ball = makeSphereMesh(Vec3d(0, 0, 0), 5.0, 96);
  TriangleMesh moved = ball;
  for (Vec3d& p : moved.positions) p += Vec3d(0.01, 0.0, 0.0);
  std::vector<Bounds3> one;
  REQUIRE(changedRegions(ball, moved, 0.2, one));
  REQUIRE(one.size() == 1);
  Bounds3 both = ball.bounds();
  both.extend(moved.bounds());
  CHECK(one[0].lo.x == both.lo.x);
  CHECK(one[0].hi.x == both.hi.x);
  CHECK(one[0].hi.z == both.hi.z);
}

TEST_CASE("the triangles reaching a clip are those a test of every triangle finds, whole chunks inside it taken at once",
          "[render][partial]") {
  // A 200 × 200 sheet seen in perspective; clips inside it, across its edge, around it, and
  // several rectangles at once. The reference projects every triangle's corners.
  TriangleMesh sheet;
  appendGrid(sheet, 201, 201, [](int i, int j) {
    const double x = 0.05 * i - 5.0, y = 0.05 * j - 5.0;
    return GridVertex{Vec3d(x, y, 0.2 * std::sin(x) * std::cos(y)), Vec3d(0, 0, 1), {0, 0}};
  });
  const std::vector<TriangleChunk> chunks = triangleChunks(sheet, 256);
  const int width = 800, height = 600;
  const glm::dmat4 viewProjection = glm::perspective(0.8, double(width) / height, 0.1, 100.0) *
                                    glm::lookAt(glm::dvec3(0, -9, 7), glm::dvec3(0, 0, 0), glm::dvec3(0, 0, 1));
  const auto window = [&](int v) {
    const Vec3d& p = sheet.positions[static_cast<std::size_t>(v)];
    const glm::dvec4 c = viewProjection * glm::dvec4(p.x, p.y, p.z, 1.0);
    return glm::dvec2((c.x / c.w + 1.0) * 0.5 * width, (c.y / c.w + 1.0) * 0.5 * height);
  };
  const auto reference = [&](const PixelRect& clip, const std::vector<PixelRect>& rects) {
    std::vector<unsigned> out;
    for (const auto& t : sheet.triangles) {
      double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
      for (int v : t) {
        const glm::dvec2 w = window(v);
        x0 = std::min(x0, w.x), x1 = std::max(x1, w.x), y0 = std::min(y0, w.y), y1 = std::max(y1, w.y);
      }
      const auto reaches = [&](const PixelRect& r) { return x1 >= r.x0 - 1 && x0 <= r.x1 + 1 && y1 >= r.y0 - 1 && y0 <= r.y1 + 1; };
      if (!reaches(clip) || (rects.size() > 1 && std::none_of(rects.begin(), rects.end(), reaches))) continue;
      for (int v : t) out.push_back(static_cast<unsigned>(v));
    }
    return out;
  };
  const std::vector<std::vector<PixelRect>> cases{{{300, 250, 500, 400}},
                                                  {{0, 0, 160, 600}},
                                                  {{0, 0, width, height}},
                                                  {{200, 200, 320, 300}, {450, 330, 600, 420}}};
  for (const std::vector<PixelRect>& rects : cases) {
    PixelRect clip;
    for (const PixelRect& r : rects) clip = clip.united(r);
    INFO("clip " << clip.x0 << " " << clip.y0 << " " << clip.x1 << " " << clip.y1 << ", " << rects.size() << " rectangles");
    std::vector<unsigned> found;
    ProjectionScratch scratch;
    appendTrianglesInClip(sheet, chunks, viewProjection, width, height, clip, 0, found, scratch, &rects);
    const std::vector<unsigned> expected = reference(clip, rects);
    CHECK(expected.size() > 3000);
    CHECK(found == expected);
  }
}
