#pragma once
// A FieldVisitor that appends every field it visits, in visiting order, as raw bytes (no names:
// a reader of the same node or block visits the same fields in the same order). Strings, lists
// and records store their count first. Used for the anim cache's snapshots and as part of the
// rigid mass-property cache's key.
#include <cstdint>
#include <string>
#include <vector>

#include "flexure/core/field_visitor.h"

namespace flexure {

class BinaryFieldWriter final : public FieldVisitor {
 public:
  explicit BinaryFieldWriter(std::string& out) : out_(out) {}
  void field(std::string_view, bool& v, FieldUse) override { out_.push_back(v ? '\1' : '\0'); }
  void field(std::string_view, int& v, FieldUse) override { raw(v); }
  void field(std::string_view, double& v, FieldUse) override { raw(v); }
  void field(std::string_view, std::string& v, FieldUse) override { text(v); }
  void field(std::string_view, Vec3d& v, FieldUse) override { raw(v.x), raw(v.y), raw(v.z); }
  void field(std::string_view, SurfacePoint& v, FieldUse) override;
  void field(std::string_view, std::vector<double>& v, FieldUse) override { list(v); }
  void field(std::string_view, std::vector<int>& v, FieldUse) override { list(v); }
  void field(std::string_view, std::vector<std::string>& v, FieldUse) override;
  void records(std::string_view, std::size_t count, const std::function<void(std::size_t)>& resize,
               const RecordBinder& bind, FieldUse) override;
  bool isReading() const override { return false; }

 private:
  template <class T>
  void raw(const T& v) {
    out_.append(reinterpret_cast<const char*>(&v), sizeof(T));
  }
  void text(const std::string& s);
  template <class T>
  void list(const std::vector<T>& v) {
    raw(std::uint64_t(v.size()));
    out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  std::string& out_;
};

}  // namespace flexure
