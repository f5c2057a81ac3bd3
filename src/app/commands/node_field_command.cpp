#include "commands/node_field_command.h"

#include <QFileInfo>
#include <charconv>
#include <cmath>
#include <exception>
#include <memory>
#include <sstream>
#include <type_traits>

#include "document/scene_document.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/scene.h"
#include "flexure/io/mesh_source.h"

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
  void field(std::string_view n, std::vector<double>& v, FieldUse) override { visit(n, v); }
  void field(std::string_view n, std::vector<int>& v, FieldUse) override { visit(n, v); }
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
  // A writer visit first: nodes that keep a file mirror of derived data (an inline mesh's
  // positions and triangles) refresh it, so the reader sees every other field as it is now.
  SimpleFieldVisitor refresh;
  node.visitFields(refresh);
  SimpleFieldVisitor visitor(&field, &value);
  node.visitFields(visitor);
}

template <class T>
std::string formatList(const std::vector<T>& values) {
  std::string out;
  char buffer[64];
  for (const T& x : values) {
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;  // shortest round trip
    if (!out.empty()) out += ' ';
    out.append(buffer, end);
  }
  return out;
}

// One token as a T, the whole token and nothing else; doubles must be finite.
template <class T>
bool parseToken(const std::string& token, T& x) {
  const char* last = token.data() + token.size();
  const auto [end, ec] = std::from_chars(token.data(), last, x);
  if (ec != std::errc() || end != last) return false;
  if constexpr (std::is_floating_point_v<T>) return std::isfinite(x);
  return true;
}

template <class T>
bool parseList(const std::string& field, const std::string& text, FieldValue& out, QString& error) {
  std::vector<T> values;
  std::istringstream tokens(text);
  std::string token;
  while (tokens >> token) {
    T x{};
    const std::string digits = token.front() == '+' ? token.substr(1) : token;  // from_chars takes no plus sign
    if (!parseToken(digits, x)) {
      error = QObject::tr("%1: '%2' is not %3.")
                  .arg(QString::fromStdString(field), QString::fromStdString(token),
                       std::is_floating_point_v<T> ? QObject::tr("a finite number") : QObject::tr("an integer"));
      return false;
    }
    values.push_back(x);
  }
  out = std::move(values);
  return true;
}

}  // namespace

std::string formatNumberList(const std::vector<double>& values) { return formatList(values); }
std::string formatNumberList(const std::vector<int>& values) { return formatList(values); }

bool parseNumberList(const std::string& field, const std::string& text, const FieldValue& current, FieldValue& out,
                     QString& error) {
  if (std::holds_alternative<std::vector<int>>(current)) return parseList<int>(field, text, out, error);
  return parseList<double>(field, text, out, error);
}

namespace {

// A mesh whose source file or its units and axes were edited reads the file again, resolved
// against the document's folder as the scene reader resolves it (io/mesh_source.h). Throws
// LoadError when the file cannot be read.
void reloadEditedMeshSource(const SceneDocument& document, Node& node, const std::string& field) {
  auto* mesh = dynamic_cast<MeshPrimitive*>(&node);
  if (!mesh || !isMeshSourceField(field)) return;
  const QString path = document.filePath();
  reloadMeshSource(*mesh, path.isEmpty() ? std::string() : QFileInfo(path).absolutePath().toStdString());
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
    reloadEditedMeshSource(document_, node_, field_);
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
    reloadEditedMeshSource(document, *trial, field);
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  document.undoStack().push(new SetNodeFieldCommand(document, node, field, before, value));
  return {};
}

}  // namespace flexure::app
