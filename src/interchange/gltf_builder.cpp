#include "gltf_builder.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace flexure::gltf {

namespace {

const char* typeName(int components) {
  switch (components) {
    case 1: return "SCALAR";
    case 2: return "VEC2";
    case 3: return "VEC3";
    case 4: return "VEC4";
  }
  throw std::logic_error("glTF accessor with " + std::to_string(components) + " components");
}

void padTo4(std::string& s, char fill) {
  while (s.size() % 4 != 0) s.push_back(fill);
}

void appendU32(std::string& s, std::uint32_t v) {
  char b[4];
  std::memcpy(b, &v, 4);  // GLB is little-endian, as is every platform we build on
  s.append(b, 4);
}

// Per-component min and max of `values` (groups of `components`); `zeros` elements that are
// not listed take part as 0 (sparse accessors).
void minMax(const std::vector<float>& values, int components, bool includeZero, nlohmann::json& accessor) {
  std::vector<float> lo(static_cast<std::size_t>(components), std::numeric_limits<float>::infinity());
  std::vector<float> hi(static_cast<std::size_t>(components), -std::numeric_limits<float>::infinity());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::size_t c = i % static_cast<std::size_t>(components);
    lo[c] = std::min(lo[c], values[i]);
    hi[c] = std::max(hi[c], values[i]);
  }
  if (includeZero)
    for (std::size_t c = 0; c < lo.size(); ++c) {
      lo[c] = std::min(lo[c], 0.0f);
      hi[c] = std::max(hi[c], 0.0f);
    }
  // A float printed as its double value reads back as the same float.
  accessor["min"] = nlohmann::json::array();
  accessor["max"] = nlohmann::json::array();
  for (std::size_t c = 0; c < lo.size(); ++c) {
    accessor["min"].push_back(static_cast<double>(lo[c]));
    accessor["max"].push_back(static_cast<double>(hi[c]));
  }
}

}  // namespace

Builder::Builder() {
  doc_["buffers"] = nlohmann::json::array();
  doc_["bufferViews"] = nlohmann::json::array();
  doc_["accessors"] = nlohmann::json::array();
}

int Builder::addView(const void* data, std::size_t bytes, int target) {
  padTo4(bin_, '\0');
  nlohmann::json view{{"buffer", 0}, {"byteOffset", bin_.size()}, {"byteLength", bytes}};
  if (target != 0) view["target"] = target;
  bin_.append(static_cast<const char*>(data), bytes);
  doc_["bufferViews"].push_back(std::move(view));
  return static_cast<int>(doc_["bufferViews"].size()) - 1;
}

int Builder::shared(std::string key, const std::function<int()>& make) {
  const auto found = sharedAccessors_.find(key);
  if (found != sharedAccessors_.end()) return found->second;
  const int index = make();
  sharedAccessors_.emplace(std::move(key), index);
  return index;
}

int Builder::addFloats(const std::vector<float>& values, int components, int target, bool withMinMax) {
  if (target != 0) {
    std::string key = "f" + std::to_string(components) + (withMinMax ? "m" : "") + std::to_string(target) + ":";
    key.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    return shared(std::move(key), [&] { return addFloatsOnce(values, components, withMinMax, target); });
  }
  return addFloatsOnce(values, components, withMinMax, 0);
}

int Builder::addFloatsOnce(const std::vector<float>& values, int components, bool withMinMax, int target) {
  const int view = addView(values.data(), values.size() * sizeof(float), target);
  nlohmann::json a{{"bufferView", view},
                   {"componentType", kFloat},
                   {"count", values.size() / static_cast<std::size_t>(components)},
                   {"type", typeName(components)}};
  if (withMinMax) minMax(values, components, false, a);
  doc_["accessors"].push_back(std::move(a));
  return static_cast<int>(doc_["accessors"].size()) - 1;
}

int Builder::addIndices(const std::vector<std::uint32_t>& indices, std::size_t vertexCount) {
  std::string key = "i" + std::to_string(vertexCount < 65535) + ":";
  key.append(reinterpret_cast<const char*>(indices.data()), indices.size() * sizeof(std::uint32_t));
  return shared(std::move(key), [&] { return addIndicesOnce(indices, vertexCount); });
}

int Builder::addIndicesOnce(const std::vector<std::uint32_t>& indices, std::size_t vertexCount) {
  int view = 0, type = kUnsignedInt;
  if (vertexCount < 65535) {
    std::vector<std::uint16_t> shorts(indices.begin(), indices.end());
    view = addView(shorts.data(), shorts.size() * 2, kElementArrayBuffer);
    type = kUnsignedShort;
  } else {
    view = addView(indices.data(), indices.size() * 4, kElementArrayBuffer);
  }
  doc_["accessors"].push_back({{"bufferView", view}, {"componentType", type}, {"count", indices.size()}, {"type", "SCALAR"}});
  return static_cast<int>(doc_["accessors"].size()) - 1;
}

int Builder::addSparseFloats(std::size_t count, int components, const std::vector<std::uint32_t>& indices,
                             const std::vector<float>& values, bool withMinMax) {
  const int indexView = addView(indices.data(), indices.size() * 4);
  const int valueView = addView(values.data(), values.size() * sizeof(float));
  nlohmann::json a{{"componentType", kFloat}, {"count", count}, {"type", typeName(components)}};
  a["sparse"] = {{"count", indices.size()},
                 {"indices", {{"bufferView", indexView}, {"componentType", kUnsignedInt}}},
                 {"values", {{"bufferView", valueView}}}};
  if (withMinMax) minMax(values, components, indices.size() < count, a);
  doc_["accessors"].push_back(std::move(a));
  return static_cast<int>(doc_["accessors"].size()) - 1;
}

void Builder::finishBuffer(const std::string* uri) {
  padTo4(bin_, '\0');
  if (bin_.empty()) {
    doc_.erase("buffers");  // byteLength must be at least 1
  } else {
    nlohmann::json buffer{{"byteLength", bin_.size()}};
    if (uri) buffer["uri"] = *uri;
    doc_["buffers"] = nlohmann::json::array({buffer});
  }
  // Empty arrays are not allowed by the schema (minItems 1).
  for (auto it = doc_.begin(); it != doc_.end();) {
    if (it->is_array() && it->empty()) it = doc_.erase(it);
    else ++it;
  }
}

std::string Builder::glb() {
  finishBuffer(nullptr);
  std::string json = doc_.dump();
  padTo4(json, ' ');
  std::string out;
  const std::size_t total = 12 + 8 + json.size() + (bin_.empty() ? 0 : 8 + bin_.size());
  if (total > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("glTF: the GLB would exceed 4 GiB");
  out.reserve(total);
  appendU32(out, 0x46546C67u);  // "glTF"
  appendU32(out, 2);
  appendU32(out, static_cast<std::uint32_t>(total));
  appendU32(out, static_cast<std::uint32_t>(json.size()));
  appendU32(out, 0x4E4F534Au);  // "JSON"
  out += json;
  if (!bin_.empty()) {
    appendU32(out, static_cast<std::uint32_t>(bin_.size()));
    appendU32(out, 0x004E4942u);  // "BIN\0"
    out += bin_;
  }
  return out;
}

std::string Builder::gltfJson(const std::string& binUri) {
  finishBuffer(bin_.empty() ? nullptr : &binUri);
  return doc_.dump(1);
}

}  // namespace flexure::gltf
