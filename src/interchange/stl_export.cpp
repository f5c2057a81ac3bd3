#include "flexure/interchange/stl_export.h"

#include <cstdint>
#include <cstring>
#include <limits>

#include "flexure/io/atomic_file.h"

namespace flexure {

namespace {

template <class T>
void put(std::string& out, T value) {
  char b[sizeof(T)];
  std::memcpy(b, &value, sizeof(T));  // STL is little-endian, as is every platform we build on
  out.append(b, sizeof(T));
}

void putVec(std::string& out, const Vec3d& v) {
  put(out, static_cast<float>(v.x));
  put(out, static_cast<float>(v.y));
  put(out, static_cast<float>(v.z));
}

}  // namespace

std::string meshesToBinaryStl(const std::vector<TriangleMesh>& meshes) {
  std::size_t count = 0;
  for (const TriangleMesh& m : meshes) count += m.triangles.size();
  if (count > std::numeric_limits<std::uint32_t>::max()) throw SaveError("STL: more than 2^32 triangles");
  std::string out;
  out.reserve(84 + 50 * count);
  std::string header = "Flexure binary STL";
  header.resize(80, ' ');  // must not start with "solid" (readers would take it for ASCII)
  out += header;
  put(out, static_cast<std::uint32_t>(count));
  for (const TriangleMesh& m : meshes)
    for (const auto& t : m.triangles) {
      const Vec3d& a = m.positions[static_cast<std::size_t>(t[0])];
      const Vec3d& b = m.positions[static_cast<std::size_t>(t[1])];
      const Vec3d& c = m.positions[static_cast<std::size_t>(t[2])];
      if (!isFinite(a) || !isFinite(b) || !isFinite(c))
        throw SaveError("STL: \"" + m.name + "\" has a non-finite vertex");
      const Vec3d n = cross(b - a, c - a);
      const double l = norm(n);
      putVec(out, l > 0.0 ? n / l : Vec3d());  // degenerate: zero normal (readers recompute)
      putVec(out, a);
      putVec(out, b);
      putVec(out, c);
      put(out, std::uint16_t{0});
    }
  return out;
}

std::size_t writeBinaryStlFile(const std::vector<TriangleMesh>& meshes, const std::string& path) {
  const std::string bytes = meshesToBinaryStl(meshes);
  writeFileAtomically(path, bytes);
  return bytes.size();
}

}  // namespace flexure
