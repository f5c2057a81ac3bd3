// Wavefront OBJ export: one `o` per mesh, v / vt / vn, 1-based indices shared by v, vt and vn
// (every TriangleMesh vertex carries its own normal and uv).
#include <cmath>

#include "flexure/io/json_writer.h"
#include "flexure/io/obj.h"

namespace flexure {

namespace {

// Shortest round-trip text, so an export → import round trip is exact.
std::string num(double d) {
  if (!std::isfinite(d)) throw SaveError("cannot write a non-finite coordinate to OBJ");
  return json::formatNumber(d);
}

// OBJ names end at whitespace.
std::string objectName(const std::string& name, std::size_t i) {
  std::string s = name.empty() ? "mesh" + std::to_string(i) : name;
  for (char& c : s)
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') c = '_';
  return s;
}

}  // namespace

std::string meshesToObj(const std::vector<TriangleMesh>& meshes) {
  std::string out = "# Flexure OBJ export\n";
  long long base = 1;
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const TriangleMesh& mesh = meshes[m];
    const bool normals = mesh.normals.size() == mesh.positions.size();
    const bool uvs = mesh.uvs.size() == mesh.positions.size();
    out += "o " + objectName(mesh.name, m) + "\n";
    for (const Vec3d& p : mesh.positions) out += "v " + num(p.x) + " " + num(p.y) + " " + num(p.z) + "\n";
    if (uvs)
      for (const auto& t : mesh.uvs) out += "vt " + num(t[0]) + " " + num(t[1]) + "\n";
    if (normals)
      for (const Vec3d& n : mesh.normals) out += "vn " + num(n.x) + " " + num(n.y) + " " + num(n.z) + "\n";
    for (const auto& t : mesh.triangles) {
      out += "f";
      for (int k : t) {
        const std::string i = std::to_string(base + k);
        out += " " + i;
        if (uvs && normals) out += "/" + i + "/" + i;
        else if (uvs) out += "/" + i;
        else if (normals) out += "//" + i;
      }
      out += "\n";
    }
    base += mesh.vertexCount();
  }
  return out;
}

void writeObjFile(const std::vector<TriangleMesh>& meshes, const std::string& path) {
  writeFileAtomically(path, meshesToObj(meshes));
}

}  // namespace flexure
