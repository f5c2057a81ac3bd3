// Dropping affine grid lines (affine_grid_lines.h) keeps the surface: every vertex of the full
// tessellation lies on the merged triangles with the normal interpolated there, and every merged
// triangle lies on the full tessellation — for flat faces, straight rulings, bent and twisted
// parts (whose grid lines are straight in both directions but whose cells are not flat), spheres
// that cannot merge at all, and meshes that mix grids with other triangles.
#include <algorithm>
#include <cmath>
#include <limits>

#include "flexure/core/affine_grid_lines.h"
#include "flexure/core/grid_tessellation.h"
#include "flexure/core/tessellation.h"
#include "geometry_test_support.h"

using namespace geometry_test;
using flexure::TriangleMesh;

namespace {

// The point of triangle t nearest x, as barycentric weights (s, u) of corners 1 and 2.
struct Nearest {
  double distance = std::numeric_limits<double>::infinity();
  Vec3d normal;
};

Nearest nearestOnTriangle(const TriangleMesh& m, const std::array<int, 3>& t, const Vec3d& x) {
  const Vec3d& a = m.positions[static_cast<std::size_t>(t[0])];
  const Vec3d& b = m.positions[static_cast<std::size_t>(t[1])];
  const Vec3d& c = m.positions[static_cast<std::size_t>(t[2])];
  // Minimize |a + s(b − a) + u(c − a) − x|² over the triangle by sampling its closure finely
  // enough near the unconstrained optimum: solve the 2×2 system, clamp, then check the edges.
  const Vec3d e1 = b - a, e2 = c - a, d = x - a;
  const double p = flexure::dot(e1, e1), q = flexure::dot(e1, e2), r = flexure::dot(e2, e2);
  const double det = p * r - q * q;
  auto evaluate = [&](double s, double u) {
    Nearest n;
    const Vec3d y = a + e1 * s + e2 * u;
    n.distance = flexure::norm(y - x);
    const auto& N = m.normals;
    n.normal = N[static_cast<std::size_t>(t[0])] * (1.0 - s - u) + N[static_cast<std::size_t>(t[1])] * s +
               N[static_cast<std::size_t>(t[2])] * u;
    return n;
  };
  Nearest best;
  auto consider = [&](double s, double u) {
    s = std::clamp(s, 0.0, 1.0);
    u = std::clamp(u, 0.0, 1.0 - s);
    const Nearest n = evaluate(s, u);
    if (n.distance < best.distance) best = n;
  };
  if (det > 1e-30) consider((r * flexure::dot(d, e1) - q * flexure::dot(d, e2)) / det, (p * flexure::dot(d, e2) - q * flexure::dot(d, e1)) / det);
  // Projections onto the three edges.
  if (p > 0) consider(std::clamp(flexure::dot(d, e1) / p, 0.0, 1.0), 0.0);
  if (r > 0) consider(0.0, std::clamp(flexure::dot(d, e2) / r, 0.0, 1.0));
  const Vec3d e3 = c - b;
  const double l3 = flexure::dot(e3, e3);
  if (l3 > 0) {
    const double w = std::clamp(flexure::dot(x - b, e3) / l3, 0.0, 1.0);
    consider(1.0 - w, w);
  }
  return best;
}

// Largest distance (and normal difference) from the points to the mesh's triangles.
struct Deviation {
  double position = 0.0, normal = 0.0;
};

Deviation deviationOf(const std::vector<Vec3d>& points, const std::vector<Vec3d>& normals, const TriangleMesh& onto) {
  Deviation worst;
  for (std::size_t i = 0; i < points.size(); ++i) {
    Nearest best;
    for (const auto& t : onto.triangles) {
      const Nearest n = nearestOnTriangle(onto, t, points[i]);
      // Among (nearly) equally near triangles take the one whose normal matches best: a vertex
      // on a shared edge lies on several.
      if (n.distance < best.distance - 1e-12 ||
          (std::abs(n.distance - best.distance) <= 1e-12 && flexure::norm(n.normal - normals[i]) < flexure::norm(best.normal - normals[i])))
        best = n;
    }
    worst.position = std::max(worst.position, best.distance);
    worst.normal = std::max(worst.normal, flexure::norm(best.normal - normals[i]));
  }
  return worst;
}

// Centroids of the triangles, with their interpolated normals.
void centroids(const TriangleMesh& m, std::vector<Vec3d>& points, std::vector<Vec3d>& normals) {
  for (const auto& t : m.triangles) {
    Vec3d p, n;
    for (int k : t) {
      p = p + m.positions[static_cast<std::size_t>(k)] / 3.0;
      n = n + m.normals[static_cast<std::size_t>(k)] / 3.0;
    }
    points.push_back(p);
    normals.push_back(n);
  }
}

// The merged mesh draws the full one's surface: both ways, positions to 1e-8 of the size,
// interpolated normals to 1e-7.
void requireSameSurface(const TriangleMesh& full, const TriangleMesh& merged) {
  const double size = flexure::norm(full.bounds().extent());
  const Deviation there = deviationOf(full.positions, full.normals, merged);
  std::vector<Vec3d> points, normals;
  centroids(merged, points, normals);
  const Deviation back = deviationOf(points, normals, full);
  INFO("full → merged " << there.position / size << " (normals " << there.normal << "), merged → full "
                        << back.position / size << " (normals " << back.normal << ")");
  CHECK(there.position <= 1e-8 * size);
  CHECK(there.normal <= 1e-7);
  CHECK(back.position <= 1e-8 * size);
  CHECK(back.normal <= 1e-7);
}

bool samePoint(const Vec3d& a, const Vec3d& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

bool samePoints(const std::vector<Vec3d>& a, const std::vector<Vec3d>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), samePoint);
}

struct Tessellated {
  TriangleMesh full, merged;
};

Tessellated tessellateBoth(const std::vector<NodeSpec>& chain, int resolution = 12) {
  const Model m = buildModel(chain);
  const flexure::ValueAccess values(m.psi());
  flexure::TessellationOptions options;
  options.resolution = resolution;
  Tessellated out;
  out.full = flexure::tessellatePath(m.path, values, options);
  options.mergeAffineCells = true;
  out.merged = flexure::tessellatePath(m.path, values, options);
  return out;
}

}  // namespace

TEST_CASE("a placed block's faces merge into two triangles each, drawing the same surface", "[tessellation][merge]") {
  const Tessellated t = tessellateBoth({{"translate", {{"x", 3.0}, {"y", -1.0}, {"z", 0.5}}},
                                        {"rotate", {{"qw", 0.9}, {"qx", -0.2}, {"qy", 0.3}, {"qz", 0.1}}},
                                        {"block", {{"sx", 1.2}, {"sy", 0.7}, {"sz", 1.9}}}});
  CHECK(t.full.triangleCount() == 6 * 2 * 12 * 12);
  CHECK(t.merged.triangleCount() == 12);
  CHECK(t.merged.vertexCount() == 24);
  REQUIRE(t.merged.grids.size() == 6);
  for (const flexure::GridBlock& g : t.merged.grids) CHECK((g.columns == 2 && g.rows == 2));
  requireSameSurface(t.full, t.merged);
}

TEST_CASE("a cylinder keeps its circumference and merges along its rulings and radii", "[tessellation][merge]") {
  const Tessellated t = tessellateBoth({{"cylinder", {{"length", 2.0}, {"radius", 0.5}}}}, 16);
  // Every patch is curved in one direction only: 16 cells around, one along.
  CHECK(t.merged.triangleCount() < t.full.triangleCount() / 8);
  for (const flexure::GridBlock& g : t.merged.grids) CHECK(std::min(g.columns, g.rows) == 2);
  requireSameSurface(t.full, t.merged);
}

TEST_CASE("a tapered cylinder keeps its trapezoids, whose normals are not affine across them", "[tessellation][merge]") {
  // A cone's rulings are straight and carry constant normals, but across a trapezoid between two
  // rulings the normal is not an affine function of position: merging along the rulings would
  // shade the cone with bands.
  const Tessellated t = tessellateBoth({{"taper", {{"slope", 0.4}}}, {"cylinder", {{"length", 1.6}, {"radius", 0.5}}}}, 16);
  requireSameSurface(t.full, t.merged);
}

TEST_CASE("a bent tube keeps the grid lines the bend curves", "[tessellation][merge]") {
  const std::vector<NodeSpec> straight = {{"tube", {{"length", 2.0}, {"radius", 0.5}, {"thickness", 0.1}}}};
  const std::vector<NodeSpec> bent = {{"bend", {{"start", -0.4}, {"stop", 0.4}, {"amount", 1.2}}},
                                      {"tube", {{"length", 2.0}, {"radius", 0.5}, {"thickness", 0.1}}}};
  const Tessellated s = tessellateBoth(straight, 16), b = tessellateBoth(bent, 16);
  // Outside the bend's range the tube stays straight and still merges; inside it does not.
  CHECK(b.merged.triangleCount() > s.merged.triangleCount());
  CHECK(b.merged.triangleCount() < b.full.triangleCount());
  requireSameSurface(b.full, b.merged);
}

TEST_CASE("a twisted block keeps the lines along which its normals turn", "[tessellation][merge]") {
  // Under a twist about z a side face is a hyperbolic paraboloid: the lines across the axis stay
  // straight, but the normal turns along them.
  const Tessellated t = tessellateBoth({{"twist", {{"rate", 1.1}}}, {"block", {{"sx", 1.2}, {"sy", 0.7}, {"sz", 1.5}}}});
  CHECK(t.merged.triangleCount() > 12);
  requireSameSurface(t.full, t.merged);
}

TEST_CASE("a grid whose lines are all straight but whose cells are not flat is not flattened", "[tessellation][merge]") {
  // z = x·y: both families of grid lines are straight and evenly spaced, and the normals given
  // are constant, so every line passes the line test; only the cells' own test sees the twist.
  TriangleMesh full;
  flexure::appendGrid(full, 9, 9, [](int i, int j) {
    const double x = i / 8.0, y = j / 8.0;
    return flexure::GridVertex{Vec3d(x, y, 0.5 * x * y), Vec3d(0, 0, 1), {x, y}};
  });
  TriangleMesh merged = full;
  flexure::dropAffineGridLines(merged);
  CHECK(merged.triangleCount() > 2);
  requireSameSurface(full, merged);
}

TEST_CASE("curved surfaces keep every grid line", "[tessellation][merge]") {
  for (const auto& chain : std::vector<std::vector<NodeSpec>>{{{"sphere", {{"radius", 0.8}}}},
                                                               {{"torus", {{"major", 1.3}, {"minor", 0.35}}}}}) {
    const Tessellated t = tessellateBoth(chain);
    INFO(chain.back().type);
    CHECK(t.merged.triangleCount() == t.full.triangleCount());
    CHECK(samePoints(t.merged.positions, t.full.positions));
    CHECK(t.merged.triangles == t.full.triangles);
  }
}

TEST_CASE("triangles outside any grid keep their place and order; merging twice changes nothing",
          "[tessellation][merge]") {
  TriangleMesh mesh;
  // Another mesh's triangle, a flat 5×4 grid, another triangle.
  mesh.positions = {{9, 9, 9}, {10, 9, 9}, {9, 10, 9}};
  mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  mesh.uvs = {{0, 0}, {1, 0}, {0, 1}};
  mesh.triangles = {{0, 1, 2}};
  flexure::appendGrid(mesh, 5, 4, [](int i, int j) {
    return flexure::GridVertex{Vec3d(0.25 * i, 0.5 * j, 1.0), Vec3d(0, 0, 1), {0.25 * i, j / 3.0}};
  });
  const int last = mesh.vertexCount();
  mesh.positions.push_back({-1, 0, 0});
  mesh.positions.push_back({-2, 0, 0});
  mesh.positions.push_back({-1, 1, 0});
  for (int k = 0; k < 3; ++k) {
    mesh.normals.push_back({0, 0, 1});
    mesh.uvs.push_back({0, 0});
  }
  mesh.triangles.push_back({last, last + 1, last + 2});
  const TriangleMesh full = mesh;

  const flexure::AffineGridLineStats stats = flexure::dropAffineGridLines(mesh);
  CHECK(stats.trianglesBefore == 1 + 2 * 4 * 3 + 1);
  CHECK(stats.trianglesAfter == 4);
  CHECK(stats.verticesAfter == 3 + 4 + 3);
  REQUIRE(mesh.triangleCount() == 4);
  // The first and last triangles are the other meshes', renumbered.
  CHECK(samePoint(mesh.positions[static_cast<std::size_t>(mesh.triangles[0][0])], full.positions[0]));
  CHECK(samePoint(mesh.positions[static_cast<std::size_t>(mesh.triangles[3][1])], Vec3d(-2, 0, 0)));
  REQUIRE(mesh.grids.size() == 1);
  CHECK(mesh.grids[0].firstTriangle == 1);
  CHECK(mesh.grids[0].firstVertex == 3);
  requireSameSurface(full, mesh);

  const TriangleMesh once = mesh;
  flexure::dropAffineGridLines(mesh);
  CHECK(samePoints(mesh.positions, once.positions));
  CHECK(mesh.triangles == once.triangles);
}

TEST_CASE("a grid whose record no longer fits the mesh is left as it is", "[tessellation][merge]") {
  TriangleMesh mesh;
  flexure::appendGrid(mesh, 6, 6, [](int i, int j) {
    return flexure::GridVertex{Vec3d(i, j, 0), Vec3d(0, 0, 1), {i / 5.0, j / 5.0}};
  });
  mesh.triangles.resize(10);  // edited after tessellation
  const TriangleMesh before = mesh;
  flexure::dropAffineGridLines(mesh);
  CHECK(samePoints(mesh.positions, before.positions));
  CHECK(mesh.triangles == before.triangles);
  CHECK(mesh.grids.empty());
}

TEST_CASE("a sheet with a bump merges only where it is flat", "[tessellation][merge]") {
  TriangleMesh full;
  // z = a smooth bump of compact support in the middle of a 25×25 grid; flat elsewhere.
  auto height = [](double x, double y) {
    const double r2 = (x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5);
    return r2 < 0.04 ? std::pow(1.0 - r2 / 0.04, 3) * 0.2 : 0.0;
  };
  flexure::appendGrid(full, 25, 25, [&](int i, int j) {
    const double x = i / 24.0, y = j / 24.0, h = 1e-4;
    const Vec3d n = flexure::normalized(Vec3d(-(height(x + h, y) - height(x - h, y)) / (2 * h),
                                              -(height(x, y + h) - height(x, y - h)) / (2 * h), 1.0));
    return flexure::GridVertex{Vec3d(x, y, height(x, y)), n, {x, y}};
  });
  TriangleMesh merged = full;
  flexure::dropAffineGridLines(merged);
  CHECK(merged.triangleCount() < full.triangleCount() / 2);
  CHECK(merged.triangleCount() > 2);
  requireSameSurface(full, merged);
}

namespace {

// A 61 × 41 sheet (two blocks side by side, and a loose triangle between them) with a bump of
// compact support centred at (cx, cy), of height h; flat elsewhere.
TriangleMesh bumpedSheets(double cx, double cy, double h) {
  auto height = [&](double x, double y) {
    const double r2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
    return r2 < 0.02 ? std::pow(1.0 - r2 / 0.02, 3) * h : 0.0;
  };
  auto sheet = [&](double x0) {
    return [&, x0](int i, int j) {
      const double x = x0 + i / 40.0, y = j / 40.0, e = 1e-4;
      const Vec3d n = flexure::normalized(Vec3d(-(height(x + e, y) - height(x - e, y)) / (2 * e),
                                                -(height(x, y + e) - height(x, y - e)) / (2 * e), 1.0));
      return flexure::GridVertex{Vec3d(x, y, height(x, y)), n, {x, y}};
    };
  };
  TriangleMesh mesh;
  flexure::appendGrid(mesh, 61, 41, sheet(0.0));
  mesh.positions.push_back(Vec3d(0, 0, -1));
  mesh.normals.push_back(Vec3d(0, 0, 1));
  mesh.uvs.push_back({0, 0});
  mesh.triangles.push_back({0, 1, mesh.vertexCount() - 1});
  TriangleMesh right;
  flexure::appendGrid(right, 41, 41, sheet(1.6));
  mesh.append(right);
  return mesh;
}

std::vector<int> movedBetween(const TriangleMesh& before, const TriangleMesh& after) {
  std::vector<int> moved;
  for (std::size_t v = 0; v < after.positions.size(); ++v)
    if (!samePoint(before.positions[v], after.positions[v]) || !samePoint(before.normals[v], after.normals[v]))
      moved.push_back(static_cast<int>(v));
  return moved;
}

bool identical(const TriangleMesh& a, const TriangleMesh& b) {
  const auto sameVectors = [](const std::vector<Vec3d>& x, const std::vector<Vec3d>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t k = 0; k < x.size(); ++k)
      if (x[k].x != y[k].x || x[k].y != y[k].y || x[k].z != y[k].z) return false;
    return true;
  };
  bool grids = a.grids.size() == b.grids.size();
  for (std::size_t k = 0; grids && k < a.grids.size(); ++k)
    grids = a.grids[k].firstVertex == b.grids[k].firstVertex && a.grids[k].columns == b.grids[k].columns &&
            a.grids[k].rows == b.grids[k].rows && a.grids[k].firstTriangle == b.grids[k].firstTriangle;
  return grids && sameVectors(a.positions, b.positions) && sameVectors(a.normals, b.normals) && a.uvs == b.uvs &&
         a.triangles == b.triangles;
}

}  // namespace

TEST_CASE("merging again after a bump moved gives the merge from scratch, updating in place while the lines stay",
          "[tessellation][merge]") {
  // The bump's path: small steps (the kept lines stay), across the gap between the sheets, off
  // the sheets (all flat), back, and its height changed (the block's extent, so its tolerance).
  const std::vector<std::array<double, 3>> path = {
      {0.5, 0.5, 0.2},   {0.5, 0.5, 0.2},   {0.5001, 0.5, 0.2}, {0.52, 0.49, 0.2}, {0.9, 0.3, 0.2}, {1.45, 0.3, 0.2},
      {2.0, 0.5, 0.2},   {5.0, 5.0, 0.2},   {5.0, 5.0, 0.2},    {0.3, 0.7, 0.2},   {0.3, 0.7, 0.35}, {0.3, 0.7, 0.35000001},
      {0.31, 0.7, 0.35}, {0.31, 0.7, 0.35}};
  flexure::AffineGridMerger merger;
  TriangleMesh previous, previousMerged;
  int updatedInPlace = 0;
  for (std::size_t step = 0; step < path.size(); ++step) {
    CAPTURE(step);
    const TriangleMesh mesh = bumpedSheets(path[step][0], path[step][1], path[step][2]);
    TriangleMesh expected = mesh;
    flexure::dropAffineGridLines(expected);
    const std::vector<int> moved = step == 0 ? std::vector<int>{} : movedBetween(previous, mesh);
    merger.merge(mesh, step == 0 ? nullptr : &moved);
    REQUIRE(identical(merger.result(), expected));
    CHECK(merger.stats().trianglesAfter == expected.triangleCount());
    if (step > 0 && merger.sameTrianglesAsBefore()) {
      ++updatedInPlace;
      REQUIRE(merger.result().triangles == previousMerged.triangles);
      CHECK(merger.movedInResult() == movedBetween(previousMerged, merger.result()));
    }
    if (step == 1 || step == 8) CHECK(merger.sameTrianglesAsBefore());  // nothing moved
    previous = mesh;
    previousMerged = merger.result();
  }
  CHECK(updatedInPlace >= 4);
  // Not told what moved: everything is tested again, and the result is the same.
  const TriangleMesh mesh = bumpedSheets(0.6, 0.4, 0.2);
  TriangleMesh expected = mesh;
  flexure::dropAffineGridLines(expected);
  merger.merge(mesh, nullptr);
  CHECK(identical(merger.result(), expected));
  CHECK_FALSE(merger.sameTrianglesAsBefore());
}

TEST_CASE("merged again, a block's tolerance follows its extent as the merge from scratch does", "[tessellation][merge]") {
  // A vertex of the flat part 3e-9 off its grid line: kept while the block's diagonal is under 2
  // (tolerance 2e-9), dropped when a tall bump makes it over 2 (4e-9). The bump rises and falls
  // far from that vertex, so only the block's bounds carry the change.
  const auto sheets = [](double h) {
    TriangleMesh mesh = bumpedSheets(0.3, 0.7, h);
    mesh.positions[10 * 61 + 50].z += 3e-9;
    return mesh;
  };
  flexure::AffineGridMerger merger;
  TriangleMesh previous;
  std::vector<int> triangles;
  for (const double h : {0.2, 1.5, 1.5, 0.2}) {
    CAPTURE(h);
    const TriangleMesh mesh = sheets(h);
    TriangleMesh expected = mesh;
    flexure::dropAffineGridLines(expected);
    const std::vector<int> moved = previous.positions.empty() ? std::vector<int>{} : movedBetween(previous, mesh);
    merger.merge(mesh, previous.positions.empty() ? nullptr : &moved);
    CHECK(identical(merger.result(), expected));
    triangles.push_back(expected.triangleCount());
    previous = mesh;
  }
  // The off vertex's lines are kept under the low bump and dropped under the tall one.
  const auto plainCount = [](double h) {
    TriangleMesh plain = bumpedSheets(0.3, 0.7, h);
    flexure::dropAffineGridLines(plain);
    return plain.triangleCount();
  };
  CHECK(triangles[0] > plainCount(0.2));
  CHECK(triangles[1] == plainCount(1.5));
}

TEST_CASE("a twist that keeps every grid line straight splits a merged cell again when merged after the move",
          "[tessellation][merge]") {
  // z = s (X + Y) + t X Y, X and Y clamped to the middle of the sheet: planar pieces with kinks
  // along four lines (t = 0), then a bilinear middle whose lines all stay straight (t ≠ 0) — the
  // line tests pass as before, the middle cell's test does not, on the vertices that moved.
  auto sheet = [](double t, double bow = 0.0) {
    TriangleMesh mesh;
    flexure::appendGrid(mesh, 41, 41, [t, bow](int i, int j) {
      const double x = i / 40.0, y = j / 40.0;
      const double X = std::clamp(x - 0.25, 0.0, 0.5), Y = std::clamp(y - 0.25, 0.0, 0.5);
      return flexure::GridVertex{Vec3d(x, y, 0.3 * (X + Y) + t * X * Y + bow * X * X), Vec3d(0, 0, 1), {x, y}};
    });
    return mesh;
  };
  flexure::AffineGridMerger merger;
  const TriangleMesh flat = sheet(0.0), twisted = sheet(0.4);
  merger.merge(flat, nullptr);
  CHECK(merger.result().triangleCount() == 18);  // 3 × 3 planar cells
  const std::vector<int> moved = movedBetween(flat, twisted);
  REQUIRE_FALSE(moved.empty());
  merger.merge(twisted, &moved);
  TriangleMesh expected = twisted;
  flexure::dropAffineGridLines(expected);
  CHECK(expected.triangleCount() > 18);
  CHECK(identical(merger.result(), expected));
  merger.merge(flat, &moved);
  CHECK(merger.result().triangleCount() == 18);
  // A bow along x too slight for any one column to fail its neighbours' test, but not for the
  // run of them (a round-off tolerance of 2e-9 here): the run is split again, not taken over.
  const TriangleMesh bowed = sheet(0.0, 1e-6);
  const std::vector<int> bowMoved = movedBetween(flat, bowed);
  merger.merge(bowed, &bowMoved);
  expected = bowed;
  flexure::dropAffineGridLines(expected);
  CHECK(expected.triangleCount() > 18);
  CHECK(identical(merger.result(), expected));
}
