#include "gltf_reader.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace flexure::test {

namespace {

using nlohmann::json;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::uint32_t u32(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  std::memcpy(&v, s.data() + at, 4);
  return v;
}

int componentsOf(const std::string& type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4") return 4;
  if (type == "MAT4") return 16;
  throw std::runtime_error("accessor type " + type);
}

double readComponent(const char* p, int type) {
  switch (type) {
    case 5126: { float f; std::memcpy(&f, p, 4); return f; }
    case 5125: { std::uint32_t v; std::memcpy(&v, p, 4); return v; }
    case 5123: { std::uint16_t v; std::memcpy(&v, p, 2); return v; }
    case 5121: return static_cast<unsigned char>(*p);
  }
  throw std::runtime_error("component type " + std::to_string(type));
}

int sizeOf(int type) { return type == 5126 || type == 5125 ? 4 : type == 5123 ? 2 : 1; }

// Column-major 4×4 as glTF uses it; here just a 3×4 affine [R S | t] in rows.
struct Affine {
  double m[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
  std::array<double, 3> apply(const std::array<double, 3>& x) const {
    std::array<double, 3> y{};
    for (int i = 0; i < 3; ++i) y[i] = m[i][0] * x[0] + m[i][1] * x[1] + m[i][2] * x[2] + m[i][3];
    return y;
  }
  std::array<double, 3> linear(const std::array<double, 3>& x) const {
    std::array<double, 3> y{};
    for (int i = 0; i < 3; ++i) y[i] = m[i][0] * x[0] + m[i][1] * x[1] + m[i][2] * x[2];
    return y;
  }
  Affine operator*(const Affine& b) const {
    Affine c;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) {
        c.m[i][j] = m[i][0] * b.m[0][j] + m[i][1] * b.m[1][j] + m[i][2] * b.m[2][j] + (j == 3 ? m[i][3] : 0.0);
      }
    return c;
  }
};

// T · R · S (glTF 2.0 §3.5.3), quaternion (x, y, z, w).
Affine trs(const std::array<double, 3>& t, const std::array<double, 4>& q, const std::array<double, 3>& s) {
  const double x = q[0], y = q[1], z = q[2], w = q[3];
  const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                          {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                          {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
  Affine a;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) a.m[i][j] = r[i][j] * s[static_cast<std::size_t>(j)];
    a.m[i][3] = t[static_cast<std::size_t>(i)];
  }
  return a;
}

// Inverse transpose of the linear part (normals).
std::array<double, 3> normalTransform(const Affine& a, const std::array<double, 3>& n) {
  const auto& m = a.m;
  const double c[3][3] = {{m[1][1] * m[2][2] - m[1][2] * m[2][1], m[1][2] * m[2][0] - m[1][0] * m[2][2], m[1][0] * m[2][1] - m[1][1] * m[2][0]},
                          {m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][1] * m[2][0] - m[0][0] * m[2][1]},
                          {m[0][1] * m[1][2] - m[0][2] * m[1][1], m[0][2] * m[1][0] - m[0][0] * m[1][2], m[0][0] * m[1][1] - m[0][1] * m[1][0]}};
  std::array<double, 3> y{};  // cofactor matrix = det · inverse transpose
  for (int i = 0; i < 3; ++i) y[i] = c[i][0] * n[0] + c[i][1] * n[1] + c[i][2] * n[2];
  const double det = m[0][0] * c[0][0] + m[0][1] * c[0][1] + m[0][2] * c[0][2];
  const double l = std::sqrt(y[0] * y[0] + y[1] * y[1] + y[2] * y[2]) * (det < 0 ? -1.0 : 1.0);
  for (double& v : y) v /= l;
  return y;
}

}  // namespace

GltfFile GltfFile::read(const std::string& path) {
  GltfFile f;
  const std::string bytes = slurp(path);
  if (bytes.size() >= 12 && u32(bytes, 0) == 0x46546C67u) {
    if (u32(bytes, 8) != bytes.size()) throw std::runtime_error("GLB length");
    std::size_t at = 12;
    while (at + 8 <= bytes.size()) {
      const std::uint32_t length = u32(bytes, at), type = u32(bytes, at + 4);
      if (length % 4 != 0) throw std::runtime_error("chunk not aligned");
      const std::string chunk = bytes.substr(at + 8, length);
      if (type == 0x4E4F534Au) f.doc = json::parse(chunk);
      else if (type == 0x004E4942u) f.bin = chunk;
      at += 8 + length;
    }
  } else {
    f.doc = json::parse(bytes);
    if (f.doc.contains("buffers") && f.doc["buffers"][0].contains("uri"))
      f.bin = slurp((std::filesystem::path(path).parent_path() / f.doc["buffers"][0]["uri"].get<std::string>()).string());
  }
  if (f.doc.contains("buffers") && f.bin.size() < f.doc["buffers"][0]["byteLength"].get<std::size_t>())
    throw std::runtime_error("buffer shorter than byteLength");
  return f;
}

std::vector<double> GltfFile::accessor(int index) const {
  const json& a = doc["accessors"].at(static_cast<std::size_t>(index));
  const int type = a["componentType"];
  const int n = componentsOf(a["type"]);
  const std::size_t count = a["count"];
  std::vector<double> out(count * static_cast<std::size_t>(n), 0.0);
  auto readView = [&](int view, std::size_t offset, int ctype, std::size_t elements, int comps, std::vector<double>& into) {
    const json& v = doc["bufferViews"].at(static_cast<std::size_t>(view));
    const std::size_t base = v.value("byteOffset", std::size_t{0}) + offset;
    const std::size_t stride = v.value("byteStride", std::size_t(sizeOf(ctype) * comps));
    into.resize(elements * static_cast<std::size_t>(comps));
    for (std::size_t e = 0; e < elements; ++e)
      for (int c = 0; c < comps; ++c) {
        const std::size_t at = base + e * stride + static_cast<std::size_t>(c * sizeOf(ctype));
        if (at + static_cast<std::size_t>(sizeOf(ctype)) > bin.size()) throw std::runtime_error("accessor past the buffer");
        into[e * static_cast<std::size_t>(comps) + static_cast<std::size_t>(c)] = readComponent(bin.data() + at, ctype);
      }
  };
  if (a.contains("bufferView")) readView(a["bufferView"], a.value("byteOffset", std::size_t{0}), type, count, n, out);
  if (a.contains("sparse")) {
    const json& s = a["sparse"];
    const std::size_t k = s["count"];
    std::vector<double> idx, val;
    readView(s["indices"]["bufferView"], s["indices"].value("byteOffset", std::size_t{0}), s["indices"]["componentType"], k, 1, idx);
    readView(s["values"]["bufferView"], s["values"].value("byteOffset", std::size_t{0}), type, k, n, val);
    for (std::size_t e = 0; e < k; ++e) {
      const auto i = static_cast<std::size_t>(idx[e]);
      if (i >= count) throw std::runtime_error("sparse index out of range");
      for (int c = 0; c < n; ++c) out[i * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)] = val[e * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)];
    }
  }
  return out;
}

std::vector<GltfFile::WorldMesh> GltfFile::evaluate(double time) const {
  const json& nodes = doc["nodes"];
  const std::size_t nodeCount = nodes.size();
  std::vector<std::array<double, 3>> t(nodeCount, {0, 0, 0}), s(nodeCount, {1, 1, 1});
  std::vector<std::array<double, 4>> r(nodeCount, {0, 0, 0, 1});
  std::vector<std::vector<double>> weights(nodeCount);
  for (std::size_t i = 0; i < nodeCount; ++i) {
    const json& n = nodes[i];
    if (n.contains("translation")) for (int c = 0; c < 3; ++c) t[i][static_cast<std::size_t>(c)] = n["translation"][static_cast<std::size_t>(c)];
    if (n.contains("rotation")) for (int c = 0; c < 4; ++c) r[i][static_cast<std::size_t>(c)] = n["rotation"][static_cast<std::size_t>(c)];
    if (n.contains("scale")) for (int c = 0; c < 3; ++c) s[i][static_cast<std::size_t>(c)] = n["scale"][static_cast<std::size_t>(c)];
    if (n.contains("mesh")) {
      const json& mesh = doc["meshes"][n["mesh"].get<std::size_t>()];
      if (mesh.contains("weights")) weights[i] = mesh["weights"].get<std::vector<double>>();
      if (n.contains("weights")) weights[i] = n["weights"].get<std::vector<double>>();
    }
  }
  if (doc.contains("animations")) {
    const json& anim = doc["animations"][0];
    for (const json& ch : anim["channels"]) {
      const json& sampler = anim["samplers"][ch["sampler"].get<std::size_t>()];
      const std::vector<double> in = accessor(sampler["input"]);
      const std::vector<double> out = accessor(sampler["output"]);
      const std::size_t node = ch["target"]["node"];
      const std::string path = ch["target"]["path"];
      const std::size_t width = out.size() / in.size();
      // Key interval [k, k+1] containing time; clamp outside.
      std::size_t k = 0;
      double f = 0.0;
      if (time <= in.front()) k = 0, f = 0.0;
      else if (time >= in.back()) k = in.size() - 1, f = 0.0;
      else {
        while (k + 1 < in.size() && in[k + 1] <= time) ++k;
        f = k + 1 < in.size() ? (time - in[k]) / (in[k + 1] - in[k]) : 0.0;
      }
      if (sampler.value("interpolation", std::string("LINEAR")) == "STEP") f = 0.0;
      std::vector<double> v(width);
      for (std::size_t c = 0; c < width; ++c) {
        const double a = out[k * width + c];
        const double b = f > 0.0 ? out[(k + 1) * width + c] : a;
        v[c] = a + f * (b - a);  // rotations: nlerp, exact at the keys (this reader samples keys)
      }
      if (path == "translation") t[node] = {v[0], v[1], v[2]};
      else if (path == "scale") s[node] = {v[0], v[1], v[2]};
      else if (path == "rotation") {
        const double l = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
        r[node] = {v[0] / l, v[1] / l, v[2] / l, v[3] / l};
      } else if (path == "weights") weights[node] = v;
    }
  }
  // World transforms, parents first.
  std::vector<int> parent(nodeCount, -1);
  for (std::size_t i = 0; i < nodeCount; ++i)
    for (const json& c : nodes[i].value("children", json::array())) parent[c.get<std::size_t>()] = static_cast<int>(i);
  std::vector<Affine> world(nodeCount);
  std::vector<bool> done(nodeCount, false);
  auto worldOf = [&](auto&& self, std::size_t i) -> const Affine& {
    if (!done[i]) {
      const Affine local = trs(t[i], r[i], s[i]);
      world[i] = parent[i] < 0 ? local : self(self, static_cast<std::size_t>(parent[i])) * local;
      done[i] = true;
    }
    return world[i];
  };
  std::vector<WorldMesh> result;
  for (std::size_t i = 0; i < nodeCount; ++i) {
    if (!nodes[i].contains("mesh")) continue;
    const json& prim = doc["meshes"][nodes[i]["mesh"].get<std::size_t>()]["primitives"][0];
    std::vector<double> p = accessor(prim["attributes"]["POSITION"]);
    std::vector<double> nn = accessor(prim["attributes"]["NORMAL"]);
    if (prim.contains("targets"))
      for (std::size_t k = 0; k < prim["targets"].size(); ++k) {
        const double w = k < weights[i].size() ? weights[i][k] : 0.0;
        if (w == 0.0) continue;
        const std::vector<double> dp = accessor(prim["targets"][k]["POSITION"]);
        for (std::size_t j = 0; j < p.size(); ++j) p[j] += w * dp[j];
        if (prim["targets"][k].contains("NORMAL")) {
          const std::vector<double> dn = accessor(prim["targets"][k]["NORMAL"]);
          for (std::size_t j = 0; j < nn.size(); ++j) nn[j] += w * dn[j];
        }
      }
    const Affine& m = worldOf(worldOf, i);
    // A node scaled to zero draws nothing: that is how glTF expresses visibility (the exporter
    // shows each run of a mesh whose topology changes only during its frames).
    const double det = m.m[0][0] * (m.m[1][1] * m.m[2][2] - m.m[1][2] * m.m[2][1]) -
                       m.m[0][1] * (m.m[1][0] * m.m[2][2] - m.m[1][2] * m.m[2][0]) +
                       m.m[0][2] * (m.m[1][0] * m.m[2][1] - m.m[1][1] * m.m[2][0]);
    if (det == 0.0) continue;
    WorldMesh wm;
    wm.nodeName = nodes[i].value("name", std::string());
    for (std::size_t j = 0; j + 2 < p.size(); j += 3) {
      wm.positions.push_back(m.apply({p[j], p[j + 1], p[j + 2]}));
      wm.normals.push_back(normalTransform(m, {nn[j], nn[j + 1], nn[j + 2]}));
    }
    const std::vector<double> idx = accessor(prim["indices"]);
    for (std::size_t j = 0; j + 2 < idx.size(); j += 3)
      wm.triangles.push_back({static_cast<int>(idx[j]), static_cast<int>(idx[j + 1]), static_cast<int>(idx[j + 2])});
    result.push_back(std::move(wm));
  }
  return result;
}

}  // namespace flexure::test
