#include "node_field_command.h"

#include <exception>
#include <memory>

#include "flexure/core/scene.h"
#include "scene_document.h"

namespace flexure::app {
namespace {

// Lists the simple fields (a writer: nothing changes), or assigns one of them (a reader: the
// node re-validates and rebuilds derived state after the visit, as after loading a file).
class SimpleFieldVisitor final : public FieldVisitor {
 public:
  explicit SimpleFieldVisitor(const std::string* assign = nullptr, const FieldValue* value = nullptr)
      : assign_(assign), value_(value) {}
  std::vector<SimpleField> fields;

  void field(std::string_view n, bool& v, FieldUse) override { visit(n, v); }
  void field(std::string_view n, int& v, FieldUse) override { visit(n, v); }
  void field(std::string_view n, double& v, FieldUse) override { visit(n, v); }
  void field(std::string_view n, std::string& v, FieldUse) override { visit(n, v); }
  void field(std::string_view, Vec3d&, FieldUse) override {}
  void field(std::string_view, SurfacePoint&, FieldUse) override {}
  void field(std::string_view, std::vector<double>&, FieldUse) override {}
  void field(std::string_view, std::vector<int>&, FieldUse) override {}
  void field(std::string_view, std::vector<std::string>&, FieldUse) override {}
  // Records keep their size and contents (a reader that reads back what is there).
  void records(std::string_view, std::size_t count, const std::function<void(std::size_t)>& resize, const RecordBinder&,
               FieldUse) override {
    if (isReading()) resize(count);
  }
  bool isReading() const override { return assign_ != nullptr; }

 private:
  template <class T>
  void visit(std::string_view n, T& v) {
    if (!assign_) {
      fields.push_back({std::string(n), v});
    } else if (n == *assign_) {
      if (const T* x = std::get_if<T>(value_)) v = *x;
    }
  }
  const std::string* assign_;
  const FieldValue* value_;
};

void assign(Node& node, const std::string& field, const FieldValue& value) {
  SimpleFieldVisitor visitor(&field, &value);
  node.visitFields(visitor);
}

}  // namespace

std::vector<SimpleField> simpleFieldsOf(Node& node) {
  SimpleFieldVisitor lister;
  node.visitFields(lister);
  return lister.fields;
}

SetNodeFieldCommand::SetNodeFieldCommand(SceneDocument& document, Node& node, std::string field, FieldValue before,
                                         FieldValue after)
    : QUndoCommand(QObject::tr("Set %1.%2").arg(QString::fromStdString(node.name()), QString::fromStdString(field))),
      document_(document),
      node_(node),
      field_(std::move(field)),
      before_(std::move(before)),
      after_(std::move(after)) {}

std::vector<SetNodeFieldCommand::SlotState> SetNodeFieldCommand::slotsOfNode() const {
  const ParameterTable& table = document_.scene().parameters();
  std::vector<SlotState> out;
  for (int k = 0; k < node_.paramCount(); ++k) {
    const int i = node_.paramOffset() + k;
    out.push_back({table.info(i).slot, table.value(i), table.info(i)});
  }
  return out;
}

void SetNodeFieldCommand::redo() {
  if (firstRedo_) slotsBefore_ = slotsOfNode();
  apply(after_, slotsAfter_);
  if (firstRedo_) slotsAfter_ = slotsOfNode();
  firstRedo_ = false;
}

void SetNodeFieldCommand::undo() { apply(before_, slotsBefore_); }

void SetNodeFieldCommand::apply(const FieldValue& value, const std::vector<SlotState>& saved) {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  try {
    assign(node_, field_, value);  // accepted on a copy before the command was pushed
    scene.rebuildParameters();
    ParameterTable& table = scene.parameters();
    for (int k = 0; k < node_.paramCount(); ++k) {
      const int i = node_.paramOffset() + k;
      for (const SlotState& s : saved)
        if (s.slot == table.info(i).slot) {
          table.setValue(i, s.value);
          table.info(i) = s.info;
        }
    }
    scene.resolveReferences();
  } catch (const std::exception&) {
  }
  document_.endStructureChange();
}

QString pushNodeFieldEdit(SceneDocument& document, Node& node, const std::string& field, const FieldValue& value) {
  FieldValue before;
  bool found = false;
  for (const SimpleField& f : simpleFieldsOf(node))
    if (f.name == field) {
      before = f.value;
      found = true;
    }
  if (!found) return QObject::tr("'%1' has no field '%2'.").arg(QString::fromStdString(node.name()), QString::fromStdString(field));
  if (before == value) return {};
  try {
    const std::unique_ptr<Node> trial = node.cloneNode();
    assign(*trial, field, value);
    trial->parameterSpecs();
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  document.undoStack().push(new SetNodeFieldCommand(document, node, field, before, value));
  return {};
}

}  // namespace flexure::app
