// Wavefront OBJ import (geometry statements only; see obj.h).
#include <algorithm>
#include <charconv>
#include <tuple>
#include <cmath>
#include <filesystem>
#include <unordered_map>

#include "flexure/io/obj.h"

namespace flexure {

namespace {

// One face corner: indices into v, vt, vn (0-based; -1 when absent).
struct Corner {
  int v = -1, vt = -1, vn = -1;
  bool operator==(const Corner& o) const { return v == o.v && vt == o.vt && vn == o.vn; }
};

struct CornerHash {
  std::size_t operator()(const Corner& c) const {
    std::size_t h = std::hash<int>()(c.v);
    h = h * 1000003u ^ std::hash<int>()(c.vt);
    return h * 1000003u ^ std::hash<int>()(c.vn);
  }
};

class ObjParser {
 public:
  ObjParser(std::string_view text, const std::string& source, const ObjLimits& limits)
      : text_(text), source_(source), limits_(limits) {}

  TriangleMesh parse() {
    std::size_t lineStart = 0;
    while (lineStart <= text_.size()) {
      std::size_t end = text_.find('\n', lineStart);
      if (end == std::string_view::npos) end = text_.size();
      ++lineNumber_;
      line_ = text_.substr(lineStart, end - lineStart);
      if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
      pos_ = 0;
      statement();
      lineStart = end + 1;
    }
    return finish();
  }

 private:
  [[noreturn]] void failAt(std::size_t column0, const std::string& message) const {
    throw LoadError(FileLocation{source_, lineNumber_, static_cast<int>(column0) + 1}, "", message);
  }

  // A mesh beyond the limits (by default those of a scene's meshes, docs/scene-format.md,
  // "Limits") is refused at the statement that crosses them, before the
  // lists grow further (and long before vertex indices could overflow an int).
  void checkLimit(std::size_t size, int limit, const char* what, std::size_t column0) const {
    if (size >= static_cast<std::size_t>(limit))
      failAt(column0, std::string("more than ") + std::to_string(limit) + " " + what + ": larger than the largest mesh a scene accepts");
  }

  // An explicit '+' before a number ("v +1 -0.5 +2.0e+0", "f +1 +2 +3"): C's strtod and strtol,
  // and so every OBJ reader built on them, accept it; std::from_chars does not. Only one sign:
  // "+-1" and "++1" stay invalid.
  static std::string_view withoutPlusSign(std::string_view t) {
    if (t.size() > 1 && t[0] == '+' && t[1] != '+' && t[1] != '-') t.remove_prefix(1);
    return t;
  }

  void skipSpaces() {
    while (pos_ < line_.size() && (line_[pos_] == ' ' || line_[pos_] == '\t')) ++pos_;
  }
  // The next whitespace-separated token (empty at the end of the line or at a comment).
  std::string_view token() {
    skipSpaces();
    const std::size_t start = pos_;
    if (pos_ < line_.size() && line_[pos_] == '#') return {};
    while (pos_ < line_.size() && line_[pos_] != ' ' && line_[pos_] != '\t') ++pos_;
    tokenStart_ = start;
    return line_.substr(start, pos_ - start);
  }

  double number(const char* what) {
    const std::string_view t = token();
    if (t.empty()) failAt(pos_, std::string("expected ") + what);
    double d = 0.0;
    const std::string_view digits = withoutPlusSign(t);
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), d);
    if (ec != std::errc() || ptr != digits.data() + digits.size() || !std::isfinite(d))
      failAt(tokenStart_, "invalid number \"" + std::string(t) + "\" for " + what);
    return d;
  }

  // Optional trailing numbers (the w of "v x y z w", the third of "vt u v w").
  void optionalNumbers(int count, const char* what) {
    for (int i = 0; i < count; ++i) {
      skipSpaces();
      if (pos_ >= line_.size() || line_[pos_] == '#') return;
      number(what);
    }
    if (!token().empty()) failAt(tokenStart_, std::string("unexpected extra value after ") + what);
  }

  void statement() {
    const std::string_view keyword = token();
    if (keyword.empty()) return;  // blank line or comment
    if (keyword == "v") {
      checkLimit(positions_.size(), limits_.maxVertices, "vertices", tokenStart_);
      const double x = number("x coordinate"), y = number("y coordinate"), z = number("z coordinate");
      positions_.push_back({x, y, z});
      optionalNumbers(4, "vertex");  // w, or the r g b of the vertex-colour extension
    } else if (keyword == "vn") {
      checkLimit(normals_.size(), limits_.maxVertices, "normals", tokenStart_);
      const double x = number("normal x"), y = number("normal y"), z = number("normal z");
      normals_.push_back({x, y, z});
      optionalNumbers(0, "normal");
    } else if (keyword == "vt") {
      checkLimit(uvs_.size(), limits_.maxVertices, "texture coordinates", tokenStart_);
      const double u = number("texture u");
      double v = 0.0;
      skipSpaces();
      if (pos_ < line_.size() && line_[pos_] != '#') v = number("texture v");
      uvs_.push_back({u, v});
      optionalNumbers(1, "texture coordinate");
    } else if (keyword == "f") {
      face();
    }
    // Everything else (g, o, s, usemtl, mtllib, l, p, vp, free-form statements, vendor
    // extensions) carries no triangles and is skipped, as the OBJ specification asks of readers.
  }

  // A 1-based index, or negative: relative to the end of the list read so far.
  int index(std::string_view text, std::size_t column0, std::size_t count, const char* list, const char* plural) {
    int i = 0;
    const std::string_view digits = withoutPlusSign(text);
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), i);
    if (ec != std::errc() || ptr != digits.data() + digits.size())
      failAt(column0, "invalid " + std::string(list) + " index \"" + std::string(text) + "\"");
    const long long resolved = i > 0 ? static_cast<long long>(i) - 1 : static_cast<long long>(count) + i;
    if (i == 0 || resolved < 0 || resolved >= static_cast<long long>(count))
      failAt(column0, std::string(list) + " index " + std::to_string(i) + " out of range (" + std::to_string(count) + " " +
                          (count == 1 ? list : plural) + " defined so far)");
    return static_cast<int>(resolved);
  }

  Corner corner(std::string_view t, std::size_t column0) {
    Corner c;
    const std::size_t s1 = t.find('/');
    c.v = index(t.substr(0, s1), column0, positions_.size(), "vertex", "vertices");
    if (s1 == std::string_view::npos) return c;
    const std::string_view rest = t.substr(s1 + 1);
    if (rest.empty()) failAt(column0, "missing texture coordinate index after '/' in \"" + std::string(t) + "\"");
    const std::size_t s2 = rest.find('/');
    const std::string_view vt = rest.substr(0, s2);
    if (!vt.empty()) c.vt = index(vt, column0 + s1 + 1, uvs_.size(), "texture coordinate", "texture coordinates");
    if (s2 == std::string_view::npos) return c;
    const std::string_view vn = rest.substr(s2 + 1);
    if (vn.empty()) failAt(column0, "missing normal index after '//' in \"" + std::string(t) + "\"");
    c.vn = index(vn, column0 + s1 + 1 + s2 + 1, normals_.size(), "normal", "normals");
    return c;
  }

  void face() {
    const std::size_t faceColumn = tokenStart_;
    std::vector<int> polygon;
    for (std::string_view t = token(); !t.empty(); t = token()) polygon.push_back(vertexFor(corner(t, tokenStart_), tokenStart_));
    if (polygon.size() < 3) failAt(faceColumn, "a face needs at least 3 corners, found " + std::to_string(polygon.size()));
    checkLimit(mesh_.triangles.size() + polygon.size() - 3, limits_.maxTriangles, "triangles", faceColumn);
    for (std::size_t k = 1; k + 1 < polygon.size(); ++k) mesh_.triangles.push_back({polygon[0], polygon[k], polygon[k + 1]});
  }

  // Each distinct corner (v, vt, vn) is one vertex of the mesh.
  int vertexFor(const Corner& c, std::size_t column0) {
    if (auto it = vertices_.find(c); it != vertices_.end()) return it->second;
    // Distinct (v, vt, vn) corners become the mesh's vertices: as many as the lists allow.
    checkLimit(corners_.size(), limits_.maxVertices, "distinct face corners (mesh vertices)", column0);
    const int index = static_cast<int>(corners_.size());
    vertices_.emplace(c, index);
    corners_.push_back(c);
    return index;
  }

  // Vertices are ordered by (v, vt, vn), so a file whose corners all share one index (as
  // meshesToObj writes them) reads back in its own vertex order.
  void sortVertices() {
    std::vector<int> order(corners_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int x, int y) {
      const Corner& a = corners_[static_cast<std::size_t>(x)];
      const Corner& b = corners_[static_cast<std::size_t>(y)];
      return std::tie(a.v, a.vt, a.vn) < std::tie(b.v, b.vt, b.vn);
    });
    std::vector<int> newIndex(order.size());
    std::vector<Corner> sorted(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
      newIndex[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
      sorted[i] = corners_[static_cast<std::size_t>(order[i])];
    }
    corners_ = std::move(sorted);
    for (auto& t : mesh_.triangles)
      for (int& k : t) k = newIndex[static_cast<std::size_t>(k)];
  }

  TriangleMesh finish() {
    sortVertices();
    bool allNormals = !corners_.empty(), allUvs = !corners_.empty();
    for (const Corner& c : corners_) {
      allNormals = allNormals && c.vn >= 0;
      allUvs = allUvs && c.vt >= 0;
    }
    for (const Corner& c : corners_) {
      mesh_.positions.push_back(positions_[static_cast<std::size_t>(c.v)]);
      if (allNormals) mesh_.normals.push_back(normalized(normals_[static_cast<std::size_t>(c.vn)]));
      if (allUvs) mesh_.uvs.push_back(uvs_[static_cast<std::size_t>(c.vt)]);
    }
    if (!allNormals) mesh_.computeVertexNormals();
    return std::move(mesh_);
  }

  std::string_view text_;
  const std::string& source_;
  ObjLimits limits_;
  std::string_view line_;
  std::size_t pos_ = 0;
  std::size_t tokenStart_ = 0;
  int lineNumber_ = 0;
  std::vector<Vec3d> positions_, normals_;
  std::vector<std::array<double, 2>> uvs_;
  std::unordered_map<Corner, int, CornerHash> vertices_;
  std::vector<Corner> corners_;
  TriangleMesh mesh_;
};

}  // namespace

TriangleMesh parseObj(std::string_view text, const std::string& sourceName, const ObjLimits& limits) {
  return ObjParser(text, sourceName, limits).parse();
}

TriangleMesh readObjFile(const std::string& path) {
  TriangleMesh mesh = parseObj(readWholeFile(path), path);
  mesh.name = std::filesystem::path(path).stem().string();
  return mesh;
}

}  // namespace flexure
