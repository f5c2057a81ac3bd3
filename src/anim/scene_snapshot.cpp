#include "flexure/anim/scene_snapshot.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <stdexcept>

#include "flexure/core/binary_field_writer.h"
#include "flexure/core/field_visitor.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

// Reads what BinaryFieldWriter (core/binary_field_writer.h) wrote, in the same visiting order.
class BinaryFieldReader final : public FieldVisitor {
 public:
  explicit BinaryFieldReader(const std::string& in) : in_(in) {}
  void field(std::string_view, bool& v, FieldUse) override { v = take<char>() != 0; }
  void field(std::string_view, int& v, FieldUse) override { v = take<int>(); }
  void field(std::string_view, double& v, FieldUse) override { v = take<double>(); }
  void field(std::string_view, std::string& v, FieldUse) override { v = text(); }
  void field(std::string_view, Vec3d& v, FieldUse) override {
    v.x = take<double>();
    v.y = take<double>();
    v.z = take<double>();
  }
  void field(std::string_view, SurfacePoint& v, FieldUse) override {
    v.patch = take<int>();
    v.u = take<double>();
    v.v = take<double>();
  }
  void field(std::string_view, std::vector<double>& v, FieldUse) override { list(v); }
  void field(std::string_view, std::vector<int>& v, FieldUse) override { list(v); }
  void field(std::string_view, std::vector<std::string>& v, FieldUse) override {
    v.resize(static_cast<std::size_t>(take<std::uint64_t>()));
    for (std::string& s : v) s = text();
  }
  void records(std::string_view, std::size_t, const std::function<void(std::size_t)>& resize, const RecordBinder& bind,
               FieldUse) override {
    const auto n = static_cast<std::size_t>(take<std::uint64_t>());
    resize(n);
    for (std::size_t i = 0; i < n; ++i) bind(i, *this);
  }
  bool isReading() const override { return true; }

 private:
  template <class T>
  T take() {
    if (pos_ + sizeof(T) > in_.size()) throw std::logic_error("scene snapshot: fields changed shape since capture");
    T v;
    std::memcpy(&v, in_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  std::string text() {
    const auto n = static_cast<std::size_t>(take<std::uint64_t>());
    if (pos_ + n > in_.size()) throw std::logic_error("scene snapshot: fields changed shape since capture");
    std::string s = in_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  template <class T>
  void list(std::vector<T>& v) {
    v.resize(static_cast<std::size_t>(take<std::uint64_t>()));
    for (T& x : v) x = take<T>();
  }
  const std::string& in_;
  std::size_t pos_ = 0;
};

template <class Object>
std::string serialize(Object& object) {
  std::string blob;
  BinaryFieldWriter w(blob);
  object.visitFields(w);
  return blob;
}

std::uint64_t mix(std::uint64_t h, std::string_view s) {
  // FNV-1a: stable across runs, unlike std::hash.
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return (h ^ 0xff) * 1099511628211ull;
}

// Encodes `blob` against the base's bytes: shared when equal, a patch of the differing runs when
// the sizes match, the full bytes otherwise.
template <class Blob>
Blob encode(std::string blob, const std::vector<Blob>* base, std::size_t i, std::size_t& bytes) {
  if (base && i < base->size() && (*base)[i].patch.empty()) {
    const std::shared_ptr<const std::string>& b = (*base)[i].base;
    if (*b == blob) return {b, {}, true};
    if (b->size() == blob.size()) {
      std::string patch;
      std::size_t k = 0;
      while (k < blob.size()) {
        if (blob[k] == (*b)[k]) {
          ++k;
          continue;
        }
        std::size_t end = k;
        // Runs separated by fewer than 8 equal bytes are merged (a run header costs 8 bytes).
        for (std::size_t same = 0; end < blob.size() && same < 8; ++end) same = blob[end] == (*b)[end] ? same + 1 : 0;
        while (end > k && blob[end - 1] == (*b)[end - 1]) --end;
        const auto offset = static_cast<std::uint32_t>(k), length = static_cast<std::uint32_t>(end - k);
        patch.append(reinterpret_cast<const char*>(&offset), 4);
        patch.append(reinterpret_cast<const char*>(&length), 4);
        patch.append(blob, k, end - k);
        k = end;
      }
      if (patch.size() < blob.size()) {
        bytes += patch.size();
        return {b, std::move(patch), true};
      }
    }
  }
  bytes += blob.size();
  return {std::make_shared<const std::string>(std::move(blob)), {}, false};
}

}  // namespace

std::string SceneSnapshot::Blob::bytes() const { return bytesOver(*base); }

std::string SceneSnapshot::Blob::bytesOver(const std::string& otherBase) const {
  std::string out = otherBase;
  for (std::size_t k = 0; k < patch.size();) {
    std::uint32_t offset, length;
    std::memcpy(&offset, patch.data() + k, 4);
    std::memcpy(&length, patch.data() + k + 4, 4);
    out.replace(offset, length, patch, k + 8, length);
    k += 8 + length;
  }
  return out;
}

std::uint64_t SceneSnapshot::structureOf(const Scene& scene) {
  std::uint64_t h = 1469598103934665603ull;
  for (const Node* n : scene.nodes()) {
    h = mix(h, n->name());
    h = mix(h, n->type());
    h = mix(h, std::to_string(n->paramOffset()) + ":" + std::to_string(n->paramCount()));
  }
  for (const auto& c : scene.constraints) {
    h = mix(h, c->name);
    h = mix(h, c->kind());
  }
  return h;
}

SceneSnapshot::Blob SceneSnapshot::Objects::at(std::size_t i) const {
  auto it = std::lower_bound(changed.begin(), changed.end(), i,
                             [](const std::pair<std::uint32_t, Blob>& e, std::size_t k) { return e.first < k; });
  if (it != changed.end() && it->first == i) return it->second;
  const Blob& b = (*all)[i];
  return full ? b : Blob{b.base, {}, true};
}

SceneSnapshot SceneSnapshot::capture(Scene& scene, const SceneSnapshot* base) {
  SceneSnapshot s;
  s.structure_ = structureOf(scene);
  if (base && (base->structure_ != s.structure_ || !base->nodeFields_.full)) base = nullptr;
  const Eigen::VectorXd& values = scene.parameters().values();
  s.psi_.assign(values.data(), values.data() + values.size());
  for (const auto& c : scene.constraints) {
    s.weights_.push_back(c->weight);
    s.enabled_.push_back(c->enabled ? 1 : 0);
  }
  std::size_t bytes = s.psi_.size() * sizeof(double) + s.weights_.size() * (sizeof(double) + 1) + sizeof(SceneSnapshot);
  auto captureObjects = [&](const auto& objects, const Objects* baseObjects, Objects& out) {
    if (!baseObjects) {
      auto all = std::make_shared<std::vector<Blob>>();
      for (std::size_t i = 0; i < objects.size(); ++i) all->push_back(encode<Blob>(serialize(*objects[i]), nullptr, i, bytes));
      bytes += all->size() * sizeof(Blob);
      out.all = std::move(all);
      out.full = true;
      return;
    }
    out.all = baseObjects->all;
    out.full = false;
    for (std::size_t i = 0; i < objects.size(); ++i) {
      Blob b = encode<Blob>(serialize(*objects[i]), baseObjects->all.get(), i, bytes);
      if (b.relative && b.patch.empty()) continue;  // equal to the base: nothing to store
      out.changed.emplace_back(static_cast<std::uint32_t>(i), std::move(b));
      bytes += sizeof(std::pair<std::uint32_t, Blob>);
    }
  };
  captureObjects(scene.nodes(), base ? &base->nodeFields_ : nullptr, s.nodeFields_);
  captureObjects(scene.constraints, base ? &base->constraintFields_ : nullptr, s.constraintFields_);
  s.bytes_ = bytes;
  return s;
}

void SceneSnapshot::restore(Scene& scene, const SceneSnapshot* base) const {
  if (structureOf(scene) != structure_) throw std::logic_error("scene snapshot restored into a scene of another structure");
  if (base && !sameLayout(*base)) throw std::logic_error("scene snapshot restored over a base of another layout");
  Eigen::VectorXd& values = scene.parameters().values();
  for (std::size_t i = 0; i < psi_.size(); ++i) values[static_cast<Eigen::Index>(i)] = psi_[i];
  const SceneSnapshot& flags = base ? *base : *this;
  for (std::size_t i = 0; i < scene.constraints.size(); ++i) {
    scene.constraints[i]->weight = flags.weights_[i];
    scene.constraints[i]->enabled = flags.enabled_[i] != 0;
  }
  auto target = [](const Objects& mine, const Objects* newer, std::size_t i) {
    const Blob stored = mine.at(i);
    return newer && stored.relative ? stored.bytesOver(newer->at(i).bytes()) : stored.bytes();
  };
  auto restoreFields = [](auto& object, const std::string& blob) {
    if (serialize(object) == blob) return;  // unchanged: do not make the object re-read (and rebuild)
    BinaryFieldReader r(blob);
    object.visitFields(r);
  };
  const std::vector<Node*> nodes = scene.nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i)
    restoreFields(*nodes[i], target(nodeFields_, base ? &base->nodeFields_ : nullptr, i));
  for (std::size_t i = 0; i < scene.constraints.size(); ++i)
    restoreFields(*scene.constraints[i], target(constraintFields_, base ? &base->constraintFields_ : nullptr, i));
}

bool SceneSnapshot::sameLayout(const SceneSnapshot& o) const {
  // Compares the underlying bases (a frame's base is its initial state): relative blobs patch
  // bytes in place, so the bases' blobs must have the same sizes.
  auto sizes = [](const Objects& a, const Objects& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if ((*a.all)[i].base->size() != (*b.all)[i].base->size()) return false;
    return true;
  };
  return structure_ == o.structure_ && psi_.size() == o.psi_.size() && sizes(nodeFields_, o.nodeFields_) &&
         sizes(constraintFields_, o.constraintFields_);
}

bool SceneSnapshot::sameState(const SceneSnapshot& o) const {
  if (structure_ != o.structure_ || psi_.size() != o.psi_.size() || weights_ != o.weights_ || enabled_ != o.enabled_)
    return false;
  if (std::memcmp(psi_.data(), o.psi_.data(), psi_.size() * sizeof(double)) != 0) return false;
  auto sameObjects = [](const Objects& a, const Objects& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Blob x = a.at(i), y = b.at(i);
      if ((x.base != y.base || x.patch != y.patch) && x.bytes() != y.bytes()) return false;
    }
    return true;
  };
  return sameObjects(nodeFields_, o.nodeFields_) && sameObjects(constraintFields_, o.constraintFields_);
}

}  // namespace flexure
