#pragma once
// Constraints are data (DESIGN.md): a small object naming the nodes and points it ties, with a
// weight, an enabled flag and an active time interval. The solver that owns its kind (energy,
// rigid, curves, deform) evaluates it; the scene only stores, copies and serializes it. New
// kinds register a factory in ConstraintRegistry and touch nothing else.
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/field_visitor.h"

namespace flexure {

class Scene;

struct TimeInterval {
  double begin = -std::numeric_limits<double>::infinity();
  double end = std::numeric_limits<double>::infinity();
  bool contains(double t) const { return t >= begin && t <= end; }
  bool isAlways() const { return begin == -std::numeric_limits<double>::infinity() && end == std::numeric_limits<double>::infinity(); }
};

class Constraint {
 public:
  virtual ~Constraint() = default;
  // Kind name as written in scene files ("attach-point", "slider", "hinge", ...).
  virtual std::string_view kind() const = 0;
  // Which solver evaluates it: "energy", "rigid", "curves", "deform".
  virtual std::string_view family() const = 0;
  virtual std::unique_ptr<Constraint> clone() const = 0;
  // Kind-specific fields (node references by name, surface points, targets, ranges).
  virtual void visitFields(FieldVisitor&) = 0;
  // Names of the nodes it ties; the loader checks they exist.
  virtual std::vector<std::string> referencedNodes() const = 0;
  // Called after loading or editing: look up referenced nodes; throw FieldError if missing.
  virtual void resolveReferences(const Scene&) {}

  std::string name;
  double weight = 1.0;
  bool enabled = true;
  TimeInterval active;
};

// Factories by kind, filled by each module's register function (see flexure/modules.h).
class ConstraintRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Constraint>()>;
  static ConstraintRegistry& instance();
  void add(std::string kind, Factory factory);
  std::unique_ptr<Constraint> create(std::string_view kind) const;  // nullptr if unknown
  std::vector<std::string> kinds() const;

 private:
  std::map<std::string, Factory, std::less<>> factories_;
};

}  // namespace flexure
