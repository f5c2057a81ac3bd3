#pragma once
// The mechanics of a glTF 2.0 file: one binary buffer of 4-byte aligned buffer views, the
// accessors over them (with the min/max the specification requires for positions and animation
// inputs), and the GLB container (12-byte header, JSON chunk padded with spaces, BIN chunk
// padded with zeros; glTF 2.0 §4.4). What goes in the file is gltf_export.cpp's business.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace flexure::gltf {

inline constexpr int kFloat = 5126;
inline constexpr int kUnsignedShort = 5123;
inline constexpr int kUnsignedInt = 5125;
inline constexpr int kArrayBuffer = 34962;         // vertex attributes
inline constexpr int kElementArrayBuffer = 34963;  // indices

class Builder {
 public:
  Builder();
  nlohmann::json& doc() { return doc_; }
  const std::string& binary() const { return bin_; }

  // A buffer view over a copy of `bytes` (target 0: none, as for animation and sparse data).
  int addView(const void* data, std::size_t bytes, int target = 0);
  // Float accessor of `components` (1, 2, 3 or 4) per element; min/max per component when asked.
  // Vertex data and indices (target != 0) equal to an earlier accessor's reuse it: parts of the
  // same shape (a snake's equal cylinders) share positions, normals, uvs and indices.
  int addFloats(const std::vector<float>& values, int components, int target, bool withMinMax);
  // Triangle indices: unsigned short when every index fits below the restart value 65535.
  int addIndices(const std::vector<std::uint32_t>& indices, std::size_t vertexCount);
  // `count` elements of `components` floats, zero except at strictly increasing `indices` where
  // they take `values` (glTF sparse accessor; no buffer view of zeros is stored).
  int addSparseFloats(std::size_t count, int components, const std::vector<std::uint32_t>& indices,
                      const std::vector<float>& values, bool withMinMax);

  // The finished file: GLB bytes, or the .gltf JSON text naming `binUri` for the buffer.
  std::string glb();
  std::string gltfJson(const std::string& binUri);

 private:
  void finishBuffer(const std::string* uri);
  int addFloatsOnce(const std::vector<float>& values, int components, bool withMinMax, int target);
  int addIndicesOnce(const std::vector<std::uint32_t>& indices, std::size_t vertexCount);
  int shared(std::string key, const std::function<int()>& make);
  std::map<std::string, int> sharedAccessors_;
  nlohmann::json doc_;
  std::string bin_;
};

}  // namespace flexure::gltf
