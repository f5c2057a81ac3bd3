#pragma once
// The scene graph: a tree whose leaves are primitives and whose inner nodes are operators
// (Witkin et al. 1987, Appendix A). Every node owns a contiguous slice of Ψ; values live in the
// scene's ParameterTable, never in the node, so that a whole configuration is one vector.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/field_visitor.h"
#include "flexure/core/parameters.h"
#include "flexure/core/scalar_types.h"
#include "flexure/core/vec.h"

namespace flexure {

// A point on a primitive's surface. Primitives made of several smooth pieces (a block's six
// faces, a tube's outer wall, inner wall and two end rings, a mesh's triangles) number them as
// patches; each patch is parameterized over the unit square (u, v) ∈ [0,1]², the paper's
// convention.
struct SurfacePoint {
  int patch = 0;
  double u = 0.0;
  double v = 0.0;
};

// How evaluation code reads parameters: the slice of Ψ owned by a node, already converted to
// the scalar type S (seeded jets when differentiating). A node may also read the slice of a
// node it depends on (a sweep reads its profile curve's control points).
template <class S>
class ParamAccess {
 public:
  virtual ~ParamAccess() = default;
  virtual const S* of(const Node& node) const = 0;
};

enum class NodeRole { Primitive, Operator };

class Node {
 public:
  Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  virtual ~Node();

  // Type name as written in scene files ("sphere", "bend", ...).
  virtual std::string_view type() const = 0;
  virtual NodeRole role() const = 0;
  // The parameters this node registers in Ψ, in slice order. May depend on fields (a curve's
  // number of control points), so call again after fields change and rebuild the table.
  virtual std::vector<ParamSpec> parameterSpecs() const = 0;
  // Non-parameter fields, for files and editors (see field_visitor.h).
  virtual void visitFields(FieldVisitor&) {}
  // Nodes (other than ancestors) whose parameters this node's evaluation reads.
  virtual std::vector<const Node*> dependencies() const { return {}; }
  // Called after the scene is fully loaded or edited: resolve references by name.
  virtual void resolveReferences(const class Scene&) {}
  // Deep copy of this node alone (fields, not children, not Ψ values).
  virtual std::unique_ptr<Node> cloneNode() const = 0;

  const std::string& name() const { return name_; }
  void setName(std::string name) { name_ = std::move(name); }
  Node* parent() const { return parent_; }
  const std::vector<std::unique_ptr<Node>>& children() const { return children_; }
  bool isPrimitive() const { return role() == NodeRole::Primitive; }
  bool isOperator() const { return role() == NodeRole::Operator; }

  // Slice of Ψ, assigned by the Scene.
  int paramOffset() const { return paramOffset_; }
  int paramCount() const { return paramCount_; }
  // Index in Ψ of the slot with this name, or -1.
  int paramIndex(std::string_view slot) const;

  // Tree editing; the Scene wraps these and keeps Ψ consistent.
  Node& addChild(std::unique_ptr<Node> child, int position = -1);
  std::unique_ptr<Node> takeChild(const Node& child);

 private:
  friend class Scene;
  std::string name_;
  Node* parent_ = nullptr;
  std::vector<std::unique_ptr<Node>> children_;
  int paramOffset_ = 0;
  int paramCount_ = 0;
};

}  // namespace flexure
