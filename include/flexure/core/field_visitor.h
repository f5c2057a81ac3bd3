#pragma once
// Non-parameter fields of nodes and constraints (a mesh's source file, a constraint's node
// references, a curve's closed flag ...) are exposed through one visit function that binds
// names to members. The scene-file reader and writer, the GUI property editor and clone/compare
// all go through it, so a new node or constraint kind writes its field list exactly once:
//
//   void visitFields(FieldVisitor& v) override {
//     v.field("source", source_);
//     v.field("closed", closed_, FieldUse::Optional);
//   }
//
// The visitor may read the member (writer) or assign it (reader); it throws FieldError with a
// message when a value is unacceptable; the reader adds the file position.
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure {

struct SurfacePoint;

enum class FieldUse { Required, Optional };

class FieldError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class FieldVisitor {
 public:
  virtual ~FieldVisitor() = default;
  virtual void field(std::string_view name, bool& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, int& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, double& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, std::string& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, Vec3d& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, SurfacePoint& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, std::vector<double>& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, std::vector<int>& value, FieldUse use = FieldUse::Optional) = 0;
  virtual void field(std::string_view name, std::vector<std::string>& value, FieldUse use = FieldUse::Optional) = 0;
  // A list of records (a deformer's metaballs, a curve's loads, an animation's keys), written as
  // a JSON array of objects. Reading: `resize(n)` is called with the number of records in the
  // file, then `bind(i, record)` for each; writing: `bind(i, record)` for every i < count.
  // Prefer the recordList() helper below.
  using RecordBinder = std::function<void(std::size_t index, FieldVisitor& record)>;
  virtual void records(std::string_view name, std::size_t count, const std::function<void(std::size_t)>& resize,
                       const RecordBinder& bind, FieldUse use = FieldUse::Optional) = 0;
  //   v.recordList("loads", loads_, [](Load& l, FieldVisitor& r) { r.field("u", l.u); r.field("force", l.force); });
  template <class T, class Bind>
  void recordList(std::string_view name, std::vector<T>& items, Bind bind, FieldUse use = FieldUse::Optional) {
    records(name, items.size(), [&](std::size_t n) { items.resize(n); },
            [&](std::size_t i, FieldVisitor& record) { bind(items[i], record); }, use);
  }
  // True for the reader: after visiting, the object may validate and rebuild derived state.
  virtual bool isReading() const = 0;
};

}  // namespace flexure
