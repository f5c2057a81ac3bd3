#include "commands/assembly_commands.h"

#include <QObject>
#include <QUndoStack>
#include <map>
#include <memory>
#include <optional>

#include "commands/node_commands.h"
#include "commands/parameter_command.h"
#include "document/scene_document.h"
#include "flexure/core/field_visitor.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/operator.h"
#include "flexure/core/unwrap.h"
#include "qt_string.h"

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"

namespace flexure::app {
namespace {

std::unique_ptr<Node> named(const std::string& type, const std::string& name) {
  std::unique_ptr<Node> node = NodeRegistry::instance().create(type);
  if (node) node->setName(name);
  return node;
}

// New values of some Ψ entries (index -> value), pushed as one SetParameterCommand each inside
// the caller's macro: only these entries change, so what the live solver moved elsewhere since
// is never rolled back by an undo.
using Values = std::map<int, double>;

void pushValues(SceneDocument& document, const Values& values, const QString& text) {
  for (const auto& [index, value] : values) {
    ParameterState state = ParameterState::of(document.scene().parameters(), index);
    state.value = value;
    pushParameterEdit(document, index, state, text);
  }
}

// Reads (only) a node's Vec3d field "origin", or writes it when `write` is set.
class OriginField final : public FieldVisitor {
 public:
  explicit OriginField(std::optional<Vec3d> write = std::nullopt) : write_(write) {}
  std::optional<Vec3d> found;
  void field(std::string_view, bool&, FieldUse) override {}
  void field(std::string_view, int&, FieldUse) override {}
  void field(std::string_view, double&, FieldUse) override {}
  void field(std::string_view, std::string&, FieldUse) override {}
  void field(std::string_view name, Vec3d& value, FieldUse) override {
    if (name != "origin") return;
    if (write_) value = *write_;
    found = value;
  }
  void field(std::string_view, SurfacePoint&, FieldUse) override {}
  void field(std::string_view, std::vector<double>&, FieldUse) override {}
  void field(std::string_view, std::vector<int>&, FieldUse) override {}
  void field(std::string_view, std::vector<std::string>&, FieldUse) override {}
  void records(std::string_view, std::size_t, const std::function<void(std::size_t)>&, const RecordBinder&,
               FieldUse) override {}
  // Writing is reading for the node: it validates the new value (FieldVisitor::isReading).
  bool isReading() const override { return write_.has_value(); }

 private:
  std::optional<Vec3d> write_;
};

bool hasSlots(const Node& node, std::initializer_list<const char*> names) {
  const std::vector<ParamSpec> specs = node.parameterSpecs();
  for (const char* name : names) {
    bool found = false;
    for (const ParamSpec& spec : specs) found = found || spec.name == name;
    if (!found) return false;
  }
  return true;
}

}  // namespace

NewNodePlacement newNodePlacement(const Node& prototype) {
  if (prototype.isOperator()) {
    const auto* op = dynamic_cast<const Operator*>(&prototype);
    const bool pose = op && op->isTrs() && hasSlots(prototype, {"x", "y", "z", "qw", "qx", "qy", "qz"});
    return pose ? NewNodePlacement::OwnPose : NewNodePlacement::None;
  }
  if (!prototype.isPrimitive()) return NewNodePlacement::None;
  OriginField origin;
  const_cast<Node&>(prototype).visitFields(origin);  // a reading visit: nothing changes
  return origin.found ? NewNodePlacement::OwnOrigin : NewNodePlacement::UnderPlacement;
}

Node* addPlacedNode(SceneDocument& document, const std::string& type, Node* parent, int position, const Vec3d& at,
                    QString& problem) {
  Scene& scene = document.scene();
  if (!parent) parent = &scene.root();
  std::unique_ptr<Node> node = NodeRegistry::instance().create(type);
  if (!node) {
    problem = QObject::tr("Unknown node type '%1'.").arg(toQString(type));
    return nullptr;
  }
  const NewNodePlacement placement = newNodePlacement(*node);
  if (placement == NewNodePlacement::UnderPlacement) return addPlacedPart(document, type, parent, position, at, problem);
  problem = addProblem(scene, type, parent);
  if (!problem.isEmpty()) return nullptr;
  if (placement == NewNodePlacement::OwnOrigin) {
    // Set before the node enters the scene: adding it is then the only undo step.
    OriginField origin(at);
    try {
      node->visitFields(origin);
    } catch (const std::exception& e) {
      problem = QObject::tr("Cannot place the new %1: %2").arg(toQString(type), QString::fromUtf8(e.what()));
      return nullptr;
    }
  }
  node->setName(scene.uniqueName(type));
  const QString name = toQString(node->name());
  QUndoStack& stack = document.undoStack();
  stack.beginMacro(QObject::tr("Add %1").arg(name));
  auto* add = new AddNodeCommand(document, std::move(node), parent, position);
  stack.push(add);
  Node* added = add->node();
  if (placement == NewNodePlacement::OwnPose) {
    const int x = added->paramIndex("x"), y = added->paramIndex("y"), z = added->paramIndex("z");
    pushValues(document, {{x, at.x}, {y, at.y}, {z, at.z}}, QObject::tr("Place %1").arg(name));
  }
  stack.endMacro();
  return added;
}

Node* addPlacedPart(SceneDocument& document, const std::string& type, Node* parent, int position, const Vec3d& at,
                    QString& problem) {
  Scene& scene = document.scene();
  if (!parent) parent = &scene.root();
  problem = addProblem(scene, type, parent);
  if (!problem.isEmpty()) return nullptr;
  const std::string part = scene.uniqueName(type);
  std::unique_ptr<Node> translate = named("translate", part + "-translate");
  std::unique_ptr<Node> rotate = named("rotate", part + "-rotate");
  std::unique_ptr<Node> leaf = named(type, part);
  if (!translate || !rotate || !leaf) {
    problem = QObject::tr("The translate and rotate operators are not registered.");
    return nullptr;
  }
  rotate->addChild(std::move(leaf));
  translate->addChild(std::move(rotate));

  // `at` is a world point; under a parent the translate is in the parent's frame.
  const Vec3d local = parent ? worldToNodeFrame(*parent, ValueAccess(scene.parameters().values()), at) : at;
  QUndoStack& stack = document.undoStack();
  stack.beginMacro(QObject::tr("Add %1").arg(toQString(part)));
  auto* add = new AddNodeCommand(document, std::move(translate), parent, position);
  stack.push(add);
  Node* placement = add->node();
  const int o = placement->paramOffset();
  pushValues(document, {{o, local.x}, {o + 1, local.y}, {o + 2, local.z}}, QObject::tr("Place %1").arg(toQString(part)));
  stack.endMacro();
  return placement->children().front()->children().front().get();
}

Node* wrapNode(SceneDocument& document, const std::string& type, Node& node, QString& problem) {
  Scene& scene = document.scene();
  if (&node == &scene.root() || !node.parent()) {
    problem = QObject::tr("The root cannot be wrapped.");
    return nullptr;
  }
  std::unique_ptr<Node> wrapper = NodeRegistry::instance().create(type);
  if (!wrapper || !wrapper->isOperator()) {
    problem = QObject::tr("'%1' is not an operator: only operators can wrap a node.").arg(toQString(type));
    return nullptr;
  }
  problem = addProblem(scene, type, node.parent());
  if (!problem.isEmpty()) return nullptr;
  QUndoStack& stack = document.undoStack();
  stack.beginMacro(QObject::tr("Wrap %1 in %2").arg(toQString(node.name()), toQString(type)));
  auto* add = new AddNodeCommand(document, std::move(wrapper), node.parent(), positionInParent(node));
  stack.push(add);
  Node* op = add->node();
  stack.push(new MoveNodeCommand(document, node, *op, 0));
  stack.endMacro();
  return op;
}

bool unwrapNode(SceneDocument& document, Node& node, QString& problem) {
  Scene& scene = document.scene();
  problem = toQString(unwrapProblem(scene, node));
  if (!problem.isEmpty()) return false;
  QUndoStack& stack = document.undoStack();
  stack.beginMacro(QObject::tr("Unwrap %1").arg(toQString(node.name())));
  // Values first, while Ψ has the layout the indices refer to; each its own step, so what the
  // live solver moved elsewhere since is never rolled back by an undo.
  pushValues(document, unwrapValues(scene, node), QObject::tr("Keep the placement of %1's children").arg(toQString(node.name())));
  Node& parent = *node.parent();
  const int position = positionInParent(node);
  std::vector<Node*> children;
  for (const auto& child : node.children()) children.push_back(child.get());
  for (std::size_t i = 0; i < children.size(); ++i)
    stack.push(new MoveNodeCommand(document, *children[i], parent, position + static_cast<int>(i)));
  stack.push(new DeleteNodeCommand(document, node));
  stack.endMacro();
  return true;
}

}  // namespace flexure::app
