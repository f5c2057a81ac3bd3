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
//
// Every count or size read from a file (control points, divisions, iterations, frames, point
// lists ...) declares its limit where it is bound, so every reader refuses an absurd value at
// that value, before anything is sized by it (docs/scene-format.md, "Limits"):
//
//   v.field("count", count_, IntRange{3, kMaxControlPoints}, FieldUse::Required);
//   v.field("vertices", vertices, MaxItems{2 * kMaxVertices});
#include <cstddef>
#include <functional>
#include <limits>
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
  // An error about the value of one field: the scene-file reader reports it at that value
  // ("scene.json:7:15: nodes[0].mass: ...") rather than at the object that owns it.
  static FieldError about(std::string_view field, const std::string& message) {
    FieldError e(message);
    e.field_ = std::string(field);
    return e;
  }
  // The field the error is about; empty when it concerns the object as a whole.
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

// The values an integer field accepts (both ends included).
struct IntRange {
  int min = std::numeric_limits<int>::min();
  int max = std::numeric_limits<int>::max();
  bool contains(int v) const { return v >= min && v <= max; }
};

// The most entries a list field accepts: numbers of a flat list, records of a record list.
struct MaxItems {
  std::size_t count = 0;
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
  // The same with a limit, checked for every reader after the value is read (an int, or a list
  // already in memory: nothing has been sized by it yet). Beyond it, FieldError::about(name) is
  // thrown and an int keeps its previous value, a list is left empty.
  void field(std::string_view name, int& value, IntRange range, FieldUse use = FieldUse::Optional) {
    const int before = value;
    field(name, value, use);
    if (!isReading() || range.contains(value)) return;
    const int found = value;
    value = before;
    throw FieldError::about(name, std::string(name) + " must be " + rangeText(range) + ", found " + std::to_string(found));
  }
  template <class T>
  void field(std::string_view name, std::vector<T>& value, MaxItems limit, FieldUse use = FieldUse::Optional) {
    field(name, value, use);
    if (isReading() && value.size() > limit.count) {
      const std::size_t found = value.size();
      value.clear();
      throw FieldError::about(name, tooMany(name, found, limit));
    }
  }
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
  // With a limit: a reader refuses more than `limit` records before making room for them.
  template <class T, class Bind>
  void recordList(std::string_view name, std::vector<T>& items, MaxItems limit, Bind bind, FieldUse use = FieldUse::Optional) {
    records(name, items.size(),
            [&](std::size_t n) {
              if (n > limit.count) throw FieldError::about(name, tooMany(name, n, limit));
              items.resize(n);
            },
            [&](std::size_t i, FieldVisitor& record) { bind(items[i], record); }, use);
  }
  // True for the reader: after visiting, the object may validate and rebuild derived state.
  virtual bool isReading() const = 0;

  // "between 1 and 20000", "at least 1", "at most 10000".
  static std::string rangeText(IntRange r) {
    if (r.min == std::numeric_limits<int>::min()) return "at most " + std::to_string(r.max);
    if (r.max == std::numeric_limits<int>::max()) return "at least " + std::to_string(r.min);
    return "between " + std::to_string(r.min) + " and " + std::to_string(r.max);
  }
  static std::string tooMany(std::string_view name, std::size_t found, MaxItems limit) {
    return std::string(name) + " has " + std::to_string(found) + " entries; at most " + std::to_string(limit.count) +
           " are accepted";
  }
};

}  // namespace flexure
