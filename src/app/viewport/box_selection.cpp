#include "viewport/box_selection.h"

#include <array>
#include <vector>

#include "flexure/render/camera_matrices.h"

namespace flexure::app {

namespace {

using Point = glm::dvec2;

double cross2(const Point& a, const Point& b, const Point& c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

bool insideTriangle(const Point& p, const Point& a, const Point& b, const Point& c) {
  const double d1 = cross2(a, b, p), d2 = cross2(b, c, p), d3 = cross2(c, a, p);
  const bool negative = d1 < 0 || d2 < 0 || d3 < 0, positive = d1 > 0 || d2 > 0 || d3 > 0;
  return !(negative && positive);
}

bool segmentsCross(const Point& p, const Point& q, const Point& r, const Point& s) {
  const double d1 = cross2(r, s, p), d2 = cross2(r, s, q), d3 = cross2(p, q, r), d4 = cross2(p, q, s);
  return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

bool triangleTouchesBox(const std::array<Point, 3>& t, const std::array<Point, 4>& corners, double x0, double y0,
                        double x1, double y1) {
  // Outside one side of the box altogether: the quick, common answer.
  if ((t[0].x < x0 && t[1].x < x0 && t[2].x < x0) || (t[0].x > x1 && t[1].x > x1 && t[2].x > x1) ||
      (t[0].y < y0 && t[1].y < y0 && t[2].y < y0) || (t[0].y > y1 && t[1].y > y1 && t[2].y > y1))
    return false;
  for (const Point& p : corners)
    if (insideTriangle(p, t[0], t[1], t[2])) return true;
  for (int e = 0; e < 3; ++e)
    for (int k = 0; k < 4; ++k)
      if (segmentsCross(t[e], t[(e + 1) % 3], corners[k], corners[(k + 1) % 4])) return true;
  return false;
}

}  // namespace

bool meshTouchesBox(const TriangleMesh& mesh, const Camera& camera, int width, int height, const QRect& box) {
  const double x0 = box.left(), y0 = box.top(), x1 = box.right() + 1.0, y1 = box.bottom() + 1.0;
  std::vector<Point> pixels(mesh.positions.size());
  std::vector<char> seen(mesh.positions.size(), 0);
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    seen[i] = projectToPixel(camera, width, height, toGlm(mesh.positions[i]), pixels[i]) ? 1 : 0;
    if (seen[i] && pixels[i].x >= x0 && pixels[i].x <= x1 && pixels[i].y >= y0 && pixels[i].y <= y1) return true;
  }
  const std::array<Point, 4> corners{Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)};
  for (const auto& tri : mesh.triangles) {
    if (!seen[tri[0]] || !seen[tri[1]] || !seen[tri[2]]) continue;
    if (triangleTouchesBox({pixels[tri[0]], pixels[tri[1]], pixels[tri[2]]}, corners, x0, y0, x1, y1)) return true;
  }
  return false;
}

}  // namespace flexure::app
